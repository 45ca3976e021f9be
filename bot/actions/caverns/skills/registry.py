"""`/skill use` in a running battle: each skillset's module registers what its skills do on
the user's turn (or at once, for those the book says need no action); this module finds the
battle, checks the turn, pays the Harmony and stores the step."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from bot.actions.caverns.battle.acting import action_lost, before_acting
from bot.actions.caverns.battle.choices import hold_on
from bot.actions.caverns.battle.poisons import POISON_SKILLS
from bot.actions.caverns.battle.scene import Scene
from bot.actions.caverns.common import caverns_sheet, save
from bot.actions.caverns.skills import hunting, illusions, psionics, stealth
from bot.actions.caverns.skills.acrobatics import ACROBATICS_SKILLS
from bot.actions.caverns.skills.athletics import ATHLETICS_SKILLS
from bot.actions.caverns.skills.divination import SKILLSET_SKILLS as DIVINATION
from bot.actions.caverns.skills.dreamweaving import SKILLSET_SKILLS as DREAMWEAVING
from bot.actions.caverns.skills.healing import SKILLSET_SKILLS as HEALING
from bot.actions.caverns.skills.magery import MAGERY_SKILLS
from bot.actions.caverns.skills.music import MUSIC_SKILLS
from bot.actions.caverns.skills.mysticism import SKILLSET_SKILLS as MYSTICISM
from bot.actions.caverns.skills.rituals import RITUALS_SKILLS
from bot.actions.caverns.skills.totems import TOTEMS_SKILLS
from bot.actions.caverns.skills.turn import BattleSkill, SkillTurn
from bot.actions.context import Actor, Services
from bot.actions.formatting import safe
from bot.actions.reply import Reply
from rules.caverns.battle.rows import Combatant, Phase, end_turn, whose_turn
from rules.caverns.party.harmony import spend_harmony
from rules.caverns.skills import Skill
from rules.caverns.wording import signed
from rules.errors import PawpostError
from storage.models import Character

# Skill key -> its use in battle: each skillset's module has its own mapping, merged here.
BATTLE_SKILLS: Mapping[str, BattleSkill] = {
    **POISON_SKILLS,
    **MAGERY_SKILLS,
    **MUSIC_SKILLS,
    **ATHLETICS_SKILLS,
    **ACROBATICS_SKILLS,
    **TOTEMS_SKILLS,
    **RITUALS_SKILLS,
    **illusions.SKILLSET_SKILLS,
    **psionics.SKILLSET_SKILLS,
    **stealth.SKILLSET_SKILLS,
    **hunting.SKILLSET_SKILLS,
    **HEALING,
    **DIVINATION,
    **DREAMWEAVING,
    **MYSTICISM,
}


def use_in_battle(
    services: Services,
    actor: Actor,
    scene: Scene,
    character: Character,
    fighter: Combatant,
    skill: Skill,
    target: str | None,
    now: datetime,
) -> Reply:
    """Run a registered battle skill: on the user's turn when it takes an action, Harmony paid
    first (the book's "spend one Harmony"), the step stored over the version read."""
    use = BATTLE_SKILLS.get(skill.key)
    if use is None:
        raise PawpostError(f"{skill.name} has no use the bot makes in battle; the MC rules it.")
    if use.action and (scene.state.phase is not Phase.PLAYER or scene.state.current != fighter.id):
        raise PawpostError(f"It is not {safe(character.name)}'s turn: {whose_turn(scene.state)}")
    if use.action:
        hold_on(scene, actor, now)
    if use.action and not before_acting(services, scene, fighter):
        return action_lost(scene, actor, fighter, now)
    character, fighter = scene.character(fighter), scene.state.combatant(fighter.id)  # as changed
    sheet = caverns_sheet(character)
    if skill.harmony_cost:
        paid = spend_harmony(sheet, skill.harmony_cost, skill.name)
        save(scene.tx, character, paid)
        scene.say(
            f"{safe(character.name)} spends {skill.harmony_cost} Harmony ({signed(paid.harmony)})."
        )
    aimed = scene.state.by_name(target) if target and use.names_combatant else None
    use.run(SkillTurn(services, scene, actor, character, fighter, skill, aimed, target or ""))
    if use.action:
        scene.state = end_turn(scene.state)
    return scene.commit(actor, "skill", f"{character.name} uses {skill.name}", now)
