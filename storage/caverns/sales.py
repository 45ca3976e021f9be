"""Sales at the market (RULINGS: half the catalogue price, config): each kept so that the MC
may refuse it, once."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel

from rules.caverns.catalogue import ItemKind
from storage.connection import Connection
from storage.timestamps import maybe_from_text, to_text


class Sale(BaseModel):
    id: int
    guild_id: int
    character_id: int
    item: str
    kind: ItemKind
    broken: bool
    price: int
    refused_at: datetime | None


_COLUMNS = "id, guild_id, character_id, item, kind, broken, price, refused_at"


def _sale(row: Any) -> Sale:
    return Sale(
        id=row[0],
        guild_id=row[1],
        character_id=row[2],
        item=row[3],
        kind=ItemKind(row[4]),
        broken=bool(row[5]),
        price=row[6],
        refused_at=maybe_from_text(row[7]),
    )


class SaleRepository:
    """The `caverns_sales` table."""

    def __init__(self, connection: Connection) -> None:
        self._db = connection

    def add(
        self,
        guild_id: int,
        character_id: int,
        item: str,
        kind: ItemKind,
        broken: bool,
        price: int,
        now: datetime,
    ) -> int:
        row = self._db.execute(
            "INSERT INTO caverns_sales (guild_id, character_id, item, kind, broken, price,"
            " created_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
            (guild_id, character_id, item, kind.value, int(broken), price, to_text(now)),
        ).fetchone()
        return int(row[0])

    def get(self, guild_id: int, sale_id: int) -> Sale | None:
        rows = self._db.execute_fetchall(
            f"SELECT {_COLUMNS} FROM caverns_sales WHERE guild_id = ? AND id = ?",
            (guild_id, sale_id),
        )
        return _sale(rows[0]) if rows else None

    def mark_refused(self, sale_id: int, now: datetime) -> bool:
        """False when the MC refused it already."""
        cursor = self._db.execute(
            "UPDATE caverns_sales SET refused_at = ? WHERE id = ? AND refused_at IS NULL",
            (to_text(now), sale_id),
        )
        return cursor.rowcount == 1
