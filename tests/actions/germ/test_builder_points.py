"""Issue 30: Germ's builder sets its 22 points with one form (not one click per point), and
/character new reopens the draft where it was left."""

from __future__ import annotations

import pytest

from bot.actions import buttons
from bot.actions.builder import verbs as builder
from rules.errors import PawpostError
from tests.conftest import ALICE, actor


def _id(reply, label: str) -> str:  # type: ignore[no-untyped-def]
    return next(b.custom_id for b in reply.buttons if b.label == label)


async def test_all_points_in_one_form(services) -> None:
    reply = await builder.new(services, actor(ALICE))
    form = await buttons.press(services, actor(ALICE), _id(reply, "All points"))
    assert form.modal is not None and form.modal.fields[0].value == "0 0 0 0 0 0"
    assert form.modal.fields[0].placeholder.startswith("Strength Agility Charisma")
    submit = form.modal.custom_id
    shown = await buttons.press(services, actor(ALICE), submit, fields={"points": "4 4 4 4 3 3"})
    assert shown.update and shown.lines[0].startswith("**0** of 22 points left")
    with pytest.raises(PawpostError, match="^Give 6 whole numbers, in order: Strength, Agility"):
        await buttons.press(services, actor(ALICE), submit, fields={"points": "4 4 4"})
    with pytest.raises(PawpostError, match="^Strength can be 0 to 4 with the others as given"):
        await buttons.press(services, actor(ALICE), submit, fields={"points": "9 4 4 4 3 3"})
    with pytest.raises(PawpostError, match="^Give whole numbers"):
        await buttons.press(services, actor(ALICE), submit, fields={"points": "a b c d e f"})


async def test_character_new_reopens_the_draft(services) -> None:
    first = await builder.new(services, actor(ALICE))
    await buttons.press(services, actor(ALICE), _id(first, "+ Strength"))
    again = await builder.new(services, actor(ALICE))
    assert again.lines[0] == "Your draft, as you left it (start-over:yes starts a new one)."
    assert again.lines[1].startswith("**21** of 22 points left")
    assert _id(again, "+ Strength") == _id(first, "+ Strength")
    fresh = await builder.new(services, actor(ALICE), start_over="yes")
    assert fresh.lines[0].startswith("**22** of 22 points left")
