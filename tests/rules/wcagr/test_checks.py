"""A check is 3d6 + ability + skill + points spent + knacks; criticals and sprains."""

from itertools import product

import pytest

from rules.dice import ScriptedDice
from rules.errors import PawpostError
from rules.rolls import Die, Modifier
from rules.wcagr import (
    PHYSICAL_SKILLS,
    SKILLS,
    Ability,
    Critical,
    Knack,
    Skill,
    critical_of,
    roll_check,
)
from tests.rules.wcagr.cats import cat

STR, INT, SPI = Ability.STRENGTH, Ability.INTELLIGENCE, Ability.SPIRIT


def test_issue_example_listen_with_points_and_alertness_twice() -> None:
    # "3d6 4 6 1 + Spirit 3 + Listen 2 + spent 1 + Alertness ×2 +4 = 21 vs DC 17: success"
    sheet = cat(spirit=3, skills={Skill.LISTEN: 2}, knacks={Knack.ALERTNESS: 2})
    result = roll_check(
        sheet,
        ScriptedDice([4, 6, 1]),
        skill=Skill.LISTEN,
        dc=17,
        spend=1,
        knacks={Knack.ALERTNESS: 2},
    )
    assert result.roll.label == "Listen"
    assert result.roll.dice == (Die(sides=6, face=4), Die(sides=6, face=6), Die(sides=6, face=1))
    assert result.roll.modifiers == (
        Modifier(value=3, reason="Spirit"),
        Modifier(value=2, reason="Listen"),
        Modifier(value=1, reason="spent"),
        Modifier(value=4, reason="Alertness (2 uses)"),
    )
    assert result.total == 21
    assert result.roll.target == 17
    assert result.succeeded is True
    assert result.critical is None
    assert result.sheet.points_left(SPI) == 0  # 1 spent + 2 × 1 for Alertness


def test_a_skill_check_adds_the_skills_ability_and_level() -> None:
    result = roll_check(
        cat(intelligence=4, skills={Skill.SWAT: 3}), ScriptedDice([2, 3, 4]), skill=Skill.SWAT
    )
    assert [(m.reason, m.value) for m in result.roll.modifiers] == [
        ("Intelligence", 4),
        ("Swat", 3),
    ]
    assert result.total == 16
    assert (result.ability, result.skill, result.spent) == (INT, Skill.SWAT, 0)


def test_a_skill_never_trained_shows_at_0() -> None:
    result = roll_check(cat(spirit=2), ScriptedDice([3, 3, 4]), skill=Skill.SNEAK)
    assert result.roll.modifiers == (
        Modifier(value=2, reason="Spirit"),
        Modifier(value=0, reason="Sneak"),
    )
    assert result.total == 12


def test_a_plain_ability_check_has_no_skill() -> None:
    result = roll_check(cat(strength=5), ScriptedDice([1, 2, 3]), ability=STR, dc=11)
    assert result.roll.label == "Strength"
    assert result.roll.modifiers == (Modifier(value=5, reason="Strength"),)
    assert (result.total, result.succeeded) == (11, True)


def test_the_gm_may_call_for_another_ability() -> None:
    sheet = cat(strength=5, spirit=1, skills={Skill.LISTEN: 2})
    result = roll_check(sheet, ScriptedDice([2, 2, 2]), skill=Skill.LISTEN, ability=STR, spend=2)
    assert result.roll.label == "Listen (Strength)"
    assert result.total == 6 + 5 + 2 + 2
    assert result.sheet.points_left(STR) == 3  # spent from the check's ability
    assert result.sheet.points_left(SPI) == 1


def test_a_label_can_be_given() -> None:
    result = roll_check(cat(), ScriptedDice([2, 2, 2]), skill=Skill.SMELL, label="Hunt: locate")
    assert result.roll.label == "Hunt: locate"


def test_each_point_spent_is_plus_1_from_the_checks_pool() -> None:  # l.224
    sheet = cat(strength=4)
    result = roll_check(sheet, ScriptedDice([3, 3, 3]), skill=Skill.CLIMB, spend=3)
    assert result.total == 9 + 4 + 0 + 3
    assert result.spent == 3
    assert result.sheet.points_left(STR) == 1
    assert sheet.points_left(STR) == 4  # the old sheet is unchanged


def test_spending_more_than_is_left_is_refused_before_rolling() -> None:
    dice = ScriptedDice([])
    with pytest.raises(PawpostError) as refused:
        roll_check(cat(strength=4, points={STR: 1}), dice, skill=Skill.CLIMB, spend=2)
    assert refused.value.message == (
        "That needs 2 Strength points but only 1 is left; convert other points or wait for the "
        "GM's refresh."
    )


def test_a_negative_spend_is_refused() -> None:
    with pytest.raises(PawpostError) as refused:
        roll_check(cat(), ScriptedDice([]), skill=Skill.CLIMB, spend=-1)
    assert refused.value.message == "Spend 0 or more points; you gave -1."


def test_a_check_names_a_skill_or_an_ability() -> None:
    with pytest.raises(PawpostError) as refused:
        roll_check(cat(), ScriptedDice([]))
    assert refused.value.message == "Choose a skill or an ability to check."


