"""The dice sources: fair dice within their faces, scripted dice that fail loudly."""

from __future__ import annotations

import pytest

from rules.dice import DiceExhausted, ScriptedDice, SystemDice


def test_system_dice_stay_on_the_die() -> None:
    dice = SystemDice()
    for sides in (1, 2, 6, 20, 100, 1000):
        faces = {dice.roll(sides) for _ in range(200)}
        assert faces <= set(range(1, sides + 1))


def test_scripted_dice_give_their_faces_in_order() -> None:
    dice = ScriptedDice([3, 1, 6])
    assert [dice.roll(6) for _ in range(3)] == [3, 1, 6]
    assert dice.remaining == 0


def test_scripted_dice_running_out_raises() -> None:
    dice = ScriptedDice([1, 2])
    dice.roll(6)
    dice.roll(6)
    with pytest.raises(DiceExhausted, match="ran out after 2 rolls"):
        dice.roll(6)


def test_scripted_dice_refuse_impossible_faces() -> None:
    with pytest.raises(DiceExhausted, match="cannot come up on a d4"):
        ScriptedDice([5]).roll(4)
    with pytest.raises(DiceExhausted, match="cannot come up on a d6"):
        ScriptedDice([0]).roll(6)
