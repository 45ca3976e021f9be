"""Moves: any roll against a difficulty (book l. 60-64), Flee! (284-287), Advance! (289-292)
and Do Battle (294-298)."""

import pytest

from rules.caverns.attributes import Attribute
from rules.caverns.catalogue import ItemKind, Special
from rules.caverns.classes import CharacterClass
from rules.caverns.conditions import Condition
from rules.caverns.moves import FleeRoute, Foe, advance, do_battle, flee, move
from rules.caverns.races import Race
from rules.caverns.records import Implement, Item
from rules.caverns.rolling import Band, band_of, is_doubles
from rules.dice import ScriptedDice
from rules.errors import PawpostError
from rules.rolls import Die, Modifier, Roll
from tests.rules.caverns.characters import adjusted, afflicted, make, with_attributes

# --- Any move ------------------------------------------------------------------------------


def test_the_squeeze_example() -> None:
    # l. 61-63: "roll +Wood and get at least a 8". Player 2 rolls 4 and 2 with Wood +2: 8.
    player_2 = with_attributes(make(), wood=2)
    roll = move(player_2, Attribute.WOOD, ScriptedDice([4, 2]), 8).roll
    assert roll.dice == (Die(sides=6, face=4), Die(sides=6, face=2))
    assert roll.modifiers == (Modifier(value=2, reason="Wood"),)
    assert (roll.total, roll.target, roll.succeeded) == (8, 8, True)
    # Player 1 "only rolled a total of 5": it fails at 8, and at the 7 l. 64 speaks of.
    player_1 = with_attributes(make(), wood=0)
    assert move(player_1, Attribute.WOOD, ScriptedDice([3, 2]), 8).roll.succeeded is False
    assert move(player_1, Attribute.WOOD, ScriptedDice([3, 2]), 7).roll.succeeded is False


@pytest.mark.parametrize(("faces", "succeeded"), [((3, 3), False), ((3, 4), True), ((6, 6), True)])
def test_the_default_difficulty_is_7_and_meets_on_equal(
    faces: tuple[int, int], succeeded: bool
) -> None:
    roll = move(with_attributes(make(), fire=0), Attribute.FIRE, ScriptedDice(faces)).roll
    assert roll.target == 7
    assert roll.succeeded is succeeded


def test_a_move_shows_the_attribute_even_at_0_and_its_reason() -> None:
    rolled = move(
        with_attributes(make(), metal=0),
        Attribute.METAL,
        ScriptedDice([1, 2]),
        reason="Pick the lock",
    )
    assert rolled.roll.label == "Pick the lock"
    assert rolled.roll.modifiers == (Modifier(value=0, reason="Metal"),)
    assert move(make(), Attribute.METAL, ScriptedDice([1, 2])).roll.label == "Roll +Metal"


def test_doubles_are_noted() -> None:
    rolled = move(with_attributes(make(), wind=0), Attribute.WIND, ScriptedDice([5, 5]))
    assert (rolled.doubles, rolled.total, rolled.band) == (True, 10, Band.STRONG)
    assert not move(make(), Attribute.WIND, ScriptedDice([5, 4])).doubles


def test_harmony_can_be_rolled() -> None:
    rolled = move(make(), Attribute.HARMONY, ScriptedDice([2, 2]))
    assert rolled.roll.modifiers == (Modifier(value=3, reason="Harmony"),)


def test_clumsiness_makes_the_next_roll_minus_3_then_ends() -> None:
    # l. 355: "makes their next roll at -3".
    clumsy = afflicted(with_attributes(make(), wind=2), Condition.CLUMSINESS)
    first = move(clumsy, Attribute.WIND, ScriptedDice([4, 4]))
    assert first.roll.modifiers == (
        Modifier(value=2, reason="Wind"),
        Modifier(value=-3, reason="Clumsiness"),
    )
    assert first.total == 7
    assert not first.sheet.has_condition(Condition.CLUMSINESS)
    second = move(first.sheet, Attribute.WIND, ScriptedDice([4, 4]))
    assert second.total == 10


def test_a_fated_die_makes_the_roll_doubles_of_it() -> None:
    # Twist Fate (l. 219): "their roll is doubles of whatever is on that die".
    rolled = move(make(), Attribute.WIND, ScriptedDice([]), fated_die=5)
    assert [die.face for die in rolled.roll.dice] == [5, 5]
    assert rolled.doubles


def test_a_fated_die_shows_1_to_6() -> None:
    with pytest.raises(PawpostError, match=r"^A fated die shows 1 to 6, not 7\.$"):
        move(make(), Attribute.WIND, ScriptedDice([]), fated_die=7)


