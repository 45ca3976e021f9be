"""Tricks, Magic Points, sleep and getting wet (book l. 120-188, RULINGS)."""

import pytest

from rules.cat import (
    TRICKS,
    CatAction,
    Difficulty,
    LastLifeNeedsConfirmation,
    Move,
    PoolPart,
    Rank,
    Trait,
    Trick,
    dry_off,
    fight_round,
    get_wet,
    make_foe,
    sleep,
    start_fight,
    take_risk,
    usable_tiers,
    use_style,
    use_trick,
    with_frenzy,
)
from rules.dice import ScriptedDice
from rules.errors import PawpostError
from rules.rolls import Die
from tests.rules.cat.cats import a_cat

DAY = 20
GOOD_TAIL = {Trait.TAIL: Rank.GOOD}
STRONG_TAIL = {Trait.TAIL: Rank.STRONG}
BEST_TAIL = {Trait.TAIL: Rank.BEST}


def test_every_trick_with_its_rank_and_line() -> None:
    assert {
        trick: (info.name, info.rank, info.variable, info.line) for trick, info in TRICKS.items()
    } == {
        Trick.FALL_ON_ALL_FOURS: ("Fall on All Fours", Rank.GOOD, True, 157),
        Trick.HIDE_IN_PLAIN_SIGHT: ("Hide in Plain Sight", Rank.GOOD, True, 163),
        Trick.SNEAK: ("Sneak", Rank.GOOD, True, 169),
        Trick.DOORSLIP: ("Doorslip", Rank.STRONG, False, 175),
        Trick.DINNER_DANCE_RITUAL: ("The Dinner Dance Ritual", Rank.GOOD, False, 178),
        Trick.DREAM_BITE: ("Dream Bite", Rank.GOOD, False, 181),
        Trick.CHASE_YOUR_TAIL_WHAMMY: ("The Chase Your Tail Whammy", Rank.BEST, False, 184),
        Trick.FIGHTING_FRENZY: ("Fighting Frenzy", Rank.GOOD, False, 187),
    }
    for trick in Trick:
        tiers = [tier.rank for tier in trick.info.tiers]
        if trick.info.variable:  # book l. 153: Good, Strong and Best effects
            assert tiers == [Rank.GOOD, Rank.STRONG, Rank.BEST]
        else:  # a fixed Trick has only its own rank
            assert tiers == [trick.info.rank]


@pytest.mark.parametrize("trick", list(Trick))
@pytest.mark.parametrize("tail", [Rank.LEGENDARY, Rank.BEST, Rank.STRONG, Rank.GOOD, Rank.HURT])
def test_a_trick_is_usable_when_the_tail_is_equal_to_or_greater_than_its_rank(
    trick: Trick, tail: Rank
) -> None:
    # book l. 151.
    sheet = a_cat({Trait.TAIL: tail})
    dice = ScriptedDice([2] * 12)
    if tail.at_least(trick.info.rank):
        used = use_trick(sheet, trick, dice, today=DAY, confirm_last=True)
        assert used.result.succeeded
        assert used.result.magic_points_spent == 1
        assert used.sheet.magic_points == sheet.magic_points - 1
    else:
        with pytest.raises(PawpostError) as error:
            use_trick(sheet, trick, dice, today=DAY)
        assert error.value.message == (
            f"{trick.info.name} needs a {trick.info.rank.label} Tail; this cat's Tail is "
            f"{tail.label}."
        )


def test_a_crippled_tail_plays_no_trick() -> None:
    with pytest.raises(PawpostError, match="needs a Good Tail; this cat's Tail is Crippled"):
        use_trick(a_cat({Trait.TAIL: Rank.CRIPPLED}), Trick.SNEAK, ScriptedDice([]), today=DAY)


def test_variable_tricks_give_every_tier_up_to_the_tail() -> None:
    # book l. 153.
    assert [t.rank for t in usable_tiers(Trick.SNEAK, Rank.GOOD)] == [Rank.GOOD]
    assert [t.rank for t in usable_tiers(Trick.SNEAK, Rank.STRONG)] == [Rank.GOOD, Rank.STRONG]
    assert [t.rank for t in usable_tiers(Trick.SNEAK, Rank.LEGENDARY)] == [
        Rank.GOOD,
        Rank.STRONG,
        Rank.BEST,
    ]
    assert usable_tiers(Trick.SNEAK, Rank.HURT) == ()


