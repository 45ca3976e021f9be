"""Taking Risks' section of `/admin export`: Risks with their follow-ups, scars owed and placed,
and every fight against a non-cat with its state (cat fights are in the shared contests)."""

from __future__ import annotations

from typing import Any

from storage.cat import cat
from storage.repositories import Transaction


def export_section(tx: Transaction, guild_id: int) -> dict[str, Any]:
    tables = cat(tx)
    return {
        "risks": [risk.model_dump(mode="json") for risk in tables.risks.all_in_guild(guild_id)],
        "wounds": [wound.model_dump(mode="json") for wound in tables.wounds.all_in_guild(guild_id)],
        "foe_fights": [
            combat.model_dump(mode="json", exclude={"state"})
            | {"state": combat.state.model_dump(mode="json")}
            for combat in tables.foes.all_in_guild(guild_id)
        ],
    }
