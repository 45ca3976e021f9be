"""Germ's section of `/admin export`: trust records and every combat with its whole state."""

from __future__ import annotations

import gzip
import json

from bot.actions import export
from bot.actions.germ import combat
from storage.germ import germ
from tests.actions.germ.combat_helpers import make_cats
from tests.conftest import ADMIN, ALICE, GUILD, actor


async def test_the_export_carries_germ_s_trust_and_combats(services, db, clock) -> None:
    await make_cats(services)
    ids = await db.transact(
        lambda tx: {c.name: c.id for c in tx.characters.all_in_guild(GUILD)}, write=False
    )
    await db.transact(
        lambda tx: germ(tx).trust.add_trust(GUILD, ids["Tigerclaw"], ids["Firepaw"], clock())
    )
    await combat.challenge(services, actor(ALICE), "Tigerclaw")
    reply = await export.export(services, actor(ADMIN, admin=True))
    assert reply.attachment is not None
    section = json.loads(gzip.decompress(reply.attachment.content))["germ"]
    assert [(t["target_id"], t["speaker_id"]) for t in section["trust"]] == [
        (ids["Tigerclaw"], ids["Firepaw"])
    ]
    [fight] = section["combats"]
    assert fight["channel_id"] == actor(ALICE).channel_id
    assert fight["state"]["phase"] == "awaiting-acceptance"
    assert fight["state"]["version"] == 0
