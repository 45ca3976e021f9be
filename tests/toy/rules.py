"""Toy's rules, pure: a sheet of one stat and its check; dice are passed in."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from rules.dice import DiceSource
from rules.errors import PawpostError
from rules.rolls import Modifier, Roll, roll_dice

LUCK_MAX = 5  # Luck goes from 0 to 5
DIE_SIDES = 6  # a check is one d6 plus Luck
CHECK_DC_MAX = DIE_SIDES + LUCK_MAX  # the hardest check that can still succeed


class ToySheet(BaseModel):
    """A Toy character: its Luck."""

    model_config = ConfigDict(frozen=True)

    luck: int = Field(ge=0, le=LUCK_MAX)


def create_sheet(luck: int) -> ToySheet:
    """A new sheet, or one sentence for a Luck out of bounds."""
    if not 0 <= luck <= LUCK_MAX:
        raise PawpostError(f"Luck goes from 0 to {LUCK_MAX}; you gave {luck}.")
    return ToySheet(luck=luck)


def check(sheet: ToySheet, dc: int, dice: DiceSource) -> Roll:
    """d6 + Luck against `dc`: reaching it succeeds."""
    if not 1 <= dc <= CHECK_DC_MAX:
        raise PawpostError(f"A check's DC goes from 1 to {CHECK_DC_MAX}; you gave {dc}.")
    return Roll(
        label="Luck",
        dice=roll_dice(dice, 1, DIE_SIDES),
        modifiers=(Modifier(value=sheet.luck, reason="Luck"),),
        target=dc,
    )
