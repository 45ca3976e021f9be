"""Hunting (l.361-402): the four stages against the prey's row of the Difficulty Table, the
prey's weight and its rations, and crowfood's illness roll."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from fractions import Fraction
from itertools import pairwise

from pydantic import BaseModel, ConfigDict, Field

from rules.dice import DiceSource
from rules.errors import PawpostError
from rules.rolls import Roll, roll_dice
from rules.wcagr.abilities import Ability
from rules.wcagr.checks import CheckResult, prepare_check, roll_check
from rules.wcagr.clans import Clan
from rules.wcagr.constants import (
    AVERAGE_MOST,
    CROWFOOD_DIE,
    CROWFOOD_ILL_BELOW,
    PLUMP_MOST,
    PREY_WEIGHT_DIE,
    SKIN_AND_BONES_MOST,
    UNDERWEIGHT_MOST,
)
from rules.wcagr.knack_use import knack_costs, knacks_on_check
from rules.wcagr.knacks import Knack
from rules.wcagr.points import pay
from rules.wcagr.sheet import WcagrSheet, why_cannot_hunt_or_fight
from rules.wcagr.skills import Skill


class Prey(StrEnum):
    """The Difficulty Table's rows (l.377-389); Rat, listed twice with the same numbers, is one."""

    MICE = "mice"
    RABBIT = "rabbit"
    VOLE = "vole"
    SMALL_BIRDS = "small-birds"
    SQUIRREL = "squirrel"
    FISH = "fish"
    RAT = "rat"
    FROG_TOAD = "frog-toad"
    LARGE_BIRDS = "large-birds"
    SNAKES = "snakes"
    LIZARDS = "lizards"

    @property
    def label(self) -> str:
        return PREY_LABELS[self]

    @property
    def one(self) -> str:
        """One catch of it, as a player says it: "mouse", "small bird", "frog or toad"."""
        return PREY_ONE[self]


PREY_LABELS: Mapping[Prey, str] = {
    Prey.MICE: "Mice",
    Prey.RABBIT: "Rabbit",
    Prey.VOLE: "Vole",
    Prey.SMALL_BIRDS: "Small Birds",
    Prey.SQUIRREL: "Squirrel",
    Prey.FISH: "Fish",
    Prey.RAT: "Rat",
    Prey.FROG_TOAD: "Frog/Toad",
    Prey.LARGE_BIRDS: "Large Birds",
    Prey.SNAKES: "Snakes",
    Prey.LIZARDS: "Lizards",
}
PREY_ONE: Mapping[Prey, str] = {
    Prey.MICE: "mouse",
    Prey.RABBIT: "rabbit",
    Prey.VOLE: "vole",
    Prey.SMALL_BIRDS: "small bird",
    Prey.SQUIRREL: "squirrel",
    Prey.FISH: "fish",
    Prey.RAT: "rat",
    Prey.FROG_TOAD: "frog or toad",
    Prey.LARGE_BIRDS: "large bird",
    Prey.SNAKES: "snake",
    Prey.LIZARDS: "lizard",
}


class Stage(StrEnum):
    """Book l.367-371, in order."""

    LOCATE = "locate"
    APPROACH = "approach"
    GRAB = "grab"
    KILL = "kill"

    @property
    def label(self) -> str:
        return self.value.capitalize()


STAGES: tuple[Stage, ...] = tuple(Stage)
LOCATE_SKILLS: tuple[Skill, ...] = (Skill.LISTEN, Skill.SEE, Skill.SMELL)  # l.368
STAGE_SKILLS: Mapping[Stage, Skill] = {  # l.369-371
    Stage.APPROACH: Skill.SNEAK,
    Stage.GRAB: Skill.POUNCE,
    Stage.KILL: Skill.BITE,
}

# Book l.377-389: Locate, Approach, Grab, Kill.
DIFFICULTY: Mapping[Prey, tuple[int, int, int, int]] = {
    Prey.MICE: (17, 9, 15, 6),
    Prey.RABBIT: (10, 18, 18, 16),
    Prey.VOLE: (16, 10, 10, 9),
    Prey.SMALL_BIRDS: (8, 16, 15, 6),
    Prey.SQUIRREL: (11, 17, 18, 9),
    Prey.FISH: (12, 12, 16, 8),
    Prey.RAT: (13, 17, 11, 11),
    Prey.FROG_TOAD: (14, 12, 16, 12),
    Prey.LARGE_BIRDS: (9, 15, 16, 13),
    Prey.SNAKES: (16, 13, 14, 16),
    Prey.LIZARDS: (17, 17, 14, 8),
}


