"""A Taking Risks cat's sheet: six traits with ranks and scars, Lives, Reputations, Magic Points,
banked Style and its states, plus the creation rule (RULINGS: the book has none)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.cat.constants import (
    BASE_MAGIC_POINTS,
    BAUBLE_CURSE_RISKS,
    BEST_DICE,
    CRIPPLED_DICE,
    CRIPPLED_TRAITS_IN_DANGER,
    CRIPPLED_TRAITS_TO_DIE,
    GOOD_DICE,
    HURT_DICE,
    LEGENDARY_DICE,
    LIVES,
    MAX_REPUTATION_NAME_LENGTH,
    MAX_REPUTATION_RANK,
    MAX_REPUTATIONS,
    MIN_REPUTATION_RANK,
    NEW_CAT_BEST_TRAITS,
    NEW_CAT_GOOD_TRAITS,
    NEW_CAT_MAX_REPUTATION_RANK,
    NEW_CAT_REPUTATION_POINTS,
    NEW_CAT_STRONG_TRAITS,
    NEW_CAT_STYLE,
    SCARS_PER_RANK,
    STRONG_DICE,
)
from rules.errors import PawpostError


class Trait(StrEnum):
    """The six traits (RULINGS Cat, Traits), in that order."""

    CLAWS = "claws"
    COAT = "coat"
    FACE = "face"
    FANGS = "fangs"
    LEGS = "legs"
    TAIL = "tail"

    @property
    def label(self) -> str:
        """The name players see: "Claws"."""
        return self.value.capitalize()


TRAITS: tuple[Trait, ...] = tuple(Trait)


class Rank(StrEnum):
    """A trait's rank, best first; three scars drop a trait to the next one (book l. 39)."""

    LEGENDARY = "legendary"
    BEST = "best"
    STRONG = "strong"
    GOOD = "good"
    HURT = "hurt"
    CRIPPLED = "crippled"

    @property
    def label(self) -> str:
        return self.value.capitalize()

    @property
    def dice(self) -> int:
        """Dice rolled for a trait of this rank (its "bonus", book l. 40)."""
        return _RANK_DICE[self]

    @property
    def next_down(self) -> Rank:
        """The next rank down; Crippled is the bottom."""
        index = RANKS.index(self)
        return RANKS[min(index + 1, len(RANKS) - 1)]

    @property
    def steps_to_crippled(self) -> int:
        """How many rank drops this rank is from Crippled."""
        return len(RANKS) - 1 - RANKS.index(self)

    def at_least(self, other: Rank) -> bool:
        """This rank is `other` or better ("equal to or greater", book l. 151)."""
        return RANKS.index(self) <= RANKS.index(other)


RANKS: tuple[Rank, ...] = tuple(Rank)

_RANK_DICE: Mapping[Rank, int] = {
    Rank.LEGENDARY: LEGENDARY_DICE,
    Rank.BEST: BEST_DICE,
    Rank.STRONG: STRONG_DICE,
    Rank.GOOD: GOOD_DICE,
    Rank.HURT: HURT_DICE,
    Rank.CRIPPLED: CRIPPLED_DICE,
}


class TraitState(BaseModel):
    """One trait: its rank and the scars it carries towards the next drop (0 to 2)."""

    model_config = ConfigDict(frozen=True)

    rank: Rank
    scars: int = Field(default=0, ge=0, lt=SCARS_PER_RANK)

    @model_validator(mode="after")
    def _crippled_carries_no_scars(self) -> TraitState:
        if self.rank is Rank.CRIPPLED and self.scars:
            raise ValueError("a Crippled trait takes no more scars")
        return self


