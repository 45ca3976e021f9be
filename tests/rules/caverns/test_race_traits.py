"""The race traits' numbers (book l. 76, 84, 86, 89): the Dwarf's drunk Vitae, the Lucidian's
sunlight, the Orclach's Health per kill, and who may hug or breathe fire."""

from __future__ import annotations

import pytest

from rules.caverns.classes import CharacterClass
from rules.caverns.conditions import Condition
from rules.caverns.race_traits import (
    drink,
    illusion_immunity,
    kill_heals,
    race_action,
    sunlit_damage,
)
from rules.caverns.races import Race
from rules.errors import PawpostError
from tests.rules.caverns.characters import adjusted, make


def test_a_dwarf_has_one_more_vitae_while_drunk() -> None:
    dwarf = make(CharacterClass.WARRIOR, Race.DWARF)
    drunk = drink(dwarf, True)
    assert (drunk.vitae, drunk.max_vitae) == (dwarf.vitae + 1, dwarf.max_vitae + 1)
    assert drink(drunk, False).vitae == dwarf.vitae
    assert drink(adjusted(drunk, vitae=0), False).vitae == 0
    with pytest.raises(PawpostError, match="^Only a Dwarf"):
        drink(make(), True)


@pytest.mark.parametrize(("amount", "lit", "lost"), [(3, True, 2), (1, True, 0), (3, False, 3)])
def test_a_lucidian_takes_one_less_in_sunlight(amount: int, lit: bool, lost: int) -> None:
    assert sunlit_damage(make(race=Race.LUCIDIAN), amount, lit) == lost
    assert sunlit_damage(make(), amount, lit) == amount


def test_an_orclach_regains_one_health_per_kill_to_its_maximum() -> None:
    orc = make(race=Race.ORCLACH)
    assert kill_heals(adjusted(orc, health=2)).health == 3
    assert kill_heals(orc).health == orc.max_health
    assert kill_heals(adjusted(make(), health=2)).health == 2


def test_who_hugs_breathes_fire_and_sees_through_illusions() -> None:
    hug = race_action(make(race=Race.TAEDAE), "Hug")
    assert hug is not None and hug.condition is Condition.BOUND
    fire = race_action(make(race=Race.DRACNARI), "breathe fire")
    assert fire is not None and fire.condition is Condition.ABLAZE
    assert race_action(make(), "parry") is None
    with pytest.raises(PawpostError, match=r"^Only Dracnari can breathe fire\.$"):
        race_action(make(), "breathe")
    assert illusion_immunity(make(race=Race.KROKANI)) == "Krokani"
    assert illusion_immunity(make()) is None
