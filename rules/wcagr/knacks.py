"""The book's twenty-five knacks: cost, bonus, what each fits, limits and picks (l.227-356)."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from rules.wcagr.abilities import ABILITIES, Ability
from rules.wcagr.constants import (
    DRIED_HERB_DAYS,
    FRESH_HERB_DAYS,
    HERB_KEEPING_MULTIPLIER,
    HERB_LORE_KEEPING_PICKS,
    LAUNCH_EXTRA_DISTANCE,
    LAUNCH_FIRST_DISTANCE,
    LAUNCH_MOST_USES,
    LEAP_EXTRA_DISTANCE,
    LEAP_MOST_USES,
    PATHFINDER_FACTS_PER_PICK,
    POUNCE_REACH_BODY_LENGTHS,
    SPRING_HEIGHT_MULTIPLIER,
)
from rules.wcagr.skills import SKILLS, Skill


class Knack(StrEnum):
    """In the book's order."""

    ALERTNESS = "alertness"
    ANIMAL_LORE = "animal-lore"
    BALANCE = "balance"
    BELLY_RAKE = "belly-rake"
    CHOMP = "chomp"
    DASH = "dash"
    DODGE = "dodge"
    FEINT = "feint"
    HERB_LORE = "herb-lore"
    HIDE = "hide"
    INTERPRET_DREAMS = "interpret-dreams"
    INTUITION = "intuition"
    LAUNCH = "launch"
    LEAP = "leap"
    MEDICINE_LORE = "medicine-lore"
    MIGHTY_SWAT = "mighty-swat"
    ORATE = "orate"
    PATHFINDER = "pathfinder"
    PIN = "pin"
    PUMMEL = "pummel"
    SPRING = "spring"
    STALK = "stalk"
    TRACK = "track"
    TWOLEG_LORE = "twoleg-lore"
    YOWL = "yowl"

    @property
    def label(self) -> str:
        """The name players see: "Animal Lore"."""
        return self.value.replace("-", " ").title()

    @property
    def info(self) -> KnackInfo:
        return KNACKS[self]


class KnackInfo(BaseModel):
    """One knack as written. A knack is used by paying its cost from its pool (l.228, 359);
    `costs[n - 1]` is the cost of one use for a cat that picked it n times (the last entry holds
    for more picks). One use gives `bonus` per pick, so a second pick doubles it (l.235, 240);
    knacks with `bonus` 0 do something other than add to the check. A check fits the knack when
    its skill is in `skills` or its ability is in `abilities` ("a Strength Check" is any check
    made with Strength, as the book uses the words at l.224). `per_check` None means as often
    as paid for; `max_picks` None means no maximum."""

    model_config = ConfigDict(frozen=True)

    pool: Ability
    costs: tuple[int, ...]
    bonus: int = 0
    skills: frozenset[Skill] = frozenset()
    abilities: frozenset[Ability] = frozenset()
    per_check: int | None = 1
    max_picks: int | None = 1
    alone: bool = False  # used on its own, not on a check
    while_wrestling: bool = False
    not_while_pinned: bool = False
    asks_admin: bool = False  # the GM answers what the knack reveals
    when: str | None = None  # the situation the text asks for; the player vouches for it
    line: int

    def cost(self, picks: int) -> int:
        """Points one use costs a cat that picked the knack `picks` times."""
        return self.costs[min(picks, len(self.costs)) - 1]

    def bonus_per_use(self, picks: int) -> int:
        return self.bonus * picks

    @property
    def on_checks(self) -> bool:
        return bool(self.skills or self.abilities)

    def fits(self, ability: Ability, skill: Skill | None) -> bool:
        """Whether a check with this ability and skill (None: a plain ability check) fits."""
        return ability in self.abilities or (skill is not None and skill in self.skills)

    @property
    def fits_words(self) -> str:
        """The checks it helps, in words: "Listen, See or Smell checks"."""
        names = [a.label for a in ABILITIES if a in self.abilities]
        names += [s.label for s in SKILLS if s in self.skills]
        listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
        return f"{listed} checks"


