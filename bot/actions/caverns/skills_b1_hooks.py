"""Where Healing, Divination, Dreamweaving and Mysticism reach into the battle's own steps: a
condition put on (Immunize, Good Omen), Health lost (Death Prophesy, Anesthesia, Retribution,
the Mystic Chant), a turn beginning, a roll made, a Fatigue roll failed (Slumber). The scene
calls these one-line hooks; the rules are in rules/caverns/skills/."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from bot.actions.caverns.common import caverns_sheet
from bot.actions.formatting import plural, safe
from rules.caverns.attributes import Attribute
from rules.caverns.battle.effects import Effect, EffectKind
from rules.caverns.battle.effects import effects_of as effects
from rules.caverns.battle.rows import Combatant
from rules.caverns.conditions import ActiveCondition, Condition
from rules.caverns.sheet import DREAMBODY, CavernsSheet
from rules.caverns.skills.common import is_ally, with_effect, without_effects
from rules.caverns.skills.divination import (
    GOOD_OMEN,
    RETRIBUTION,
    RETRIBUTION_MOST_HARMONY,
    good_omen,
    prophecy_at_turn,
    prophesied_damage,
    tried_to_harm,
)
from rules.caverns.skills.dreamweaving import SLUMBER, slumbering_enemy
from rules.caverns.skills.healing import ANESTHESIA_NOTE, anesthetised
from rules.caverns.skills.mysticism import (
    CONCENTRATION,
    MEDITATION,
    MYSTIC_CHANT,
    PERFECTION,
    balance,
    chant_at_turn,
    chant_broken,
    chant_ended,
    chant_kept,
    chant_modifier,
    chant_started,
    chant_turns,
    is_lapsing,
)
from rules.rolls import Modifier

if TYPE_CHECKING:
    from bot.actions.caverns.battle.scene import Scene


class ChantRoll(NamedTuple):
    """What a chanter's roll in battle takes: its `modifiers` and `fated_die` go to do_battle,
    advance or flee."""

    modifiers: list[Modifier]
    fated_die: int | None


def sheet_of(scene: Scene, fighter: Combatant) -> CavernsSheet | None:
    """A character's sheet as stored now; None for an NPC."""
    if fighter.character_id is None:
        return None
    return caverns_sheet(scene.character(fighter))


def has_skill(scene: Scene, fighter: Combatant, key: str) -> bool:
    sheet = sheet_of(scene, fighter)
    return sheet is not None and sheet.has_skill(key)


def active_condition(
    scene: Scene, fighter: Combatant, condition: Condition
) -> ActiveCondition | None:
    """The condition as a character's sheet or an NPC's state holds it."""
    sheet = sheet_of(scene, fighter)
    if sheet is None:
        return scene.state.combatant(fighter.id).condition(condition)
    return sheet.condition(condition)


def is_paranoid(scene: Scene, fighter: Combatant) -> bool:
    return Condition.PARANOIA in scene.conditions_of(fighter)


def allies(scene: Scene, owner: Combatant, other: Combatant) -> bool:
    """Whether `other` is one of the owner's allies (neither Paranoid)."""
    return is_ally(owner, other, lambda c: is_paranoid(scene, c))


def attributes_of(scene: Scene, fighter: Combatant) -> dict[Attribute, int]:
    sheet = sheet_of(scene, fighter)
    return dict(scene.state.combatant(fighter.id).attributes) if sheet is None else sheet.attributes


# --- Conditions put on ----------------------------------------------------------------------


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


# --- Health lost ----------------------------------------------------------------------------


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


def harm_attempted(scene: Scene, attacker: Combatant, target: Combatant) -> None:
    """An attack was tried (hit or miss): Death Prophesy counts the attacker's turn."""
    scene.state = tried_to_harm(scene.state, attacker, target)


# --- A turn begins --------------------------------------------------------------------------


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


def turn_not_taken(scene: Scene, fighter: Combatant) -> None:
    """A chanter's turn skipped is not counted (docs/rulings.md), nor does it end the chant."""
    sheet = sheet_of(scene, fighter)
    found = effects(scene.state, EffectKind.CHANT, owner=fighter.id)
    if sheet is not None and sheet.has_skill(MYSTIC_CHANT) and found and not found[0].note:
        store_chant(scene, chant_kept(found[0]))


