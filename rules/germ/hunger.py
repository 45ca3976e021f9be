"""How close a cat is to starving, and a nursing mother's kits starving with her."""

from __future__ import annotations

from rules.germ.hunting import fails_to_starve
from rules.germ.sheet import GermSheet


def fails_until_starving(fail_streak: int, *, nursing: bool) -> int:
    """How many more failed hunts in a row would starve a cat that is not starving yet."""
    return max(fails_to_starve(nursing=nursing) - fail_streak, 0)


def at_risk(fail_streak: int, starving: bool, *, nursing: bool) -> bool:
    """One more failed hunt would starve the cat."""
    return not starving and fails_until_starving(fail_streak, nursing=nursing) <= 1


def starving_with_mother(kit: GermSheet) -> GermSheet:
    """A kit under 2 moons whose mother has just become starving: starving too, its own streak
    left as it was (see `rules.germ.hunting.nursing_kits` for which kits)."""
    return kit.model_copy(update={"starving": True})
