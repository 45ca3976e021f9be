"""A pool of six-sided dice counting evens, with Style spent as automatic evens, and what came
of it: evens against the need, surplus evens as Style, the lowest odd die (book l. 15-21, 113)."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict

from rules.cat.constants import (
    AUTOMATIC_EVENS_PER_STYLE,
    DIE_SIDES,
    MAX_POOL_DICE,
    STYLE_PER_SURPLUS_EVEN,
)
from rules.cat.sheet import CatSheet
from rules.dice import DiceSource
from rules.errors import PawpostError
from rules.rolls import Modifier, Roll, roll_dice

STYLE_SPENT = "Style spent"  # the reason shown next to the automatic evens


class PoolPart(BaseModel):
    """Where some of a pool's dice come from: "Legs (Strong)" 4, "Advantage (claimed)" 1."""

    model_config = ConfigDict(frozen=True)

    reason: str
    dice: int


class PoolResult(BaseModel):
    """A pool rolled against a need. `roll` holds every die; Style spent is its one modifier."""

    model_config = ConfigDict(frozen=True)

    pool: tuple[PoolPart, ...]
    roll: Roll
    needed: int

    @property
    def rolled_evens(self) -> int:
        return self.roll.dice_value

    @property
    def automatic_evens(self) -> int:
        """Evens from Style spent: not dice (so never a die for scars)."""
        return self.roll.total - self.roll.dice_value

    @property
    def evens(self) -> int:
        return self.roll.total

    @property
    def beat(self) -> bool:
        """Evens, rolled and automatic, equal to or greater than the need (book l. 21)."""
        return self.evens >= self.needed

    @property
    def style_earned(self) -> int:
        """Rolled evens beyond what was still needed after the automatic ones (RULINGS)."""
        still_needed = max(0, self.needed - self.automatic_evens)
        return max(0, self.rolled_evens - still_needed) * STYLE_PER_SURPLUS_EVEN

    @property
    def lowest_odd(self) -> int:
        """The lowest odd face rolled, or 0 when no die came up odd (book l. 35)."""
        return lowest_odd(self.roll)


def lowest_odd(roll: Roll) -> int:
    """The lowest odd face among the roll's dice, 0 when there is none."""
    odd = [die.face for die in roll.dice if die.face % 2]
    return min(odd, default=0)


def check_count(value: int, what: str) -> None:
    """Refuse a negative number of Advantage dice, Style points or Magic Points."""
    if value < 0:
        raise PawpostError(f"{what} cannot be negative; you gave {value}.")


def check_style(sheet: CatSheet, style: int, whose: str = "The cat") -> None:
    """Refuse spending more Style than the cat has banked."""
    check_count(style, "Style spent")
    if style > sheet.style:
        raise PawpostError(f"{whose} has {sheet.style} Style banked; you tried to spend {style}.")


def roll_pool(
    parts: Sequence[PoolPart],
    dice: DiceSource,
    *,
    label: str,
    needed: int | None = None,
    style: int = 0,
) -> Roll:
    """Roll every part's dice in order; Style spent adds automatic evens as a modifier."""
    count = sum(part.dice for part in parts)
    if count > MAX_POOL_DICE:
        raise PawpostError(f"A roll has at most {MAX_POOL_DICE} dice; this one would have {count}.")
    modifiers = (
        (Modifier(value=style * AUTOMATIC_EVENS_PER_STYLE, reason=STYLE_SPENT),) if style else ()
    )
    return Roll(
        label=label,
        dice=roll_dice(dice, count, DIE_SIDES),
        modifiers=modifiers,
        counts_evens=True,
        target=needed,
    )
