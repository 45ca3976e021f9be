"""Changing the Dreamscape: Tail Risks of 1 to 5 evens with their Tail gates; the fifth drains
every Magic Point (book l. 190-212, RULINGS)."""

import pytest

from rules.cat import (
    DreamChange,
    Rank,
    RiskPurpose,
    Trait,
    change_dream,
    get_wet,
    spend_life_on_risk,
)
from rules.dice import ScriptedDice
from rules.errors import PawpostError
from tests.rules.cat.cats import a_cat

DAY = 3
LEGENDARY_TAIL = {Trait.TAIL: Rank.LEGENDARY}


@pytest.mark.parametrize(
    ("change", "evens", "tail", "line"),
    [
        (DreamChange.CHANGE_YOURSELF, 1, Rank.GOOD, 194),
        (DreamChange.CHANGE_SOMETHING_ELSE, 2, Rank.GOOD, 198),
        (DreamChange.ALTER_SOMETHING_ELSE, 3, Rank.BEST, 202),
        (DreamChange.CREATE_OR_DESTROY, 4, Rank.LEGENDARY, 206),
        (DreamChange.CHANGE_ONE_PLACE, 5, Rank.LEGENDARY, 210),
    ],
)
def test_each_change_needs_its_evens_and_its_tail(
    change: DreamChange, evens: int, tail: Rank, line: int
) -> None:
    assert (change.evens, change.tail, change.line) == (evens, tail, line)
    sheet = a_cat({Trait.TAIL: tail})
    dice = sheet.dice(Trait.TAIL)
    just = change_dream(sheet, change, ScriptedDice([2] * evens + [1] * (dice - evens)), today=DAY)
    assert just.result.needed == evens
    assert just.result.succeeded
    assert just.result.purpose is RiskPurpose.DREAM
    assert just.result.trait is Trait.TAIL
    short = change_dream(
        sheet, change, ScriptedDice([2] * (evens - 1) + [1] * (dice - evens + 1)), today=DAY
    )
    assert not short.result.succeeded
    lower = a_cat({Trait.TAIL: Rank.HURT if tail is Rank.GOOD else Rank.STRONG})
    with pytest.raises(PawpostError) as error:
        change_dream(lower, change, ScriptedDice([]), today=DAY)
    assert error.value.message == (
        f"{change.label} needs a {tail.label} Tail; this cat's Tail is "
        f"{lower.rank(Trait.TAIL).label}."
    )


def test_only_changing_one_place_drains_the_magic() -> None:
    assert [c.drains_magic for c in DreamChange] == [False, False, False, False, True]
    small = change_dream(a_cat(), DreamChange.CHANGE_YOURSELF, ScriptedDice([2] * 4), today=DAY)
    assert small.sheet.magic_points == 9
    assert small.magic_points_drained == 0


def test_completely_changing_one_place_drains_every_magic_point_when_tried() -> None:
    # book l. 212: "demanding every bit of magic a cat's got".
    sheet = a_cat(LEGENDARY_TAIL, magic_points=7)
    tried = change_dream(sheet, DreamChange.CHANGE_ONE_PLACE, ScriptedDice([1] * 6), today=DAY)
    assert not tried.result.succeeded
    assert tried.magic_points_drained == 7
    assert tried.sheet.magic_points == 0
    with pytest.raises(PawpostError) as error:
        change_dream(tried.sheet, DreamChange.CHANGE_ONE_PLACE, ScriptedDice([]), today=DAY)
    assert error.value.message == (
        "Completely Change One Place demands every bit of magic a cat has, and this cat has no "
        "Magic Points left."
    )


def test_a_life_succeeds_at_a_dream_change_whatever_its_evens() -> None:
    # book l. 100: "regardless of your Trait or the difficulty".
    tried = change_dream(
        a_cat(LEGENDARY_TAIL), DreamChange.CREATE_OR_DESTROY, ScriptedDice([1] * 6), today=DAY
    )
    saved = spend_life_on_risk(tried.sheet, tried.result)
    assert saved.result.succeeded
    assert saved.sheet.lives == 8


def test_dream_changes_take_advantage_reputation_and_style() -> None:
    dice = ScriptedDice([1] * 4 + [2] + [2, 2, 1])
    tried = change_dream(
        a_cat(style=1),
        DreamChange.CHANGE_SOMETHING_ELSE,
        dice,
        today=DAY,
        advantage=1,
        reputation="Brave",
        style=1,
    )
    assert dice.remaining == 0
    assert (tried.result.evens, tried.result.style_earned) == (4, 2)
    assert tried.sheet.style == 0


def test_no_dream_change_while_drenched_cursed_or_dead() -> None:
    cases = [
        (
            get_wet(a_cat(), today=DAY),
            "The cat is drenched and has no magic until the end of the game day.",
        ),
        (
            a_cat(bauble_risks_taken=0),
            "The cat is under the Bauble Curse and can do nothing but try to break free.",
        ),
        (a_cat(lives=0), "This cat is dead."),
    ]
    for sheet, sentence in cases:
        with pytest.raises(PawpostError) as error:
            change_dream(sheet, DreamChange.CHANGE_YOURSELF, ScriptedDice([]), today=DAY)
        assert error.value.message == sentence
