"""A check: 3d6 + ability + skill + points spent + knack bonuses, with criticals and sprains."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from rules.dice import DiceSource
from rules.errors import PawpostError
from rules.rolls import Modifier, Roll, roll_dice
from rules.wcagr.abilities import Ability
from rules.wcagr.constants import (
    BONUS_PER_POINT_SPENT,
    CHECK_DICE,
    CHECK_DIE_SIDES,
    CRITICAL_FAILURE_FACE,
    CRITICAL_MATCHES,
    CRITICAL_SUCCESS_FACE,
)
from rules.wcagr.knack_use import KnackUse, knack_costs, knacks_on_check
from rules.wcagr.knacks import Knack
from rules.wcagr.points import pay
from rules.wcagr.sheet import WcagrSheet, refuse_check, with_sprain
from rules.wcagr.skills import Skill, is_physical


class Critical(StrEnum):
    SUCCESS = "critical-success"
    FAILURE = "critical-failure"

    @property
    def label(self) -> str:
        return self.value.replace("-", " ")


def critical_of(faces: Sequence[int]) -> Critical | None:
    """Book l.22: two or three 1s are a critical failure, two or three 6s a critical success."""
    if sum(1 for face in faces if face == CRITICAL_FAILURE_FACE) >= CRITICAL_MATCHES:
        return Critical.FAILURE
    if sum(1 for face in faces if face == CRITICAL_SUCCESS_FACE) >= CRITICAL_MATCHES:
        return Critical.SUCCESS
    return None


class CheckResult(BaseModel):
    """One check: the roll (every die and modifier, and the DC as its target), what was used,
    the critical if any, and the sheet after paying the points (and taking a sprain). Read the
    outcome from `succeeded` here: `roll.succeeded` compares the total alone."""

    model_config = ConfigDict(frozen=True)

    roll: Roll
    ability: Ability
    skill: Skill | None
    spent: int
    knacks: tuple[KnackUse, ...] = ()
    critical: Critical | None = None
    sprained: bool = False
    sheet: WcagrSheet

    @property
    def total(self) -> int:
        return self.roll.total

    @property
    def succeeded(self) -> bool | None:
        """A critical decides whatever the total (RULINGS); otherwise total >= DC. None when
        there is no DC."""
        if self.roll.target is None:
            return None
        if self.critical is Critical.SUCCESS:
            return True
        if self.critical is Critical.FAILURE:
            return False
        return self.roll.total >= self.roll.target

    @property
    def effects(self) -> tuple[str, ...]:
        """What the non-bonus knacks do, in words for the post."""
        return tuple(use.effect for use in self.knacks if use.effect is not None)


def rolled_check(
    roll: Roll, sheet: WcagrSheet, *, ability: Ability, skill: Skill | None
) -> CheckResult:
    """A check rolled earlier and kept (a contest's, an attack waiting for its target's Jump),
    as a result again: its critical read from its dice."""
    return CheckResult(
        roll=roll,
        ability=ability,
        skill=skill,
        spent=0,
        critical=critical_of([die.face for die in roll.dice]),
        sheet=sheet,
    )


def check_label(ability: Ability, skill: Skill | None) -> str:
    """The roll's name: "Listen", "Swat (Strength)" with another ability, or "Strength"."""
    if skill is None:
        return ability.label
    if ability is skill.ability:
        return skill.label
    return f"{skill.label} ({ability.label})"


def _check_ability(
    skill: Skill | None, ability: Ability | None, knacks: Mapping[Knack, int]
) -> Ability:
    if skill is None:
        if ability is None:
            raise PawpostError("Choose a skill or an ability to check.")
        return ability
    if Knack.PUMMEL in knacks and skill is Skill.SWAT:
        # l.329: Pummel makes "a Swat attack based on a Strength Check".
        if ability not in (None, Ability.STRENGTH):
            raise PawpostError(
                f"Pummel makes the Swat a Strength check, so it cannot be rolled with "
                f"{ability.label}."
            )
        return Ability.STRENGTH
    return ability or skill.ability


class PreparedCheck(BaseModel):
    """A check made ready but not rolled: its ability, the knacks as used, and the sheet with
    every cost paid. Preparing is all the refusing a check does, so a choice prepared now (a
    wrestler's, a hunter's) can be rolled later without surprise."""

    model_config = ConfigDict(frozen=True)

    ability: Ability
    skill: Skill | None
    spend: int
    uses: tuple[KnackUse, ...]
    after: WcagrSheet


def prepare_check(
    sheet: WcagrSheet,
    *,
    skill: Skill | None = None,
    ability: Ability | None = None,
    spend: int = 0,
    knacks: Mapping[Knack, int] | None = None,
    wrestling: bool = False,
    pinned: bool = False,
) -> PreparedCheck:
    """Everything of a check but its dice: who may check, the knacks' fit and limits, and the
    costs paid from the pools (refused with one sentence when the points are not there)."""
    knacks = knacks or {}
    refuse_check(sheet)
    check_ability = _check_ability(skill, ability, knacks)
    if spend < 0:
        raise PawpostError(f"Spend 0 or more points; you gave {spend}.")
    uses = knacks_on_check(
        sheet, knacks, ability=check_ability, skill=skill, wrestling=wrestling, pinned=pinned
    )
    costs = knack_costs(uses)
    costs[check_ability] = costs.get(check_ability, 0) + spend
    return PreparedCheck(
        ability=check_ability, skill=skill, spend=spend, uses=uses, after=pay(sheet, costs)
    )


def roll_check(
    sheet: WcagrSheet,
    dice: DiceSource,
    *,
    skill: Skill | None = None,
    ability: Ability | None = None,
    dc: int | None = None,
    spend: int = 0,
    knacks: Mapping[Knack, int] | None = None,
    wrestling: bool = False,
    pinned: bool = False,
    label: str | None = None,
) -> CheckResult:
    """Roll a check. With a skill the ability is the skill's unless another is named (the GM
    may call for one); without, a plain ability check. `spend` points come from the check's
    ability pool, +1 each (l.224); each knack's cost from the pool it names, giving its bonus
    only. Everything is paid before the dice are rolled, so it is spent whatever they show
    (l.253, 307). A critical failure on a physical check sprains the cat (l.463)."""
    ready = prepare_check(
        sheet,
        skill=skill,
        ability=ability,
        spend=spend,
        knacks=knacks,
        wrestling=wrestling,
        pinned=pinned,
    )
    check_ability, uses, after = ready.ability, ready.uses, ready.after

    modifiers = [Modifier(value=sheet.score(check_ability), reason=check_ability.label)]
    if skill is not None:
        modifiers.append(Modifier(value=sheet.skill(skill), reason=skill.label))
    if spend:
        modifiers.append(Modifier(value=spend * BONUS_PER_POINT_SPENT, reason="spent"))
    modifiers += [Modifier(value=use.bonus, reason=use.label) for use in uses if use.bonus]
    roll = Roll(
        label=label or check_label(check_ability, skill),
        dice=roll_dice(dice, CHECK_DICE, CHECK_DIE_SIDES),
        modifiers=tuple(modifiers),
        target=dc,
    )
    critical = critical_of([die.face for die in roll.dice])
    sprains = critical is Critical.FAILURE and is_physical(check_ability, skill)
    return CheckResult(
        roll=roll,
        ability=check_ability,
        skill=skill,
        spent=spend,
        knacks=uses,
        critical=critical,
        sprained=sprains,
        sheet=with_sprain(after) if sprains else after,
    )
