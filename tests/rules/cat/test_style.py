"""Style: a roll's surplus evens are banked or spent on a scene edit; banked Style can be spent
on a scene edit later (book l. 113-116, RULINGS)."""

import pytest

from rules.cat import (
    Difficulty,
    Rank,
    RiskTaken,
    SceneEdit,
    Trait,
    spend_banked_style,
    take_risk,
    use_style,
)
from rules.dice import ScriptedDice
from rules.errors import PawpostError
from tests.rules.cat.cats import a_cat


def two_style_roll() -> RiskTaken:
    """Strong Legs, Easy, three evens: 2 Style."""
    return take_risk(
        a_cat({Trait.LEGS: Rank.STRONG}, style=1),
        Trait.LEGS,
        Difficulty.EASY,
        ScriptedDice([2, 4, 6, 1]),
    )


def test_banking_keeps_the_style_for_later() -> None:
    taken = two_style_roll()
    assert taken.result.style_earned == 2
    used = use_style(taken.sheet, taken.result, bank=2)
    assert used.sheet.style == 3
    assert used.banked == 2
    assert used.scene_edit is None


def test_style_can_be_split_between_the_bank_and_a_scene_edit() -> None:
    taken = two_style_roll()
    used = use_style(taken.sheet, taken.result, bank=1, scene="  The gate  is open ")
    assert used.sheet.style == 2
    assert used.scene_edit == SceneEdit(style=1, text="The gate is open", from_bank=False)


def test_all_of_it_can_edit_the_scene() -> None:
    taken = two_style_roll()
    used = use_style(taken.sheet, taken.result, bank=0, scene="A crate stands under the window")
    assert used.sheet.style == 1
    assert used.scene_edit is not None
    assert used.scene_edit.style == 2


def test_banked_style_then_counts_as_automatic_evens() -> None:
    taken = two_style_roll()
    banked = use_style(taken.sheet, taken.result, bank=2).sheet
    later = take_risk(banked, Trait.COAT, Difficulty.HARD, ScriptedDice([1, 1, 1]), style=3)
    assert later.result.succeeded
    assert later.sheet.style == 0


def test_refusals_when_using_a_rolls_style() -> None:
    taken = two_style_roll()
    none = take_risk(a_cat(), Trait.COAT, Difficulty.EASY, ScriptedDice([2, 1, 1]))
    cases = [
        (none.sheet, none.result, {"bank": 0}, "This roll made no Style."),
        (taken.sheet, taken.result, {"bank": 3}, "This roll made 2 Style; you tried to bank 3."),
        (taken.sheet, taken.result, {"bank": -1}, "Style banked cannot be negative; you gave -1."),
        (
            taken.sheet,
            taken.result,
            {"bank": 1},
            "Say what the scene edit changes to spend 1 Style point on it.",
        ),
        (
            taken.sheet,
            taken.result,
            {"bank": 0, "scene": "  "},
            "Say what the scene edit changes to spend 2 Style points on it.",
        ),
        (
            taken.sheet,
            taken.result,
            {"bank": 2, "scene": "The gate is open"},
            "Banking all 2 Style leaves none for the scene edit.",
        ),
        (a_cat(lives=0), taken.result, {"bank": 2}, "This cat is dead."),
    ]
    for sheet, result, options, sentence in cases:
        with pytest.raises(PawpostError) as error:
            use_style(sheet, result, **options)
        assert error.value.message == sentence


def test_banked_style_can_edit_a_scene_outside_a_roll() -> None:
    used = spend_banked_style(a_cat(style=3), 2, "The dog is asleep")
    assert used.sheet.style == 1
    assert used.scene_edit == SceneEdit(style=2, text="The dog is asleep", from_bank=True)


def test_refusals_when_spending_banked_style() -> None:
    cases = [
        (a_cat(style=3), 0, "x", "Spend at least 1 Style point."),
        (a_cat(style=1), 2, "x", "The cat has 1 Style banked; you tried to spend 2."),
        (a_cat(style=1), 1, " ", "Say what the scene edit changes to spend 1 Style point on it."),
        (a_cat(style=1, lives=0), 1, "x", "This cat is dead."),
    ]
    for sheet, amount, scene, sentence in cases:
        with pytest.raises(PawpostError) as error:
            spend_banked_style(sheet, amount, scene)
        assert error.value.message == sentence
