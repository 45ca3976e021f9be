"""What happens as a player's turn ends, told in the step that ended it (Scene.commit runs
this after every step): the skills' end-of-turn effects (an Illusion woven, a Smudge burning,
Masquerade over, Ambush's skipped enemy turn), the turn noted for Blood Boil, Programmed's
Illusions for the enemies the step moved, and the fight decided once no enemy is left. The
Scene is only a type here, so the scene may import this module."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.actions.caverns.skills.illusions import _programmed, sheet_of
from bot.actions.formatting import safe
from rules.caverns.battle.marks import TurnOver
from rules.caverns.battle.rows import (
    BattleState,
    Combatant,
    Phase,
    end_turn,
    replace,
    row_label,
    standing,
)
from rules.caverns.conditions import Condition
from rules.caverns.skills.hunting import SMUDGE_DAMAGE, due_smudges, smudged
from rules.caverns.skills.illusions import add_illusion, illusions_in

if TYPE_CHECKING:
    from bot.actions.caverns.battle.scene import Scene


def after_step(scene: Scene, opened: BattleState) -> None:
    """If a player's turn ended: its end-of-turn effects (an Illusion placed, Smudges burning,
    Masquerade over, Ambush's skipped enemy turn), noted for Blood Boil. Then Programmed, for
    enemies the step moved into a row with an Illusion."""
    ended = opened.current if opened.phase is Phase.PLAYER else None
    if ended is not None and scene.state.turn > opened.turn:
        fighter = scene.state.combatant(ended)
        if fighter.present:
            _turn_ended(scene, fighter, opened.turn)
        note = TurnOver(combatant=ended, version=scene.read_version + 1)
        scene.state = scene.state.model_copy(update={"turn_over": note})
    _programmed(scene, opened)
    if scene.state.phase in (Phase.PLAYER, Phase.ENEMY) and not scene.state.enemies():
        scene.state = scene.state.model_copy(update={"phase": Phase.DECIDED, "current": None})


def _turn_ended(scene: Scene, fighter: Combatant, turn: int) -> None:
    from bot.actions.caverns.battle.scene import harm

    sheet = sheet_of(scene, fighter)
    if sheet.has_skill("illusions:illusions"):
        key = fighter.illusion_row or standing(fighter)
        scene.state = add_illusion(scene.state, key)
        scene.say(
            f"{safe(fighter.name)} weaves an Illusion in {row_label(key)} "
            f"({illusions_in(scene.state, key)} there)."
        )
    scene.state, due = due_smudges(scene.state, fighter.id, turn)
    for smudge in due:
        scene.say(f"{safe(fighter.name)}'s Smudge burns in {row_label(smudge.row)}.")
        mad = Condition.PARANOIA in scene.conditions_of(fighter)
        for enemy in smudged(scene.state, smudge, everybody=mad):
            harm(scene, enemy, SMUDGE_DAMAGE, fighter)
    fighter = scene.state.combatant(fighter.id)
    if fighter.masked_from is not None and fighter.masked_turn < turn:
        fighter = fighter.model_copy(update={"masked_from": None})
        scene.say(f"{safe(fighter.name)}'s Masquerade is over.")
    first = fighter.turns_done == 0
    counted = fighter.model_copy(update={"turns_done": fighter.turns_done + 1})
    scene.state = replace(scene.state, counted)
    if first and sheet.has_skill("hunting:ambush") and scene.state.phase is Phase.ENEMY:
        scene.say(f"Ambush: after {safe(fighter.name)}'s first turn the enemies' turn is skipped.")
        scene.state = end_turn(scene.state)
