"""Germ's section of `/admin export`: who fully trusts whom, and every combat with its state."""

from __future__ import annotations

from typing import Any

from storage.germ import germ
from storage.repositories import Transaction


def export_section(tx: Transaction, guild_id: int) -> dict[str, Any]:
    tables = germ(tx)
    return {
        "trust": [
            {"target_id": target, "speaker_id": speaker, "since": since}
            for target, speaker, since in tables.trust.all_in_guild(guild_id)
        ],
        "combats": [
            combat.model_dump(mode="json", exclude={"state"})
            | {"state": combat.state.model_dump(mode="json")}
            for combat in tables.combat.all_in_guild(guild_id)
        ],
    }
