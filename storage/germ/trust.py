"""Germ's trust records: who fully trusts whom after a Charisma win by 21 or more."""

from __future__ import annotations

from datetime import datetime

from storage.connection import Connection
from storage.timestamps import to_text


class TrustRepository:
    """The `trust` table."""

    def __init__(self, connection: Connection) -> None:
        self._db = connection

    def trusts(self, guild_id: int, target_id: int, speaker_id: int) -> bool:
        """Whether the target fully trusts the speaker."""
        rows = self._db.execute_fetchall(
            "SELECT 1 FROM trust WHERE guild_id = ? AND target_id = ? AND speaker_id = ?",
            (guild_id, target_id, speaker_id),
        )
        return bool(rows)

    def add_trust(self, guild_id: int, target_id: int, speaker_id: int, now: datetime) -> None:
        self._db.execute(
            "INSERT INTO trust (guild_id, target_id, speaker_id, since)"
            " VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
            (guild_id, target_id, speaker_id, to_text(now)),
        )

    def revoke_trust_between(self, guild_id: int, one_id: int, other_id: int) -> int:
        """Remove trust either way between two characters; returns how many records went."""
        cursor = self._db.execute(
            "DELETE FROM trust WHERE guild_id = ? AND ((target_id = ? AND speaker_id = ?)"
            " OR (target_id = ? AND speaker_id = ?))",
            (guild_id, one_id, other_id, other_id, one_id),
        )
        return cursor.rowcount

    def all_in_guild(self, guild_id: int) -> list[tuple[int, int, str]]:
        """Every trust record of the server (for export): (target, speaker, since)."""
        rows = self._db.execute_fetchall(
            "SELECT target_id, speaker_id, since FROM trust WHERE guild_id = ?"
            " ORDER BY target_id, speaker_id",
            (guild_id,),
        )
        return [(target, speaker, since) for target, speaker, since in rows]
