"""Caverns' section of `/admin export`: the parties with their level, experience and members,
and the server's item catalogue (each item marked when it is the shipped starter one)."""

from __future__ import annotations

from typing import Any

from storage.caverns import caverns
from storage.caverns.catalogue import is_starter
from storage.repositories import Transaction


def export_section(tx: Transaction, guild_id: int) -> dict[str, Any]:
    tables = caverns(tx)
    items = tables.catalogue.of(guild_id)
    return {
        "parties": [
            {
                "id": party.id,
                "name": party.name,
                "channel_id": party.channel_id,
                "level": party.progress.level,
                "experience": party.progress.experience,
                "member_ids": tables.parties.member_ids(guild_id, party.id),
            }
            for party in tables.parties.all_in_guild(guild_id)
        ],
        "catalogue": [
            item.model_dump(mode="json") | {"starter": is_starter(items, key)}
            for key, item in sorted(items.items())
        ],
    }
