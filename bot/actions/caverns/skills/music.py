"""Music in battle (book l. 185-190): the Sick Beat lands one of the Bard's conditions per
point of Damage; Discordant Chords bites whoever shakes one off, and Refrain is offered when
one ends; Fugue and Refrain are used with /skill use. Encore answers deaths
(reactions.enemy_died)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.actions.caverns.common import caverns_sheet
from bot.actions.caverns.skills.common import enemy_target
from bot.actions.caverns.skills.reactions import npc_loses
from bot.actions.caverns.skills.turn import BattleSkill, SkillTurn
from bot.actions.formatting import safe
from rules.caverns.battle.effects import (
    Effect,
    EffectKind,
    effects_of,
    replaced_effect,
    without_effects,
)
from rules.caverns.battle.rows import Combatant
from rules.caverns.conditions import Condition
from rules.caverns.sheet import CavernsSheet
from rules.caverns.skills.music import DISCORDANT_LOSS, fugue_condition, sick_beat_picks
from rules.caverns.skillsets import Skillset
from rules.errors import PawpostError

if TYPE_CHECKING:
    from bot.actions.caverns.battle.scene import Scene


# --- Music in the battle's own steps -------------------------------------------------------


def musical(sheet: CavernsSheet) -> bool:
    """A Bard's instrument attack (l. 185), as Do Battle reads it."""
    return sheet.implement is not None and sheet.skillsets[0] is Skillset.MUSIC


def sick_beat(scene: Scene, fighter: Combatant, foe: Combatant, points: int) -> None:
    """The Sick Beat lands (l. 185): one of the Bard's three conditions per point of Damage,
    the foe's own conditions taken into account; each is marked as the Bard's."""
    sheet = caverns_sheet(scene.character(fighter))
    picks = sick_beat_picks(sheet.sick_beat, scene.conditions_of(foe), points)
    scene.say(f"The Sick Beat lands: {points} of {safe(fighter.name)}'s conditions.")
    for condition in picks:
        if scene.afflict(foe, condition, by=f"{fighter.name}'s Sick Beat"):
            scene.state = replaced_effect(
                scene.state,
                Effect(
                    kind=EffectKind.SICK_BEAT,
                    owner=fighter.id,
                    target=foe.id,
                    condition=condition,
                ),
            )
    if points > len(picks):
        scene.say(f"Only {len(picks)} conditions to play; the rest of the beat is lost.")


def _sick_beat_marks(scene: Scene, target: Combatant, condition: Condition) -> list[Effect]:
    return [
        e
        for e in effects_of(scene.state, EffectKind.SICK_BEAT, target=target.id)
        if e.condition is condition
    ]


def _discordant_chords(scene: Scene, target: Combatant, bard: Combatant) -> None:
    """Discordant Chords (l. 190): the enemy that rolled successfully against the Bard's Sick
    Beat condition loses 1 Health."""
    if not scene.state.combatant(target.id).present:
        return
    scene.say(f"Discordant Chords: {safe(bard.name)}'s music bites as it shakes it off.")
    npc_loses(scene, target, DISCORDANT_LOSS, bard)


def sick_beat_resisted(scene: Scene, target: Combatant, condition: Condition) -> None:
    """An NPC's successful roll against a Sick Beat condition that stays (a Confused turn not
    wasted, the first two of three rolls): "successfully rolls to resist" (l. 190)."""
    for mark in _sick_beat_marks(scene, target, condition):
        bard = scene.state.combatant(mark.owner)
        if not bard.present or bard.character_id is None:
            continue
        if caverns_sheet(scene.character(bard)).has_skill("music:discordant-chords"):
            _discordant_chords(scene, target, bard)


def sick_beat_ended(scene: Scene, target: Combatant, condition: Condition, *, rolled: bool) -> None:
    """An NPC is rid of a condition a Bard's Sick Beat gave it: by its own successful roll it
    loses 1 Health to Discordant Chords (l. 190); the Bard may pay 1 Harmony to play it again
    with Refrain (l. 187), offered until the battle's next step."""
    marks = _sick_beat_marks(scene, target, condition)
    scene.state = without_effects(
        scene.state, EffectKind.SICK_BEAT, target=target.id, condition=condition
    )
    for mark in marks:
        bard = scene.state.combatant(mark.owner)
        if not bard.present or bard.character_id is None:
            continue
        sheet = caverns_sheet(scene.character(bard))
        if rolled and sheet.has_skill("music:discordant-chords"):
            _discordant_chords(scene, target, bard)
        if sheet.has_skill("music:refrain") and scene.state.combatant(target.id).present:
            scene.state = replaced_effect(
                scene.state,
                Effect(
                    kind=EffectKind.REFRAIN,
                    owner=bard.id,
                    target=target.id,
                    condition=condition,
                    version=scene.read_version + 1,
                ),
            )
            scene.say(
                f"Refrain: {safe(bard.name)} may play it again now, for 1 Harmony "
                f"(/skill use Refrain target:{safe(target.name)})."
            )


# --- Music's skills used in battle (/skill use) --------------------------------------------


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
