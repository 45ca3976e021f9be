"""What happens to a combatant as it takes its action, once per turn: conditions that ask for a
roll first (Bound, Confused, Sickness…) and a poisoning's effects (book l. 350-367, 388-402).
Each step tells the story in the scene and may take the action away."""

from __future__ import annotations

from datetime import datetime

from bot.actions.caverns.battle import conditions as battle_conditions
from bot.actions.caverns.battle.poisons import poisoned_turn
from bot.actions.caverns.battle.scene import Scene
from bot.actions.caverns.skills import mysticism, reactions
from bot.actions.caverns.skills.hooks import turn_begins
from bot.actions.context import Actor, Services
from bot.actions.formatting import safe
from bot.actions.reply import Reply
from rules.caverns.battle.rows import Combatant, end_turn, enemy_acted


def before_acting(services: Services, scene: Scene, fighter: Combatant) -> bool:
    """Run the checks due before `fighter` acts this turn; False when they cost the action.
    They run once per turn: an Advance at 7+ acting again does not roll them twice."""
    if scene.state.checked_turn == scene.state.turn:
        return True
    scene.state = scene.state.model_copy(update={"checked_turn": scene.state.turn})
    turn_begins(scene, fighter)
    reactions.turn_begins(scene, fighter)
    may_act = battle_conditions.before_acting(services, scene, fighter)
    # a poisoned turn counts even when a condition takes the action (docs/rulings.md)
    return poisoned_turn(services, scene, fighter) and may_act


def turn_skipped(services: Services, scene: Scene, fighter: Combatant) -> None:
    """A character's turn the MC skips still passes for it: its timed effects count down (a
    Bear's, Disengage's…), Aeon takes this turn (l. 351), Ablaze burns and the bot rolls to put
    it out, as it would have (l. 350), and a poisoning counts the turn (l. 389). No roll to act
    is made (Bound, Confused…: nothing was tried), and a Mystic Chant does not count the turn
    (docs/rulings.md). Nothing runs twice: a turn whose checks ran already (a 7+ Advance, then
    skipped) only ends."""
    if scene.state.checked_turn == scene.state.turn:
        return
    scene.state = scene.state.model_copy(update={"checked_turn": scene.state.turn})
    turn_begins(scene, fighter)
    reactions.turn_begins(scene, fighter)
    mysticism.turn_not_taken(scene, fighter)
    if battle_conditions.turn_skipped(services, scene, fighter):
        poisoned_turn(services, scene, fighter)


def action_lost(scene: Scene, actor: Actor, fighter: Combatant, now: datetime) -> Reply:
    """The turn ends without the action the player or the MC asked for."""
    scene.say(f"{safe(fighter.name)} loses the action.")
    if fighter.is_npc:
        scene.state = enemy_acted(scene.state, scene.state.combatant(fighter.id))
    else:
        scene.state = end_turn(scene.state)
    return scene.commit(actor, "lost", f"{fighter.name} loses the action", now)
