"""Hunting (find then catch), starvation, stealing a catch, seasons."""

import pytest

from rules.dice import ScriptedDice
from rules.germ import (
    Condition,
    Season,
    after_hunt,
    end_starvation,
    fails_to_starve,
    find_prey_dc,
    hunt,
    is_nursing,
    nursing_kits,
    steal,
    with_hunger,
)
from tests.rules.germ.cats import cat


def test_the_four_seasons() -> None:
    assert [season.label for season in Season] == ["Newleaf", "Greenleaf", "Leaf-fall", "Leaf-bare"]


def test_the_find_dc_is_5_and_10_in_leaf_bare() -> None:
    assert find_prey_dc(leaf_bare=False) == 5
    assert find_prey_dc(leaf_bare=True) == 10


def test_a_hunt_finds_on_perception_5_then_catches_on_stealth_8() -> None:
    result = hunt(cat(perception=1, stealth=2), ScriptedDice([4, 6]), leaf_bare=False)
    assert result.find_roll.label == "Hunt: find prey (Perception)"
    assert (result.find_roll.total, result.find_roll.target) == (5, 5)
    assert result.found
    assert result.catch_roll is not None
    assert result.catch_roll.label == "Hunt: catch prey (Stealth)"
    assert (result.catch_roll.total, result.catch_roll.target) == (8, 8)
    assert result.success


def test_missing_the_find_dc_fails_without_a_catch_roll() -> None:
    dice = ScriptedDice([4])
    result = hunt(cat(), dice, leaf_bare=False)
    assert result.find_roll.total == 4
    assert not result.found
    assert result.catch_roll is None
    assert not result.success
    assert dice.remaining == 0


def test_missing_the_catch_dc_fails_the_hunt() -> None:
    result = hunt(cat(), ScriptedDice([5, 7]), leaf_bare=False)
    assert result.found
    assert result.catch_roll is not None
    assert result.catch_roll.total == 7
    assert not result.success


def test_in_leaf_bare_finding_prey_needs_10() -> None:
    missed = hunt(cat(), ScriptedDice([9]), leaf_bare=True)
    assert missed.find_roll.target == 10
    assert not missed.found
    found = hunt(cat(), ScriptedDice([10, 8]), leaf_bare=True)
    assert found.found
    assert found.success


def test_penalties_apply_to_hunting_rolls() -> None:
    # no sense of smell: −4 Perception; 8 + 0 − 4 = 4 misses DC 5
    result = hunt(
        cat(conditions=(Condition.NO_SENSE_OF_SMELL,)), ScriptedDice([8]), leaf_bare=False
    )
    assert result.find_roll.total == 4
    assert not result.found


def test_three_failed_hunts_in_a_row_starve_a_cat() -> None:
    first = after_hunt(0, False, False, nursing=False)
    assert first == (1, False, False, 2)
    second = after_hunt(first.fail_streak, first.starving, False, nursing=False)
    assert second == (2, False, False, 1)
    third = after_hunt(second.fail_streak, second.starving, False, nursing=False)
    assert third.fail_streak == 3
    assert third.starving
    assert third.became_starving
    assert third.fails_until_starving is None


def test_a_starving_cat_that_fails_again_stays_starving_without_becoming_it_again() -> None:
    update = after_hunt(3, True, False, nursing=False)
    assert update.starving
    assert not update.became_starving
    assert update.fail_streak == 4


def test_a_nursing_mother_starves_after_two() -> None:
    first = after_hunt(0, False, False, nursing=True)
    assert first == (1, False, False, 1)
    second = after_hunt(1, False, False, nursing=True)
    assert second.starving
    assert second.became_starving
    assert fails_to_starve(nursing=True) == 2
    assert fails_to_starve(nursing=False) == 3


def test_a_success_resets_the_streak_and_ends_starvation() -> None:
    assert after_hunt(2, False, True, nursing=False) == (0, False, False, 3)
    assert after_hunt(5, True, True, nursing=False) == (0, False, False, 3)
    assert after_hunt(1, False, True, nursing=True).fails_until_starving == 2


def test_a_success_between_failures_restarts_the_count() -> None:
    update = after_hunt(0, False, False, nursing=False)
    update = after_hunt(update.fail_streak, update.starving, False, nursing=False)
    update = after_hunt(update.fail_streak, update.starving, True, nursing=False)
    update = after_hunt(update.fail_streak, update.starving, False, nursing=False)
    assert update == (1, False, False, 2)


def test_eating_a_shared_or_stolen_catch_ends_starvation() -> None:
    assert end_starvation() == (0, False, False, 3)
    starving = cat(starving=True).model_copy(update={"fail_streak": 4})
    fed = with_hunger(starving, end_starvation())
    assert (fed.fail_streak, fed.starving) == (0, False)


def test_with_hunger_writes_the_update_onto_the_sheet() -> None:
    sheet = with_hunger(cat(), after_hunt(2, False, False, nursing=False))
    assert (sheet.fail_streak, sheet.starving) == (3, True)


def test_a_kit_of_1_moon_makes_its_mother_nursing_and_2_moons_does_not() -> None:
    assert is_nursing([1])
    assert is_nursing([0, 5])
    assert not is_nursing([2])
    assert not is_nursing([])


def test_only_kits_under_2_moons_starve_with_their_mother() -> None:
    assert nursing_kits({"Dapplekit": 1, "Mosskit": 2, "Tinykit": 0}) == ["Dapplekit", "Tinykit"]


def test_stealing_is_stealth_against_the_hunters_perception() -> None:
    result = steal(cat(stealth=4), cat(perception=3), ScriptedDice([10, 10]))
    assert result.initiator_roll.label == "Stealth"
    assert result.defender_roll.label == "Perception"
    assert (result.initiator_roll.total, result.defender_roll.total) == (14, 13)
    assert result.initiator_won


def test_a_steal_tie_goes_to_the_hunter() -> None:
    result = steal(cat(stealth=3), cat(perception=3), ScriptedDice([10, 10]))
    assert not result.initiator_won


@pytest.mark.parametrize("streak", [0, 1])
def test_no_starvation_before_the_threshold(streak: int) -> None:
    assert not after_hunt(streak, False, False, nursing=False).starving
