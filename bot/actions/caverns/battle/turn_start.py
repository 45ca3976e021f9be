"""What happens as a turn begins, told in the step that began it: the village's defenders
arriving (l. 537) and a Bound character drowning while a Kraken fights (l. 494). Run by
Scene.commit; the Scene is only a type here, so the scene may import this module."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.caverns.battle.rows import Phase, close_lines, end_turn, replace
from rules.caverns.battle.specials import arrivals, drowning
from rules.caverns.conditions import Condition

if TYPE_CHECKING:
    from bot.actions.caverns.battle.scene import Scene


DROWNING = " to drowning"  # no armour helps (l. 494)


def at_turn_start(scene: Scene) -> None:
    """The defenders due now, then the drowning of the character whose turn begins."""
    scene.state, due = arrivals(scene.state)
    for line in due:
        scene.say(line)
    scene.state = close_lines(scene.state)  # a death in this step may have emptied a front row
    current = scene.state.current
    if scene.state.phase is Phase.PLAYER and current is not None:
        drowns(scene, current)
        if not scene.state.combatant(current).present:  # the dead do not act (drowned, or
            scene.state = end_turn(scene.state)  # killed while it was their turn)
            at_turn_start(scene)
    elif scene.state.phase in (Phase.PLAYER, Phase.ENEMY) and not scene.state.players():
        scene.state = scene.state.model_copy(update={"phase": Phase.DECIDED, "current": None})


def drowns(scene: Scene, fighter_id: int) -> None:
    """A Bound character fighting a Kraken loses 2 Health as each of its turns begins; armour
    cannot prevent it (l. 494). Once a turn."""
    fighter = scene.state.combatant(fighter_id)
    if fighter.character_id is None or fighter.special.drowned_turn == scene.state.turn:
        return
    lost = drowning(scene.state, fighter)
    if not lost or Condition.BOUND not in scene.conditions_of(fighter):
        return
    from bot.actions.caverns.battle.scene import hurt_character  # the scene imports this module

    found = scene.character(fighter)
    special = fighter.special.model_copy(update={"drowned_turn": scene.state.turn})
    scene.state = replace(scene.state, fighter.model_copy(update={"special": special}))
    drowning_one = scene.state.combatant(fighter.id)
    hurt_character(
        scene, found, drowning_one, lost, preventable=False, attack=False, cause=DROWNING
    )
