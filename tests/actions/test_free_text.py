"""Free text is cleaned the same way on both backends (issue 32): a NUL was stored by SQLite
and refused by PostgreSQL with the storage sentence; raw control characters and bidi controls
were stored and shown as they came. Names are still refused, with their own sentence."""

from __future__ import annotations

import pytest

from bot.actions import log, profiles
from bot.actions import roll as rolls
from bot.actions.germ import cats as germ_cats
from rules.errors import PawpostError
from tests.conftest import ALICE, FIREPAW, actor, cat

HOSTILE = "Hunt\x00ing \x1b[2Jat\u202e dawn\r\nby the river\x07"


async def test_a_nul_control_or_bidi_character_in_free_text_is_cleaned_on_both_backends(
    services, dice
) -> None:
    await germ_cats.create(services, actor(ALICE), **FIREPAW)
    dice.load(7)
    reply = await rolls.roll(services, actor(ALICE), "d20", HOSTILE)
    assert reply.title == "Roll 1d20 for Hunting \\[2Jat dawn by the river"
    shown = await log.recent(services, actor(ALICE))
    assert "\x00" not in repr(shown) and "\u202e" not in repr(shown)
    profile = await profiles.set_profile(services, actor(ALICE), description=HOSTILE)
    [description] = [f.value for f in profile.fields if f.name == "Description"]
    assert "\x00" not in description and "\x1b" not in description
    assert "\u202e" not in description and "\r" not in description


async def test_a_name_with_a_nul_is_refused_on_both_backends(services) -> None:
    with pytest.raises(PawpostError) as refused:
        await germ_cats.create(services, actor(ALICE), **cat("Fire\x00paw"))
    assert refused.value.message == (
        "A character's name cannot hold control characters or text-direction overrides."
    )
