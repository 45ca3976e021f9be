"""Making a new cat: the player's choices, the creation rule, the clan's bonuses, older cats."""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import BaseModel, ConfigDict

from rules.errors import PawpostError
from rules.wcagr.abilities import ABILITIES, Ability, Points, Scores
from rules.wcagr.age_table import Gain
from rules.wcagr.ageing import grow_up, ten_moon_gains
from rules.wcagr.clans import CLANS, Clan
from rules.wcagr.constants import (
    ABILITY_MIN,
    CLAN_SKILL_BONUS,
    CREATION_ABILITY_POINTS,
    DEFAULT_AGE_MOONS,
    LONER_ONE_ABILITY_BONUS,
    LONER_SKILL_BONUS,
    LONER_TWO_ABILITIES_BONUS,
    MAX_CREATION_AGE_MOONS,
    RETIREMENT_AGE_MOONS,
    SKILL_MAX,
    STARTING_SKILL_LEVEL,
    STARTING_SKILLS,
    TEN_MOONS,
)
from rules.wcagr.knacks import Knack
from rules.wcagr.ranks import Rank, check_rank_open, has_lives, leader_lives, rank_info
from rules.wcagr.sheet import WcagrSheet
from rules.wcagr.skills import Skill

TEN_MOON_BONUS = Gain.INTELLIGENCE_OR_SPIRIT.label  # l.24: "+1 Intelligence or Spirit"


class NewCat(BaseModel):
    """Everything a player chooses for a new cat, kept as it is while an admin approves it.

    The three abilities are the five creation points (l.24), before any bonus. `knacks` and
    `ten_moon_bonus` are for cats of 10 moons or more. Loners and Rogues name one ability
    (+2) or two (+1 each; naming one twice is +2) in `loner_abilities`, and a `loner_skill`.
    `age_choices` answer, in order, every gain of the age table from 11 moons up to the age."""

    model_config = ConfigDict(frozen=True)

    clan: Clan
    strength: int
    intelligence: int
    spirit: int
    skills: tuple[Skill, ...]
    knacks: tuple[Knack, ...] = ()
    age_moons: int = DEFAULT_AGE_MOONS
    ten_moon_bonus: Ability | None = None
    loner_abilities: tuple[Ability, ...] = ()
    loner_skill: Skill | None = None
    rank: Rank | None = None
    previous_leader_lives: int = 0
    age_choices: tuple[Ability | Skill | Knack, ...] = ()

    @property
    def spread(self) -> dict[Ability, int]:
        return {
            Ability.STRENGTH: self.strength,
            Ability.INTELLIGENCE: self.intelligence,
            Ability.SPIRIT: self.spirit,
        }


def points_left_to_spread(strength: int, intelligence: int, spirit: int) -> int:
    """For the builder's − and + buttons: how many of the five creation points are unspent."""
    return CREATION_ABILITY_POINTS - (strength + intelligence + spirit)


def needs_admin_approval(new: NewCat) -> bool:
    """RULINGS: a cat older than 10 moons needs an admin's approval; so do the ranks admins
    approve (a leader, a deputy, a Tribe's Healer)."""
    if new.age_moons > DEFAULT_AGE_MOONS:
        return True
    return new.rank is not None and rank_info(new.clan, new.rank).needs_approval


def _check_age(age: int) -> None:
    if age < 0:
        raise PawpostError(f"Age cannot be negative; you gave {age} moons.")
    if age > MAX_CREATION_AGE_MOONS:
        raise PawpostError(
            f"A new cat can be at most {MAX_CREATION_AGE_MOONS} moons old; at "
            f"{RETIREMENT_AGE_MOONS} moons a cat retires."
        )


def _check_spread(spread: Mapping[Ability, int]) -> None:
    for ability in ABILITIES:
        if spread[ability] < ABILITY_MIN:
            raise PawpostError(
                f"Each ability needs at least {ABILITY_MIN} point; you gave "
                f"{ability.label} {spread[ability]}."
            )
    total = sum(spread.values())
    if total != CREATION_ABILITY_POINTS:
        raise PawpostError(
            f"You spread {total} points over the abilities; a new cat has exactly "
            f"{CREATION_ABILITY_POINTS}."
        )


def _check_skills(skills: tuple[Skill, ...]) -> None:
    if len(skills) != STARTING_SKILLS:
        raise PawpostError(f"Choose exactly three starting skills; you gave {len(skills)}.")
    for index, skill in enumerate(skills):
        if skill in skills[:index]:
            raise PawpostError(
                f"The three starting skills must be different; {skill.label} is chosen twice."
            )


