"""How close a cat is to starving, and a nursing mother's kits starving with her."""

from __future__ import annotations

from collections.abc import Mapping

from rules.germ.hunting import after_hunt, fails_to_starve, is_nursing, nursing_kits
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


def _nursing(youngest_kit_moons: int | None) -> bool:
    return youngest_kit_moons is not None and is_nursing([youngest_kit_moons])


class GermHunger:
    """Germ's starvation as hunting's weekly bookkeeping asks about it."""

    def fails_until_starving(self, fail_streak: int, youngest_kit_moons: int | None) -> int:
        return fails_until_starving(fail_streak, nursing=_nursing(youngest_kit_moons))

    def missed_hunt(
        self, fail_streak: int, starving: bool, youngest_kit_moons: int | None
    ) -> tuple[int, bool, bool]:
        update = after_hunt(fail_streak, starving, False, nursing=_nursing(youngest_kit_moons))
        return update.fail_streak, update.starving, update.became_starving

    def starving_kits(self, ages: Mapping[int, int]) -> list[int]:
        return nursing_kits(ages)
