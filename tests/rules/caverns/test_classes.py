"""All seven classes (book l. 104-152): Damage, Health and Vitae, proficiencies, skillsets,
equipment, and what each gets at creation."""

import pytest

from rules.caverns.attributes import Attribute
from rules.caverns.catalogue import ItemKind
from rules.caverns.classes import CLASSES, CharacterClass, Proficiency, parse_class
from rules.caverns.constants import SKILLS_AT_START
from rules.caverns.races import Race
from rules.caverns.skills import SKILLS, SkillKind
from rules.caverns.skillsets import Skillset as S
from rules.errors import PawpostError
from tests.rules.caverns.characters import CLASS_CHOICES, make

P = Proficiency

# (class, line, Damage, Health base, Vitae base, whole proficiencies, weapon choices,
#  primary, secondary options, tertiary options), from the class blocks.
BOOK_CLASSES = [
    (
        CharacterClass.WARRIOR,
        104,
        2,
        5,
        3,
        (P.SHIELDS, P.POISONS),
        {ItemKind.MELEE_WEAPON: 2, ItemKind.RANGED_WEAPON: 1},
        S.COMBAT,
        (S.ATHLETICS,),
        (S.HUNTING, S.RITUALS, S.TOTEMS),
    ),
    (
        CharacterClass.MONK,
        111,
        2,
        3,
        2,
        (P.GRAPPLES, P.TATTOOS, P.POISONS),
        {ItemKind.MELEE_WEAPON: 2},
        S.COMBAT,
        (S.ACROBATICS, S.PSIONICS),
        (S.STEALTH, S.MYSTICISM),
    ),
    (
        CharacterClass.ELEMENTALIST,
        118,
        3,
        3,
        3,
        (P.IMPLEMENTS, P.SHIELDS, P.RIDING),
        {},
        S.MAGERY,
        (S.ILLUSIONS,),
        (S.PSIONICS, S.DREAMWEAVING, S.DIVINATION),
    ),
    (
        CharacterClass.GUARDIAN,
        125,
        1,
        2,
        5,
        (P.IMPLEMENTS, P.SHIELDS),
        {},
        S.MAGERY,
        (S.RITUALS,),
        (S.MYSTICISM, S.DIVINATION, S.HEALING),
    ),
    (
        CharacterClass.DRUID,
        132,
        3,
        3,
        3,
        (P.IMPLEMENTS, P.SHIELDS, P.RIDING),
        {},
        S.NATURE,
        (S.TOTEMS,),
        (S.HUNTING, S.DREAMWEAVING, S.DIVINATION),
    ),
    (
        CharacterClass.WICCAN,
        139,
        1,
        2,
        5,
        (P.IMPLEMENTS, P.SHIELDS),
        {},
        S.NATURE,
        (S.TOTEMS,),
        (S.MYSTICISM, S.DIVINATION, S.HEALING),
    ),
    (
        CharacterClass.BARD,
        146,
        1,
        2,
        3,
        (P.MUSICAL_INSTRUMENTS, P.SHIELDS),
        {},
        S.MUSIC,
        (S.ACROBATICS,),
        (S.ILLUSIONS, S.DIVINATION, S.HUNTING),
    ),
]


def test_seven_classes() -> None:
    assert list(CLASSES) == [row[0] for row in BOOK_CLASSES]


@pytest.mark.parametrize(
    (
        "character_class",
        "line",
        "damage",
        "health",
        "vitae",
        "proficiencies",
        "weapons",
        "primary",
        "secondary",
        "tertiary",
    ),
    BOOK_CLASSES,
)
def test_each_class_row(
    character_class: CharacterClass,
    line: int,
    damage: int,
    health: int,
    vitae: int,
    proficiencies: tuple[Proficiency, ...],
    weapons: dict[ItemKind, int],
    primary: S,
    secondary: tuple[S, ...],
    tertiary: tuple[S, ...],
) -> None:
    row = CLASSES[character_class]
    assert (row.line, row.damage, row.health_base, row.vitae_base) == (line, damage, health, vitae)
    assert row.proficiencies == proficiencies
    assert {choice.kind: choice.count for choice in row.weapon_choices} == weapons
    assert (row.primary, row.secondary, row.tertiary) == (primary, secondary, tertiary)


