"""`/style spend` outside a roll and `/reputation grant`, both logged."""

from __future__ import annotations

import pytest

from bot.actions import buttons, characters, log
from bot.actions.cat import reputation, risks, style
from rules.errors import PawpostError
from tests.actions.cat.helpers import FIREPAW, TIGERCLAW, cat_server, ids, make
from tests.conftest import ALICE, BOB, actor, dump


@pytest.fixture
async def cats(services):
    await cat_server(services)
    await make(services, ALICE, **FIREPAW)
    await make(services, BOB, **TIGERCLAW)


async def _field(services, name: str, field: str) -> str:  # type: ignore[no-untyped-def]
    shown = await characters.show(services, actor(ALICE), name)
    return next(f.value for f in shown.fields if f.name == field)


async def test_banked_style_edits_the_scene(services, dice, cats) -> None:
    before = dump(services.db)
    with pytest.raises(PawpostError, match="has 0 Style banked; you tried to spend 1"):
        await style.spend(services, actor(ALICE), 1, "a log over the stream")
    assert dump(services.db) == before
    dice.load(2, 4, 6, 1, 3)
    rolled = await risks.risk(services, actor(ALICE), "legs", "easy")
    await buttons.press(services, actor(ALICE), ids(rolled)["Bank 2 Style"])
    with pytest.raises(PawpostError, match="Say what the scene edit changes"):
        await style.spend(services, actor(ALICE), 1, "  ")
    reply = await style.spend(services, actor(ALICE), 2, "a log *over* the stream")
    assert reply.lines == ["a log \\*over\\* the stream", "2 Style spent; 0 banked now."]
    logged = await log.recent(services, actor(ALICE), "Firepaw")
    assert any("scene edit: a log" in line for line in logged.lines)


async def test_a_witness_grants_half_its_rank_and_keeps_its_own(services, cats) -> None:
    reply = await reputation.grant(services, actor(BOB), "Firepaw", "Fierce", "proud")
    assert reply.lines == [
        "Tigerclaw grants Firepaw the Reputation Fierce at rank 1 (from its own Proud, "
        "which it keeps)."
    ]
    assert await _field(services, "Firepaw", "Reputations") == "Brave 3, Clever 2, Sly 2, Fierce 1"
    assert "Proud 3" in await _field(services, "Tigerclaw", "Reputations")
    for args, message in (
        (("Firepaw", "Kind", "Gentle"), "The granting cat has no Reputation called Gentle"),
        (("Firepaw", "fierce", "Proud"), "already has the Reputation fierce"),
        (("Tigerclaw", "Kind", "Proud"), "cannot grant a Reputation to itself"),
    ):
        with pytest.raises(PawpostError, match=message):
            await reputation.grant(services, actor(BOB), *args)
    await reputation.grant(services, actor(BOB), "Firepaw", "Kind", "Proud")
    with pytest.raises(PawpostError, match="already has 5 Reputations"):
        await reputation.grant(services, actor(BOB), "Firepaw", "Wise", "Proud")
