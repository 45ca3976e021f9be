"""Main hand and off hand (book l. 370)."""

from __future__ import annotations

import pytest

from rules.caverns.battle.hands import check_hands, off_hand_damage
from rules.caverns.catalogue import STARTER_CATALOGUE
from rules.errors import PawpostError
from tests.rules.caverns.characters import make

KNOWN = STARTER_CATALOGUE


def test_a_two_handed_weapon_fills_both_hands() -> None:
    warrior = make()  # Sword, Buckler, Shortbow
    assert check_hands(warrior, KNOWN, "shortbow", None) == ("Shortbow", None)
    with pytest.raises(PawpostError, match="The Shortbow takes both hands"):
        check_hands(warrior, KNOWN, "Shortbow", "Sword")
    with pytest.raises(PawpostError, match="hold it in the main hand"):
        check_hands(warrior, KNOWN, "Sword", "Shortbow")


def test_one_handed_items_in_either_hand_and_only_what_is_carried() -> None:
    warrior = make()
    assert check_hands(warrior, KNOWN, "Sword", "Buckler") == ("Sword", "Buckler")
    with pytest.raises(PawpostError, match="You carry no intact Axe"):
        check_hands(warrior, KNOWN, "Axe", None)
    with pytest.raises(PawpostError, match="You carry one Sword"):
        check_hands(warrior, KNOWN, "Sword", "Sword")
    with pytest.raises(PawpostError, match="not a weapon, shield or implement"):
        check_hands(warrior, KNOWN, "Leather jerkin", None)


def test_a_one_handed_weapon_in_the_off_hand_does_one_less() -> None:
    assert off_hand_damage(KNOWN["sword"])
    assert not off_hand_damage(KNOWN["buckler"])  # a shield is no weapon
    assert not off_hand_damage(KNOWN["shortbow"])
    assert not off_hand_damage(None)
