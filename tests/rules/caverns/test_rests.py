"""The party's rests (book l. 307-323) for a party of three: a Human Warrior, an Elfen
Elementalist and a Viscanti Bard."""

import pytest

from rules.caverns.attributes import Attribute
from rules.caverns.catalogue import ItemKind
from rules.caverns.classes import CharacterClass
from rules.caverns.conditions import ActiveCondition, Condition
from rules.caverns.health import lose_health
from rules.caverns.party.harmony_skills import HarmonyBenefit, HarmonySkill
from rules.caverns.party.rests import RestKind, long_rest, short_rest
from rules.caverns.races import Race
from rules.caverns.records import (
    BenefitRecord,
    HarmonyPick,
    Item,
    MarketOrder,
    MoonAspect,
    OrderKind,
)
from rules.caverns.rolling import Band
from rules.caverns.sheet import CavernsSheet
from rules.caverns.skills import Totem
from rules.dice import ScriptedDice
from rules.errors import PawpostError
from rules.rolls import Modifier
from tests.rules.caverns.characters import adjusted, afflicted, make


def party() -> list[CavernsSheet]:
    """Wounded and tired: each has lost 3 Health and has Harmony 0."""
    members = [
        make(CharacterClass.WARRIOR, Race.HUMAN),  # Water +2: Health 7
        make(CharacterClass.ELEMENTALIST, Race.ELFEN),  # Water +2: Health 5
        make(CharacterClass.BARD, Race.VISCANTI),  # Water +2: Health 4
    ]
    return [adjusted(m, health=m.max_health - 3, harmony=0) for m in members]


# --- Short Rest -----------------------------------------------------------------------------


def test_short_rest_10_plus_heals_all_and_gives_harmony_for_free() -> None:
    result = short_rest(party(), ScriptedDice([5, 5]))
    assert result.kind is RestKind.SHORT
    assert (result.roll.total, result.band, result.roll.modifiers) == (10, Band.STRONG, ())
    assert result.result == "Everyone recovers all Health and regains one Harmony, at no cost."
    assert [s.health for s in result.sheets] == [7, 5, 4]
    assert [s.harmony for s in result.sheets] == [2, 1, 1]  # a Human gains 2 (l. 80)
    assert [s.rations for s in result.sheets] == [10, 10, 10]
    assert sum(s.torches for s in result.sheets) == 9
    assert not result.no_torch
    assert [m.health_gained for m in result.members] == [3, 3, 3]
    assert [m.harmony_change for m in result.members] == [2, 1, 1]


def test_short_rest_7_to_9_costs_a_torch_and_a_ration_each() -> None:
    result = short_rest(party(), ScriptedDice([4, 3]))
    assert result.band is Band.WEAK
    assert [s.health for s in result.sheets] == [7, 5, 4]
    assert [s.harmony for s in result.sheets] == [2, 1, 1]
    assert [s.rations for s in result.sheets] == [9, 9, 9]
    assert [s.torches for s in result.sheets] == [2, 3, 3]  # one torch for the whole party
    assert [m.torch_spent for m in result.members] == [True, False, False]
    assert all(m.ration_spent for m in result.members)


def test_short_rest_6_or_less_heals_water_and_still_costs() -> None:
    members = party()
    members[1] = adjusted(members[1], health=1)  # the Elementalist lost 4: Water +2 heals 2
    result = short_rest(members, ScriptedDice([3, 3]))
    assert result.band is Band.MISS
    assert [s.health for s in result.sheets] == [6, 3, 3]
    assert [s.harmony for s in result.sheets] == [0, 0, 0]  # the bands win over l. 325
    assert [s.rations for s in result.sheets] == [9, 9, 9]
    assert sum(s.torches for s in result.sheets) == 8


def test_negative_water_heals_nothing_on_a_miss() -> None:
    sheet = make(
        CharacterClass.WARRIOR,
        Race.HUMAN,
        attributes="wind 2, water -1, wood 1, fire 1, metal 0",
        extra=Attribute.FIRE,
    )
    sheet = adjusted(sheet, health=1)
    assert sheet.attribute(Attribute.WATER) == -1
    assert short_rest([sheet], ScriptedDice([1, 1])).sheets[0].health == 1


def test_the_torch_comes_from_whoever_carries_most_or_the_one_named() -> None:
    members = party()
    members[2] = adjusted(members[2], torches=5)
    assert [m.torch_spent for m in short_rest(members, ScriptedDice([4, 3])).members] == [
        False,
        False,
        True,
    ]
    named = short_rest(members, ScriptedDice([4, 3]), torch_carrier=1)
    assert [s.torches for s in named.sheets] == [3, 2, 5]


