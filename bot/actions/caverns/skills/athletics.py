"""Athletics in battle (book l. 193-198): Vitality answers a death by itself, Transmute is an
action; Fitness and Adrenaline work through the conditions, Immunity through the poisons."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.caverns.sheet import CavernsSheet
from rules.caverns.skills.athletics import vitality
from rules.caverns.wording import signed
from storage.models import Character

if TYPE_CHECKING:
    from bot.actions.caverns.battle.scene import Scene


from bot.actions.caverns.common import caverns_sheet, save
from bot.actions.caverns.skills.turn import BattleSkill, SkillTurn
from bot.actions.formatting import safe
from rules.caverns.health import transmute

# --- Athletics in the battle's own steps ---------------------------------------------------


def survive(scene: Scene, character: Character, sheet: CavernsSheet) -> CavernsSheet:
    """Vitality (l. 194), applied by itself whenever Harmony can pay: a death costs a Vitae
    and the rest of the battle, a point of Harmony far less."""
    saved = vitality(sheet)
    if saved is None:
        return sheet
    scene.say(
        f"{safe(character.name)} would die, but Vitality holds: 1 Harmony spent "
        f"({signed(saved.harmony)}), {saved.health} Health left."
    )
    return saved


# --- Athletics' skills used in battle (/skill use) -----------------------------------------


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
