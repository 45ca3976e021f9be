"""Illusions, Psionics, Stealth and Hunting in battle (book l. 253-279), the pure part: rows by
key, Illusions counted per row, the enemy rows (Infiltrate, Truss, Veil), Smudge's timer,
Trapper's conditions, Harry's absent companion and Mind Crush's test."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rules.caverns.battle.marks import Smudge, Trap
from rules.caverns.battle.rows import PARTY, BattleState, Combatant, Row, close_lines, replace
from rules.caverns.conditions import Condition
from rules.errors import PawpostError
from rules.rolls import Modifier

ILLUSION_BONUS = 1  # book l. 253: "+1 on all rolls to Advance to or Flee from that Row"
ILLUSORY_WALL_PENALTY = 1  # book l. 255: "your enemies take -1 ... for each Illusion"
PHANTASMAGORA_DAMAGE = 1  # book l. 258: "one damage for each Illusion formerly in its Row"
PSI_ARMOUR_EXTRA = 1  # book l. 261: "reduces all damage by one more than usual"
INFILTRATED_LOSS_FACTOR = 2  # book l. 267: "they lose twice as much Health"
WAYLAY_DAMAGE = 2  # book l. 269: "made at +2 damage"
SMUDGE_DAMAGE = 7  # book l. 278: "takes seven Damage"
TRAPPER_CONDITIONS = (Condition.BOUND, Condition.BROKEN_LIMB, Condition.PRONE)  # book l. 279


# --- Rows by key ---------------------------------------------------------------------------


def row_key(side: str, row: Row) -> str:
    """A row of the battlefield: "enemies:front", "party:back"."""
    return f"{side}:{row.value}"


def standing(fighter: Combatant) -> str:
    """The row a combatant stands in (an infiltrator: the enemy row it entered)."""
    return row_key(fighter.ground, fighter.row)


def row_label(key: str) -> str:
    """ "the enemies' front row"."""
    side, _, row = key.partition(":")
    return f"the {side} side's {row} row"


def parse_row(state: BattleState, text: str, own_side: str) -> str:
    """A row as typed: "front" or "back" (your own side's), or "<side> front|back"."""
    words = " ".join(text.strip().lower().replace(":", " ").split()).split(" ")
    try:
        row = Row(words[-1])
    except ValueError:
        raise PawpostError(
            'Name a row: "front", "back", or a side and a row ("enemies front").'
        ) from None
    side = " ".join(words[:-1]) or own_side
    if side not in state.sides:
        raise PawpostError(f'No side called "{side}" is in this battle: {", ".join(state.sides)}.')
    return row_key(side, row)


def in_row(state: BattleState, key: str) -> list[Combatant]:
    """The combatants present in a row."""
    return [c for c in state.combatants if c.present and standing(c) == key]


# --- Illusions (l. 253-258) ----------------------------------------------------------------


def illusions_in(state: BattleState, key: str) -> int:
    return state.illusions.get(key, 0)


def add_illusion(state: BattleState, key: str) -> BattleState:
    """Illusions (l. 253): one more Illusion in the row."""
    counts = dict(state.illusions)
    counts[key] = counts.get(key, 0) + 1
    return state.model_copy(update={"illusions": counts})


def expend_illusion(state: BattleState, key: str) -> BattleState:
    """One Illusion of the row used up (Reflection, Starburst, Programmed)."""
    have = illusions_in(state, key)
    if have < 1:
        raise PawpostError(f"There is no Illusion in {row_label(key)}.")
    counts = dict(state.illusions)
    if have == 1:
        del counts[key]
    else:
        counts[key] = have - 1
    return state.model_copy(update={"illusions": counts})


def illusion_modifiers(state: BattleState, key: str, *, party: bool, wall: bool) -> list[Modifier]:
    """An Advance to or Flee from the row: +1 per Illusion for the party (l. 253), -1 per
    Illusion for its enemies when one of the party has Illusory Wall (l. 255)."""
    count = illusions_in(state, key)
    if not count:
        return []
    if party:
        return [Modifier(value=count * ILLUSION_BONUS, reason="Illusions")]
    if wall:
        return [Modifier(value=-count * ILLUSORY_WALL_PENALTY, reason="Illusory Wall")]
    return []


def phantasmagora(
    state: BattleState, reaches: Callable[[Combatant], bool] | None = None
) -> tuple[BattleState, list[tuple[Combatant, int]]]:
    """Phantasmagora (l. 258): no Illusions left; each enemy (each one `reaches`: everybody,
    for a Paranoid user) and the damage it takes."""
    hit = [c for c in state.combatants if c.present and reaches(c)] if reaches else state.enemies()
    hurt = [
        (c, illusions_in(state, standing(c)) * PHANTASMAGORA_DAMAGE)
        for c in hit
        if illusions_in(state, standing(c))
    ]
    return state.model_copy(update={"illusions": {}}), hurt


# --- The enemy rows (l. 267-272) -----------------------------------------------------------


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


# --- Psionics (l. 260-265) -----------------------------------------------------------------


def may_mind_crush(enemy_health: int, harmony: int) -> bool:
    """Mind Crush (l. 265): "less Health remaining than you have Harmony"."""
    return enemy_health < harmony


# --- Hunting (l. 274-279) ------------------------------------------------------------------


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