def test_a_named_carrier_without_a_torch() -> None:
    members = party()
    members[0] = adjusted(members[0], torches=0)
    with pytest.raises(PawpostError, match=r"^That member carries no torch to spend\.$"):
        short_rest(members, ScriptedDice([4, 3]), torch_carrier=0)


def test_no_torch_and_no_ration_are_flagged() -> None:
    members = [adjusted(m, torches=0) for m in party()]
    members[1] = adjusted(members[1], rations=0)
    result = short_rest(members, ScriptedDice([4, 3]))
    assert result.no_torch
    assert [m.without_ration for m in result.members] == [False, True, False]
    assert result.sheets[1].rations == 0


def test_make_camp_adds_3_to_the_rest() -> None:
    members = party()
    members[0] = make(CharacterClass.WARRIOR, advanced="Make Camp")
    result = short_rest(members, ScriptedDice([3, 3]))
    assert result.roll.modifiers == (Modifier(value=3, reason="Make Camp"),)
    assert (result.roll.total, result.band) == (9, Band.WEAK)


def test_harmony_stops_at_plus_3() -> None:
    result = short_rest([make(CharacterClass.WARRIOR, Race.HUMAN)], ScriptedDice([5, 5]))
    assert result.sheets[0].harmony == 3


def test_a_viscantis_wounds_outlast_the_short_rest() -> None:
    # l. 93: "Damage you inflict does not heal on a Short Rest."
    warrior = make()
    hurt = lose_health(lose_health(warrior, 2, from_viscanti=True), 1)
    assert (hurt.health, hurt.lasting_wounds) == (4, 2)
    rested = short_rest([hurt], ScriptedDice([5, 5])).sheets[0]
    assert rested.health == 5
    slept = long_rest([rested], ScriptedDice([3, 3])).sheets[0]
    assert (slept.health, slept.lasting_wounds) == (7, 0)


def test_harmony_skills_at_the_short_rest_come_before_the_harmony_gained() -> None:
    # l. 325: Harmony 1, one skill: 1 - 1 = 0, then +2 for a Human on a 7-9.
    members = party()
    members[0] = adjusted(members[0], harmony=1)
    result = short_rest(
        members, ScriptedDice([4, 3, 6, 6]), harmony_skills={0: [HarmonySkill.SHARP_AS_STEEL]}
    )
    warrior = result.members[0]
    assert warrior.sheet.harmony == 2
    assert [r.roll.total for r in warrior.harmony_rolls] == [12]  # 6 + 6 + Metal 0
    assert warrior.sheet.harmony_picks == (
        HarmonyPick(skill=HarmonySkill.SHARP_AS_STEEL, total=12, allowed=2),
    )


def test_a_rest_ends_last_rests_benefits_and_the_conditions_due() -> None:
    members = party()
    members[0] = adjusted(
        members[0],
        harmony_benefits=(BenefitRecord(benefit=HarmonyBenefit.TWO_FREE_ARMOUR),),
        harmony_picks=(HarmonyPick(skill=HarmonySkill.SHARP_AS_STEEL, total=5, allowed=1),),
        fated_dice=(3,),
        conditions=(
            ActiveCondition(condition=Condition.BLIND),
            ActiveCondition(condition=Condition.BOUND, from_flourish=True),
            ActiveCondition(condition=Condition.ABLAZE),
        ),
    )
    rested = short_rest(members, ScriptedDice([5, 5]))
    warrior = rested.members[0]
    assert warrior.conditions_ended == (Condition.BLIND, Condition.BOUND)
    assert [a.condition for a in warrior.sheet.conditions] == [Condition.ABLAZE]
    assert warrior.sheet.harmony_benefits == ()
    assert warrior.sheet.harmony_picks == ()
    assert warrior.sheet.fated_dice == ()


def test_a_delivery_arrives_at_the_short_rest() -> None:
    members = party()
    order = MarketOrder(item="Helmet", kind=ItemKind.ARMOUR, price=50, order=OrderKind.DELIVERY)
    members[2] = adjusted(members[2], orders=(order,))
    bard = short_rest(members, ScriptedDice([5, 5])).members[2]
    assert bard.orders.arrived == ("Helmet",)
    assert bard.sheet.carries("Helmet")


