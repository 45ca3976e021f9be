"""All twenty races (book l. 74-93): attribute, trait, and what the trait does on the sheet."""

import pytest

from rules.caverns.attributes import ELEMENTS, Attribute, parse_attributes
from rules.caverns.classes import CharacterClass
from rules.caverns.conditions import Condition
from rules.caverns.races import RACES, Race, parse_race
from rules.errors import PawpostError
from tests.rules.caverns.characters import ARRAY, adjusted, extra_for, make

# (race, line, attribute, trait) exactly as the book prints them.
BOOK_RACES = [
    (Race.ASLARAN, 74, Attribute.WIND, "Cannot roll less than a 7 when using the Flee! skill."),
    (
        Race.DRACNARI,
        75,
        Attribute.FIRE,
        "Can breathe fire, setting people Ablaze as an action. Immune to Ablaze.",
    ),
    (
        Race.DWARF,
        76,
        Attribute.FIRE,
        "Proficient with all axes and gains an extra point of Vitae while drunk.",
    ),
    (Race.ELFEN, 77, Attribute.WIND, "Harmony resets to 3 after a Long Rest, not to 0."),
    (
        Race.FAELING,
        78,
        Attribute.WOOD,
        "You can take flight with nimble grace and never need to roll to climb.",
    ),
    (
        Race.FURRIKIN,
        79,
        Attribute.WIND,
        "When Bound, you may always take an action to free yourself.",
    ),
    (Race.HUMAN, 80, Attribute.METAL, "Gain 2 Harmony (instead of 1) on a Short Rest."),
    (Race.IGASHO, 81, Attribute.WOOD, "You have Forceful and Destructive on all attacks."),
    (Race.ILLITHOID, 82, Attribute.METAL, "+1 Vitae. Starts the game with a free Poison."),
    (Race.KEPHERA, 83, Attribute.WATER, "+1 Armour. Proficient in any one Monk Weapon."),
    (Race.KROKANI, 84, Attribute.FIRE, "Immune to Blindness and all forms of Illusion."),
    (
        Race.LOBOSHIGARU,
        85,
        Attribute.WOOD,
        "+1 Armour. Armour blocks 5 damage for you instead of 3.",
    ),
    (
        Race.LUCIDIAN,
        86,
        Attribute.WATER,
        "Take one less damage from every source while in sunlight.",
    ),
    (
        Race.MERIAN,
        87,
        Attribute.WATER,
        "You can breathe water. You never need to roll to buy something.",
    ),
    (
        Race.MUGWUMP,
        88,
        Attribute.METAL,
        "You can breathe water. You never need to roll to use a library.",
    ),
    (Race.ORCLACH, 89, Attribute.WATER, "Whenever you kill something, regain one Health."),
    (
        Race.TAEDAE,
        90,
        Attribute.WOOD,
        "You can take an action to hug someone, making them Bound.",
    ),
    (Race.TAURIAN, 91, Attribute.FIRE, "Sacrifice one Armour to make your attack Destructive."),
    (
        Race.TRILL,
        92,
        Attribute.WIND,
        "You can take flight with great speed and never need to roll to escape.",
    ),
    (Race.VISCANTI, 93, Attribute.METAL, "Damage you inflict does not heal on a Short Rest."),
]


def test_twenty_races_in_the_books_order() -> None:
    assert list(RACES) == [race for race, *_ in BOOK_RACES]
    assert len(RACES) == 20


@pytest.mark.parametrize(("race", "line", "attribute", "trait"), BOOK_RACES)
def test_each_race_row(race: Race, line: int, attribute: Attribute, trait: str) -> None:
    row = RACES[race]
    assert (row.line, row.attribute, row.trait) == (line, attribute, trait)


@pytest.mark.parametrize("race", list(Race))
def test_each_race_raises_its_attribute_by_one_at_creation(race: Race) -> None:
    typed = parse_attributes(ARRAY)  # wind +2, water +1, wood +1, fire 0, metal -1
    sheet = make(CharacterClass.WARRIOR, race)
    for attribute in ELEMENTS:
        bonus = (attribute is RACES[race].attribute) + (attribute is extra_for(race))
        assert sheet.attribute(attribute) == typed[attribute] + bonus


def test_the_races_attributes_are_elements_not_harmony() -> None:
    assert {row.attribute for row in RACES.values()} == set(ELEMENTS)


def test_names_players_see() -> None:
    assert Race.TAEDAE.label == "Tae'dae"
    assert Race.LOBOSHIGARU.label == "Loboshigaru"


@pytest.mark.parametrize("typed", ["Tae'dae", "taedae", " TAE’DAE "])
def test_parse_race_forgives_case_and_apostrophe(typed: str) -> None:
    assert parse_race(typed) is Race.TAEDAE


def test_parse_race_refuses_an_unknown_race() -> None:
    with pytest.raises(PawpostError, match=r'^"Elf" is not a race of Caverns and Cloiers\.$'):
        parse_race("Elf")


def test_plus_one_armour_races() -> None:
    armoured = {race for race, row in RACES.items() if row.bonus_armour}
    assert armoured == {Race.KEPHERA, Race.LOBOSHIGARU}
    assert make(race=Race.KEPHERA).bonus_armour == 1
    assert make(race=Race.HUMAN).bonus_armour == 0


def test_illithoid_has_one_more_vitae_and_a_free_poison() -> None:
    human = make(CharacterClass.WARRIOR, Race.HUMAN)
    illithoid = make(CharacterClass.WARRIOR, Race.ILLITHOID)
    assert illithoid.max_vitae == human.max_vitae + 1
    assert illithoid.vitae == illithoid.max_vitae
    assert illithoid.carries("Anatine")


def test_a_drunk_dwarf_has_one_more_vitae() -> None:
    dwarf = make(CharacterClass.WARRIOR, Race.DWARF)
    drunk = adjusted(dwarf, drunk=True)
    assert drunk.max_vitae == dwarf.max_vitae + 1
    # Drink does nothing for anyone else.
    human = make(CharacterClass.WARRIOR, Race.HUMAN)
    assert adjusted(human, drunk=True).max_vitae == human.max_vitae


def test_race_immunities() -> None:
    immune = {race: row.immune_to for race, row in RACES.items() if row.immune_to}
    assert immune == {Race.DRACNARI: (Condition.ABLAZE,), Race.KROKANI: (Condition.BLIND,)}


def test_water_breathers_and_fliers() -> None:
    assert {r for r, row in RACES.items() if row.breathes_water} == {Race.MERIAN, Race.MUGWUMP}
    assert {r for r, row in RACES.items() if row.flies} == {Race.FAELING, Race.TRILL}
