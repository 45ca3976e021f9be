"""Dice: the source protocol, the fair system source, a scripted source for tests, and the
dice notation players type (`3d8+5`, `d%`, `4d6 + 2d4 - 3`, `5d6 evens`)."""

from __future__ import annotations

import secrets
import string
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from rules.errors import PawpostError

if TYPE_CHECKING:
    from rules.rolls import Roll


class DiceSource(Protocol):
    """Anything that can roll one die with the given number of sides (1..sides)."""

    def roll(self, sides: int) -> int: ...


class SystemDice:
    """Fair dice from the OS random source; `secrets.randbelow` rejects, never takes a modulo."""

    def roll(self, sides: int) -> int:
        return secrets.randbelow(sides) + 1


class DiceExhausted(AssertionError):
    """A scripted source was asked for more dice than its script holds: a test bug."""


class ScriptedDice:
    """Returns the given faces in order; fails loudly when a face cannot be on the die or the
    script runs out, so a test never silently rolls what it did not script."""

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces = list(faces)
        self._next = 0

    @property
    def remaining(self) -> int:
        return len(self._faces) - self._next

    def roll(self, sides: int) -> int:
        if self._next >= len(self._faces):
            raise DiceExhausted(
                f"scripted dice ran out after {len(self._faces)} rolls (asked for a d{sides})"
            )
        face = self._faces[self._next]
        if not 1 <= face <= sides:
            raise DiceExhausted(f"scripted face {face} cannot come up on a d{sides}")
        self._next += 1
        return face


# --- Dice notation -------------------------------------------------------------------------

MAX_DICE = 100
MAX_SIDES = 1000
MAX_TERMS = 20
MAX_LENGTH = 200
MAX_CONSTANT = 10000
_QUOTE_LENGTH = 30
_DIGITS = frozenset(string.digits)  # ASCII only: str.isdigit() also accepts "²" and "٣"
_LETTERS = frozenset(string.ascii_letters)


class DiceNotationError(PawpostError):
    """A roll the player typed cannot be read. The message is one sentence,
    `"<fragment>" at position <n>: <what was expected>`, n counting from 1 in what they typed
    and the fragment cut to 30 characters."""

    def __init__(self, fragment: str, position: int, expected: str) -> None:
        if len(fragment) > _QUOTE_LENGTH:
            fragment = fragment[: _QUOTE_LENGTH - 1] + "…"
        super().__init__(f'"{fragment}" at position {position}: {expected}')
        self.position = position


@dataclass(frozen=True)
class DiceTerm:
    """`count` dice of `sides` sides, added or (when `negative`) subtracted."""

    count: int
    sides: int
    negative: bool = False

    @property
    def text(self) -> str:
        return f"{self.count}d{self.sides}"


@dataclass(frozen=True)
class Constant:
    """A whole number added to the roll; `value` carries its sign."""

    value: int


Term = DiceTerm | Constant


@dataclass(frozen=True)
class DiceExpression:
    """A parsed roll: terms added left to right, or one pool counting even faces.

    Rolling gives a `rules.rolls.Roll` whose total is the expression's value:
    - an added dice term puts its dice in `Roll.dice`;
    - a subtracted dice term (`-2d4`) is rolled too, but since `Roll` only ever adds its dice,
      it becomes one `Modifier` worth minus its faces' sum, reason `"-2d4 [3, 1]"`;
    - a constant becomes `Modifier(value=c, reason="")`; the caller names it if it has a name;
    - an `evens` pool puts its dice in and sets `counts_evens`, so the total is the even faces.
    """

    terms: tuple[Term, ...]
    counts_evens: bool = False

    @property
    def text(self) -> str:
        """Normalised notation: `1d20`, `4d6+2d4-3`, `1d100`, `5d6 evens`."""
        parts: list[str] = []
        for term in self.terms:
            if isinstance(term, DiceTerm):
                negative, body = term.negative, term.text
            else:
                negative, body = term.value < 0, str(abs(term.value))
            parts.append(("-" if negative else "+" if parts else "") + body)
        return "".join(parts) + (" evens" if self.counts_evens else "")

    @property
    def minimum(self) -> int:
        if self.counts_evens:
            return 0
        return sum(_term_bounds(term)[0] for term in self.terms)

    @property
    def maximum(self) -> int:
        if self.counts_evens:
            return sum(term.count for term in self.terms if isinstance(term, DiceTerm))
        return sum(_term_bounds(term)[1] for term in self.terms)

    def roll(self, dice: DiceSource, label: str) -> Roll:
        # rules.rolls imports this module for DiceSource, so its models are imported here.
        from rules.rolls import Die, Modifier, Roll, roll_dice

        rolled: list[Die] = []
        modifiers: list[Modifier] = []
        for term in self.terms:
            if isinstance(term, Constant):
                modifiers.append(Modifier(value=term.value, reason=""))
            elif not term.negative:
                rolled.extend(roll_dice(dice, term.count, term.sides))
            else:
                faces = [die.face for die in roll_dice(dice, term.count, term.sides)]
                modifiers.append(Modifier(value=-sum(faces), reason=f"-{term.text} {faces}"))
        return Roll(
            label=label,
            dice=tuple(rolled),
            modifiers=tuple(modifiers),
            counts_evens=self.counts_evens,
        )


