"""The party's experience (book l. 319-323): three questions at each Long Rest, a level for
everyone at level + 3 experience, and the Advanced skill each member then learns."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict, Field

from rules.caverns.constants import (
    ADVANCED_SKILLS_PER_LEVEL,
    EXPERIENCE_PER_QUESTION,
    EXPERIENCE_QUESTIONS_COUNT,
    LEVEL_UP_EXPERIENCE_OFFSET,
    STARTING_EXPERIENCE,
    STARTING_LEVEL,
)
from rules.caverns.sheet import CavernsSheet, check_advanced_skill
from rules.errors import PawpostError

# Book l. 320-322, asked of the MC (the server's admins) at every Long Rest.
EXPERIENCE_QUESTIONS: tuple[str, ...] = (
    "Has the party experienced a serious setback since our last rest?",
    "Has the party explored new caverns or encountered new creatures since our last rest?",
    "Has the party accomplished anything else significant since our last rest?",
)


class PartyProgress(BaseModel):
    """A party's level and experience; the party levels up together."""

    model_config = ConfigDict(frozen=True)

    level: int = Field(default=STARTING_LEVEL, ge=1)
    experience: int = Field(default=STARTING_EXPERIENCE, ge=0)

    @property
    def needed(self) -> int:
        """Experience for the next level: the current level + 3."""
        return self.level + LEVEL_UP_EXPERIENCE_OFFSET


class ExperienceResult(BaseModel):
    model_config = ConfigDict(frozen=True)

    progress: PartyProgress
    gained: int
    levelled_up: bool


def answer_experience_questions(
    progress: PartyProgress, answers: Sequence[bool]
) -> ExperienceResult:
    """One experience point per "yes". On reaching level + 3 the party gains a level and
    experience returns to 0; any excess is lost (RULINGS)."""
    if len(answers) != EXPERIENCE_QUESTIONS_COUNT:
        raise ValueError(f"answer all {EXPERIENCE_QUESTIONS_COUNT} questions")
    gained = EXPERIENCE_PER_QUESTION * sum(answers)
    experience = progress.experience + gained
    if experience >= progress.needed:
        levelled = PartyProgress(level=progress.level + 1, experience=0)
        return ExperienceResult(progress=levelled, gained=gained, levelled_up=True)
    kept = progress.model_copy(update={"experience": experience})
    return ExperienceResult(progress=kept, gained=gained, levelled_up=False)


def level_up(sheet: CavernsSheet) -> CavernsSheet:
    """A member's share of the party's level: one level and one Advanced skill to pick."""
    return sheet.model_copy(
        update={
            "level": sheet.level + 1,
            "advanced_skills_owed": sheet.advanced_skills_owed + ADVANCED_SKILLS_PER_LEVEL,
        }
    )


def learn_advanced_skill(sheet: CavernsSheet, name: str) -> CavernsSheet:
    """Pick the Advanced skill a level-up gave: one of the character's three skillsets, of
    their class, not one they know (nor their Patron Totem)."""
    if sheet.advanced_skills_owed < 1:
        raise PawpostError("You have no new Advanced skill to pick; the party must level up first.")
    skill = check_advanced_skill(
        name,
        sheet.character_class,
        sheet.skillsets,
        known=sheet.skills,
        patron_totem=sheet.patron_totem,
    )
    return sheet.model_copy(
        update={
            "skills": (*sheet.skills, skill.key),
            "advanced_skills_owed": sheet.advanced_skills_owed - 1,
        }
    )
