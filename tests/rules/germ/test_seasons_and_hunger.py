"""Seasons turning by themselves, and how close a cat is to starving."""

from __future__ import annotations

from datetime import date

import pytest

from rules.germ import Season
from rules.germ.hunger import at_risk, fails_until_starving, starving_with_mother
from rules.seasons import next_season_turn, season_began, season_on
from tests.rules.germ.cats import cat

START = date(2026, 1, 5)


@pytest.mark.parametrize(
    ("day", "season"),
    [
        (date(2026, 1, 4), Season.LEAF_BARE),  # before the start: the season set by hand
        (date(2026, 1, 5), Season.NEWLEAF),
        (date(2026, 1, 18), Season.NEWLEAF),
        (date(2026, 1, 19), Season.GREENLEAF),
        (date(2026, 2, 2), Season.LEAF_FALL),
        (date(2026, 2, 16), Season.LEAF_BARE),
        (date(2026, 3, 2), Season.NEWLEAF),  # and round again
    ],
)
def test_two_week_seasons_from_newleaf(day: date, season: Season) -> None:
    assert season_on(day, manual=Season.LEAF_BARE, start=START, weeks_per_season=2) == season


def test_without_a_start_the_season_is_set_by_hand() -> None:
    assert season_on(START, manual=Season.GREENLEAF, start=None, weeks_per_season=13) is (
        Season.GREENLEAF
    )
    assert next_season_turn(START, None, 13) is None


def test_when_a_season_began_and_the_next_turns() -> None:
    assert season_began(date(2026, 1, 4), START, 2) is None
    assert season_began(date(2026, 1, 25), START, 2) == date(2026, 1, 19)
    assert next_season_turn(date(2026, 1, 25), START, 2) == date(2026, 2, 2)
    assert next_season_turn(date(2025, 12, 1), START, 2) == START


def test_a_season_lasts_at_least_a_week() -> None:
    with pytest.raises(ValueError, match="at least one week"):
        season_on(START, manual=Season.NEWLEAF, start=START, weeks_per_season=0)


def test_how_many_more_failures_until_starving() -> None:
    assert fails_until_starving(0, nursing=False) == 3
    assert fails_until_starving(2, nursing=False) == 1
    assert fails_until_starving(1, nursing=True) == 1
    assert fails_until_starving(5, nursing=False) == 0


def test_at_risk_is_one_failure_from_starving() -> None:
    assert at_risk(2, False, nursing=False)
    assert not at_risk(1, False, nursing=False)
    assert at_risk(1, False, nursing=True)
    assert not at_risk(3, True, nursing=False)  # already starving: not "at risk" any more


def test_a_kit_starves_with_its_mother_keeping_its_streak() -> None:
    kit = cat(age_moons=1).model_copy(update={"fail_streak": 1})
    starved = starving_with_mother(kit)
    assert (starved.starving, starved.fail_streak) == (True, 1)
