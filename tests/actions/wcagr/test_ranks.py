"""WCAGR ranks after creation: players choose the flavour ranks, admins set leaders and deputies,
and the book's counts per clan hold."""

from __future__ import annotations

import pytest

from bot.actions import buttons
from bot.actions.wcagr import ranks
from rules.errors import PawpostError
from rules.wcagr import Rank, WcagrSheet
from tests.actions.wcagr.helpers import make, wcagr_server
from tests.conftest import ADMIN, ALICE, BOB, GUILD, actor, dump

ADMIN_ACTOR = actor(ADMIN, admin=True)


@pytest.fixture
async def cats(services) -> None:
    await wcagr_server(services)
    await make(services, ALICE)
    await make(services, BOB, name="Graystripe")


async def sheet_of(services, name: str) -> WcagrSheet:
    found = await services.db.transact(lambda tx: tx.characters.by_name(GUILD, name), write=False)
    assert isinstance(found.sheet, WcagrSheet)
    return found.sheet


async def test_a_player_picks_a_rank_but_not_a_leaders(services, db, cats) -> None:
    reply = await ranks.set_own_rank(services, actor(ALICE), "warrior")
    assert reply.lines == ["Firepaw's rank is now Warrior."]
    before = dump(db)
    with pytest.raises(PawpostError, match="ThunderClan has no such rank"):
        await ranks.set_own_rank(services, actor(ALICE), "prey-hunter")
    assert dump(db) == before
    await ranks.set_own_rank(services, actor(ALICE), "none")
    assert (await sheet_of(services, "Firepaw")).rank is None


async def test_an_admin_makes_one_leader_with_its_lives(services, cats) -> None:
    reply = await ranks.admin_rank(services, ADMIN_ACTOR, "Firepaw", "leader", "chosen", 2)
    assert reply.lines == ["Firepaw's rank is now Leader, with 7 lives."]
    assert (await sheet_of(services, "Firepaw")).rank is Rank.LEADER
    with pytest.raises(PawpostError, match="ThunderClan already has its leader"):
        await ranks.admin_rank(services, ADMIN_ACTOR, "Graystripe", "leader", "coup")
    with pytest.raises(PawpostError, match="Only an admin"):
        await ranks.admin_rank(services, actor(BOB), "Graystripe", "deputy", "please")
    await ranks.admin_rank(services, ADMIN_ACTOR, "Firepaw", "elder", "steps down")
    sheet = await sheet_of(services, "Firepaw")
    assert sheet.lives is None
    await ranks.admin_rank(services, ADMIN_ACTOR, "Graystripe", "leader", "chosen")


async def test_ux8_a_player_asks_for_deputy_and_an_admin_approves(services, db, cats) -> None:
    asked = await ranks.set_own_rank(services, actor(ALICE), "deputy")
    assert asked.lines == ["Firepaw asks to be deputy: it waits for an admin's approval."]
    assert asked.ephemeral and asked.announce is not None
    assert asked.announce.lines == [
        "<@101> asks that Firepaw of ThunderClan become its deputy. An admin approves or "
        "refuses it."
    ]
    assert (await sheet_of(services, "Firepaw")).rank is None  # not until approved
    with pytest.raises(PawpostError, match="already has a request waiting"):
        await ranks.set_own_rank(services, actor(ALICE), "leader")
    approve = next(b.custom_id for b in asked.announce.buttons if b.label == "Approve")
    with pytest.raises(PawpostError, match="Only an admin"):
        await buttons.press(services, actor(BOB), approve)
    done = await buttons.press(services, ADMIN_ACTOR, approve)
    assert done.lines == ["<@101>: Firepaw's rank is now Deputy."]
    assert (await sheet_of(services, "Firepaw")).rank is Rank.DEPUTY
    with pytest.raises(PawpostError, match="already answered"):
        await buttons.press(services, ADMIN_ACTOR, approve)
    # A second deputy is refused when asked, since ThunderClan has its one.
    before = dump(db)
    with pytest.raises(PawpostError, match="ThunderClan already has its deputy"):
        await ranks.set_own_rank(services, actor(BOB), "deputy")
    assert dump(db) == before
    asked = await ranks.set_own_rank(services, actor(BOB), "leader")
    refuse = next(b.custom_id for b in asked.announce.buttons if b.label == "Refuse")
    refused = await buttons.press(services, ADMIN_ACTOR, refuse)
    assert refused.lines == ["The rank asked for Graystripe was refused."]


async def test_ux8_the_counts_are_checked_again_when_approved(services, db, cats) -> None:
    # Both ask while ThunderClan has no deputy; the first approved takes the one place (l.109).
    first = await ranks.set_own_rank(services, actor(ALICE), "deputy")
    second = await ranks.set_own_rank(services, actor(BOB), "deputy", character="Graystripe")

    def approve(reply) -> str:
        return next(b.custom_id for b in reply.announce.buttons if b.label == "Approve")

    await buttons.press(services, ADMIN_ACTOR, approve(first))
    before = dump(db)
    with pytest.raises(PawpostError, match="^ThunderClan already has its deputy"):
        await buttons.press(services, ADMIN_ACTOR, approve(second))
    assert dump(db) == before
    assert (await sheet_of(services, "Graystripe")).rank is None
