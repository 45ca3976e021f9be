"""Dice: the source protocol, the fair system source, a scripted source for tests, and the limits
of what one roll may ask for. The notation players type is read in `rules/notation.py`."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Protocol


class DiceSource(Protocol):
    """Anything that can roll one die with the given number of sides (1..sides)."""

    def roll(self, sides: int) -> int: ...


@dataclass(frozen=True)
class DiceWord:
    """A word after dice that counts the kept dice it names instead of adding them up (a
    ruleset's own, such as Taking Risks' `evens`)."""

    name: str
    counts: Callable[[int], bool]


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


# --- What one roll may ask for (house rules: Discord's message limits and a bounded amount of
# work per roll) -------------------------------------------------------------------------------

MAX_DICE = 100  # dice one expression asks for (`101d6` is refused before anything is rolled)
MAX_ROLLED = 300  # dice actually rolled, rerolls and explosions included
MAX_SIDES = 1000
MAX_LENGTH = 200  # characters of one expression
MAX_DEPTH = 20  # operators and brackets nested in one another
MAX_CONSTANT = 10000  # the largest plain number in an expression
