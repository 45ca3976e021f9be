"""Conditions acting in battle (book l. 350-367), for characters and NPCs alike: the rolls the
bot makes before a sufferer acts (Ablaze, Aeon, Sleeping, Bound, Confused, Sickness,
Disloyalty, Fatigue), the moves a condition refuses, Sensitivity's extra loss and a sleeper
woken by damage, what ends at the end of a turn (Sensitivity, Disarm), on reaching the front
row (Entrancement), when a side is attacked (Pacifism) and at the battle's end."""

from __future__ import annotations

from bot.actions.caverns.battle.scene import Scene, hurt_character, hurt_npc
from bot.actions.caverns.common import caverns_sheet, save
from bot.actions.caverns.skills.dreamweaving import slumber_instead
from bot.actions.caverns.skills.music import sick_beat_ended, sick_beat_resisted
from bot.actions.caverns.skills.mysticism import chant_bonus
from bot.actions.context import Services
from bot.actions.formatting import safe
from rules.caverns.afflictions import Moment, cure_roll, end_conditions, ends_at, stand_up, wake
from rules.caverns.battle import conditions as rules
from rules.caverns.battle.poisons import MANTAKYA
from rules.caverns.battle.rows import Combatant, Phase, Row, replace
from rules.caverns.conditions import CONDITIONS, ActiveCondition, Condition
from rules.caverns.moves import Move
from rules.caverns.rolling import Band
from rules.caverns.sheet import DREAMBODY
from rules.caverns.skills.dreamweaving import can_be_woken
from rules.errors import PawpostError
from rules.rolls import Modifier
from storage.models import Character

Conditions = tuple[ActiveCondition, ...]

# The MC's /enemy act verbs that a condition may refuse.
ENEMY_MOVES: dict[str, Move] = {
    "battle": Move.DO_BATTLE,
    "advance": Move.ADVANCE,
    "flee": Move.FLEE,
}


def conditions_of(scene: Scene, fighter: Combatant) -> Conditions:
    """A combatant's conditions now: an NPC's in the battle's state, a character's on its sheet."""
    if fighter.character_id is None:
        return scene.state.combatant(fighter.id).conditions
    return caverns_sheet(scene.character(fighter)).conditions


def _set_npc(scene: Scene, fighter: Combatant, conditions: Conditions) -> None:
    current = scene.state.combatant(fighter.id)
    scene.state = replace(scene.state, current.model_copy(update={"conditions": conditions}))


def _track(scene: Scene, **changes: object) -> None:
    track = scene.state.condition_track.model_copy(update=changes)
    scene.state = scene.state.model_copy(update={"condition_track": track})


# --- Before acting -------------------------------------------------------------------------


def before_acting(services: Services, scene: Scene, fighter: Combatant) -> bool:
    """The conditions' checks as `fighter` takes its turn's action; False when they cost it.
    Ablaze burns and rolls to go out, Aeon takes the turn, then each roll of TURN_ROLLS is
    made until one fails. The turn is remembered as the fighter's own (for what ends at its
    end), and a Disarmed fighter picks its item up when this turn ends."""
    _own_turn(scene, fighter)
    if not _ablaze(services, scene, fighter):
        return False
    name = safe(fighter.name)
    if rules.has(conditions_of(scene, fighter), Condition.AEON):
        scene.relieve(fighter, Condition.AEON)
        scene.say(f"{name} is lost in Aeon and loses this turn (Aeon ends).")
        return False
    for condition in rules.TURN_ROLLS:
        suffers = rules.has(conditions_of(scene, fighter), condition)
        if suffers and condition is Condition.SLEEPING and _dreaming(scene, fighter):
            scene.say(f"{name} sleeps on and acts with the Dream Body.")
            continue
        if suffers and not _cure(services, scene, fighter, condition):
            if condition is Condition.FATIGUE:
                slumber_instead(scene, fighter)
            return False
    now = conditions_of(scene, fighter)
    if rules.has(now, Condition.ENTRANCEMENT) and fighter.row is Row.BACK:
        scene.say(f"{name} is Entranced: they must Advance as soon as they can.")
    if rules.has(now, Condition.FEAR):
        scene.say(f"{name} is Afraid: they must Flee as soon as they can.")
    return True