_SENSES = frozenset({Skill.LISTEN, Skill.SEE, Skill.SMELL})
_LORE_CHECKS = frozenset({Skill.PONDER})
_INTELLIGENCE = frozenset({Ability.INTELLIGENCE})

KNACKS: Mapping[Knack, KnackInfo] = {
    # l.231-235: 1 Spirit, +1 to Listen, See or Smell; "more than once on a single Check";
    # a second pick "2 bonus points"; "not ... more than twice".
    Knack.ALERTNESS: KnackInfo(
        pool=Ability.SPIRIT,
        costs=(1,),
        bonus=1,
        skills=_SENSES,
        per_check=None,
        max_picks=2,
        line=231,
    ),
    # l.236-240: 1 Intelligence, +1 to "a single Intelligence or Ponder Check"; +1 per pick.
    # RULINGS: the lore knacks have no maximum.
    Knack.ANIMAL_LORE: KnackInfo(
        pool=Ability.INTELLIGENCE,
        costs=(1,),
        bonus=1,
        skills=_LORE_CHECKS,
        abilities=_INTELLIGENCE,
        max_picks=None,
        when="about animals or what one will do",
        line=236,
    ),
    # l.241-245: 1 Spirit, +1 to "a Climb or Strength Check made to keep from falling";
    # "more than once on a single Check". No repeat pick is offered.
    Knack.BALANCE: KnackInfo(
        pool=Ability.SPIRIT,
        costs=(1,),
        bonus=1,
        skills=frozenset({Skill.CLIMB}),
        abilities=frozenset({Ability.STRENGTH}),
        per_check=None,
        when="to keep from falling off a perch or ledge",
        line=241,
    ),
    # l.246-250: 2 Strength while Wrestling, not while pinned by the opponent; "treated like a
    # Swat attack but does 1 extra point of damage"; "a second time ... 1 Strength point".
    Knack.BELLY_RAKE: KnackInfo(
        pool=Ability.STRENGTH,
        costs=(2, 1),
        skills=frozenset({Skill.SWAT}),
        max_picks=2,
        while_wrestling=True,
        not_while_pinned=True,
        line=246,
    ),
    # l.251-255: 3 Strength, paid before the Bite is resolved.
    Knack.CHOMP: KnackInfo(
        pool=Ability.STRENGTH,
        costs=(3,),
        skills=frozenset({Skill.BITE}),
        line=251,
    ),
    # l.256-259: 1 Strength, twice as far this turn.
    Knack.DASH: KnackInfo(pool=Ability.STRENGTH, costs=(1,), alone=True, line=256),
    # l.260-264: 1 Spirit, +1 to a Jump Check; +1 per pick; "not ... more than three times".
    Knack.DODGE: KnackInfo(
        pool=Ability.SPIRIT,
        costs=(1,),
        bonus=1,
        skills=frozenset({Skill.JUMP}),
        max_picks=3,
        line=260,
    ),
    # l.265-269: 1 Intelligence, +1 to a Swat attack; +1 per pick; "not ... more than three".
    Knack.FEINT: KnackInfo(
        pool=Ability.INTELLIGENCE,
        costs=(1,),
        bonus=1,
        skills=frozenset({Skill.SWAT}),
        max_picks=3,
        line=265,
    ),
    # l.270-275: 1 Intelligence, +1 to an Intelligence or Ponder Check on herbs; +1 per pick.
    Knack.HERB_LORE: KnackInfo(
        pool=Ability.INTELLIGENCE,
        costs=(1,),
        bonus=1,
        skills=_LORE_CHECKS,
        abilities=_INTELLIGENCE,
        max_picks=None,
        when="on herbs and other healing substances",
        line=270,
    ),
    # l.276-280: 1 Spirit, +2 to a Sneak Check while still; "more than once on a single Sneak".
    Knack.HIDE: KnackInfo(
        pool=Ability.SPIRIT,
        costs=(1,),
        bonus=2,
        skills=frozenset({Skill.SNEAK}),
        per_check=None,
        when="while sitting still in one spot",
        line=276,
    ),
    # l.281-285: 2 Spirit; "a second time ... 1 Spirit point"; "not ... more than twice".
    Knack.INTERPRET_DREAMS: KnackInfo(
        pool=Ability.SPIRIT,
        costs=(2, 1),
        max_picks=2,
        alone=True,
        asks_admin=True,
        line=281,
    ),
    # l.286-289: 1 Spirit, +1 to Focus or Ponder; "more than once on a single Check";
    # a second pick "2 bonus points"; "not ... more than twice".
    Knack.INTUITION: KnackInfo(
        pool=Ability.SPIRIT,
        costs=(1,),
        bonus=1,
        skills=frozenset({Skill.FOCUS, Skill.PONDER}),
        per_check=None,
        max_picks=2,
        line=286,
    ),
    # l.290-295: 3 Strength on a Wrestling Check while Wrestling, even when pinned; "up to four
    # times"; a second pick costs 2 ("2 Spirit points" is a misprint for Strength: RULINGS).
    Knack.LAUNCH: KnackInfo(
        pool=Ability.STRENGTH,
        costs=(3, 2),
        skills=frozenset({Skill.WRESTLE}),
        per_check=LAUNCH_MOST_USES,
        max_picks=2,
        while_wrestling=True,
        line=290,
    ),
    # l.296-300: 1 Strength on a Pounce Check; "up to four times on a single Pounce Check".
    Knack.LEAP: KnackInfo(
        pool=Ability.STRENGTH,
        costs=(1,),
        skills=frozenset({Skill.POUNCE}),
        per_check=LEAP_MOST_USES,
        line=296,
    ),
    # l.301-304: 1 Intelligence, +1 to an Intelligence or Ponder Check diagnosing; +1 per pick.
    Knack.MEDICINE_LORE: KnackInfo(
        pool=Ability.INTELLIGENCE,
        costs=(1,),
        bonus=1,
        skills=_LORE_CHECKS,
        abilities=_INTELLIGENCE,
        max_picks=None,
        when="diagnosing what ails a sick or injured animal",
        line=301,
    ),
    # l.305-309: 2 Strength, +1 damage, paid whether the blow hits or not; "more than once on a
    # single Swat"; a second pick costs 1; "not ... more than twice".
    Knack.MIGHTY_SWAT: KnackInfo(
        pool=Ability.STRENGTH,
        costs=(2, 1),
        skills=frozenset({Skill.SWAT}),
        per_check=None,
        max_picks=2,
        line=305,
    ),
    # l.310-315: 1 Spirit, +1 to "any Spirit, Focus, or Ponder Check"; +1 per pick; only on
    # cats the GM plays.
    Knack.ORATE: KnackInfo(
        pool=Ability.SPIRIT,
        costs=(1,),
        bonus=1,
        skills=frozenset({Skill.FOCUS, Skill.PONDER}),
        abilities=frozenset({Ability.SPIRIT}),
        max_picks=None,
        when="to read, win over or inspire cats the GM plays, never players' cats",
        line=310,
    ),
    # l.316-319: 1 Intelligence, one fact about a known place; two with a second pick; max 2.
    Knack.PATHFINDER: KnackInfo(
        pool=Ability.INTELLIGENCE,
        costs=(1,),
        max_picks=2,
        alone=True,
        asks_admin=True,
        line=316,
    ),
    # l.320-325: 3 Strength while Wrestling; a second pick costs 2; max 2. RULINGS: no roll once
    # paid, on the pinner's turn. l.324: a pinned cat may only wrestle, launch, swat or bite.
    Knack.PIN: KnackInfo(
        pool=Ability.STRENGTH,
        costs=(3, 2),
        max_picks=2,
        alone=True,
        while_wrestling=True,
        not_while_pinned=True,
        line=320,
    ),
    # l.326-330: 3 Strength, a Swat attack "based on a Strength Check"; a second pick costs 2.
    Knack.PUMMEL: KnackInfo(
        pool=Ability.STRENGTH,
        costs=(3, 2),
        skills=frozenset({Skill.SWAT}),
        max_picks=2,
        line=326,
    ),
    # l.331-335: 3 Strength, a Pounce twice as high; 2 with a second pick, 1 with a third; max 3.
    Knack.SPRING: KnackInfo(
        pool=Ability.STRENGTH,
        costs=(3, 2, 1),
        skills=frozenset({Skill.POUNCE}),
        max_picks=3,
        line=331,
    ),
    # l.336-340: 1 Spirit, +2 to a Sneak Check approaching unawares; "more than once".
    Knack.STALK: KnackInfo(
        pool=Ability.SPIRIT,
        costs=(1,),
        bonus=2,
        skills=frozenset({Skill.SNEAK}),
        per_check=None,
        when="while approaching a target unawares",
        line=336,
    ),
    # l.341-346: 1 Intelligence, +1 to Listen, See or Smell following a creature; "more than
    # once on a single Check"; a second pick "2 bonus points"; "not ... more than twice".
    Knack.TRACK: KnackInfo(
        pool=Ability.INTELLIGENCE,
        costs=(1,),
        bonus=1,
        skills=_SENSES,
        per_check=None,
        max_picks=2,
        when="to follow the movements of a living creature",
        line=341,
    ),
    # l.347-351: 1 Intelligence, +1 to an Intelligence or Ponder Check on twolegs; +1 per pick.
    Knack.TWOLEG_LORE: KnackInfo(
        pool=Ability.INTELLIGENCE,
        costs=(1,),
        bonus=1,
        skills=_LORE_CHECKS,
        abilities=_INTELLIGENCE,
        max_picks=None,
        when="about twolegs, their nests and their monsters",
        line=347,
    ),
    # l.352-356: 1 Intelligence, +1 to an Arch or Hiss Check, or one basic message to cats in
    # hearing; +1 per pick and farther; "The maximum bonus is 3 points" (three picks).
    Knack.YOWL: KnackInfo(
        pool=Ability.INTELLIGENCE,
        costs=(1,),
        bonus=1,
        skills=frozenset({Skill.ARCH, Skill.HISS}),
        max_picks=3,
        alone=True,
        line=352,
    ),
}

