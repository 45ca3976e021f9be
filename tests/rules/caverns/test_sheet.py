"""Creating a character (book l. 65-152, RULINGS' creation) and every refusal by its sentence."""

from typing import Any

import pytest

from rules.caverns.attributes import Attribute
from rules.caverns.catalogue import ItemKind
from rules.caverns.classes import CharacterClass
from rules.caverns.conditions import Condition
from rules.caverns.races import Race
from rules.caverns.records import Implement, Item, MoonAspect, MoonBond
from rules.caverns.sheet import CavernsSheet, create_sheet, validate_new_sheet
from rules.caverns.skills import Totem
from rules.caverns.skillsets import Skillset
from rules.dice import DiceExhausted, ScriptedDice
from rules.errors import PawpostError
from tests.rules.caverns.characters import adjusted, make, new


def refused(
    character_class: CharacterClass = CharacterClass.WARRIOR,
    race: Race = Race.HUMAN,
    **changes: Any,
) -> str:
    with pytest.raises(PawpostError) as error:
        validate_new_sheet(new(character_class, race, **changes))
    return error.value.message


# --- Worked examples ----------------------------------------------------------------------


def test_viscanti_bard_reaches_fire_plus_3() -> None:
    # l. 94: a Viscanti (+Metal) bard puts the array's +2 and the extra +1 on Fire.
    sheet = make(
        CharacterClass.BARD,
        Race.VISCANTI,
        attributes="wind 1, water 0, wood -1, fire 2, metal 1",
        extra=Attribute.FIRE,
    )
    assert sheet.attribute(Attribute.FIRE) == 3
    assert sheet.attribute(Attribute.METAL) == 2


def test_elementalist_with_psionics_has_four_skills() -> None:
    # l. 99-100: Implement (Magery), Illusions, Second Sight (Psionics) and one Advanced.
    sheet = make(CharacterClass.ELEMENTALIST, tertiary=Skillset.PSIONICS, advanced="Dominate")
    assert sheet.skills == (
        "magery:implement",
        "illusions:illusions",
        "psionics:second-sight",
        "psionics:dominate",
    )
    assert sheet.skillsets == (Skillset.MAGERY, Skillset.ILLUSIONS, Skillset.PSIONICS)
    grouped = sheet.skills_by_skillset()
    assert [s.name for s in grouped[Skillset.PSIONICS]] == ["Second Sight", "Dominate"]


def test_the_elementalists_tertiary_may_be_dreamweaving() -> None:
    # The class block (l. 123) offers Dreamweaving too, which the overview (l. 99) leaves out.
    sheet = make(CharacterClass.ELEMENTALIST, tertiary=Skillset.DREAMWEAVING, advanced="Slumber")
    assert sheet.skillsets[2] is Skillset.DREAMWEAVING


def test_a_new_character_starts_as_ruled() -> None:
    sheet = make()
    assert (sheet.harmony, sheet.level, sheet.advanced_skills_owed) == (3, 1, 0)
    assert sheet.conditions == ()
    assert sheet.weapon_proficiencies == ("sword", "axe", "shortbow")


# --- Attributes -----------------------------------------------------------------------------


def test_the_attribute_array_is_required() -> None:
    message = refused(attributes="wind 2, water 2, wood 1, fire 0, metal -1")
    assert message == (
        "Your attributes must be +2, +1, +1, +0 and -1 in some order; you gave +2, +2, +1, +0 "
        "and -1."
    )


def test_all_five_attributes_are_required() -> None:
    with pytest.raises(PawpostError, match=r"^Give each of the five attributes once"):
        validate_new_sheet(new().model_copy(update={"attributes": {Attribute.WIND: 2}}))


def test_the_extra_plus_one_cannot_go_on_the_races_attribute() -> None:
    assert refused(race=Race.HUMAN, extra=Attribute.METAL) == (
        "Your extra +1 must go to an attribute other than Metal, which being Human already raises."
    )


def test_the_extra_plus_one_cannot_go_on_harmony() -> None:
    assert refused(extra=Attribute.HARMONY) == (
        "The extra +1 goes to Wind, Water, Wood, Fire or Metal, not Harmony."
    )


def test_the_extra_plus_one_may_raise_the_plus_two_to_three() -> None:
    sheet = make(race=Race.HUMAN, extra=Attribute.WIND)
    assert sheet.attribute(Attribute.WIND) == 3