@pytest.mark.parametrize(
    ("faces", "succeeded"), [((3, 3, 4), False), ((3, 4, 4), True), ((4, 4, 4), True)]
)
def test_a_check_succeeds_on_total_equal_to_or_above_the_dc(
    faces: tuple[int, int, int], succeeded: bool
) -> None:
    result = roll_check(cat(spirit=3), ScriptedDice(faces), skill=Skill.FOCUS, dc=14)
    assert result.total == sum(faces) + 3
    assert result.succeeded is succeeded


def test_no_dc_no_outcome() -> None:
    result = roll_check(cat(), ScriptedDice([6, 6, 5]), skill=Skill.FOCUS)
    assert result.succeeded is None
    assert result.critical is Critical.SUCCESS


@pytest.mark.parametrize("faces", [(1, 1, 4), (1, 4, 1), (4, 1, 1), (1, 1, 6), (1, 1, 1)])
def test_two_or_three_1s_are_a_critical_failure_whatever_the_total(
    faces: tuple[int, int, int],
) -> None:
    sheet = cat(intelligence=10, skills={Skill.PONDER: 5})
    result = roll_check(sheet, ScriptedDice(faces), skill=Skill.PONDER, dc=10)
    assert result.total >= 10
    assert result.critical is Critical.FAILURE
    assert result.succeeded is False


@pytest.mark.parametrize("faces", [(6, 6, 2), (6, 2, 6), (2, 6, 6), (6, 6, 1), (6, 6, 6)])
def test_two_or_three_6s_are_a_critical_success_whatever_the_total(
    faces: tuple[int, int, int],
) -> None:
    result = roll_check(cat(intelligence=1), ScriptedDice(faces), skill=Skill.PONDER, dc=30)
    assert result.total < 30
    assert result.critical is Critical.SUCCESS
    assert result.succeeded is True


@pytest.mark.parametrize("faces", [(1, 2, 3), (1, 6, 3), (6, 5, 5), (2, 2, 2)])
def test_other_rolls_are_not_critical(faces: tuple[int, int, int]) -> None:
    assert critical_of(faces) is None


def test_16_of_216_rolls_are_each_critical() -> None:  # checklist: 16/216 each
    rolls = list(product(range(1, 7), repeat=3))
    kinds = [critical_of(faces) for faces in rolls]
    assert len(rolls) == 216
    assert kinds.count(Critical.FAILURE) == 16
    assert kinds.count(Critical.SUCCESS) == 16


def test_critical_labels() -> None:
    assert Critical.SUCCESS.label == "critical success"
    assert Critical.FAILURE.label == "critical failure"


@pytest.mark.parametrize("skill", sorted(PHYSICAL_SKILLS))
def test_a_critical_failure_on_a_physical_skill_sprains(skill: Skill) -> None:  # l.463
    result = roll_check(cat(), ScriptedDice([1, 1, 5]), skill=skill)
    assert result.sprained
    assert result.sheet.sprained
    assert result.sheet.sprain_sunrises_left == 3


def test_a_critical_failure_on_any_strength_check_sprains() -> None:
    plain = roll_check(cat(), ScriptedDice([1, 1, 1]), ability=STR)
    arch = roll_check(cat(), ScriptedDice([1, 1, 1]), skill=Skill.ARCH)
    hiss = roll_check(cat(), ScriptedDice([1, 1, 1]), skill=Skill.HISS, ability=STR)
    assert (plain.sprained, arch.sprained, hiss.sprained) == (True, True, True)


@pytest.mark.parametrize(
    "skill", [s for s in SKILLS if s not in PHYSICAL_SKILLS and s.ability is not STR]
)
def test_a_critical_failure_on_another_check_does_not_sprain(skill: Skill) -> None:
    result = roll_check(cat(), ScriptedDice([1, 1, 5]), skill=skill)
    assert result.critical is Critical.FAILURE
    assert not result.sprained
    assert not result.sheet.sprained


def test_plain_intelligence_and_spirit_checks_do_not_sprain() -> None:
    for ability in (INT, SPI):
        assert not roll_check(cat(), ScriptedDice([1, 1, 2]), ability=ability).sprained


def test_a_normal_failure_on_a_physical_check_does_not_sprain() -> None:
    result = roll_check(cat(), ScriptedDice([1, 2, 2]), skill=Skill.CLIMB, dc=30)
    assert result.succeeded is False
    assert not result.sprained


def test_a_sprain_keeps_the_points_paid() -> None:
    result = roll_check(cat(strength=4), ScriptedDice([1, 1, 3]), skill=Skill.CLIMB, spend=2)
    assert result.sheet.sprained
    assert result.sheet.points_left(STR) == 2


def test_a_retired_cat_makes_no_checks() -> None:
    with pytest.raises(PawpostError, match="^This cat is retired"):
        roll_check(cat(retired=True), ScriptedDice([]), skill=Skill.LISTEN)


def test_a_knocked_out_cat_makes_no_checks() -> None:
    with pytest.raises(PawpostError, match="^This cat is knocked out"):
        roll_check(cat(strength=1, age_moons=4, hp_lost=10), ScriptedDice([]), ability=SPI)


def test_a_sprained_cat_may_still_check() -> None:
    first = roll_check(cat(), ScriptedDice([1, 1, 3]), skill=Skill.CLIMB)
    again = roll_check(first.sheet, ScriptedDice([4, 4, 4]), skill=Skill.LISTEN)
    assert again.total == 12 + 3
