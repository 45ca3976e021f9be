"""The voices members post in and the rolls they keep: NPCs, proxy tags, each member's autoproxy
in each channel, and characters' saved rolls. Reached in a unit of work as `voices(tx)`."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from storage.connection import Connection
from storage.names import name_key
from storage.timestamps import to_text

if TYPE_CHECKING:
    from storage.repositories import Transaction


class Npc(BaseModel):
    """An admin's voice: a name, an avatar and a colour, nothing more."""

    id: int
    guild_id: int
    name: str
    avatar_url: str | None = None
    colour: int | None = None
    created_by: int


class ProxyTag(BaseModel):
    """What a message starts and ends with to be said by a character (or an NPC)."""

    prefix: str
    suffix: str
    character_id: int | None = None
    npc_id: int | None = None


class AutoproxyMode(StrEnum):
    LATCH = "latch"  # the last character proxied as speaks for the plain messages
    FRONT = "front"  # the character set speaks for them
    OFF = "off"


class Autoproxy(BaseModel):
    mode: AutoproxyMode
    character_id: int | None = None
    npc_id: int | None = None


class SavedRoll(BaseModel):
    character_id: int
    name: str
    expression: str


_NPC_COLUMNS = "id, guild_id, name, avatar_url, colour, created_by"


def _npc(row: Sequence[Any]) -> Npc:
    npc_id, guild_id, name, avatar_url, colour, created_by = row
    return Npc(
        id=npc_id,
        guild_id=guild_id,
        name=name,
        avatar_url=avatar_url,
        colour=colour,
        created_by=created_by,
    )


class NpcRepository:
    """A server's NPCs by name; removing one keeps its row for the posts made as it."""

    def __init__(self, connection: Connection) -> None:
        self._db = connection

    def add(self, npc: Npc, now: datetime) -> Npc:
        rows = self._db.execute_fetchall(
            "INSERT INTO npcs (guild_id, name, name_key, avatar_url, colour, created_by,"
            " created_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
            (
                npc.guild_id,
                npc.name,
                name_key(npc.name),
                npc.avatar_url,
                npc.colour,
                npc.created_by,
                to_text(now),
            ),
        )
        return npc.model_copy(update={"id": rows[0][0]})

    def update(self, npc: Npc) -> None:
        self._db.execute(
            "UPDATE npcs SET avatar_url = ?, colour = ? WHERE id = ? AND guild_id = ?",
            (npc.avatar_url, npc.colour, npc.id, npc.guild_id),
        )

    def named(self, guild_id: int, name: str) -> Npc | None:
        rows = self._db.execute_fetchall(
            f"SELECT {_NPC_COLUMNS} FROM npcs WHERE guild_id = ? AND name_key = ?"
            " AND deleted_at IS NULL",
            (guild_id, name_key(name)),
        )
        return next((_npc(row) for row in rows), None)

    def by_id(self, guild_id: int, npc_id: int) -> Npc | None:
        """An NPC by id, removed ones too (a post made as one still names it)."""
        rows = self._db.execute_fetchall(
            f"SELECT {_NPC_COLUMNS} FROM npcs WHERE id = ? AND guild_id = ?",
            (npc_id, guild_id),
        )
        return next((_npc(row) for row in rows), None)

    def of_guild(self, guild_id: int) -> list[Npc]:
        rows = self._db.execute_fetchall(
            f"SELECT {_NPC_COLUMNS} FROM npcs WHERE guild_id = ? AND deleted_at IS NULL"
            " ORDER BY name_key",
            (guild_id,),
        )
        return [_npc(row) for row in rows]

    def name_choices(self, guild_id: int, prefix: str, limit: int) -> list[str]:
        key = name_key(prefix)
        rows = self._db.execute_fetchall(
            "SELECT name FROM npcs WHERE guild_id = ? AND deleted_at IS NULL"
            " AND name_key >= ? AND name_key < ? ORDER BY name_key LIMIT ?",
            (guild_id, key, key + "\U0010ffff", limit),
        )
        return [name for (name,) in rows]

    def remove(self, npc: Npc, now: datetime) -> None:
        self._db.execute(
            "UPDATE npcs SET deleted_at = ? WHERE id = ? AND guild_id = ?",
            (to_text(now), npc.id, npc.guild_id),
        )


class TagRepository:
    """Proxy tags: a character's or an NPC's, and all those a member may speak with."""

    def __init__(self, connection: Connection) -> None:
        self._db = connection

    def replace(
        self,
        guild_id: int,
        tags: Sequence[tuple[str, str]],
        now: datetime,
        *,
        character_id: int | None = None,
        npc_id: int | None = None,
    ) -> None:
        """The character's (or NPC's) tags become these."""
        column, owner = ("character_id", character_id) if npc_id is None else ("npc_id", npc_id)
        self._db.execute(f"DELETE FROM proxy_tags WHERE {column} = ?", (owner,))
        self._db.executemany(
            "INSERT INTO proxy_tags (guild_id, character_id, npc_id, prefix, suffix, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            [
                (guild_id, character_id, npc_id, prefix, suffix, to_text(now))
                for prefix, suffix in tags
            ],
        )

    def of(self, *, character_id: int | None = None, npc_id: int | None = None) -> list[ProxyTag]:
        column, owner = ("character_id", character_id) if npc_id is None else ("npc_id", npc_id)
        rows = self._db.execute_fetchall(
            "SELECT prefix, suffix, character_id, npc_id FROM proxy_tags"
            f" WHERE {column} = ? ORDER BY id",
            (owner,),
        )
        return [_tag(row) for row in rows]

    def of_member(self, guild_id: int, user_id: int, with_npcs: bool) -> list[ProxyTag]:
        """The tags of a member's live characters, and the server's NPCs' when `with_npcs`
        (an admin): what their messages are matched against."""
        rows = self._db.execute_fetchall(
            "SELECT t.prefix, t.suffix, t.character_id, t.npc_id FROM characters c"
            " JOIN proxy_tags t ON t.character_id = c.id"
            " WHERE c.guild_id = ? AND c.owner_id = ? AND c.deleted_at IS NULL",
            (guild_id, user_id),
        )
        if with_npcs:
            rows += self._db.execute_fetchall(
                "SELECT t.prefix, t.suffix, t.character_id, t.npc_id FROM proxy_tags t"
                " JOIN npcs n ON n.id = t.npc_id"
                " WHERE t.guild_id = ? AND t.npc_id IS NOT NULL AND n.deleted_at IS NULL",
                (guild_id,),
            )
        return [_tag(row) for row in rows]


