"""The herb list read from the book's text: all 48 entries with their fields, the broken ones
included, and lungwort and moss."""

from __future__ import annotations

import pytest

from rules.errors import PawpostError
from rules.wcagr.herbs import BOOK_HERBS, find_herb, herb_names, herbs

BOOK_NAMES = [
    "Alder Bark", "Beech Leaves", "Bindweed", "Blackberry Leaves", "Borage Leaves",
    "Burdock Root", "Burnet", "Catchweed", "Catmint", "Celandine", "Chamomile", "Chervil",
    "Chickweed", "Cobwebs", "Coltsfoot", "Comfrey Root", "Daisy Leaf", "Dandelion", "Dock",
    "Fennel", "Feverfew", "Goldenrod", "Heather Nectar", "Honey", "Horsetail", "Ivy Leaf",
    "Juniper Berries", "Lavender", "Mallow Leaves", "Marigold", "Mint", "Mouse Bile",
    "Parsley", "Poppy Seeds", "Ragwort Leaves", "Raspberry Leaves", "Rosemary", "Sorrel",
    "Stinging Nettle", "Sweet-Sedge", "Tansy", "Thyme", "Watermint", "Wild Garlic",
    "Willow Bark", "Willow Leaves", "Wintergreen", "Yarrow",
]  # fmt: skip


def test_all_48_entries_in_the_books_order() -> None:
    names = [herb.name for herb in herbs().values()]
    assert len(BOOK_NAMES) == BOOK_HERBS == 48
    assert names == [*BOOK_NAMES, "Lungwort", "Moss"]


def test_every_book_entry_says_what_it_is_for() -> None:
    for name in BOOK_NAMES:
        herb = find_herb(name)
        assert herb.usage, name
        if name != "Mouse Bile":
            assert herb.description and herb.location, name


def test_the_broken_entries() -> None:
    assert find_herb("catmint").description == "A leafy and delicious-smelling plant."
    assert find_herb("Coltsfoot").usage == "Eases breathing as well as cracked or sore pads"
    assert find_herb("honey").location == "In honeycombs or bees nests up in trees."
    dock = find_herb("Dock")
    assert dock.location == "Doesn't grow well in mountains, best in leafy areas."
    assert dock.effect.startswith("Soothes scratches, though can sting")
    assert find_herb("Mouse Bile").usage.startswith("Extracted from the mouse.")
    assert find_herb("Mallow Leaves").usage == "Soothes bellyache."
    assert find_herb("Raspberry Leaves").description == "Soft to the touch, but with jagged edges."
    assert find_herb("yarrow").usage.endswith("help heal cracked pads.")
    assert find_herb("Willow Leaves").location == "Unknown"


def test_lookup_by_the_first_letters_and_refusals() -> None:
    assert find_herb("lungw").name == "Lungwort"
    assert find_herb("moss").usage.startswith("Pressed on wounds")
    with pytest.raises(PawpostError, match="Several herbs start so: Willow Bark, Willow Leaves"):
        find_herb("willow")
    with pytest.raises(PawpostError, match="no silverleaf"):
        find_herb("silverleaf")


def test_autocomplete_suggestions() -> None:
    assert herb_names("wil") == ["Wild Garlic", "Willow Bark", "Willow Leaves"]
    assert herb_names("mint") == ["Mint", "Catmint", "Watermint"]
    assert len(herb_names("")) == 50
