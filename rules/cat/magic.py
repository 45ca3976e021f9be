"""Tricks and Magic Points (book l. 120-188): a Trick needs a Tail of its rank, at least one
Magic Point for the Tail's dice and an Advantage die per extra point, and evens by the tier used
(RULINGS: Good 1, Strong 2, Best 3); sleep brings Magic Points back and getting wet stops magic.

Choices where the book and RULINGS are silent:
- A Trick is not a Risk (book l. 192: "Unlike Tricks, ... by taking Risks"), so it takes no
  Advantage dice from the Narrator, no Reputation and no Life to succeed; Style may be spent on
  it and its surplus evens make Style, as on "any roll" (book l. 113, 115).
- A variable Trick is aimed at the tier the player picks, by default the highest the Tail
  reaches, and works at the highest tier up to that one whose evens the roll reaches (a Best
  Tail's 20-foot fall needs the Good tier's evens, not the Best's).
- The Magic Points (and Fighting Frenzy's Life) are paid when the Trick is tried, whatever the
  dice say (RULINGS: "when tried").
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from rules.cat.constants import (
    ADVANTAGE_DICE_PER_EXTRA_MAGIC_POINT,
    DINNER_DANCE_CIRCLES,
    DREAM_BITE_BITES,
    FALL_FEET_BEST,
    FALL_FEET_GOOD,
    FALL_FEET_STRONG,
    MAGIC_POINTS_PER_HOUR_OF_SLEEP,
    MIN_MAGIC_POINTS_PER_TRICK,
    TRICK_EVENS_BEST,
    TRICK_EVENS_GOOD,
    TRICK_EVENS_STRONG,
    WHAMMY_MINUTES_DIE,
)
from rules.cat.lives import spend_life
from rules.cat.pools import PoolPart, PoolResult, check_count, check_style, roll_pool
from rules.cat.sheet import CatSheet, Rank, Trait, require_alive
from rules.dice import DiceSource
from rules.errors import PawpostError
from rules.rolls import Roll, roll_dice


class Trick(StrEnum):
    FALL_ON_ALL_FOURS = "fall-on-all-fours"
    HIDE_IN_PLAIN_SIGHT = "hide-in-plain-sight"
    SNEAK = "sneak"
    DOORSLIP = "doorslip"
    DINNER_DANCE_RITUAL = "dinner-dance-ritual"
    DREAM_BITE = "dream-bite"
    CHASE_YOUR_TAIL_WHAMMY = "chase-your-tail-whammy"
    FIGHTING_FRENZY = "fighting-frenzy"

    @property
    def info(self) -> TrickInfo:
        return TRICKS[self]


class TrickTier(BaseModel):
    """What a Trick does with a Tail of `rank`; `feet` is Fall on All Fours' safe fall."""

    model_config = ConfigDict(frozen=True)

    rank: Rank
    effect: str
    feet: int | None = None


class TrickInfo(BaseModel):
    """A Trick as the book lists it; a fixed-rank Trick has one tier, its rank."""

    model_config = ConfigDict(frozen=True)

    name: str
    line: int  # where the book lists it
    variable: bool
    tiers: tuple[TrickTier, ...]

    @property
    def rank(self) -> Rank:
        """The Tail it needs at least: its lowest tier."""
        return self.tiers[0].rank

    def tier(self, rank: Rank) -> TrickTier | None:
        return next((tier for tier in self.tiers if tier.rank is rank), None)


