"""Athletics in battle (book l. 193-198): Transmute as an action. Vitality answers a death
(reactions); Fitness and Adrenaline work through the conditions."""

from __future__ import annotations

from bot.actions.caverns.common import caverns_sheet, save
from bot.actions.caverns.skills.turn import BattleSkill, SkillTurn
from bot.actions.formatting import safe
from rules.caverns.health import transmute


def _transmute(turn: SkillTurn) -> None:
    """As an action, one Vitae restores Health to full (l. 197)."""
    after = transmute(caverns_sheet(turn.character))
    save(turn.scene.tx, turn.character, after)
    turn.scene.say(
        f"{safe(turn.character.name)} spends 1 Vitae ({after.vitae} left): Health is full "
        f"({after.health})."
    )


ATHLETICS_SKILLS: dict[str, BattleSkill] = {
    "athletics:transmute": BattleSkill(run=_transmute, names_combatant=False),
}
