"""The attributes and reading them as a player types them."""

import pytest

from rules.caverns.attributes import (
    ELEMENTS,
    Attribute,
    format_attributes,
    parse_attribute,
    parse_attributes,
    parse_element,
)
from rules.errors import PawpostError


def test_five_elements_and_harmony_in_the_books_order() -> None:
    assert [a.label for a in ELEMENTS] == ["Wind", "Water", "Wood", "Fire", "Metal"]
    assert [a.label for a in Attribute][-1] == "Harmony"


def test_the_issues_example() -> None:
    assert parse_attributes("wind +2, water +1, wood +1, fire 0, metal -1") == {
        Attribute.WIND: 2,
        Attribute.WATER: 1,
        Attribute.WOOD: 1,
        Attribute.FIRE: 0,
        Attribute.METAL: -1,
    }


def test_any_order_case_separators_and_signs() -> None:
    typed = "Metal −1; FIRE: +0\nwood=1, Wa 1, wi 2"
    assert parse_attributes(typed) == parse_attributes("wind 2, water 1, wood 1, fire 0, metal -1")


def test_format_is_the_inverse() -> None:
    values = parse_attributes("wind +2, water +1, wood +1, fire 0, metal -1")
    assert format_attributes(values) == "wind +2, water +1, wood +1, fire +0, metal -1"
    assert parse_attributes(format_attributes(values)) == values


def test_a_missing_attribute_is_named() -> None:
    with pytest.raises(PawpostError, match=r"^Fire and Metal are missing; give all five\.$"):
        parse_attributes("wind 2, water 1, wood 1")


def test_one_missing_attribute() -> None:
    with pytest.raises(PawpostError, match=r"^Metal is missing; give all five\.$"):
        parse_attributes("wind 2, water 1, wood 1, fire 0")


def test_an_attribute_given_twice() -> None:
    with pytest.raises(PawpostError, match=r"^Wind is given twice; give each attribute once\.$"):
        parse_attributes("wind 2, wind 1, wood 1, fire 0, metal -1")


def test_a_part_without_a_number() -> None:
    with pytest.raises(PawpostError, match=r'^"wind high" is not an attribute and a number'):
        parse_attributes("wind high, water 1, wood 1, fire 0, metal -1")


def test_an_unknown_attribute() -> None:
    with pytest.raises(PawpostError, match=r'^"earth" is not an attribute; choose Wind'):
        parse_attributes("earth 2, water 1, wood 1, fire 0, metal -1")


def test_harmony_is_not_assigned_at_creation() -> None:
    with pytest.raises(PawpostError, match=r"^Harmony is not an element"):
        parse_attributes("harmony 3, wind 2, water 1, wood 1, fire 0, metal -1")


def test_parse_attribute_and_element() -> None:
    assert parse_attribute("Harmony") is Attribute.HARMONY
    assert parse_element(" me ") is Attribute.METAL
    with pytest.raises(PawpostError, match="not an element"):
        parse_element("harmony")
