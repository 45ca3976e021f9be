"""WCAGR's section of `/admin export`: the cat requests with their answers, every hunt with its
hunters, every fight with its state, and every piece of the fresh-kill piles (the cats
themselves are in the core's part)."""

from __future__ import annotations

from typing import Any

from storage.repositories import Transaction
from storage.wcagr import wcagr


def export_section(tx: Transaction, guild_id: int) -> dict[str, Any]:
    tables = wcagr(tx)
    return {
        "cat_requests": [
            request.model_dump(mode="json") for request in tables.requests.all_in_guild(guild_id)
        ],
        "hunts": [hunt.model_dump(mode="json") for hunt in tables.hunts.all_in_guild(guild_id)],
        "fights": [
            fight.model_dump(mode="json", exclude={"state"})
            | {"state": fight.state.model_dump(mode="json")}
            for fight in tables.fights.all_in_guild(guild_id)
        ],
        "freshkill": [piece.model_dump(mode="json") for piece in tables.hunts.all_pieces(guild_id)],
    }
