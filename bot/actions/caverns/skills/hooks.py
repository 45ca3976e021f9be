"""Where the skills of Combat, Magery, Nature, Music, Athletics, Acrobatics, Totems and Rituals
(book l. 155-221) and Entourages (l. 383) touch the battle verbs: one call each from joining,
attacking, being attacked, fleeing, expending armour, a turn's start and the battle's end."""

from __future__ import annotations

from bot.actions.caverns.battle.hands import guard_penalty, guard_reach
from bot.actions.caverns.battle.scene import Scene
from bot.actions.caverns.common import catalogue, caverns_sheet, save
from bot.actions.caverns.skills.turn import SkillTurn
from bot.actions.formatting import safe
from rules.caverns.battle.effects import (
    UNTIL_NEXT_TURN,
    Effect,
    EffectKind,
    effects_of,
    owner_turn_begins,
    replaced_effect,
    with_effect,
    without_effects,
)
from rules.caverns.battle.entourages import (
    area_access,
    entourage_ignores,
    has_entourage,
    npc_area_access,
    npc_has_entourage,
)
from rules.caverns.battle.rows import Combatant, beyond_melee, harm_npc, in_reach, is_enemy
from rules.caverns.conditions import Condition
from rules.caverns.constants import BATTLE_SAFE
from rules.caverns.health import heal
from rules.caverns.moves import BattleResult
from rules.caverns.sheet import CavernsSheet
from rules.caverns.skills import Totem
from rules.caverns.skills.acrobatics import dodge_modifier
from rules.caverns.skills.combat import parry_reduction
from rules.caverns.skills.music import encore_damage, sick_beat_picks
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
from rules.caverns.skills.totems import roll_bonus as _roll_bonus
from rules.caverns.skillsets import Skillset
from rules.errors import PawpostError
from rules.rolls import Modifier
from storage.models import Character

DRACONIS = "Draconis's dragon scales"
DISENGAGE = "Disengage's free Armour"
REVIVIFIED = "{name} returns at full Health, Revivify sparing the Vitae ({vitae} left)."


# --- Entourages (l. 383): a function the Flourish verbs call too ----------------------------


def fighter_has_entourage(scene: Scene, fighter: Combatant) -> bool:
    if fighter.character_id is None:
        return npc_has_entourage(scene.state, fighter)
    return has_entourage(caverns_sheet(scene.character(fighter)))


def fighter_has_area(scene: Scene, fighter: Combatant) -> bool:
    if fighter.character_id is None:
        return npc_area_access(fighter)
    sheet = caverns_sheet(scene.character(fighter))
    return area_access(sheet, catalogue(scene.tx, scene.guild))


def shielded(scene: Scene, attacker: Combatant, defender: Combatant) -> bool:
    """Whether the defender's Entourage turns aside the attacker's Flourishes and
    counter-attacks: not against another Entourage nor an attacker with access to Area."""
    if not fighter_has_entourage(scene, defender):
        return False
    return entourage_ignores(
        True, fighter_has_entourage(scene, attacker), fighter_has_area(scene, attacker)
    )


# --- Joining: Tree Form, Lake, Draconis -----------------------------------------------------


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


# --- Attacking ------------------------------------------------------------------------------


def check_attack(scene: Scene, attacker: Combatant, target: Combatant) -> None:
    """Refuse an attack Lake's mist does not let through."""
    refused = mist_refusal(scene.state, attacker, target)
    if refused:
        raise PawpostError(refused)


def foe_answers(scene: Scene, foe: Combatant, fighter: Combatant) -> bool:
    """Whether the foe's counter-attack can reach the character (mist, Entourage)."""
    return mist_refusal(scene.state, foe, fighter) is None and not shielded(scene, foe, fighter)


def musical(sheet: CavernsSheet) -> bool:
    """A Bard's instrument attack (l. 185), as Do Battle reads it."""
    return sheet.implement is not None and sheet.skillsets[0] is Skillset.MUSIC


