"""A healer's herbs under the book's extra healing rules (l.275): each gathered bundle, fresh
or dried, with the game day it was gathered, until a treatment uses it."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from pydantic import BaseModel

from storage.connection import Connection
from storage.timestamps import to_text


class Bundle(BaseModel):
    """One bundle of an herb in a cat's stock."""

    id: int
    herb: str  # the herb list's key (`rules.wcagr.herbs.herb_key`)
    dried: bool
    gathered_day: int


class HerbRepository:
    """The `wcagr_herbs` table."""

    def __init__(self, connection: Connection) -> None:
        self._db = connection

    def gather(
        self,
        guild_id: int,
        character_id: int,
        herb: str,
        dried: bool,
        day: int,
        count: int,
        now: datetime,
    ) -> None:
        self._db.executemany(
            "INSERT INTO wcagr_herbs (guild_id, character_id, herb, dried, gathered_day,"
            " created_at) VALUES (?, ?, ?, ?, ?, ?)",
            [(guild_id, character_id, herb, int(dried), day, to_text(now))] * count,
        )

    def kept(self, guild_id: int, character_id: int) -> list[Bundle]:
        """The cat's bundles not used yet, oldest first (spoiled ones too: the caller knows
        how long each keeps)."""
        rows = self._db.execute_fetchall(
            "SELECT id, herb, dried, gathered_day FROM wcagr_herbs WHERE guild_id = ?"
            " AND character_id = ? AND used_at IS NULL ORDER BY gathered_day, id",
            (guild_id, character_id),
        )
        return [
            Bundle(id=row[0], herb=row[1], dried=bool(row[2]), gathered_day=row[3]) for row in rows
        ]

    def use(self, ids: Sequence[int], now: datetime) -> None:
        self._db.executemany(
            "UPDATE wcagr_herbs SET used_at = ? WHERE id = ?", [(to_text(now), i) for i in ids]
        )
