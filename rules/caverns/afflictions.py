"""Putting conditions on a character and taking them off: immunities, cure rolls with their
"after three such rolls" count, waking, standing, and what ends at a rest or a battle's end."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from rules.caverns.conditions import CONDITIONS, ActiveCondition, Condition, Ending
from rules.caverns.party.harmony_skills import HarmonyBenefit, HarmonySkill
from rules.caverns.races import Race
from rules.caverns.rolling import roll_attribute
from rules.caverns.sheet import CavernsSheet
from rules.caverns.skills import SKILLS, Totem
from rules.dice import DiceSource
from rules.errors import PawpostError
from rules.rolls import Modifier, Roll

# Skills that make their owner immune (book l. 164, 195, 200-201, 216, 240, 260).
SKILL_IMMUNITIES: Mapping[str, tuple[Condition, ...]] = {
    "combat:gripping": (Condition.DISARM,),
    "athletics:adrenaline": (Condition.AEON, Condition.FATIGUE),
    "acrobatics:contortion": (Condition.BOUND, Condition.PRONE),
    "acrobatics:dexterity": (Condition.CLUMSINESS, Condition.DISARM),
    "rituals:rubeus": (Condition.PACIFISM, Condition.ENTRANCEMENT),
    "dreamweaving:control": (Condition.FATIGUE, Condition.SLEEPING),
    "psionics:second-sight": (Condition.BLIND,),
}

# Totems protect only while bonded (l. 207, 209), not merely learned.
TOTEM_IMMUNITIES: Mapping[Totem, tuple[Condition, ...]] = {
    Totem.SUN: (Condition.FATIGUE,),
    Totem.NIGHT: (Condition.BLIND,),
}


def immunity(sheet: CavernsSheet, condition: Condition, *, willing: bool = False) -> str | None:
    """What makes the character immune to `condition`, or None. Control's and Bear's sleep
    at will (l. 213, 240) is `willing`: it is not refused."""
    if condition in sheet.race_row.immune_to:
        return sheet.race_row.name
    if condition is Condition.SLEEPING and willing:
        return None
    for key, conditions in SKILL_IMMUNITIES.items():
        if condition in conditions and sheet.has_skill(key):
            return SKILLS[key].name
    for totem in sheet.bonded_totems:
        if condition in TOTEM_IMMUNITIES.get(totem, ()):
            return f"the {totem.label} totem"
    if condition is Condition.FEAR and sheet.has_benefit(HarmonyBenefit.UNRUFFLED):
        return HarmonySkill.FLOW_LIKE_THE_RIVER.label
    return None


def inflict(
    sheet: CavernsSheet,
    condition: Condition,
    *,
    from_flourish: bool = False,
    difficulty: int | None = None,
    note: str = "",
    willing: bool = False,
) -> CavernsSheet:
    """Put a condition on the character, refused when they are immune. Inflicted again, it
    starts afresh (its three cure rolls count from zero), and it stays past the next Short
    Rest if either affliction would."""
    reason = immunity(sheet, condition, willing=willing)
    if reason is not None:
        raise PawpostError(f"This character is immune to {condition.label} ({reason}).")
    old = sheet.condition(condition)
    fresh = ActiveCondition(
        condition=condition,
        from_flourish=from_flourish and (old is None or old.from_flourish),
        difficulty=difficulty,
        note=note,
        version=0 if old is None else old.version + 1,
    )
    others = tuple(a for a in sheet.conditions if a.condition is not condition)
    return sheet.model_copy(update={"conditions": (*others, fresh)})


def without(sheet: CavernsSheet, condition: Condition) -> CavernsSheet:
    """The sheet without the condition (no change if it is not there)."""
    remaining = tuple(a for a in sheet.conditions if a.condition is not condition)
    return sheet.model_copy(update={"conditions": remaining})


def cure(sheet: CavernsSheet, condition: Condition) -> CavernsSheet:
    """End a condition by a skill, an item, water on a fire, or the MC's word."""
    if not sheet.has_condition(condition):
        raise PawpostError(f"This character is not {condition.state}.")
    return without(sheet, condition)


def stand_up(sheet: CavernsSheet) -> CavernsSheet:
    """Book l. 364: standing up takes an action and ends Prone."""
    return cure(sheet, Condition.PRONE)


def wake(sheet: CavernsSheet) -> CavernsSheet:
    """Wake a sleeper (another's action, damage, or their own Harmony roll, l. 367): they wake
    Prone, unless Dreamweaving's Control keeps them standing (l. 240)."""
    woken = cure(sheet, Condition.SLEEPING)
    if woken.has_skill("dreamweaving:control") or immunity(woken, Condition.PRONE):
        return woken
    return inflict(woken, Condition.PRONE)


class CureResult(BaseModel):
    """A cure roll and what came of it. `roll` is None when no roll was needed (a Furrikin
    freeing itself, l. 79). `failure` says what the failed roll costs this turn."""

    model_config = ConfigDict(frozen=True)

    condition: Condition
    roll: Roll | None
    sheet: CavernsSheet
    cured: bool
    failure: str | None = None


