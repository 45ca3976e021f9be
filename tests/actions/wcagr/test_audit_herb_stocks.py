"""The audit's §4 item left over from issue 15: Herb Lore's third pick (herbs keep twice as
long, l.275) used at last, with the book's extra healing rules as a server setting: healers
keep herbs that spoil, and a treatment takes its herbs from the healer's stock."""

from __future__ import annotations

import pytest

from bot.actions.gm import sheet as gm_sheet
from bot.actions.wcagr import config, herb_stock, illness
from rules.errors import PawpostError
from rules.wcagr.herb_stock import days_left
from tests.actions.wcagr.helpers import make, sheet_of, wcagr_server
from tests.conftest import ADMIN, ALICE, actor

BOSS = actor(ADMIN, admin=True)


def test_s4_herbs_keep_a_week_fresh_two_dried_and_twice_that_with_herb_lore_thrice() -> None:
    assert [days_left(0, 0, picks, dried=False) for picks in (0, 1, 2, 3)] == [7, 7, 7, 14]
    assert [days_left(0, 0, picks, dried=True) for picks in (0, 2, 3, 4)] == [14, 14, 28, 28]
    assert days_left(0, 7, 1, dried=False) == 0  # a week old: spoiled


async def test_s4_a_treatment_takes_its_herbs_from_the_healers_stock(services, clock) -> None:
    await wcagr_server(services)
    await make(services, ALICE, name="Jay", rank="medicine-cat", knacks="Herb Lore, Dash, Hide")
    await make(services, ADMIN, name="Ravenkit", age=5, knacks="none", ten_moon_bonus=None)
    with pytest.raises(PawpostError, match="does not keep herb stocks"):
        await herb_stock.gather(services, actor(ALICE), "catmint")
    await config.hunting_settings(services, BOSS, herb_stocks="yes")
    gathered = await herb_stock.gather(services, actor(ALICE), "catmint", count=2)
    assert gathered.lines == [
        "Jay gathers 2 bundles of fresh Catmint: 7 game days before it spoils."
    ]
    await herb_stock.gather(services, actor(ALICE), "borage", dried="yes")
    await illness.admin_give(services, BOSS, "Ravenkit", "whitecough", "a cold den")
    with pytest.raises(PawpostError, match="Jay keeps no good Tansy; gather it with /herbs gather"):
        await illness.treat_cat(services, actor(ALICE), "Ravenkit", "catmint, tansy")
    cured = await illness.treat_cat(services, actor(ALICE), "Ravenkit", "catmint, borage")
    assert cured.lines == [
        "Ravenkit is cured of whitecough.",
        "From Jay's stock: fresh Catmint, dried Borage Leaves.",
    ]
    clock.advance(days=7)  # the other catmint is a week old: spoiled ...
    stock = await herb_stock.stock(services, actor(ALICE))
    assert stock.lines == ["1 bundle has spoiled."]
    await illness.admin_give(services, BOSS, "Ravenkit", "whitecough", "again")
    await herb_stock.gather(services, actor(ALICE), "tansy")
    with pytest.raises(PawpostError, match="Jay keeps no good Catmint"):
        await illness.treat_cat(services, actor(ALICE), "Ravenkit", "catmint, tansy")
    # ... but with Herb Lore picked a third time, herbs keep twice as long: it is good again.
    await gm_sheet.set_field(services, BOSS, "Jay", "Knack: Herb Lore", "3", "a great teacher")
    stock = await herb_stock.stock(services, actor(ALICE))
    assert stock.lines == [
        "Catmint (fresh): keeps 7 more game days",
        "Tansy (fresh): keeps 14 more game days",
    ]
    await illness.treat_cat(services, actor(ALICE), "Ravenkit", "catmint, tansy")
    assert (await sheet_of(services, "Ravenkit")).illness is None