TRICKS: Mapping[Trick, TrickInfo] = {
    Trick.FALL_ON_ALL_FOURS: TrickInfo(
        name="Fall on All Fours",
        line=157,
        variable=True,
        tiers=(
            TrickTier(
                rank=Rank.GOOD,
                effect=f"falls {FALL_FEET_GOOD} feet and takes no Scars",
                feet=FALL_FEET_GOOD,
            ),
            TrickTier(
                rank=Rank.STRONG,
                effect=f"falls {FALL_FEET_STRONG} feet and suffers no Scars",
                feet=FALL_FEET_STRONG,
            ),
            TrickTier(
                rank=Rank.BEST,
                effect=f"falls {FALL_FEET_BEST} feet and suffers no Scars",
                feet=FALL_FEET_BEST,
            ),
        ),
    ),
    Trick.HIDE_IN_PLAIN_SIGHT: TrickInfo(
        name="Hide in Plain Sight",
        line=163,
        variable=True,
        tiers=(
            TrickTier(
                rank=Rank.GOOD,
                effect="disappears if everyone in the room has their back turned to the cat, "
                "and stays hidden while still",
            ),
            TrickTier(
                rank=Rank.STRONG,
                effect="disappears if no one is looking directly at the cat, "
                "and stays hidden while still",
            ),
            TrickTier(
                rank=Rank.BEST,
                effect="disappears in the blink of an eye, even while watched, "
                "and stays hidden while still",
            ),
        ),
    ),
    Trick.SNEAK: TrickInfo(
        name="Sneak",
        line=169,
        variable=True,
        tiers=(
            TrickTier(
                rank=Rank.GOOD, effect="moves through a darkened area without being seen by anyone"
            ),
            TrickTier(
                rank=Rank.STRONG, effect="moves through a room full of people without being seen"
            ),
            TrickTier(
                rank=Rank.BEST,
                effect="passes over sleeping people and creatures without disturbing their rest",
            ),
        ),
    ),
    Trick.DOORSLIP: TrickInfo(
        name="Doorslip",
        line=175,
        variable=False,
        tiers=(
            TrickTier(
                rank=Rank.STRONG,
                effect="slips by a locked door as if it were open, once a small sacrifice "
                "(a rat, mouse or rabbit) is placed before it",
            ),
        ),
    ),
    Trick.DINNER_DANCE_RITUAL: TrickInfo(
        name="The Dinner Dance Ritual",
        line=178,
        variable=False,
        tiers=(
            TrickTier(
                rank=Rank.GOOD,
                effect=f"walks around a human {DINNER_DANCE_CIRCLES} times, and the human grants "
                "a single request to fulfil a basic need",
            ),
        ),
    ),
    Trick.DREAM_BITE: TrickInfo(
        name="Dream Bite",
        line=181,
        variable=False,
        tiers=(
            TrickTier(
                rank=Rank.GOOD,
                effect=f"marks a human or a Boggin with {DREAM_BITE_BITES[0]} or "
                f"{DREAM_BITE_BITES[1]} bites (or a claw mark), making them easy to find "
                "in the Dream",
            ),
        ),
    ),
    Trick.CHASE_YOUR_TAIL_WHAMMY: TrickInfo(
        name="The Chase Your Tail Whammy",
        line=184,
        variable=False,
        tiers=(
            TrickTier(
                rank=Rank.BEST,
                effect=f"jumps over a dog head to tail, and it chases its tail for "
                f"d{WHAMMY_MINUTES_DIE} minutes",
            ),
        ),
    ),
    Trick.FIGHTING_FRENZY: TrickInfo(
        name="Fighting Frenzy",
        line=187,
        variable=False,
        tiers=(
            TrickTier(
                rank=Rank.GOOD,
                effect="takes as many actions each round of the fight as its Tail's dice",
            ),
        ),
    ),
}

# Evens a Trick needs by the tier used (RULINGS, a server setting: pass another mapping).
TRICK_EVENS: Mapping[Rank, int] = {
    Rank.GOOD: TRICK_EVENS_GOOD,
    Rank.STRONG: TRICK_EVENS_STRONG,
    Rank.BEST: TRICK_EVENS_BEST,
}


def usable_tiers(trick: Trick, tail: Rank) -> tuple[TrickTier, ...]:
    """The tiers a Tail of `tail` reaches: "equal to or lesser than your Tail Rank" (l. 153)."""
    return tuple(tier for tier in trick.info.tiers if tail.at_least(tier.rank))


class TrickResult(PoolResult):
    """A Trick tried: the tier it works at (on a failure, its lowest), the tier it was aimed at,
    what it cost, and on a success what it did. `minutes` is the Whammy's d3; `frenzy_actions`
    Fighting Frenzy's actions a round (0 on a failure)."""

    model_config = ConfigDict(frozen=True)

    trick: Trick
    tier: Rank
    aimed: Rank | None = None  # None: the tier it works at (a Trick stored before aiming)
    magic_points_spent: int
    life_spent: bool = False
    minutes: Roll | None = None
    frenzy_actions: int = 0
    ruled: bool | None = None  # the Narrator's word on it (an adjudication)

    @property
    def succeeded(self) -> bool:
        return self.beat if self.ruled is None else self.ruled

    @property
    def effect(self) -> str:
        tier = self.trick.info.tier(self.tier)
        if tier is None:
            raise ValueError(f"{self.trick} has no {self.tier} tier")
        return tier.effect

    @property
    def feet(self) -> int | None:
        """Fall on All Fours: how far the cat falls without scars, on a success."""
        tier = self.trick.info.tier(self.tier)
        return tier.feet if tier is not None and self.succeeded else None


class TrickUsed(BaseModel):
    """The sheet after the Trick (Magic Points, Style and any Life paid) and the Trick."""

    model_config = ConfigDict(frozen=True)

    sheet: CatSheet
    result: TrickResult


def require_magic(sheet: CatSheet, today: int) -> None:
    """Refuse magic to a dead, cursed or drenched cat."""
    require_alive(sheet)
    if sheet.cursed:
        raise PawpostError(
            "The cat is under the Bauble Curse and can do nothing but try to break free."
        )
    if sheet.is_wet(today):
        raise PawpostError("The cat is drenched and has no magic until the end of the game day.")


