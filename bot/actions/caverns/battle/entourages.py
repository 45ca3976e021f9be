"""Entourages in a running battle (book l. 383): whether a combatant has one or may use Area,
and whether a defender's Entourage turns aside an attacker's Flourishes and counter-attacks
(a function the Flourish verbs call too). The rules are rules/caverns/battle/entourages.py."""

from __future__ import annotations

from bot.actions.caverns.battle.scene import Scene
from bot.actions.caverns.common import catalogue, caverns_sheet
from rules.caverns.battle.entourages import (
    area_access,
    entourage_ignores,
    has_entourage,
    npc_area_access,
    npc_has_entourage,
)
from rules.caverns.battle.rows import Combatant


def fighter_has_entourage(scene: Scene, fighter: Combatant) -> bool:
    if fighter.character_id is None:
        return npc_has_entourage(scene.state, fighter)
    return has_entourage(caverns_sheet(scene.character(fighter)))


def fighter_has_area(scene: Scene, fighter: Combatant) -> bool:
    if fighter.character_id is None:
        return npc_area_access(fighter)
    sheet = caverns_sheet(scene.character(fighter))
    return area_access(sheet, catalogue(scene.tx, scene.guild))


def shielded(scene: Scene, attacker: Combatant, defender: Combatant) -> bool:
    """Whether the defender's Entourage turns aside the attacker's Flourishes and
    counter-attacks: not against another Entourage nor an attacker with access to Area."""
    if not fighter_has_entourage(scene, defender):
        return False
    return entourage_ignores(
        True, fighter_has_entourage(scene, attacker), fighter_has_area(scene, attacker)
    )
