"""Germ cats in bulk: growing older without loading every sheet."""

from __future__ import annotations

from collections.abc import Sequence

from storage.connection import Connection


class CatRepository:
    def __init__(self, connection: Connection) -> None:
        self._db = connection

    def grow_older(self, guild_id: int, moons: int, character_ids: Sequence[int] | None) -> int:
        """Add `moons` to the age of the server's live Germ cats (all, or those given), the dead
        excepted; returns how many cats aged."""
        where = "guild_id = ? AND deleted_at IS NULL AND ruleset = 'germ' AND life != 'dead'"
        parameters: list[int] = [moons, guild_id]
        if character_ids is not None:
            where += f" AND id IN ({','.join('?' * len(character_ids))})"
            parameters += list(character_ids)
        sql = self._db.dialect
        older = sql.greatest(f"{sql.json_number('sheet', 'age_moons')} + ?", "0")
        cursor = self._db.execute(
            f"UPDATE characters SET sheet = {sql.json_set('sheet', {'age_moons': older})}"
            f" WHERE {where}",
            tuple(parameters),
        )
        return cursor.rowcount
