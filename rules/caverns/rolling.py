"""The core roll (book l. 60): 2d6 plus an attribute, with Clumsiness's -3 on the next roll,
Twist Fate's doubles, and the book's 10+ / 7-9 / 6- bands."""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from rules.caverns.attributes import Attribute
from rules.caverns.conditions import Condition
from rules.caverns.constants import (
    CLUMSINESS_PENALTY,
    DICE_PER_ROLL,
    DIE_SIDES,
    STRONG_HIT,
    WEAK_HIT,
)
from rules.caverns.sheet import CavernsSheet
from rules.dice import DiceSource
from rules.errors import PawpostError
from rules.rolls import Die, Modifier, Roll, roll_dice


class Band(StrEnum):
    """The three results of the book's moves and rests."""

    STRONG = "10+"
    WEAK = "7-9"
    MISS = "6-"

    @property
    def one_step_lower(self) -> Band:
        """One step lower on the chart (a Rare item, l. 306); a miss stays a miss."""
        return Band.WEAK if self is Band.STRONG else Band.MISS


def band_of(total: int) -> Band:
    """10 or more, 7 to 9, 6 or less."""
    if total >= STRONG_HIT:
        return Band.STRONG
    if total >= WEAK_HIT:
        return Band.WEAK
    return Band.MISS


def is_doubles(roll: Roll) -> bool:
    """Book l. 297: "the dice both come up the same"."""
    return len(roll.dice) == DICE_PER_ROLL and roll.dice[0].face == roll.dice[1].face


def roll_two_dice(dice: DiceSource, fated_die: int | None = None) -> tuple[Die, ...]:
    """2d6, or, with a die given by Twist Fate (l. 219), doubles of that die's face."""
    if fated_die is None:
        return roll_dice(dice, DICE_PER_ROLL, DIE_SIDES)
    if not 1 <= fated_die <= DIE_SIDES:
        raise PawpostError(f"A fated die shows 1 to {DIE_SIDES}, not {fated_die}.")
    return (Die(sides=DIE_SIDES, face=fated_die),) * DICE_PER_ROLL


def plain_roll(
    dice: DiceSource, label: str, modifiers: Sequence[Modifier] = (), target: int | None = None
) -> Roll:
    """2d6 "with no modifiers" but those given (the party's rests, Time Curse)."""
    return Roll(label=label, dice=roll_two_dice(dice), modifiers=tuple(modifiers), target=target)


class MoveRoll(BaseModel):
    """A character's roll and their sheet after it (Clumsiness spent)."""

    model_config = ConfigDict(frozen=True)

    roll: Roll
    sheet: CavernsSheet

    @property
    def total(self) -> int:
        return self.roll.total

    @property
    def band(self) -> Band:
        return band_of(self.roll.total)

    @property
    def doubles(self) -> bool:
        return is_doubles(self.roll)


def attribute_modifier(sheet: CavernsSheet, attribute: Attribute) -> Modifier:
    """The attribute's bonus, shown even at 0 ("+ Wood 0")."""
    return Modifier(value=sheet.attribute(attribute), reason=attribute.label)


def subtracted(value: int, name: str) -> Modifier:
    """An attribute the roll subtracts, such as a foe's Wind (l. 294), shown as what it does:
    "− 1 Ogre's Wind" ("− 0 Ilsa's Wind" at 0), and for a negative one "+ 2 minus the
    Urchin's Wind of -2"."""
    if value < 0:
        return Modifier(value=-value, reason=f"minus {name} of {value:+d}")
    return Modifier(value=-value, reason=name, subtracted=True)


def roll_attribute(
    sheet: CavernsSheet,
    attribute: Attribute,
    dice: DiceSource,
    *,
    label: str,
    modifiers: Sequence[Modifier] = (),
    target: int | None = None,
    fated_die: int | None = None,
) -> MoveRoll:
    """2d6 + the attribute + `modifiers`. Clumsiness makes this roll at -3 and then ends
    (book l. 355)."""
    shown = [attribute_modifier(sheet, attribute), *modifiers]
    if sheet.has_condition(Condition.CLUMSINESS):
        shown.append(Modifier(value=-CLUMSINESS_PENALTY, reason=Condition.CLUMSINESS.label))
        remaining = tuple(a for a in sheet.conditions if a.condition is not Condition.CLUMSINESS)
        sheet = sheet.model_copy(update={"conditions": remaining})
    roll = Roll(
        label=label,
        dice=roll_two_dice(dice, fated_die),
        modifiers=tuple(shown),
        target=target,
    )
    return MoveRoll(roll=roll, sheet=sheet)
