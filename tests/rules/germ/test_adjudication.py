"""An admin's override of a hunt, a steal or an attack: the outcomes and what they change."""

from __future__ import annotations

import pytest

from rules.errors import PawpostError
from rules.germ.adjudication import (
    AttackChange,
    AttackOverride,
    attack_change,
    attack_override,
    hunger_after_override,
    hunt_caught,
    steal_stolen,
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


def test_a_failed_hunt_made_a_catch_feeds_the_cat_and_the_reverse_counts_a_failure() -> None:
    fed = hunger_after_override(2, True, caught=True, nursing=False)
    assert (fed.fail_streak, fed.starving) == (0, False)
    hungry = hunger_after_override(2, False, caught=False, nursing=False)
    assert (hungry.fail_streak, hungry.starving, hungry.became_starving) == (3, True, True)
    nursing = hunger_after_override(1, False, caught=False, nursing=True)
    assert nursing.became_starving


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
