"""Sheets and new-cat choices for the WCAGR tests."""

from __future__ import annotations

from collections.abc import Mapping

from rules.wcagr import (
    Ability,
    Clan,
    Knack,
    NewCat,
    Points,
    Rank,
    Scores,
    Skill,
    WcagrSheet,
)

THREE_SKILLS = (Skill.ARCH, Skill.BITE, Skill.CLIMB)  # no group raises any of these
THREE_KNACKS = (Knack.ALERTNESS, Knack.DODGE, Knack.FEINT)


def cat(
    *,
    strength: int = 3,
    intelligence: int = 3,
    spirit: int = 3,
    points: Mapping[Ability, int] | None = None,
    skills: Mapping[Skill, int] | None = None,
    knacks: Mapping[Knack, int] | None = None,
    age_moons: int = 20,
    clan: Clan = Clan.THUNDERCLAN,
    rank: Rank | None = None,
    lives: int | None = None,
    hp_lost: int = 0,
    retired: bool = False,
) -> WcagrSheet:
    """A sheet with the given numbers and full pools unless `points` says otherwise; not held
    to the creation rule."""
    scores = Scores(strength=strength, intelligence=intelligence, spirit=spirit)
    pools = Points.full(scores)
    for ability, left in (points or {}).items():
        pools = pools.with_value(ability, left)
    return WcagrSheet(
        clan=clan,
        rank=rank,
        lives=lives,
        age_moons=age_moons,
        abilities=scores,
        points=pools,
        skills=dict(skills or {}),
        knacks=dict(knacks or {}),
        hp_lost=hp_lost,
        retired=retired,
    )


def new_cat(**choices: object) -> NewCat:
    """A valid ten-moon ThunderClan cat's choices (2/2/1, Arch, Bite, Climb, Alertness, Dodge,
    Feint, +1 Spirit), with `choices` changed."""
    defaults: dict[str, object] = {
        "clan": Clan.THUNDERCLAN,
        "strength": 2,
        "intelligence": 2,
        "spirit": 1,
        "skills": THREE_SKILLS,
        "knacks": THREE_KNACKS,
        "ten_moon_bonus": Ability.SPIRIT,
    }
    return NewCat.model_validate({**defaults, **choices})