class CatSheet(BaseModel):
    """One cat's game numbers. Immutable: every change returns a new sheet.

    Days are game-day numbers counted by the bot's game-day clock (RULINGS general):
    `wet_on_day` is the day the cat got drenched, `healing_since_day` the day its current week of
    healing began (None while it has no scars), `reputations_at_risk` the day it acted against
    each Reputation not yet set right, and `times_at_risk` how many times it acted against one
    of them that day when more than once (each costs a point, book l. 88);
    `reputation_points_lost` the points each Reputation lost, which the Narrator may give back
    (book l. 90). `bauble_risks_taken` is None unless the cat is under the
    Bauble Curse, then the Hard Tail Risks it has made to break free. `advantage_granted` are
    Advantage dice the Narrator handed out for the cat's next Risk (book l. 25), and
    `frenzy_ready` the actions a round of a Fighting Frenzy played outside a fight, for the
    cat's next fight (until the game day ends); `style_ready` banked Style the player readied
    for the cat's next fight roll (book l. 115: Style on any roll).
    """

    model_config = ConfigDict(frozen=True)

    traits: dict[Trait, TraitState]
    lives: int = Field(default=LIVES, ge=0, le=LIVES)
    reputations: dict[str, int] = Field(default_factory=dict)
    magic_points: int = Field(ge=0)
    style: int = Field(default=NEW_CAT_STYLE, ge=0)
    wet_on_day: int | None = None
    bauble_risks_taken: int | None = Field(default=None, ge=0, lt=BAUBLE_CURSE_RISKS)
    reputations_at_risk: dict[str, int] = Field(default_factory=dict)
    times_at_risk: dict[str, int] = Field(default_factory=dict)
    reputation_points_lost: dict[str, int] = Field(default_factory=dict)
    heals_due: int = Field(default=0, ge=0)
    healing_since_day: int | None = None
    advantage_granted: int = Field(default=0, ge=0)
    frenzy_ready: int | None = Field(default=None, ge=1)
    style_ready: int = Field(default=0, ge=0)

    @model_validator(mode="after")
    def _consistent(self) -> CatSheet:
        if set(self.traits) != set(TRAITS):
            raise ValueError("a sheet has exactly the six traits")
        if len(self.reputations) > MAX_REPUTATIONS:
            raise ValueError(f"a cat has at most {MAX_REPUTATIONS} Reputations")
        folded = {name.casefold() for name in self.reputations}
        if len(folded) != len(self.reputations) or "" in folded:
            raise ValueError("Reputation names are non-empty and different")
        for rank in self.reputations.values():
            if not MIN_REPUTATION_RANK <= rank <= MAX_REPUTATION_RANK:
                raise ValueError(f"a Reputation's rank is 1 to {MAX_REPUTATION_RANK}")
        if not set(self.reputations_at_risk) <= set(self.reputations):
            raise ValueError("only a Reputation the cat has can be at risk")
        if not set(self.times_at_risk) <= set(self.reputations_at_risk):
            raise ValueError("only a Reputation at risk is at risk more than once")
        if any(times < 2 for times in self.times_at_risk.values()):
            raise ValueError("times at risk are kept only when more than once")
        if any(points < 1 for points in self.reputation_points_lost.values()):
            raise ValueError("points lost are kept only for a Reputation that lost some")
        if self.magic_points > self.max_magic_points:
            raise ValueError("Magic Points left cannot exceed the maximum")
        if self.heals_due > self.total_scars:
            raise ValueError("more heals are due than the cat has scars")
        return self

    def rank(self, trait: Trait) -> Rank:
        return self.traits[trait].rank

    def dice(self, trait: Trait) -> int:
        """Dice the trait rolls."""
        return self.rank(trait).dice

    def scars(self, trait: Trait) -> int:
        """Scars the trait carries towards its next drop."""
        return self.traits[trait].scars

    @property
    def total_scars(self) -> int:
        return sum(state.scars for state in self.traits.values())

    @property
    def crippled_traits(self) -> tuple[Trait, ...]:
        return tuple(trait for trait in TRAITS if self.rank(trait) is Rank.CRIPPLED)

    @property
    def dead(self) -> bool:
        """Four Crippled traits, or no Lives left (book l. 76)."""
        return self.lives == 0 or len(self.crippled_traits) >= CRIPPLED_TRAITS_TO_DIE

    @property
    def in_real_danger(self) -> bool:
        """Three Crippled traits: "he's in real danger" (book l. 76); the bot warns."""
        return not self.dead and len(self.crippled_traits) >= CRIPPLED_TRAITS_IN_DANGER

    @property
    def max_magic_points(self) -> int:
        """5 + the Tail's dice (book l. 128, RULINGS): a Good Tail gives 8."""
        return max_magic_points(self.rank(Trait.TAIL))

    @property
    def cursed(self) -> bool:
        """Under the Bauble Curse."""
        return self.bauble_risks_taken is not None

    def is_wet(self, today: int) -> bool:
        """Drenched on this game day: no magic until the day ends (book l. 142)."""
        return self.wet_on_day is not None and today <= self.wet_on_day


