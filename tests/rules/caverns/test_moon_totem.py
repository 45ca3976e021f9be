"""Bonding with Moon (Totems, book l. 209): at creation for a Moon Patron Totem, and at a Long
Rest for a second totem; two dice, +1 to the first's aspect, -1 to the second's, a result
past +3 or -3 rerolled; every die kept to show."""

from __future__ import annotations

from rules.caverns.attributes import Attribute
from rules.caverns.classes import CharacterClass
from rules.caverns.party.rests import long_rest
from rules.caverns.races import Race
from rules.caverns.records import MoonAspect, MoonBond
from rules.caverns.sheet import roll_new_sheet
from rules.caverns.skills import Totem
from rules.dice import ScriptedDice
from tests.rules.caverns.characters import make, new

# A Krokani (+1 Fire) Druid: Fire 3, Water 2 with the extra +1, Wood 1, Wind 0, Metal -1.
KROKANI = "wind 0, water +1, wood +1, fire +2, metal -1"


def moon_druid():  # type: ignore[no-untyped-def]
    return new(CharacterClass.DRUID, Race.KROKANI, attributes=KROKANI, patron_totem=Totem.MOON)


def test_a_moon_patron_rolls_at_creation_rerolling_what_passes_plus_3() -> None:
    # 1 = Fire, already +3: rerolled; 2 = Water +1; 3 = Wood -1.
    sheet, rolls = roll_new_sheet(moon_druid(), ScriptedDice([1, 2, 3]))
    assert sheet.moon == MoonBond(raised=MoonAspect.WATER, lowered=MoonAspect.WOOD)
    assert [(roll.label, roll.dice[0].face) for roll in rolls] == [
        ("Moon: raise Fire (rerolled)", 1),
        ("Moon: raise Water", 2),
        ("Moon: lower Wood", 3),
    ]
    assert (sheet.attribute(Attribute.FIRE), sheet.own(Attribute.FIRE)) == (3, 3)
    assert (sheet.attribute(Attribute.WATER), sheet.own(Attribute.WATER)) == (3, 2)
    assert (sheet.attribute(Attribute.WOOD), sheet.own(Attribute.WOOD)) == (0, 1)
    # Health follows Water as the bond shifts it.
    assert sheet.health == sheet.max_health


def test_damage_is_the_sixth_face_and_held_to_plus_3_too() -> None:
    # "in anything": a Druid's Damage 3 cannot be raised (6 rerolled); a Wiccan's 1 can.
    druid, rolls = roll_new_sheet(moon_druid(), ScriptedDice([6, 4, 5]))
    assert druid.moon == MoonBond(raised=MoonAspect.METAL, lowered=MoonAspect.WIND)
    assert rolls[0].label == "Moon: raise Damage (rerolled)" and druid.damage == 3
    wiccan, _rolls = roll_new_sheet(
        new(CharacterClass.WICCAN, Race.KROKANI, attributes=KROKANI, patron_totem=Totem.MOON),
        ScriptedDice([6, 5]),
    )
    assert wiccan.moon == MoonBond(raised=MoonAspect.DAMAGE, lowered=MoonAspect.WIND)
    assert wiccan.damage == wiccan.class_row.damage + 1 == 2
    assert wiccan.attribute(Attribute.WIND) == -1


def test_a_preview_rolls_nothing_and_another_totem_rolls_nothing() -> None:
    sheet, rolls = roll_new_sheet(moon_druid(), None)
    assert sheet.moon is None and rolls == ()
    sun, rolls = roll_new_sheet(
        new(CharacterClass.DRUID, Race.KROKANI, attributes=KROKANI), ScriptedDice([])
    )
    assert sun.patron_totem is Totem.SUN and sun.moon is None and rolls == ()


def test_a_long_rest_binding_moon_rolls_with_a_reroll() -> None:
    druid = make(CharacterClass.DRUID, Race.KROKANI, attributes=KROKANI, advanced="Moon")
    # The rest's 2d6 first (3, 3); then Moon: Fire rerolled, Metal raised, Fire lowered.
    rested = long_rest([druid], ScriptedDice([3, 3, 1, 4, 1]), second_totems={0: Totem.MOON})
    member = rested.members[0]
    assert member.bound_totem is Totem.MOON
    assert member.sheet.moon == MoonBond(raised=MoonAspect.METAL, lowered=MoonAspect.FIRE)
    assert [roll.label for roll in member.moon_rolls] == [
        "Moon: raise Fire (rerolled)",
        "Moon: raise Metal",
        "Moon: lower Fire",
    ]
    assert member.sheet.attribute(Attribute.METAL) == 0
    assert member.sheet.attribute(Attribute.FIRE) == 2


def test_the_next_long_rest_ends_a_second_moon_but_a_patron_moon_stays() -> None:
    druid = make(CharacterClass.DRUID, Race.KROKANI, attributes=KROKANI, advanced="Moon")
    bonded = long_rest([druid], ScriptedDice([3, 3, 2, 3]), second_totems={0: Totem.MOON})
    unbound = long_rest([bonded.members[0].sheet], ScriptedDice([3, 3]))
    assert unbound.members[0].sheet.moon is None and unbound.members[0].moon_rolls == ()
    patron, _rolls = roll_new_sheet(moon_druid(), ScriptedDice([2, 3]))
    kept = long_rest([patron], ScriptedDice([3, 3]))
    assert kept.members[0].sheet.moon == patron.moon
