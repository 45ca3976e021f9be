"""Outrageous offers (book l. 305): after a 6- on the market, the item at ten times its price,
offered by the MC and taken by the player, each step once."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel

from rules.caverns.catalogue import ItemKind
from storage.connection import Connection
from storage.timestamps import maybe_from_text, to_text


class Offer(BaseModel):
    id: int
    guild_id: int
    character_id: int
    item: str
    kind: ItemKind
    price: int
    offered_at: datetime | None
    taken_at: datetime | None


_COLUMNS = "id, guild_id, character_id, item, kind, price, offered_at, taken_at"


def _offer(row: Any) -> Offer:
    return Offer(
        id=row[0],
        guild_id=row[1],
        character_id=row[2],
        item=row[3],
        kind=ItemKind(row[4]),
        price=row[5],
        offered_at=maybe_from_text(row[6]),
        taken_at=maybe_from_text(row[7]),
    )


class OfferRepository:
    """The `caverns_offers` table."""

    def __init__(self, connection: Connection) -> None:
        self._db = connection

    def add(
        self, guild_id: int, character_id: int, item: str, kind: ItemKind, price: int, now: datetime
    ) -> int:
        row = self._db.execute(
            "INSERT INTO caverns_offers (guild_id, character_id, item, kind, price, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
            (guild_id, character_id, item, kind.value, price, to_text(now)),
        ).fetchone()
        return int(row[0])

    def get(self, guild_id: int, offer_id: int) -> Offer | None:
        rows = self._db.execute_fetchall(
            f"SELECT {_COLUMNS} FROM caverns_offers WHERE guild_id = ? AND id = ?",
            (guild_id, offer_id),
        )
        return _offer(rows[0]) if rows else None

    def mark_offered(self, offer_id: int, now: datetime) -> bool:
        """False when the MC offered it already."""
        cursor = self._db.execute(
            "UPDATE caverns_offers SET offered_at = ? WHERE id = ? AND offered_at IS NULL",
            (to_text(now), offer_id),
        )
        return cursor.rowcount == 1

    def mark_taken(self, offer_id: int, now: datetime) -> bool:
        """False unless it was offered and not taken yet."""
        cursor = self._db.execute(
            "UPDATE caverns_offers SET taken_at = ? WHERE id = ? AND offered_at IS NOT NULL"
            " AND taken_at IS NULL",
            (to_text(now), offer_id),
        )
        return cursor.rowcount == 1
