"""Health and Vitae (book l. 96-98, 298): losing, healing, Transmute, and death by Vitae."""

import pytest

from rules.caverns.classes import CharacterClass
from rules.caverns.health import heal, lose_health, restore_health, return_from_death, transmute
from rules.errors import PawpostError
from tests.rules.caverns.characters import adjusted, make


def test_health_stops_at_zero_and_zero_is_dead() -> None:
    sheet = lose_health(make(), 99)
    assert (sheet.health, sheet.is_dead) == (0, True)


def test_healing_stops_at_the_maximum() -> None:
    sheet = lose_health(make(), 3)
    assert heal(sheet, 2).health == 6
    assert heal(sheet, 10).health == 7


def test_a_short_rest_cannot_heal_a_viscantis_wounds() -> None:
    sheet = lose_health(make(), 3, from_viscanti=True)
    assert heal(sheet, 10, short_rest=True).health == 4
    assert restore_health(sheet, short_rest=True).health == 4
    assert restore_health(sheet).health == 7


def test_negative_amounts_are_a_bug() -> None:
    with pytest.raises(ValueError, match="positive"):
        lose_health(make(), -1)
    with pytest.raises(ValueError, match="positive"):
        heal(make(), -1)


def test_transmute_trades_a_vitae_for_full_health() -> None:
    # l. 197.
    sheet = lose_health(make(advanced="Transmute"), 5, from_viscanti=True)
    healed = transmute(sheet)
    assert (healed.health, healed.vitae, healed.lasting_wounds) == (7, 2, 0)
    with pytest.raises(PawpostError, match=r"^Transmute costs one Vitae and you have none\.$"):
        transmute(adjusted(sheet, vitae=0))
    with pytest.raises(PawpostError, match=r"^You do not have the Transmute skill\.$"):
        transmute(make())


def test_the_dead_come_back_for_one_vitae() -> None:
    # l. 298: "everyone who died with Vitae left marks off one Vitae and comes back to life
    # with full Health".
    dead = lose_health(make(), 99)
    back = return_from_death(dead)
    assert (back.health, back.vitae, back.retired) == (7, 2, False)


def test_revivify_spares_the_vitae() -> None:
    back = return_from_death(lose_health(make(), 99), revivified=True)
    assert back.vitae == 3


def test_without_vitae_the_character_retires() -> None:
    dead = adjusted(lose_health(make(CharacterClass.BARD), 99), vitae=0)
    gone = return_from_death(dead)
    assert gone.retired
    with pytest.raises(PawpostError, match=r"^This character is not dead\.$"):
        return_from_death(make())