def test_an_attribute_past_plus_3_is_refused() -> None:
    # Only a server array could do it: +3 on Wind and an Aslaran's +1.
    with pytest.raises(PawpostError) as error:
        validate_new_sheet(
            new(race=Race.ASLARAN, attributes="wind 3, water 1, wood 0, fire 0, metal -1"),
            array=(3, 1, 0, 0, -1),
        )
    assert error.value.message == "Wind would be +4, outside the -3 to +3 every attribute keeps."


def test_an_attribute_below_minus_3_is_refused() -> None:
    with pytest.raises(PawpostError, match=r"^Metal would be -4, outside the -3 to \+3"):
        validate_new_sheet(
            new(race=Race.ASLARAN, attributes="wind 2, water 1, wood 1, fire 0, metal -4"),
            array=(2, 1, 1, 0, -4),
        )


def test_harmony_outside_the_range_is_not_a_sheet() -> None:
    with pytest.raises(ValueError, match="harmony"):
        adjusted(make(), harmony=4)


# --- Skillsets and skills -------------------------------------------------------------------


def test_the_tertiary_skillset_must_be_chosen() -> None:
    assert refused(tertiary=None) == (
        "Warriors choose a tertiary skillset: Hunting, Rituals or Totems."
    )


def test_a_tertiary_the_class_does_not_offer() -> None:
    assert refused(tertiary=Skillset.PSIONICS) == (
        "Psionics is not a tertiary skillset for a Warrior; choose Hunting, Rituals or Totems."
    )


def test_a_monk_chooses_a_secondary_skillset() -> None:
    assert refused(CharacterClass.MONK, secondary=None) == (
        "Monks choose a secondary skillset: Acrobatics or Psionics."
    )
    sheet = make(CharacterClass.MONK, secondary=Skillset.PSIONICS, advanced="Dominate")
    assert sheet.skillsets == (Skillset.COMBAT, Skillset.PSIONICS, Skillset.STEALTH)


def test_a_fixed_secondary_cannot_be_changed() -> None:
    assert refused(secondary=Skillset.ACROBATICS) == (
        "A Warrior's secondary skillset is Athletics, not Acrobatics."
    )
    assert make(secondary=Skillset.ATHLETICS).skillsets[1] is Skillset.ATHLETICS


def test_the_advanced_skill_must_be_advanced() -> None:
    assert refused(advanced="Assault") == (
        "Assault is the Basic skill of Combat, which comes with the skillset; choose an Advanced "
        "skill."
    )


def test_the_advanced_skill_of_another_class_is_refused() -> None:
    assert refused(CharacterClass.GUARDIAN, advanced="Greater Implement") == (
        "Greater Implement is for Elementalists only."
    )
    assert refused(CharacterClass.WICCAN, advanced="Tree Form") == "Tree Form is for Druids only."


def test_the_advanced_skill_must_come_from_the_characters_skillsets() -> None:
    assert refused(CharacterClass.BARD, advanced="Parry") == (
        "Parry is not a skill of Music, Acrobatics and Illusions."
    )


def test_the_advanced_skill_may_come_from_any_of_the_three() -> None:
    for advanced in ("Cleave", "Vitality", "Make Camp"):
        assert (
            make(advanced=advanced).skills[-1]
            == {
                "Cleave": "combat:cleave",
                "Vitality": "athletics:vitality",
                "Make Camp": "hunting:make-camp",
            }[advanced]
        )


def test_a_druid_takes_its_own_melding() -> None:
    assert make(CharacterClass.DRUID, advanced="Melding").skills[-1] == "nature:melding"


def test_a_patron_totem_is_required_with_totems() -> None:
    assert refused(CharacterClass.DRUID, patron_totem=None) == (
        "Choose a Patron Totem for the Totems skillset: Sun, Moon, Night, Lake, Crow, Stag, Bear "
        "or Lion."
    )


def test_only_totems_give_a_patron() -> None:
    assert refused(patron_totem=Totem.SUN) == (
        "Only a character with the Totems skillset has a Patron Totem."
    )


def test_the_patron_is_not_also_the_advanced_skill() -> None:
    assert refused(CharacterClass.DRUID, patron_totem=Totem.SUN, advanced="Sun") == (
        "Sun is already your Patron Totem; choose another skill."
    )
    sheet = make(CharacterClass.DRUID, patron_totem=Totem.SUN, advanced="Crow")
    assert sheet.skills[-1] == "totems:crow"
    assert sheet.bonded_totems == (Totem.SUN,)