def _term_bounds(term: Term) -> tuple[int, int]:
    if isinstance(term, Constant):
        return term.value, term.value
    low, high = term.count, term.count * term.sides
    return (-high, -low) if term.negative else (low, high)


@dataclass(frozen=True)
class _Token:
    kind: str  # "dice", "number", "+", "-" or "evens"
    text: str  # exactly as typed
    position: int  # 1-based


def _skip(text: str, start: int, allowed: frozenset[str]) -> int:
    end = start
    while end < len(text) and text[end] in allowed:
        end += 1
    return end


def _shown(char: str) -> str:
    return char if char.isprintable() else f"U+{ord(char):04X}"


def _tokenize(text: str) -> list[_Token]:
    tokens: list[_Token] = []
    i = 0
    while i < len(text):
        if text[i].isspace():
            i += 1
            continue
        start = i
        if text[i] in "+-":
            tokens.append(_Token(text[i], text[i], start + 1))
            i += 1
            continue
        i = _skip(text, i, _DIGITS)
        word_end = _skip(text, i, _LETTERS)
        word = text[i:word_end].lower()
        if word == "d":
            if text[word_end : word_end + 1] == "%":
                sides_end = word_end + 1
            else:
                sides_end = _skip(text, word_end, _DIGITS)
            if sides_end == word_end:
                raise DiceNotationError(
                    text[start:word_end], word_end, "expected the number of sides"
                )
            tokens.append(_Token("dice", text[start:sides_end], start + 1))
            i = sides_end
            continue
        if i > start:
            tokens.append(_Token("number", text[start:i], start + 1))
        if word == "evens":
            tokens.append(_Token("evens", text[i:word_end], i + 1))
            i = word_end
        elif word:
            raise DiceNotationError(
                text[i:word_end], i + 1, "expected dice like 2d6, a number, + or -"
            )
        elif i == start:
            raise DiceNotationError(
                _shown(text[i]), i + 1, "expected dice like 2d6, a number, + or -"
            )
    return tokens


def _term(token: _Token, negative: bool, dice_so_far: int) -> Term:
    if token.kind == "number":
        value = int(token.text)
        if value > MAX_CONSTANT:
            raise DiceNotationError(
                token.text, token.position, f"expected a number no bigger than {MAX_CONSTANT}"
            )
        return Constant(-value if negative else value)
    count_text, _, sides_text = token.text.lower().partition("d")
    count = int(count_text) if count_text else 1
    sides = 100 if sides_text == "%" else int(sides_text)
    if count < 1:
        raise DiceNotationError(token.text, token.position, "expected at least 1 die")
    if sides < 2:
        raise DiceNotationError(token.text, token.position, "expected at least 2 sides")
    if sides > MAX_SIDES:
        raise DiceNotationError(
            token.text, token.position, f"expected at most {MAX_SIDES} sides per die"
        )
    if dice_so_far + count > MAX_DICE:
        raise DiceNotationError(
            token.text, token.position, f"expected at most {MAX_DICE} dice per roll"
        )
    return DiceTerm(count, sides, negative)


def parse_expression(text: str) -> DiceExpression:
    """Read dice notation: dice (`3d8`, `d20`, `d%`) and whole numbers joined by + and -,
    or exactly one pool of dice followed by `evens`. Raises DiceNotationError."""
    if len(text) > MAX_LENGTH:
        raise DiceNotationError(
            text[MAX_LENGTH:], MAX_LENGTH + 1, f"expected at most {MAX_LENGTH} characters"
        )
    terms: list[Term] = []
    dice_count = 0
    sign: _Token | None = None  # the + or - waiting for its term
    evens: _Token | None = None
    for token in _tokenize(text):
        if evens is not None:
            raise DiceNotationError(token.text, token.position, "expected nothing after evens")
        if sign is not None or not terms:  # expecting a term
            if token.kind in ("+", "-") and sign is None:
                sign = token  # a leading sign
                continue
            if token.kind not in ("dice", "number"):
                raise DiceNotationError(token.text, token.position, "expected dice or a number")
            if len(terms) == MAX_TERMS:
                raise DiceNotationError(
                    token.text, token.position, f"expected at most {MAX_TERMS} terms per roll"
                )
            term = _term(token, sign is not None and sign.kind == "-", dice_count)
            dice_count += term.count if isinstance(term, DiceTerm) else 0
            terms.append(term)
            sign = None
        elif token.kind in ("+", "-"):
            sign = token
        elif token.kind == "evens":
            if len(terms) != 1 or not isinstance(terms[0], DiceTerm) or terms[0].negative:
                raise DiceNotationError(
                    token.text, token.position, "expected a single pool like 5d6 before evens"
                )
            evens = token
        else:
            raise DiceNotationError(token.text, token.position, "expected + or -")
    if sign is not None:
        raise DiceNotationError(sign.text, sign.position, "expected dice or a number after it")
    if not terms:
        raise DiceNotationError("", 1, "expected dice to roll, like 2d6+3")
    return DiceExpression(tuple(terms), counts_evens=evens is not None)
