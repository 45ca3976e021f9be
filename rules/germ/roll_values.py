"""A Germ cat's values by name for saved rolls (`/macro set name:sneak expression:1d20+{stealth}`):
its six stats' points."""

from __future__ import annotations

from rules.germ.sheet import STATS, GermSheet


def roll_values(sheet: GermSheet) -> dict[str, int]:
    return {stat.value: int(getattr(sheet, stat.value)) for stat in STATS}