def test_a_moon_patron_rolls_its_two_dice_at_creation() -> None:
    # l. 208: 1 = Fire gains +1, 2 = Water takes -1.
    sheet = make(CharacterClass.DRUID, patron_totem=Totem.MOON, dice=(1, 2))
    assert sheet.moon == MoonBond(raised=MoonAspect.FIRE, lowered=MoonAspect.WATER)
    assert sheet.own(Attribute.FIRE) == 0
    assert sheet.attribute(Attribute.FIRE) == 1
    assert sheet.attribute(Attribute.WATER) == 1  # Human, extra on Water: 2, then -1
    assert (sheet.max_health, sheet.max_vitae) == (3 + 1, 3 + 1)
    assert (sheet.health, sheet.vitae) == (4, 4)


def test_no_dice_are_rolled_without_a_moon() -> None:
    with pytest.raises(DiceExhausted):
        make(CharacterClass.DRUID, patron_totem=Totem.MOON)


# --- Implements and Sick Beat ---------------------------------------------------------------


def test_a_caster_needs_an_implement() -> None:
    assert refused(CharacterClass.ELEMENTALIST, implement=None) == (
        "An Elementalist needs an implement: choose the element it rolls to Do Battle and the "
        "element foes subtract."
    )
    assert refused(CharacterClass.BARD, implement=None).startswith("A Bard needs an instrument")


def test_an_implements_elements_differ() -> None:
    same = Implement(rolls=Attribute.FIRE, foes_subtract=Attribute.FIRE)
    assert refused(CharacterClass.ELEMENTALIST, implement=same) == (
        "Your implement's two elements must differ; you chose Fire twice."
    )


def test_an_implement_has_no_harmony() -> None:
    harmony = Implement(rolls=Attribute.HARMONY, foes_subtract=Attribute.FIRE)
    assert refused(CharacterClass.ELEMENTALIST, implement=harmony) == (
        "Your implement's elements are two of Wind, Water, Wood, Fire and Metal."
    )


def test_a_magery_implement_never_has_wood() -> None:
    wood = Implement(rolls=Attribute.FIRE, foes_subtract=Attribute.WOOD)
    assert refused(CharacterClass.GUARDIAN, implement=wood) == (
        "A Magery implement may never have Wood as either of its elements."
    )


def test_a_nature_implement_always_has_wood() -> None:
    no_wood = Implement(rolls=Attribute.FIRE, foes_subtract=Attribute.WIND)
    assert refused(CharacterClass.WICCAN, implement=no_wood) == (
        "A Nature implement must have Wood as one of its elements."
    )
    wood_second = Implement(rolls=Attribute.FIRE, foes_subtract=Attribute.WOOD)
    assert make(CharacterClass.WICCAN, implement=wood_second).implement == wood_second


def test_a_warrior_has_no_implement() -> None:
    implement = Implement(rolls=Attribute.FIRE, foes_subtract=Attribute.WIND)
    assert refused(implement=implement) == "Warriors have no implement to choose."


def test_sick_beat_takes_three_different_conditions() -> None:
    two = (Condition.ABLAZE, Condition.BOUND)
    message = (
        "Choose three different Sick Beat conditions from Ablaze, Bound, Confused, Disloyalty, "
        "Fatigue and Sickness."
    )
    assert refused(CharacterClass.BARD, sick_beat=two) == message
    twice = (Condition.ABLAZE, Condition.ABLAZE, Condition.BOUND)
    assert refused(CharacterClass.BARD, sick_beat=twice) == message


def test_sick_beat_only_from_its_list() -> None:
    wrong = (Condition.ABLAZE, Condition.BOUND, Condition.BLIND)
    assert refused(CharacterClass.BARD, sick_beat=wrong) == (
        "Blind is not a Sick Beat condition; choose Ablaze, Bound, Confused, Disloyalty, Fatigue "
        "or Sickness."
    )


def test_only_a_bard_chooses_sick_beat() -> None:
    chosen = (Condition.ABLAZE, Condition.BOUND, Condition.CONFUSED)
    assert refused(sick_beat=chosen) == "Only Music's Sick Beat chooses conditions to inflict."


# --- Weapons, race choices and equipment ----------------------------------------------------


def test_a_warrior_chooses_two_melee_and_one_ranged_weapon() -> None:
    sheet = make(weapons=("Mace", "Spear", "Longbow"))
    assert sheet.weapon_proficiencies == ("mace", "spear", "longbow")
    assert [i.name for i in sheet.equipment][2:] == [
        "Mace",
        "Buckler",
        "Longbow",
        "Leather jerkin",
        "Helmet",
    ]