def test_the_party_must_be_able_to_rest() -> None:
    with pytest.raises(PawpostError, match=r"^A rest needs at least one member of the party\.$"):
        short_rest([], ScriptedDice([]))
    with pytest.raises(PawpostError, match=r"^A dead member must come back by Vitae"):
        short_rest([adjusted(make(), health=0)], ScriptedDice([]))
    with pytest.raises(
        PawpostError, match=r"^A retired character no longer rests with the party\.$"
    ):
        long_rest([adjusted(make(), retired=True)], ScriptedDice([]))


# --- Long Rest ------------------------------------------------------------------------------


def weary() -> list[CavernsSheet]:
    """The party after a hard day: Health -3, Vitae -2 (where they have it), Harmony 2,
    a broken helmet, rations and torches used."""
    members = party()
    broken = Item(name="Helmet", kind=ItemKind.ARMOUR, broken=True)
    return [
        adjusted(
            m,
            vitae=max(0, m.vitae - 2),
            harmony=2,
            equipment=(*m.equipment, broken),
            rations=4,
            torches=1,
        )
        for m in members
    ]


def test_long_rest_10_plus_restores_everything_and_repairs() -> None:
    result = long_rest(weary(), ScriptedDice([6, 4]))
    assert (result.kind, result.band) == (RestKind.LONG, Band.STRONG)
    assert (
        result.result
        == "Everyone restores all Health and Vitae, and their broken items are repaired."
    )
    for member in result.members:
        sheet = member.sheet
        assert (sheet.health, sheet.vitae) == (sheet.max_health, sheet.max_vitae)
        assert sheet.broken_items == ()
        assert member.repaired == ("Helmet",)
        assert (sheet.rations, sheet.torches) == (10, 3)
        assert (member.rations_added, member.torches_added) == (6, 2)
    # The 10+ band leaves a Harmony above its reset alone; the Elfen's 2 rises to its 3.
    assert [s.harmony for s in result.sheets] == [2, 3, 2]
    assert [m.vitae_gained for m in result.members] == [2, 2, 2]


@pytest.mark.parametrize(("harmony", "elfen", "after"), [(-1, 3, 0), (-3, 3, 0), (2, 3, 2)])
def test_ruling_a_long_rest_s_10_is_never_worse_for_harmony_than_its_7_to_9(
    harmony: int, elfen: int, after: int
) -> None:
    party = [adjusted(sheet, harmony=harmony) for sheet in weary()]
    strong = long_rest(party, ScriptedDice([5, 5]))
    assert [s.harmony for s in strong.sheets] == [after, max(harmony, elfen), after]
    weak = long_rest(party, ScriptedDice([4, 4]))
    assert [s.harmony for s in weak.sheets] == [0, 3, 0]


def test_long_rest_7_to_9_restores_one_vitae_and_resets_harmony() -> None:
    result = long_rest(weary(), ScriptedDice([4, 4]))
    assert result.band is Band.WEAK
    assert [s.vitae for s in result.sheets] == [2, 2, 2]
    assert [s.health for s in result.sheets] == [7, 5, 4]
    assert [s.harmony for s in result.sheets] == [0, 3, 0]  # an Elfen resets to 3 (l. 77)
    assert all(s.broken_items for s in result.sheets)
    assert all((s.rations, s.torches) == (10, 3) for s in result.sheets)


def test_long_rest_6_or_less_leaves_vitae() -> None:
    result = long_rest(weary(), ScriptedDice([2, 1]))
    assert result.band is Band.MISS
    assert [s.vitae for s in result.sheets] == [1, 1, 1]
    assert [s.health for s in result.sheets] == [7, 5, 4]
    assert [s.harmony for s in result.sheets] == [0, 3, 0]
    assert (
        result.result == "Everyone restores all Health and Harmony resets to 0; Vitae is unchanged."
    )


def test_restocking_up_to_the_servers_limits_and_never_down() -> None:
    members = weary()
    members[0] = adjusted(members[0], rations=14)
    result = long_rest(members, ScriptedDice([2, 1]), max_rations=12, max_torches=4)
    assert [s.rations for s in result.sheets] == [14, 12, 12]
    assert [s.torches for s in result.sheets] == [4, 4, 4]


def test_harmony_skills_at_the_long_rest_before_the_reset() -> None:
    members = weary()  # Harmony 2
    result = long_rest(
        members,
        ScriptedDice([4, 4, 5, 5, 1, 2]),
        harmony_skills={1: [HarmonySkill.MOVE_LIKE_THE_WIND, HarmonySkill.FLOW_LIKE_THE_RIVER]},
    )
    mage = result.members[1]
    assert [r.roll.total for r in mage.harmony_rolls] == [13, 5]  # Wind +3, Water +2
    assert [r.allowed for r in mage.harmony_rolls] == [2, 1]
    assert mage.sheet.harmony == 3  # spent to 0, then an Elfen's reset to 3


