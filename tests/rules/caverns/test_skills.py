"""Every skill of chapters 6-9 (book l. 155-279), by skillset, Basic and Advanced."""

import pytest

from rules.caverns.classes import CharacterClass
from rules.caverns.skills import (
    SKILL_LIST,
    SKILLS,
    SkillKind,
    Totem,
    advanced_skills,
    basic_skill,
    find_skill,
    skills_in,
)
from rules.caverns.skillsets import Skillset, parse_skillset
from rules.errors import PawpostError

# The checklist's list (l. 155-279), Basic first, in the book's order.
BOOK_SKILLS = {
    Skillset.COMBAT: "Assault, Parry, Riposte, Disengage, Cleave, Crush, Lunge, Sunder, "
    "Nerve Pinch, Gripping, Kata",
    Skillset.MAGERY: "Implement, Ignite, Fear, Scry, Greater Implement, Melding, Summonings, "
    "Beguiling",
    Skillset.NATURE: "Implement, Vines, Pathtwist, Commune, Tree Form, Melding, Fae Allies, "
    "Mushroom Circle",
    Skillset.MUSIC: "Sick Beat, Fugue, Captive Audience, Refrain, Encore, Discordant Chords",
    Skillset.ATHLETICS: "Fitness, Vitality, Adrenaline, Barge, Transmute, Immunity",
    Skillset.ACROBATICS: "Dodge, Contortion, Dexterity, Backflip, Handstand, Scissorflip",
    Skillset.TOTEMS: "Patron Totem, Sun, Moon, Night, Lake, Crow, Stag, Bear, Lion",
    Skillset.RITUALS: "Rubeus, Draconis, Time Curse, Twist Fate, Defection, Revivify",
    Skillset.HEALING: "Empathy, Anesthesia, Immunize, Curing, Farheal, Bedevil",
    Skillset.DIVINATION: "Ill Omen, Retribution, Doom, Death Prophesy, Good Omen, Reversal",
    Skillset.DREAMWEAVING: "Dreambody, Slumber, Control, Sweet Dreams, Possess, Eternal Sleep",
    Skillset.MYSTICISM: "Mystic Chant, Balance, Sanctity, Perfection, Meditation, Concentration",
    Skillset.ILLUSIONS: "Illusions, Reflection, Illusory Wall, Starburst, Programmed, "
    "Phantasmagora",
    Skillset.PSIONICS: "Second Sight, Psi Armour, Blood Boil, Dominate, Forcefield, Mind Crush",
    Skillset.STEALTH: "Infiltrate, Truss, Waylay, Masquerade, Blowgun, Veil",
    Skillset.HUNTING: "Animal Companion, Ambush, Harry, Make Camp, Smudge, Trapper",
}

# First line of each skillset's list in the book.
FIRST_LINES = {
    Skillset.COMBAT: 155,
    Skillset.MAGERY: 167,
    Skillset.NATURE: 176,
    Skillset.MUSIC: 185,
    Skillset.ATHLETICS: 193,
    Skillset.ACROBATICS: 200,
    Skillset.TOTEMS: 206,
    Skillset.RITUALS: 216,
    Skillset.HEALING: 224,
    Skillset.DIVINATION: 231,
    Skillset.DREAMWEAVING: 238,
    Skillset.MYSTICISM: 245,
    Skillset.ILLUSIONS: 253,
    Skillset.PSIONICS: 260,
    Skillset.STEALTH: 267,
    Skillset.HUNTING: 274,
}


@pytest.mark.parametrize("skillset", list(Skillset))
def test_each_skillsets_skills_in_order(skillset: Skillset) -> None:
    names = [skill.name for skill in skills_in(skillset)]
    assert names == BOOK_SKILLS[skillset].split(", ")
    assert skills_in(skillset)[0].kind is SkillKind.BASIC
    assert all(skill.kind is SkillKind.ADVANCED for skill in skills_in(skillset)[1:])
    assert skills_in(skillset)[0].line == FIRST_LINES[skillset]


def test_108_skills_with_unique_keys() -> None:
    assert len(SKILL_LIST) == len(SKILLS) == 108


