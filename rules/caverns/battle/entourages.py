"""Entourages in battle (book l. 383): who has one (Summonings, Fae Allies, an Animal
Companion; a Village Leader while a guard lives), who may use Area, and whom an Entourage
ignores."""

from __future__ import annotations

from collections.abc import Mapping

from rules.caverns.battle.bestiary import find_creature
from rules.caverns.battle.rows import BattleState, Combatant
from rules.caverns.battle.specials import has_entourage as leader_guarded
from rules.caverns.catalogue import CatalogueItem, Special, item_key
from rules.caverns.sheet import CavernsSheet

# Skills that give an Entourage (l. 173, 182, 274); Village Leaders have one while a guard
# lives (l. 545), its guards being "otherwise identical to ordinary Villagers" (l. 546).
ENTOURAGE_SKILLS: tuple[str, ...] = (
    "magery:summonings",
    "nature:fae-allies",
    "hunting:animal-companion",
)

VILLAGE_LEADER = "Village Leader"


def has_entourage(sheet: CavernsSheet) -> bool:
    """Summonings, Fae Allies or an Animal Companion give a character an Entourage."""
    return any(sheet.has_skill(key) for key in ENTOURAGE_SKILLS)


def npc_has_entourage(state: BattleState, fighter: Combatant) -> bool:
    """A Village Leader keeps its Entourage while one of its guards lives (l. 545)."""
    return fighter.creature == VILLAGE_LEADER and leader_guarded(state, fighter)


def area_access(sheet: CavernsSheet, catalogue: Mapping[str, CatalogueItem]) -> bool:
    """Able to use the Area Flourish (l. 383: rolling doubles is not needed): Cleave, or an
    intact weapon carried whose Flourishes include Area."""
    if sheet.has_skill("combat:cleave"):
        return True
    for item in sheet.equipment:
        known = catalogue.get(item_key(item.name))
        if not item.broken and known is not None and Special.AREA in known.flourishes:
            return True
    return False


def npc_area_access(fighter: Combatant) -> bool:
    return fighter.creature is not None and find_creature(fighter.creature).flourish is Special.AREA


def entourage_ignores(defender: bool, attacker: bool, attacker_area: bool) -> bool:
    """A defender with an Entourage ignores Flourishes and counter-attacks, save from an
    attacker who also has one or has access to Area (l. 383)."""
    return defender and not attacker and not attacker_area
