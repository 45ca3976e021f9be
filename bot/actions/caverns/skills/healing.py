"""Healing in battle (book l. 224-229): Empathy and Bedevil move conditions between you and a
creature in melee range, Anesthesia numbs one with Fatigue, Curing cures up to three, and
Immunize shields your allies from the condition you choose; Farheal lifts the melee limit."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.actions.caverns.common import items
from bot.actions.caverns.skills.common import active_condition, has_skill
from bot.actions.caverns.skills.turn import BattleSkill, SkillTurn
from bot.actions.formatting import safe
from rules.caverns.battle.effects import Effect, EffectKind
from rules.caverns.battle.effects import effects_of as effects
from rules.caverns.battle.rows import Combatant, in_reach
from rules.caverns.catalogue import Range
from rules.caverns.conditions import Condition, parse_condition
from rules.caverns.skills.common import at_end_of_turn, with_effect
from rules.caverns.skills.healing import (
    ANESTHESIA,
    ANESTHESIA_NOTE,
    BEDEVIL,
    CURING,
    CURING_MOST,
    EMPATHY,
    FARHEAL,
    IMMUNIZE,
)
from rules.caverns.wording import joined
from rules.errors import PawpostError

SELF_WORDS = ("me", "myself", "self")


def aimed(turn: SkillTurn, *, default_self: bool = False) -> tuple[Combatant, str]:
    """The target option as "Name: the rest" (a name alone leaves the rest empty; with
    `default_self`, no name or "me" is the user)."""
    name, _, rest = turn.text.partition(":")
    name = name.strip()
    if default_self and (not name or name.lower() in SELF_WORDS):
        return turn.scene.state.combatant(turn.fighter.id), rest.strip()
    if not name:
        raise PawpostError(f'Name whom {turn.skill.name} is for: target:"Name: …".')
    return turn.scene.state.by_name(name), rest.strip()


def chosen_conditions(
    turn: SkillTurn, holder: Combatant, text: str, most: int | None = None
) -> list[Condition]:
    """The conditions listed ("fatigue, prone"), each on the holder; none listed: all of
    theirs."""
    held = turn.scene.conditions_of(holder)
    chosen = [parse_condition(part) for part in items(text)] or list(held)
    if not chosen:
        raise PawpostError(f"{safe(holder.name)} suffers no condition.")
    missing = [c for c in chosen if c not in held]
    if missing:
        raise PawpostError(f"{safe(holder.name)} is not {missing[0].state}.")
    if most is not None and len(chosen) > most:
        raise PawpostError(f"{turn.skill.name} cures {most} at most; name which.")
    return list(dict.fromkeys(chosen))


def within_reach(turn: SkillTurn, target: Combatant) -> None:
    """Healing works in melee range, or at any range with Farheal (l. 228)."""
    user = turn.scene.state.combatant(turn.fighter.id)
    if not target.present:
        raise PawpostError(f"{safe(target.name)} is no longer in the battle.")
    if not has_skill(turn.scene, user, FARHEAL) and not in_reach(user, target, Range.MELEE):
        raise PawpostError(f"{safe(target.name)} is out of melee range (Farheal reaches any row).")


def transfer(
    turn: SkillTurn, giver: Combatant, taker: Combatant, chosen: Sequence[Condition]
) -> None:
    """Each chosen condition leaves the giver for the taker (its note and Flourish origin go
    with it); one the taker is immune to stays where it was."""
    scene = turn.scene
    for condition in chosen:
        source = active_condition(scene, giver, condition)
        note = source.note if source is not None else ""
        flourish = source.from_flourish if source is not None else False
        if scene.afflict(taker, condition, from_flourish=flourish, note=note):
            scene.relieve(giver, condition)
            scene.say(f"{safe(giver.name)} is no longer {condition.state}.")


def empathy(turn: SkillTurn) -> None:
    """Empathy (l. 224): the chosen conditions of one creature in melee range move to you."""
    _move_conditions(turn, to_user=True)


def bedevil(turn: SkillTurn) -> None:
    """Bedevil (l. 229): Empathy in reverse, your chosen conditions to a creature in range."""
    _move_conditions(turn, to_user=False)


def _move_conditions(turn: SkillTurn, *, to_user: bool) -> None:
    """Empathy takes the chosen conditions from another creature; Bedevil gives them to it."""
    target, rest = aimed(turn)
    user = turn.scene.state.combatant(turn.fighter.id)
    if target.id == user.id:
        raise PawpostError(
            "Empathy takes conditions from another creature."
            if to_user
            else "Bedevil gives your conditions to another creature."
        )
    within_reach(turn, target)
    giver, taker = (target, user) if to_user else (user, target)
    chosen = chosen_conditions(turn, giver, rest)
    labels = joined([c.label for c in chosen])
    turn.scene.say(
        f"{safe(user.name)} takes {labels} from {safe(target.name)}."
        if to_user
        else f"{safe(user.name)} gives {labels} to {safe(target.name)}."
    )
    transfer(turn, giver, taker, chosen)


def anesthesia(turn: SkillTurn) -> None:
    """Anesthesia (l. 225): a character in melee range becomes Fatigued, and while that
    Fatigue lasts loses at most 1 Health from any source."""
    target = turn.require_target()
    within_reach(turn, target)
    by = f"{turn.fighter.name}'s Anesthesia"
    if turn.scene.afflict(target, Condition.FATIGUE, note=ANESTHESIA_NOTE, by=by):
        turn.scene.say(f"While it lasts, {safe(target.name)} loses no more than 1 Health a blow.")


def curing(turn: SkillTurn) -> None:
    """Curing (l. 227): up to three conditions off yourself or a creature in melee range."""
    target, rest = aimed(turn, default_self=True)
    within_reach(turn, target)
    chosen = chosen_conditions(turn, target, rest, CURING_MOST)
    for condition in chosen:
        turn.scene.relieve(target, condition)
    turn.scene.say(
        f"{safe(turn.fighter.name)} cures {safe(target.name)}: no longer "
        f"{joined([c.state for c in chosen])}."
    )


def immunize(turn: SkillTurn) -> None:
    """Immunize (l. 226): your allies are immune to the condition you choose; you may switch
    it at the end of each of your turns (your turn, or the enemies' turn right after it)."""
    condition = parse_condition(turn.text) if turn.text.strip() else None
    if condition is None:
        raise PawpostError('Name the condition your allies become immune to: target:"fatigue".')
    state = turn.scene.state
    user = state.combatant(turn.fighter.id)
    chosen = effects(state, EffectKind.IMMUNIZE, owner=user.id)
    if chosen and not at_end_of_turn(state, user):
        raise PawpostError(
            f"You switch Immunize's condition at the end of your turn; it is "
            f"{chosen[0].condition.label if chosen[0].condition else 'none'} until then."
        )
    shield = Effect(kind=EffectKind.IMMUNIZE, owner=user.id, condition=condition)
    turn.scene.state = with_effect(
        state, shield, lambda e: e.kind is EffectKind.IMMUNIZE and e.owner == user.id
    )
    turn.scene.say(f"{safe(user.name)}'s allies are immune to {condition.label} (Immunize).")


SKILLSET_SKILLS: Mapping[str, BattleSkill] = {
    EMPATHY: BattleSkill(empathy, names_combatant=False),
    BEDEVIL: BattleSkill(bedevil, names_combatant=False),
    ANESTHESIA: BattleSkill(anesthesia),
    CURING: BattleSkill(curing, names_combatant=False),
    IMMUNIZE: BattleSkill(immunize, action=False, names_combatant=False),
}
