"""WCAGR's section of `/admin export`: the cat requests with their answers (the cats themselves
are in the core's part)."""

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
    }
