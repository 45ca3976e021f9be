"""Totems in battle (book l. 206-214): Lake's mist stops attacks across it, Bear's rolls
carry its +3; casting off Lake's mist, Stag's sacrifice and Bear's sleep at will are used with
/skill use. Crow, Lion and Bear's healing answer deaths, attacks and turns (reactions, hooks)."""

from __future__ import annotations

from bot.actions.caverns.battle.scene import Scene
from bot.actions.caverns.common import caverns_sheet, save
from bot.actions.caverns.skills.common import foes
from bot.actions.caverns.skills.turn import BattleSkill, SkillTurn
from bot.actions.formatting import safe
from rules.caverns.afflictions import inflict
from rules.caverns.battle.effects import (
    Effect,
    EffectKind,
    effects_of,
    with_effect,
    without_effects,
)
from rules.caverns.battle.rows import Combatant, replace
from rules.caverns.conditions import Condition
from rules.caverns.health import heal, lose_health
from rules.caverns.sheet import CavernsSheet
from rules.caverns.skills import Totem
from rules.caverns.skills.totems import STAG_DAMAGE, STAG_HEAL, STAG_SACRIFICE, bonded, mist_refusal
from rules.caverns.skills.totems import roll_bonus as _roll_bonus
from rules.errors import PawpostError
from rules.rolls import Modifier

# --- Totems in the battle's own steps ------------------------------------------------------


def check_attack(scene: Scene, attacker: Combatant, target: Combatant) -> None:
    """Refuse an attack Lake's mist does not let through."""
    refused = mist_refusal(scene.state, attacker, target)
    if refused:
        raise PawpostError(refused)


def roll_bonus(scene: Scene, fighter: Combatant) -> list[Modifier]:
    return _roll_bonus(scene.state, fighter)


# --- Totems' skills used in battle (/skill use) --------------------------------------------


def require_bonded(turn: SkillTurn, totem: Totem) -> CavernsSheet:
    """The user's sheet, if the totem is bonded to them today (l. 206)."""
    sheet = caverns_sheet(turn.character)
    if not bonded(sheet, totem):
        raise PawpostError(f"You are not bonded to the {totem.label} totem today.")
    return sheet


def _lake(turn: SkillTurn) -> None:
    """As an action, cast off the mist: every enemy becomes Paranoid (l. 210)."""
    require_bonded(turn, Totem.LAKE)
    scene = turn.scene
    if not effects_of(scene.state, EffectKind.MIST, owner=turn.fighter.id):
        raise PawpostError("Your mist is already cast off.")
    scene.state = without_effects(scene.state, EffectKind.MIST, owner=turn.fighter.id)
    scene.say(f"{safe(turn.fighter.name)} casts off Lake's mist.")
    for enemy in foes(scene, turn.fighter):
        scene.afflict(enemy, Condition.PARANOIA, by="Lake's mist")


def _stag(turn: SkillTurn) -> None:
    """Sacrifice one Health: every ally regains one; if it kills you, your allies have +1
    Damage for the rest of the battle (l. 212). A chosen death: Vitality does not stop it."""
    sheet = require_bonded(turn, Totem.STAG)
    if sheet.is_dead:
        raise PawpostError("You have no Health left to give.")
    scene = turn.scene
    after = lose_health(sheet, STAG_SACRIFICE)
    save(scene.tx, turn.character, after)
    scene.say(f"{safe(turn.fighter.name)} gives 1 Health to the Stag ({after.health} left).")
    for ally in scene.state.players():
        if ally.id == turn.fighter.id:
            continue
        found = scene.character(ally)
        before = caverns_sheet(found)
        healed = heal(before, STAG_HEAL)
        if healed.health > before.health:
            save(scene.tx, found, healed)
            scene.say(f"{safe(ally.name)} regains 1 Health ({healed.health}).")
    if after.is_dead:
        fighter = scene.state.combatant(turn.fighter.id)
        scene.state = replace(scene.state, fighter.model_copy(update={"dead": True}))
        scene.state = with_effect(
            scene.state,
            Effect(kind=EffectKind.ALLY_DAMAGE, owner=fighter.id, amount=STAG_DAMAGE),
        )
        scene.say(
            f"{safe(fighter.name)} dies for the herd: every ally has +{STAG_DAMAGE} Damage for "
            "the rest of the battle."
        )


def _bear(turn: SkillTurn) -> None:
    """Fall Asleep at will (l. 213); waking is up to the Harmony roll."""
    sheet = require_bonded(turn, Totem.BEAR)
    save(turn.scene.tx, turn.character, inflict(sheet, Condition.SLEEPING, willing=True))
    turn.scene.say(f"{safe(turn.fighter.name)} curls up like a bear and falls Asleep.")


TOTEMS_SKILLS: dict[str, BattleSkill] = {
    "totems:lake": BattleSkill(run=_lake, names_combatant=False),
    "totems:stag": BattleSkill(run=_stag, action=False, names_combatant=False),
    "totems:bear": BattleSkill(run=_bear, action=False, names_combatant=False),
}