def _tier(sheet: CatSheet, trick: Trick, wanted: Rank | None) -> Rank:
    info = trick.info
    tail = sheet.rank(Trait.TAIL)
    if not tail.at_least(info.rank):
        raise PawpostError(
            f"{info.name} needs a {info.rank.label} Tail; this cat's Tail is {tail.label}."
        )
    if wanted is None:
        return usable_tiers(trick, tail)[-1].rank
    if info.tier(wanted) is None:
        raise PawpostError(f"{info.name} has no {wanted.label} tier.")
    if not tail.at_least(wanted):
        raise PawpostError(
            f"The {wanted.label} tier of {info.name} needs a {wanted.label} Tail; "
            f"this cat's Tail is {tail.label}."
        )
    return wanted


def use_trick(
    sheet: CatSheet,
    trick: Trick,
    dice: DiceSource,
    *,
    today: int,
    extra_magic_points: int = 0,
    tier: Rank | None = None,
    style: int = 0,
    confirm_last: bool = False,
    evens: Mapping[Rank, int] = TRICK_EVENS,
) -> TrickUsed:
    """Play a Trick (book l. 128): one Magic Point rolls the Tail's dice, each extra one adds an
    Advantage die. Fighting Frenzy also costs a Life (book l. 188)."""
    require_magic(sheet, today)
    used_tier = _tier(sheet, trick, tier)
    check_count(extra_magic_points, "Extra Magic Points")
    cost = MIN_MAGIC_POINTS_PER_TRICK + extra_magic_points
    if cost > sheet.magic_points:
        points = "Magic Point" if sheet.magic_points == 1 else "Magic Points"
        raise PawpostError(
            f"The cat has {sheet.magic_points} {points} left; this Trick needs {cost}."
        )
    check_style(sheet, style)
    tail = sheet.rank(Trait.TAIL)
    parts = [PoolPart(reason=f"Tail ({tail.label})", dice=tail.dice)]
    if extra_magic_points:
        parts.append(
            PoolPart(
                reason="Advantage (extra Magic Points)",
                dice=extra_magic_points * ADVANTAGE_DICE_PER_EXTRA_MAGIC_POINT,
            )
        )
    reached = [t.rank for t in trick.info.tiers if used_tier.at_least(t.rank)]
    paid = sheet.model_copy(
        update={"magic_points": sheet.magic_points - cost, "style": sheet.style - style}
    )
    frenzy = trick is Trick.FIGHTING_FRENZY
    if frenzy:
        paid = spend_life(paid, confirm_last=confirm_last)
    roll = roll_pool(parts, dice, label=trick.info.name, needed=evens[used_tier], style=style)
    worked = [rank for rank in reached if roll.total >= evens[rank]]
    works_at = worked[-1] if worked else reached[0]
    needed = evens[works_at]
    roll = roll.model_copy(update={"target": needed})
    succeeded = roll.total >= needed
    minutes = None
    if succeeded and trick is Trick.CHASE_YOUR_TAIL_WHAMMY:
        minutes = Roll(
            label="Chasing its tail (minutes)", dice=roll_dice(dice, 1, WHAMMY_MINUTES_DIE)
        )
    result = TrickResult(
        pool=tuple(parts),
        roll=roll,
        needed=needed,
        trick=trick,
        tier=works_at,
        aimed=used_tier,
        magic_points_spent=cost,
        life_spent=frenzy,
        minutes=minutes,
        frenzy_actions=tail.dice if frenzy and succeeded else 0,
    )
    return TrickUsed(sheet=paid, result=result)


class MagicRegained(BaseModel):
    model_config = ConfigDict(frozen=True)

    sheet: CatSheet
    regained: int


def sleep(sheet: CatSheet, hours: int) -> MagicRegained:
    """One Magic Point back per hour of sleep, up to the maximum (book l. 132)."""
    require_alive(sheet)
    check_count(hours, "Hours of sleep")
    regained = min(
        hours * MAGIC_POINTS_PER_HOUR_OF_SLEEP, sheet.max_magic_points - sheet.magic_points
    )
    return MagicRegained(
        sheet=sheet.model_copy(update={"magic_points": sheet.magic_points + regained}),
        regained=regained,
    )


def get_wet(sheet: CatSheet, *, today: int) -> CatSheet:
    """Drenched "the drowned rat kind of wet" (an admin says so): no magic for the rest of the
    game day, even once dry again (book l. 142)."""
    require_alive(sheet)
    return sheet.model_copy(update={"wet_on_day": today})


def dry_off(sheet: CatSheet) -> CatSheet:
    """An admin's correction: the cat was not drenched after all. (Drying itself does not help,
    book l. 142; a new game day does, by itself.)"""
    return sheet.model_copy(update={"wet_on_day": None})
