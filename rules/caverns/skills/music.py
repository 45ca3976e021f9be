"""Music in battle (book l. 185-190), the pure part: the Sick Beat's conditions, Fugue's
cure, Encore's Damage and Discordant Chords' loss."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rules.caverns.battle.effects import EffectKind, effects_of
from rules.caverns.battle.rows import BattleState, Combatant
from rules.caverns.conditions import Condition, parse_condition
from rules.caverns.sheet import SICK_BEAT_OPTIONS, CavernsSheet
from rules.errors import PawpostError

ENCORE_DAMAGE = 1  # l. 189: "gain one extra damage on your next musical attack"
DISCORDANT_LOSS = 1  # l. 190: "they lose one health"


def encore_damage(state: BattleState, fighter: Combatant) -> int:
    return sum(e.amount for e in effects_of(state, EffectKind.ENCORE, owner=fighter.id))


def sick_beat_picks(
    chosen: Sequence[Condition], suffering: Iterable[Condition], points: int
) -> tuple[Condition, ...]:
    """Which of the Bard's three conditions a Sick Beat of `points` inflicts: one per point, in
    the order the Bard chose them at creation, those the target lacks first (inflicting one it
    has only starts it afresh), each at most once."""
    has = set(suffering)
    ordered = [c for c in chosen if c not in has] + [c for c in chosen if c in has]
    return tuple(ordered[: max(0, points)])


def fugue_condition(sheet: CavernsSheet, text: str) -> Condition:
    """The condition Fugue cures: one of the Sick Beat list the Bard did not choose."""
    condition = parse_condition(text)
    others = [c for c in SICK_BEAT_OPTIONS if c not in sheet.sick_beat]
    if condition not in others:
        names = ", ".join(c.label for c in others)
        raise PawpostError(
            f"Fugue cures one of the Sick Beat conditions you did not choose: {names}."
        )
    return condition
