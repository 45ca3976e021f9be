"""Risks: the pool, evens against Easy 1 / Moderate 2 / Hard 3, who narrates, surplus Style,
scars on a dangerous failure, and spending a Life to succeed (book l. 15-41, 84, 100, 113)."""

import pytest

from rules.cat import (
    AdvantageSource,
    Difficulty,
    LastLifeNeedsConfirmation,
    Narrator,
    PoolPart,
    Rank,
    RiskPurpose,
    Trait,
    spend_life_on_risk,
    start_bauble_curse,
    take_risk,
)
from rules.dice import ScriptedDice
from rules.errors import PawpostError
from rules.rolls import Die, Modifier
from tests.rules.cat.cats import a_cat

STRONG_LEGS = {Trait.LEGS: Rank.STRONG}


def test_the_difficulties_need_1_2_and_3_evens() -> None:
    assert [d.evens for d in Difficulty] == [1, 2, 3]  # book l. 17-19
    assert [d.label for d in Difficulty] == ["Easy", "Moderate", "Hard"]


@pytest.mark.parametrize(
    ("difficulty", "faces", "succeeded"),
    [
        (Difficulty.EASY, [1, 2, 3, 5], True),
        (Difficulty.EASY, [1, 3, 3, 5], False),
        (Difficulty.MODERATE, [2, 4, 3, 5], True),
        (Difficulty.MODERATE, [2, 1, 3, 5], False),
        (Difficulty.HARD, [2, 4, 6, 5], True),
        (Difficulty.HARD, [2, 4, 1, 5], False),
    ],
)
def test_evens_equal_to_or_greater_than_the_difficulty_succeed(
    difficulty: Difficulty, faces: list[int], succeeded: bool
) -> None:
    # book l. 21: "equal to or greater than the Risk's difficulty".
    taken = take_risk(a_cat(STRONG_LEGS), Trait.LEGS, difficulty, ScriptedDice(faces))
    assert taken.result.succeeded is succeeded
    assert taken.result.narrator is (Narrator.PLAYER if succeeded else Narrator.NARRATOR)


def test_worked_example_strong_legs_moderate_2_3_6_6() -> None:
    # checklist, derived: 3 evens, a success, 1 Style.
    dice = ScriptedDice([2, 3, 6, 6])
    result = take_risk(a_cat(STRONG_LEGS), Trait.LEGS, Difficulty.MODERATE, dice).result
    assert dice.remaining == 0
    assert result.roll.dice == tuple(Die(sides=6, face=f) for f in (2, 3, 6, 6))
    assert result.roll.counts_evens
    assert (result.evens, result.needed, result.roll.target) == (3, 2, 2)
    assert result.succeeded
    assert result.narrator is Narrator.PLAYER
    assert result.style_earned == 1
    assert result.scars == 0
    assert result.roll.label == "Moderate Legs Risk"


def test_worked_example_dangerous_hard_1_3_4_5_gives_1_scar() -> None:
    # checklist, derived; book l. 35: "The lowest odd you rolled is the number of scars".
    result = take_risk(
        a_cat(STRONG_LEGS), Trait.LEGS, Difficulty.HARD, ScriptedDice([1, 3, 4, 5]), dangerous=True
    ).result
    assert result.evens == 1
    assert not result.succeeded
    assert result.narrator is Narrator.NARRATOR
    assert result.scars == 1
    assert result.style_earned == 0


def test_worked_example_dangerous_3_5_2_gives_3_scars() -> None:
    # checklist, derived: a Good trait rolls 3 dice.
    result = take_risk(
        a_cat(), Trait.COAT, Difficulty.HARD, ScriptedDice([3, 5, 2]), dangerous=True
    ).result
    assert (result.evens, result.succeeded, result.scars) == (1, False, 3)


def test_a_failed_roof_jump_scars_and_a_missed_fly_does_not() -> None:
    # book l. 33: jumping between roofs is dangerous; catching a fly with your paw is not.
    roof = take_risk(
        a_cat(), Trait.LEGS, Difficulty.HARD, ScriptedDice([5, 3, 5, 2, 5]), dangerous=True
    ).result
    fly = take_risk(a_cat(), Trait.CLAWS, Difficulty.HARD, ScriptedDice([5, 3, 5, 2])).result
    assert (roof.succeeded, roof.scars) == (False, 3)
    assert (fly.succeeded, fly.scars) == (False, 0)