@pytest.mark.parametrize(
    ("total", "band"),
    [
        (13, Band.STRONG),
        (10, Band.STRONG),
        (9, Band.WEAK),
        (7, Band.WEAK),
        (6, Band.MISS),
        (-1, Band.MISS),
    ],
)
def test_the_three_bands(total: int, band: Band) -> None:
    assert band_of(total) is band


def test_one_step_lower() -> None:
    assert [b.one_step_lower for b in Band] == [Band.WEAK, Band.MISS, Band.MISS]


def test_the_asleep_the_dead_and_the_retired_cannot_move() -> None:
    with pytest.raises(PawpostError, match=r"^You are asleep and cannot act until you wake\.$"):
        move(afflicted(make(), Condition.SLEEPING), Attribute.WIND, ScriptedDice([]))
    with pytest.raises(PawpostError, match=r"^You are dead until the battle ends"):
        move(adjusted(make(), health=0), Attribute.WIND, ScriptedDice([]))
    with pytest.raises(PawpostError, match=r"^This character has retired from adventuring\.$"):
        move(adjusted(make(), retired=True), Attribute.WIND, ScriptedDice([]))


# --- Flee! ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("route", "attribute"),
    [
        (FleeRoute.FRONT_TO_BACK, Attribute.WIND),
        (FleeRoute.BACK_TO_OUT, Attribute.WATER),
        (FleeRoute.FRONT_TO_OUT, Attribute.METAL),
    ],
)
def test_flee_rolls_the_routes_attribute(route: FleeRoute, attribute: Attribute) -> None:
    sheet = with_attributes(make(), wind=1, water=2, metal=-1)
    result = flee(sheet, route, ScriptedDice([3, 3]))
    assert result.roll is not None
    assert result.roll.modifiers == (
        Modifier(value=sheet.attribute(attribute), reason=attribute.label),
    )


@pytest.mark.parametrize(
    ("faces", "band", "escapes"),
    [((5, 5), Band.STRONG, True), ((4, 3), Band.WEAK, True), ((3, 3), Band.MISS, False)],
)
def test_flee_bands(faces: tuple[int, int], band: Band, escapes: bool) -> None:
    sheet = with_attributes(make(), wind=0)
    result = flee(sheet, FleeRoute.FRONT_TO_BACK, ScriptedDice(faces))
    assert (result.band, result.escapes) == (band, escapes)


def test_flee_results_say_when_you_get_away() -> None:
    sheet = with_attributes(make(), wind=0)
    strong = flee(sheet, FleeRoute.FRONT_TO_BACK, ScriptedDice([5, 5])).result
    weak = flee(sheet, FleeRoute.FRONT_TO_BACK, ScriptedDice([4, 3])).result
    miss = flee(sheet, FleeRoute.FRONT_TO_BACK, ScriptedDice([1, 1])).result
    assert strong.startswith("You escape at the end of this turn")
    assert weak.startswith("You escape at the start of your next turn")
    assert miss.startswith("You fail to escape at all")


def test_a_fated_die_makes_a_flee_doubles_without_rolling() -> None:
    sheet = with_attributes(make(), wind=0)
    result = flee(sheet, FleeRoute.FRONT_TO_BACK, ScriptedDice([]), fated_die=5)
    assert result.roll is not None and [d.face for d in result.roll.dice] == [5, 5]
    assert result.band is Band.STRONG


def test_prone_flees_at_minus_3() -> None:
    sheet = afflicted(with_attributes(make(), wind=0), Condition.PRONE)
    result = flee(sheet, FleeRoute.FRONT_TO_BACK, ScriptedDice([5, 5]))
    assert result.roll is not None and result.roll.total == 7
    assert result.band is Band.WEAK


def test_an_aslaran_never_flees_below_7() -> None:
    aslaran = with_attributes(make(race=Race.ASLARAN), wind=0)
    result = flee(aslaran, FleeRoute.FRONT_TO_BACK, ScriptedDice([1, 2]))
    assert result.roll is not None
    assert result.roll.total == 7
    assert result.roll.modifiers[-1] == Modifier(value=4, reason="to the Aslaran's floor of 7")
    assert result.band is Band.WEAK
    high = flee(aslaran, FleeRoute.FRONT_TO_BACK, ScriptedDice([5, 6]))
    assert high.roll is not None and high.roll.total == 11


def test_a_trill_never_rolls_to_escape() -> None:
    result = flee(make(race=Race.TRILL), FleeRoute.FRONT_TO_OUT, ScriptedDice([]))
    assert (result.roll, result.band) == (None, Band.STRONG)