def chant_of(scene: Scene, fighter: Combatant, sheet: CavernsSheet) -> Effect:
    """The chanter's chant in this battle, begun (Perfection: three turns in) if it was not."""
    found = effects(scene.state, EffectKind.CHANT, owner=fighter.id)
    if found:
        return found[0]
    chant = chant_started(fighter, sheet.has_skill(PERFECTION))
    store_chant(scene, chant)
    return chant


def store_chant(scene: Scene, chant: Effect) -> None:
    scene.state = with_effect(
        scene.state, chant, lambda e: e.kind is EffectKind.CHANT and e.owner == chant.owner
    )


def chant_turns_now(scene: Scene, fighter: Combatant, sheet: CavernsSheet) -> int:
    """The turns the chanter's chant counts for right now."""
    return _turns(scene, fighter, sheet, chant_of(scene, fighter, sheet))


def _turns(scene: Scene, fighter: Combatant, sheet: CavernsSheet, chant: Effect) -> int:
    return chant_turns(
        chant,
        prone=sheet.has_condition(Condition.PRONE),
        meditation=sheet.has_skill(MEDITATION),
    )


def break_chant(scene: Scene, fighter: Combatant, why: str) -> None:
    """The chanter moves or takes damage: the chant ends, or lapses while Concentration may
    keep it."""
    sheet = sheet_of(scene, fighter)
    if sheet is None:
        return
    chant = chant_of(scene, fighter, sheet)
    broken = chant_broken(chant, concentration=sheet.has_skill(CONCENTRATION))
    store_chant(scene, broken)
    if is_lapsing(broken):
        scene.say(
            f"{safe(fighter.name)} {why}: the chant would end; /skill use name:Concentration "
            "(1 Harmony) keeps it, before their next turn."
        )
    elif chant.amount:
        scene.say(f"{safe(fighter.name)} {why}: the chant ends.")


# --- A roll in battle -----------------------------------------------------------------------


def chant_bonus(scene: Scene, fighter: Combatant) -> list[Modifier]:
    """The chant's bonus on a roll the battle makes for the chanter, a condition's (l. 245:
    "your bonus on any given roll"); Balance waits for the chanter's own roll."""
    sheet = sheet_of(scene, fighter)
    if sheet is None or not sheet.has_skill(MYSTIC_CHANT):
        return []
    return chant_modifier(_turns(scene, fighter, sheet, chant_of(scene, fighter, sheet)))


def chant_roll(scene: Scene, fighter: Combatant, *, moving: bool = False) -> ChantRoll:
    """The chant's bonus on a chanter's roll (or Balance's doubles, which end the chant); a
    roll to Advance or Flee moves, which breaks the chant after it."""
    sheet = sheet_of(scene, fighter)
    if sheet is None or not sheet.has_skill(MYSTIC_CHANT):
        return ChantRoll([], None)
    chant = chant_of(scene, fighter, sheet)
    turns = _turns(scene, fighter, sheet, chant)
    balanced = bool(effects(scene.state, EffectKind.BALANCE, owner=fighter.id))
    scene.state = without_effects(
        scene.state, lambda e: e.kind is EffectKind.BALANCE and e.owner == fighter.id
    )
    if balanced and turns > 0:
        face, extra = balance(turns)
        store_chant(scene, chant_ended(chant))
        scene.say(f"Balance: {safe(fighter.name)} ends the chant; the roll is doubles of {face}.")
        return ChantRoll(extra, face)
    if balanced:
        scene.say("Balance: the chant has ended already, so the roll is an ordinary one.")
    if moving:
        break_chant(scene, fighter, "moves")
    return ChantRoll(chant_modifier(turns), None)


# --- Slumber (l. 239) -----------------------------------------------------------------------


def slumber_instead(scene: Scene, fighter: Combatant) -> bool:
    """Call when `fighter` loses an action to Fatigue: with an enemy's Slumber it falls Asleep
    (its failed roll's Prone stays). True when it did."""
    dreamer = slumbering_enemy(scene.state, fighter, lambda c: has_skill(scene, c, SLUMBER))
    if dreamer is None:
        return False
    return scene.afflict(
        fighter, Condition.SLEEPING, note="Slumber", by=f"{dreamer.name}'s Slumber"
    )