def attack_bonus(scene: Scene, fighter: Combatant, sheet: CavernsSheet) -> int:
    """Damage the battle adds to this attack: allies' Stag and Lion, and Encore."""
    bonus = ally_damage(scene.state, fighter)
    return bonus + (encore_damage(scene.state, fighter) if musical(sheet) else 0)


def roll_bonus(scene: Scene, fighter: Combatant) -> list[Modifier]:
    return _roll_bonus(scene.state, fighter)


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


# --- Being attacked -------------------------------------------------------------------------


def defence_modifiers(
    scene: Scene, mover: Combatant, victim: Combatant, sheet: CavernsSheet
) -> list[Modifier]:
    """What the victim's skills take off an enemy's attack roll: Dodge (l. 200, 203)."""
    handstand = bool(effects_of(scene.state, EffectKind.HANDSTAND, owner=victim.id))
    dodge = dodge_modifier(sheet, mover, victim, handstand=handstand)
    return [dodge] if dodge else []


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


def parried(
    scene: Scene, victim: Combatant, mover: Combatant, sheet: CavernsSheet, answers: bool
) -> int:
    """Parry (l. 157): the damage taken is one less when the counter-attack will damage the
    attacker (the results add up: a blow that kills still meets the counter-attack)."""
    amount = mover.damage
    lands = answers and harm_npc(mover, counter_damage(scene, victim, sheet))[1] > 0
    reduction = min(amount, parry_reduction(sheet, lands))
    if reduction:
        scene.say(f"Parry: {safe(victim.name)} takes {reduction} less.")
    return reduction


# --- Fleeing, armour, turns, the end --------------------------------------------------------


def fleeing(scene: Scene, fighter: Combatant, sheet: CavernsSheet) -> None:
    """Disengage (l. 159): a free point of Armour while fleeing, until the next turn."""
    if sheet.has_skill("combat:disengage"):
        scene.state = replaced_effect(
            scene.state,
            Effect(
                kind=EffectKind.BONUS_ARMOUR,
                owner=fighter.id,
                note=DISENGAGE,
                turns=UNTIL_NEXT_TURN,
            ),
        )
        scene.say(f"Disengage: {safe(fighter.name)} has a free point of Armour while fleeing.")


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


def revivified(scene: Scene, character_id: int) -> bool:
    """Whether Revivify (l. 221) spares this dead character's Vitae as the battle ends."""
    fighter = scene.state.of_character(character_id)
    return fighter is not None and bool(
        effects_of(scene.state, EffectKind.REVIVIFY, target=fighter.id)
    )


def paranoid(scene: Scene, fighter: Combatant) -> bool:
    """Paranoia (l. 363): "no allies, only enemies"."""
    return Condition.PARANOIA in scene.conditions_of(fighter)


def is_foe(scene: Scene, fighter: Combatant, other: Combatant) -> bool:
    """Whether what the fighter would do to an enemy may be done to `other`: an enemy, or
    anyone but itself for the Paranoid (l. 363: "would affect an enemy affects everybody")."""
    if other.id == fighter.id or not other.present or other.special.hidden:
        return False
    return is_enemy(other, fighter) or paranoid(scene, fighter)


def foes(scene: Scene, fighter: Combatant) -> list[Combatant]:
    """Everyone what affects all of the fighter's enemies reaches (everybody, if Paranoid)."""
    return [c for c in scene.state.combatants if is_foe(scene, fighter, c)]


def enemy_target(turn: SkillTurn) -> Combatant:
    """The enemy still in the battle that a skill is used on (anyone, for the Paranoid)."""
    target = turn.require_target()
    if not is_foe(turn.scene, turn.fighter, target):
        raise PawpostError(f"{safe(target.name)} is not an enemy still in the battle.")
    return target


def require_bonded(turn: SkillTurn, totem: Totem) -> CavernsSheet:
    """The user's sheet, if the totem is bonded to them today (l. 206)."""
    sheet = caverns_sheet(turn.character)
    if not bonded(sheet, totem):
        raise PawpostError(f"You are not bonded to the {totem.label} totem today.")
    return sheet
