"""Harmony: spending it (never below -3), and the Harmony skills at a rest (book l. 324-349)."""

import pytest

from rules.caverns.attributes import Attribute
from rules.caverns.catalogue import STARTER_CATALOGUE, ItemKind
from rules.caverns.classes import CharacterClass
from rules.caverns.party.harmony import (
    benefits_for,
    choose_benefits,
    describe_benefits,
    gain_harmony,
    give_vitae,
    spend_harmony,
    use_harmony_skills,
)
from rules.caverns.party.harmony_skills import (
    HARMONY_SKILLS,
    HarmonyBenefit,
    HarmonySkill,
    parse_harmony_skill,
    skill_of_benefit,
)
from rules.caverns.records import BenefitRecord, HarmonyPick, Item
from rules.dice import ScriptedDice
from rules.errors import PawpostError
from rules.rolls import Modifier
from tests.rules.caverns.characters import adjusted, make, with_attributes

H = HarmonySkill
B = HarmonyBenefit


def test_an_npc_at_harmony_0_can_pay_three_times() -> None:
    # l. 429: "a Harmony of 0 (ie. they may use their special abilities three times)".
    sheet = adjusted(make(), harmony=0)
    for _ in range(3):
        sheet = spend_harmony(sheet, 1, "Lunge")
    assert sheet.harmony == -3
    with pytest.raises(
        PawpostError, match=r"^Lunge costs 1 Harmony and you have -3; Harmony cannot go below -3\.$"
    ):
        spend_harmony(sheet, 1, "Lunge")


def test_harmony_gains_stop_at_plus_3() -> None:
    assert gain_harmony(adjusted(make(), harmony=2), 2).harmony == 3


def test_the_five_harmony_skills_and_their_attributes() -> None:
    assert {s: row.attribute for s, row in HARMONY_SKILLS.items()} == {
        H.MOVE_LIKE_THE_WIND: Attribute.WIND,
        H.FLOW_LIKE_THE_RIVER: Attribute.WATER,
        H.STRONG_AS_THE_TALLEST_TREE: Attribute.WOOD,
        H.BURN_WITH_PASSION: Attribute.FIRE,  # RULINGS: the book prints no roll
        H.SHARP_AS_STEEL: Attribute.METAL,
    }
    assert [row.line for row in HARMONY_SKILLS.values()] == [326, 332, 337, 342, 346]
    assert all(len(row.benefits) == 3 for row in HARMONY_SKILLS.values())
    assert HARMONY_SKILLS[H.MOVE_LIKE_THE_WIND].whole_party


def test_names() -> None:
    assert H.STRONG_AS_THE_TALLEST_TREE.label == "Strong as the Tallest Tree"
    assert parse_harmony_skill("Burn with passion") is H.BURN_WITH_PASSION
    assert skill_of_benefit(B.FIX_ITEM) is H.SHARP_AS_STEEL
    assert describe_benefits(H.MOVE_LIKE_THE_WIND) == "teleport, ahead of schedule or unnoticed"
    with pytest.raises(PawpostError, match=r'^"Sing like a bird" is not a Harmony skill; choose'):
        parse_harmony_skill("Sing like a bird")
    assert parse_harmony_skill("tree") is H.STRONG_AS_THE_TALLEST_TREE
    with pytest.raises(PawpostError, match=r'^"like" is not a Harmony skill'):  # two have it
        parse_harmony_skill("like")


@pytest.mark.parametrize(
    ("total", "benefits"), [(-1, 0), (4, 0), (5, 1), (9, 1), (10, 2), (14, 2), (15, 3)]
)
def test_one_benefit_for_every_full_5(total: int, benefits: int) -> None:
    assert benefits_for(total) == benefits


