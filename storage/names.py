"""The form of a character's name that uniqueness is checked on: Unicode-normalised (NFKC),
case-folded, invisible characters removed, spaces collapsed. A pure function; the database
connection also offers it to SQL (`pawpost_name_key`) so a migration can recompute stored keys."""

from __future__ import annotations

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