def turn_skipped(services: Services, scene: Scene, fighter: Combatant) -> bool:
    """What a character's conditions do in a turn the MC skips: Ablaze burns and is rolled
    against (it costs no action), and Aeon ends, this being the turn it takes. False when the
    fire killed it."""
    if not _ablaze(services, scene, fighter):
        return False
    if rules.has(conditions_of(scene, fighter), Condition.AEON):
        scene.relieve(fighter, Condition.AEON)
        scene.say(f"{safe(fighter.name)} is lost in Aeon and loses this turn (Aeon ends).")
    return True


def _own_turn(scene: Scene, fighter: Combatant) -> None:
    """Remember whose turn this is; one Disarmed now picks its item up when it ends."""
    track = scene.state.condition_track
    held = rules.has(conditions_of(scene, fighter), Condition.DISARM)
    fresh = held and fighter.id not in track.retrieving
    retrieving = track.retrieving + ((fighter.id,) if fresh else ())
    _track(scene, turn=scene.state.turn, acting=fighter.id, retrieving=retrieving)


def _ablaze(services: Services, scene: Scene, fighter: Combatant) -> bool:
    """One damage at the start of the turn, then the Water roll to put it out (l. 350);
    False when the fire kills."""
    damage = rules.ablaze_damage(conditions_of(scene, fighter))
    if not damage:
        return True
    scene.say(f"{safe(fighter.name)} is on fire (Ablaze).")
    if fighter.character_id is None:
        hurt_npc(scene, scene.state.combatant(fighter.id), damage)
    else:
        hurt_character(scene, scene.character(fighter), scene.state.combatant(fighter.id), damage)
    if not scene.state.combatant(fighter.id).present:
        return False
    _cure(services, scene, fighter, Condition.ABLAZE)
    return scene.state.combatant(fighter.id).present  # Discordant Chords may have killed it


def _dreaming(scene: Scene, fighter: Combatant) -> bool:
    """A sleeping character with Dreambody acts with its Dream Body (l. 238)."""
    if fighter.character_id is None:
        return False
    return caverns_sheet(scene.character(fighter)).has_skill(DREAMBODY)


def _cure(services: Services, scene: Scene, fighter: Combatant, condition: Condition) -> bool:
    """The cure roll (a sheet's by `cure_roll`, an NPC's by 2d6 + its attribute), told with
    its dice; True when it succeeded (or a Furrikin needed none)."""
    name = safe(fighter.name)
    if fighter.character_id is not None:
        found = scene.character(fighter)
        chanted = chant_bonus(scene, fighter)
        result = cure_roll(caverns_sheet(found), condition, services.dice, modifiers=chanted)
        save(scene.tx, found, result.sheet)
        if result.roll is None:
            scene.say(f"{name} is a Furrikin and slips free of the bonds at once.")
            return True
        roll, cured, after = result.roll, result.cured, result.sheet.conditions
    else:
        current = scene.state.combatant(fighter.id)
        cure = CONDITIONS[condition].cure
        assert cure is not None  # TURN_ROLLS and Ablaze all have one
        value = rules.npc_attribute(current.attributes, current.harmony, cure.attribute)
        npc = rules.npc_cure_roll(current.name, current.conditions, condition, value, services.dice)
        _set_npc(scene, fighter, npc.conditions)
        roll, cured, after = npc.roll, npc.cured, npc.conditions
    success = bool(roll.succeeded)
    scene.say(f"{name} rolls against {condition.label}.", roll)
    scene.say(_outcome(fighter, condition, success, cured, after))
    if fighter.character_id is None and cured:  # Refrain; Discordant Chords on a success
        sick_beat_ended(scene, fighter, condition, rolled=success)
    elif fighter.character_id is None and success:
        sick_beat_resisted(scene, fighter, condition)
    return success and scene.state.combatant(fighter.id).present  # the bite may have killed it


