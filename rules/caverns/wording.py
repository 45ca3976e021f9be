"""Small helpers that put lists into the one clear sentence a refusal or a summary needs."""

from __future__ import annotations

from collections.abc import Sequence


def joined(names: Sequence[str], conjunction: str = "and") -> str:
    """ "Wind", "Wind and Fire", "Wind, Water and Fire" (or "or")."""
    if not names:
        return "nothing"
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + f" {conjunction} " + names[-1]


def is_are(names: Sequence[str]) -> str:
    return "is" if len(names) == 1 else "are"


def signed(value: int) -> str:
    """A bonus as the book writes it: "+2", "+0", "-1"."""
    return f"{value:+d}"


def a_or_an(word: str, *, capital: bool = False) -> str:
    """ "a Warrior", "an Elementalist" ("A Warrior" with `capital`)."""
    text = f"an {word}" if word[0].lower() in "aeiou" else f"a {word}"
    return text[0].upper() + text[1:] if capital else text


def counted(number: int, one: str, many: str | None = None) -> str:
    """ "1 torch", "3 torches", "0 rations"."""
    return f"{number} {one if number == 1 else (many or one + 's')}"
