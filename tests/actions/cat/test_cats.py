"""Making a Taking Risks cat and showing its sheet."""

from __future__ import annotations

import pytest

from bot.actions import characters, server_config
from bot.actions.cat import cats
from rules.errors import PawpostError
from tests.actions.cat.helpers import FIREPAW, cat_server
from tests.conftest import ADMIN, ALICE, actor, dump


async def test_create_and_show(services) -> None:
    await cat_server(services)
    reply = await cats.create(services, actor(ALICE), **FIREPAW)
    assert reply.title == "Firepaw joins the server"
    shown = await characters.show(services, actor(ALICE))
    fields = {field.name: field.value for field in shown.fields}
    assert fields["Traits"].splitlines() == [
        "**Claws** Strong → 4 dice",
        "**Coat** Strong → 4 dice",
        "**Face** Good → 3 dice",
        "**Fangs** Strong → 4 dice",
        "**Legs** Best → 5 dice",
        "**Tail** Good → 3 dice",
    ]
    assert fields["Lives"] == "9"
    assert fields["Magic Points"] == "8 / 8"
    assert fields["Style banked"] == "0"
    assert fields["Reputations"] == "Brave 3, Clever 2, Sly 2"
    assert fields["States"] == "none"


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"best": "legs", "strong": "claws, coat, legs"}, "Legs is given two ranks"),
        ({"reputations": "Brave 3, Clever 3, Sly 2"}, "You gave 8 Reputation points"),
        ({"reputations": "Brave 4, Clever 2, Sly 1"}, "a new cat's Reputations go up to 3"),
        ({"strong": "claws, coat"}, "You chose 2 Strong traits; a new cat has 3."),
        ({"good": "face, whiskers"}, 'There is no trait called "whiskers"'),
        ({"reputations": "Brave"}, '"Brave" needs a rank after it'),
        ({"name": "  "}, "A character needs a name."),
    ],
)
async def test_refusals_are_the_rules_sentences(services, changes, message) -> None:
    await cat_server(services)
    before = dump(services.db)
    with pytest.raises(PawpostError, match=message):
        await cats.create(services, actor(ALICE), **{**FIREPAW, **changes})
    assert dump(services.db) == before


async def test_a_name_is_taken_once(services) -> None:
    await cat_server(services)
    await cats.create(services, actor(ALICE), **FIREPAW)
    with pytest.raises(PawpostError, match="already a character named Firepaw"):
        await cats.create(services, actor(ALICE), **FIREPAW)


async def test_refused_on_a_germ_server(services) -> None:
    with pytest.raises(PawpostError, match="does not play Taking Risks"):
        await cats.create(services, actor(ALICE), **FIREPAW)


async def test_switching_back_archives_the_cats(services) -> None:
    await cat_server(services)
    await cats.create(services, actor(ALICE), **FIREPAW)
    reply = await server_config.set_ruleset(services, actor(ADMIN, admin=True), "germ")
    assert "Archived, not deleted: 1 Taking Risks character" in reply.lines[1]
