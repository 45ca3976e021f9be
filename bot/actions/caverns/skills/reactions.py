"""Skills that answer what happens to someone else in a battle (book l. 186-214): a character
about to die (Vitality), an enemy dying (Crow, Encore), an enemy ending a Sick Beat condition
(Refrain, Discordant Chords). The scene calls these; they never import it, so it can."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.actions.caverns.common import caverns_sheet, save
from bot.actions.formatting import safe
from rules.caverns.battle.effects import (
    Effect,
    EffectKind,
    effects_of,
    replaced_effect,
    without_effects,
)
from rules.caverns.battle.rows import Combatant, replace
from rules.caverns.conditions import Condition
from rules.caverns.race_traits import kill_heals
from rules.caverns.sheet import CavernsSheet
from rules.caverns.skills import Totem
from rules.caverns.skills.athletics import vitality
from rules.caverns.skills.music import DISCORDANT_LOSS, ENCORE_DAMAGE
from rules.caverns.skills.totems import bonded, crow_feeds
from rules.caverns.wording import signed
from storage.models import Character

if TYPE_CHECKING:
    from bot.actions.caverns.battle.scene import Scene


def survive(scene: Scene, character: Character, sheet: CavernsSheet) -> CavernsSheet:
    """Vitality (l. 194), applied by itself whenever Harmony can pay: a death costs a Vitae
    and the rest of the battle, a point of Harmony far less."""
    saved = vitality(sheet)
    if saved is None:
        return sheet
    scene.say(
        f"{safe(character.name)} would die, but Vitality holds: 1 Harmony spent "
        f"({signed(saved.harmony)}), {saved.health} Health left."
    )
    return saved


def enemy_died(scene: Scene, dead: Combatant, by: Combatant | None = None) -> None:
    """An enemy of the party died: its killer, an Orclach, regains one Health (l. 89); each
    living Crow feeds (l. 211), each Bard with Encore has one more Damage for its next musical
    attack (l. 189)."""
    if by is not None and by.character_id is not None and by.id != dead.id:
        orclach_feeds(scene, scene.character(by))
    for fighter in scene.state.players():
        character = scene.character(fighter)
        sheet = caverns_sheet(character)
        if bonded(sheet, Totem.CROW) and not sheet.is_dead:
            fed, healed = crow_feeds(sheet)
            save(scene.tx, character, fed)
            scene.say(
                f"Crow: {safe(character.name)} regains {healed} Health ({fed.health})."
                if healed
                else f"Crow: {safe(character.name)}, at full Health, gains +1 Damage until "
                "the next rest."
            )
        if sheet.has_skill("music:encore"):
            held = sum(
                e.amount for e in effects_of(scene.state, EffectKind.ENCORE, owner=fighter.id)
            )
            scene.state = replaced_effect(
                scene.state,
                Effect(kind=EffectKind.ENCORE, owner=fighter.id, amount=held + ENCORE_DAMAGE),
            )
            scene.say(
                f"Encore: {safe(character.name)}'s next musical attack does "
                f"+{held + ENCORE_DAMAGE} Damage."
            )


def orclach_feeds(scene: Scene, killer: Character) -> None:
    """An Orclach that kills something regains one Health (l. 89)."""
    sheet = caverns_sheet(killer)
    healed = kill_heals(sheet)
    if healed.health > sheet.health:
        save(scene.tx, killer, healed)
        scene.say(f"Orclach: {safe(killer.name)} regains 1 Health for the kill ({healed.health}).")


def npc_loses(scene: Scene, target: Combatant, amount: int, by: Combatant | None = None) -> None:
    """An NPC loses Health that no armour stops (Discordant Chords); a death is told and
    answered like any other."""
    current = scene.state.combatant(target.id)
    health = max(0, current.health - amount)
    hurt = current.model_copy(update={"health": health, "dead": health == 0})
    scene.state = replace(scene.state, hurt)
    scene.say(
        f"{safe(hurt.name)} loses {current.health - health} Health ({health} left)"
        + (": it dies!" if hurt.dead else ".")
    )
    if hurt.dead and not current.dead:
        enemy_died(scene, hurt, by)


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
