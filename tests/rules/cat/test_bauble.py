"""The Bauble Curse: no Risk but three Hard Tail Risks, free after the third whatever they
rolled, or at the first success where a server says so (book l. 134-138, RULINGS)."""

import pytest

from rules.cat import (
    Difficulty,
    Move,
    Rank,
    RiskPurpose,
    Trait,
    break_free,
    cat_fight,
    end_bauble_curse,
    spend_life_on_risk,
    start_bauble_curse,
    take_risk,
)
from rules.dice import ScriptedDice
from rules.errors import PawpostError
from tests.rules.cat.cats import a_cat

FAIL = [1, 1, 1, 1]  # Strong Tail: 4 dice, no even
SUCCEED = [2, 2, 2, 1]


def test_a_cursed_cat_takes_no_other_risk() -> None:
    cursed = start_bauble_curse(a_cat())
    assert cursed.cursed
    assert cursed.bauble_risks_taken == 0
    with pytest.raises(PawpostError, match="under the Bauble Curse and can take no Risk"):
        take_risk(cursed, Trait.LEGS, Difficulty.EASY, ScriptedDice([]))
    with pytest.raises(PawpostError, match="under the Bauble Curse"):
        cat_fight(cursed, [Move.CLAWS], a_cat(), [Move.CLAWS], ScriptedDice([]))


def test_failing_all_three_hard_tail_risks_frees_the_cat() -> None:
    # book l. 138: "If he fails all three Risks, he is suddenly free from the Curse."
    sheet = start_bauble_curse(a_cat())
    for attempt in (1, 2):
        tried = break_free(sheet, ScriptedDice(FAIL))
        assert (tried.attempt, tried.freed) == (attempt, False)
        assert tried.result.trait is Trait.TAIL
        assert tried.result.needed == 3  # Hard
        assert tried.result.purpose is RiskPurpose.BREAK_FREE
        assert tried.result.roll.label == f"Breaking the Bauble Curse ({attempt} of 3)"
        sheet = tried.sheet
        assert sheet.bauble_risks_taken == attempt
    third = break_free(sheet, ScriptedDice(FAIL))
    assert (third.attempt, third.freed) == (3, True)
    assert not third.sheet.cursed
    assert take_risk(
        third.sheet, Trait.LEGS, Difficulty.EASY, ScriptedDice([2] * 5)
    ).result.succeeded


def test_by_default_a_success_does_not_free_the_cat_before_the_third_risk() -> None:
    # RULINGS: free "after the third whatever they roll".
    tried = break_free(start_bauble_curse(a_cat()), ScriptedDice(SUCCEED))
    assert tried.result.succeeded
    assert not tried.freed
    assert tried.sheet.cursed


def test_a_server_may_free_the_cat_at_the_first_success() -> None:
    sheet = break_free(
        start_bauble_curse(a_cat()), ScriptedDice(FAIL), free_at_first_success=True
    ).sheet
    tried = break_free(sheet, ScriptedDice(SUCCEED), free_at_first_success=True)
    assert (tried.attempt, tried.freed) == (2, True)
    assert not tried.sheet.cursed


def test_a_life_frees_the_cat_only_where_a_success_does() -> None:
    tried = break_free(start_bauble_curse(a_cat()), ScriptedDice(FAIL))
    with pytest.raises(PawpostError) as error:
        spend_life_on_risk(tried.sheet, tried.result)
    assert error.value.message == (
        "A success here does not end the Bauble Curse, so a Life spent on it would be wasted."
    )
    saved = spend_life_on_risk(tried.sheet, tried.result, free_at_first_success=True)
    assert saved.result.succeeded
    assert not saved.sheet.cursed
    assert saved.sheet.lives == 8


def test_a_life_is_not_wasted_after_the_third_risk_freed_the_cat() -> None:
    sheet = a_cat(bauble_risks_taken=2)
    third = break_free(sheet, ScriptedDice(FAIL), free_at_first_success=True)
    assert third.freed
    with pytest.raises(PawpostError, match="would be wasted"):
        spend_life_on_risk(third.sheet, third.result, free_at_first_success=True)


def test_the_tries_take_style_advantage_and_a_reputation_like_any_risk() -> None:
    dice = ScriptedDice([1] * 4 + [2] + [1] * 3)
    tried = break_free(
        a_cat(bauble_risks_taken=0, style=1), dice, advantage=1, reputation="Brave", style=1
    )
    assert dice.remaining == 0
    assert tried.result.evens == 2
    assert tried.sheet.style == 0


def test_an_admin_ends_the_curse() -> None:
    assert not end_bauble_curse(a_cat(bauble_risks_taken=1)).cursed


def test_curse_refusals() -> None:
    cases = [
        (
            start_bauble_curse,
            a_cat(bauble_risks_taken=0),
            "The cat is already under the Bauble Curse.",
        ),
        (start_bauble_curse, a_cat(lives=0), "This cat is dead."),
        (end_bauble_curse, a_cat(), "The cat is not under the Bauble Curse."),
    ]
    for action, sheet, sentence in cases:
        with pytest.raises(PawpostError) as error:
            action(sheet)
        assert error.value.message == sentence
    with pytest.raises(PawpostError, match=r"^The cat is not under the Bauble Curse\.$"):
        break_free(a_cat(), ScriptedDice([]))


def test_a_crippled_tail_cannot_try_to_break_free() -> None:
    sheet = a_cat({Trait.TAIL: Rank.CRIPPLED}, bauble_risks_taken=0)
    with pytest.raises(PawpostError) as error:
        break_free(sheet, ScriptedDice([]))
    assert error.value.message == (
        "The cat's Tail is Crippled, so it cannot try to break free; the curse holds until the "
        "bauble is out of sight or an admin ends it."
    )