def test_the_number_of_weapons_is_the_classs() -> None:
    assert refused(weapons=("Sword", "Shortbow")) == (
        "Warriors are proficient with two melee weapons of their choice; you named 1."
    )
    assert refused(weapons=("Sword", "Axe")) == (
        "Warriors are proficient with one ranged weapon of their choice; you named 0."
    )


def test_only_monks_learn_monk_weapons() -> None:
    assert refused(weapons=("Katar", "Sword", "Sling")) == (
        "Only Monks may be proficient with the Katar, a Monk weapon."
    )
    assert make(CharacterClass.MONK, weapons=("Katar", "Sword")).weapon_proficiencies == (
        "katar",
        "sword",
    )


def test_a_weapon_named_twice() -> None:
    assert refused(weapons=("Sword", "Sword", "Sling")) == (
        "You named the Sword twice; name different weapons."
    )


def test_a_shield_is_not_a_weapon_choice() -> None:
    assert refused(weapons=("Sword", "Axe", "Sling", "Buckler")) == (
        "The Buckler is not a weapon Warriors choose proficiency with."
    )


def test_casters_choose_no_weapons() -> None:
    assert refused(CharacterClass.GUARDIAN, weapons=("Sword",)) == (
        "Guardians choose no weapons to be proficient with."
    )


def test_an_unknown_item_is_refused() -> None:
    assert refused(weapons=("Lightsaber", "Sword", "Sling")) == (
        'There is no "Lightsaber" in the market\'s catalogue.'
    )


def test_a_kephera_chooses_one_monk_weapon() -> None:
    assert refused(race=Race.KEPHERA, race_weapon=None) == (
        "A Kephera is proficient with one Monk weapon: choose it."
    )
    assert refused(race=Race.KEPHERA, race_weapon="Sword") == "The Sword is not a Monk weapon."
    assert refused(race=Race.HUMAN, race_weapon="Katar") == (
        "Only a Kephera chooses a Monk weapon from their race."
    )


def test_a_kephera_warrior_may_start_with_its_monk_weapon() -> None:
    equipment = ("Katar", "Sword", "Shortbow", "Helmet", "Greaves")
    sheet = make(race=Race.KEPHERA, race_weapon="Katar", equipment=equipment)
    assert "katar" in sheet.weapon_proficiencies
    assert sheet.carries("Katar")


def test_an_illithoid_chooses_its_free_poison() -> None:
    assert refused(race=Race.ILLITHOID, free_poison=None) == (
        "An Illithoid starts with a free poison: choose it."
    )
    assert refused(race=Race.ILLITHOID, free_poison="Sword") == "The Sword is not a poison."
    assert refused(free_poison="Anatine") == "Only an Illithoid starts with a free poison."
    sheet = make(race=Race.ILLITHOID, free_poison="Escozul")
    assert Item(name="Escozul", kind=ItemKind.POISON) in sheet.equipment


def test_the_number_of_equipment_items() -> None:
    assert refused(equipment=("Sword", "Buckler", "Shortbow", "Helmet")) == (
        "A Warrior starts with 5 items (one melee weapon you are proficient with, one melee "
        "weapon or shield you are proficient with, one ranged weapon you are proficient with and "
        "two pieces of armour); you chose 4."
    )


def test_equipment_must_fit_the_slots() -> None:
    assert refused(equipment=("Sword", "Buckler", "Shortbow", "Helmet", "Lute")) == (
        "The Lute does not fit a Warrior's starting equipment: one melee weapon you are "
        "proficient with, one melee weapon or shield you are proficient with, one ranged weapon "
        "you are proficient with and two pieces of armour."
    )


def test_weapons_in_the_warriors_slots_need_proficiency() -> None:
    assert refused(equipment=("Mace", "Buckler", "Shortbow", "Helmet", "Greaves")) == (
        "You are not proficient with the Mace, so it cannot be part of your starting equipment."
    )


def test_slots_filled_in_any_order() -> None:
    sheet = make(equipment=("Helmet", "Shortbow", "Axe", "Chainmail", "Sword"))
    assert sheet.carries("Chainmail")


def test_items_that_fit_but_leave_a_slot_empty() -> None:
    # Two shields: each fits slot 2, but slot 1 needs a melee weapon.
    assert refused(equipment=("Buckler", "Tower shield", "Shortbow", "Helmet", "Greaves")) == (
        "Your equipment does not fill a Warrior's slots: one melee weapon you are proficient "
        "with, one melee weapon or shield you are proficient with, one ranged weapon you are "
        "proficient with and two pieces of armour."
    )


