"""Characters' profiles (avatar, colour, pronouns, description) and the posts made as them."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from pydantic import BaseModel

from storage.approvals import ApprovalStatus
from storage.connection import Connection
from storage.timestamps import from_text, maybe_from_text, to_text


class Profile(BaseModel):
    """How a character looks on Discord; every part optional."""

    character_id: int
    guild_id: int
    avatar_url: str | None = None
    colour: int | None = None
    pronouns: str | None = None
    description: str | None = None


class Post(BaseModel):
    """A message posted as a character (or, `npc_id`, as an NPC) through a channel's webhook;
    `nonce` is the outbox post's that made it, for a proxied message."""

    message_id: int
    guild_id: int
    channel_id: int
    thread_id: int | None = None
    webhook_id: int
    character_id: int | None = None
    npc_id: int | None = None
    user_id: int
    created_at: datetime
    edited_at: datetime | None = None
    deleted_at: datetime | None = None
    nonce: str | None = None


_PROFILE_COLUMNS = "character_id, guild_id, avatar_url, colour, pronouns, description"


def _profile(row: Sequence[Any]) -> Profile:
    character_id, guild_id, avatar_url, colour, pronouns, description = row
    return Profile(
        character_id=character_id,
        guild_id=guild_id,
        avatar_url=avatar_url,
        colour=colour,
        pronouns=pronouns,
        description=description,
    )


class ProfileRepository:
    """One profile per character, kept beside its sheet."""

    def __init__(self, connection: Connection) -> None:
        self._db = connection

    def get(self, guild_id: int, character_id: int) -> Profile | None:
        rows = self._db.execute_fetchall(
            f"SELECT {_PROFILE_COLUMNS} FROM character_profiles"
            " WHERE character_id = ? AND guild_id = ?",
            (character_id, guild_id),
        )
        return next((_profile(row) for row in rows), None)

    def standing(self, character_id: int) -> tuple[ApprovalStatus | None, Profile | None]:
        """In one query: the latest decision on the character's sheet (None: it never needed
        one), and its profile."""
        rows = self._db.execute_fetchall(
            "SELECT (SELECT status FROM character_approvals WHERE character_id = ?"
            " AND kind = 'sheet' ORDER BY id DESC LIMIT 1), p.character_id, p.guild_id,"
            " p.avatar_url, p.colour, p.pronouns, p.description"
            " FROM (SELECT 1) AS one LEFT JOIN character_profiles AS p ON p.character_id = ?",
            (character_id, character_id),
        )
        status, *profile = next(iter(rows))
        return (
            None if status is None else ApprovalStatus(status),
            None if profile[0] is None else _profile(profile),
        )

    def page_in_guild(
        self, guild_id: int, after_id: int, last_id: int, limit: int
    ) -> list[Profile]:
        """The profiles of the server's characters with ids after `after_id` up to `last_id`, in
        id order, at most `limit` (for export); read through characters' (guild_id, id) index."""
        rows = self._db.execute_fetchall(
            "SELECT p.character_id, p.guild_id, p.avatar_url, p.colour, p.pronouns,"
            " p.description FROM characters AS c JOIN character_profiles AS p"
            " ON p.character_id = c.id WHERE c.guild_id = ? AND c.id > ? AND c.id <= ?"
            " ORDER BY c.id LIMIT ?",
            (guild_id, after_id, last_id, limit),
        )
        return [_profile(row) for row in rows]

    def save(self, profile: Profile, now: datetime) -> None:
        self._db.execute(
            "INSERT INTO character_profiles (character_id, guild_id, avatar_url, colour,"
            " pronouns, description, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (character_id) DO UPDATE SET avatar_url = excluded.avatar_url,"
            " colour = excluded.colour, pronouns = excluded.pronouns,"
            " description = excluded.description, updated_at = excluded.updated_at",
            (
                profile.character_id,
                profile.guild_id,
                profile.avatar_url,
                profile.colour,
                profile.pronouns,
                profile.description,
                to_text(now),
            ),
        )


_POST_COLUMNS = (
    "message_id, guild_id, channel_id, thread_id, webhook_id, character_id, npc_id, user_id,"
    " created_at, edited_at, deleted_at, nonce"
)


def _post(row: Sequence[Any]) -> Post:
    (message_id, guild_id, channel_id, thread_id, webhook_id, character_id, npc_id, user_id,
     created_at, edited_at, deleted_at, nonce) = row  # fmt: skip
    return Post(
        message_id=message_id,
        guild_id=guild_id,
        channel_id=channel_id,
        thread_id=thread_id,
        webhook_id=webhook_id,
        character_id=character_id,
        npc_id=npc_id,
        user_id=user_id,
        created_at=from_text(created_at),
        edited_at=maybe_from_text(edited_at),
        deleted_at=maybe_from_text(deleted_at),
        nonce=nonce,
    )


class PostRepository:
    """Posts made as characters, by message id: who may edit or delete them, who made them."""

    def __init__(self, connection: Connection) -> None:
        self._db = connection

    def add(self, post: Post) -> None:
        self._db.execute(
            f"INSERT INTO character_posts ({_POST_COLUMNS})"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                post.message_id,
                post.guild_id,
                post.channel_id,
                post.thread_id,
                post.webhook_id,
                post.character_id,
                post.npc_id,
                post.user_id,
                to_text(post.created_at),
                None,
                None,
                post.nonce,
            ),
        )

    def by_nonce(self, nonce: str) -> Post | None:
        """The post an outbox post made, if it was made (a resend after a crash)."""
        rows = self._db.execute_fetchall(
            f"SELECT {_POST_COLUMNS} FROM character_posts WHERE nonce = ?", (nonce,)
        )
        return next((_post(row) for row in rows), None)

    def get(self, guild_id: int, message_id: int) -> Post | None:
        """A live post of the server by its message id."""
        rows = self._db.execute_fetchall(
            f"SELECT {_POST_COLUMNS} FROM character_posts"
            " WHERE message_id = ? AND guild_id = ? AND deleted_at IS NULL",
            (message_id, guild_id),
        )
        return next((_post(row) for row in rows), None)

    def page_in_guild(self, guild_id: int, after_id: int, last_id: int, limit: int) -> list[Post]:
        """The server's posts (deleted ones too) with message ids after `after_id` up to
        `last_id`, in id order, at most `limit` (for export)."""
        rows = self._db.execute_fetchall(
            f"SELECT {_POST_COLUMNS} FROM character_posts WHERE guild_id = ?"
            " AND message_id > ? AND message_id <= ? ORDER BY message_id LIMIT ?",
            (guild_id, after_id, last_id, limit),
        )
        return [_post(row) for row in rows]

    def last_id(self, guild_id: int) -> int:
        """The server's newest post's message id (0: none)."""
        rows = self._db.execute_fetchall(
            "SELECT coalesce(max(message_id), 0) FROM character_posts WHERE guild_id = ?",
            (guild_id,),
        )
        return int(rows[0][0])

    def mark_edited(self, post: Post, now: datetime) -> None:
        self._db.execute(
            "UPDATE character_posts SET edited_at = ? WHERE message_id = ? AND guild_id = ?",
            (to_text(now), post.message_id, post.guild_id),
        )

    def mark_deleted(self, post: Post, now: datetime) -> None:
        self._db.execute(
            "UPDATE character_posts SET deleted_at = ? WHERE message_id = ? AND guild_id = ?",
            (to_text(now), post.message_id, post.guild_id),
        )