def _clan_bonuses(new: NewCat) -> tuple[dict[Ability, int], dict[Skill, int]]:
    """The ability and skill increases the cat's group gives."""
    info = CLANS[new.clan]
    if not info.chooses_bonuses:
        if new.loner_abilities or new.loner_skill is not None:
            raise PawpostError(
                f"Only Loners and Rogues choose their own bonuses; {info.label}'s are fixed."
            )
        return dict(info.abilities), ({} if info.skill is None else {info.skill: CLAN_SKILL_BONUS})
    chosen = new.loner_abilities
    if len(chosen) == 1:
        abilities = {chosen[0]: LONER_ONE_ABILITY_BONUS}
    elif len(chosen) == 2:  # the book's "two ability scores"
        abilities = {a: chosen.count(a) * LONER_TWO_ABILITIES_BONUS for a in set(chosen)}
    else:
        raise PawpostError(
            f"A {info.label} raises one ability by {LONER_ONE_ABILITY_BONUS} or two by "
            f"{LONER_TWO_ABILITIES_BONUS}; you named {len(chosen)}."
        )
    if new.loner_skill is None:
        raise PawpostError(
            f"A {info.label} raises one skill of its choosing by {LONER_SKILL_BONUS}; choose which."
        )
    return abilities, {new.loner_skill: LONER_SKILL_BONUS}


def _ten_moon_bonus(new: NewCat) -> Ability | None:
    """The +1 Intelligence or Spirit of a cat of 10 moons or more; None for a younger cat, which
    gets its 10-moon gains on reaching 10 moons (RULINGS)."""
    if new.age_moons >= TEN_MOONS:
        if new.ten_moon_bonus is None:
            raise PawpostError(
                f"A cat of {TEN_MOONS} moons or more gets {TEN_MOON_BONUS}; choose which with "
                "ten-moon-bonus: (intelligence or spirit)."
            )
        return new.ten_moon_bonus
    if new.knacks:
        raise PawpostError(
            f"A cat younger than {TEN_MOONS} moons knows no knacks yet; it learns three at "
            f"{TEN_MOONS} moons."
        )
    if new.ten_moon_bonus is not None:
        raise PawpostError(
            f"A cat younger than {TEN_MOONS} moons gets its {TEN_MOON_BONUS} when it reaches "
            f"{TEN_MOONS} moons."
        )
    return None


def _check_rank(new: NewCat, holders: int) -> int | None:
    """The leader's lives, if the rank has them."""
    if new.rank is not None:
        check_rank_open(new.clan, new.rank, holders)
    if has_lives(new.clan, new.rank):
        return leader_lives(new.previous_leader_lives)
    if new.previous_leader_lives:
        raise PawpostError("Only a Clan's new leader counts the previous leader's lives.")
    return None


def create_sheet(new: NewCat, *, rank_holders: int = 0) -> WcagrSheet:
    """The new cat's sheet, or the one sentence saying what is wrong with the choices.
    `rank_holders` is how many cats of the group already hold the chosen rank."""
    _check_age(new.age_moons)
    spread = new.spread
    _check_spread(spread)
    _check_skills(new.skills)
    ten_moon_bonus = _ten_moon_bonus(new)
    if new.age_choices and new.age_moons <= TEN_MOONS:
        raise PawpostError(
            f"Only a cat older than {TEN_MOONS} moons chooses gains from the age table."
        )
    clan_abilities, clan_skills = _clan_bonuses(new)
    lives = _check_rank(new, rank_holders)

    scores = {a: spread[a] + clan_abilities.get(a, 0) for a in ABILITIES}
    skills = dict.fromkeys(new.skills, STARTING_SKILL_LEVEL)
    for skill, bonus in clan_skills.items():  # RULINGS: "stack on top (capped at 5)"
        skills[skill] = min(SKILL_MAX, skills.get(skill, 0) + bonus)

    start = Scores(**{a.value: n for a, n in scores.items()})
    sheet = WcagrSheet(
        clan=new.clan,
        rank=new.rank,
        lives=lives,
        age_moons=min(new.age_moons, TEN_MOONS),
        abilities=start,
        points=Points.full(start),
        skills=skills,
    )
    if ten_moon_bonus is not None:
        sheet = ten_moon_gains(sheet, ten_moon_bonus, new.knacks)
        sheet = grow_up(sheet, new.age_moons, new.age_choices)
    return sheet.changed(points=Points.full(sheet.abilities))


def validate_new_sheet(new: NewCat, *, rank_holders: int = 0) -> None:
    """Refuse the choices with one sentence unless they make a cat (see `create_sheet`)."""
    create_sheet(new, rank_holders=rank_holders)