def max_magic_points(tail: Rank) -> int:
    """5 Magic Points plus the Tail's dice (book l. 128, RULINGS Cat, Traits)."""
    return BASE_MAGIC_POINTS + tail.dice


def with_trait(sheet: CatSheet, trait: Trait, state: TraitState) -> CatSheet:
    """The sheet with one trait replaced. A Tail changing rank recomputes the maximum Magic
    Points (RULINGS); Magic Points left above the new maximum are lost, since a cat cannot hold
    more than its Tail allows."""
    traits = {**sheet.traits, trait: state}
    magic_points = sheet.magic_points
    if trait is Trait.TAIL:
        magic_points = min(magic_points, max_magic_points(state.rank))
    return sheet.model_copy(update={"traits": traits, "magic_points": magic_points})


def require_alive(sheet: CatSheet, whose: str = "This cat") -> None:
    """Refuse anything a dead cat tries."""
    if sheet.dead:
        raise PawpostError(f"{whose} is dead.")


def trait_named(text: str) -> Trait:
    """The trait a player typed, in any case."""
    wanted = text.strip().casefold()
    for trait in TRAITS:
        if trait.value == wanted:
            return trait
    names = ", ".join(trait.label for trait in TRAITS[:-1])
    raise PawpostError(
        f'There is no trait called "{text.strip()}"; the traits are {names} and {TRAITS[-1].label}.'
    )


# Reputations.


def clean_reputation_name(name: str) -> str:
    """A Reputation's name with spaces trimmed and collapsed; refused when empty, too long, or
    holding a number (a rank typed into the name, docs/rulings.md)."""
    cleaned = " ".join(name.split())
    if not cleaned:
        raise PawpostError("A Reputation needs a name.")
    if _DIGIT.search(cleaned):
        raise PawpostError(
            f'A Reputation\'s name is made of words, without numbers; "{cleaned}" has one.'
        )
    if len(cleaned) > MAX_REPUTATION_NAME_LENGTH:
        raise PawpostError(
            f"A Reputation's name has at most {MAX_REPUTATION_NAME_LENGTH} characters; "
            f'"{cleaned[:MAX_REPUTATION_NAME_LENGTH]}…" has {len(cleaned)}.'
        )
    return cleaned


def find_reputation(reputations: Mapping[str, int], name: str) -> str | None:
    """The Reputation's name as the sheet spells it, matched in any case; None if absent."""
    wanted = " ".join(name.split()).casefold()
    for known in reputations:
        if known.casefold() == wanted:
            return known
    return None


_REPUTATION_ENTRY = re.compile(r"^(?P<name>.*?)\s*[:=]?\s*(?P<rank>-?[0-9]+)$")
_DIGIT = re.compile(r"[0-9]")
# "Brave 3 Clever": a rank inside the name, so a comma is missing after it.
_MISSING_COMMA = re.compile(r"^(?P<first>\D*?\S\s*[:=]?\s*-?[0-9]+)\s+(?P<rest>\D.*)$")


def _name_with_a_number(entry: str, name: str, rank: str) -> PawpostError:
    """Why an entry whose name holds a number is refused: most often a comma left out."""
    missing = _MISSING_COMMA.match(name)
    if missing is not None:
        return PawpostError(
            f'"{entry}" looks like two Reputations; put a comma between them: '
            f'"{missing["first"]}, {missing["rest"]} {rank}".'
        )
    if not _DIGIT.sub("", name).strip(" :="):
        return PawpostError(
            f'"{entry}" needs a name made of words before its rank, like "Brave 2".'
        )
    return PawpostError(
        f'A Reputation\'s name is made of words, without numbers; "{name}" has one.'
    )


