"""Illusions in battle (book l. 253-258): where a character's Illusions go, Reflection's
Illusion spent as armour, Starburst's blinding and Phantasmagora. The Illusions themselves,
Illusory Wall and Programmed work by themselves (bot/actions/caverns/skills_b2_hooks.py)."""

from __future__ import annotations

from bot.actions.caverns.battle.scene import armour_blocks, harm
from bot.actions.caverns.common import caverns_sheet
from bot.actions.caverns.skills.hooks import foes
from bot.actions.caverns.skills.turn import BattleSkill, SkillTurn
from bot.actions.caverns.skills_b2_hooks import latest_hit, negate_hit
from bot.actions.formatting import safe
from rules.caverns.battle.rows import PARTY, parse_row, replace, row_label, standing
from rules.caverns.conditions import Condition
from rules.caverns.skills.illusions import expend_illusion, illusions_in, phantasmagora
from rules.errors import PawpostError


def _choose_row(turn: SkillTurn) -> None:
    """Illusions (l. 253): the row where this character's Illusion appears at the end of
    each of its turns (its own row until it picks one); no action."""
    scene = turn.scene
    if not turn.text.strip():
        raise PawpostError('Name the row your Illusions go to: "front", "enemies back"…')
    key = parse_row(scene.state, turn.text, PARTY)
    fighter = scene.state.combatant(turn.fighter.id)
    scene.state = replace(scene.state, fighter.model_copy(update={"illusion_row": key}))
    scene.say(
        f"{safe(fighter.name)}'s Illusions appear in {row_label(key)} at the end of each of "
        f"their turns ({illusions_in(scene.state, key)} there now)."
    )


def _reflection(turn: SkillTurn) -> None:
    """Reflection (l. 254): an ally just attacked in a row with an Illusion expends it as
    if it were Armour (the illusionist's player uses it for them)."""
    scene = turn.scene
    ally = turn.require_target()
    if ally.side != PARTY or ally.id == turn.fighter.id or ally.character_id is None:
        raise PawpostError("Reflection protects an ally of yours, not yourself or an enemy.")
    hit = latest_hit(scene, ally, "Reflection")
    key = standing(scene.state.combatant(ally.id))
    scene.state = expend_illusion(scene.state, key)
    character = scene.character(ally)
    negate_hit(scene, character, hit, armour_blocks(caverns_sheet(character)), "An Illusion")


def _starburst(turn: SkillTurn) -> None:
    """Starburst (l. 256): an action; an Illusion in an enemy's row is expended and the
    enemy is Blind."""
    scene = turn.scene
    enemy = turn.require_target()
    if enemy.side == PARTY or not enemy.present:
        raise PawpostError(f"{safe(enemy.name)} is not an enemy still in the battle.")
    key = standing(enemy)
    scene.state = expend_illusion(scene.state, key)
    scene.afflict(scene.state.combatant(enemy.id), Condition.BLIND, by="a Starburst")


def _phantasmagora(turn: SkillTurn) -> None:
    """Phantasmagora (l. 258): one Harmony (paid by the dispatch); every Illusion is gone and
    each enemy takes one damage per Illusion that was in its row."""
    scene = turn.scene
    if not scene.state.illusions:
        raise PawpostError("There are no Illusions on the battlefield.")
    reached = {c.id for c in foes(scene, turn.fighter)}  # everybody, if Paranoid (l. 363)
    scene.state, hurt = phantasmagora(scene.state, lambda c: c.id in reached)
    scene.say("Every Illusion bursts.")
    for enemy, damage in hurt:
        harm(scene, scene.state.combatant(enemy.id), damage, turn.fighter)


SKILLSET_SKILLS: dict[str, BattleSkill] = {
    "illusions:illusions": BattleSkill(_choose_row, action=False, names_combatant=False),
    "illusions:reflection": BattleSkill(_reflection, action=False),
    "illusions:starburst": BattleSkill(_starburst),
    "illusions:phantasmagora": BattleSkill(_phantasmagora, names_combatant=False),
}