# Lore knacks: +1 per pick and no maximum (RULINGS).
LORE_KNACKS: frozenset[Knack] = frozenset(
    {Knack.ANIMAL_LORE, Knack.HERB_LORE, Knack.MEDICINE_LORE, Knack.TWOLEG_LORE, Knack.ORATE}
)


def can_pick_again(knack: Knack, picks: int) -> bool:
    """Whether a cat that picked `knack` `picks` times (0: not yet) may pick it once more."""
    most = KNACKS[knack].max_picks
    return most is None or picks < most


def launch_distance(uses: int) -> int:
    """Body lengths a Launched opponent lands away: 2, and 1 more per extra use (l.293-294)."""
    return LAUNCH_FIRST_DISTANCE + LAUNCH_EXTRA_DISTANCE * (uses - 1)


def leap_extra_lengths(uses: int) -> int:
    """Extra body lengths a Pounce covers with Leap used `uses` times (l.299-300)."""
    return LEAP_EXTRA_DISTANCE * uses


def spring_height() -> int:
    """Body lengths high a Spring reaches: twice a Pounce's two (l.51, 334)."""
    return POUNCE_REACH_BODY_LENGTHS * SPRING_HEIGHT_MULTIPLIER


def pathfinder_facts(picks: int) -> int:
    """Facts one use of Pathfinder gives: one, or two with a second pick (l.318-319)."""
    return PATHFINDER_FACTS_PER_PICK * picks


def herb_keeping_days(herb_lore_picks: int, *, dried: bool) -> int:
    """Days a cat's herbs stay good under the extra healing rules (l.275): a week fresh, two
    weeks dried, doubled from the third pick of Herb Lore. The sentence giving a week and two
    weeks could also be the doubled times; we read them as the ordinary ones, because the book
    has no other place that says how long herbs keep, so without them there is nothing to
    double."""
    days = DRIED_HERB_DAYS if dried else FRESH_HERB_DAYS
    if herb_lore_picks >= HERB_LORE_KEEPING_PICKS:
        return days * HERB_KEEPING_MULTIPLIER
    return days
