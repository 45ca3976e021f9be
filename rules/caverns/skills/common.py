"""What the skillsets' battle rules share: standing effects put in place of others, whose turn
has just ended, and who is whose ally or enemy."""

from __future__ import annotations

from collections.abc import Callable

from rules.caverns.battle.effects import Effect
from rules.caverns.battle.rows import BattleState, Combatant, Phase


def with_effect(
    state: BattleState, effect: Effect, replaces: Callable[[Effect], bool]
) -> BattleState:
    """The state with `effect` in place of those `replaces` picks."""
    kept = [e for e in state.effects if not replaces(e)]
    return state.model_copy(update={"effects": [*kept, effect]})


def without_effects(state: BattleState, drop: Callable[[Effect], bool]) -> BattleState:
    return state.model_copy(update={"effects": [e for e in state.effects if not drop(e)]})


def previous_player(state: BattleState) -> int | None:
    """The player combatant whose turn came last (the enemies' turn follows it)."""
    if not state.order:
        return None
    return state.order[(state.next_player - 1) % len(state.order)]


def at_end_of_turn(state: BattleState, fighter: Combatant) -> bool:
    """A player's turn, or the enemies' turn right after it: "at the end of each of your
    turns" (Immunize), "ends their turn" (Sweet Dreams)."""
    if state.phase is Phase.PLAYER:
        return state.current == fighter.id
    return state.phase is Phase.ENEMY and previous_player(state) == fighter.id


def are_enemies(a: Combatant, b: Combatant) -> bool:
    return a.side != b.side


def is_ally(
    owner: Combatant, other: Combatant, paranoid: Callable[[Combatant], bool] | None = None
) -> bool:
    """Another present combatant of the owner's side; a Paranoid one "has no allies" (l. 363)
    on either end."""
    if owner.id == other.id or owner.side != other.side or not owner.present:
        return False
    if not other.present:
        return False
    return paranoid is None or not (paranoid(owner) or paranoid(other))