def _outcome(
    fighter: Combatant, condition: Condition, success: bool, cured: bool, after: Conditions
) -> str:
    name = safe(fighter.name)
    rule = CONDITIONS[condition]
    if condition is Condition.ABLAZE:
        return f"{name} puts the fire out." if cured else f"{name} is still on fire."
    if condition is Condition.SLEEPING and cured:
        prone = " and is Prone" if rules.has(after, Condition.PRONE) else ""
        return f"{name} wakes up{prone}."
    if condition is Condition.BOUND and cured:
        return f"{name} breaks free and may act."
    failure = rule.cure.failure if rule.cure is not None else ""
    text = f"{name} {failure}." if not success else f"{name} may act."
    if condition is Condition.DISLOYALTY and not success:
        text += (
            " The MC picks the ally and carries out the attack."
            if fighter.is_npc
            else " The player picks the ally, and the MC carries out the attack."
        )
    found = rules.active(after, condition)
    if rule.rolls_to_cure and found is not None:
        text += f" ({found.rolls} of {rule.rolls_to_cure} rolls: still {condition.state}.)"
    elif rule.rolls_to_cure and cured:
        text += f" {condition.label} ends."
    return text


# --- What the conditions refuse, and what they change in an attack ------------------------


def refuse(scene: Scene, fighter: Combatant, move: Move | None) -> None:
    """Refuse, before any roll is made, a move the combatant's conditions forbid."""
    if move is None:
        return
    reason = rules.refusal(conditions_of(scene, fighter), move, safe(fighter.name))
    if reason is not None:
        raise PawpostError(reason)


def strikes_back(scene: Scene, fighter: Combatant) -> bool:
    """Whether the attacked combatant may inflict retaliatory damage (told when it may not)."""
    conditions = conditions_of(scene, fighter)
    if rules.strikes_back(conditions):
        return True
    why = "is a Pacifist" if rules.has(conditions, Condition.PACIFISM) else "is asleep"
    scene.say(f"{safe(fighter.name)} {why}: no retaliatory damage.")
    return False


def npc_modifiers(scene: Scene, fighter: Combatant, move: Move) -> list[Modifier]:
    """An NPC's penalties on its roll: Blind and Prone's -3s, and Clumsiness (then spent)."""
    conditions = scene.state.combatant(fighter.id).conditions
    clumsy, after = rules.clumsy(conditions)
    _set_npc(scene, fighter, after)
    return [*rules.npc_penalties(conditions, move), *clumsy]


def side_attacked(scene: Scene, target: Combatant) -> None:
    """Pacifism ends for everyone on a side that has just been attacked (l. 362), after that
    attack: a Pacifism this very attack put on (the Hyfae's Flourish) holds until the next."""
    for fighter in scene.state.combatants:
        if fighter.side != target.side or not fighter.present:
            continue
        if (fighter.id, Condition.PACIFISM) in scene.put_on:
            continue
        if rules.has(conditions_of(scene, fighter), Condition.PACIFISM):
            scene.relieve(fighter, Condition.PACIFISM)
            scene.say(f"{safe(fighter.name)}'s side is attacked: Pacifism ends.")


def fled(scene: Scene, fighter: Combatant, band: Band) -> None:
    """A successful Flee ends Fear (l. 361); a sheet's `flee` ends it already."""
    if band is not Band.MISS and rules.has(conditions_of(scene, fighter), Condition.FEAR):
        scene.relieve(fighter, Condition.FEAR)
        scene.say(f"{safe(fighter.name)} gets away: Fear ends.")


def check_prone(scene: Scene, fighter: Combatant) -> None:
    """Refuse standing up, before any roll is made, for one who is not Prone, or whom
    Mantakya keeps down: its victim "cannot stand" while poisoned (l. 398)."""
    if not rules.has(conditions_of(scene, fighter), Condition.PRONE):
        raise PawpostError(f"{safe(fighter.name)} is not Prone.")
    poisoning = (
        scene.state.combatant(fighter.id).poisoning
        if fighter.character_id is None
        else caverns_sheet(scene.character(fighter)).poisoning
    )
    if poisoning is not None and MANTAKYA in poisoning.poisons:
        raise PawpostError(f"Mantakya keeps {safe(fighter.name)} down: no standing while poisoned.")


