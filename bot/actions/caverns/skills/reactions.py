"""What the scene's own steps set off in several skillsets at once, each gathered in one call
(what is one skillset's alone is in its module): an enemy dying (an Orclach's kill, Crow,
Encore) or losing Health no armour stops, a condition put on (Immunize, Good Omen), Health
lost (a Dream Body, Death Prophesy, Anesthesia; the chant broken, Retribution offered) and a
turn beginning (a Death Prophesy that lapsed, the chant's count). The scene calls these; they
never import it, so it can."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.actions.caverns.common import caverns_sheet, save
from bot.actions.caverns.skills.common import (
    active_condition,
    allies,
    attributes_of,
    has_skill,
    sheet_of,
)
from bot.actions.caverns.skills.mysticism import _turns, break_chant, chant_of, store_chant
from bot.actions.formatting import plural, safe
from rules.caverns.battle.effects import (
    Effect,
    EffectKind,
    effects_of,
    replaced_effect,
)
from rules.caverns.battle.effects import effects_of as effects
from rules.caverns.battle.rows import Combatant, replace
from rules.caverns.conditions import Condition
from rules.caverns.race_traits import kill_heals
from rules.caverns.sheet import DREAMBODY
from rules.caverns.skills import Totem
from rules.caverns.skills.common import with_effect
from rules.caverns.skills.divination import (
    GOOD_OMEN,
    RETRIBUTION,
    RETRIBUTION_MOST_HARMONY,
    good_omen,
    prophecy_at_turn,
    prophesied_damage,
)
from rules.caverns.skills.healing import ANESTHESIA_NOTE, anesthetised
from rules.caverns.skills.music import ENCORE_DAMAGE
from rules.caverns.skills.mysticism import MYSTIC_CHANT, chant_at_turn
from rules.caverns.skills.totems import bonded, crow_feeds
from storage.models import Character

if TYPE_CHECKING:
    from bot.actions.caverns.battle.scene import Scene


# --- An enemy dies, or loses Health no armour stops ----------------------------------------


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


# --- A condition put on, Health lost, a turn beginning -------------------------------------


def shielded(scene: Scene, fighter: Combatant, condition: Condition) -> bool:
    """Immunize's chosen condition and Good Omen's keep a condition off the user's allies;
    True (and the story told) when one does."""
    for effect in effects(scene.state, EffectKind.IMMUNIZE):
        owner = scene.state.combatant(effect.owner)
        if effect.condition is condition and allies(scene, owner, fighter):
            scene.say(
                f"{safe(fighter.name)} is immune to {condition.label} "
                f"({safe(owner.name)}'s Immunize)."
            )
            return True
    omens = [c for c in scene.state.combatants if c.present and has_skill(scene, c, GOOD_OMEN)]
    for owner in omens:
        if allies(scene, owner, fighter) and good_omen(attributes_of(scene, fighter)) is condition:
            scene.say(
                f"{safe(fighter.name)} is immune to {condition.label} "
                f"({safe(owner.name)}'s Good Omen)."
            )
            return True
    return False


def damage_taken(scene: Scene, victim: Combatant, amount: int, by: Combatant | None) -> int:
    """The Health a blow takes after Death Prophesy (+3 from the other, at most 1 from the rest)
    and Anesthesia (at most 1 while its Fatigue lasts). "Most attacks cannot harm" a Dream Body:
    an attack takes nothing, and the MC takes the Health of one that could."""
    sheet = sheet_of(scene, victim)
    dreaming = sheet is not None and sheet.has_skill(DREAMBODY)
    if dreaming and sheet is not None and sheet.has_condition(Condition.SLEEPING) and by:
        scene.say(
            f"**For the MC:** {safe(victim.name)} is Asleep and fights as a Dream Body, which "
            f"most attacks cannot harm: this one takes nothing. If it could, take the {amount} "
            "Health with /admin damage."
        )
        return 0
    changed, why = prophesied_damage(scene.state, victim, amount, by)
    if why:
        scene.say(f"{why} ({safe(victim.name)}: {amount} → {changed}).")
    fatigue = active_condition(scene, victim, Condition.FATIGUE)
    if fatigue is not None and fatigue.note == ANESTHESIA_NOTE and changed > anesthetised(changed):
        scene.say(f"Anesthesia: {safe(victim.name)} loses no more than 1 Health.")
        changed = anesthetised(changed)
    return changed


def after_damage(scene: Scene, victim: Combatant, amount: int, by: Combatant | None) -> None:
    """What a character's Health loss sets off: its chant breaks, Retribution is offered."""
    sheet = sheet_of(scene, victim)
    if sheet is None or amount <= 0:
        return
    if sheet.has_skill(MYSTIC_CHANT):
        break_chant(scene, victim, "takes damage")
    if sheet.has_skill(RETRIBUTION) and by is not None and by.id != victim.id:
        due = Effect(
            kind=EffectKind.RETRIBUTION,
            owner=victim.id,
            target=by.id,
            amount=amount,
            version=scene.read_version + 1,
        )
        scene.state = with_effect(
            scene.state, due, lambda e: e.kind is EffectKind.RETRIBUTION and e.owner == victim.id
        )
        scene.say(
            f"Retribution: right now, /skill use name:Retribution target:1 to "
            f"{RETRIBUTION_MOST_HARMONY} (Harmony) makes {safe(by.name)} take {amount} per Harmony."
        )


def turn_begins(scene: Scene, fighter: Combatant) -> None:
    """Once as each combatant's turn begins: a Death Prophesy it let lapse ends, and its chant
    counts the turn before."""
    scene.state, ended = prophecy_at_turn(scene.state, fighter)
    for pair in ended:
        scene.say(f"The Death Prophesy over {safe(pair)} ends: a turn passed without harm.")
    sheet = sheet_of(scene, fighter)
    if sheet is None or not sheet.has_skill(MYSTIC_CHANT):
        return
    found = effects(scene.state, EffectKind.CHANT, owner=fighter.id)
    chant = chant_at_turn(found[0]) if found else chant_of(scene, fighter, sheet)
    store_chant(scene, chant)
    turns = _turns(scene, fighter, sheet, chant)
    if turns:
        scene.say(f"{safe(fighter.name)} chants: {plural(turns, 'turn')}, +{turns} on their rolls.")
