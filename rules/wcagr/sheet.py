"""A WCAGR cat's sheet: abilities and their points, skills, knacks, clan, rank, age, HP, states."""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Self

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from rules.errors import PawpostError
from rules.wcagr.abilities import Ability, Points, Scores
from rules.wcagr.age_table import PendingGain
from rules.wcagr.clans import Clan
from rules.wcagr.constants import (
    HP_BASE,
    KNOCKED_OUT_AT_HP,
    LEADER_LIVES,
    SKILL_MAX,
    SKILL_MIN,
    SPRAIN_REST_SUNRISES,
)
from rules.wcagr.knacks import KNACKS, Knack
from rules.wcagr.ranks import Rank, has_lives, is_rank_of
from rules.wcagr.skills import SKILLS, Skill

KNACK_ORDER: tuple[Knack, ...] = tuple(Knack)  # iterating the enum itself is slow
_ORDER: dict[str, int] = {
    **{skill.value: n for n, skill in enumerate(SKILLS)},
    **{knack.value: n for n, knack in enumerate(KNACK_ORDER)},
}


def _by_definition(item: tuple[Skill | Knack, int]) -> int:
    """A skill's place in SKILLS, a knack's in KNACK_ORDER (by its text: a str's hash is C)."""
    return _ORDER[str.__str__(item[0])]


class Illness(StrEnum):
    """The book's coughs (l.435-458); how they start, worsen and end is part 2's."""

    WHITECOUGH = "whitecough"
    GREENCOUGH = "greencough"
    BLACKCOUGH = "blackcough"
    KITTEN_COUGH = "kitten-cough"
    REDCOUGH = "redcough"
    YELLOWCOUGH = "yellowcough"

    @property
    def label(self) -> str:
        return self.value.capitalize()


class WcagrSheet(BaseModel):
    """One cat's game numbers. Immutable: every change returns a new, validated sheet.

    `skills` lists only skills above 0 and `knacks` how often each knack was picked. Wounds are
    kept as `hp_lost` so the maximum can follow age and Strength (RULINGS). `pending` holds the
    gains waiting for the player's choice, so a prompt survives restarts."""

    model_config = ConfigDict(frozen=True)

    clan: Clan
    rank: Rank | None = None
    lives: int | None = Field(default=None, ge=1, le=LEADER_LIVES)
    age_moons: int = Field(ge=0)
    abilities: Scores
    points: Points
    skills: dict[Skill, int] = {}
    knacks: dict[Knack, int] = {}
    hp_lost: int = Field(default=0, ge=0)
    sprain_sunrises_left: int = Field(default=0, ge=0, le=SPRAIN_REST_SUNRISES)
    illness: Illness | None = None
    illness_day: int | None = None  # the game day the illness began (part 2's day count)
    retired: bool = False
    dead: bool = False  # l.425: beyond the help of medicine
    herbs_day: int | None = None  # the game day of its last herb healing (once a day)
    gains_told: int = 0  # how many of the waiting gains (the first ones) a post told its player of
    gains_given: int = 0  # how many gains were ever put to wait; each has its own number
    pending: tuple[PendingGain, ...] = ()

    @model_validator(mode="before")
    @classmethod
    def _numbered(cls, data: Any) -> Any:
        """Every waiting gain has its own number, so a select shown for one never answers
        another (a sheet kept before gains were numbered gets numbers, the same at each read)."""
        if not isinstance(data, dict):
            return data
        pending = [
            p if isinstance(p, PendingGain) else PendingGain.model_validate(p)
            for p in data.get("pending", ())
        ]
        if all(p.number for p in pending):
            return data
        given = int(data.get("gains_given", 0) or 0)
        numbered = []
        for gain in pending:
            if not gain.number:
                given += 1
                gain = gain.model_copy(update={"number": given})
            numbered.append(gain)
        return {**data, "pending": tuple(numbered), "gains_given": given}

    def waiting(self, *gains: PendingGain) -> WcagrSheet:
        """The sheet with `gains` put to wait for the player's choice, each numbered."""
        numbered = tuple(
            gain.model_copy(update={"number": self.gains_given + index})
            for index, gain in enumerate(gains, start=1)
        )
        return self.changed(
            pending=(*self.pending, *numbered), gains_given=self.gains_given + len(gains)
        )

    @field_validator("skills")
    @classmethod
    def _skills_0_to_5(cls, skills: dict[Skill, int]) -> dict[Skill, int]:
        for skill, level in skills.items():
            if not SKILL_MIN <= level <= SKILL_MAX:
                raise ValueError(f"{skill.label} is {level}; a skill is {SKILL_MIN}-{SKILL_MAX}")
        # In SKILLS' order, those above 0: sorted by the members' own order, so that each of
        # the ~30 skills is not hashed (an enum's hash is Python code) for every sheet made.
        kept = sorted((kv for kv in skills.items() if kv[1] > 0), key=_by_definition)
        return dict(kept)

    @field_validator("knacks")
    @classmethod
    def _picks_within_maximum(cls, knacks: dict[Knack, int]) -> dict[Knack, int]:
        for knack, picks in knacks.items():
            most = KNACKS[knack].max_picks
            if picks < 1 or (most is not None and picks > most):
                raise ValueError(f"{knack.label} picked {picks} times")
        return dict(sorted(knacks.items(), key=_by_definition))  # in KNACK_ORDER

    @model_validator(mode="after")
    def _rank_fits_the_group(self) -> Self:
        if self.rank is not None and not is_rank_of(self.clan, self.rank):
            raise ValueError(f"{self.clan.label} has no {self.rank.value} rank")
        if (self.lives is not None) != has_lives(self.clan, self.rank):
            raise ValueError("only a Clan's leader has lives, and it always has them")
        return self

    def changed(self, **changes: Any) -> WcagrSheet:
        """A copy with `changes`, validated like a new sheet (the fields read straight from the
        instance: `dict(self)` walks pydantic's iterator, a cost paid 100,000 times a moon)."""
        return WcagrSheet.model_validate({**self.__dict__, **changes})

    # --- reading the sheet ---------------------------------------------------------------

    def score(self, ability: Ability) -> int:
        return self.abilities[ability]

    def points_left(self, ability: Ability) -> int:
        return self.points[ability]

    def skill(self, skill: Skill) -> int:
        """The skill's level; 0 when the cat has never put a point in it."""
        return self.skills.get(skill, 0)

    def picks(self, knack: Knack) -> int:
        """How often the cat picked `knack`; 0 when it does not know it."""
        return self.knacks.get(knack, 0)

    @property
    def hp_max(self) -> int:
        """Book l.421: 5 + age in moons + Strength score."""
        return HP_BASE + self.age_moons + self.score(Ability.STRENGTH)

    @property
    def hp(self) -> int:
        """Current HP: the maximum less the wounds (it may fall below 0)."""
        return self.hp_max - self.hp_lost

    @property
    def knocked_out(self) -> bool:
        """Book l.423: no HP left."""
        return self.hp <= KNOCKED_OUT_AT_HP

    @property
    def sprained(self) -> bool:
        return self.sprain_sunrises_left > 0

    @property
    def ill(self) -> bool:
        return self.illness is not None