def stand(scene: Scene, fighter: Combatant) -> None:
    """Standing up takes the action and ends Prone (l. 364)."""
    check_prone(scene, fighter)
    if fighter.character_id is None:
        scene.relieve(fighter, Condition.PRONE)
    else:
        found = scene.character(fighter)
        save(scene.tx, found, stand_up(caverns_sheet(found)))
    scene.say(f"{safe(fighter.name)} stands up (Prone ends).")


def wake_up(scene: Scene, waker: Combatant, sleeper: Combatant) -> None:
    """Another character takes an action to wake a sleeper (l. 367); it wakes Prone (Control
    keeps it standing). Eternal Sleep lets no one wake it (l. 243)."""
    name = safe(sleeper.name)
    if sleeper.id == waker.id or not sleeper.present:
        raise PawpostError(f"{safe(waker.name)} can wake another combatant, not {name}.")
    asleep = next(
        (a for a in conditions_of(scene, sleeper) if a.condition is Condition.SLEEPING), None
    )
    if asleep is None:
        raise PawpostError(f"{name} is not Asleep.")
    if not can_be_woken(asleep):
        raise PawpostError(f"{name} is in an Eternal Sleep: the actions of others cannot wake it.")
    if sleeper.character_id is None:
        current = scene.state.combatant(sleeper.id)
        _set_npc(
            scene,
            sleeper,
            rules.added(rules.removed(current.conditions, Condition.SLEEPING), Condition.PRONE),
        )
    else:
        found = scene.character(sleeper)
        save(scene.tx, found, wake(caverns_sheet(found)))
    prone = " and is Prone" if rules.has(conditions_of(scene, sleeper), Condition.PRONE) else ""
    scene.say(f"{safe(waker.name)} wakes {name}, who wakes up{prone}.")


# --- Damage (called by the scene's hurt_character and hurt_npc) ---------------------------


def hit_amount(scene: Scene, fighter: Combatant, amount: int) -> int:
    """The Health a hit takes, one more for the Sensitive (l. 365)."""
    more = rules.hit_amount(conditions_of(scene, fighter), amount)
    if more > amount:
        scene.say(f"{safe(fighter.name)} is Sensitive: {more - amount} more Health lost.")
    return more


def after_hurt(
    scene: Scene, fighter: Combatant, amount: int, character: Character | None = None
) -> None:
    """After a hit: the fighter took damage this turn (Sensitivity), and a sleeper wakes,
    Prone (l. 367). A character's sheet is saved into `character`, the caller's copy."""
    if amount <= 0:
        return
    track = scene.state.condition_track
    if fighter.id not in track.damaged:
        _track(scene, damaged=(*track.damaged, fighter.id))
    name = safe(fighter.name)
    if character is not None:
        sheet = caverns_sheet(character)
        asleep = sheet.condition(Condition.SLEEPING)
        if asleep is not None and not can_be_woken(asleep):
            scene.say(f"{name} sleeps on: an Eternal Sleep no blow can break.")
        elif asleep is not None and not sheet.is_dead:
            woken = wake(sheet)
            save(scene.tx, character, woken)
            prone = " and is Prone" if woken.has_condition(Condition.PRONE) else ""
            scene.say(f"The blow wakes {name}{prone}.")
        return
    current = scene.state.combatant(fighter.id)
    asleep = current.condition(Condition.SLEEPING)
    if asleep is not None and not can_be_woken(asleep):
        scene.say(f"{name} sleeps on: an Eternal Sleep no blow can break.")
    elif asleep is not None and current.present:
        awake = rules.removed(current.conditions, Condition.SLEEPING)
        _set_npc(scene, fighter, rules.added(awake, Condition.PRONE))
        scene.say(f"The blow wakes {name}, who is Prone.")


