"""Dice notation: parsing, normalisation, rolling, limits and the messages players see."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.dice import (
    Constant,
    DiceExhausted,
    DiceExpression,
    DiceNotationError,
    DiceTerm,
    ScriptedDice,
    SystemDice,
    parse_expression,
)
from rules.errors import PawpostError
from rules.rolls import Die, Modifier


@pytest.mark.parametrize(
    ("text", "terms", "normalised"),
    [
        ("3d8+5", (DiceTerm(3, 8), Constant(5)), "3d8+5"),
        ("2d6-1", (DiceTerm(2, 6), Constant(-1)), "2d6-1"),
        ("d20", (DiceTerm(1, 20),), "1d20"),
        ("1d3", (DiceTerm(1, 3),), "1d3"),
        ("d%", (DiceTerm(1, 100),), "1d100"),
        ("d100", (DiceTerm(1, 100),), "1d100"),
        ("2D%", (DiceTerm(2, 100),), "2d100"),
        (
            "4d6 + 2d4 - 3",
            (DiceTerm(4, 6), DiceTerm(2, 4), Constant(-3)),
            "4d6+2d4-3",
        ),
        ("  3D8  +  5 ", (DiceTerm(3, 8), Constant(5)), "3d8+5"),
        ("1d6 - 1d4", (DiceTerm(1, 6), DiceTerm(1, 4, negative=True)), "1d6-1d4"),
        ("-2d4+1", (DiceTerm(2, 4, negative=True), Constant(1)), "-2d4+1"),
        ("+7", (Constant(7),), "7"),
        ("03d06+0", (DiceTerm(3, 6), Constant(0)), "3d6+0"),
    ],
)
def test_parses_and_normalises(text: str, terms: tuple[object, ...], normalised: str) -> None:
    expression = parse_expression(text)
    assert expression.terms == terms
    assert expression.text == normalised
    assert not expression.counts_evens
    assert parse_expression(expression.text) == expression


@pytest.mark.parametrize("text", ["5d6 evens", "5D6 EVENS", "5d6evens", " 5d6   Evens "])
def test_parses_an_evens_pool(text: str) -> None:
    expression = parse_expression(text)
    assert expression == DiceExpression((DiceTerm(5, 6),), counts_evens=True)
    assert expression.text == "5d6 evens"
    assert (expression.minimum, expression.maximum) == (0, 5)


def test_rolls_sum_of_dice_and_constant() -> None:
    dice = ScriptedDice([8, 1, 4])
    roll = parse_expression("3d8+5").roll(dice, "Attack")
    assert roll.label == "Attack"
    assert roll.dice == (Die(sides=8, face=8), Die(sides=8, face=1), Die(sides=8, face=4))
    assert roll.modifiers == (Modifier(value=5, reason=""),)
    assert roll.total == 18
    assert not roll.counts_evens
    assert dice.remaining == 0


def test_rolls_terms_left_to_right() -> None:
    roll = parse_expression("4d6 + 2d4 - 3").roll(ScriptedDice([6, 5, 4, 3, 2, 1]), "Damage")
    assert [(die.sides, die.face) for die in roll.dice] == [
        (6, 6),
        (6, 5),
        (6, 4),
        (6, 3),
        (4, 2),
        (4, 1),
    ]
    assert roll.total == 6 + 5 + 4 + 3 + 2 + 1 - 3


def test_rolls_percentile() -> None:
    roll = parse_expression("d%").roll(ScriptedDice([100]), "Luck")
    assert roll.dice == (Die(sides=100, face=100),)
    assert roll.total == 100


def test_subtracted_dice_become_a_modifier() -> None:
    roll = parse_expression("1d6-2d4+1").roll(ScriptedDice([5, 3, 1]), "Odd")
    assert roll.dice == (Die(sides=6, face=5),)
    assert roll.modifiers == (
        Modifier(value=-4, reason="-2d4 [3, 1]"),
        Modifier(value=1, reason=""),
    )
    assert roll.total == 2


def test_evens_pool_counts_even_faces() -> None:
    roll = parse_expression("5d6 evens").roll(ScriptedDice([1, 2, 3, 4, 6]), "Hunt")
    assert roll.counts_evens
    assert roll.modifiers == ()
    assert len(roll.dice) == 5
    assert roll.total == 3


def test_bounds() -> None:
    expression = parse_expression("4d6 + 2d4 - 3")
    assert (expression.minimum, expression.maximum) == (3, 29)
    expression = parse_expression("1d6 - 2d4 + 1")
    assert (expression.minimum, expression.maximum) == (-6, 5)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("3d", '"3d" at position 2: expected the number of sides'),
        ("4d6 + 2d", '"2d" at position 8: expected the number of sides'),
        ("d+1", '"d" at position 1: expected the number of sides'),
        ("", '"" at position 1: expected dice to roll, like 2d6+3'),
        ("   ", '"" at position 1: expected dice to roll, like 2d6+3'),
        ("2d6 $", '"$" at position 5: expected dice like 2d6, a number, + or -'),
        ("3x6", '"x" at position 2: expected dice like 2d6, a number, + or -'),
        ("dice", '"dice" at position 1: expected dice like 2d6, a number, + or -'),
        ("2d6\u200b", '"U+200B" at position 4: expected dice like 2d6, a number, + or -'),
        ("2d6+", '"+" at position 4: expected dice or a number after it'),
        ("2d6 - ", '"-" at position 5: expected dice or a number after it'),
        ("-", '"-" at position 1: expected dice or a number after it'),
        ("2d6++3", '"+" at position 5: expected dice or a number'),
        ("evens", '"evens" at position 1: expected dice or a number'),
        ("2d6 3", '"3" at position 5: expected + or -'),
        ("3 d6", '"d6" at position 3: expected + or -'),
        ("d%6", '"6" at position 3: expected + or -'),
        ("0d6", '"0d6" at position 1: expected at least 1 die'),
        ("2d0", '"2d0" at position 1: expected at least 2 sides'),
        ("2d1", '"2d1" at position 1: expected at least 2 sides'),
        ("101d6", '"101d6" at position 1: expected at most 100 dice per roll'),
        ("60d6 + 41d4", '"41d4" at position 8: expected at most 100 dice per roll'),
        ("1d1001", '"1d1001" at position 1: expected at most 1000 sides per die'),
        ("10001", '"10001" at position 1: expected a number no bigger than 10000'),
        ("d6-10001", '"10001" at position 4: expected a number no bigger than 10000'),
        (
            "2d6+1 evens",
            '"evens" at position 7: expected a single pool like 5d6 before evens',
        ),
        (
            "2d6+1d4 evens",
            '"evens" at position 9: expected a single pool like 5d6 before evens',
        ),
        ("3 evens", '"evens" at position 3: expected a single pool like 5d6 before evens'),
        ("-5d6 evens", '"evens" at position 6: expected a single pool like 5d6 before evens'),
        ("5d6 evens + 1", '"+" at position 11: expected nothing after evens'),
        ("5d6 evens evens", '"evens" at position 11: expected nothing after evens'),
        ("+".join(["1"] * 21), '"1" at position 41: expected at most 20 terms per roll'),
        ("1" * 201, '"1" at position 201: expected at most 200 characters'),
    ],
)
def test_refuses_with_a_sentence_naming_what_and_where(text: str, message: str) -> None:
    with pytest.raises(DiceNotationError) as caught:
        parse_expression(text)
    assert caught.value.message == message
    assert str(caught.value) == message
    assert isinstance(caught.value, PawpostError)
    assert "\n" not in message


def test_quoted_fragment_is_cut_short() -> None:
    with pytest.raises(DiceNotationError) as caught:
        parse_expression("1d6 + " + "z" * 100)
    assert caught.value.message == (
        f'"{"z" * 29}…" at position 7: expected dice like 2d6, a number, + or -'
    )


def test_limits_at_the_boundary() -> None:
    assert parse_expression("100d6").terms == (DiceTerm(100, 6),)
    assert parse_expression("50d6+50d4").maximum == 500
    assert parse_expression("d1000").terms == (DiceTerm(1, 1000),)
    assert parse_expression("d2").terms == (DiceTerm(1, 2),)
    assert parse_expression("-10000").terms == (Constant(-10000),)
    assert len(parse_expression("+".join(["1"] * 20)).terms) == 20
    with pytest.raises(DiceNotationError, match="no bigger than 10000"):
        parse_expression("1" * 200)  # long enough to read, too big to add
    padded = "d6" + " " * 198
    assert parse_expression(padded).text == "1d6"
    with pytest.raises(DiceNotationError):
        parse_expression(padded + " ")


def test_a_hundred_dice_roll() -> None:
    dice = ScriptedDice([2] * 100)
    assert parse_expression("100d6").roll(dice, "Many").total == 200
    assert dice.remaining == 0


def test_scripted_dice_running_out_raises() -> None:
    with pytest.raises(DiceExhausted, match="ran out after 2 rolls"):
        parse_expression("3d6").roll(ScriptedDice([1, 2]), "Short")


def test_scripted_dice_refuse_impossible_faces() -> None:
    with pytest.raises(DiceExhausted, match="cannot come up on a d4"):
        parse_expression("1d4").roll(ScriptedDice([5]), "Bad")
    with pytest.raises(DiceExhausted, match="cannot come up on a d6"):
        parse_expression("1d6").roll(ScriptedDice([0]), "Bad")


def parse_or_refusal(text: str) -> DiceExpression | str:
    """The expression, or the refusal's message; any other exception escapes."""
    try:
        return parse_expression(text)
    except DiceNotationError as error:
        return error.message


@given(st.text(alphabet="0123456789d%+- evns", max_size=40))
def test_any_text_parses_or_is_refused_politely(text: str) -> None:
    expression = parse_or_refusal(text)
    if isinstance(expression, str):
        assert expression.count(" at position ") == 1
        return
    roll = expression.roll(SystemDice(), "Fuzz")
    assert expression.minimum <= roll.total <= expression.maximum
    assert parse_expression(expression.text) == expression


@given(st.text(max_size=60))
def test_any_unicode_text_parses_or_is_refused_politely(text: str) -> None:
    outcome = parse_or_refusal(text)
    assert isinstance(outcome, DiceExpression) or "\n" not in outcome