@pytest.mark.parametrize("character_class", list(CharacterClass))
def test_each_class_at_creation(character_class: CharacterClass) -> None:
    # A Human (+Metal) with the extra +1 on Water: Water +2, Fire +0, Metal +0.
    sheet = make(character_class, Race.HUMAN)
    row = CLASSES[character_class]
    assert sheet.attribute(Attribute.WATER) == 2
    assert sheet.attribute(Attribute.FIRE) == 0
    assert sheet.max_health == row.health_base + 2  # l. 106: base + Water
    assert sheet.max_vitae == row.vitae_base + 0  # l. 107: base + Fire
    assert (sheet.health, sheet.vitae) == (sheet.max_health, sheet.max_vitae)
    assert sheet.damage == row.damage
    assert sheet.harmony == 3
    assert sheet.level == 1
    assert len(sheet.skills) == SKILLS_AT_START
    kinds = [SKILLS[key].kind for key in sheet.skills]
    assert kinds.count(SkillKind.BASIC) == 3
    assert kinds.count(SkillKind.ADVANCED) == 1
    tertiary = CLASS_CHOICES[character_class]["tertiary"]
    assert sheet.skillsets[0] is row.primary
    assert sheet.skillsets[2] is tertiary


def test_health_and_vitae_follow_water_and_fire() -> None:
    # Fire +2 (array) and Water -1 (array): a Guardian has 2 - 1 Health and 5 + 2 Vitae.
    sheet = make(
        CharacterClass.GUARDIAN,
        Race.HUMAN,
        attributes="wind 1, water -1, wood 0, fire 2, metal 1",
        extra=Attribute.WIND,
    )
    assert (sheet.max_health, sheet.max_vitae) == (1, 7)


def test_bard_starts_with_an_extra_100_gold() -> None:
    # l. 103 and 152: everyone has 100 gold; a Bard's equipment adds 100 more.
    assert make(CharacterClass.BARD).gold == 200
    assert make(CharacterClass.WARRIOR).gold == 100


@pytest.mark.parametrize("character_class", list(CharacterClass))
def test_everyone_starts_with_the_kit(character_class: CharacterClass) -> None:
    # l. 103: basic clothing, a backpack, 3 torches, 10 rations.
    sheet = make(character_class)
    assert sheet.carries("Basic clothing")
    assert sheet.carries("Backpack")
    assert (sheet.torches, sheet.rations) == (3, 10)


def test_warriors_equipment_slots() -> None:
    # l. 102: "1. Any one melee weapon they are proficient in. 2. Any one melee weapon or
    # shield they are proficient in. 3. Any one ranged weapon they are proficient in. 4. Any
    # two pieces of armour."
    slots = CLASSES[CharacterClass.WARRIOR].equipment
    assert [(s.count, s.kinds, s.proficient) for s in slots] == [
        (1, (ItemKind.MELEE_WEAPON,), True),
        (1, (ItemKind.MELEE_WEAPON, ItemKind.SHIELD), True),
        (1, (ItemKind.RANGED_WEAPON,), True),
        (2, (ItemKind.ARMOUR,), False),
    ]


def test_the_standard_kit_of_each_class() -> None:
    names = {
        c: [item.name for item in make(c).equipment][2:]  # after clothing and backpack
        for c in CharacterClass
    }
    assert names == {
        CharacterClass.WARRIOR: ["Sword", "Buckler", "Shortbow", "Leather jerkin", "Helmet"],
        CharacterClass.MONK: ["Nunchaku", "Bo staff", "Set of tattoos"],
        CharacterClass.ELEMENTALIST: ["Staff", "Divination instruments"],
        CharacterClass.GUARDIAN: ["Staff", "Posh robes"],
        CharacterClass.DRUID: ["Staff", "Tent"],
        CharacterClass.WICCAN: ["Staff", "Pointy hat"],
        CharacterClass.BARD: ["Lute"],
    }


@pytest.mark.parametrize(
    ("typed", "expected"), [("Warrior", CharacterClass.WARRIOR), ("bards", CharacterClass.BARD)]
)
def test_parse_class(typed: str, expected: CharacterClass) -> None:
    assert parse_class(typed) is expected


def test_parse_class_refuses_an_unknown_class() -> None:
    with pytest.raises(PawpostError, match=r'^"Paladin" is not a class of Caverns and Cloiers\.$'):
        parse_class("Paladin")