@pytest.mark.parametrize(
    ("tail", "feet", "needed"),
    [(GOOD_TAIL, 20, 1), (STRONG_TAIL, 40, 2), (BEST_TAIL, 70, 3)],
)
def test_fall_on_all_fours_at_the_tails_tier(
    tail: dict[Trait, Rank], feet: int, needed: int
) -> None:
    # book l. 159-161; RULINGS: Good 1, Strong 2, Best 3 evens.
    sheet = a_cat(tail)
    dice = ScriptedDice([2] * needed + [1] * (sheet.dice(Trait.TAIL) - needed))
    result = use_trick(sheet, Trick.FALL_ON_ALL_FOURS, dice, today=DAY).result
    assert dice.remaining == 0
    assert result.needed == needed
    assert result.succeeded
    assert result.feet == feet
    assert result.effect.startswith(f"falls {feet} feet")
    assert result.style_earned == 0


def test_s3_a_variable_trick_works_at_the_highest_tier_its_evens_reach() -> None:
    # Audit section 3: a Best Tail falling 20 ft needed 3 evens, and 2 evens fell to nothing.
    result = use_trick(
        a_cat(BEST_TAIL), Trick.FALL_ON_ALL_FOURS, ScriptedDice([2, 2, 1, 1, 1]), today=DAY
    ).result
    assert (result.evens, result.needed, result.succeeded, result.feet) == (2, 2, True, 40)
    assert (result.tier, result.aimed) == (Rank.STRONG, Rank.BEST)
    aimed_low = use_trick(
        a_cat(BEST_TAIL),
        Trick.FALL_ON_ALL_FOURS,
        ScriptedDice([2, 2, 1, 1, 1]),
        today=DAY,
        tier=Rank.GOOD,
    ).result
    assert (aimed_low.tier, aimed_low.needed, aimed_low.style_earned) == (Rank.GOOD, 1, 1)


def test_no_even_fails_at_the_lowest_tier() -> None:
    result = use_trick(
        a_cat(BEST_TAIL), Trick.FALL_ON_ALL_FOURS, ScriptedDice([1, 1, 1, 1, 1]), today=DAY
    ).result
    assert (result.evens, result.needed, result.succeeded, result.feet) == (0, 1, False, None)
    assert result.tier is Rank.GOOD


def test_a_lower_tier_can_be_chosen_and_needs_its_own_evens() -> None:
    result = use_trick(
        a_cat(BEST_TAIL),
        Trick.HIDE_IN_PLAIN_SIGHT,
        ScriptedDice([2, 1, 1, 1, 1]),
        today=DAY,
        tier=Rank.GOOD,
    ).result
    assert (result.tier, result.needed, result.succeeded) == (Rank.GOOD, 1, True)
    assert "back turned" in result.effect


def test_tier_refusals() -> None:
    with pytest.raises(PawpostError) as error:
        use_trick(a_cat(STRONG_TAIL), Trick.SNEAK, ScriptedDice([]), today=DAY, tier=Rank.BEST)
    assert error.value.message == (
        "The Best tier of Sneak needs a Best Tail; this cat's Tail is Strong."
    )
    with pytest.raises(PawpostError) as error:
        use_trick(a_cat(BEST_TAIL), Trick.DOORSLIP, ScriptedDice([]), today=DAY, tier=Rank.GOOD)
    assert error.value.message == "Doorslip has no Good tier."


def test_fixed_tricks_need_their_ranks_evens() -> None:
    doorslip = use_trick(a_cat(BEST_TAIL), Trick.DOORSLIP, ScriptedDice([2, 2, 1, 1, 1]), today=DAY)
    assert (doorslip.result.tier, doorslip.result.needed, doorslip.result.succeeded) == (
        Rank.STRONG,
        2,
        True,
    )
    assert "sacrifice" in doorslip.result.effect
    dance = use_trick(
        a_cat(GOOD_TAIL), Trick.DINNER_DANCE_RITUAL, ScriptedDice([1, 1, 2]), today=DAY
    )
    assert dance.result.needed == 1
    assert "3 times" in dance.result.effect
    bite = use_trick(a_cat(GOOD_TAIL), Trick.DREAM_BITE, ScriptedDice([1, 1, 2]), today=DAY)
    assert "2 or 3 bites" in bite.result.effect