def _tag(row: Sequence[Any]) -> ProxyTag:
    prefix, suffix, character_id, npc_id = row
    return ProxyTag(prefix=prefix, suffix=suffix, character_id=character_id, npc_id=npc_id)


class AutoproxyRepository:
    """Each member's autoproxy in each channel (no row: off)."""

    def __init__(self, connection: Connection) -> None:
        self._db = connection

    def get(self, guild_id: int, user_id: int, channel_id: int) -> Autoproxy | None:
        rows = self._db.execute_fetchall(
            "SELECT mode, character_id, npc_id FROM autoproxy"
            " WHERE guild_id = ? AND user_id = ? AND channel_id = ?",
            (guild_id, user_id, channel_id),
        )
        return next(
            (
                Autoproxy(mode=AutoproxyMode(mode), character_id=character_id, npc_id=npc_id)
                for mode, character_id, npc_id in rows
            ),
            None,
        )

    def set(
        self, guild_id: int, user_id: int, channel_id: int, autoproxy: Autoproxy, now: datetime
    ) -> None:
        self._db.execute(
            "INSERT INTO autoproxy (guild_id, user_id, channel_id, mode, character_id, npc_id,"
            " updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, user_id,"
            " channel_id) DO UPDATE SET mode = excluded.mode,"
            " character_id = excluded.character_id, npc_id = excluded.npc_id,"
            " updated_at = excluded.updated_at",
            (
                guild_id,
                user_id,
                channel_id,
                autoproxy.mode.value,
                autoproxy.character_id,
                autoproxy.npc_id,
                to_text(now),
            ),
        )

    def clear(self, guild_id: int, user_id: int, channel_id: int) -> None:
        self._db.execute(
            "DELETE FROM autoproxy WHERE guild_id = ? AND user_id = ? AND channel_id = ?",
            (guild_id, user_id, channel_id),
        )


class SavedRollRepository:
    """Characters' saved rolls by name."""

    def __init__(self, connection: Connection) -> None:
        self._db = connection

    def save(self, saved: SavedRoll, now: datetime) -> None:
        self._db.execute(
            "INSERT INTO saved_rolls (character_id, name_key, name, expression, updated_at)"
            " VALUES (?, ?, ?, ?, ?) ON CONFLICT (character_id, name_key) DO UPDATE SET"
            " name = excluded.name, expression = excluded.expression,"
            " updated_at = excluded.updated_at",
            (saved.character_id, name_key(saved.name), saved.name, saved.expression, to_text(now)),
        )

    def named(self, character_id: int, name: str) -> SavedRoll | None:
        rows = self._db.execute_fetchall(
            "SELECT name, expression FROM saved_rolls WHERE character_id = ? AND name_key = ?",
            (character_id, name_key(name)),
        )
        return next(
            (
                SavedRoll(character_id=character_id, name=found, expression=expression)
                for found, expression in rows
            ),
            None,
        )

    def of(self, character_id: int) -> list[SavedRoll]:
        rows = self._db.execute_fetchall(
            "SELECT name, expression FROM saved_rolls WHERE character_id = ? ORDER BY name_key",
            (character_id,),
        )
        return [
            SavedRoll(character_id=character_id, name=name, expression=expression)
            for name, expression in rows
        ]

    def count(self, character_id: int) -> int:
        rows = self._db.execute_fetchall(
            "SELECT count(*) FROM saved_rolls WHERE character_id = ?", (character_id,)
        )
        return int(rows[0][0])

    def delete(self, character_id: int, name: str) -> bool:
        cursor = self._db.execute(
            "DELETE FROM saved_rolls WHERE character_id = ? AND name_key = ?",
            (character_id, name_key(name)),
        )
        return cursor.rowcount > 0

    def name_choices(self, character_id: int, prefix: str, limit: int) -> list[str]:
        key = name_key(prefix)
        rows = self._db.execute_fetchall(
            "SELECT name FROM saved_rolls WHERE character_id = ? AND name_key >= ?"
            " AND name_key < ? ORDER BY name_key LIMIT ?",
            (character_id, key, key + "\U0010ffff", limit),
        )
        return [name for (name,) in rows]


class Voices:
    """The repositories of this file over one transaction's connection."""

    def __init__(self, connection: Connection) -> None:
        self.npcs = NpcRepository(connection)
        self.tags = TagRepository(connection)
        self.autoproxy = AutoproxyRepository(connection)
        self.saved_rolls = SavedRollRepository(connection)


def voices(tx: Transaction) -> Voices:
    return tx.part(Voices)