def parse_reputations(text: str) -> dict[str, int]:
    """Read Reputations typed like "Brave 3, Clever 2, Sly 2" (commas or semicolons between;
    a name may have several words). Only the form is checked here: the creation rule is
    `validate_reputations`'s."""
    found: dict[str, int] = {}
    for entry in re.split(r"[,;]", text):
        entry = " ".join(entry.split())
        if not entry:
            continue  # "Brave 3, Sly 2," and doubled commas are forgiven
        match = _REPUTATION_ENTRY.match(entry)
        if match is None:
            missing = _MISSING_COMMA.match(entry)
            if missing is not None:  # "Brave 3 Sly": a comma and the last rank left out
                raise PawpostError(
                    f'"{entry}" looks like two Reputations, the second without its rank: '
                    f'"{missing["first"]}, {missing["rest"]} 2".'
                )
            raise PawpostError(f'"{entry}" needs a rank after it, like "{entry} 2".')
        if not match["name"]:
            raise PawpostError(f'"{entry}" needs a name before its rank, like "Brave {entry}".')
        if _DIGIT.search(match["name"]):
            raise _name_with_a_number(entry, match["name"], match["rank"])
        name = clean_reputation_name(match["name"])
        if find_reputation(found, name) is not None:
            raise PawpostError(f"You gave the Reputation {name} twice.")
        found[name] = int(match["rank"])
    return found


def validate_reputations(reputations: Mapping[str, int]) -> None:
    """A new cat's Reputations: at most five, each ranked 1 to 3, 7 points in all."""
    if len(reputations) > MAX_REPUTATIONS:
        raise PawpostError(
            f"You gave {len(reputations)} Reputations; a cat has at most {MAX_REPUTATIONS}."
        )
    seen: dict[str, int] = {}
    for name, rank in reputations.items():
        cleaned = clean_reputation_name(name)
        if find_reputation(seen, cleaned) is not None:
            raise PawpostError(f"You gave the Reputation {cleaned} twice.")
        seen[cleaned] = rank
        if rank < MIN_REPUTATION_RANK:
            raise PawpostError(
                f"{cleaned} has rank {rank}; a Reputation's rank is at least {MIN_REPUTATION_RANK}."
            )
        if rank > NEW_CAT_MAX_REPUTATION_RANK:
            raise PawpostError(
                f"{cleaned} has rank {rank}; a new cat's Reputations go up to "
                f"{NEW_CAT_MAX_REPUTATION_RANK}."
            )
    points = sum(reputations.values())
    if points != NEW_CAT_REPUTATION_POINTS:
        raise PawpostError(
            f"You gave {points} Reputation points; a cat has {NEW_CAT_REPUTATION_POINTS}."
        )


# Creation.


def validate_traits(
    best: Sequence[Trait], strong: Sequence[Trait], good: Sequence[Trait]
) -> dict[Trait, Rank]:
    """One Best, three Strong and two Good traits, each trait once (RULINGS Cat, Traits).
    Returns each trait's rank."""
    for rank, chosen, wanted in (
        (Rank.BEST, best, NEW_CAT_BEST_TRAITS),
        (Rank.STRONG, strong, NEW_CAT_STRONG_TRAITS),
        (Rank.GOOD, good, NEW_CAT_GOOD_TRAITS),
    ):
        if len(chosen) != wanted:
            noun = "trait" if len(chosen) == 1 else "traits"
            raise PawpostError(
                f"You chose {len(chosen)} {rank.label} {noun}; a new cat has {wanted}."
            )
    ranks: dict[Trait, Rank] = {}
    for rank, chosen in ((Rank.BEST, best), (Rank.STRONG, strong), (Rank.GOOD, good)):
        for trait in chosen:
            if trait in ranks:
                raise PawpostError(f"{trait.label} is given two ranks; give each trait one.")
            ranks[trait] = rank
    return ranks


def validate_new_sheet(
    best: Sequence[Trait],
    strong: Sequence[Trait],
    good: Sequence[Trait],
    reputations: Mapping[str, int],
) -> None:
    """Refuse a new cat unless it has one Best, three Strong and two Good traits and 7
    Reputation points over at most five Reputations, none above 3."""
    validate_traits(best, strong, good)
    validate_reputations(reputations)


def create_sheet(
    best: Sequence[Trait],
    strong: Sequence[Trait],
    good: Sequence[Trait],
    reputations: Mapping[str, int],
) -> CatSheet:
    """A new cat: the creation rule checked, 9 Lives, full Magic Points (5 + Tail dice), no
    Style, no scars."""
    ranks = validate_traits(best, strong, good)
    validate_reputations(reputations)
    tail = ranks[Trait.TAIL]
    return CatSheet(
        traits={trait: TraitState(rank=ranks[trait]) for trait in TRAITS},
        reputations={clean_reputation_name(name): rank for name, rank in reputations.items()},
        magic_points=max_magic_points(tail),
    )
