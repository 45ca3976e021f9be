"""An admin's override of a hunt, a steal or an attack: the outcomes and what they change."""

from __future__ import annotations

import pytest

from rules.errors import PawpostError
from rules.germ.adjudication import (
    AttackChange,
    AttackOverride,
    attack_change,
    attack_override,
    hunt_caught,
    replay_hunts,
    steal_stolen,
    streak_before,
)
from rules.germ.sheet import Disability


def test_hunt_and_steal_outcomes_are_two_words_each() -> None:
    assert hunt_caught(" Caught ") and not hunt_caught("failed")
    assert steal_stolen("stolen") and not steal_stolen("spotted")
    with pytest.raises(PawpostError, match="A hunt's outcome is caught or failed."):
        hunt_caught("a big mouse")
    with pytest.raises(PawpostError, match="A steal's outcome is stolen or spotted."):
        steal_stolen("caught")


def test_attack_outcomes() -> None:
    assert attack_override("miss") == AttackOverride(None, None)
    assert attack_override("power 14") == AttackOverride(14, None)
    assert attack_override("power 23 blinded") == AttackOverride(23, Disability.BLINDED)
    with pytest.raises(PawpostError, match="Only a power of 21 or more disables a cat."):
        attack_override("power 12 blinded")
    with pytest.raises(PawpostError, match="The disability is one of blinded"):
        attack_override("power 22 deaf")
    with pytest.raises(PawpostError, match="An attack's outcome is miss, power N"):
        attack_override("hit hard")


def test_the_streak_before_a_hunt_is_read_off_the_log() -> None:
    assert streak_before(True, 3, None) == 2  # a failure left 3: 2 before it
    assert streak_before(False, 0, 2) == 2  # a catch left none: what the hunt before left
    assert streak_before(False, 0, None) == 0  # a first hunt


def test_hunts_replayed_count_failures_from_the_whole_history() -> None:
    # fail, fail, then the catch made a failure: three in a row, starving (book: 3 to starve)
    [third] = replay_hunts(2, [False], nursing=False)
    assert (third.fail_streak, third.starving, third.became_starving) == (3, True, True)
    # a failure made a catch with two more failures after it: 2 in a row, fed
    made = replay_hunts(2, [True, False, False], nursing=False)
    assert [(u.fail_streak, u.starving) for u in made] == [(0, False), (1, False), (2, False)]
    # a nursing mother starves at 2 (book: "only has to fail twice in a row")
    [nursing] = replay_hunts(1, [False], nursing=True)
    assert nursing.became_starving
    # starting with enough failures to starve, the cat is starving until it eats
    [still] = replay_hunts(3, [False], nursing=False)
    assert (still.fail_streak, still.starving, still.became_starving) == (4, True, False)


@pytest.mark.parametrize(
    ("old", "new", "change"),
    [
        (9, 14, AttackChange(1, None, None)),
        (14, 9, AttackChange(-1, None, None)),
        (12, 18, AttackChange(0, True, None)),
        (18, None, AttackChange(-1, False, None)),
        (None, 21, AttackChange(1, True, True)),
        (22, 16, AttackChange(0, None, False)),
        (5, 0, AttackChange(0, None, None)),
    ],
)
def test_an_attacks_new_power_adds_or_removes_what_the_table_gives(old, new, change) -> None:
    assert attack_change(old, new) == change
