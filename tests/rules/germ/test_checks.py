"""A roll is d20 + points + the largest penalty + situational modifiers; a DC is met on equal."""

import pytest

from rules.dice import ScriptedDice
from rules.germ import (
    BADLY_WOUNDED,
    FULL_TRUST,
    HIDING_IN_COMBAT,
    Condition,
    Stat,
    check,
    roll_stat,
)
from rules.rolls import Die, Modifier
from tests.rules.germ.cats import cat


def test_a_roll_is_a_d20_plus_the_stats_points() -> None:
    roll = roll_stat(cat(strength=3), Stat.STRENGTH, ScriptedDice([11]))
    assert roll.label == "Strength"
    assert roll.dice == (Die(sides=20, face=11),)
    assert roll.modifiers == (Modifier(value=3, reason="Strength"),)
    assert roll.total == 14


def test_no_points_still_shows_the_stat_at_0() -> None:
    roll = roll_stat(cat(), Stat.CHARISMA, ScriptedDice([9]))
    assert roll.modifiers == (Modifier(value=0, reason="Charisma"),)
    assert roll.total == 9


def test_book_example_kit_with_4_points_rolls_at_minus_6() -> None:
    kit = cat(agility=4, age_moons=5)
    roll = roll_stat(kit, Stat.AGILITY, ScriptedDice([15]))
    assert roll.modifiers == (
        Modifier(value=4, reason="Agility"),
        Modifier(value=-10, reason="kit"),
    )
    assert roll.total - roll.dice_value == -6
    assert roll.total == 9


def test_book_example_kit_with_no_points_takes_the_full_minus_10() -> None:
    roll = roll_stat(cat(age_moons=1), Stat.PERCEPTION, ScriptedDice([15]))
    assert roll.total - roll.dice_value == -10
    assert roll.total == 5


def test_a_roll_takes_one_penalty_only() -> None:
    sheet = cat(agility=6, age_moons=125, conditions=(Condition.BLIND,), starving=True)
    roll = roll_stat(sheet, Stat.AGILITY, ScriptedDice([10]))
    assert roll.modifiers == (
        Modifier(value=6, reason="Agility"),
        Modifier(value=-5, reason="elder"),
    )
    assert roll.total == 11


def test_situational_modifiers_add_to_the_penalty() -> None:
    # A blind cat hiding in combat: −5 blind (Stealth) and −5 hiding both apply.
    sheet = cat(stealth=8, conditions=(Condition.BLIND,))
    roll = roll_stat(sheet, Stat.STEALTH, ScriptedDice([14]), situational=(HIDING_IN_COMBAT,))
    assert [m.value for m in roll.modifiers] == [8, -5, -5]
    assert roll.total == 12


def test_the_situational_modifiers() -> None:
    assert Modifier(value=-5, reason="hiding in combat") == HIDING_IN_COMBAT
    assert Modifier(value=-5, reason="badly wounded") == BADLY_WOUNDED
    assert Modifier(value=5, reason="full trust") == FULL_TRUST


def test_a_label_can_be_given() -> None:
    roll = roll_stat(cat(), Stat.STEALTH, ScriptedDice([1]), label="Sneak past the patrol")
    assert roll.label == "Sneak past the patrol"


@pytest.mark.parametrize(("face", "succeeded"), [(7, False), (8, True), (9, True)])
def test_a_check_succeeds_when_equal_to_or_greater_than_the_dc(face: int, succeeded: bool) -> None:
    roll = check(cat(stealth=2), Stat.STEALTH, ScriptedDice([face]), 10)
    assert roll.target == 10
    assert roll.total == face + 2
    assert roll.succeeded is succeeded


def test_a_check_without_a_dc_has_no_outcome() -> None:
    roll = check(cat(), Stat.STEALTH, ScriptedDice([20]))
    assert roll.target is None
    assert roll.succeeded is None