def stage_dc(prey: Prey, stage: Stage) -> int:
    return DIFFICULTY[prey][STAGES.index(stage)]


def stage_skill(stage: Stage, locate_with: Skill) -> Skill:
    """The skill a stage is rolled with; Locate uses the one the player picked."""
    if stage is Stage.LOCATE:
        if locate_with not in LOCATE_SKILLS:
            raise PawpostError("Locate prey with Listen, See or Smell.")
        return locate_with
    return STAGE_SKILLS[stage]


class Weight(StrEnum):
    """The Ration Table's rows (l.393-400)."""

    SKIN_AND_BONES = "skin-and-bones"
    UNDERWEIGHT = "underweight"
    AVERAGE = "average"
    PLUMP = "plump"
    MASSIVE = "massive"

    @property
    def label(self) -> str:
        return self.value.replace("-", " ").capitalize()


RATIONS: Mapping[Weight, Fraction] = {  # l.396-400: "Clan Rations"
    Weight.SKIN_AND_BONES: Fraction(1, 3),
    Weight.UNDERWEIGHT: Fraction(1, 2),
    Weight.AVERAGE: Fraction(1),
    Weight.PLUMP: Fraction(2),
    Weight.MASSIVE: Fraction(3),
}
HOURS_FED: Mapping[Weight, str] = {  # l.396-400: "Hours Fed (One Cat)"
    Weight.SKIN_AND_BONES: "3-4",
    Weight.UNDERWEIGHT: "10-12",
    Weight.AVERAGE: "24",
    Weight.PLUMP: "48",
    Weight.MASSIVE: "72",
}


# The highest 1d10 face of Skin and Bones, Underweight, Average and Plump; Massive is the rest.
WeightTable = tuple[int, int, int, int]
WEIGHTS: WeightTable = (SKIN_AND_BONES_MOST, UNDERWEIGHT_MOST, AVERAGE_MOST, PLUMP_MOST)


def weight_table(highest: tuple[int, ...]) -> WeightTable:
    """A server's own weight table (RULINGS: config), refused unless it is four faces of the
    d10 in rising order that leave each weight at least one face."""
    if len(highest) != len(WEIGHTS):
        raise PawpostError(
            "Give the highest face of Skin and Bones, Underweight, Average and Plump, "
            "e.g. 1, 3, 7, 9 (Massive is the rest)."
        )
    bounds = (0, *highest, PREY_WEIGHT_DIE)
    if any(low >= high for low, high in pairwise(bounds)):
        raise PawpostError(
            f"Each weight needs at least one face of the d{PREY_WEIGHT_DIE}: the four faces "
            f"rise, from 1 to at most {PREY_WEIGHT_DIE - 1}."
        )
    return highest[0], highest[1], highest[2], highest[3]


def weight_words(table: WeightTable) -> str:
    """ "1, 2-3, 4-7, 8-9, 10"."""
    bounds = (0, *table, PREY_WEIGHT_DIE)
    spans = [
        str(high) if low + 1 == high else f"{low + 1}-{high}" for low, high in pairwise(bounds)
    ]
    return ", ".join(spans)


def weight_of(face: int, table: WeightTable = WEIGHTS) -> Weight:
    """RULINGS: the weight from 1d10: 1, 2-3, 4-7, 8-9, 10 (or the server's own table)."""
    if not 1 <= face <= PREY_WEIGHT_DIE:
        raise PawpostError(f"The weight die is a d{PREY_WEIGHT_DIE}; {face} is not a face.")
    for weight, highest in zip(Weight, table, strict=False):
        if face <= highest:
            return weight
    return Weight.MASSIVE


def roll_weight(dice: DiceSource, table: WeightTable = WEIGHTS) -> tuple[Roll, Weight]:
    roll = Roll(label="Prey's weight", dice=roll_dice(dice, 1, PREY_WEIGHT_DIE))
    return roll, weight_of(roll.total, table)


def rations_words(rations: Fraction) -> str:
    """0 rations, 1/3 ration, 1/2 ration, 1 ration, 2 rations, 2 1/3 rations."""
    whole, part = divmod(rations, 1)
    text = " ".join(
        bit for bit in (str(int(whole)) if whole else "", str(part) if part else "") if bit
    )
    return f"{text or '0'} ration{'' if 0 < rations <= 1 else 's'}"