def test_a_long_rest_pays_the_merchant() -> None:
    members = weary()
    delivered = MarketOrder(
        item="Axe", kind=ItemKind.MELEE_WEAPON, price=60, order=OrderKind.DELIVERY, arrived=True
    )
    members[0] = adjusted(members[0], orders=(delivered,))
    members[1] = adjusted(members[1], orders=(delivered,))
    result = long_rest(members, ScriptedDice([2, 1]), refuse_to_pay={1})
    assert result.members[0].orders.paid == ("Axe",)
    assert result.sheets[0].gold == 40
    assert result.members[1].orders.unpaid == ("Axe",)
    assert result.sheets[1].market_barred


# --- Patron Totem at the Long Rest ----------------------------------------------------------


def druid(advanced: str = "Night") -> CavernsSheet:
    return make(CharacterClass.DRUID, patron_totem=Totem.SUN, advanced=advanced)


def test_no_second_totem_means_two_more_vitae_until_the_next_long_rest() -> None:
    sheet = druid()
    assert sheet.max_vitae == 3
    rested = long_rest([sheet], ScriptedDice([6, 6])).sheets[0]
    assert (rested.max_vitae, rested.vitae, rested.totem_vitae) == (5, 5, 2)
    again = long_rest([rested], ScriptedDice([1, 1])).sheets[0]
    assert (again.max_vitae, again.vitae) == (5, 5)  # chosen again: +2 again
    bound = long_rest([rested], ScriptedDice([1, 1]), second_totems={0: Totem.NIGHT}).sheets[0]
    assert (bound.max_vitae, bound.vitae, bound.bound_totem) == (3, 3, Totem.NIGHT)
    assert bound.bonded_totems == (Totem.SUN, Totem.NIGHT)


def test_the_second_totem_must_be_learned_and_not_the_patron() -> None:
    with pytest.raises(
        PawpostError, match=r"^You have not learned the Lion totem, so cannot bind it\.$"
    ):
        long_rest([druid()], ScriptedDice([1, 1]), second_totems={0: Totem.LION})
    with pytest.raises(PawpostError, match=r"^Sun is your Patron Totem already; bind another\.$"):
        long_rest([druid()], ScriptedDice([1, 1]), second_totems={0: Totem.SUN})
    with pytest.raises(
        PawpostError, match=r"^Only a character with a Patron Totem binds a second totem\.$"
    ):
        long_rest([make()], ScriptedDice([1, 1]), second_totems={0: Totem.SUN})


def test_binding_moon_rolls_its_dice_and_ends_with_the_day() -> None:
    sheet = druid(advanced="Moon")
    # Rest roll 2 + 2, then Moon: 5 = Wind +1, 6 = Damage -1.
    rested = long_rest([sheet], ScriptedDice([2, 2, 5, 6]), second_totems={0: Totem.MOON})
    member = rested.members[0]
    assert [r.label for r in member.moon_rolls] == ["Moon: raise Wind", "Moon: lower Damage"]
    bonded = member.sheet
    assert bonded.moon is not None and bonded.moon.raised is MoonAspect.WIND
    assert bonded.attribute(Attribute.WIND) == sheet.attribute(Attribute.WIND) + 1
    assert bonded.damage == 2
    unbound = long_rest([bonded], ScriptedDice([2, 2])).sheets[0]
    assert unbound.moon is None
    assert unbound.damage == 3


def test_a_moon_patron_keeps_its_bond() -> None:
    sheet = make(CharacterClass.DRUID, patron_totem=Totem.MOON, dice=(1, 2))
    rested = long_rest([sheet], ScriptedDice([2, 2])).sheets[0]
    assert rested.moon == sheet.moon


def test_conditions_end_at_the_long_rest_too() -> None:
    blind = afflicted(make(), Condition.BLIND)
    assert long_rest([blind], ScriptedDice([1, 1])).members[0].conditions_ended == (
        Condition.BLIND,
    )


def test_a_member_number_outside_the_party_is_a_bug() -> None:
    with pytest.raises(ValueError, match="no party member number 3"):
        short_rest(party(), ScriptedDice([]), harmony_skills={3: [HarmonySkill.SHARP_AS_STEEL]})
