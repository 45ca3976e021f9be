"""Illusions in battle (book l. 253-258): the Illusions in a row help the party's Advance and
Flee and, with Illusory Wall, hinder the enemy's; Programmed Confuses an enemy entering a row
with one; where a character's Illusions go, Reflection's Illusion spent as armour, Starburst's
blinding and Phantasmagora. An Illusion is woven as its weaver's turn ends
(battle/turn_end.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.caverns.battle.rows import BattleState, Combatant, Row
from rules.caverns.sheet import CavernsSheet
from rules.caverns.skills.illusions import illusion_modifiers
from rules.rolls import Modifier

if TYPE_CHECKING:
    from bot.actions.caverns.battle.scene import Scene


from bot.actions.caverns.common import caverns_sheet
from bot.actions.caverns.skills.common import foes, latest_hit, negate_hit
from bot.actions.caverns.skills.turn import BattleSkill, SkillTurn
from bot.actions.formatting import safe
from rules.caverns.battle.rows import PARTY, parse_row, replace, row_label, standing
from rules.caverns.conditions import Condition
from rules.caverns.skills.illusions import expend_illusion, illusions_in, phantasmagora
from rules.errors import PawpostError

# --- Illusions in the battle's own steps ---------------------------------------------------


def sheet_of(scene: Scene, fighter: Combatant) -> CavernsSheet:
    return caverns_sheet(scene.character(fighter))


def with_skill(scene: Scene, key: str) -> list[Combatant]:
    """The party's members still fighting who have the skill."""
    return [c for c in scene.state.players() if sheet_of(scene, c).has_skill(key)]


def advance_modifiers(scene: Scene, key: str) -> list[Modifier]:
    """A character's Advance to the row: +1 per Illusion there."""
    return illusion_modifiers(scene.state, key, party=True, wall=False)


def flee_modifiers(scene: Scene, fighter: Combatant) -> list[Modifier]:
    """A character's Flee from its row: +1 per Illusion there."""
    return illusion_modifiers(scene.state, standing(fighter), party=True, wall=False)


def enemy_flee_modifiers(scene: Scene, mover: Combatant) -> list[Modifier]:
    """An enemy's Flee from its row: -1 per Illusion there, with Illusory Wall in the party."""
    wall = bool(with_skill(scene, "illusions:illusory-wall"))
    return illusion_modifiers(scene.state, standing(mover), party=False, wall=wall)


def enemy_advance_modifiers(scene: Scene, mover: Combatant) -> list[Modifier]:
    """An enemy's Advance to its front row: -1 per Illusion there, with Illusory Wall."""
    wall = bool(with_skill(scene, "illusions:illusory-wall"))
    key = standing(mover.model_copy(update={"row": Row.FRONT}))
    return illusion_modifiers(scene.state, key, party=False, wall=wall)


def _programmed(scene: Scene, opened: BattleState) -> None:
    """Programmed (l. 257): an enemy entering a row with an Illusion is Confused by it (the
    bot always expends it: docs/rulings.md)."""
    before = {c.id: c for c in opened.combatants}
    for enemy in scene.state.enemies():
        old = before.get(enemy.id)
        key = standing(enemy)
        if old is None or not old.present or standing(old) == key:
            continue
        if not illusions_in(scene.state, key) or not with_skill(scene, "illusions:programmed"):
            continue
        scene.state = expend_illusion(scene.state, key)
        scene.afflict(enemy, Condition.CONFUSED, by="a programmed Illusion")


# --- Illusions' skills used in battle (/skill use) -----------------------------------------


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
    from bot.actions.caverns.battle.scene import armour_blocks  # the scene imports this module

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
    from bot.actions.caverns.battle.scene import harm  # the scene imports this module

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
