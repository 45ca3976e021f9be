"""What happens as a turn begins, told in the step that began it: the village's defenders
arriving (l. 537) and a Bound character drowning while a Kraken fights (l. 494). Run by
Scene.commit; the Scene is only a type here, so the scene may import this module."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.actions.caverns.common import caverns_sheet, save
from bot.actions.formatting import safe
from rules.caverns.battle import Phase, end_turn, replace
from rules.caverns.conditions import Condition
from rules.caverns.health import lose_health
from rules.caverns.specials import arrivals, drowning

if TYPE_CHECKING:
    from bot.actions.caverns.scene import Scene


def at_turn_start(scene: Scene) -> None:
    """The defenders due now, then the drowning of the character whose turn begins."""
    scene.state, due = arrivals(scene.state)
    for line in due:
        scene.say(line)
    current = scene.state.current
    if scene.state.phase is Phase.PLAYER and current is not None:
        drowns(scene, current)
        if scene.state.combatant(current).dead:  # drowned: the dead do not act
            scene.state = end_turn(scene.state)
            at_turn_start(scene)


def drowns(scene: Scene, fighter_id: int) -> None:
    """A Bound character fighting a Kraken loses 2 Health as each of its turns begins; armour
    cannot prevent it (l. 494). Once a turn."""
    fighter = scene.state.combatant(fighter_id)
    if fighter.character_id is None or fighter.special.drowned_turn == scene.state.turn:
        return
    lost = drowning(scene.state, fighter)
    if not lost or Condition.BOUND not in scene.conditions_of(fighter):
        return
    found = scene.character(fighter)
    sheet = lose_health(caverns_sheet(found), lost)
    save(scene.tx, found, sheet)
    special = fighter.special.model_copy(update={"drowned_turn": scene.state.turn})
    scene.state = replace(
        scene.state, fighter.model_copy(update={"dead": sheet.is_dead, "special": special})
    )
    scene.say(
        f"{safe(found.name)} drowns: {lost} Health lost ({sheet.health} left)"
        + (": dead!" if sheet.is_dead else ".")
    )
