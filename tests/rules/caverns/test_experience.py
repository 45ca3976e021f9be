"""Experience and levels (book l. 319-323)."""

import pytest

from rules.caverns.classes import CharacterClass
from rules.caverns.party.experience import (
    EXPERIENCE_QUESTIONS,
    PartyProgress,
    answer_experience_questions,
    learn_advanced_skill,
    level_up,
)
from rules.caverns.skills import Totem
from rules.errors import PawpostError
from tests.rules.caverns.characters import make


def test_the_three_questions() -> None:
    assert len(EXPERIENCE_QUESTIONS) == 3
    assert EXPERIENCE_QUESTIONS[0].startswith("Has the party experienced a serious setback")


def test_a_new_party_is_level_1_with_no_experience() -> None:
    assert (PartyProgress().level, PartyProgress().experience, PartyProgress().needed) == (1, 0, 4)


@pytest.mark.parametrize(
    ("answers", "gained"),
    [((False, False, False), 0), ((True, False, True), 2), ((True, True, True), 3)],
)
def test_one_point_per_yes(answers: tuple[bool, bool, bool], gained: int) -> None:
    result = answer_experience_questions(PartyProgress(), answers)
    assert (result.gained, result.progress.experience, result.levelled_up) == (
        gained,
        gained,
        False,
    )


def test_level_plus_3_levels_the_party_up_and_resets_to_0() -> None:
    # Level 1 needs 4: 3 then 1 more.
    first = answer_experience_questions(PartyProgress(), (True, True, True)).progress
    result = answer_experience_questions(first, (True, False, False))
    assert result.levelled_up
    assert result.progress == PartyProgress(level=2, experience=0)
    assert result.progress.needed == 5


def test_excess_experience_is_lost() -> None:
    result = answer_experience_questions(PartyProgress(experience=3), (True, True, True))
    assert result.progress == PartyProgress(level=2, experience=0)


def test_all_three_answers_are_needed() -> None:
    with pytest.raises(ValueError, match="answer all 3"):
        answer_experience_questions(PartyProgress(), (True,))


def test_levelling_up_owes_an_advanced_skill() -> None:
    sheet = level_up(make())
    assert (sheet.level, sheet.advanced_skills_owed) == (2, 1)
    learned = learn_advanced_skill(sheet, "Cleave")
    assert learned.skills[-1] == "combat:cleave"
    assert learned.advanced_skills_owed == 0


def test_no_skill_without_a_level_up() -> None:
    with pytest.raises(
        PawpostError,
        match=r"^You have no new Advanced skill to pick; the party must level up first\.$",
    ):
        learn_advanced_skill(make(), "Cleave")


def test_a_skill_known_already_or_from_elsewhere() -> None:
    sheet = level_up(make(advanced="Parry"))
    with pytest.raises(PawpostError, match=r"^You already have Parry; choose another skill\.$"):
        learn_advanced_skill(sheet, "Parry")
    with pytest.raises(
        PawpostError, match=r"^Vines is not a skill of Combat, Athletics and Hunting\.$"
    ):
        learn_advanced_skill(sheet, "Vines")
    druid = level_up(make(CharacterClass.DRUID, patron_totem=Totem.SUN))
    with pytest.raises(
        PawpostError, match=r"^Sun is already your Patron Totem; choose another skill\.$"
    ):
        learn_advanced_skill(druid, "Sun")
    assert learn_advanced_skill(druid, "Tree Form").has_skill("nature:tree-form")
