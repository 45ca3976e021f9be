"""Illusions in battle (book l. 253-258), the pure part: Illusions counted per row, their
bonus to the party's moves and Illusory Wall's penalty to the enemy's, and Phantasmagora."""

from __future__ import annotations

from collections.abc import Callable

from rules.caverns.battle.rows import BattleState, Combatant, row_label, standing
from rules.errors import PawpostError
from rules.rolls import Modifier

ILLUSION_BONUS = 1  # book l. 253: "+1 on all rolls to Advance to or Flee from that Row"
ILLUSORY_WALL_PENALTY = 1  # book l. 255: "your enemies take -1 ... for each Illusion"
PHANTASMAGORA_DAMAGE = 1  # book l. 258: "one damage for each Illusion formerly in its Row"


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
