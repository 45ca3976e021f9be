"""Taking Risks' word after dice in `/roll`: `5d6 evens` counts the even faces, each one a
success (book l. 15: "roll a number of six-sided dice"; an even, 2, 4 or 6, succeeds)."""

from __future__ import annotations

from rules.dice import DiceWord


def is_even(face: int) -> bool:
    return face % 2 == 0


EVENS = DiceWord("evens", is_even)
CAT_DICE_WORDS = (EVENS,)
