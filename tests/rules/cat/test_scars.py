"""Placing scars: the player's choice, never in a Crippled trait; three drop a rank and clear,
the rest carry on; three Crippled traits warn and four kill (book l. 35-41, 76)."""

import pytest

from rules.cat import (
    Difficulty,
    Rank,
    RankDrop,
    Trait,
    default_placement,
    place_scars,
    room_for_scars,
    scars_to_place,
    take_risk,
)
from rules.cat.scars import take_back_scars
from rules.dice import ScriptedDice
from rules.errors import PawpostError
from tests.rules.cat.cats import a_cat

DAY = 10


def test_three_scars_in_a_good_trait_drop_it_to_hurt() -> None:
    # book l. 40: "three Scars in a Good Trait, it drops to Hurt. Hurt Traits have a bonus of 2."
    placed = place_scars(a_cat(), 3, {Trait.COAT: 3}, today=DAY)
    assert placed.sheet.rank(Trait.COAT) is Rank.HURT
    assert placed.sheet.dice(Trait.COAT) == 2
    assert placed.sheet.scars(Trait.COAT) == 0
    assert placed.drops == (RankDrop(trait=Trait.COAT, before=Rank.GOOD, after=Rank.HURT),)


def test_three_scars_in_a_hurt_trait_cripple_it_and_it_takes_no_more_risks() -> None:
    # book l. 41.
    placed = place_scars(a_cat({Trait.COAT: Rank.HURT}), 3, {Trait.COAT: 3}, today=DAY)
    assert placed.sheet.rank(Trait.COAT) is Rank.CRIPPLED
    with pytest.raises(PawpostError, match="Coat is Crippled"):
        take_risk(placed.sheet, Trait.COAT, Difficulty.EASY, ScriptedDice([]))


def test_scars_carry_over_past_a_drop() -> None:
    # RULINGS: three clear with the drop; "the rest carry on".
    placed = place_scars(a_cat(scars={Trait.COAT: 1}), 4, {Trait.COAT: 4}, today=DAY)
    assert placed.sheet.rank(Trait.COAT) is Rank.HURT
    assert placed.sheet.scars(Trait.COAT) == 2


def test_two_drops_at_once() -> None:
    placed = place_scars(a_cat(), 7, {Trait.LEGS: 7}, today=DAY)
    assert placed.sheet.rank(Trait.LEGS) is Rank.GOOD
    assert placed.sheet.scars(Trait.LEGS) == 1
    assert placed.drops == (
        RankDrop(trait=Trait.LEGS, before=Rank.BEST, after=Rank.STRONG),
        RankDrop(trait=Trait.LEGS, before=Rank.STRONG, after=Rank.GOOD),
    )


def test_scars_can_be_shared_over_traits() -> None:
    # book l. 37: "divide them up as you see fit".
    placed = place_scars(a_cat(), 3, {Trait.CLAWS: 2, Trait.FACE: 1, Trait.COAT: 0}, today=DAY)
    assert (placed.sheet.scars(Trait.CLAWS), placed.sheet.scars(Trait.FACE)) == (2, 1)
    assert placed.placement == {Trait.CLAWS: 2, Trait.FACE: 1}
    assert placed.drops == ()


def test_a_crippled_trait_takes_no_more_scars() -> None:
    with pytest.raises(PawpostError) as error:
        place_scars(a_cat({Trait.FACE: Rank.CRIPPLED}), 1, {Trait.FACE: 1}, today=DAY)
    assert error.value.message == "Face is Crippled and takes no more scars."


def test_a_trait_takes_no_more_scars_than_it_has_room_for() -> None:
    sheet = a_cat({Trait.FACE: Rank.HURT}, scars={Trait.FACE: 1})
    assert room_for_scars(sheet, Trait.FACE) == 2
    with pytest.raises(PawpostError) as error:
        place_scars(sheet, 3, {Trait.FACE: 3}, today=DAY)
    assert error.value.message == "Face can take only 2 more scars before it is Crippled."


def test_every_scar_owed_must_be_placed() -> None:
    with pytest.raises(PawpostError) as error:
        place_scars(a_cat(), 3, {Trait.COAT: 2}, today=DAY)
    assert error.value.message == "You placed 2 scars; the cat has 3 to place."
    with pytest.raises(PawpostError) as error:
        place_scars(a_cat(), 2, {Trait.COAT: 1, Trait.FACE: 2}, today=DAY)
    assert error.value.message == "You placed 3 scars; the cat has 2 to place."
    with pytest.raises(PawpostError, match=r"^You placed 1 scar; the cat has 0 to place\.$"):
        place_scars(a_cat(), 0, {Trait.COAT: 1}, today=DAY)