def test_a_dwarf_is_proficient_with_every_axe() -> None:
    equipment = ("Greataxe", "Buckler", "Shortbow", "Helmet", "Greaves")
    assert refused(equipment=equipment).startswith("You are not proficient with the Greataxe")
    assert make(race=Race.DWARF, equipment=equipment).carries("Greataxe")


def test_a_monk_takes_armour_or_tattoos() -> None:
    sheet = make(CharacterClass.MONK, equipment=("Nunchaku", "Nunchaku", "Breastplate"))
    assert len(sheet.armour) == 1


def test_an_elementalist_takes_any_melee_weapon() -> None:
    # "A melee weapon", with no proficiency asked (l. 124).
    sheet = make(CharacterClass.ELEMENTALIST, equipment=("Wand", "Warhammer"))
    assert sheet.carries("Warhammer")
    assert refused(CharacterClass.ELEMENTALIST, equipment=("Wand", "Tent")).startswith(
        "The Tent does not fit an Elementalist's starting equipment"
    )


def test_the_druid_chooses_a_tent_or_divination_instruments() -> None:
    sheet = make(CharacterClass.DRUID, equipment=("Garland", "Divination instruments"))
    assert sheet.carries("Divination instruments")


# --- The sheet ------------------------------------------------------------------------------


def test_health_cannot_exceed_its_maximum() -> None:
    sheet = make()
    with pytest.raises(ValueError, match="above its maximum"):
        adjusted(sheet, health=sheet.max_health + 1)


def test_a_skill_not_in_the_book_is_not_a_sheet() -> None:
    with pytest.raises(ValueError, match="unknown skill"):
        adjusted(make(), skills=("combat:fireball",))


def test_a_condition_once() -> None:
    blind = {"condition": Condition.BLIND}
    with pytest.raises(ValueError, match="listed twice"):
        adjusted(make(), conditions=(blind, blind))


def test_heavy_armour_reduces_damage() -> None:
    # l. 386: more pieces than Metal + 3. A Metal +0 Warrior with 3 pieces is fine; 4 is heavy.
    sheet = make()  # Human Warrior: Metal 0, two pieces of armour
    greaves = Item(name="Greaves", kind=ItemKind.ARMOUR)
    three = adjusted(sheet, equipment=(*sheet.equipment, greaves))
    assert (three.heavily_armoured, three.damage) == (False, 2)
    # A broken piece still weighs: four pieces, one of them broken, are heavy.
    broken = Item(name="Helmet", kind=ItemKind.ARMOUR, broken=True)
    four = adjusted(three, equipment=(*three.equipment, broken))
    assert (four.heavily_armoured, four.damage) == (True, 1)
    assert four.intact_armour == 3
    assert not four.immobile


def test_more_armour_than_metal_plus_7_immobilises() -> None:
    sheet = make()
    piece = Item(name="Greaves", kind=ItemKind.ARMOUR)
    seven = adjusted(sheet, equipment=(piece,) * 7)
    eight = adjusted(sheet, equipment=(piece,) * 8)
    assert (seven.immobile, eight.immobile) == (False, True)


def test_race_bonus_armour_does_not_count_as_heavy() -> None:
    sheet = make(race=Race.KEPHERA)
    assert sheet.bonus_armour == 1
    assert len(sheet.armour) == 2


def test_sleeping_makes_damage_zero() -> None:
    sheet = adjusted(make(), conditions=({"condition": Condition.SLEEPING},))
    assert sheet.damage == 0


def test_tree_form_adds_wood_to_health() -> None:
    # l. 180: additional Health equal to your Wood (Human Druid: Wood +1).
    plain = make(CharacterClass.DRUID)
    tree = make(CharacterClass.DRUID, advanced="Tree Form")
    assert tree.max_health == plain.max_health + 1


def test_create_sheet_is_validate_plus_the_sheet() -> None:
    choices = new(tertiary=Skillset.RITUALS, advanced="Twist Fate")
    validate_new_sheet(choices)
    sheet = create_sheet(choices, ScriptedDice([]))
    assert isinstance(sheet, CavernsSheet)
    assert sheet.has_skill("rituals:rubeus")


def test_the_sheet_model_keeps_its_invariants() -> None:
    sheet = make()
    with pytest.raises(ValueError, match="a skill is listed twice"):
        adjusted(sheet, skills=(*sheet.skills, sheet.skills[0]))
    with pytest.raises(ValueError, match="Vitae 4 is above its maximum 3"):
        adjusted(sheet, vitae=4)
    with pytest.raises(ValueError, match="lasting wounds exceed the maximum Health"):
        adjusted(sheet, lasting_wounds=8)
