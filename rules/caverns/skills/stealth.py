"""Stealth in battle (book l. 267-272), the pure part: the enemy rows (Infiltrate's Advance,
twice the Health lost there and the ejection, Truss's drag, Masquerade), Waylay's Damage."""

from __future__ import annotations

from rules.caverns.battle.rows import BattleState, Combatant, Row, close_lines, replace, row_key
from rules.errors import PawpostError

INFILTRATED_LOSS_FACTOR = 2  # book l. 267: "they lose twice as much Health"
WAYLAY_DAMAGE = 2  # book l. 269: "made at +2 damage"


def in_enemy_rows(fighter: Combatant) -> bool:
    return fighter.among is not None


def enemy_rows_loss(fighter: Combatant, amount: int) -> int:
    """In the enemy rows a combatant loses twice the Health (l. 267; the Mantekarr, l. 451)."""
    return amount * INFILTRATED_LOSS_FACTOR if in_enemy_rows(fighter) else amount


def ejected(state: BattleState, combatant_id: int) -> tuple[BattleState, bool]:
    """Harmed in the enemy rows, it is back in its own front row (l. 267). True if it was."""
    fighter = state.combatant(combatant_id)
    if not in_enemy_rows(fighter) or not fighter.present:
        return state, False
    back = fighter.model_copy(update={"among": None, "row": Row.FRONT})
    return close_lines(replace(state, back)), True


def moved_to(state: BattleState, fighter: Combatant, key: str) -> BattleState:
    """The combatant stands in the row (its own side's, or an enemy's as an infiltrator)."""
    side, _, row = key.partition(":")
    among = None if side == fighter.side else side
    return close_lines(replace(state, fighter.model_copy(update={"among": among, "row": Row(row)})))


def infiltration_row(state: BattleState, fighter: Combatant, side: str) -> str:
    """Infiltrate's Advance (l. 267): from your front row into an enemy side's front row, or
    on from its front row to its back row."""
    if side == fighter.side or side not in state.sides:
        raise PawpostError("Name the enemy side whose rows you advance into.")
    if fighter.among is None:
        if fighter.row is not Row.FRONT:
            raise PawpostError("Advance to your own front row first; the enemy rows lie beyond.")
        return row_key(side, Row.FRONT)
    if fighter.among != side or fighter.row is not Row.FRONT:
        raise PawpostError("You are as deep in the enemy rows as you can go.")
    return row_key(side, Row.BACK)


def dragged(state: BattleState, attacker: Combatant, target: Combatant) -> BattleState:
    """Truss (l. 268): the attacker back in its own front row, its foe dragged along."""
    state = replace(state, attacker.model_copy(update={"among": None, "row": Row.FRONT}))
    foe = state.combatant(target.id)
    if foe.present:
        state = replace(state, foe.model_copy(update={"among": attacker.side, "row": Row.FRONT}))
    return close_lines(state)


def may_attack(attacker: Combatant, victim: Combatant) -> bool:
    """Masquerade (l. 270): the impersonated creature's allies cannot attack the impostor."""
    return victim.masked_from is None or victim.masked_from != attacker.side
