"""The three abilities and the fifteen skills with the ability each builds on."""

from rules.wcagr import (
    ABILITIES,
    PHYSICAL_SKILLS,
    SKILL_ABILITY,
    SKILLS,
    Ability,
    Skill,
    is_physical,
)

STR, INT, SPI = Ability.STRENGTH, Ability.INTELLIGENCE, Ability.SPIRIT


def test_the_three_abilities_in_the_books_order() -> None:  # book l.24
    assert [a.label for a in ABILITIES] == ["Strength", "Intelligence", "Spirit"]


def test_every_skill_and_its_ability() -> None:  # book l.34-62, the checklist's table
    assert {skill.label: ability for skill, ability in SKILL_ABILITY.items()} == {
        "Arch": STR,
        "Bite": STR,
        "Climb": STR,
        "Swim": STR,
        "Wrestle": STR,
        "Ponder": INT,
        "Pounce": INT,
        "See": INT,
        "Smell": INT,
        "Swat": INT,
        "Focus": SPI,
        "Hiss": SPI,
        "Jump": SPI,
        "Listen": SPI,
        "Sneak": SPI,
    }
    assert len(SKILLS) == 15
    assert all(skill.ability is SKILL_ABILITY[skill] for skill in SKILLS)


def test_the_physical_checks_are_rulings_list() -> None:
    assert {skill.label for skill in PHYSICAL_SKILLS} == {
        "Bite",
        "Climb",
        "Jump",
        "Pounce",
        "Sneak",
        "Swat",
        "Swim",
        "Wrestle",
    }


def test_any_strength_check_is_physical() -> None:
    assert is_physical(STR, None)
    assert is_physical(STR, Skill.ARCH)  # Arch is not listed, but it is a Strength check
    assert is_physical(STR, Skill.LISTEN)  # a Listen check the GM calls for with Strength


def test_physical_skills_are_physical_whatever_the_ability() -> None:
    assert is_physical(SPI, Skill.JUMP)
    assert is_physical(INT, Skill.SWAT)
    assert is_physical(SPI, Skill.SWAT)


def test_other_checks_are_not_physical() -> None:
    assert not is_physical(SPI, Skill.LISTEN)
    assert not is_physical(INT, Skill.PONDER)
    assert not is_physical(INT, None)
    assert not is_physical(SPI, Skill.HISS)
