"""Caverns' section of `/admin export`: its parties with members and progress, and the server's
catalogue with its own edits marked apart from the starter items."""

from __future__ import annotations

import gzip
import json

from bot.actions import export
from bot.actions.caverns import admin
from tests.actions.caverns.helpers import character, party_of_three
from tests.conftest import ADMIN, CHANNEL, actor

MC = actor(ADMIN, admin=True)


async def test_the_export_carries_the_parties_and_the_catalogue(services) -> None:
    await party_of_three(services)
    await admin.set_party(services, MC, "Piper", "The Lanterns")
    await admin.add_item(services, MC, "Golden harp", "musical instrument", 400)
    reply = await export.export(services, MC)
    assert reply.attachment is not None
    section = json.loads(gzip.decompress(reply.attachment.content))["caverns"]
    ids = {name: (await character(services, name)).id for name in ("Brunhild", "Ilsa", "Piper")}
    assert [
        (p["name"], p["channel_id"], p["member_ids"], p["level"]) for p in section["parties"]
    ] == [
        (f"#{CHANNEL}", CHANNEL, [ids["Brunhild"], ids["Ilsa"]], 1),
        ("The Lanterns", None, [ids["Piper"]], 1),
    ]
    items = {item["name"]: item for item in section["catalogue"]}
    assert items["Golden harp"]["starter"] is False and items["Golden harp"]["price"] == 400
    assert items["Sword"]["starter"] is True
