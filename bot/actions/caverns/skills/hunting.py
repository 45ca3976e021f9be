"""Hunting in battle (book l. 274-279): Trapper's conditions spring on the first enemy to
Advance and to Flee; Harry, Smudge and Trapper are used with /skill use. Animal Companion
counts as an Entourage while it is not away harrying; Ambush skips the enemies' turn after the
hunter's first (battle/turn_end.py); Make Camp is a rest's +3 (rules/caverns/party/rests.py)."""

from __future__ import annotations

from bot.actions.caverns.battle.scene import Scene
from bot.actions.caverns.parse import conditions
from bot.actions.caverns.skills.illusions import sheet_of
from bot.actions.caverns.skills.turn import BattleSkill, SkillTurn
from bot.actions.formatting import safe
from rules.caverns.battle.rows import PARTY, Combatant, parse_row, replace, row_label
from rules.caverns.conditions import Condition
from rules.caverns.skills.hunting import (
    SMUDGE_DAMAGE,
    companion_away,
    place_smudge,
    set_trap,
    spring_traps,
    trapper_choice,
)
from rules.errors import PawpostError

# --- Hunting in the battle's own steps -----------------------------------------------------


def after_enemy_move(scene: Scene, mover: Combatant, move: str) -> None:
    """An enemy Advanced or Fled: Trapper's condition for the first to do so (l. 279)."""
    scene.state, sprung = spring_traps(scene.state, move)
    for condition in sprung:
        scene.afflict(scene.state.combatant(mover.id), condition, by="a trap")


# --- Hunting's skills used in battle (/skill use) ------------------------------------------


def has_animal_companion(scene: Scene, fighter: Combatant) -> bool:
    """Animal Companion (l. 274) gives an Entourage, except while it harries a foe (l. 276):
    for the Entourage rule (l. 383)."""
    return sheet_of(scene, fighter).has_skill("hunting:animal-companion") and not (
        companion_away(scene.state, scene.state.combatant(fighter.id))
    )


def _harry(turn: SkillTurn) -> None:
    """Harry (l. 276): no action; the companion harries a foe, who is Bound, and is away until
    that foe is no longer Bound."""
    scene = turn.scene
    foe = turn.require_target()
    if foe.side == PARTY or not foe.present:
        raise PawpostError(f"{safe(foe.name)} is not an enemy still in the battle.")
    if not has_animal_companion(scene, turn.fighter):
        raise PawpostError("Your companion is away harrying another foe.")
    if scene.afflict(scene.state.combatant(foe.id), Condition.BOUND, by="a harrying companion"):
        fighter = scene.state.combatant(turn.fighter.id)
        scene.state = replace(scene.state, fighter.model_copy(update={"harrying": foe.id}))
        scene.say(
            f"{safe(turn.character.name)}'s companion stays on {safe(foe.name)} (no Entourage "
            "until it is free)."
        )


def _smudge(turn: SkillTurn) -> None:
    """Smudge (l. 278): an action; the row picked burns at the end of your next turn."""
    scene = turn.scene
    if not turn.text.strip():
        raise PawpostError('Name the row to smudge: "enemies front"…')
    key = parse_row(scene.state, turn.text, PARTY)
    scene.state = place_smudge(scene.state, turn.fighter, key)
    scene.say(
        f"{safe(turn.character.name)} smudges {row_label(key)}: at the end of their next turn "
        f"every enemy still there takes {SMUDGE_DAMAGE} Damage."
    )


def _trapper(turn: SkillTurn) -> None:
    """Trapper (l. 279): one Harmony (paid by the dispatch) at the battle's start: the first
    pick for the first enemy to Advance, the second for the first to Flee, the third a
    Flourish on all your attacks."""
    scene = turn.scene
    picked = conditions(turn.text)
    on_advance, on_flee, flourish = trapper_choice(picked)
    scene.state = set_trap(scene.state, turn.fighter, picked)
    scene.say(
        f"{safe(turn.character.name)} sets traps: {on_advance.label} for the first enemy to "
        f"Advance, {on_flee.label} for the first to Flee, and {flourish.label} as a "
        "Flourish on all their attacks this battle."
    )


SKILLSET_SKILLS: dict[str, BattleSkill] = {
    "hunting:harry": BattleSkill(_harry, action=False),
    "hunting:smudge": BattleSkill(_smudge, names_combatant=False),
    "hunting:trapper": BattleSkill(_trapper, action=False, names_combatant=False),
}