class StageRoll(BaseModel):
    """One stage rolled: which, by whom, the check, and whether it passed."""

    model_config = ConfigDict(frozen=True)

    stage: Stage
    character_id: int
    check: CheckResult

    @property
    def passed(self) -> bool:
        return bool(self.check.succeeded)


def knacks_for_stage(
    knacks: Mapping[Knack, int], stage: Stage, locate_with: Skill, sheet: WcagrSheet
) -> dict[Knack, int]:
    """Of the knacks named for the hunt, those that fit this stage's check (docs/rulings.md:
    each named knack is used on the first stage rolled that it fits)."""
    skill = stage_skill(stage, locate_with)
    fitting: dict[Knack, int] = {}
    for knack, uses in knacks.items():
        try:
            knacks_on_check(sheet, {knack: uses}, ability=skill.ability, skill=skill)
        except PawpostError:
            continue
        fitting[knack] = uses
    return fitting


def refuse_unfitting(
    knacks: Mapping[Knack, int], stages: tuple[Stage, ...], locate_with: Skill, sheet: WcagrSheet
) -> None:
    """Refuse, with the rules' own sentence, a knack that fits none of the stages left."""
    for knack, uses in knacks.items():
        if any(knacks_for_stage({knack: uses}, s, locate_with, sheet) for s in stages):
            continue
        skill = stage_skill(stages[0], locate_with)
        knacks_on_check(sheet, {knack: uses}, ability=skill.ability, skill=skill)


class StagePlan(BaseModel):
    """What one stage's check takes: the points spent on it and the knacks used on it."""

    model_config = ConfigDict(frozen=True)

    spend: int = 0
    knacks: dict[Knack, int] = Field(default_factory=dict)


def plan_stages(
    sheet: WcagrSheet,
    stages: tuple[Stage, ...],
    locate_with: Skill,
    knacks: Mapping[Knack, int],
    spend: int = 0,
    spend_on: Stage | None = None,
) -> dict[Stage, StagePlan]:
    """The stages a command may roll, each with what it takes: every knack on the first of
    them it fits (docs/rulings.md), the points on `spend_on` (default the first). Everything is
    checked before the first die, the costs of all the stages together against the pools, so
    no roll is thrown away because a later stage cannot be paid (refused with one sentence)."""
    refuse_unfitting(knacks, stages, locate_with, sheet)
    target = spend_on or stages[0]
    if spend and target not in stages:
        raise PawpostError(
            f"The points go on a stage this roll may reach ({', '.join(s.label for s in stages)})."
        )
    unused = dict(knacks)
    plan: dict[Stage, StagePlan] = {}
    costs: dict[Ability, int] = {}
    for stage in stages:
        fitting = knacks_for_stage(unused, stage, locate_with, sheet)
        for knack in fitting:
            del unused[knack]
        points = spend if stage is target else 0
        skill = stage_skill(stage, locate_with)
        ready = prepare_check(sheet, skill=skill, spend=points, knacks=fitting)
        for ability, cost in knack_costs(ready.uses).items():
            costs[ability] = costs.get(ability, 0) + cost
        costs[skill.ability] = costs.get(skill.ability, 0) + points
        plan[stage] = StagePlan(spend=points, knacks=fitting)
    pay(sheet, costs)  # all of them at once: refused when the pools do not hold them
    return plan


def roll_stage(
    sheet: WcagrSheet,
    dice: DiceSource,
    prey: Prey,
    stage: Stage,
    locate_with: Skill,
    *,
    spend: int = 0,
    knacks: Mapping[Knack, int] | None = None,
) -> CheckResult:
    """One stage's check against the prey's DC; a sick, sprained, knocked-out or retired cat
    cannot hunt."""
    reason = why_cannot_hunt_or_fight(sheet)
    if reason is not None:
        raise PawpostError(reason)
    skill = stage_skill(stage, locate_with)
    return roll_check(
        sheet,
        dice,
        skill=skill,
        dc=stage_dc(prey, stage),
        spend=spend,
        knacks=knacks,
        label=f"{stage.label} ({skill.label})",
    )


def crowfood_roll(clan: Clan, dice: DiceSource) -> tuple[Roll | None, bool]:
    """Book l.402: ShadowClan cats roll nothing; any other falls ill on d100 < 66."""
    if clan is Clan.SHADOWCLAN:
        return None, False
    roll = Roll(label="Crowfood", dice=roll_dice(dice, 1, CROWFOOD_DIE))
    return roll, roll.total < CROWFOOD_ILL_BELOW
