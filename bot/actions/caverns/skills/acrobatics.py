"""Acrobatics in battle (book l. 200-204): Dodge lowers the enemy's attack roll (twice as much
on a Handstand); Handstand, Scissorflip and Backflip are used with /skill use. Contortion and
Dexterity are immunities (rules/caverns/afflictions.py)."""

from __future__ import annotations

from bot.actions.caverns.battle.scene import Scene
from bot.actions.caverns.common import caverns_sheet, save
from bot.actions.caverns.skills.combat import fleeing
from bot.actions.caverns.skills.common import foes
from bot.actions.caverns.skills.illusions import flee_modifiers
from bot.actions.caverns.skills.totems import roll_bonus
from bot.actions.caverns.skills.turn import BattleSkill, SkillTurn
from bot.actions.formatting import safe
from rules.caverns.battle.effects import (
    Effect,
    EffectKind,
    effects_of,
    replaced_effect,
    without_effects,
)
from rules.caverns.battle.rows import Combatant, beyond_melee, fled, flee_route
from rules.caverns.battle.specials import ambush_penalty
from rules.caverns.conditions import Condition
from rules.caverns.moves import flee
from rules.caverns.sheet import CavernsSheet
from rules.caverns.skills.acrobatics import dodge_modifier
from rules.errors import PawpostError
from rules.rolls import Modifier
from storage.caverns import caverns

# --- Acrobatics in the battle's own steps --------------------------------------------------


def defence_modifiers(
    scene: Scene, mover: Combatant, victim: Combatant, sheet: CavernsSheet
) -> list[Modifier]:
    """What the victim's skills take off an enemy's attack roll: Dodge (l. 200, 203)."""
    handstand = bool(effects_of(scene.state, EffectKind.HANDSTAND, owner=victim.id))
    dodge = dodge_modifier(sheet, mover, victim, handstand=handstand)
    return [dodge] if dodge else []


# --- Acrobatics' skills used in battle (/skill use) ----------------------------------------


def _handstand(turn: SkillTurn) -> None:
    """Spend one Harmony: Dodge's penalty doubles until you next attack someone (l. 203)."""
    turn.scene.state = replaced_effect(
        turn.scene.state, Effect(kind=EffectKind.HANDSTAND, owner=turn.fighter.id)
    )
    turn.scene.say(
        f"{safe(turn.fighter.name)} goes up on a Handstand: Dodge is doubled until the next attack."
    )


def _scissorflip(turn: SkillTurn) -> None:
    """Spend one Harmony: every opponent within Melee range falls Prone (l. 204)."""
    scene = turn.scene
    near = [e for e in foes(scene, turn.fighter) if not beyond_melee(turn.fighter, e)]
    if not near:
        raise PawpostError("No opponent is within Melee range of you.")
    for enemy in near:
        scene.afflict(enemy, Condition.PRONE, by=f"{turn.fighter.name}'s Scissorflip")


def _backflip(turn: SkillTurn) -> None:
    """Right after a melee attack, declare that you flee (l. 202): the Flee is rolled now."""
    scene = turn.scene
    fighter = turn.fighter
    offers = [
        e
        for e in effects_of(scene.state, EffectKind.BACKFLIP, owner=fighter.id)
        if e.version == scene.read_version
    ]
    if not offers:
        raise PawpostError("Backflip flees only right after your melee attack.")
    scene.state = without_effects(scene.state, EffectKind.BACKFLIP, owner=fighter.id)
    route = flee_route(scene.state, fighter)
    result = flee(  # the same roll as /battle flee: the Illusions' +1s, the Ambush's penalty
        caverns_sheet(turn.character),
        route,
        turn.services.dice,
        modifiers=[
            *roll_bonus(scene, fighter),
            *flee_modifiers(scene, fighter),
            *ambush_penalty(scene.state, fighter),
        ],
    )
    save(scene.tx, turn.character, result.sheet)
    scene.say(f"{safe(fighter.name)} backflips away ({route.value}).", result.roll)
    scene.say(f"**{result.band.value}**: {result.result}")
    fleeing(scene, fighter, result.sheet)
    scene.state = fled(scene.state, fighter, route, result.band)
    if scene.state.combatant(fighter.id).gone:
        caverns(scene.tx).battles.release_fighters(
            scene.guild.guild_id, scene.combat.id, [turn.character.id]
        )


ACROBATICS_SKILLS: dict[str, BattleSkill] = {
    "acrobatics:handstand": BattleSkill(run=_handstand, action=False, names_combatant=False),
    "acrobatics:scissorflip": BattleSkill(run=_scissorflip, action=False, names_combatant=False),
    "acrobatics:backflip": BattleSkill(run=_backflip, action=False, names_combatant=False),
}
