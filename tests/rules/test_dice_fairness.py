"""SystemDice is fair: a Pearson chi-square test per die size against the uniform distribution.

There is no scipy here, so the chi-square critical value is computed from the regularized
upper incomplete gamma function (series for small x, continued fraction for large x, as in
Numerical Recipes §6.2) and inverted by bisection. With the threshold at p = 1e-6 per die, a
fair die fails by chance less than once in a million runs, and the nine dice together less
than once in a hundred thousand.
"""

from __future__ import annotations

import math
import secrets
from collections import Counter

import pytest

from rules.dice import DiceSource, SystemDice

SIDES = (2, 3, 4, 6, 8, 10, 12, 20, 100)
ROLLS_PER_SIDE = 2000
FALSE_ALARM = 1e-6


def upper_gamma_regularized(a: float, x: float) -> float:
    """Q(a, x) = Γ(a, x) / Γ(a)."""
    if x <= 0:
        return 1.0
    log_prefactor = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:  # series for P(a, x), then Q = 1 - P
        term = total = 1.0 / a
        n = a
        while abs(term) > abs(total) * 1e-15:
            n += 1
            term *= x / n
            total += term
        return 1.0 - total * math.exp(log_prefactor)
    # Lentz's continued fraction for Q(a, x)
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 1000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return h * math.exp(log_prefactor)


def chi_square_critical(df: int, p: float) -> float:
    """The x with P(χ²_df > x) = p, by bisection (the survival function decreases in x)."""
    low, high = 0.0, 10.0 * df + 100.0
    for _ in range(200):
        middle = (low + high) / 2
        if upper_gamma_regularized(df / 2, middle / 2) > p:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def chi_square(counts: Counter[int], sides: int, rolls: int) -> float:
    expected = rolls / sides
    return sum((counts[face] - expected) ** 2 / expected for face in range(1, sides + 1))


def looks_fair(source: DiceSource, sides: int) -> bool:
    rolls = ROLLS_PER_SIDE * sides
    counts = Counter(source.roll(sides) for _ in range(rolls))
    assert set(counts) <= set(range(1, sides + 1)), f"a d{sides} rolled {sorted(counts)}"
    return chi_square(counts, sides, rolls) < chi_square_critical(sides - 1, FALSE_ALARM)


class OnesTwiceAsOften:
    """A loaded die: 1 comes up twice as often as any other face."""

    def roll(self, sides: int) -> int:
        face = secrets.randbelow(sides + 1) + 1
        return 1 if face == sides + 1 else face


@pytest.mark.parametrize(
    ("df", "p", "critical"),
    [
        (1, 0.05, 3.841),
        (10, 0.01, 23.209),
        (99, 0.05, 123.225),
        (5, 0.05, 11.070),
        (30, 0.001, 59.703),
        (1, 1e-6, 23.928),
        (2, 1e-6, -2 * math.log(1e-6)),  # df = 2 is an exponential: exact
    ],
)
def test_chi_square_critical_matches_tables(df: int, p: float, critical: float) -> None:
    assert chi_square_critical(df, p) == pytest.approx(critical, abs=1e-3)


@pytest.mark.parametrize("sides", SIDES)
def test_system_dice_are_fair(sides: int) -> None:
    assert looks_fair(SystemDice(), sides)


@pytest.mark.parametrize("sides", [2, 6, 20, 100])
def test_the_check_catches_a_loaded_die(sides: int) -> None:
    assert not looks_fair(OnesTwiceAsOften(), sides)


def test_the_loaded_die_only_rolls_real_faces() -> None:
    loaded = OnesTwiceAsOften()
    assert {loaded.roll(3) for _ in range(300)} == {1, 2, 3}