def test_a_negative_count_is_refused() -> None:
    with pytest.raises(PawpostError) as error:
        place_scars(a_cat(), 1, {Trait.COAT: 2, Trait.FACE: -1}, today=DAY)
    assert error.value.message == "Face cannot take a negative number of scars."


def test_no_scars_owed_places_nothing() -> None:
    placed = place_scars(a_cat(), 0, {}, today=DAY)
    assert placed.sheet == a_cat()
    assert not placed.died


def test_a_dead_cat_takes_no_scars() -> None:
    with pytest.raises(PawpostError, match=r"^This cat is dead\.$"):
        place_scars(a_cat(lives=0), 1, {Trait.COAT: 1}, today=DAY)


def test_a_tail_dropping_a_rank_lowers_the_magic_points() -> None:
    # RULINGS: "Magic Points = 5 + Tail dice, recomputed when Tail changes rank".
    placed = place_scars(a_cat(), 3, {Trait.TAIL: 3}, today=DAY)
    assert placed.sheet.rank(Trait.TAIL) is Rank.GOOD
    assert (placed.sheet.magic_points, placed.sheet.max_magic_points) == (8, 8)


def test_the_third_crippled_trait_warns_and_the_fourth_kills() -> None:
    # book l. 76.
    two = a_cat({Trait.CLAWS: Rank.CRIPPLED, Trait.COAT: Rank.CRIPPLED, Trait.FACE: Rank.HURT})
    third = place_scars(two, 3, {Trait.FACE: 3}, today=DAY)
    assert third.newly_in_danger
    assert third.in_real_danger
    assert not third.died
    still = place_scars(third.sheet, 1, {Trait.LEGS: 1}, today=DAY)
    assert still.in_real_danger
    assert not still.newly_in_danger
    hurt_fangs = place_scars(still.sheet, 6, {Trait.FANGS: 6}, today=DAY)
    assert hurt_fangs.sheet.rank(Trait.FANGS) is Rank.HURT
    fourth = place_scars(hurt_fangs.sheet, 3, {Trait.FANGS: 3}, today=DAY)
    assert fourth.died
    assert fourth.sheet.dead
    assert not fourth.in_real_danger


def test_more_scars_than_the_traits_can_take_cripple_every_trait() -> None:
    sheet = a_cat({trait: Rank.HURT for trait in Trait})
    assert scars_to_place(sheet, 20) == 18
    assert scars_to_place(sheet, 5) == 5
    placed = place_scars(sheet, 20, {trait: 3 for trait in Trait}, today=DAY)
    assert placed.died
    assert len(placed.sheet.crippled_traits) == 6


def test_the_narrator_places_scars_in_the_trait_used_first() -> None:
    # book l. 37: "usually in the Trait you tried to use".
    sheet = a_cat({Trait.FACE: Rank.HURT}, scars={Trait.FACE: 2})
    assert default_placement(sheet, Trait.FACE, 1) == {Trait.FACE: 1}
    assert default_placement(sheet, Trait.FACE, 4) == {Trait.FACE: 1, Trait.CLAWS: 3}
    crippled = a_cat({Trait.FACE: Rank.CRIPPLED})
    assert default_placement(crippled, Trait.FACE, 2) == {Trait.CLAWS: 2}


def test_a_dangerous_failure_flows_into_placement() -> None:
    # checklist: dangerous Hard, dice 3,5,2 -> 3 scars; placed in the Good trait used -> Hurt.
    taken = take_risk(a_cat(), Trait.COAT, Difficulty.HARD, ScriptedDice([3, 5, 2]), dangerous=True)
    owed = taken.result.scars
    placed = place_scars(
        taken.sheet, owed, default_placement(taken.sheet, Trait.COAT, owed), today=DAY
    )
    assert placed.sheet.rank(Trait.COAT) is Rank.HURT


def test_negative_scars_owed_are_a_bug_not_a_refusal() -> None:
    with pytest.raises(ValueError, match="cannot be negative"):
        place_scars(a_cat(), -1, {}, today=DAY)


def test_d11_scars_the_narrator_takes_back_give_back_the_ranks_they_cost() -> None:
    # Audit D11: an adjudicated success left Claws a rank down.
    sheet = a_cat()
    placed = place_scars(sheet, 4, {Trait.CLAWS: 4}, today=1).sheet
    assert (placed.rank(Trait.CLAWS), placed.scars(Trait.CLAWS)) == (Rank.GOOD, 1)
    back = take_back_scars(placed, {Trait.CLAWS: 4}, today=1)
    assert back.traits == sheet.traits and back.healing_since_day is None
