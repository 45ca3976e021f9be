"""A character's card as a PNG, drawn with Pillow: the avatar (or a placeholder), the name, the
group, the stats as bars or pips, the health, conditions and scars. Sized for Discord's preview
(its text stays readable at half size). Text goes through `card_text`'s chain of fonts, so any
script and emoji a name holds is drawn; a long name shrinks, then wraps onto two lines."""

from __future__ import annotations

import io
import textwrap

from PIL import Image, ImageDraw, ImageFont

from bot.actions.card_text import chain, clusters, draw_line, face, fit, font_of
from bot.actions.reply import Card, Meter

WIDTH = 800
MIN_HEIGHT = 420
MARGIN = 36
AVATAR_SIZE = 168
STRIP = 12  # the colour strip on the left
ROW = 38  # one stat's height
BAR_WIDTH = 300
BAR_HEIGHT = 18
PIP = 18
POOL = 60  # one pool's height under the avatar (Health, Vitae)
BACKGROUND = (43, 45, 49)
TEXT = (242, 243, 245)
MUTED = (181, 186, 193)
EMPTY = (78, 80, 88)
HEALTH = (59, 165, 92)
COPPER = 0xB87333
WRAP = 58  # characters a line of conditions holds


NAME_SIZE, NAME_SMALLEST = 44, 26  # the name shrinks to fit, then wraps at the smallest
NAME_LINES = 2
# An avatar bigger than this (width × height) is not decoded: a decompression bomb's few
# kilobytes can claim gigabytes once decoded.
MAX_AVATAR_PIXELS = 4096 * 4096


def font(size: int) -> ImageFont.FreeTypeFont:
    """The chain's first font (Noto Sans) at a size, for text that is the bot's own words."""
    return face(chain()[0], size)


def rgb(colour: int) -> tuple[int, int, int]:
    return (colour >> 16) & 0xFF, (colour >> 8) & 0xFF, colour & 0xFF


def _avatar(picture: bytes | None, accent: tuple[int, int, int], name: str) -> Image.Image:
    """The avatar cropped to a square, or a placeholder: the accent with the name's initial."""
    if picture is not None:
        try:
            with Image.open(io.BytesIO(picture)) as opened:
                if opened.width * opened.height > MAX_AVATAR_PIXELS:
                    raise ValueError("too many pixels to decode")
                opened.draft("RGB", (AVATAR_SIZE * 2, AVATAR_SIZE * 2))
                image = opened.convert("RGB")
            side = min(image.size)
            left, top = (image.width - side) // 2, (image.height - side) // 2
            image = image.crop((left, top, left + side, top + side))
            return image.resize((AVATAR_SIZE, AVATAR_SIZE), Image.Resampling.LANCZOS)
        except (OSError, ValueError, Image.DecompressionBombError):
            pass  # not an image Pillow can read: the placeholder
    image = Image.new("RGB", (AVATAR_SIZE, AVATAR_SIZE), accent)
    draw = ImageDraw.Draw(image)
    initial = next(clusters(name.strip()), "?").upper()
    draw.text(
        (AVATAR_SIZE / 2, AVATAR_SIZE / 2),
        initial,
        fill=TEXT,
        font=font_of(initial, 96),
        anchor="mm",
    )
    return image


def _meter(
    draw: ImageDraw.ImageDraw, meter: Meter, x: int, y: int, fill: tuple[int, int, int]
) -> None:
    shown = f"{meter.value:+d}" if meter.least < 0 and meter.value else str(meter.value)
    draw_line(draw, (x, y), f"{meter.label} {shown}", 22, TEXT)
    left = x + 190
    span = max(meter.most - meter.least, 1)
    reached = max(0, min(meter.value, meter.most) - meter.least)
    if meter.pips:
        for number in range(span):
            box = (left + number * (PIP + 8), y + 4, left + number * (PIP + 8) + PIP, y + 4 + PIP)
            draw.ellipse(box, fill=fill if number < reached else EMPTY)
        return
    draw.rounded_rectangle((left, y + 4, left + BAR_WIDTH, y + 4 + BAR_HEIGHT), 6, fill=EMPTY)
    share = reached / span
    if share > 0:
        right = left + max(int(BAR_WIDTH * share), BAR_HEIGHT)
        draw.rounded_rectangle((left, y + 4, right, y + 4 + BAR_HEIGHT), 6, fill=fill)


def _pool(draw: ImageDraw.ImageDraw, pool: Meter, y: int, fill: tuple[int, int, int]) -> None:
    """Health (or a second pool) under the avatar: its name, now/most, and a bar."""
    left, right = STRIP + MARGIN, STRIP + MARGIN + AVATAR_SIZE
    draw_line(draw, (left, y), pool.label, 20, MUTED)
    draw.text((right, y), f"{pool.value}/{pool.most}", fill=TEXT, font=font(20), anchor="ra")
    bar_y = y + 30
    draw.rounded_rectangle((left, bar_y, right, bar_y + 14), 5, fill=EMPTY)
    share = max(0, min(pool.value, pool.most)) / max(pool.most, 1)
    if share > 0:
        filled = left + max(int(AVATAR_SIZE * share), 14)
        draw.rounded_rectangle((left, bar_y, filled, bar_y + 14), 5, fill=fill)


def draw_card(card: Card, picture: bytes | None = None) -> bytes:
    """The card as PNG bytes; `picture` is the fetched avatar (None: the placeholder)."""
    accent = rgb(card.colour if card.colour is not None else COPPER)
    notes = [f"Conditions: {', '.join(card.conditions) or 'none'}"]
    if card.scars is not None:
        notes.append(f"Scars: {card.scars}")
    note_lines = [line for note in notes for line in textwrap.wrap(note, WRAP)]
    text_x = STRIP + MARGIN + AVATAR_SIZE + MARGIN
    name_size, name_lines = fit(card.name, WIDTH - MARGIN - text_x, NAME_SIZE, NAME_SMALLEST)
    top = MARGIN + int(name_size * 1.3) * (len(name_lines) - 1)  # a wrapped name's 2nd line
    stats_bottom = top + 120 + ROW * len(card.stats)
    pools = [
        (pool, colour)
        for pool, colour in ((card.health, HEALTH), (card.reserve, accent))
        if pool is not None
    ]
    notes_y = max(stats_bottom, MARGIN + AVATAR_SIZE + 10 + POOL * max(len(pools), 1)) + 10
    height = max(MIN_HEIGHT, notes_y + 10 + 30 * len(note_lines) + MARGIN)
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, STRIP - 1, height), fill=accent)

    image.paste(_avatar(picture, accent, card.name), (STRIP + MARGIN, MARGIN))
    for number, line in enumerate(name_lines):
        draw_line(
            draw, (text_x, MARGIN - 12 + int(name_size * 1.3) * number), line, name_size, TEXT
        )
    under = " · ".join(part for part in (card.group, card.subtitle) if part)
    if under:  # smaller, down to 16, when a long party or class name would leave the card
        size, [shown] = fit(under, WIDTH - MARGIN - text_x, 24, 16, lines=1)
        draw_line(draw, (text_x, top + 44), shown, size, MUTED)
    for number, stat in enumerate(card.stats):
        _meter(draw, stat, text_x, top + 100 + ROW * number, accent)
    for number, (pool, colour) in enumerate(pools):
        _pool(draw, pool, MARGIN + AVATAR_SIZE + 16 + POOL * number, colour)
    for number, line in enumerate(note_lines):
        draw_line(draw, (STRIP + MARGIN, notes_y + 30 * number), line, 22, MUTED)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False, compress_level=1)  # fast: a card is sent once
    return out.getvalue()
