"""Hunting in battle (book l. 274-279), the pure part: Harry's absent companion, Smudge's
timer and Trapper's three conditions."""

from __future__ import annotations

from collections.abc import Sequence

from rules.caverns.battle.marks import Smudge, Trap
from rules.caverns.battle.rows import PARTY, BattleState, Combatant, in_row
from rules.caverns.conditions import Condition
from rules.errors import PawpostError

SMUDGE_DAMAGE = 7  # book l. 278: "takes seven Damage"
TRAPPER_CONDITIONS = (Condition.BOUND, Condition.BROKEN_LIMB, Condition.PRONE)  # book l. 279


def companion_away(state: BattleState, fighter: Combatant) -> bool:
    """Harry (l. 276): the companion is gone while the harried foe stays Bound (and is still
    in the battle)."""
    if fighter.harrying is None:
        return False
    foe = state.combatant(fighter.harrying)
    return foe.present and foe.condition(Condition.BOUND) is not None


def place_smudge(state: BattleState, owner: Combatant, key: str) -> BattleState:
    """Smudge (l. 278): the row burns at the end of the user's next turn."""
    if any(s.owner == owner.id for s in state.smudges):
        raise PawpostError("Your last Smudge has not burnt yet.")
    smudge = Smudge(owner=owner.id, row=key, placed_turn=state.turn)
    return state.model_copy(update={"smudges": [*state.smudges, smudge]})


def due_smudges(
    state: BattleState, owner: int, ended_turn: int
) -> tuple[BattleState, list[Smudge]]:
    """The owner's turn `ended_turn` ended: its Smudges from an earlier turn burn now."""
    due = [s for s in state.smudges if s.owner == owner and s.placed_turn < ended_turn]
    kept = [s for s in state.smudges if s not in due]
    return state.model_copy(update={"smudges": kept}), due


def smudged(state: BattleState, smudge: Smudge, *, everybody: bool = False) -> list[Combatant]:
    """Every enemy of the party still in the smudged row (`everybody`: the Smudge's owner is
    Paranoid, l. 363, and it burns all there but the owner)."""
    return [
        c
        for c in in_row(state, smudge.row)
        if (c.side != PARTY or everybody) and c.id != smudge.owner
    ]


def trapper_choice(picked: Sequence[Condition]) -> tuple[Condition, Condition, Condition]:
    """Trapper (l. 279): the first two picks in order (advance, flee); the third is the one
    left, the Flourish."""
    if not 2 <= len(picked) <= len(TRAPPER_CONDITIONS) or len(set(picked)) != len(picked):
        raise PawpostError(
            "Trapper picks Bound, Broken Limb and Prone in an order: the first for the first "
            'enemy to Advance, the second for the first to Flee ("bound, prone").'
        )
    if any(c not in TRAPPER_CONDITIONS for c in picked):
        raise PawpostError("Trapper picks among Bound, Broken Limb and Prone.")
    last = next(c for c in TRAPPER_CONDITIONS if c not in picked[:2])
    if len(picked) == len(TRAPPER_CONDITIONS) and picked[2] is not last:
        raise PawpostError("Trapper's third pick is the one left over.")
    return picked[0], picked[1], last


def set_trap(state: BattleState, owner: Combatant, picked: Sequence[Condition]) -> BattleState:
    """Trapper at the start of the battle (before the first turn ends), once."""
    if state.turn > 0:
        raise PawpostError("Trapper is used at the start of the battle, before the first turn.")
    if any(t.owner == owner.id for t in state.traps):
        raise PawpostError("You have set your traps for this battle already.")
    advance, flee, flourish = trapper_choice(picked)
    trap = Trap(owner=owner.id, on_advance=advance, on_flee=flee, flourish=flourish)
    return state.model_copy(update={"traps": [*state.traps, trap]})


def spring_traps(state: BattleState, move: str) -> tuple[BattleState, list[Condition]]:
    """An enemy Advances ("advance") or Flees ("flee"): the traps not yet sprung for that
    move spring on it."""
    sprung: list[Condition] = []
    traps = []
    for trap in state.traps:
        condition = trap.on_advance if move == "advance" else trap.on_flee
        if condition is not None:
            sprung.append(condition)
            field = "on_advance" if move == "advance" else "on_flee"
            trap = trap.model_copy(update={field: None})
        traps.append(trap)
    return state.model_copy(update={"traps": traps}), sprung


def trapper_flourish(state: BattleState, combatant_id: int) -> Condition | None:
    """The condition Trapper adds as a Flourish to all of the combatant's attacks this
    battle, for the Flourish helper."""
    return next((t.flourish for t in state.traps if t.owner == combatant_id), None)
