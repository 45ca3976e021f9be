"""Psionics in battle (book l. 260-265), the pure part: Psi Armour's extra and Mind Crush's
test."""

from __future__ import annotations

PSI_ARMOUR_EXTRA = 1  # book l. 261: "reduces all damage by one more than usual"


def may_mind_crush(enemy_health: int, harmony: int) -> bool:
    """Mind Crush (l. 265): "less Health remaining than you have Harmony"."""
    return enemy_health < harmony
