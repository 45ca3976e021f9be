"""Germ cats in bulk: growing older without loading every sheet, and a cat's family."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from storage.connection import Connection
from storage.models import IdRange, among


@dataclass(frozen=True)
class Family:
    """The names a cat's sheet shows: its live mother, its live kits and the live cats who
    fully trust it, each by name."""

    mother: str | None
    kits: list[str]
    trusted_by: list[str]


_MOTHER, _KIT, _TRUSTING = 0, 1, 2


class CatRepository:
    def __init__(self, connection: Connection) -> None:
        self._db = connection

    def family(self, guild_id: int, cat_id: int | None, mother_id: int | None) -> Family:
        """A cat's `Family` in one query (`cat_id` None: a cat not made yet, with no kits and
        no one's trust)."""
        parts: list[str] = []
        parameters: list[int] = []
        if mother_id is not None:
            parts.append(
                f"SELECT {_MOTHER}, name, name_key FROM characters"
                " WHERE id = ? AND guild_id = ? AND deleted_at IS NULL"
            )
            parameters += [mother_id, guild_id]
        if cat_id is not None:
            parts.append(
                f"SELECT {_KIT}, name, name_key FROM characters"
                " WHERE mother_id = ? AND guild_id = ? AND deleted_at IS NULL"
            )
            parts.append(
                f"SELECT {_TRUSTING}, c.name, c.name_key FROM trust t"
                " JOIN characters c ON c.id = t.target_id"
                " WHERE t.guild_id = ? AND t.speaker_id = ? AND c.deleted_at IS NULL"
            )
            parameters += [cat_id, guild_id, guild_id, cat_id]
        if not parts:
            return Family(None, [], [])
        rows = self._db.execute_fetchall(" UNION ALL ".join(parts), tuple(parameters))
        names: dict[int, list[str]] = {_MOTHER: [], _KIT: [], _TRUSTING: []}
        # Sorted here, by name key: a few names, where SQL's ORDER BY built two sorters.
        for kind, name, _ in sorted(rows, key=lambda row: (row[0], row[2])):
            names[int(kind)].append(str(name))
        mother = names[_MOTHER][0] if names[_MOTHER] else None
        return Family(mother, names[_KIT], names[_TRUSTING])

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
