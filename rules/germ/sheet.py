"""A Germ cat's sheet: six stats, age, conditions, scars and hunger, and the creation rule."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field, field_validator

from rules.errors import PawpostError
from rules.germ.constants import (
    ELDER_MIN_AGE_MOONS,
    KIT_MAX_AGE_MOONS,
    MAX_AGE_MOONS,
    MAX_POINTS_IN_STAT,
    POINTS_TO_SPEND,
    SPECIALIZED_POINTS,
)


class Stat(StrEnum):
    """The six categories, in the book's order."""

    STRENGTH = "strength"
    AGILITY = "agility"
    CHARISMA = "charisma"
    INTELLIGENCE = "intelligence"
    STEALTH = "stealth"
    PERCEPTION = "perception"

    @property
    def label(self) -> str:
        """The name players see: "Strength"."""
        return _STAT_LABELS[self]


STATS: tuple[Stat, ...] = tuple(Stat)
_STAT_LABELS: Mapping[Stat, str] = {stat: stat.value.capitalize() for stat in STATS}

# "Agility counters Strength, Intelligence counters Charisma, Perception counters Stealth."
COUNTER_STAT: Mapping[Stat, Stat] = {
    Stat.STRENGTH: Stat.AGILITY,
    Stat.CHARISMA: Stat.INTELLIGENCE,
    Stat.STEALTH: Stat.PERCEPTION,
}


class Condition(StrEnum):
    """Everything on the penalty table, in the book's order. Kit, elder and starving are worked
    out from age and hunger (see `effective_conditions`); the others are set by hand."""

    KIT = "kit"
    ELDER = "elder"
    BLIND = "blind"
    NO_SENSE_OF_SMELL = "no-sense-of-smell"
    LOST_LIMB = "lost-limb"
    NO_TAIL = "no-tail"
    STARVING = "starving"

    @property
    def label(self) -> str:
        """The reason players see on a roll: "no sense of smell"."""
        return _CONDITION_LABELS[self]

    @property
    def is_derived(self) -> bool:
        """Kit, elder and starving follow from the sheet and are never set by hand."""
        return self in DERIVED_CONDITIONS


_CONDITION_LABELS: Mapping[Condition, str] = {
    Condition.KIT: "kit",
    Condition.ELDER: "elder",
    Condition.BLIND: "blind",
    Condition.NO_SENSE_OF_SMELL: "no sense of smell",
    Condition.LOST_LIMB: "disfigured or lost limb",
    Condition.NO_TAIL: "no tail",
    Condition.STARVING: "starving",
}

DERIVED_CONDITIONS: frozenset[Condition] = frozenset(
    {Condition.KIT, Condition.ELDER, Condition.STARVING}
)


class Disability(StrEnum):
    """What a 21+ hit can inflict; the target's player picks one."""

    BLINDED = "blinded"
    LOST_SENSE_OF_SMELL = "lost-sense-of-smell"
    DISFIGURED_LIMB = "disfigured-limb"
    TAIL_TORN_OFF = "tail-torn-off"

    @property
    def label(self) -> str:
        return self.value.replace("-", " ")

    @property
    def condition(self) -> Condition:
        """The permanent condition the disability becomes."""
        return _DISABILITY_CONDITIONS[self]


_DISABILITY_CONDITIONS: Mapping[Disability, Condition] = {
    Disability.BLINDED: Condition.BLIND,
    Disability.LOST_SENSE_OF_SMELL: Condition.NO_SENSE_OF_SMELL,
    Disability.DISFIGURED_LIMB: Condition.LOST_LIMB,
    Disability.TAIL_TORN_OFF: Condition.NO_TAIL,
}


class LifeStage(StrEnum):
    """The book only names kits (six moons and under) and elders (ten years and older); every
    cat in between is simply a "cat"."""

    KIT = "kit"
    CAT = "cat"
    ELDER = "elder"


def life_stage(age_moons: int) -> LifeStage:
    """Kit at 6 moons and under, elder at 120 moons (ten years) and over, otherwise cat."""
    if age_moons <= KIT_MAX_AGE_MOONS:
        return LifeStage.KIT
    if age_moons >= ELDER_MIN_AGE_MOONS:
        return LifeStage.ELDER
    return LifeStage.CAT


class GermSheet(BaseModel):
    """One cat's game numbers. Immutable: changes return a new sheet (`model_copy`)."""

    model_config = ConfigDict(frozen=True)

    strength: int = Field(ge=0)
    agility: int = Field(ge=0)
    charisma: int = Field(ge=0)
    intelligence: int = Field(ge=0)
    stealth: int = Field(ge=0)
    perception: int = Field(ge=0)
    age_moons: int = Field(ge=0)
    conditions: tuple[Condition, ...] = ()
    scars: int = Field(default=0, ge=0)
    fail_streak: int = Field(default=0, ge=0)
    starving: bool = False

    @field_validator("conditions")
    @classmethod
    def _set_by_hand_and_once(cls, conditions: tuple[Condition, ...]) -> tuple[Condition, ...]:
        derived = [c for c in conditions if c.is_derived]
        if derived:
            raise ValueError(f"{derived[0].label} is worked out by the bot, not set by hand")
        if len(set(conditions)) != len(conditions):
            raise ValueError("a condition is listed twice")
        return conditions

    def points(self, stat: Stat) -> int:
        """The points put in `stat`: its bonus on a roll."""
        return int(getattr(self, stat))  # a Stat is the name of its field

    @property
    def stats(self) -> dict[Stat, int]:
        return {stat: self.points(stat) for stat in STATS}

    @property
    def life_stage(self) -> LifeStage:
        return life_stage(self.age_moons)


