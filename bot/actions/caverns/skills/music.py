"""Music in battle (book l. 185-190): Fugue and Refrain. The Sick Beat itself, Encore and
Discordant Chords answer attacks and deaths (hooks, reactions)."""

from __future__ import annotations

from bot.actions.caverns.common import caverns_sheet
from bot.actions.caverns.skills.hooks import enemy_target
from bot.actions.caverns.skills.turn import BattleSkill, SkillTurn
from bot.actions.formatting import safe
from rules.caverns.battle.effects import (
    Effect,
    EffectKind,
    effects_of,
    replaced_effect,
    without_effects,
)
from rules.caverns.skills.music import fugue_condition
from rules.errors import PawpostError


def _fugue(turn: SkillTurn) -> None:
    """As an action, cure each ally of one Sick Beat condition the Bard did not choose."""
    condition = fugue_condition(caverns_sheet(turn.character), turn.text)
    scene = turn.scene
    cured = [
        ally
        for ally in scene.state.players()
        if ally.id != turn.fighter.id and condition in scene.conditions_of(ally)
    ]
    for ally in cured:
        scene.relieve(ally, condition)
    names = ", ".join(safe(ally.name) for ally in cured) or "nobody"
    scene.say(f"Fugue: {names} is free of {condition.label}.")


def _refrain(turn: SkillTurn) -> None:
    """Spend one Harmony: the enemy that just ended your Sick Beat condition suffers it again."""
    target = enemy_target(turn)
    scene = turn.scene
    offers = [
        e
        for e in effects_of(
            scene.state, EffectKind.REFRAIN, owner=turn.fighter.id, target=target.id
        )
        if e.version == scene.read_version
    ]
    if not offers or offers[0].condition is None:
        raise PawpostError(
            f"Refrain plays again only a Sick Beat condition {safe(target.name)} has just ended."
        )
    condition = offers[0].condition
    scene.state = without_effects(scene.state, EffectKind.REFRAIN, owner=turn.fighter.id)
    if scene.afflict(target, condition, by=f"{turn.fighter.name}'s Refrain"):
        scene.state = replaced_effect(
            scene.state,
            Effect(
                kind=EffectKind.SICK_BEAT,
                owner=turn.fighter.id,
                target=target.id,
                condition=condition,
            ),
        )


MUSIC_SKILLS: dict[str, BattleSkill] = {
    "music:fugue": BattleSkill(run=_fugue, names_combatant=False),
    "music:refrain": BattleSkill(run=_refrain, action=False),
}
