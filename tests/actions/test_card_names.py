"""Cards draw any name Discord shows (issue 30): CJK, emoji and combining marks through a chain
of fonts, and a long name shrinks, then wraps, inside the card. Checked on the pixels."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageDraw

from bot.actions.card_drawing import AVATAR_SIZE, BACKGROUND, MARGIN, STRIP, WIDTH, draw_card
from bot.actions.card_text import chain, clusters, coverage, draw_line, face, fit, runs
from bot.actions.reply import Card

TEXT_X = STRIP + MARGIN + AVATAR_SIZE + MARGIN
NAME_BOX = (TEXT_X, MARGIN - 12, WIDTH - MARGIN, MARGIN + 100)
LONG = "Wanderer of the Silver Moonlight"  # 32 characters
NAMES = ("火の猫 히로", "Rook 🐈‍⬛", "Zoe\u0308 Ña\u0303", LONG)


def _image(name: str) -> Image.Image:
    return Image.open(io.BytesIO(draw_card(Card(name=name, group="ThunderClan")))).convert("RGB")


def _lit(image: Image.Image, box: tuple[int, int, int, int]) -> int:
    """Pixels of the box brighter than the background (text)."""
    crop = image.crop(box).convert("L")
    return sum(1 for value in crop.tobytes() if value > 150)


@pytest.mark.parametrize("name", NAMES)
def test_a_name_is_drawn_inside_its_box_with_a_glyph_for_every_character(name: str) -> None:
    assert len(LONG) == 32
    for number, part in runs(name):  # no character falls to a font without it (no tofu)
        needed = {ord(c) for c in part if c not in "\u200d\ufe0f"}
        assert needed <= coverage(chain()[number]), (name, part)
    image = _image(name)
    assert _lit(image, NAME_BOX) > 150
    # nothing of the name past the card's right margin
    right = image.crop((WIDTH - MARGIN + 4, MARGIN - 12, WIDTH, MARGIN + 100))
    assert set(right.getchannel(0).tobytes()) == {BACKGROUND[0]} and set(
        right.getchannel(1).tobytes()
    ) == {BACKGROUND[1]}


def test_cjk_and_emoji_are_drawn_by_their_own_fonts() -> None:
    fonts = {chain()[n].path.rsplit("/", 1)[-1] for n, _ in runs("火の猫 🐈‍⬛")}
    assert "NotoSansCJK-VF.otf.ttc" in fonts and "NotoEmoji[wght].ttf" in fonts
    assert list(clusters("🐈‍⬛a\u0308")) == ["🐈‍⬛", "a\u0308"]
    # the chain draws the cat, not the box Noto Sans alone would draw for it
    chained = Image.new("L", (120, 80))
    draw_line(ImageDraw.Draw(chained), (0, 0), "猫", 44, 255)  # type: ignore[arg-type]
    alone = Image.new("L", (120, 80))
    ImageDraw.Draw(alone).text((0, 0), "猫", font=face(chain()[0], 44), fill=255)
    assert chained.tobytes() != alone.tobytes()


def test_a_long_name_shrinks_then_wraps() -> None:
    room = WIDTH - MARGIN - TEXT_X
    size, lines = fit(LONG, room, 44, 26)
    assert (size < 44 and lines == [LONG]) or len(lines) == 2
    size, lines = fit("Bramblestar " * 9, room, 44, 26)
    assert size == 26 and len(lines) == 2 and lines[-1].endswith("…")


async def test_a_taking_risks_card_shows_its_magic_points_and_reputations(services) -> None:
    from bot.actions import card
    from tests.actions.cat import helpers as cat_helpers
    from tests.conftest import ALICE, actor

    await cat_helpers.cat_server(services)
    await cat_helpers.make(services, ALICE, **cat_helpers.FIREPAW)
    drawn = (await card.card(services, actor(ALICE))).card
    assert drawn is not None and drawn.reserve is not None
    assert drawn.reserve.label == "Magic Points" and drawn.reserve.value == drawn.reserve.most
    assert drawn.group == "Brave 3, Clever 2, Sly 2"


def test_each_rulesets_card_is_pictured_in_the_docs() -> None:
    from pathlib import Path

    docs = Path(__file__).resolve().parents[2] / "docs"
    for ruleset in ("germ", "wcagr", "cat", "caverns"):
        with Image.open(docs / f"card-{ruleset}.png") as picture:
            assert picture.width == WIDTH, ruleset
