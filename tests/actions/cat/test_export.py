"""Taking Risks' section of `/admin export`: Risks, the scars owed and placed, and the fights
against non-cats with their state."""

from __future__ import annotations

import gzip
import json

from bot.actions import export
from bot.actions.cat import foe_flow, risks
from tests.actions.cat.helpers import FIREPAW, cat_server, make
from tests.conftest import ADMIN, ALICE, actor


async def test_the_export_carries_risks_wounds_and_foe_fights(services, dice) -> None:
    await cat_server(services)
    await make(services, ALICE, **FIREPAW)
    dice.load(3, 5, 3, 4, 6)  # a dangerous failure: 3 scars owed
    await risks.risk(services, actor(ALICE), "legs", "hard", dangerous="yes")
    admin = actor(ADMIN, admin=True)
    await foe_flow.start(services, admin, "Boggin", 2, 3, character="Firepaw")
    reply = await export.export(services, admin)
    assert reply.attachment is not None
    section = json.loads(gzip.decompress(reply.attachment.content))["cat"]
    [risk] = section["risks"]
    assert risk["result"]["dangerous"] is True and risk["result"]["needed"] == 3
    [wound] = section["wounds"]
    # The cat fights with the scars it owed: the foe fight placed them as the Narrator would.
    assert (wound["source"], wound["owed"], wound["placed"], wound["trait"]) == (
        "risk",
        3,
        3,
        "legs",
    )
    assert wound["settled_how"] == "placed" and wound["channel_id"] == actor(ALICE).channel_id
    [fight] = section["foe_fights"]
    assert fight["state"]["phase"] == "move"
    assert fight["state"]["fight"]["foes"][0]["name"] == "Boggin"
