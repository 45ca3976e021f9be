"""Names (issue 13): no control characters, bidi overrides or invisible-only names, and one
name however Unicode spells it."""

from __future__ import annotations

import pytest

from bot.actions import characters
from bot.actions.germ import cats as germ_cats
from bot.actions.lookup import clean_name
from rules.errors import PawpostError
from tests.conftest import ALICE, BOB, FIREPAW, actor, cat, dump

CONTROL = "A character's name cannot hold control characters or text-direction overrides."
INVISIBLE = "A character's name needs at least one visible character."
BROKEN = "That text holds a broken character (a lone surrogate); type it again."


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("Fire\x1b[31mpaw", CONTROL),  # a terminal escape
        ("Fire\x07paw", CONTROL),
        ("Fire\u202epaw", CONTROL),  # right-to-left override
        ("Fire\u2066paw", CONTROL),  # left-to-right isolate
        ("Fire\ud800paw", BROKEN),  # a lone surrogate: a sentence, not a bug report
        ("\u200b\u200b", INVISIBLE),
        ("\u2800 \u3164", INVISIBLE),
        ("\u200d\ufe0f", INVISIBLE),
    ],
)
async def test_a_name_with_hidden_tricks_is_refused(services, db, name, message) -> None:
    before = dump(db)
    with pytest.raises(PawpostError) as refused:
        await germ_cats.create(services, actor(ALICE), **cat(name))
    assert refused.value.message == message
    await germ_cats.create(services, actor(ALICE), **FIREPAW)
    with pytest.raises(PawpostError) as renamed:
        await characters.rename(services, actor(ALICE), name)
    assert renamed.value.message == message
    assert len(dump(db)) > len(before)  # only Firepaw was written


@pytest.mark.parametrize(
    "twin", ["Fire\u200bpaw", "ＦＩＲＥＰＡＷ", "FIRE\u00adPAW", "Fire\u2060paw"]
)
async def test_names_are_one_name_after_unicode_normalisation(services, db, twin) -> None:
    await germ_cats.create(services, actor(ALICE), **FIREPAW)
    before = dump(db)
    with pytest.raises(PawpostError, match="^There is already a character named "):
        await germ_cats.create(services, actor(BOB), **cat(twin))
    assert dump(db) == before
    shown = await characters.show(services, actor(BOB), twin)  # the lookup normalises too
    assert shown.title is not None and "Firepaw" in shown.title


async def test_a_name_with_a_joiner_inside_visible_text_is_kept(services) -> None:
    reply = await germ_cats.create(services, actor(ALICE), **cat("Rose\u200dthorn"))
    assert reply.title == "Rose\u200dthorn joins the server"


async def test_a_lone_surrogate_is_the_usual_sentence_not_a_bug(services, db) -> None:
    await germ_cats.create(services, actor(ALICE), **FIREPAW)
    before = dump(db)
    for refused in (
        characters.show(services, actor(ALICE), "Fire\udc00paw"),
        characters.rename(services, actor(ALICE), "Emberpaw", character="Fire\udc00paw"),
    ):
        with pytest.raises(PawpostError) as error:
            await refused
        assert error.value.message == BROKEN
    assert dump(db) == before
    assert clean_name_refuses("Fire\ud800paw") == CONTROL  # the name's own check, underneath


def clean_name_refuses(name: str) -> str:
    with pytest.raises(PawpostError) as refused:
        clean_name(name)
    return refused.value.message