DEAD = "This cat is dead; its player may make a new cat."


def refuse_dead(sheet: WcagrSheet) -> None:
    """A dead cat can do nothing (l.425; RULINGS: "a dead cat cannot act")."""
    if sheet.dead:
        raise PawpostError(DEAD)


def why_cannot_check(sheet: WcagrSheet) -> str | None:
    """The sentence saying why the cat can make no check now, or None when it can."""
    if sheet.dead:
        return DEAD
    if sheet.retired:
        return "This cat is retired: an elder out of play, it cannot check, hunt or fight."
    if sheet.knocked_out:
        return "This cat is knocked out and can do nothing until it is healed to at least 1 HP."
    return None


def state_word(sheet: WcagrSheet) -> str | None:
    """ "dead", "retired" or "knocked out" for a cat that can make no check, else None."""
    if sheet.dead:
        return "dead"
    if sheet.retired:
        return "retired"
    if sheet.knocked_out:
        return "knocked out"
    return None


def why_cannot_hunt_or_fight(sheet: WcagrSheet) -> str | None:
    """The sentence saying why the cat can neither hunt nor fight now, or None when it can."""
    cannot_check = why_cannot_check(sheet)
    if cannot_check is not None:
        return cannot_check
    if sheet.illness is not None:
        return f"This cat has {sheet.illness.label.lower()} and cannot hunt or fight until cured."
    if sheet.sprained:
        left = sheet.sprain_sunrises_left
        return (
            f"This cat has a sprain and cannot hunt or fight for {left} more "
            f"sunrise{'' if left == 1 else 's'} of rest."
        )
    return None


def refuse_check(sheet: WcagrSheet) -> None:
    """Raise the reason the cat cannot make a check, if there is one."""
    reason = why_cannot_check(sheet)
    if reason is not None:
        raise PawpostError(reason)


def with_sprain(sheet: WcagrSheet) -> WcagrSheet:
    """Book l.463-464: a sprain, healed by 3 sunrises of rest (a new sprain starts them again)."""
    return sheet.changed(sprain_sunrises_left=SPRAIN_REST_SUNRISES)


def without_sprain(sheet: WcagrSheet) -> WcagrSheet:
    """An admin clears the sprain (RULINGS)."""
    return sheet.changed(sprain_sunrises_left=0)


def rest_a_sunrise(sheet: WcagrSheet) -> WcagrSheet:
    """One sunrise of rest for a sprain; the third ends it."""
    return sheet.changed(sprain_sunrises_left=max(0, sheet.sprain_sunrises_left - 1))


def with_score(sheet: WcagrSheet, ability: Ability, score: int) -> WcagrSheet:
    """The sheet with a new ability score. The pool changes by as much as the score, never
    below 0: a player expects a point gained to be usable at once, and a point lost to leave
    the pool."""
    change = score - sheet.score(ability)
    points = sheet.points.with_value(ability, max(0, sheet.points_left(ability) + change))
    return sheet.changed(abilities=sheet.abilities.with_value(ability, score), points=points)
