"""Issue 13's wording in WCAGR: a reason that starts with "for" said once, one moon singular."""

from __future__ import annotations

from bot.actions import characters
from bot.actions.wcagr import card, checks
from tests.actions.wcagr.helpers import make, wcagr_server
from tests.conftest import ALICE, GUILD, actor


async def test_a_check_for_a_reason_that_starts_with_for_says_it_once(services, dice) -> None:
    await wcagr_server(services)
    await make(services, ALICE)
    dice.load(3, 4, 5)
    checked = await checks.check(services, actor(ALICE), skill="sneak", reason="For the patrol")
    assert checked.title == "Firepaw: Sneak for the patrol"


async def test_a_kit_of_one_moon(services) -> None:
    await wcagr_server(services)
    await make(services, ALICE, name="Smallkit", age=1, knacks="none", ten_moon_bonus=None)
    shown = await characters.show(services, actor(ALICE))
    assert {f.name: f.value for f in shown.fields}["Age"] == "1 moon"
    found = await services.db.transact(lambda tx: tx.characters.by_name(GUILD, "Smallkit"))
    drawn = await services.db.transact(lambda tx: card.card(tx, found), write=False)
    assert drawn.subtitle == "1 moon"
