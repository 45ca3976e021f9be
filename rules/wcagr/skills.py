"""The fifteen skills, each built on one ability (book l.34-63)."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

from rules.wcagr.abilities import Ability


class Skill(StrEnum):
    """In the book's order."""

    ARCH = "arch"
    BITE = "bite"
    CLIMB = "climb"
    FOCUS = "focus"
    HISS = "hiss"
    JUMP = "jump"
    LISTEN = "listen"
    PONDER = "ponder"
    POUNCE = "pounce"
    SEE = "see"
    SMELL = "smell"
    SNEAK = "sneak"
    SWAT = "swat"
    SWIM = "swim"
    WRESTLE = "wrestle"

    @property
    def label(self) -> str:
        """The name players see: "Listen"."""
        return self.value.capitalize()

    @property
    def ability(self) -> Ability:
        """The ability the skill builds on."""
        return SKILL_ABILITY[self]


SKILLS: tuple[Skill, ...] = tuple(Skill)

SKILL_ABILITY: Mapping[Skill, Ability] = {
    Skill.ARCH: Ability.STRENGTH,  # book l.34
    Skill.BITE: Ability.STRENGTH,  # book l.36
    Skill.CLIMB: Ability.STRENGTH,  # book l.38
    Skill.FOCUS: Ability.SPIRIT,  # book l.40
    Skill.HISS: Ability.SPIRIT,  # book l.42
    Skill.JUMP: Ability.SPIRIT,  # book l.44
    Skill.LISTEN: Ability.SPIRIT,  # book l.46
    Skill.PONDER: Ability.INTELLIGENCE,  # book l.48
    Skill.POUNCE: Ability.INTELLIGENCE,  # book l.50
    Skill.SEE: Ability.INTELLIGENCE,  # book l.52
    Skill.SMELL: Ability.INTELLIGENCE,  # book l.54
    Skill.SNEAK: Ability.SPIRIT,  # book l.56
    Skill.SWAT: Ability.INTELLIGENCE,  # book l.58
    Skill.SWIM: Ability.STRENGTH,  # book l.60
    Skill.WRESTLE: Ability.STRENGTH,  # book l.62
}

# Book l.463: "a critical fail on a check involving physical activity will lead to a sprain".
# RULINGS names them: any Strength check, and these skills whatever ability they are rolled with.
PHYSICAL_SKILLS: frozenset[Skill] = frozenset(
    {
        Skill.BITE,
        Skill.CLIMB,
        Skill.JUMP,
        Skill.POUNCE,
        Skill.SNEAK,
        Skill.SWAT,
        Skill.SWIM,
        Skill.WRESTLE,
    }
)


def is_physical(ability: Ability, skill: Skill | None) -> bool:
    """Whether a check is physical, so that a critical failure on it sprains the cat."""
    return ability is Ability.STRENGTH or (skill is not None and skill in PHYSICAL_SKILLS)
