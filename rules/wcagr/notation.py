"""Reading the dice the book simulates with others: d100 from two d10s, d3 and d2 (l.17-18)."""

from __future__ import annotations

from rules.errors import PawpostError
from rules.wcagr.constants import (
    D3_FROM_D6_DIVISOR,
    PERCENTILE_DIE_SIDES,
    PERCENTILE_DOUBLE_ZERO,
    PERCENTILE_TENS,
)


def _digit(face: int) -> int:
    if not 0 <= face < PERCENTILE_DIE_SIDES:
        raise PawpostError(f"A percentile die shows 0 to 9 (or 00 to 90); {face} is not a face.")
    return face


def percentile_from_d10s(tens: int, ones: int) -> int:
    """Book l.17: the tens die and the ones die, each 0-9, read as one number; two 0s are 100.
    A tens die numbered in tens (00, 10, ... 90) may be given as shown."""
    if tens >= PERCENTILE_DIE_SIDES and tens % PERCENTILE_TENS == 0:
        tens //= PERCENTILE_TENS
    value = _digit(tens) * PERCENTILE_TENS + _digit(ones)
    return value or PERCENTILE_DOUBLE_ZERO


def d3_from_d6(face: int) -> int:
    """Book l.18: a d6 divided by 2, rounded up."""
    return -(-face // D3_FROM_D6_DIVISOR)


def d2_from_die(face: int, sides: int, *, by_half: bool = False) -> int:
    """Book l.18: odd is 1 and even is 2 (the book leaves which is which open; this is the
    order a player reads them in), or with `by_half` the book's alternative, more than half
    the die's sides is a 2."""
    if by_half:
        return 2 if face > sides / 2 else 1
    return 2 if face % 2 == 0 else 1