def test_harmony_skills_roll_their_attribute_and_cost_one_each() -> None:
    sheet = with_attributes(make(), wind=2, water=2)  # Harmony 3
    used = use_harmony_skills(
        sheet, [H.MOVE_LIKE_THE_WIND, H.FLOW_LIKE_THE_RIVER], ScriptedDice([4, 4, 1, 1])
    )
    wind, water = used.rolls
    assert wind.roll.modifiers == (Modifier(value=2, reason="Wind"),)
    assert (wind.roll.total, wind.allowed) == (10, 2)
    assert (water.roll.total, water.allowed) == (4, 0)
    assert used.sheet.harmony == 1
    assert used.sheet.harmony_picks == (
        HarmonyPick(skill=H.MOVE_LIKE_THE_WIND, total=10, allowed=2),
    )  # the Flow's 4 leaves nothing to choose


def test_harmony_above_zero_is_needed() -> None:
    with pytest.raises(
        PawpostError, match=r"^Harmony skills need Harmony above 0 at the rest; you have \+0\.$"
    ):
        use_harmony_skills(adjusted(make(), harmony=0), [H.SHARP_AS_STEEL], ScriptedDice([]))


def test_harmony_1_may_use_four_skills_down_to_minus_3() -> None:
    sheet = adjusted(make(), harmony=1)
    four = [H.MOVE_LIKE_THE_WIND, H.FLOW_LIKE_THE_RIVER, H.BURN_WITH_PASSION, H.SHARP_AS_STEEL]
    assert use_harmony_skills(sheet, four, ScriptedDice([1] * 8)).sheet.harmony == -3
    with pytest.raises(
        PawpostError, match=r"^With \+1 Harmony you can use at most 4 Harmony skills"
    ):
        use_harmony_skills(sheet, list(H), ScriptedDice([]))


def test_each_harmony_skill_once_a_rest() -> None:
    with pytest.raises(PawpostError, match=r"^Each Harmony skill can be used once a rest\.$"):
        use_harmony_skills(make(), [H.SHARP_AS_STEEL, H.SHARP_AS_STEEL], ScriptedDice([]))


def test_no_skills_is_no_change() -> None:
    sheet = make()
    assert use_harmony_skills(sheet, [], ScriptedDice([])).sheet == sheet


def test_choose_benefits_up_to_the_rolls_allowance() -> None:
    sheet = adjusted(
        make(),
        harmony_picks=(HarmonyPick(skill=H.STRONG_AS_THE_TALLEST_TREE, total=11, allowed=2),),
    )
    chosen = choose_benefits(
        sheet, H.STRONG_AS_THE_TALLEST_TREE, [B.FORCEFUL_ATTACKS, B.TWO_FREE_ARMOUR]
    ).sheet
    assert chosen.harmony_picks == ()
    assert chosen.has_benefit(B.TWO_FREE_ARMOUR) and chosen.has_benefit(B.FORCEFUL_ATTACKS)
    with pytest.raises(
        PawpostError,
        match=r"^Your Strong as the Tallest Tree roll of 11 gives 2 benefits, one for every "
        r"full 5; you chose 3\.$",
    ):
        choose_benefits(
            sheet,
            H.STRONG_AS_THE_TALLEST_TREE,
            list(HARMONY_SKILLS[H.STRONG_AS_THE_TALLEST_TREE].benefits),
        )


def test_benefits_must_be_the_skills_and_different() -> None:
    sheet = adjusted(
        make(), harmony_picks=(HarmonyPick(skill=H.MOVE_LIKE_THE_WIND, total=10, allowed=2),)
    )
    with pytest.raises(
        PawpostError,
        match=r'^"fix item" is not a benefit of Move Like the Wind; choose "teleport", "ahead',
    ):
        choose_benefits(sheet, H.MOVE_LIKE_THE_WIND, [B.FIX_ITEM])
    with pytest.raises(PawpostError, match=r"^Choose different benefits"):
        choose_benefits(sheet, H.MOVE_LIKE_THE_WIND, [B.TELEPORT, B.TELEPORT])
    with pytest.raises(
        PawpostError,
        match=r"^You have no Sharp as Steel roll waiting for its benefits \(waiting: Move Like",
    ):
        choose_benefits(sheet, H.SHARP_AS_STEEL, [B.ASK_THE_MC])