def test_the_entranced_cannot_flee() -> None:
    with pytest.raises(PawpostError, match=r"^You are Entranced and cannot Flee\.$"):
        flee(afflicted(make(), Condition.ENTRANCEMENT), FleeRoute.FRONT_TO_BACK, ScriptedDice([]))


def test_the_bound_cannot_flee_until_free() -> None:
    with pytest.raises(
        PawpostError, match=r"^You are Bound: free yourself first \(a Wind roll, difficulty 9\)\.$"
    ):
        flee(afflicted(make(), Condition.BOUND), FleeRoute.FRONT_TO_BACK, ScriptedDice([]))


def test_a_successful_flee_ends_fear() -> None:
    # l. 361: "This condition ends if they successfully Flee".
    afraid = afflicted(with_attributes(make(), wind=0), Condition.FEAR)
    assert not flee(afraid, FleeRoute.FRONT_TO_BACK, ScriptedDice([4, 3])).sheet.has_condition(
        Condition.FEAR
    )
    assert flee(afraid, FleeRoute.FRONT_TO_BACK, ScriptedDice([3, 3])).sheet.has_condition(
        Condition.FEAR
    )


def test_the_overburdened_cannot_move() -> None:
    heavy = adjusted(make(), equipment=(Item(name="Greaves", kind=ItemKind.ARMOUR),) * 8)
    with pytest.raises(PawpostError, match=r"^You wear more armour than your Metal \+ 7"):
        flee(heavy, FleeRoute.FRONT_TO_BACK, ScriptedDice([]))
    with pytest.raises(PawpostError, match=r"cannot move; shed some first\.$"):
        advance(heavy, ScriptedDice([]))


# --- Advance! ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("faces", "band", "bonus", "may_act"),
    [((5, 5), Band.STRONG, 1, True), ((4, 3), Band.WEAK, 0, True), ((3, 3), Band.MISS, 0, False)],
)
def test_advance_results_add_up(
    faces: tuple[int, int], band: Band, bonus: int, may_act: bool
) -> None:
    result = advance(with_attributes(make(), fire=0), ScriptedDice(faces))
    assert result.roll.modifiers == (Modifier(value=0, reason="Fire"),)
    assert (result.band, result.bonus_damage, result.may_act) == (band, bonus, may_act)


def test_prone_advances_at_minus_3() -> None:
    sheet = afflicted(with_attributes(make(), fire=1), Condition.PRONE)
    assert advance(sheet, ScriptedDice([6, 3])).roll.total == 7


def test_the_afraid_cannot_advance() -> None:
    with pytest.raises(
        PawpostError, match=r"^You are afraid and cannot move closer to what you fear\.$"
    ):
        advance(afflicted(make(), Condition.FEAR), ScriptedDice([]))


# --- Do Battle -----------------------------------------------------------------------------

BRIGAND = Foe(name="Brigand", attributes={Attribute.WIND: 1, Attribute.METAL: 1}, damage=2)


@pytest.mark.parametrize(
    ("faces", "hit", "safe", "foe_loses", "you_lose"),
    [
        ((2, 1), False, False, 0, 2),  # 3 + 2 - 1 = 4
        ((2, 2), True, False, 2, 2),  # 5: a hit, but not safe (doubles too)
        ((4, 3), True, True, 2, 0),  # 8: hit and safe
    ],
)
def test_do_battle_bands(
    faces: tuple[int, int], hit: bool, safe: bool, foe_loses: int, you_lose: int
) -> None:
    warrior = with_attributes(make(), wood=2)  # Damage 2
    result = do_battle(warrior, BRIGAND, ScriptedDice(faces))
    assert result.roll.modifiers == (
        Modifier(value=2, reason="Wood"),
        Modifier(value=-1, reason="Brigand's Wind", subtracted=True),
    )
    assert (result.hit, result.safe, result.foe_loses, result.you_lose) == (
        hit,
        safe,
        foe_loses,
        you_lose,
    )


def test_out_of_the_foes_reach_you_are_not_hurt() -> None:
    result = do_battle(
        with_attributes(make(), wood=0), BRIGAND, ScriptedDice([1, 2]), in_foe_reach=False
    )
    assert (result.hit, result.you_lose) == (False, 0)


def test_doubles_give_one_flourish() -> None:
    warrior = with_attributes(make(), wood=2)
    assert do_battle(warrior, BRIGAND, ScriptedDice([3, 3])).flourishes == 1
    assert do_battle(warrior, BRIGAND, ScriptedDice([3, 4])).flourishes == 0


