"""Text on a card in any script Discord shows: a chain of Noto fonts (from the `manimgx-fonts`
and `manimgx-fonts-cjk` packages on PyPI, so a fresh machine has them), each cluster of a
character and its combining marks (or an emoji sequence) drawn in the first font that has all
its characters, and a name that shrinks, then wraps, to fit its box."""

from __future__ import annotations

import contextlib
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources

from fontTools.ttLib import TTCollection, TTFont
from PIL import ImageDraw, ImageFont

Colour = tuple[int, int, int]
CJK_INDEX = 0  # Noto Sans CJK JP in the collection: Han, kana and Hangul all in one face
WEIGHT = b"Regular"
# Characters that join the cluster before them: joiners, variation selectors, skin tones, tags.
ZWJ = "\u200d"
_JOINING = {ZWJ, "\ufe0e", "\ufe0f"}


@dataclass(frozen=True)
class FontFile:
    path: str
    index: int = 0


def _files() -> tuple[FontFile, ...]:
    """The chain, in the order a character is looked for: Latin, Greek and Cyrillic with their
    marks; symbols; emoji; Chinese, Japanese and Korean; the other scripts."""
    noto = resources.files("manimgx_fonts")
    cjk = resources.files("manimgx_fonts_cjk")
    first = ("NotoSans[wght].ttf", "NotoSansSymbols[wght].ttf", "NotoEmoji[wght].ttf")
    chain = [FontFile(str(noto / name)) for name in first]
    chain.append(FontFile(str(cjk / "NotoSansCJK-VF.otf.ttc"), CJK_INDEX))
    others = sorted(
        entry.name
        for entry in noto.iterdir()
        if entry.name.startswith("NotoSans")
        and entry.name.endswith(".ttf")
        and entry.name not in first
        and "Italic" not in entry.name
    )
    chain += [FontFile(str(noto / name)) for name in others]
    return tuple(chain)


@cache
def chain() -> tuple[FontFile, ...]:
    return _files()


@cache
def coverage(file: FontFile) -> frozenset[int]:
    """The code points a font file has glyphs for."""
    if file.path.endswith(".ttc"):
        font = TTCollection(file.path, lazy=True).fonts[file.index]
    else:
        font = TTFont(file.path, lazy=True)
    cmap = font.getBestCmap() or {}
    return frozenset(cmap)


@lru_cache(maxsize=64)
def face(file: FontFile, size: int) -> ImageFont.FreeTypeFont:
    """A font of the chain at a size, at its regular weight (they are variable fonts)."""
    loaded = ImageFont.truetype(file.path, size, index=file.index)
    with contextlib.suppress(OSError, ValueError):  # no such named weight: its default
        loaded.set_variation_by_name(WEIGHT)
    return loaded


def clusters(text: str) -> Iterator[str]:
    """A character with the marks, joiners and modifiers that belong to it."""
    current = ""
    for character in text:
        joins = (
            unicodedata.category(character) in ("Mn", "Mc", "Me")
            or character in _JOINING
            or 0x1F3FB <= ord(character) <= 0x1F3FF  # skin tones
            or 0xE0020 <= ord(character) <= 0xE007F  # tag sequences (flags of regions)
            or current.endswith(ZWJ)
        )
        if current and not joins:
            yield current
            current = ""
        current += character
    if current:
        yield current


@lru_cache(maxsize=4096)
def _font_for(cluster: str) -> int:
    """The first font of the chain with every character of the cluster (joiners aside)."""
    needed = {ord(c) for c in cluster if c not in _JOINING}
    for number, file in enumerate(chain()):
        if needed <= coverage(file):
            return number
    base = ord(cluster[0])
    return next((n for n, file in enumerate(chain()) if base in coverage(file)), 0)


@lru_cache(maxsize=1024)
def runs(text: str) -> tuple[tuple[int, str], ...]:
    """The text cut where the font changes: (the font's place in the chain, the text)."""
    found: list[tuple[int, str]] = []
    for cluster in clusters(text):
        number = _font_for(cluster)
        if found and found[-1][0] == number:
            found[-1] = (number, found[-1][1] + cluster)
        else:
            found.append((number, cluster))
    return tuple(found)


@lru_cache(maxsize=4096)
def width(text: str, size: int) -> float:
    return sum(face(chain()[n], size).getlength(part) for n, part in runs(text))


@lru_cache(maxsize=64)
def _ascent(size: int) -> int:
    return face(chain()[0], size).getmetrics()[0]


def draw_line(
    draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, fill: Colour
) -> None:
    """Draw one line with its top at `xy`, the fonts sharing the first one's baseline."""
    x, top = xy
    baseline = top + _ascent(size)
    parts = runs(text)
    for place, (number, part) in enumerate(parts):
        font = face(chain()[number], size)
        draw.text((x, baseline), part, font=font, fill=fill, anchor="ls")
        if place + 1 < len(parts):
            x += font.getlength(part)


def font_of(text: str, size: int) -> ImageFont.FreeTypeFont:
    """The font of the chain that draws the first cluster of `text` (a placeholder's initial)."""
    first = next(clusters(text), " ")
    return face(chain()[_font_for(first)], size)


_WORDS = re.compile(r"\S+\s*")


def fit(
    text: str, room: float, largest: int, smallest: int, lines: int = 2
) -> tuple[int, list[str]]:
    """The size and lines a text takes in a box `room` wide: the largest size it fits on one
    line, else wrapped (between words where it can) on up to `lines` lines at the smallest
    size, the last cut with "…"."""
    for size in range(largest, smallest - 1, -2):
        if width(text, size) <= room:
            return size, [text]
    pieces: list[str] = []
    for word in _WORDS.findall(text) or [text]:
        if width(word, smallest) <= room:
            pieces.append(word)
        else:  # a word wider than the box (a name without spaces, CJK): by clusters
            pieces.extend(clusters(word))
    wrapped: list[str] = []
    while pieces and len(wrapped) < lines:
        line = pieces.pop(0)
        while pieces and width(line + pieces[0], smallest) <= room:
            line += pieces.pop(0)
        wrapped.append(line)
    if pieces:
        last = list(clusters(wrapped[-1].rstrip()))
        while last and width("".join(last) + "…", smallest) > room:
            last.pop()
        wrapped[-1] = "".join(last) + "…"
    return smallest, [line.strip() for line in wrapped]
