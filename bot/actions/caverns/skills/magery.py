"""Magery in battle (book l. 167-174): Beguiling. Summonings' Entourage is in
battle/entourages.py."""

from __future__ import annotations

from bot.actions.caverns.skills.common import enemy_target
from bot.actions.caverns.skills.turn import BattleSkill, SkillTurn
from rules.caverns.conditions import Condition


def _beguiling(turn: SkillTurn) -> None:
    """Spend one Harmony: an enemy is Entranced with you; no action (l. 174)."""
    target = enemy_target(turn)
    turn.scene.afflict(
        target, Condition.ENTRANCEMENT, note=turn.fighter.name, by=f"{turn.fighter.name}'s charm"
    )


MAGERY_SKILLS: dict[str, BattleSkill] = {
    "magery:beguiling": BattleSkill(run=_beguiling, action=False),
}
