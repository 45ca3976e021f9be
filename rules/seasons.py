"""The Clans' seasons (Newleaf, Greenleaf, Leaf-fall, Leaf-bare), set by hand or turning by
themselves a few weeks each: shared by every ruleset that plays in the forest."""

from __future__ import annotations

from datetime import date, timedelta
from enum import StrEnum


class Season(StrEnum):
    NEWLEAF = "newleaf"
    GREENLEAF = "greenleaf"
    LEAF_FALL = "leaf-fall"
    LEAF_BARE = "leaf-bare"

    @property
    def label(self) -> str:
        """The name players see: "Leaf-bare"."""
        return self.value.capitalize()


# The order the seasons come in; an automatic cycle starts with Newleaf on its start date.
SEASON_CYCLE: tuple[Season, ...] = (
    Season.NEWLEAF,
    Season.GREENLEAF,
    Season.LEAF_FALL,
    Season.LEAF_BARE,
)
DAYS_PER_WEEK = 7


def _season_days(weeks_per_season: int) -> int:
    if weeks_per_season < 1:
        raise ValueError("a season lasts at least one week")
    return weeks_per_season * DAYS_PER_WEEK


def season_began(day: date, start: date, weeks_per_season: int) -> date | None:
    """The first day of the automatic season `day` is in; None before the cycle starts."""
    if day < start:
        return None
    length = _season_days(weeks_per_season)
    return start + timedelta(days=(day - start).days // length * length)


def season_on(day: date, *, manual: Season, start: date | None, weeks_per_season: int) -> Season:
    """The season on `day`: the one set by hand until an automatic cycle has started, then
    the cycle's (Newleaf from `start`, each season `weeks_per_season` weeks long)."""
    if start is None or day < start:
        return manual
    length = _season_days(weeks_per_season)
    return SEASON_CYCLE[(day - start).days // length % len(SEASON_CYCLE)]


def next_season_turn(day: date, start: date | None, weeks_per_season: int) -> date | None:
    """The first day of the next automatic season after `day` (the start itself while it is
    still ahead); None when seasons are set by hand."""
    if start is None:
        return None
    began = season_began(day, start, weeks_per_season)
    return start if began is None else began + timedelta(days=_season_days(weeks_per_season))
