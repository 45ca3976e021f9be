"""Bonding with totems (book l. 206-214): the Patron Totem, and Moon's two dice."""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import BaseModel, ConfigDict

from rules.caverns.constants import ATTRIBUTE_MAX, ATTRIBUTE_MIN, DIE_SIDES, MOON_SHIFT
from rules.caverns.records import MoonAspect, MoonBond
from rules.dice import DiceSource
from rules.rolls import Roll, roll_dice

# Book l. 208: "1=Fire, 2=Water, 3=Wood, 4=Metal, 5=Wind, 6=Damage".
MOON_FACES: Mapping[int, MoonAspect] = {
    1: MoonAspect.FIRE,
    2: MoonAspect.WATER,
    3: MoonAspect.WOOD,
    4: MoonAspect.METAL,
    5: MoonAspect.WIND,
    6: MoonAspect.DAMAGE,
}


class MoonResult(BaseModel):
    """The bond and every die rolled for it, rerolls included, in order."""

    model_config = ConfigDict(frozen=True)

    bond: MoonBond
    rolls: tuple[Roll, ...]


def _roll_aspect(
    values: Mapping[MoonAspect, int], change: int, label: str, dice: DiceSource
) -> tuple[MoonAspect, list[Roll]]:
    """Roll one Moon die, rerolling any face that would take its aspect past -3..+3."""
    allowed = {
        face
        for face, aspect in MOON_FACES.items()
        if ATTRIBUTE_MIN <= values[aspect] + change <= ATTRIBUTE_MAX
    }
    if not allowed:
        # Every aspect already at the limit: no roll could stand, so there is nothing to shift.
        raise ValueError(f"no Moon face can {label.lower()}: every aspect is at the limit")
    rolls: list[Roll] = []
    while True:
        die = roll_dice(dice, 1, DIE_SIDES)
        face = die[0].face
        rolls.append(
            Roll(label=f"Moon: {label} {MOON_FACES[face].label}", dice=die)
            if face in allowed
            else Roll(label=f"Moon: {label} {MOON_FACES[face].label} (rerolled)", dice=die)
        )
        if face in allowed:
            return MOON_FACES[face], rolls


def roll_moon_bond(values: Mapping[MoonAspect, int], dice: DiceSource) -> MoonResult:
    """Book l. 208: the first die says what gains +1, the second what takes -1; a result that
    would bring anything (Damage too: "in anything") above +3 or below -3 is rerolled.
    `values` are the character's current attributes and Damage before the bond."""
    raised, first = _roll_aspect(values, MOON_SHIFT, "raise", dice)
    after = {aspect: value + MOON_SHIFT * (aspect is raised) for aspect, value in values.items()}
    lowered, second = _roll_aspect(after, -MOON_SHIFT, "lower", dice)
    return MoonResult(bond=MoonBond(raised=raised, lowered=lowered), rolls=(*first, *second))
