"""Where several skillsets meet in one of the battle verbs' steps, each gathered in one call
(what is one skillset's alone is in its module): a character joining (Lake's mist, Draconis's
scales), an attack's extra Damage (Stag, Lion, Encore) and what follows it (Handstand and
Encore spent, Lion, Backflip; an answer the mist or an Entourage stops), a counter-attack (its
reach, the mist, an Entourage, the allies' Damage, the off hand) and a turn's start (standing
effects counting down, Lion, Bear)."""

from __future__ import annotations

from bot.actions.caverns.battle.entourages import shielded
from bot.actions.caverns.battle.hands import guard_penalty, guard_reach
from bot.actions.caverns.battle.scene import Scene
from bot.actions.caverns.common import caverns_sheet, save
from bot.actions.caverns.skills.music import musical
from bot.actions.formatting import safe
from rules.caverns.battle.effects import (
    Effect,
    EffectKind,
    effects_of,
    owner_turn_begins,
    replaced_effect,
    with_effect,
    without_effects,
)
from rules.caverns.battle.rows import Combatant, beyond_melee, in_reach
from rules.caverns.constants import BATTLE_SAFE
from rules.caverns.health import heal
from rules.caverns.moves import BattleResult
from rules.caverns.sheet import CavernsSheet
from rules.caverns.skills import Totem
from rules.caverns.skills.music import encore_damage
from rules.caverns.skills.totems import (
    BEAR_BONUS,
    BEAR_CONDITIONS,
    BEAR_HEALTH,
    BEAR_ROUNDS,
    LION_HEALTH,
    ally_damage,
    bonded,
    mist_refusal,
)
from storage.models import Character

DRACONIS = "Draconis's dragon scales"


def joins(scene: Scene, fighter: Combatant, sheet: CavernsSheet) -> None:
    """A character begins the battle: in Lake's mist (l. 210), with Draconis's scales
    (l. 217: "replaced at the start of each battle")."""
    if bonded(sheet, Totem.LAKE):
        scene.state = with_effect(scene.state, Effect(kind=EffectKind.MIST, owner=fighter.id))
        scene.say(f"{safe(fighter.name)} is shrouded in Lake's mist.")
    if sheet.has_skill("rituals:draconis"):
        scene.state = replaced_effect(
            scene.state, Effect(kind=EffectKind.BONUS_ARMOUR, owner=fighter.id, note=DRACONIS)
        )


def foe_answers(scene: Scene, foe: Combatant, fighter: Combatant) -> bool:
    """Whether the foe's counter-attack can reach the character (mist, Entourage)."""
    return mist_refusal(scene.state, foe, fighter) is None and not shielded(scene, foe, fighter)


def attack_bonus(scene: Scene, fighter: Combatant, sheet: CavernsSheet) -> int:
    """Damage the battle adds to this attack: allies' Stag and Lion, and Encore."""
    bonus = ally_damage(scene.state, fighter)
    return bonus + (encore_damage(scene.state, fighter) if musical(sheet) else 0)


def after_attack(
    scene: Scene, fighter: Combatant, found: Character, foe: Combatant, result: BattleResult
) -> None:
    """After Do Battle: an Entourage or the mist stopped the answer, Handstand ends, Encore is
    spent, Lion heals, and Backflip may flee after a melee attack."""
    if not result.safe and in_reach(foe, fighter) and not foe_answers(scene, foe, fighter):
        scene.say(f"Under {BATTLE_SAFE}, but {safe(foe.name)}'s counter-attack cannot reach.")
    scene.state = without_effects(scene.state, EffectKind.HANDSTAND, owner=fighter.id)
    sheet = caverns_sheet(found)
    if result.sick_beat:
        scene.state = without_effects(scene.state, EffectKind.ENCORE, owner=fighter.id)
    if bonded(sheet, Totem.LION):
        scene.state = replaced_effect(
            scene.state, Effect(kind=EffectKind.LION, owner=fighter.id, amount=1)
        )
        healed = heal(sheet, LION_HEALTH)
        if healed.health > sheet.health and not sheet.is_dead:
            save(scene.tx, found, healed)
            scene.say(f"Lion: {safe(found.name)} regains 1 Health ({healed.health}).")
    melee = not beyond_melee(fighter, foe)
    if sheet.has_skill("acrobatics:backflip") and melee and not sheet.is_dead:
        scene.state = replaced_effect(
            scene.state,
            Effect(kind=EffectKind.BACKFLIP, owner=fighter.id, version=scene.read_version + 1),
        )
        scene.say("Backflip: you may flee right now (/skill use Backflip).")


def character_answers(scene: Scene, total: int, victim: Combatant, mover: Combatant) -> bool:
    """Whether the character counter-attacks the enemy that attacked it (under 8, in the reach
    of what answers an attack, its off hand's, l. 370; no mist, no Entourage on the enemy's
    side that ignores it)."""
    if total >= BATTLE_SAFE or not in_reach(victim, mover, guard_reach(scene, victim)):
        return False
    if mist_refusal(scene.state, victim, mover) or shielded(scene, victim, mover):
        scene.say(f"Under {BATTLE_SAFE}, but {safe(victim.name)}'s counter-attack cannot reach.")
        return False
    return True


def counter_damage(scene: Scene, victim: Combatant, sheet: CavernsSheet) -> int:
    """A character's counter-attack: its Damage, allies' additions, less one for a one-handed
    weapon in the off hand (l. 370)."""
    return max(0, sheet.damage + ally_damage(scene.state, victim) - guard_penalty(scene, victim))


def turn_begins(scene: Scene, fighter: Combatant) -> None:
    """A combatant's turn begins: its timed effects count down; a Lion's turn starts afresh;
    a Bear heals while Asleep or Fatigued and, once that ends, has +3 for three rounds."""
    scene.state = owner_turn_begins(scene.state, fighter.id)
    if fighter.character_id is None:
        return
    character = scene.character(fighter)
    sheet = caverns_sheet(character)
    if bonded(sheet, Totem.LION):
        scene.state = replaced_effect(
            scene.state, Effect(kind=EffectKind.LION, owner=fighter.id, amount=0)
        )
    if not bonded(sheet, Totem.BEAR):
        return
    resting = [c for c in BEAR_CONDITIONS if sheet.has_condition(c)]
    was_resting = effects_of(scene.state, EffectKind.BEAR_REST, owner=fighter.id)
    if resting:
        healed = heal(sheet, BEAR_HEALTH)
        if healed.health > sheet.health:
            save(scene.tx, character, healed)
            scene.say(f"Bear: {safe(fighter.name)} recovers 1 Health ({healed.health}).")
        if not was_resting:
            scene.state = with_effect(
                scene.state, Effect(kind=EffectKind.BEAR_REST, owner=fighter.id)
            )
    elif was_resting:
        scene.state = without_effects(scene.state, EffectKind.BEAR_REST, owner=fighter.id)
        scene.state = replaced_effect(
            scene.state,
            Effect(
                kind=EffectKind.ROLL_BONUS,
                owner=fighter.id,
                amount=BEAR_BONUS,
                turns=BEAR_ROUNDS,
                note="Bear",
            ),
        )
        scene.say(f"Bear: {safe(fighter.name)} rises with +{BEAR_BONUS} on all rolls.")
