"""What a roll was: each die, each modifier with its reason, the total and what it was against.

These records are what players see and what the audit log stores.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from rules.dice import DiceSource


class Die(BaseModel):
    model_config = ConfigDict(frozen=True)

    sides: int
    face: int


class Modifier(BaseModel):
    model_config = ConfigDict(frozen=True)

    value: int
    reason: str
    subtracted: bool = False  # a value the roll takes away, shown "− 0 Ilsa's Wind" even at 0


class Roll(BaseModel):
    """One roll. `total` is the dice sum plus modifiers, or for a pool the number of evens
    (plus automatic successes given as modifiers).

    A roll of typed notation (`4d6kh3`, `(1d6+2)*3`) keeps every die it rolled in `dice`, kept
    and dropped, its value in `result` (not a sum of dice and modifiers) and in `shown` how it
    reads with each die marked."""

    model_config = ConfigDict(frozen=True)

    label: str
    dice: tuple[Die, ...]
    modifiers: tuple[Modifier, ...] = ()
    counts_evens: bool = False
    target: int | None = None
    result: int | None = None
    shown: str | None = None

    @property
    def dice_value(self) -> int:
        if self.counts_evens:
            return sum(1 for die in self.dice if die.face % 2 == 0)
        return sum(die.face for die in self.dice)

    @property
    def total(self) -> int:
        if self.result is not None:
            return self.result
        return self.dice_value + sum(modifier.value for modifier in self.modifiers)

    @property
    def succeeded(self) -> bool | None:
        """Reaching the target succeeds ("equal to or greater"); None when there is no target."""
        return None if self.target is None else self.total >= self.target


def roll_dice(dice: DiceSource, count: int, sides: int) -> tuple[Die, ...]:
    """Roll `count` dice of `sides` sides."""
    return tuple(Die(sides=sides, face=dice.roll(sides)) for _ in range(count))
