"""WCAGR's queries over the shared characters table: rank counts and cats by state. WCAGR part
1 keeps everything in the sheet, so it has no table of its own."""

from __future__ import annotations

from storage.connection import Connection
from storage.repositories import Transaction

_LIVE_WCAGR = "guild_id = ? AND deleted_at IS NULL AND ruleset = 'wcagr'"


class CatQueries:
    """Which WCAGR cats of a server hold a rank, are sprained, or are live at all."""

    def __init__(self, connection: Connection) -> None:
        self._db = connection

    def rank_holders(
        self, guild_id: int, clan: str, rank: str, *, excluding: int | None = None
    ) -> int:
        """How many live cats of `clan` in the server hold `rank` (not counting `excluding`)."""
        sql = self._db.dialect
        rows = self._db.execute_fetchall(
            f"SELECT count(*) FROM characters WHERE {_LIVE_WCAGR}"
            f" AND {sql.json_text('sheet', 'clan')} = ? AND {sql.json_text('sheet', 'rank')} = ?"
            " AND id != ?",
            (guild_id, clan, rank, -1 if excluding is None else excluding),
        )
        return int(rows[0][0])

    def sprained_ids(self, guild_id: int) -> list[int]:
        """The live cats of the server resting a sprain."""
        sprain = self._db.dialect.json_number("sheet", "sprain_sunrises_left")
        rows = self._db.execute_fetchall(
            f"SELECT id FROM characters WHERE {_LIVE_WCAGR} AND {sprain} > 0 ORDER BY id",
            (guild_id,),
        )
        return [int(row[0]) for row in rows]

    def live_ids(self, guild_id: int) -> list[int]:
        """Every live WCAGR cat of the server."""
        rows = self._db.execute_fetchall(
            f"SELECT id FROM characters WHERE {_LIVE_WCAGR} ORDER BY id", (guild_id,)
        )
        return [int(row[0]) for row in rows]


def wcagr(tx: Transaction) -> CatQueries:
    """WCAGR's queries inside the open transaction `tx`."""
    return tx.part(CatQueries)
