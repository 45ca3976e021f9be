"""What happens to a combatant as it takes its action, once per turn: conditions that ask for a
roll first (Bound, Confused, Sickness…) and a poisoning's effects (book l. 350-367, 388-402).
Each step tells the story in the scene and may take the action away."""

from __future__ import annotations

from datetime import datetime

from bot.actions.caverns.scene import Scene
from bot.actions.context import Actor, Services
from bot.actions.formatting import safe
from bot.actions.reply import Reply
from rules.caverns.battle import Combatant, end_turn, enemy_acted


def before_acting(services: Services, scene: Scene, fighter: Combatant) -> bool:
    """Run the checks due before `fighter` acts this turn; False when they cost the action.
    They run once per turn: an Advance at 7+ acting again does not roll them twice."""
    if scene.state.checked_turn == scene.state.turn:
        return True
    scene.state = scene.state.model_copy(update={"checked_turn": scene.state.turn})
    return True


def action_lost(scene: Scene, actor: Actor, fighter: Combatant, now: datetime) -> Reply:
    """The turn ends without the action the player or the MC asked for."""
    scene.say(f"{safe(fighter.name)} loses the action.")
    if fighter.is_npc:
        scene.state = enemy_acted(scene.state, scene.state.combatant(fighter.id))
    else:
        scene.state = end_turn(scene.state)
    return scene.commit(actor, "lost", f"{fighter.name} loses the action", now)
