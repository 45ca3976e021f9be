"""Athletics in battle (book l. 193-198), the pure part: Vitality. Fitness and Adrenaline
work through the conditions (afflictions.py); Immunity's roll is skill_uses.py's, made on
exposure to a poison."""

from __future__ import annotations

from rules.caverns.constants import ATTRIBUTE_MIN, SKILL_HARMONY_COST
from rules.caverns.sheet import CavernsSheet

VITALITY_HEALTH = 1  # l. 194: "survive with one Health instead"


def vitality(sheet: CavernsSheet) -> CavernsSheet | None:
    """Vitality: about to die, one Harmony keeps the character alive at 1 Health (None when it
    cannot: no skill, not dying, or Harmony already at -3)."""
    if not sheet.is_dead or not sheet.has_skill("athletics:vitality"):
        return None
    if sheet.harmony - SKILL_HARMONY_COST < ATTRIBUTE_MIN:
        return None
    return sheet.model_copy(
        update={"harmony": sheet.harmony - SKILL_HARMONY_COST, "health": VITALITY_HEALTH}
    )
