"""Dice notation on d20's grammar, every die from the bot's dice source: the grammar players
know, the words on top (successes, a ruleset's evens), the limits and the sentences for what
cannot be read."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.cat.dice_words import CAT_DICE_WORDS
from rules.dice import (
    MAX_CONSTANT,
    MAX_DEPTH,
    MAX_DICE,
    MAX_ROLLED,
    MAX_SIDES,
    DiceExhausted,
    ScriptedDice,
    SystemDice,
)
from rules.errors import PawpostError
from rules.notation import DiceNotationError, Rolled, read
from rules.rolls import Die


def rolled(text: str, *faces: int, words=CAT_DICE_WORDS) -> Rolled:
    """Read and roll with exactly these faces: every one of them must be used."""
    dice = ScriptedDice(faces)
    result = read(text, words).roll(dice)
    assert dice.remaining == 0, f"{text} left {dice.remaining} scripted faces unrolled"
    return result


def kept(result: Rolled) -> list[int]:
    """The faces that still count, in order."""
    found = []

    def walk(node) -> None:
        import d20

        if isinstance(node, d20.Die):
            if node.kept:
                found.append(int(node.number))
            return
        if node.kept:
            for child in node.set if isinstance(node, d20.Set) else node.children:
                walk(child)

    walk(result.expression)
    return found


# --- The book's own notation (WCAGR l. 18: "3d8 + 5", "1d3", "1d2") --------------------------


def test_the_books_three_d8_plus_five() -> None:
    result = rolled("3d8 + 5", 8, 1, 4)
    assert result.notation.text == "3d8+5"
    assert result.total == 18
    assert result.faces == (Die(sides=8, face=8), Die(sides=8, face=1), Die(sides=8, face=4))


@pytest.mark.parametrize(("text", "sides", "face"), [("1d3", 3, 3), ("1d2", 2, 1)])
def test_the_books_small_dice(text: str, sides: int, face: int) -> None:
    result = rolled(text, face)
    assert result.total == face
    assert result.faces == (Die(sides=sides, face=face),)


# --- d20's grammar ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "faces", "total", "still_count"),
    [
        ("4d6kh3", (3, 6, 1, 4), 13, [3, 6, 4]),  # keep the highest three
        ("2d20kl1", (17, 20), 17, [17]),  # disadvantage
        ("2d20kh1", (3, 19), 19, [19]),  # advantage
        ("4d6pl1", (2, 5, 1, 6), 13, [2, 5, 6]),  # drop the lowest
        ("4d6ph1", (2, 5, 1, 6), 8, [2, 5, 1]),  # drop the highest
        ("1d20ro1", (1, 17), 17, [17]),  # reroll a 1 once
        ("1d20ro1", (1, 1), 1, [1]),  # once only
        ("2d6rr<3", (4, 1, 2, 6), 10, [4, 6]),  # reroll below 3 until it is not
        ("1d6e6", (6, 6, 2), 14, [6, 6, 2]),  # explode: each 6 rolls another
        ("2d6!", (6, 3, 5), 14, [6, 3, 5]),  # Roll20's and Dice Maiden's `!`
        ("3d6!>4", (5, 1, 2, 6, 3), 17, [5, 1, 2, 6, 3]),  # explode above 4
        ("4d6mi2", (1, 4, 2, 1), 10, [2, 4, 2, 2]),  # at least 2 on each die
        ("4d6ma5", (6, 4, 6, 1), 15, [5, 4, 5, 1]),  # at most 5 on each die
        ("(1d6+2)*3", (4,), 18, [4]),
        ("2d6+1d4-3", (5, 6, 2), 10, [5, 6, 2]),
        ("1d6-2d4+1", (5, 3, 1), 2, [5, 3, 1]),
        ("7/2", (), 3, []),  # d20 divides, then drops the fraction
        ("7//2+1d4*2", (3,), 9, [3]),
        ("(1d6, 1d8)kh1", (2, 7), 7, [7]),  # the higher of two dice
        ("d%", (100,), 100, [100]),  # a d100
        ("1D20+2", (12,), 14, [12]),
        ("-1d4", (3,), -3, [3]),
    ],
)
def test_the_grammar_players_know(
    text: str, faces: tuple[int, ...], total: int, still_count: list[int]
) -> None:
    result = rolled(text, *faces)
    assert result.total == total
    assert kept(result) == still_count


def test_every_die_is_kept_in_the_roll_dropped_ones_too() -> None:
    result = rolled("4d6kh3", 3, 6, 1, 4)
    record = result.record("4d6kh3", "shown")
    assert [die.face for die in record.dice] == [3, 6, 1, 4]
    assert record.total == 13
    assert record.shown == "shown"


def test_rerolled_and_exploded_dice_are_rolled_by_the_source() -> None:
    result = rolled("2d6rr1e6", 1, 6, 2, 3)
    assert [die.face for die in result.faces] == [1, 6, 2, 3]
    assert result.total == 2 + 6 + 3


@pytest.mark.parametrize(
    ("text", "faces", "total"),
    [("1d20>=15", (15,), 1), ("1d20>=15", (14,), 0), ("2d6!=7", (3, 4), 0), ("1d6<3", (1,), 1)],
)
def test_comparisons_are_one_or_zero(text: str, faces: tuple[int, ...], total: int) -> None:
    result = rolled(text, *faces)
    assert result.total == total
    assert result.is_comparison


def test_annotations_are_kept_in_the_text() -> None:
    result = rolled("1d20+5 [fire] + 1d6 [cold]", 13, 4)
    assert result.notation.text == "1d20+5 [fire]+1d6 [cold]"
    assert result.total == 22


def test_the_text_is_normalised() -> None:
    assert read("  4D6kh3  ").text == "4d6kh3"
    assert read("2d6!").text == "2d6e6"
    assert read("d%").text == "1d100"
    assert read("5d6 >= 5 successes").text == "5d6>=5 successes"


# --- Words on top of d20's AST ----------------------------------------------------------------


def test_successes_count_the_dice_that_pass() -> None:
    result = rolled("5d6>=5 successes", 1, 5, 4, 5, 6)
    assert result.total == 3
    assert len(result.counted) == 3
    assert result.notation.text == "5d6>=5 successes"


def test_successes_count_only_kept_dice() -> None:
    result = rolled("6d10kh4>7 successes", 10, 2, 8, 9, 1, 7)
    assert kept(result) == [10, 8, 9, 7]
    assert result.total == 3


def test_successes_count_exploded_dice_too() -> None:
    assert rolled("3d6!>=5 successes", 6, 2, 5, 1).total == 2


def test_taking_risks_evens_count_even_faces() -> None:
    result = rolled("5d6 evens", 1, 2, 3, 4, 6)
    assert result.total == 3
    assert result.notation.text == "5d6 evens"
    assert rolled("5D6 EVENS", 1, 1, 1, 1, 2).total == 1


def test_a_word_the_ruleset_does_not_have_is_refused() -> None:
    with pytest.raises(DiceNotationError) as refused:
        read("5d6 evens", words=())
    assert refused.value.message == (
        '"evens" at position 5: expected an operator such as + or -, or a word: successes'
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("5d6+2 evens", "evens counts dice: write it after dice alone, like 5d6 evens."),
        ("5d6 successes", "successes counts the dice that pass a comparison with a number"),
        ("5d6>=1d6 successes", "successes counts the dice that pass a comparison with a number"),
    ],
)
def test_a_word_after_what_it_cannot_count(text: str, message: str) -> None:
    with pytest.raises(PawpostError, match=message.replace("(", r"\(")):
        read(text, CAT_DICE_WORDS)


# --- What cannot be read: one sentence, saying what and where ----------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("3d", '"3d" at position 2: expected the number of sides'),
        ("4d6 + 2d", '"2d" at position 8: expected the number of sides'),
        ("", '"" at position 1: expected dice to roll, like 2d6+3'),
        ("   ", '"" at position 1: expected dice to roll, like 2d6+3'),
        ("2d6+", '"+" at position 4: expected dice or a number'),
        ("1d20k", '"1d20k" at position 5: expected which dice, like h3, l1, >4 or 6'),
        ("(1d6", '"1d6" at position 4: expected a closing )'),
        ("1d6)", '")" at position 4: expected nothing more here'),
        (
            "2d6 $",
            '"$" at position 5: expected an operator such as + or -, or a word: successes, evens',
        ),
        (
            "1d20 ro1",
            '"ro1" at position 6: expected an operator such as + or -, or a word: successes, evens',
        ),
        (
            "2d6\u200b",
            '"U+200B" at position 4: expected an operator such as + or -, or a word: '
            "successes, evens",
        ),
        ("0d6", "0d6 rolls no dice: roll at least 1 die."),
        ("2d0", f"2d0: a die has from 1 to {MAX_SIDES} sides."),
        ("1d1001", f"1d1001: a die has from 1 to {MAX_SIDES} sides."),
        ("10001", f"10001 is too big for a roll: numbers go up to {MAX_CONSTANT}."),
        ("101d6", f"That roll asks for 101 dice; at most {MAX_DICE} are rolled at once."),
        ("60d6 + 41d4", f"That roll asks for 101 dice; at most {MAX_DICE} are rolled at once."),
        ("1" * 201, '"1" at position 201: expected at most 200 characters'),
        (
            "(" * 21 + "1" + ")" * 21,
            f"That roll nests too deep: at most {MAX_DEPTH} operators and brackets inside one "
            "another.",
        ),
    ],
)
def test_refuses_with_one_sentence(text: str, message: str) -> None:
    with pytest.raises(PawpostError) as caught:
        read(text, CAT_DICE_WORDS)
    assert caught.value.message == message
    assert "\n" not in message


def test_the_limits_at_their_boundary() -> None:
    assert read("100d6").dice_count == MAX_DICE
    assert read("50d6+50d4").dice_count == MAX_DICE
    assert read("1d1000").dice_count == 1
    assert read(str(MAX_CONSTANT)).text == "10000"
    assert read("(" * 19 + "1" + ")" * 19).text == "(" * 19 + "1" + ")" * 19
    assert rolled("100d6", *[2] * 100).total == 200


def test_rerolls_and_explosions_stop_at_the_limit_in_one_sentence() -> None:
    with pytest.raises(PawpostError) as caught:
        read("1d1e1").roll(ScriptedDice([1] * (MAX_ROLLED + 1)))
    assert caught.value.message == (
        f"That roll went past {MAX_ROLLED} dice with its rerolls and explosions; nothing was kept."
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1d6/0", "That roll divides by zero."),
        ("1d6%0", "That roll divides by zero."),
        ("4d6mi>2", "mi and ma take a plain number, like 2d6mi2 or 4d6ma5."),
    ],
)
def test_what_cannot_be_rolled_is_one_sentence(text: str, message: str) -> None:
    with pytest.raises(PawpostError) as caught:
        read(text).roll(ScriptedDice([3] * 4))
    assert caught.value.message == message


def test_scripted_dice_that_run_out_are_a_test_bug_not_a_sentence() -> None:
    with pytest.raises(DiceExhausted):
        read("3d6").roll(ScriptedDice([1, 2]))


def read_or_refusal(text: str) -> object:
    try:
        return read(text, CAT_DICE_WORDS)
    except PawpostError as error:
        return error.message


@given(st.text(alphabet="0123456789d%+-*/()<>=!,khlpremiax evns[]", max_size=40))
def test_any_notation_text_rolls_or_is_refused_politely(text: str) -> None:
    found = read_or_refusal(text)
    if isinstance(found, str):
        assert found and "\n" not in found
        return
    try:
        found.roll(SystemDice())  # type: ignore[attr-defined]
    except PawpostError as error:
        refusal = error.message
    else:
        refusal = "rolled"
    assert refusal and "\n" not in refusal


@given(st.text(max_size=60))
def test_any_unicode_text_is_read_or_refused_politely(text: str) -> None:
    found = read_or_refusal(text)
    assert not isinstance(found, str) or "\n" not in found
