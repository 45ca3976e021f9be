"""`/character card`: each ruleset's layout drawn as a PNG of the right size, with the avatar or
its placeholder, the colour, and bars and pips where the sheet says."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.actions import card, profiles
from bot.actions.card_drawing import (
    AVATAR_SIZE,
    BACKGROUND,
    BAR_WIDTH,
    COPPER,
    EMPTY,
    HEALTH,
    MARGIN,
    MIN_HEIGHT,
    POOL,
    ROW,
    STRIP,
    WIDTH,
    draw_card,
    rgb,
)
from bot.actions.germ import cats as germ_cats
from bot.actions.reply import Card
from rules.caverns.conditions import ActiveCondition, Condition
from rules.errors import PawpostError
from storage.caverns import caverns
from tests.actions.cat import helpers as cat_helpers
from tests.actions.caverns import helpers as caverns_helpers
from tests.actions.wcagr import helpers as wcagr_helpers
from tests.conftest import ALICE, BOB, FIREPAW, GUILD, actor

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


async def test_a_caverns_card_has_signed_attributes_health_vitae_and_the_party(services) -> None:
    await caverns_helpers.party_of_three(services)
    fatigue = ActiveCondition(condition=Condition.FATIGUE)
    await caverns_helpers.set_sheet(
        services, "Brunhild", wind=-2, health=4, vitae=1, conditions=(fatigue,)
    )
    reply = await card.card(services, actor(BOB), "Brunhild")
    drawn = reply.card
    assert drawn is not None and drawn.health is not None and drawn.reserve is not None
    assert (drawn.group, drawn.subtitle) == ("Party of 3", "Human Warrior, level 1")
    assert [(m.label, m.value, m.least, m.most) for m in drawn.stats] == [
        ("Wind", -2, -3, 3),
        ("Water", 2, -3, 3),
        ("Wood", 2, -3, 3),
        ("Fire", 0, -3, 3),
        ("Metal", 0, -3, 3),
        ("Harmony", 3, -3, 3),
    ]
    assert (drawn.health.value, drawn.health.most) == (4, 7)
    assert (drawn.reserve.label, drawn.reserve.value, drawn.reserve.most) == ("Vitae", 1, 3)
    assert drawn.conditions == [Condition.FATIGUE.label]

    image = _image(draw_card(drawn))
    # six attributes and one line of conditions
    assert image.size == (WIDTH, MARGIN + 120 + ROW * 6 + 20 + 30 + MARGIN)
    copper = rgb(COPPER)
    row = [FIRST_ROW_Y + ROW * number for number in range(6)]
    # a bar runs from -3 to +3: Wind -2 fills a sixth, Fire 0 half, Harmony +3 all of it
    assert image.getpixel((BAR_LEFT + BAR_WIDTH // 12, row[0])) == copper
    assert image.getpixel((BAR_LEFT + BAR_WIDTH // 3, row[0])) == EMPTY
    assert image.getpixel((BAR_LEFT + BAR_WIDTH // 2 - 10, row[3])) == copper
    assert image.getpixel((BAR_LEFT + BAR_WIDTH // 2 + 10, row[3])) == EMPTY
    assert image.getpixel((BAR_LEFT + BAR_WIDTH - 10, row[5])) == copper
    # Health 4/7 in green, then Vitae 1/3 in the accent, under the avatar
    left, health_y = STRIP + MARGIN, MARGIN + AVATAR_SIZE + 16 + 30 + 7
    assert image.getpixel((left + AVATAR_SIZE // 4, health_y)) == HEALTH
    assert image.getpixel((left + AVATAR_SIZE - 20, health_y)) == EMPTY
    assert image.getpixel((left + AVATAR_SIZE // 6, health_y + POOL)) == copper
    assert image.getpixel((left + AVATAR_SIZE // 2, health_y + POOL)) == EMPTY


async def test_a_caverns_card_names_an_admins_party(services) -> None:
    await caverns_helpers.party_of_three(services)
    brunhild = await caverns_helpers.character(services, "Brunhild")

    def pin(tx):  # type: ignore[no-untyped-def]
        party = caverns(tx).parties.named(GUILD, "The Lantern Guard", services.clock.now)
        caverns(tx).parties.join(GUILD, brunhild.id, party.id, pinned=True)

    await services.db.transact(pin)
    reply = await card.card(services, actor(ALICE))
    assert reply.card is not None and reply.card.group == "The Lantern Guard"


def test_a_long_party_and_class_line_shrinks_to_stay_on_the_card() -> None:
    long = Card(
        name="Ilsa",
        group="The Lantern Guard of the Deep",
        subtitle="Krokani Elementalist, level 10",
    )
    image = _image(draw_card(long))
    line = [
        image.getpixel((x, y))
        for x in range(WIDTH - MARGIN, WIDTH)
        for y in range(MARGIN + 48, MARGIN + 76)
    ]
    assert set(line) == {BACKGROUND}


async def test_no_character_is_one_sentence(services) -> None:
    with pytest.raises(PawpostError, match="^There is no character named Nobody"):
        await card.card(services, actor(ALICE), "Nobody")