def test_one_magic_point_rolls_the_tail_and_each_extra_one_an_advantage_die() -> None:
    # book l. 128.
    sheet = a_cat(GOOD_TAIL)
    dice = ScriptedDice([1, 1, 1, 1, 2])
    used = use_trick(sheet, Trick.SNEAK, dice, today=DAY, extra_magic_points=2)
    assert dice.remaining == 0
    assert used.result.pool == (
        PoolPart(reason="Tail (Good)", dice=3),
        PoolPart(reason="Advantage (extra Magic Points)", dice=2),
    )
    assert used.result.magic_points_spent == 3
    assert used.sheet.magic_points == 5
    assert used.result.succeeded


def test_magic_points_are_spent_even_when_the_trick_fails() -> None:
    used = use_trick(a_cat(GOOD_TAIL), Trick.SNEAK, ScriptedDice([1, 3, 5]), today=DAY)
    assert not used.result.succeeded
    assert used.sheet.magic_points == 7


def test_a_trick_needs_the_magic_points() -> None:
    with pytest.raises(PawpostError) as error:
        use_trick(
            a_cat(GOOD_TAIL, magic_points=2),
            Trick.SNEAK,
            ScriptedDice([]),
            today=DAY,
            extra_magic_points=2,
        )
    assert error.value.message == "The cat has 2 Magic Points left; this Trick needs 3."
    with pytest.raises(
        PawpostError, match=r"^The cat has 0 Magic Points left; this Trick needs 1\.$"
    ):
        use_trick(a_cat(magic_points=0), Trick.SNEAK, ScriptedDice([]), today=DAY)
    with pytest.raises(
        PawpostError, match=r"^The cat has 1 Magic Point left; this Trick needs 2\.$"
    ):
        use_trick(
            a_cat(magic_points=1), Trick.SNEAK, ScriptedDice([]), today=DAY, extra_magic_points=1
        )
    with pytest.raises(
        PawpostError, match=r"^Extra Magic Points cannot be negative; you gave -1\.$"
    ):
        use_trick(a_cat(), Trick.SNEAK, ScriptedDice([]), today=DAY, extra_magic_points=-1)


def test_the_whammy_lasts_d3_minutes() -> None:
    # book l. 185.
    used = use_trick(
        a_cat(BEST_TAIL), Trick.CHASE_YOUR_TAIL_WHAMMY, ScriptedDice([2, 2, 2, 1, 1, 3]), today=DAY
    )
    assert used.result.succeeded
    assert used.result.minutes is not None
    assert used.result.minutes.dice == (Die(sides=3, face=3),)
    assert used.result.minutes.total == 3
    failed = use_trick(
        a_cat(BEST_TAIL), Trick.CHASE_YOUR_TAIL_WHAMMY, ScriptedDice([2, 2, 1, 1, 1]), today=DAY
    )
    assert failed.result.minutes is None


def test_fighting_frenzy_with_a_good_tail_gives_three_actions() -> None:
    # book l. 188: "a cat with a Good Tail (3) can take three actions during a round".
    used = use_trick(a_cat(GOOD_TAIL), Trick.FIGHTING_FRENZY, ScriptedDice([2, 1, 1]), today=DAY)
    assert used.result.frenzy_actions == 3
    assert used.result.life_spent
    assert (used.sheet.lives, used.sheet.magic_points) == (8, 7)
    fight = with_frenzy(start_fight([make_foe("Boggin", 2, 9)]), used.result.frenzy_actions)
    fought = fight_round(
        fight, used.sheet, [CatAction(move=Move.CLAWS)] * 3, ScriptedDice([2, 1, 1, 1] * 3 + [1, 1])
    )
    assert fought.round.foe_scars == {0: 3}


def test_fighting_frenzy_costs_its_life_and_magic_point_when_tried() -> None:
    # RULINGS: "Fighting Frenzy costs a Life and its MP when tried".
    used = use_trick(a_cat(GOOD_TAIL), Trick.FIGHTING_FRENZY, ScriptedDice([1, 1, 1]), today=DAY)
    assert not used.result.succeeded
    assert used.result.frenzy_actions == 0
    assert (used.sheet.lives, used.sheet.magic_points) == (8, 7)


