"""The form of a character's name that uniqueness is checked on: Unicode-normalised (NFKC),
case-folded, invisible characters removed, spaces collapsed. A pure function; the database
connection also offers it to SQL (`pawpost_name_key`) so a migration can recompute stored keys.

Beside it, the form two names that look alike share (`look_alike_key`): a Cyrillic А, a Greek Α
or a Cherokee Ꭺ read as the Latin A they look like, after Unicode's table of confusable
characters (UTS #39), as the `confusable_homoglyphs` package keeps it."""

from __future__ import annotations

import functools
import unicodedata

# Characters that draw nothing, beyond Unicode's format characters (category Cf: zero-width
# space and joiners, bidi marks, the soft hyphen, the byte-order mark, ...).
INVISIBLE = frozenset(
    "\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180e\u2800\u3164\uffa0"
    + "".join(chr(code) for code in range(0xFE00, 0xFE10))  # variation selectors
) | frozenset(chr(code) for code in range(0xE0100, 0xE01F0))


# Bidi embeddings, overrides and isolates: they reorder the text around them wherever it is
# shown (the marks LRM, RLM and ALM only steer neutral characters).
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def is_invisible(character: str) -> bool:
    return character in INVISIBLE or unicodedata.category(character) == "Cf"


def name_key(name: str) -> str:
    """Two names are one name when their keys are equal: `Firepaw`, `Fire\u200bpaw` and
    `ＦＩＲＥＰＡＷ` all have the key `firepaw`. A lone surrogate (never a stored name's) is
    dropped, so looking one up finds nothing rather than failing."""
    if name.isascii():  # most names: nothing to normalise and nothing invisible
        return " ".join(name.casefold().split())
    text = unicodedata.normalize("NFKC", name)
    text = "".join(
        character
        for character in text
        if not is_invisible(character) and unicodedata.category(character) != "Cs"
    )
    return " ".join(unicodedata.normalize("NFKC", text.casefold()).split())


# What the characters of plain ASCII look like in Latin letters, as `_latin_look_alike` finds
# them in Unicode's table (a test checks the two agree): digits and signs that are taken for
# letters. Names of plain ASCII are most names, and need not load the table.
_ASCII_LOOK_ALIKES = str.maketrans(
    {
        "0": "O",
        "1": "l",
        "2": "\ua75a",
        "3": "\ua7ab",
        "5": "\u01bc",
        "8": "\u0223",
        "9": "\ua76e",
        "!": "\u01c3",
        "%": "\u00ba/\u2080",
        "&": "\ua778",
        "'": "\ua78c",
        "?": "\u0294",
        "|": "l",
    }
)
_LATIN_OR_COMMON = frozenset({"LATIN", "COMMON"})


def look_alike_key(name: str) -> str:
    """Two names look alike when their keys are equal: `Ashfur`, `ASHFUR`, `Ash\u200bfur`,
    `Аshfur` (a Cyrillic А) and `Αshfur` (a Greek Alpha) share one key, and so do `R0wan` and
    `Rowan`. Letters of one script that resemble each other (`rn` and `m`, `I` and `l`) are
    left to the eye."""
    text = _visible(name)
    if text.isascii():
        return " ".join(text.translate(_ASCII_LOOK_ALIKES).casefold().split())
    latin = "".join(_latin_look_alike(c) for c in unicodedata.normalize("NFD", text))
    return " ".join(unicodedata.normalize("NFD", latin.casefold()).split())


def look_alike_letter(name: str) -> tuple[str, str] | None:
    """The first character of the name that stands for a Latin one it only looks like, with
    its script as Unicode names it ("CYRILLIC", "GREEK", "COMMON" for digits and signs)."""
    for character in unicodedata.normalize("NFD", _visible(name)):
        if _latin_look_alike(character) != character:
            from confusable_homoglyphs import categories

            return character, str(categories.alias(character))
    return None


def _visible(name: str) -> str:
    """The name in NFKC without what draws nothing (nor a lone surrogate)."""
    if name.isascii():
        return name
    text = unicodedata.normalize("NFKC", name)
    return "".join(
        character
        for character in text
        if not is_invisible(character) and unicodedata.category(character) != "Cs"
    )


@functools.lru_cache(maxsize=4096)
def _latin_look_alike(character: str) -> str:
    """The Latin letter (or letters) a character of another script, a digit or a sign looks
    like, after Unicode's confusables; the character itself when it looks like none."""
    if "a" <= character <= "z" or "A" <= character <= "Z" or character == " ":
        return character
    from confusable_homoglyphs import categories, confusables

    found = confusables.is_confusable(character, preferred_aliases=["latin"])
    if not found:
        return character
    for homoglyph in found[0]["homoglyphs"]:
        glyphs = str(homoglyph["c"]).replace("\u200e", "")  # the package's left-to-right marks
        scripts = {categories.alias(glyph) for glyph in glyphs}
        if glyphs and "LATIN" in scripts and scripts <= _LATIN_OR_COMMON:
            return glyphs
    return character