def test_assault_spends_harmony_for_a_flourish_and_two_on_doubles() -> None:
    # l. 155: "Spend one Harmony ... apply a Flourish. If you roll doubles, apply two".
    warrior = with_attributes(make(), wood=2)
    plain = do_battle(warrior, BRIGAND, ScriptedDice([3, 4]), assault=True)
    assert (plain.flourishes, plain.sheet.harmony) == (1, 2)
    doubles = do_battle(warrior, BRIGAND, ScriptedDice([3, 3]), assault=True)
    assert doubles.flourishes == 2


def test_assault_needs_the_skill_and_the_harmony() -> None:
    bard = make(CharacterClass.BARD)
    with pytest.raises(PawpostError, match=r"^You do not have the Assault skill\.$"):
        do_battle(bard, BRIGAND, ScriptedDice([]), assault=True)
    spent = adjusted(make(), harmony=-3)
    with pytest.raises(
        PawpostError,
        match=r"^Assault costs 1 Harmony and you have -3; Harmony cannot go below -3\.$",
    ):
        do_battle(spent, BRIGAND, ScriptedDice([]), assault=True)


def test_an_implement_rolls_its_element_against_the_foes_other_element() -> None:
    # l. 381: roll element A; the opponent subtracts element B (here Fire, and Metal).
    mage = with_attributes(make(CharacterClass.ELEMENTALIST), fire=2)
    assert mage.implement == Implement(rolls=Attribute.FIRE, foes_subtract=Attribute.METAL)
    result = do_battle(mage, BRIGAND, ScriptedDice([3, 2]))
    assert result.roll.modifiers == (
        Modifier(value=2, reason="Fire"),
        Modifier(value=-1, reason="Brigand's Metal", subtracted=True),
    )
    assert result.damage == 3  # the Elementalist's Damage
    with_staff_as_club = do_battle(mage, BRIGAND, ScriptedDice([3, 2]), use_implement=False)
    assert with_staff_as_club.roll.modifiers[0].reason == "Wood"


def test_no_implement_to_use() -> None:
    with pytest.raises(PawpostError, match=r"^You have no implement to attack with\.$"):
        do_battle(make(), BRIGAND, ScriptedDice([]), use_implement=True)


def test_blind_and_prone_attack_at_minus_3_each() -> None:
    sheet = afflicted(with_attributes(make(), wood=2), Condition.BLIND, Condition.PRONE)
    result = do_battle(sheet, BRIGAND, ScriptedDice([6, 6]))
    assert [m.value for m in result.roll.modifiers] == [2, -1, -3, -3]
    assert result.roll.total == 7


def test_pacifism_refuses_to_do_battle() -> None:
    with pytest.raises(
        PawpostError,
        match=r"^You have thrown down your weapons \(Pacifism\) and refuse to Do Battle\.$",
    ):
        do_battle(afflicted(make(), Condition.PACIFISM), BRIGAND, ScriptedDice([]))


def test_igasho_attacks_are_forceful_and_destructive() -> None:
    result = do_battle(make(race=Race.IGASHO), BRIGAND, ScriptedDice([1, 1]))
    assert result.specials == (Special.FORCEFUL, Special.DESTRUCTIVE)
    assert do_battle(make(), BRIGAND, ScriptedDice([1, 1])).specials == ()


def test_damage_off_hand_and_advance_bonus() -> None:
    warrior = make()  # Damage 2
    assert do_battle(warrior, BRIGAND, ScriptedDice([6, 5]), off_hand=True).foe_loses == 1
    assert do_battle(warrior, BRIGAND, ScriptedDice([6, 5]), bonus_damage=1).foe_loses == 3


def test_is_doubles_needs_two_dice() -> None:
    assert not is_doubles(Roll(label="one die", dice=(Die(sides=6, face=3),)))


def test_a_sick_beat_inflicts_conditions_instead_of_damage() -> None:
    # l. 185: "inflicts no damage. Instead ... one of your three chosen afflictions for each
    # point of damage you would normally inflict".
    bard = with_attributes(make(CharacterClass.BARD), fire=1)  # Damage 1, instrument Fire/Wind
    result = do_battle(bard, BRIGAND, ScriptedDice([3, 2]), bonus_damage=1)
    assert result.sick_beat and result.hit
    assert (result.foe_loses, result.afflictions) == (0, 2)
    club = do_battle(bard, BRIGAND, ScriptedDice([6, 2]), use_implement=False)
    assert (club.sick_beat, club.foe_loses, club.afflictions) == (False, 1, 0)
    warrior = do_battle(make(), BRIGAND, ScriptedDice([6, 2]))
    assert warrior.afflictions == 0
