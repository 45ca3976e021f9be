"""WCAGR ranks after creation: players choose the flavour ranks, admins set leaders and deputies,
and the book's counts per clan hold."""

from __future__ import annotations

import pytest

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
    with pytest.raises(PawpostError, match="An admin approves a deputy"):
        await ranks.set_own_rank(services, actor(ALICE), "deputy")
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
