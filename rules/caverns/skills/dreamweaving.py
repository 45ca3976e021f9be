"""Dreamweaving in battle (book l. 238-243), the pure part: Eternal Sleep's deeper sleep and
who may wake it, and the enemy whose Slumber puts the Fatigued to sleep. Dreambody's key is
the sheet's (sheet.py)."""

from __future__ import annotations

from collections.abc import Callable

from rules.caverns.battle.rows import BattleState, Combatant
from rules.caverns.conditions import ActiveCondition, Condition
from rules.caverns.skills.common import are_enemies

# Skill keys, as the sheets store them.
SLUMBER = "dreamweaving:slumber"
CONTROL = "dreamweaving:control"
SWEET_DREAMS = "dreamweaving:sweet-dreams"
POSSESS = "dreamweaving:possess"
ETERNAL_SLEEP = "dreamweaving:eternal-sleep"

ETERNAL_SLEEP_DIFFICULTY = 10  # "the Harmony check ... is 10" (l. 243)
ETERNAL_SLEEP_NOTE = "Eternal Sleep"


def deepened(active: ActiveCondition) -> ActiveCondition:
    """Eternal Sleep on a sleep: its Harmony roll is 10, and nothing but that roll wakes it."""
    if active.condition is not Condition.SLEEPING:
        raise ValueError("Eternal Sleep deepens a sleep")
    return active.model_copy(
        update={"difficulty": ETERNAL_SLEEP_DIFFICULTY, "note": ETERNAL_SLEEP_NOTE}
    )


def can_be_woken(active: ActiveCondition) -> bool:
    """Whether damage or another's action may wake this sleeper (not under Eternal Sleep)."""
    return not (active.condition is Condition.SLEEPING and active.note == ETERNAL_SLEEP_NOTE)


def slumbering_enemy(
    state: BattleState, fighter: Combatant, has: Callable[[Combatant], bool]
) -> Combatant | None:
    """A present enemy of the fighter with Slumber (`has` says who has it), if any."""
    return next(
        (c for c in state.combatants if c.present and are_enemies(c, fighter) and has(c)), None
    )
