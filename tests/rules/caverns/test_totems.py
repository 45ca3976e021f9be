"""Moon's two dice (book l. 208)."""

import pytest

from rules.caverns.moon import MOON_FACES, roll_moon_bond
from rules.caverns.records import MoonAspect, MoonBond
from rules.dice import ScriptedDice

ZERO = dict.fromkeys(MoonAspect, 0)


def test_the_faces() -> None:
    # "1=Fire, 2=Water, 3=Wood, 4=Metal, 5=Wind, 6=Damage".
    assert [MOON_FACES[f].label for f in range(1, 7)] == [
        "Fire",
        "Water",
        "Wood",
        "Metal",
        "Wind",
        "Damage",
    ]


def test_first_die_raises_second_lowers() -> None:
    result = roll_moon_bond(ZERO, ScriptedDice([3, 6]))
    assert result.bond == MoonBond(raised=MoonAspect.WOOD, lowered=MoonAspect.DAMAGE)
    assert [r.label for r in result.rolls] == ["Moon: raise Wood", "Moon: lower Damage"]


def test_a_result_past_plus_3_or_minus_3_is_rerolled() -> None:
    values = {**ZERO, MoonAspect.FIRE: 3, MoonAspect.METAL: -3}
    result = roll_moon_bond(values, ScriptedDice([1, 2, 4, 2]))
    assert result.bond == MoonBond(raised=MoonAspect.WATER, lowered=MoonAspect.WATER)
    assert [r.label for r in result.rolls] == [
        "Moon: raise Fire (rerolled)",
        "Moon: raise Water",
        "Moon: lower Metal (rerolled)",
        "Moon: lower Water",
    ]


def test_damage_is_held_to_plus_3_too() -> None:
    # "This cannot bring you above +3 or below -3 in anything": a Damage of 3 is not raised.
    result = roll_moon_bond({**ZERO, MoonAspect.DAMAGE: 3}, ScriptedDice([6, 1, 1]))
    assert result.bond.raised is MoonAspect.FIRE


def test_the_same_aspect_twice_cancels() -> None:
    bond = roll_moon_bond(ZERO, ScriptedDice([2, 2])).bond
    assert bond.shift(MoonAspect.WATER) == 0
    assert bond.shift(MoonAspect.FIRE) == 0


def test_nothing_can_be_raised_when_everything_is_at_plus_3() -> None:
    with pytest.raises(ValueError, match="no Moon face"):
        roll_moon_bond(dict.fromkeys(MoonAspect, 3), ScriptedDice([]))