def cure_roll(
    sheet: CavernsSheet,
    condition: Condition,
    dice: DiceSource,
    *,
    fated_die: int | None = None,
    day: int | None = None,
    modifiers: Sequence[Modifier] = (),
) -> CureResult:
    """The roll a condition asks for on the sufferer's turn (l. 350-367): Ablaze Water 5,
    Bound Wind 9, Confused Metal 7, Disloyalty Fire 7, Fatigue Wood 7, Sickness Water 7,
    Sleeping Harmony 7 (or the difficulty the MC or a skill set). A success ends Ablaze, Bound
    and Sleeping. The other four end after three rolls whatever their results (RULINGS), or
    at the first success with Athletics' Fitness (l. 193). A failed Fatigue roll falls Prone.
    A condition that stays counts the roll in its `version`, and `day` (a roll outside a
    battle) is kept as the game day it was rolled. `modifiers`: what else the roll takes
    (a Mystic Chant's turns in battle)."""
    active = sheet.condition(condition)
    if active is None:
        raise PawpostError(f"This character is not {condition.state}.")
    rule = CONDITIONS[condition]
    if rule.cure is None:
        ends = " or ".join(ending.value for ending in rule.ends)
        raise PawpostError(f"{condition.label} has no cure roll; it ends with {ends}.")
    if condition is Condition.BOUND and sheet.race is Race.FURRIKIN:
        return CureResult(
            condition=condition, roll=None, sheet=without(sheet, condition), cured=True
        )
    difficulty = active.difficulty if active.difficulty is not None else rule.cure.difficulty
    rolled = roll_attribute(
        sheet,
        rule.cure.attribute,
        dice,
        label=f"{condition.label}: {rule.cure.attribute.label} roll",
        modifiers=modifiers,
        target=difficulty,
        fated_die=fated_die,
    )
    success = bool(rolled.roll.succeeded)
    after = rolled.sheet
    rolls = active.rolls
    if rule.rolls_to_cure is None:
        cured = success
    else:
        rolls += 1
        fitness = success and after.has_skill("athletics:fitness")
        cured = rolls >= rule.rolls_to_cure or fitness
    if cured:
        after = wake(after) if condition is Condition.SLEEPING else without(after, condition)
    else:
        counted = active.model_copy(
            update={
                "rolls": rolls,
                "version": active.version + 1,
                "rolled_day": active.rolled_day if day is None else day,
            }
        )
        kept = tuple(counted if a.condition is condition else a for a in after.conditions)
        after = after.model_copy(update={"conditions": kept})
    if not success and condition is Condition.FATIGUE and immunity(after, Condition.PRONE) is None:
        after = inflict(after, Condition.PRONE)
    return CureResult(
        condition=condition,
        roll=rolled.roll,
        sheet=after,
        cured=cured,
        failure=None if success else rule.cure.failure,
    )


class Moment(StrEnum):
    """The moments that end conditions by themselves."""

    SHORT_REST = "short rest"
    LONG_REST = "long rest"
    BATTLE_END = "battle end"


# Conditions that end by what happens in a battle's turns (l. 351, 357, 359, 361, 362, 364,
# 365): a lost turn, an item picked up, the front row, a Flee, an attack on one's side, an
# action to stand, a turn without damage. Outside a battle nothing of that comes, so a rest
# (an hour at least of nothing stressful) ends them.
ENDS_BY_TURNS: frozenset[Ending] = frozenset(
    {
        Ending.NEXT_TURN,
        Ending.RETRIEVED,
        Ending.FRONT_ROW,
        Ending.BATTLE_END,
        Ending.SUCCESSFUL_FLEE,
        Ending.SIDE_ATTACKED,
        Ending.STANDING_UP,
        Ending.TURN_WITHOUT_DAMAGE,
    }
)


def ends_at(active: ActiveCondition, moment: Moment) -> bool:
    """Whether the condition ends at this moment. "The next rest" (Blind, Broken Limb) and
    "any rest" (Paranoia) end at either rest. A Flourish's condition lasts "until the next
    Short Rest" (l. 374); a Long Rest ends it too, since a day in the open includes the quiet
    hour a Short Rest needs. The conditions a battle's turns end (Aeon, Disarm, Entrancement,
    Fear, Pacifism, Prone, Sensitivity) end at a rest as well."""
    ends = active.rule.ends
    if moment is Moment.BATTLE_END:
        return Ending.BATTLE_END in ends
    return Ending.ANY_REST in ends or active.from_flourish or bool(ENDS_BY_TURNS & set(ends))


def end_conditions(
    sheet: CavernsSheet, moment: Moment
) -> tuple[CavernsSheet, tuple[Condition, ...]]:
    """The sheet without the conditions that end at `moment`, and which ended."""
    ended = tuple(a.condition for a in sheet.conditions if ends_at(a, moment))
    kept = tuple(a for a in sheet.conditions if a.condition not in ended)
    return sheet.model_copy(update={"conditions": kept}), ended
