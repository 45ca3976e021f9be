"""Taking Risks' section of `/admin export`: Risks, the scars owed and placed, and the fights
against non-cats with their state."""

from __future__ import annotations

from bot.actions.cat import foe_flow, risks
from bot.actions.export import export_guild
from tests.actions.cat.helpers import FIREPAW, cat_server, make
from tests.conftest import ADMIN, ALICE, GUILD, actor


async def test_the_export_carries_risks_wounds_and_foe_fights(services, dice) -> None:
    await cat_server(services)
    await make(services, ALICE, **FIREPAW)
    dice.load(3, 5, 3, 4, 6)  # a dangerous failure: 3 scars owed
    await risks.risk(services, actor(ALICE), "legs", "hard", dangerous="yes")
    admin = actor(ADMIN, admin=True)
    await foe_flow.start(services, admin, "Boggin", 2, 3, character="Firepaw")
    section = (await export_guild(services.db, GUILD, services.rulesets))["cat"]
    [risk] = section["risks"]
    assert risk["result"]["dangerous"] is True and risk["result"]["needed"] == 3
    [wound] = section["wounds"]
    assert (wound["source"], wound["owed"], wound["placed"], wound["trait"]) == (
        "risk",
        3,
        0,
        "legs",
    )
    [fight] = section["foe_fights"]
    assert fight["state"]["phase"] == "move"
    assert fight["state"]["fight"]["foes"][0]["name"] == "Boggin"