def validate_new_sheet(
    stats: Mapping[Stat, int],
    points_to_spend: int = POINTS_TO_SPEND,
    max_points: int = MAX_POINTS_IN_STAT,
) -> None:
    """Refuse a new cat's stats unless each is 0..max_points and they add up to exactly
    points_to_spend. A stat left out counts as 0."""
    for stat in STATS:
        given = stats.get(stat, 0)
        if given < 0:
            raise PawpostError(f"{stat.label} cannot be negative; you gave it {given}.")
        if given > max_points:
            raise PawpostError(
                f"{stat.label} can have at most {max_points} points; you gave it {given}."
            )
    spent = sum(stats.get(stat, 0) for stat in STATS)
    if spent != points_to_spend:
        raise PawpostError(f"You spent {spent} points; a Germ cat has {points_to_spend}.")


def points_left(stats: Mapping[Stat, int], points_to_spend: int = POINTS_TO_SPEND) -> int:
    """The points a new cat has not spent yet (negative when too many are spent)."""
    return points_to_spend - sum(stats.get(stat, 0) for stat in STATS)


def stat_bounds(
    stats: Mapping[Stat, int],
    stat: Stat,
    points_to_spend: int = POINTS_TO_SPEND,
    max_points: int = MAX_POINTS_IN_STAT,
) -> tuple[int, int]:
    """The lowest and highest a new cat's stat may be now, the other stats as they are."""
    room = stats.get(stat, 0) + max(points_left(stats, points_to_spend), 0)
    return 0, max(min(max_points, room), 0)


def check_age(age_moons: int) -> None:
    """A cat's age in moons, from 0 to MAX_AGE_MOONS, or one clear sentence."""
    if age_moons < 0:
        raise PawpostError(f"Age cannot be negative; you gave {age_moons} moons.")
    if age_moons > MAX_AGE_MOONS:
        raise PawpostError(f"A cat is at most {MAX_AGE_MOONS} moons old; you gave {age_moons}.")


def create_sheet(
    stats: Mapping[Stat, int],
    *,
    age_moons: int,
    conditions: Iterable[Condition] = (),
    points_to_spend: int = POINTS_TO_SPEND,
    max_points: int = MAX_POINTS_IN_STAT,
) -> GermSheet:
    """A new cat: the stats are checked against the creation rule first."""
    validate_new_sheet(stats, points_to_spend, max_points)
    check_age(age_moons)
    sheet = GermSheet.model_validate(
        {"age_moons": age_moons, **{stat.value: stats.get(stat, 0) for stat in STATS}}
    )
    for condition in conditions:
        sheet = with_condition(sheet, condition)
    return sheet


def with_condition(sheet: GermSheet, condition: Condition) -> GermSheet:
    """The sheet with a set-by-hand condition added (no change if it is already there)."""
    if condition.is_derived:
        raise PawpostError(
            f"The {condition.label} condition follows from the cat's age or hunger; "
            "it cannot be set by hand."
        )
    if condition in sheet.conditions:
        return sheet
    return sheet.model_copy(update={"conditions": (*sheet.conditions, condition)})


def without_condition(sheet: GermSheet, condition: Condition) -> GermSheet:
    """The sheet with a set-by-hand condition removed (no change if it was not there)."""
    remaining = tuple(c for c in sheet.conditions if c != condition)
    return sheet.model_copy(update={"conditions": remaining})


def with_disability(sheet: GermSheet, disability: Disability) -> GermSheet:
    """The sheet after a 21+ hit: the chosen disability becomes a permanent condition."""
    return with_condition(sheet, disability.condition)


def open_disabilities(sheet: GermSheet) -> tuple[Disability, ...]:
    """The disabilities a 21+ hit can still give this cat: those it does not have yet."""
    return tuple(d for d in Disability if d.condition not in sheet.conditions)


def old_enough_to_mother(mother_age_moons: int, kit_age_moons: int, min_gap_moons: int) -> bool:
    """Whether a cat is enough moons older than a kit to be its mother."""
    return mother_age_moons - kit_age_moons >= min_gap_moons


def with_scar(sheet: GermSheet) -> GermSheet:
    """The sheet with one more scar (an 11+ hit)."""
    return sheet.model_copy(update={"scars": sheet.scars + 1})


def is_specialized(sheet: GermSheet, stat: Stat) -> bool:
    """5 or more points in a stat make the cat specialized in it (for RP only)."""
    return specialized_at(sheet.points(stat))


def specialized_at(points: int) -> bool:
    """Whether so many points in a stat make a cat specialized in it."""
    return points >= SPECIALIZED_POINTS


def specialties(sheet: GermSheet) -> tuple[Stat, ...]:
    """The stats the cat is specialized in, in the book's order."""
    return tuple(stat for stat in STATS if is_specialized(sheet, stat))
