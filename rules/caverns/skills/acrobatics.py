"""Acrobatics in battle (book l. 200-204), the pure part: Dodge's penalty on the enemy's
attack, doubled on a Handstand. Contortion and Dexterity are immunities (afflictions.py)."""

from __future__ import annotations

from rules.caverns.battle.rows import Combatant, beyond_melee
from rules.caverns.sheet import CavernsSheet
from rules.rolls import Modifier

DODGE_PENALTY = 2  # l. 200: "all enemies in melee range take a -2 on all rolls to attack you"
HANDSTAND_FACTOR = 2  # l. 203: "double the bonus from Dodge"


def wears_armour(sheet: CavernsSheet) -> bool:
    """Dodge needs no armour worn; a broken piece is still worn."""
    return bool(sheet.armour)


def dodge_modifier(
    sheet: CavernsSheet, attacker: Combatant, victim: Combatant, *, handstand: bool
) -> Modifier | None:
    """An enemy in melee range attacking an unarmoured dodger takes -2 (-4 on a Handstand)."""
    if not sheet.has_skill("acrobatics:dodge") or wears_armour(sheet):
        return None
    if beyond_melee(attacker, victim):
        return None
    if handstand:
        return Modifier(value=-DODGE_PENALTY * HANDSTAND_FACTOR, reason="Dodge on a Handstand")
    return Modifier(value=-DODGE_PENALTY, reason="Dodge")
