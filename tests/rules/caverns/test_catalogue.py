"""The market's goods: the book's poisons (l. 390-402) and the starter catalogue."""

import pytest

from rules.caverns.catalogue import (
    POISONS,
    STARTER_CATALOGUE,
    CatalogueItem,
    ItemKind,
    Range,
    Trait,
    catalogue_of,
    find_item,
    find_poison,
)
from rules.caverns.conditions import Condition
from rules.errors import PawpostError

BOOK_POISONS = [
    ("Anatine", 1, 500),
    ("Niricol", 3, 800),
    ("Morphite", 2, 1000),
    ("Dulak", 3, 700),
    ("Hadrudin", 3, 700),
    ("Botulinum", 3, 700),
    ("Aleutian", 4, 300),
    ("Mantakya", 2, 500),
    ("Crotamine", 2, 1000),
    ("Escozul", 1, 8000),
    ("Anerod", 6, 800),
    ("Charybdon", 1, 1000),
]


def test_the_poisons_list() -> None:
    # Hadrudin is printed twice (l. 394, 396) with the same numbers: one poison.
    assert [(p.name, p.potency, p.price) for p in POISONS] == BOOK_POISONS


def test_what_the_poisons_do() -> None:
    effects = {p.name: (p.condition, p.after_turns) for p in POISONS if p.condition}
    assert effects == {
        "Anatine": (Condition.CLUMSINESS, 0),
        "Niricol": (Condition.BLIND, 3),
        "Morphite": (Condition.SLEEPING, 3),
        "Dulak": (Condition.CONFUSED, 3),
        "Hadrudin": (Condition.DISLOYALTY, 3),
        "Botulinum": (Condition.SICKNESS, 3),
        "Aleutian": (Condition.PARANOIA, 0),
        "Mantakya": (Condition.PRONE, 0),
    }
    assert find_poison("crotamine").health_per_turn == 1
    assert find_poison("Escozul").harmony_per_turn == 1
    assert find_poison("Charybdon").ends_after_damage
    assert find_poison("Mantakya").cannot_stand


def test_anatine_and_two_anerod_pool_to_13() -> None:
    # l. 389: "poisoned once with Anatine and then twice with Anerod".
    assert find_poison("Anatine").potency + 2 * find_poison("Anerod").potency == 13


def test_poisons_are_sold_at_the_books_prices() -> None:
    for poison in POISONS:
        item = STARTER_CATALOGUE[poison.name.lower()]
        assert (item.kind, item.price) == (ItemKind.POISON, poison.price)


def test_the_starter_catalogue_has_what_the_classes_need() -> None:
    kinds = {item.kind for item in STARTER_CATALOGUE.values()}
    assert kinds == set(ItemKind)
    monk = [i.name for i in STARTER_CATALOGUE.values() if Trait.MONK in i.traits]
    assert monk == ["Bo staff", "Nunchaku", "Katar"]
    assert all(
        i.range is Range.MELEE for i in STARTER_CATALOGUE.values() if i.kind is ItemKind.IMPLEMENT
    )
    assert all(
        i.range is Range.RANGED for i in STARTER_CATALOGUE.values() if i.kind is ItemKind.INSTRUMENT
    )
    assert STARTER_CATALOGUE["kraken beak spear"].rare


def test_find_item_any_case() -> None:
    assert find_item("  bo   STAFF ", STARTER_CATALOGUE).name == "Bo staff"
    assert find_item("Sword", STARTER_CATALOGUE).is_weapon
    assert not find_item("Helmet", STARTER_CATALOGUE).is_weapon
    with pytest.raises(PawpostError, match=r'^There is no "Phaser" in the market\'s catalogue\.$'):
        find_item("Phaser", STARTER_CATALOGUE)
    with pytest.raises(PawpostError, match=r'^"Arsenic" is not one of the book\'s poisons\.$'):
        find_poison("Arsenic")


def test_a_catalogue_lists_a_name_once() -> None:
    item = CatalogueItem(name="Rope", kind=ItemKind.GEAR, price=1)
    with pytest.raises(ValueError, match="listed twice"):
        catalogue_of([item, item.model_copy(update={"name": "rope"})])