def test_the_chapters_names_win_for_the_basics() -> None:
    # The overview (l. 100) says "Blast" and "Reflection"; the chapters say otherwise.
    assert basic_skill(Skillset.MAGERY).name == "Implement"
    assert basic_skill(Skillset.ILLUSIONS).name == "Illusions"
    assert basic_skill(Skillset.PSIONICS).name == "Second Sight"
    assert SKILLS["illusions:reflection"].kind is SkillKind.ADVANCED


def test_a_and_b_skills_belong_to_one_class() -> None:
    only = {skill.key: skill.only for skill in SKILL_LIST if skill.only is not None}
    assert only == {
        "magery:greater-implement": CharacterClass.ELEMENTALIST,
        "magery:melding": CharacterClass.ELEMENTALIST,
        "magery:summonings": CharacterClass.GUARDIAN,
        "magery:beguiling": CharacterClass.GUARDIAN,
        "nature:tree-form": CharacterClass.DRUID,
        "nature:melding": CharacterClass.DRUID,
        "nature:fae-allies": CharacterClass.WICCAN,
        "nature:mushroom-circle": CharacterClass.WICCAN,
    }
    assert [s.number for s in skills_in(Skillset.MAGERY)[4:]] == ["4a", "5a", "4b", "5b"]


def test_advanced_skills_a_class_may_take() -> None:
    elementalist = [s.name for s in advanced_skills(Skillset.MAGERY, CharacterClass.ELEMENTALIST)]
    guardian = [s.name for s in advanced_skills(Skillset.MAGERY, CharacterClass.GUARDIAN)]
    assert elementalist == ["Ignite", "Fear", "Scry", "Greater Implement", "Melding"]
    assert guardian == ["Ignite", "Fear", "Scry", "Summonings", "Beguiling"]
    assert len(advanced_skills(Skillset.COMBAT, CharacterClass.WARRIOR)) == 10


def test_skills_that_spend_one_harmony() -> None:
    costly = {skill.name for skill in SKILL_LIST if skill.harmony_cost == 1}
    assert costly == {
        "Assault",
        "Lunge",
        "Nerve Pinch",
        "Scry",
        "Greater Implement",
        "Beguiling",
        "Commune",
        "Refrain",
        "Vitality",
        "Handstand",
        "Scissorflip",
        "Twist Fate",
        "Revivify",
        "Reversal",
        "Possess",
        "Eternal Sleep",
        "Concentration",
        "Phantasmagora",
        "Veil",
        "Trapper",
    }
    variable = {skill.name for skill in SKILL_LIST if skill.variable_harmony}
    assert variable == {"Retribution", "Forcefield"}


def test_totems_are_the_totems_advanced_skills() -> None:
    assert [t.skill_key for t in Totem] == [s.key for s in skills_in(Skillset.TOTEMS)[1:]]


def test_find_skill_by_name_or_key() -> None:
    assert find_skill("make camp").key == "hunting:make-camp"
    assert find_skill("NATURE:MELDING").only is CharacterClass.DRUID
    assert find_skill("Melding", [Skillset.MAGERY]).key == "magery:melding"


def test_a_name_two_skillsets_share_needs_its_key() -> None:
    with pytest.raises(
        PawpostError,
        match=r"^Implement is in more than one skillset; say magery:implement or "
        r"nature:implement\.$",
    ):
        find_skill("Implement")


def test_a_skill_outside_the_skillsets_is_refused() -> None:
    with pytest.raises(PawpostError, match=r"^Parry is not a skill of Magery and Rituals\.$"):
        find_skill("Parry", [Skillset.MAGERY, Skillset.RITUALS])


def test_an_unknown_skill_is_refused() -> None:
    with pytest.raises(PawpostError, match=r'^"Fireball" is not a skill of Caverns and Cloiers\.$'):
        find_skill("Fireball")


def test_skill_labels() -> None:
    assert SKILLS["nature:implement"].label == "Implement (Nature)"


def test_parse_skillset_accepts_the_class_blocks_spelling() -> None:
    assert parse_skillset("Dreameaving") is Skillset.DREAMWEAVING
    assert parse_skillset("HUNTING") is Skillset.HUNTING
    with pytest.raises(PawpostError, match=r'^"Sorcery" is not a skillset'):
        parse_skillset("Sorcery")