# --- Each step's end (called by Scene.commit), and the battle's end -----------------------


def turn_over(scene: Scene) -> None:
    """Before a step is stored: when the turn a combatant was taking has ended (acted or
    skipped), Sensitivity ends if it lost no Health since its previous turn, and a Disarmed
    fighter picks its item up; an Entranced combatant who has come from the back row to the
    front is freed. A character's turn that has just begun is remembered as its own."""
    state = scene.state
    if state.phase in (Phase.SETUP, Phase.OVER):
        return
    track = state.condition_track
    if state.turn > track.turn:
        if track.acting is not None:
            _own_turn_ended(scene, scene.state.combatant(track.acting))
        _track(scene, turn=state.turn, acting=None)
    _entranced(scene)
    current = scene.state.current
    unowned = scene.state.condition_track.acting is None
    if scene.state.phase is Phase.PLAYER and current is not None and unowned:
        _own_turn(scene, scene.state.combatant(current))


def _own_turn_ended(scene: Scene, fighter: Combatant) -> None:
    track = scene.state.condition_track
    if fighter.present:
        name = safe(fighter.name)
        conditions = conditions_of(scene, fighter)
        if rules.has(conditions, Condition.SENSITIVITY) and fighter.id not in track.damaged:
            scene.relieve(fighter, Condition.SENSITIVITY)
            scene.say(f"{name} took no damage since their last turn: Sensitivity ends.")
        if fighter.id in track.retrieving and rules.has(conditions, Condition.DISARM):
            scene.relieve(fighter, Condition.DISARM)
            scene.say(f"{name} picks up what they dropped at the end of the turn: Disarm ends.")
    _track(
        scene,
        damaged=tuple(i for i in track.damaged if i != fighter.id),
        retrieving=tuple(i for i in track.retrieving if i != fighter.id),
    )


def _entranced(scene: Scene) -> None:
    """Entrancement ends on reaching the front row (l. 359): by Advance or the line closing."""
    seen = scene.state.condition_track.entranced_back
    back = []
    for fighter in _everyone(scene):
        if not rules.has(conditions_of(scene, fighter), Condition.ENTRANCEMENT):
            continue
        if fighter.row is Row.BACK:
            back.append(fighter.id)
        elif fighter.id in seen:
            scene.relieve(fighter, Condition.ENTRANCEMENT)
            scene.say(f"{safe(fighter.name)} reaches the front row: Entrancement ends.")
    if tuple(back) != seen:
        _track(scene, entranced_back=tuple(back))


def _everyone(scene: Scene) -> list[Combatant]:
    return [c for c in scene.state.combatants if c.present]


def battle_over(scene: Scene) -> None:
    """Entrancement and Fear end with the battle (l. 359, 361), on every combatant."""
    for fighter in scene.state.combatants:
        if fighter.character_id is None:
            ended = tuple(a.condition for a in fighter.conditions if ends_at(a, Moment.BATTLE_END))
            kept = tuple(a for a in fighter.conditions if a.condition not in ended)
            _set_npc(scene, fighter, kept)
        else:
            found = scene.character(fighter)
            sheet, ended = end_conditions(caverns_sheet(found), Moment.BATTLE_END)
            if ended:
                save(scene.tx, found, sheet)
        if ended and fighter.present:
            labels = " and ".join(c.label for c in ended)
            verb = "ends" if len(ended) == 1 else "end"
            scene.say(f"The battle is over: {safe(fighter.name)}'s {labels} {verb}.")


def turn_notes(scene: Scene) -> list[str]:
    """For the turn's announcement: the rolls and duties a character's conditions bring when
    its turn has just come (before its checks have run)."""
    state = scene.state
    if state.phase is not Phase.PLAYER or state.current is None:
        return []
    if state.checked_turn == state.turn:
        return []
    fighter = state.combatant(state.current)
    notes = rules.due_notes(conditions_of(scene, fighter), in_back_row=fighter.row is Row.BACK)
    return [f"{safe(fighter.name)} — {note}" for note in notes]