def test_fighting_frenzy_with_the_last_life_needs_confirmation() -> None:
    with pytest.raises(LastLifeNeedsConfirmation):
        use_trick(a_cat(lives=1), Trick.FIGHTING_FRENZY, ScriptedDice([2, 2, 2, 2]), today=DAY)
    used = use_trick(
        a_cat(lives=1),
        Trick.FIGHTING_FRENZY,
        ScriptedDice([2, 2, 2, 2]),
        today=DAY,
        confirm_last=True,
    )
    assert used.sheet.dead


def test_style_on_a_trick_adds_evens_and_surplus_evens_make_style() -> None:
    used = use_trick(
        a_cat(BEST_TAIL, style=1),
        Trick.SNEAK,
        ScriptedDice([2, 2, 2, 1, 1]),
        today=DAY,
        style=1,
    )
    assert used.sheet.style == 0
    assert (used.result.evens, used.result.needed, used.result.style_earned) == (4, 3, 1)
    assert use_style(used.sheet, used.result, bank=1).sheet.style == 1


def test_the_evens_a_tier_needs_are_a_server_setting() -> None:
    easy = {Rank.GOOD: 1, Rank.STRONG: 1, Rank.BEST: 1}
    result = use_trick(
        a_cat(BEST_TAIL), Trick.SNEAK, ScriptedDice([2, 1, 1, 1, 1]), today=DAY, evens=easy
    ).result
    assert (result.needed, result.succeeded) == (1, True)


def test_a_drenched_cat_has_no_magic_until_the_game_day_ends() -> None:
    # book l. 142: "even if he gets himself dry again".
    wet = get_wet(a_cat(), today=DAY)
    with pytest.raises(PawpostError) as error:
        use_trick(wet, Trick.SNEAK, ScriptedDice([]), today=DAY)
    assert (
        error.value.message == "The cat is drenched and has no magic until the end of the game day."
    )
    assert use_trick(wet, Trick.SNEAK, ScriptedDice([2, 2, 2, 2]), today=DAY + 1).result.succeeded
    assert take_risk(wet, Trait.COAT, Difficulty.EASY, ScriptedDice([2, 1, 1])).result.succeeded
    assert not dry_off(wet).is_wet(DAY)
    with pytest.raises(PawpostError, match=r"^This cat is dead\.$"):
        get_wet(a_cat(lives=0), today=DAY)


def test_cursed_and_dead_cats_play_no_tricks() -> None:
    with pytest.raises(PawpostError) as error:
        use_trick(a_cat(bauble_risks_taken=1), Trick.SNEAK, ScriptedDice([]), today=DAY)
    assert error.value.message == (
        "The cat is under the Bauble Curse and can do nothing but try to break free."
    )
    with pytest.raises(PawpostError, match=r"^This cat is dead\.$"):
        use_trick(a_cat(lives=0), Trick.SNEAK, ScriptedDice([]), today=DAY)


def test_style_for_a_trick_must_be_banked() -> None:
    with pytest.raises(PawpostError, match=r"^The cat has 0 Style banked; you tried to spend 1\.$"):
        use_trick(a_cat(), Trick.SNEAK, ScriptedDice([]), today=DAY, style=1)


def test_sleep_brings_back_one_magic_point_an_hour_up_to_the_maximum() -> None:
    # book l. 132.
    slept = sleep(a_cat(GOOD_TAIL, magic_points=2), 4)
    assert (slept.sheet.magic_points, slept.regained) == (6, 4)
    night = sleep(slept.sheet, 8)
    assert (night.sheet.magic_points, night.regained) == (8, 2)
    assert sleep(night.sheet, 0).regained == 0
    with pytest.raises(PawpostError, match=r"^Hours of sleep cannot be negative; you gave -1\.$"):
        sleep(a_cat(), -1)
    with pytest.raises(PawpostError, match=r"^This cat is dead\.$"):
        sleep(a_cat(lives=0), 1)


def test_a_trick_result_with_a_tier_the_trick_lacks_is_a_bug() -> None:
    used = use_trick(a_cat(BEST_TAIL), Trick.DOORSLIP, ScriptedDice([2, 2, 1, 1, 1]), today=DAY)
    broken = used.result.model_copy(update={"tier": Rank.GOOD})
    assert broken.feet is None
    with pytest.raises(ValueError, match="has no good tier"):
        _ = broken.effect
