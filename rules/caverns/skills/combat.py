"""Combat in battle (book l. 155-165), the pure part: Parry's one less damage. The Flourishes
Combat adds (Assault, Riposte, Cleave, Crush, Lunge, Sunder, Nerve Pinch, Kata) are chosen in
battle/flourishes.py; Gripping is an immunity (afflictions.py)."""

from __future__ import annotations

from rules.caverns.sheet import CavernsSheet

PARRY_REDUCTION = 1  # l. 157: "reduce the damage you take (if any) by one"


def parry_reduction(sheet: CavernsSheet, counter_lands: bool) -> int:
    """Parry: one less damage taken when your counter-attack damages the attacker."""
    return PARRY_REDUCTION if counter_lands and sheet.has_skill("combat:parry") else 0