def test_sharp_as_steel_proficiency_lasts_until_the_next_rest() -> None:
    sheet = adjusted(
        make(), harmony_picks=(HarmonyPick(skill=H.SHARP_AS_STEEL, total=5, allowed=1),)
    )
    mace = STARTER_CATALOGUE["mace"]
    assert not sheet.proficient_with(mace)
    chosen = choose_benefits(sheet, H.SHARP_AS_STEEL, [B.PROFICIENT_WITH_ITEM], item="Mace").sheet
    assert chosen.harmony_benefits == (
        BenefitRecord(benefit=B.PROFICIENT_WITH_ITEM, detail="mace"),
    )
    assert chosen.proficient_with(mace)


def test_sharp_as_steel_fixes_a_broken_item_for_good() -> None:
    broken = Item(name="Helmet", kind=ItemKind.ARMOUR, broken=True)
    sheet = adjusted(
        make(),
        equipment=(broken,),
        harmony_picks=(HarmonyPick(skill=H.SHARP_AS_STEEL, total=5, allowed=1),),
    )
    fixed = choose_benefits(sheet, H.SHARP_AS_STEEL, [B.FIX_ITEM], item="helmet").sheet
    assert fixed.equipment == (Item(name="Helmet", kind=ItemKind.ARMOUR),)
    assert fixed.harmony_benefits == ()


def test_sharp_as_steel_fixes_only_what_you_are_proficient_with() -> None:
    broken = Item(name="Mace", kind=ItemKind.MELEE_WEAPON, broken=True)
    pick = HarmonyPick(skill=H.SHARP_AS_STEEL, total=5, allowed=1)
    sheet = adjusted(make(), equipment=(broken,), harmony_picks=(pick,))
    with pytest.raises(
        PawpostError, match=r"^You can only fix an item you are proficient with; the Mace is not\.$"
    ):
        choose_benefits(sheet, H.SHARP_AS_STEEL, [B.FIX_ITEM], item="Mace")
    with pytest.raises(PawpostError, match=r"^You carry no broken Sword to fix\.$"):
        choose_benefits(sheet, H.SHARP_AS_STEEL, [B.FIX_ITEM], item="Sword")
    with pytest.raises(PawpostError, match=r"^Name the item for Sharp as Steel\.$"):
        choose_benefits(sheet, H.SHARP_AS_STEEL, [B.FIX_ITEM])


def test_burn_with_passion_gives_vitae_to_an_ally() -> None:
    giver = adjusted(
        make(CharacterClass.GUARDIAN),
        harmony_picks=(HarmonyPick(skill=H.BURN_WITH_PASSION, total=6, allowed=1),),
    )
    ally = make()
    ally = adjusted(ally, vitae=ally.max_vitae - 2)
    chosen = choose_benefits(giver, H.BURN_WITH_PASSION, [B.GIVE_VITAE], ally=ally, vitae=2)
    assert chosen.sheet.vitae == giver.vitae - 2
    assert chosen.ally is not None and chosen.ally.vitae == ally.max_vitae


def test_giving_vitae_is_checked() -> None:
    giver, ally = make(), make()
    with pytest.raises(PawpostError, match=r"^Name the ally who receives your Vitae\.$"):
        give_vitae(giver, None, 1)
    with pytest.raises(PawpostError, match=r"^Give at least 1 Vitae\.$"):
        give_vitae(giver, ally, 0)
    with pytest.raises(PawpostError, match=r"^You have 3 Vitae to give, not 4\.$"):
        give_vitae(giver, ally, 4)
    with pytest.raises(
        PawpostError,
        match=r"^Your ally can take 0 more Vitae before reaching their maximum of 3\.$",
    ):
        give_vitae(giver, ally, 1)


def test_spending_a_negative_amount_is_a_bug() -> None:
    with pytest.raises(ValueError, match="positive"):
        spend_harmony(make(), -1, "Scry")
