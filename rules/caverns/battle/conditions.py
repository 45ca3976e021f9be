"""Conditions acting in battle (book l. 350-367): the rolls due before a combatant acts, what
each condition forbids or costs an action, an NPC's cure rolls (2d6 + its attribute), and what
the battle remembers between steps for them. Pure: it works on a combatant's conditions."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from rules.caverns.attributes import Attribute
from rules.caverns.conditions import CONDITIONS, ActiveCondition, Condition
from rules.caverns.constants import (
    ABLAZE_DAMAGE,
    BLIND_ATTACK_PENALTY,
    CLUMSINESS_PENALTY,
    PRONE_PENALTY,
    SENSITIVITY_EXTRA_LOSS,
)
from rules.caverns.moves import Move
from rules.caverns.rolling import roll_two_dice
from rules.dice import DiceSource
from rules.errors import PawpostError
from rules.rolls import Modifier, Roll

Conditions = tuple[ActiveCondition, ...]

# The conditions whose roll comes before the sufferer acts, in the order the bot makes them;
# a failure costs the action and the later ones wait for a turn with an action to lose.
TURN_ROLLS: tuple[Condition, ...] = (
    Condition.SLEEPING,
    Condition.BOUND,
    Condition.CONFUSED,
    Condition.SICKNESS,
    Condition.DISLOYALTY,
    Condition.FATIGUE,
)
BROKEN_LEG_WORD = "leg"  # a Broken Limb noted as a leg leaves the arms to wield weapons


class ConditionTrack(BaseModel):
    """What the battle's conditions need remembered between steps: whose own turn is running
    (its before-acting checks ran), who lost Health since its own turn last ended
    (Sensitivity), who picks a dropped item up at the end of this turn (Disarm), and who stood
    Entranced in a back row (the condition ends when they reach the front row)."""

    model_config = ConfigDict(frozen=True)

    turn: int = 0
    acting: int | None = None
    damaged: tuple[int, ...] = ()
    retrieving: tuple[int, ...] = ()
    entranced_back: tuple[int, ...] = ()


def has(conditions: Conditions, condition: Condition) -> bool:
    return any(a.condition is condition for a in conditions)


def active(conditions: Conditions, condition: Condition) -> ActiveCondition | None:
    return next((a for a in conditions if a.condition is condition), None)


def removed(conditions: Conditions, condition: Condition) -> Conditions:
    return tuple(a for a in conditions if a.condition is not condition)


def added(conditions: Conditions, condition: Condition) -> Conditions:
    """With the condition put on afresh (an NPC has no immunities in the bestiary's terms)."""
    return (*removed(conditions, condition), ActiveCondition(condition=condition))


def difficulty_of(found: ActiveCondition) -> int:
    cure = found.rule.cure
    if cure is None:
        raise PawpostError(f"{found.condition.label} has no cure roll.")
    return found.difficulty if found.difficulty is not None else cure.difficulty


def broken_arm(conditions: Conditions) -> bool:
    """A Broken Limb bars weapons unless the MC noted it as a leg (the attacker picks, l. 354)."""
    found = active(conditions, Condition.BROKEN_LIMB)
    return found is not None and BROKEN_LEG_WORD not in found.note.lower()


def refusal(conditions: Conditions, move: Move, name: str) -> str | None:
    """The sentence refusing a move a condition forbids (l. 357, 354, 359, 361, 362), or None.
    Bound and Sleeping are not refused: their roll comes first and may free the sufferer."""
    if move is Move.DO_BATTLE:
        if has(conditions, Condition.PACIFISM):
            return f"{name} has thrown down their weapons (Pacifism) and will not Do Battle."
        if has(conditions, Condition.DISARM):
            return (
                f"{name} dropped their weapon (Disarm) and picks it up at the end of their "
                "next turn; until then they cannot attack with it."
            )
        if broken_arm(conditions):
            return f"{name}'s Broken Limb is an arm: no weapon can be used until the next rest."
    if move is Move.FLEE and has(conditions, Condition.ENTRANCEMENT):
        return f"{name} is Entranced and cannot Flee; they must Advance as soon as they can."
    if move is Move.ADVANCE and has(conditions, Condition.FEAR):
        return f"{name} is Afraid and cannot advance beyond the back row; they must Flee."
    return None


def strikes_back(conditions: Conditions) -> bool:
    """A Pacifist inflicts no retaliatory damage (l. 362); a sleeper's Damage is zero (l. 367)."""
    return not has(conditions, Condition.PACIFISM) and not has(conditions, Condition.SLEEPING)


def hit_amount(conditions: Conditions, amount: int) -> int:
    """Sensitivity: one extra Health lost each time they take damage (l. 365)."""
    if amount > 0 and has(conditions, Condition.SENSITIVITY):
        return amount + SENSITIVITY_EXTRA_LOSS
    return amount


def ablaze_damage(conditions: Conditions) -> int:
    """One damage every turn while on fire (l. 350)."""
    return ABLAZE_DAMAGE if has(conditions, Condition.ABLAZE) else 0


def clumsy(conditions: Conditions) -> tuple[list[Modifier], Conditions]:
    """Clumsiness: this roll at -3, and then it ends (l. 355)."""
    if not has(conditions, Condition.CLUMSINESS):
        return [], conditions
    penalty = Modifier(value=-CLUMSINESS_PENALTY, reason=Condition.CLUMSINESS.label)
    return [penalty], removed(conditions, Condition.CLUMSINESS)


def npc_penalties(conditions: Conditions, move: Move) -> list[Modifier]:
    """An NPC's -3s: Prone on Advance, Flee and Do Battle (l. 364), Blind on attacks (l. 352)."""
    out = []
    if move is Move.DO_BATTLE and has(conditions, Condition.BLIND):
        out.append(Modifier(value=-BLIND_ATTACK_PENALTY, reason=Condition.BLIND.label))
    if move is not Move.ROLL and has(conditions, Condition.PRONE):
        out.append(Modifier(value=-PRONE_PENALTY, reason=Condition.PRONE.label))
    return out


class NpcCure(BaseModel):
    """An NPC's cure roll and its conditions after it."""

    model_config = ConfigDict(frozen=True)

    condition: Condition
    roll: Roll
    conditions: Conditions
    cured: bool
    failure: str | None = None


def npc_cure_roll(
    name: str,
    conditions: Conditions,
    condition: Condition,
    value: int,
    dice: DiceSource,
) -> NpcCure:
    """An NPC's roll against a condition: 2d6 + its attribute (`value`; Harmony 0, RULINGS)
    against the condition's difficulty, as `cure_roll` does for a sheet: a success ends
    Ablaze, Bound and Sleeping (waking Prone); the other four end after three rolls whatever
    their results; a failed Fatigue roll falls Prone; Clumsiness takes its -3 here."""
    found = active(conditions, condition)
    if found is None:
        raise PawpostError(f"{name} is not {condition.label}.")
    rule = CONDITIONS[condition]
    if rule.cure is None:
        raise PawpostError(f"{condition.label} has no cure roll.")
    attribute = rule.cure.attribute
    penalty, after = clumsy(conditions)
    roll = Roll(
        label=f"{name}, {condition.label}: {attribute.label} roll",
        dice=roll_two_dice(dice),
        modifiers=(Modifier(value=value, reason=attribute.label), *penalty),
        target=difficulty_of(found),
    )
    success = bool(roll.succeeded)
    if rule.rolls_to_cure is None:
        cured = success
        if cured:
            after = removed(after, condition)
            if condition is Condition.SLEEPING:
                after = added(after, Condition.PRONE)
    else:
        rolls = found.rolls + 1
        cured = rolls >= rule.rolls_to_cure
        counted = found.model_copy(update={"rolls": rolls})
        after = (
            removed(after, condition)
            if cured
            else tuple(counted if a.condition is condition else a for a in after)
        )
    if not success and condition is Condition.FATIGUE:
        after = added(after, Condition.PRONE)
    return NpcCure(
        condition=condition,
        roll=roll,
        conditions=after,
        cured=cured,
        failure=None if success else rule.cure.failure,
    )


def npc_attribute(attributes: dict[Attribute, int], harmony: int, attribute: Attribute) -> int:
    """The value an NPC adds: its Harmony (0 by RULINGS) or one of its five elements."""
    return harmony if attribute is Attribute.HARMONY else attributes.get(attribute, 0)


def due_notes(conditions: Conditions, *, in_back_row: bool = True) -> list[str]:
    """What the sufferer's turn brings, for the turn's announcement ("Bound: the bot rolls
    Wind DC 9 when you act"); from the front row the Entranced have nowhere to Advance."""
    notes = []
    if has(conditions, Condition.ABLAZE):
        fire = active(conditions, Condition.ABLAZE)
        assert fire is not None
        notes.append(
            f"Ablaze: you take {ABLAZE_DAMAGE} damage and the bot rolls Water DC "
            f"{difficulty_of(fire)} to put it out when you act."
        )
    if has(conditions, Condition.AEON):
        notes.append("Aeon: this turn is lost (any action you take ends it).")
    for condition in TURN_ROLLS:
        found = active(conditions, condition)
        if found is None:
            continue
        cure = found.rule.cure
        assert cure is not None
        count = (
            f" (roll {found.rolls + 1} of {found.rule.rolls_to_cure})"
            if found.rule.rolls_to_cure
            else ""
        )
        notes.append(
            f"{condition.label}: the bot rolls {cure.attribute.label} DC {difficulty_of(found)} "
            f"when you act{count}; a miss {cure.failure}."
        )
    if has(conditions, Condition.ENTRANCEMENT):
        advance = " and must Advance as soon as you can" if in_back_row else ""
        notes.append(f"Entranced: you cannot Flee{advance}.")
    if has(conditions, Condition.FEAR):
        notes.append("Afraid: you cannot Advance and must Flee as soon as you can.")
    if has(conditions, Condition.PRONE):
        notes.append("Prone: Advance, Flee and Do Battle take -3; /battle stand takes an action.")
    if has(conditions, Condition.PARANOIA):
        notes.append(
            "Paranoid: you have no allies, only enemies; what you would do to an enemy you may "
            "do to anyone, and nothing you do helps an ally."
        )
    return notes
