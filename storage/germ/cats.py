"""Germ cats in bulk: growing older without loading every sheet."""

from __future__ import annotations

from collections.abc import Sequence

from storage.connection import Connection
from storage.models import IdRange, among


class CatRepository:
    def __init__(self, connection: Connection) -> None:
        self._db = connection

    def grow_older(
        self, guild_id: int, moons: int, character_ids: Sequence[int] | IdRange | None
    ) -> int:
        """Add `moons` to the age of the server's live Germ cats (all, or those given), the dead
        excepted; returns how many cats aged."""
        where = "guild_id = ? AND deleted_at IS NULL AND ruleset = 'germ' AND life != 'dead'"
        only, ids = among(character_ids)
        where += only
        parameters = (moons, guild_id, *ids)
        sql = self._db.dialect
        older = sql.greatest(f"{sql.json_number('sheet', 'age_moons')} + ?", "0")
        cursor = self._db.execute(
            f"UPDATE characters SET sheet = {sql.json_set('sheet', {'age_moons': older})}"
            f" WHERE {where}",
            parameters,
        )
        return cursor.rowcount
