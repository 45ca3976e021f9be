"""Hunting (find, then catch), starvation bookkeeping, stealing a catch, and the seasons."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime, timedelta
from typing import NamedTuple, TypeVar

from pydantic import BaseModel, ConfigDict

from rules.dice import DiceSource
from rules.germ.checks import check
from rules.germ.constants import (
    FAILS_TO_STARVE,
    FAILS_TO_STARVE_NURSING,
    HOURS_BETWEEN_HUNTS_AFTER_ZONE_CHANGE,
    HUNT_CATCH_DC,
    HUNT_FIND_DC,
    HUNT_FIND_DC_LEAF_BARE,
    NURSING_KIT_MAX_AGE_MOONS,
)
from rules.germ.contests import ContestResult, roll_contest
from rules.germ.sheet import GermSheet, Stat
from rules.rolls import Roll

KitId = TypeVar("KitId")


ZONE_CHANGE_GAP = timedelta(hours=HOURS_BETWEEN_HUNTS_AFTER_ZONE_CHANGE)


def zone_change_wait(
    zone_changed_at: datetime | None, last_hunt_at: datetime | None
) -> datetime | None:
    """When a cat may hunt again because the time zone changed since its last hunt (a new real
    day alone is not enough then), or None when the change does not hold it back."""
    if zone_changed_at is None or last_hunt_at is None or zone_changed_at < last_hunt_at:
        return None
    return last_hunt_at + ZONE_CHANGE_GAP


def find_prey_dc(*, leaf_bare: bool) -> int:
    """Perception DC to find prey: 5, or 10 in Leaf-bare."""
    return HUNT_FIND_DC_LEAF_BARE if leaf_bare else HUNT_FIND_DC


class HuntResult(BaseModel):
    """The Perception roll to find prey, and the Stealth roll to catch it (None when no prey
    was found, since the hunt then fails before that roll)."""

    model_config = ConfigDict(frozen=True)

    find_roll: Roll
    catch_roll: Roll | None = None

    @property
    def found(self) -> bool:
        return bool(self.find_roll.succeeded)

    @property
    def success(self) -> bool:
        """A catch: both rolls reached their DC."""
        return self.catch_roll is not None and bool(self.catch_roll.succeeded)


def hunt(sheet: GermSheet, dice: DiceSource, *, leaf_bare: bool) -> HuntResult:
    """Perception against DC 5 (10 in Leaf-bare) to find prey; only if found, Stealth against
    DC 8 to catch it. Failing either is a failed hunt."""
    find = check(
        sheet,
        Stat.PERCEPTION,
        dice,
        find_prey_dc(leaf_bare=leaf_bare),
        label="Hunt: find prey (Perception)",
    )
    if not find.succeeded:
        return HuntResult(find_roll=find)
    catch = check(sheet, Stat.STEALTH, dice, HUNT_CATCH_DC, label="Hunt: catch prey (Stealth)")
    return HuntResult(find_roll=find, catch_roll=catch)


def is_nursing(kit_ages_moons: Iterable[int]) -> bool:
    """A mother is nursing while any of her kits is younger than 2 moons."""
    return any(age < NURSING_KIT_MAX_AGE_MOONS for age in kit_ages_moons)


def nursing_kits(kit_ages_moons: Mapping[KitId, int]) -> list[KitId]:
    """The kits younger than 2 moons: they starve at the same moment as their mother."""
    return [kit for kit, age in kit_ages_moons.items() if age < NURSING_KIT_MAX_AGE_MOONS]


def fails_to_starve(*, nursing: bool) -> int:
    """Failed hunts in a row that make a cat starving: 3, or 2 for a nursing mother."""
    return FAILS_TO_STARVE_NURSING if nursing else FAILS_TO_STARVE


class StarvationUpdate(NamedTuple):
    """A cat's hunger after a hunt or a meal. `fails_until_starving` is how many more failed
    hunts in a row would starve the cat (None once starving)."""

    fail_streak: int
    starving: bool
    became_starving: bool
    fails_until_starving: int | None


def after_hunt(
    fail_streak: int, starving: bool, success: bool, *, nursing: bool
) -> StarvationUpdate:
    """A success ends starvation and resets the streak; a failure adds one to it, and reaching
    3 in a row (2 for a nursing mother) makes the cat starving."""
    if success:
        return end_starvation(nursing=nursing)
    streak = fail_streak + 1
    now_starving = starving or streak >= fails_to_starve(nursing=nursing)
    return StarvationUpdate(
        fail_streak=streak,
        starving=now_starving,
        became_starving=now_starving and not starving,
        fails_until_starving=None if now_starving else fails_to_starve(nursing=nursing) - streak,
    )


def end_starvation(*, nursing: bool = False) -> StarvationUpdate:
    """Eating ends starvation and resets the streak: a successful hunt, a shared catch, a
    successful steal, an outcome agreed out of character, or an admin."""
    return StarvationUpdate(
        fail_streak=0,
        starving=False,
        became_starving=False,
        fails_until_starving=fails_to_starve(nursing=nursing),
    )


def with_hunger(sheet: GermSheet, update: StarvationUpdate) -> GermSheet:
    """The sheet with the update's streak and starving state."""
    return sheet.model_copy(update={"fail_streak": update.fail_streak, "starving": update.starving})


def steal(thief: GermSheet, hunter: GermSheet, dice: DiceSource) -> ContestResult:
    """The thief's Stealth against the hunter's Perception, both rolled at once; the catch is
    stolen when `result.initiator_won` (a tie goes to the hunter)."""
    return roll_contest(thief, hunter, Stat.STEALTH, dice)
