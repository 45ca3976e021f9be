"""Parties: the characters of one channel, unless an admin grouped them under a name; each
party's level and experience (the party levels up together, book l. 323)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel

from rules.caverns.party.experience import PartyProgress
from storage.connection import Connection
from storage.names import name_key
from storage.timestamps import to_text


class Party(BaseModel):
    id: int
    guild_id: int
    channel_id: int | None  # None: a party an admin named
    name: str
    progress: PartyProgress


_COLUMNS = "id, guild_id, channel_id, name, level, experience"


def _party(row: Any) -> Party:
    return Party(
        id=row[0],
        guild_id=row[1],
        channel_id=row[2],
        name=row[3],
        progress=PartyProgress(level=row[4], experience=row[5]),
    )


class PartyRepository:
    """The `caverns_parties` and `caverns_members` tables."""

    def __init__(self, connection: Connection) -> None:
        self._db = connection

    def get(self, guild_id: int, party_id: int) -> Party | None:
        rows = self._db.execute_fetchall(
            f"SELECT {_COLUMNS} FROM caverns_parties WHERE guild_id = ? AND id = ?",
            (guild_id, party_id),
        )
        return _party(rows[0]) if rows else None

    def by_name(self, guild_id: int, name: str) -> Party | None:
        rows = self._db.execute_fetchall(
            f"SELECT {_COLUMNS} FROM caverns_parties WHERE guild_id = ? AND name_key = ?",
            (guild_id, name_key(name)),
        )
        return _party(rows[0]) if rows else None

    def of_channel(self, guild_id: int, channel_id: int, now: datetime) -> Party:
        """The channel's party, made on first use."""
        self._db.execute(
            "INSERT INTO caverns_parties (guild_id, channel_id, name, name_key, created_at)"
            " VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
            (guild_id, channel_id, f"#{channel_id}", f"#{channel_id}", to_text(now)),
        )
        rows = self._db.execute_fetchall(
            f"SELECT {_COLUMNS} FROM caverns_parties WHERE guild_id = ? AND channel_id = ?",
            (guild_id, channel_id),
        )
        return _party(rows[0])

    def named(self, guild_id: int, name: str, now: datetime) -> Party:
        """The admin's party of that name, made on first use."""
        self._db.execute(
            "INSERT INTO caverns_parties (guild_id, channel_id, name, name_key, created_at)"
            " VALUES (?, NULL, ?, ?, ?) ON CONFLICT DO NOTHING",
            (guild_id, name, name_key(name), to_text(now)),
        )
        found = self.by_name(guild_id, name)
        assert found is not None
        return found

    def save_progress(self, party: Party) -> None:
        self._db.execute(
            "UPDATE caverns_parties SET level = ?, experience = ? WHERE id = ?",
            (party.progress.level, party.progress.experience, party.id),
        )

    def membership(self, character_id: int) -> tuple[int, bool] | None:
        """(party id, pinned by an admin) of a character, or None before its first party."""
        rows = self._db.execute_fetchall(
            "SELECT party_id, pinned FROM caverns_members WHERE character_id = ?",
            (character_id,),
        )
        return (int(rows[0][0]), bool(rows[0][1])) if rows else None

    def join(self, guild_id: int, character_id: int, party_id: int, *, pinned: bool) -> None:
        self._db.execute(
            "INSERT INTO caverns_members (character_id, guild_id, party_id, pinned)"
            " VALUES (?, ?, ?, ?) ON CONFLICT (character_id)"
            " DO UPDATE SET party_id = excluded.party_id, pinned = excluded.pinned",
            (character_id, guild_id, party_id, int(pinned)),
        )

    def member_ids(self, guild_id: int, party_id: int) -> list[int]:
        """The party's characters (live or not: the caller reads the live ones), in id order."""
        rows = self._db.execute_fetchall(
            "SELECT character_id FROM caverns_members WHERE guild_id = ? AND party_id = ?"
            " ORDER BY character_id",
            (guild_id, party_id),
        )
        return [int(row[0]) for row in rows]

    def all_in_guild(self, guild_id: int) -> list[Party]:
        """Every party of the server, for the export."""
        rows = self._db.execute_fetchall(
            f"SELECT {_COLUMNS} FROM caverns_parties WHERE guild_id = ? ORDER BY id", (guild_id,)
        )
        return [_party(row) for row in rows]
