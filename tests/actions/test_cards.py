"""`/character card`: each ruleset's layout drawn as a PNG of the right size, with the avatar or
its placeholder, the colour, and bars and pips where the sheet says."""

from __future__ import annotations

import io
import time

import pytest
from PIL import Image

from bot.actions import card, profiles
from bot.actions.card_drawing import (
    AVATAR_SIZE,
    BAR_WIDTH,
    COPPER,
    EMPTY,
    MARGIN,
    MIN_HEIGHT,
    STRIP,
    WIDTH,
    draw_card,
    rgb,
)
from bot.actions.germ import cats as germ_cats
from bot.actions.reply import Card
from rules.errors import PawpostError
from tests.actions.cat import helpers as cat_helpers
from tests.actions.wcagr import helpers as wcagr_helpers
from tests.conftest import ALICE, BOB, FIREPAW, actor

AVATAR_SPOT = (STRIP + MARGIN + AVATAR_SIZE // 4, MARGIN + AVATAR_SIZE // 4)
TEXT_X = STRIP + MARGIN + AVATAR_SIZE + MARGIN
BAR_LEFT = TEXT_X + 190
FIRST_ROW_Y = MARGIN + 100 + 4 + 9  # the middle of the first stat's bar


def _image(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image.convert("RGB")


def _red_square() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (300, 200), (200, 10, 10)).save(out, format="PNG")
    return out.getvalue()


async def test_a_germ_card_has_its_stats_as_bars_and_the_placeholder(services) -> None:
    await germ_cats.create(services, actor(ALICE), **FIREPAW)
    reply = await card.card(services, actor(BOB), "Firepaw")
    drawn = reply.card
    assert isinstance(drawn, Card) and drawn.name == "Firepaw"
    assert [(m.label, m.value, m.most) for m in drawn.stats][:2] == [
        ("Strength", 4, 8),
        ("Agility", 4, 8),
    ]
    image = _image(draw_card(drawn))
    assert image.width == WIDTH and MIN_HEIGHT <= image.height <= 600  # six stats, two notes
    copper = rgb(COPPER)
    assert image.getpixel((2, 2)) == copper  # the colour strip
    assert image.getpixel(AVATAR_SPOT) == copper  # no avatar: the placeholder
    # Strength 4 of 8: the bar is filled to its middle, empty after it
    assert image.getpixel((BAR_LEFT + BAR_WIDTH // 4, FIRST_ROW_Y)) == copper
    assert image.getpixel((BAR_LEFT + BAR_WIDTH * 3 // 4, FIRST_ROW_Y)) == EMPTY


async def test_the_profile_colours_the_card_and_a_fetched_avatar_is_drawn(services) -> None:
    await germ_cats.create(services, actor(ALICE), **FIREPAW)
    await profiles.set_profile(
        services, actor(ALICE), avatar_url="https://images.example/f.png", colour="#3498db"
    )
    reply = await card.card(services, actor(ALICE))
    assert reply.card is not None and reply.card.avatar_url == "https://images.example/f.png"
    image = _image(draw_card(reply.card, _red_square()))
    assert image.getpixel((2, 2)) == rgb(0x3498DB)
    red, green, blue = image.getpixel(AVATAR_SPOT)  # type: ignore[misc]
    assert red > 150 and green < 60 and blue < 60
    # bytes that are no image: the placeholder
    assert _image(draw_card(reply.card, b"not a png")).getpixel(AVATAR_SPOT) == rgb(0x3498DB)


async def test_a_taking_risks_card_has_pips_and_lives(services) -> None:
    await cat_helpers.cat_server(services)
    await cat_helpers.make(services, ALICE, **cat_helpers.FIREPAW)
    reply = await card.card(services, actor(ALICE))
    assert reply.card is not None and reply.card.health is not None
    assert (reply.card.health.label, reply.card.health.value) == ("Lives", 9)
    assert all(meter.pips for meter in reply.card.stats)
    image = _image(draw_card(reply.card))
    assert image.width == WIDTH and image.height >= MIN_HEIGHT


async def test_a_wcagr_card_has_abilities_hp_and_the_clan(services) -> None:
    await wcagr_helpers.wcagr_server(services)
    await wcagr_helpers.make(services, ALICE)
    reply = await card.card(services, actor(ALICE))
    assert reply.card is not None and reply.card.group == "ThunderClan"
    assert [m.label for m in reply.card.stats] == ["Strength", "Intelligence", "Spirit"]
    assert reply.card.health is not None and reply.card.health.label == "HP"
    assert _image(draw_card(reply.card)).width == WIDTH


async def test_no_character_is_one_sentence(services) -> None:
    with pytest.raises(PawpostError, match="^There is no character named Nobody"):
        await card.card(services, actor(ALICE), "Nobody")


def test_a_card_draws_in_under_100_ms() -> None:
    full = Card(
        name="Firepaw",
        group="ThunderClan",
        subtitle="12 moons",
        stats=[{"label": f"Stat {n}", "value": n, "most": 8} for n in range(6)],  # type: ignore[misc]
        conditions=["blind", "limp", "starving"],
        scars="3",
    )
    draw_card(full, _red_square())  # fonts load once
    fastest = min(_timed(lambda: draw_card(full, _red_square())) for _ in range(3))
    assert fastest < 0.1, f"{fastest * 1000:.0f} ms"


def _timed(work) -> float:  # type: ignore[no-untyped-def]
    started = time.perf_counter()
    work()
    return time.perf_counter() - started
