"""The penalty table: every row, and only the largest penalty counts."""

import pytest

from rules.germ import STATS, Condition, Stat, effective_conditions, largest_penalty
from rules.rolls import Modifier
from tests.rules.germ.cats import cat


def penalty(conditions: tuple[Condition, ...], stat: Stat) -> int:
    found = largest_penalty(conditions, stat)
    return 0 if found is None else found.value


@pytest.mark.parametrize("stat", STATS)
def test_kits_take_minus_10_to_any_roll(stat: Stat) -> None:
    assert largest_penalty(cat(age_moons=3), stat) == Modifier(value=-10, reason="kit")


def test_elders_take_minus_5_to_strength_agility_and_perception() -> None:
    elder = (Condition.ELDER,)
    assert [penalty(elder, stat) for stat in STATS] == [-5, -5, 0, 0, 0, -5]


def test_blind_cats_take_minus_2_perception_and_agility_and_minus_5_stealth() -> None:
    blind = (Condition.BLIND,)
    assert [penalty(blind, stat) for stat in STATS] == [0, -2, 0, 0, -5, -2]


def test_no_sense_of_smell_is_minus_4_perception() -> None:
    no_smell = (Condition.NO_SENSE_OF_SMELL,)
    assert [penalty(no_smell, stat) for stat in STATS] == [0, 0, 0, 0, 0, -4]


def test_a_disfigured_or_lost_limb_is_minus_3_agility_and_stealth() -> None:
    limb = (Condition.LOST_LIMB,)
    assert [penalty(limb, stat) for stat in STATS] == [0, -3, 0, 0, -3, 0]


def test_no_tail_is_minus_5_agility() -> None:
    no_tail = (Condition.NO_TAIL,)
    assert [penalty(no_tail, stat) for stat in STATS] == [0, -5, 0, 0, 0, 0]


def test_starving_is_minus_4_strength_and_minus_3_agility() -> None:
    starving = (Condition.STARVING,)
    assert [penalty(starving, stat) for stat in STATS] == [-4, -3, 0, 0, 0, 0]


def test_no_condition_no_penalty() -> None:
    assert all(largest_penalty(cat(), stat) is None for stat in STATS)


def test_a_blind_starving_elder_rolling_agility_takes_only_the_largest() -> None:
    # elder −5, blind −2, starving −3: −5, never −10.
    sheet = cat(age_moons=130, conditions=(Condition.BLIND,), starving=True)
    assert largest_penalty(sheet, Stat.AGILITY) == Modifier(value=-5, reason="elder")


def test_the_larger_penalty_wins_whichever_is_listed_first() -> None:
    conditions = (Condition.STARVING, Condition.NO_TAIL)
    assert largest_penalty(conditions, Stat.AGILITY) == Modifier(value=-5, reason="no tail")
    assert largest_penalty(conditions, Stat.STRENGTH) == Modifier(value=-4, reason="starving")


def test_a_starving_kit_still_takes_only_minus_10() -> None:
    assert largest_penalty(cat(age_moons=2, starving=True), Stat.STRENGTH) == Modifier(
        value=-10, reason="kit"
    )


def test_equal_penalties_name_the_condition_listed_first_in_the_book() -> None:
    # elder and no tail are both −5 Agility
    found = largest_penalty((Condition.NO_TAIL, Condition.ELDER), Stat.AGILITY)
    assert found == Modifier(value=-5, reason="elder")


def test_effective_conditions_derive_kit_elder_and_starving() -> None:
    assert effective_conditions(cat(age_moons=6)) == (Condition.KIT,)
    assert effective_conditions(cat(age_moons=7)) == ()
    assert effective_conditions(cat(age_moons=120)) == (Condition.ELDER,)
    assert effective_conditions(cat(age_moons=119)) == ()
    assert effective_conditions(
        cat(age_moons=150, conditions=(Condition.NO_TAIL, Condition.BLIND), starving=True)
    ) == (Condition.ELDER, Condition.BLIND, Condition.NO_TAIL, Condition.STARVING)