def test_a_failure_with_no_odd_die_gives_no_scars() -> None:
    hurt = a_cat({Trait.FACE: Rank.HURT})
    result = take_risk(
        hurt, Trait.FACE, Difficulty.HARD, ScriptedDice([2, 4]), dangerous=True
    ).result
    assert (result.evens, result.succeeded, result.scars) == (2, False, 0)


def test_a_dangerous_success_gives_no_scars() -> None:
    result = take_risk(
        a_cat(), Trait.COAT, Difficulty.EASY, ScriptedDice([1, 2, 3]), dangerous=True
    ).result
    assert (result.succeeded, result.scars) == (True, 0)


def test_the_pool_is_trait_plus_advantage_plus_the_reputations_rank() -> None:
    # book l. 15, 25, 84: Strong Legs 4 + 2 Advantage + Brave 3 = 9 dice.
    dice = ScriptedDice([1] * 9)
    taken = take_risk(
        a_cat(STRONG_LEGS),
        Trait.LEGS,
        Difficulty.EASY,
        dice,
        advantage=2,
        reputation="brave",
    )
    assert dice.remaining == 0
    assert taken.result.pool == (
        PoolPart(reason="Legs (Strong)", dice=4),
        PoolPart(reason="Advantage (granted)", dice=2),
        PoolPart(reason="Brave (Reputation)", dice=3),
    )
    assert len(taken.result.roll.dice) == 9


def test_claimed_advantage_is_marked_as_claimed() -> None:
    taken = take_risk(
        a_cat(),
        Trait.COAT,
        Difficulty.EASY,
        ScriptedDice([1, 1, 1, 2]),
        advantage=1,
        advantage_source=AdvantageSource.CLAIMED,
    )
    assert taken.result.pool[1] == PoolPart(reason="Advantage (claimed)", dice=1)
    assert taken.result.succeeded


def test_style_spent_adds_automatic_evens_that_are_not_dice() -> None:
    sheet = a_cat(style=3)
    taken = take_risk(sheet, Trait.COAT, Difficulty.HARD, ScriptedDice([1, 3, 2]), style=2)
    result = taken.result
    assert len(result.roll.dice) == 3  # Style is not a die
    assert result.roll.modifiers == (Modifier(value=2, reason="Style spent"),)
    assert (result.rolled_evens, result.automatic_evens, result.evens) == (1, 2, 3)
    assert result.succeeded
    assert taken.sheet.style == 1


def test_only_rolled_evens_beyond_what_was_still_needed_become_style() -> None:
    # RULINGS: Moderate needs 2, 1 Style spent leaves 1 needed; 3 evens rolled make 2 Style.
    sheet = a_cat(STRONG_LEGS, style=1)
    result = take_risk(
        sheet, Trait.LEGS, Difficulty.MODERATE, ScriptedDice([2, 4, 6, 1]), style=1
    ).result
    assert result.style_earned == 2
    # Spending more Style than needed makes every rolled even surplus.
    sheet = a_cat(STRONG_LEGS, style=3)
    result = take_risk(
        sheet, Trait.LEGS, Difficulty.MODERATE, ScriptedDice([2, 4, 1, 1]), style=3
    ).result
    assert result.style_earned == 2


def test_an_automatic_even_is_never_the_lowest_odd_die() -> None:
    # checklist l. 11: Style spent "is not a die (so it is never the lowest odd die for scars)".
    sheet = a_cat({Trait.FACE: Rank.HURT}, style=2)
    result = take_risk(
        sheet, Trait.FACE, Difficulty.HARD, ScriptedDice([3, 5]), style=2, dangerous=True
    ).result
    assert (result.evens, result.succeeded, result.scars) == (2, False, 3)


def test_a_crippled_trait_cannot_take_a_risk() -> None:
    # book l. 41; RULINGS: "not even by spending a Life".
    with pytest.raises(PawpostError) as error:
        take_risk(a_cat({Trait.FACE: Rank.CRIPPLED}), Trait.FACE, Difficulty.EASY, ScriptedDice([]))
    assert error.value.message == (
        "Face is Crippled: a cat takes no Risks with a Crippled trait, not even by spending a Life."
    )


