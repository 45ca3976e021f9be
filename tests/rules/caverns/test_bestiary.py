"""The bestiary table (book l. 428-607), checked against the checklist's numbers."""

import pytest

from rules.caverns.attributes import Attribute
from rules.caverns.battle.bestiary import (
    BESTIARY,
    CREATURES,
    NPC_HARMONY,
    NPC_VITAE,
    Section,
    find_creature,
    hyfae_colony_health,
)
from rules.caverns.catalogue import Range, Special
from rules.caverns.conditions import Condition
from rules.errors import PawpostError

# name: (Health, Damage, Armour, Wi/Wo/Wa/Fi/Me) as the book prints them.
BOOK = {
    "Urchin": (1, 1, 0, (-2, 3, -1, -2, -2)),
    "Cave Fisher": (3, 3, 6, (1, 3, 3, 0, 3)),
    "Mantekarr": (8, 2, 4, (0, 0, 0, 0, 0)),
    "Centipede": (5, 1, 0, (1, 1, 1, 1, 1)),
    "Spidion": (10, 3, 0, (0, 0, 0, 0, 0)),
    "Solifugid": (3, 1, 0, (0, 0, 0, 0, 0)),
    "Inferno Beetle": (3, 2, 4, (1, 2, 1, 2, 0)),
    "Rockeater": (4, 1, 2, (-2, 1, -1, 1, 2)),
    "Kraken": (12, 2, 0, (2, 2, 2, 2, 2)),
    "Albino Eel": (3, 1, 0, (0, 2, 3, 0, 0)),
    "Adorath": (3, 3, 0, (0, 0, 0, 0, 0)),
    "Villager": (3, 1, 0, (0, 0, 1, 0, 0)),
    "Village Leader": (10, 2, 3, (0, 1, 1, 2, 2)),
    "Brigand": (4, 2, 1, (1, 0, 0, 0, 1)),
    "Assassin": (3, 3, 1, (2, 0, 0, 0, 2)),
    "Cult Leader": (8, 1, 0, (1, -1, -1, 2, 2)),
    "Merchant": (6, 1, 1, (2, 1, -1, 3, 0)),
    "Vermin (Rat, Weevil, Pigeon, Lizard)": (1, 0, 0, (-3, -3, -3, -3, -3)),
    "Cloier": (30, 20, 10, (2, 5, 5, -1, -1)),
}
ORDER = (Attribute.WIND, Attribute.WOOD, Attribute.WATER, Attribute.FIRE, Attribute.METAL)


def test_twenty_one_creatures_in_four_sections() -> None:
    assert len(CREATURES) == len(BESTIARY) == 21
    assert [c.section for c in CREATURES].count(Section.TUNNEL_ANIMALS) == 8
    assert [c.section for c in CREATURES].count(Section.AQUATIC_ANIMALS) == 3
    assert [c.section for c in CREATURES].count(Section.MORTALS) == 7
    assert [c.section for c in CREATURES].count(Section.ODDITIES) == 3


@pytest.mark.parametrize("name", list(BOOK))
def test_each_creatures_numbers(name: str) -> None:
    health, damage, armour, attributes = BOOK[name]
    creature = find_creature(name)
    assert (creature.health, creature.damage, creature.armour) == (health, damage, armour)
    assert tuple(creature.attributes_at(health)[a] for a in ORDER) == attributes


def test_flourishes_and_reach() -> None:
    flourishes = {c.name: c.flourish for c in CREATURES if c.flourish is not None}
    assert flourishes == {
        "Cave Fisher": Condition.BROKEN_LIMB,
        "Mantekarr": Condition.BOUND,
        "Centipede": Condition.PRONE,
        "Solifugid": Condition.BOUND,
        "Inferno Beetle": Condition.ABLAZE,
        "Rockeater": Special.DESTRUCTIVE,
        "Kraken": Condition.BOUND,
        "Albino Eel": Condition.SENSITIVITY,
        "Hyfae": Condition.PACIFISM,
        "Cloier": Special.DESTRUCTIVE,
    }
    assert {c.name for c in CREATURES if c.range is Range.REACH} == {"Spidion", "Inferno Beetle"}


def test_zombie_attributes_follow_its_health() -> None:
    # l. 568: Wi H-5, Wo H-2, Wa H-3, Fi H-3, Me H-3.
    zombie = find_creature("Zombie")
    assert tuple(zombie.attributes_at(3)[a] for a in ORDER) == (-2, 1, 0, 0, 0)
    assert tuple(zombie.attributes_at(5)[a] for a in ORDER) == (0, 3, 2, 2, 2)


def test_hyfae_share_their_health() -> None:
    assert find_creature("Hyfae").health is None
    assert hyfae_colony_health(4) == 12


def test_npcs_have_no_vitae_and_no_harmony() -> None:
    assert (NPC_VITAE, NPC_HARMONY) == (0, 0)


def test_specials_by_name() -> None:
    assert [s.name for s in find_creature("Brigand").specials] == ["Yield", "Ambush", "Cowardly"]
    assert find_creature("Adorath").specials == ()


def test_find_creature() -> None:
    assert find_creature("  cave   FISHER").name == "Cave Fisher"
    assert find_creature("rat").name.startswith("Vermin")
    assert find_creature("vermin").health == 1
    with pytest.raises(PawpostError, match=r'^"Dragon" is not in the bestiary\.$'):
        find_creature("Dragon")
