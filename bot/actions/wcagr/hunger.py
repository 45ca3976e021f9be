"""WCAGR as hunting's weekly bookkeeping sees it: the book has no starvation rule (RULINGS), so
no streak of failed hunts starves a cat and a missed week changes nothing."""

from __future__ import annotations

from collections.abc import Mapping

from bot.ruleset import NEVER_STARVES


class WcagrHunger:
    """No cat starves."""

    def fails_until_starving(self, fail_streak: int, youngest_kit_moons: int | None) -> int:
        return NEVER_STARVES

    def missed_hunt(
        self, fail_streak: int, starving: bool, youngest_kit_moons: int | None
    ) -> tuple[int, bool, bool]:
        return 0, False, False

    def starving_kits(self, ages: Mapping[int, int]) -> list[int]:
        return []