def test_refusals() -> None:
    cases = [
        (a_cat(lives=0), {}, "This cat is dead."),
        (
            a_cat(bauble_risks_taken=0),
            {},
            "The cat is under the Bauble Curse and can take no Risk but the Hard Tail Risks to "
            "break free.",
        ),
        (a_cat(), {"advantage": -1}, "Advantage dice cannot be negative; you gave -1."),
        (a_cat(), {"style": -1}, "Style spent cannot be negative; you gave -1."),
        (a_cat(style=2), {"style": 3}, "The cat has 2 Style banked; you tried to spend 3."),
        (a_cat(), {"reputation": "Kind"}, "The cat has no Reputation called Kind."),
        (a_cat(), {"advantage": 98}, "A roll has at most 100 dice; this one would have 101."),
    ]
    for sheet, options, sentence in cases:
        with pytest.raises(PawpostError) as error:
            take_risk(sheet, Trait.COAT, Difficulty.EASY, ScriptedDice([]), **options)
        assert error.value.message == sentence


def test_a_label_can_be_given() -> None:
    result = take_risk(
        a_cat(), Trait.COAT, Difficulty.EASY, ScriptedDice([2, 2, 2]), label="Shake off the rain"
    ).result
    assert result.roll.label == "Shake off the rain"
    assert result.purpose is RiskPurpose.RISK


def test_a_life_makes_a_failed_risk_succeed() -> None:
    # book l. 100: "regardless of your Trait or the difficulty".
    taken = take_risk(a_cat(), Trait.COAT, Difficulty.HARD, ScriptedDice([1, 3, 5]), dangerous=True)
    assert (taken.result.succeeded, taken.result.scars) == (False, 1)
    saved = spend_life_on_risk(taken.sheet, taken.result)
    assert saved.sheet.lives == 8
    assert saved.result.life_spent
    assert saved.result.succeeded
    assert saved.result.narrator is Narrator.PLAYER
    assert saved.result.scars == 0
    assert saved.result.style_earned == 0


def test_a_life_is_not_spent_on_a_success() -> None:
    taken = take_risk(a_cat(), Trait.COAT, Difficulty.EASY, ScriptedDice([2, 1, 1]))
    with pytest.raises(PawpostError) as error:
        spend_life_on_risk(taken.sheet, taken.result)
    assert error.value.message == "The Risk already succeeded, so there is no need to spend a Life."


def test_the_last_life_asks_for_confirmation_then_succeeds_and_kills() -> None:
    # RULINGS: "spending the last Life asks for confirmation; its effect applies, then the cat
    # dies".
    taken = take_risk(a_cat(lives=1), Trait.COAT, Difficulty.HARD, ScriptedDice([1, 1, 1]))
    with pytest.raises(LastLifeNeedsConfirmation) as error:
        spend_life_on_risk(taken.sheet, taken.result)
    assert error.value.message == (
        "This is the cat's last Life: spending it kills the cat once its effect applies, so "
        "confirm to spend it."
    )
    saved = spend_life_on_risk(taken.sheet, taken.result, confirm_last=True)
    assert saved.result.succeeded
    assert saved.sheet.lives == 0
    assert saved.sheet.dead
    with pytest.raises(PawpostError, match=r"^This cat is dead\.$"):
        take_risk(saved.sheet, Trait.COAT, Difficulty.EASY, ScriptedDice([2, 2, 2]))


def test_s3_no_life_is_spent_on_an_old_failure_while_cursed() -> None:
    # Audit section 3: "Spend a Life to succeed" stayed clickable under the Bauble Curse.
    taken = take_risk(a_cat(), Trait.CLAWS, Difficulty.HARD, ScriptedDice([1, 1, 1, 1]))
    cursed = start_bauble_curse(taken.sheet)
    with pytest.raises(PawpostError) as error:
        spend_life_on_risk(cursed, taken.result)
    assert error.value.message == (
        "The cat is under the Bauble Curse and can do nothing but try to break free."
    )
