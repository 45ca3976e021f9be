"""The outbox: scheduled posts waiting to be sent, each with the nonce it is always sent with."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from datetime import datetime

from pydantic import BaseModel

from storage.connection import Connection
from storage.timestamps import from_text, maybe_from_text, to_text

# Discord takes a nonce of at most 25 characters: 12 random bytes are 24 hex digits.
NONCE_BYTES = 12
_PENDING = "sent_at IS NULL AND failed_at IS NULL"


class NewPost(BaseModel):
    """A post to record: its channel (and server, when known) and its body as JSON text."""

    channel_id: int
    body: str
    guild_id: int | None = None


class OutboxPost(BaseModel):
    """A recorded post still to send."""

    id: int
    guild_id: int | None
    channel_id: int
    nonce: str
    body: str
    created_at: datetime
    attempts: int
    tried_at: datetime | None = None  # a webhook post's first try began (it has no nonce)


def new_nonce() -> str:
    return secrets.token_hex(NONCE_BYTES)


class OutboxRepository:
    """The `outbox` table."""

    def __init__(self, connection: Connection) -> None:
        self._db = connection

    def add(self, posts: Sequence[NewPost], now: datetime) -> None:
        """Record posts to send after this transaction commits, each with a nonce of its own."""
        when = to_text(now)
        self._db.executemany(
            "INSERT INTO outbox (guild_id, channel_id, nonce, body, created_at, next_attempt_at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            [
                (self._db.scope.stamp(p.guild_id), p.channel_id, new_nonce(), p.body, when, when)
                for p in posts
            ],
        )

    def claim(self, now: datetime, limit: int, until: datetime) -> list[OutboxPost]:
        """Take the posts to send by `now`, in the order they were recorded, until `until`: the
        other processes pass them over (locked rows skipped, then the lease in next_attempt_at),
        and a process that dies sending them leaves them to be taken again once it ends. A post
        waits while an earlier one of its channel is pending and not due (held or taken)."""
        rows = self._db.execute_fetchall(
            "SELECT o.id, o.guild_id, o.channel_id, o.nonce, o.body, o.created_at, o.attempts,"
            " o.tried_at FROM outbox o WHERE o.sent_at IS NULL AND o.failed_at IS NULL"
            " AND o.next_attempt_at <= ? AND NOT EXISTS (SELECT 1 FROM outbox e"
            " WHERE e.channel_id = o.channel_id AND e.id < o.id AND e.sent_at IS NULL"
            " AND e.failed_at IS NULL AND e.next_attempt_at > ?)"
            + self._db.scope.only("o.guild_id")
            + " ORDER BY o.id LIMIT ?"
            + self._db.dialect.claim("o"),
            (to_text(now), to_text(now), limit),
        )
        if until > now and rows:
            self._db.executemany(
                "UPDATE outbox SET next_attempt_at = ? WHERE id = ?",
                [(to_text(until), row[0]) for row in rows],
            )
        return [
            OutboxPost(
                id=row[0],
                guild_id=row[1],
                channel_id=row[2],
                nonce=row[3],
                body=row[4],
                created_at=from_text(row[5]),
                attempts=row[6],
                tried_at=maybe_from_text(row[7]),
            )
            for row in rows
        ]

    def release(self, posts: Sequence[tuple[int, datetime]], until: datetime) -> None:
        """Give back taken posts that were not tried, each due again at its time, unless its
        lease (`until`) ran out and another process took it since."""
        self._db.executemany(
            "UPDATE outbox SET next_attempt_at = ?"
            f" WHERE id = ? AND next_attempt_at = ? AND {_PENDING}",
            [(to_text(at), post_id, to_text(until)) for post_id, at in posts],
        )

    def earliest_due(self) -> datetime | None:
        """When the next post is to be tried, or None when nothing waits."""
        rows = self._db.execute_fetchall(
            f"SELECT min(next_attempt_at) FROM outbox WHERE {_PENDING}"
            + self._db.scope.only("guild_id")
        )
        return maybe_from_text(rows[0][0])

    def mark_tried(self, post_id: int, now: datetime) -> None:
        """A post Discord keeps no nonce for is about to be sent: a later try looks for it first."""
        self._db.execute(
            "UPDATE outbox SET tried_at = ? WHERE id = ? AND tried_at IS NULL",
            (to_text(now), post_id),
        )

    def mark_sent(self, post_id: int, message_id: int | None, now: datetime) -> None:
        """Discord accepted the post: it is never sent again."""
        self._db.execute(
            "UPDATE outbox SET sent_at = ?, message_id = ?, attempts = attempts + 1,"
            " last_error = NULL WHERE id = ?",
            (to_text(now), message_id, post_id),
        )

    def mark_all_sent(self, posts: Sequence[tuple[int, int | None]], now: datetime) -> None:
        """Posts Discord accepted earlier, (id, message id) each: never sent again."""
        self._db.executemany(
            "UPDATE outbox SET sent_at = ?, message_id = ?, attempts = attempts + 1,"
            " last_error = NULL WHERE id = ?",
            [(to_text(now), message_id, post_id) for post_id, message_id in posts],
        )

    def mark_pending_sent(self, now: datetime) -> int:
        """Every post still to send taken as sent, as the outbox has sent them by the time a
        running bot restarts (the benchmark's start-up figure); returns how many."""
        cursor = self._db.execute(
            f"UPDATE outbox SET sent_at = ? WHERE {_PENDING}" + self._db.scope.only("guild_id"),
            (to_text(now),),
        )
        return cursor.rowcount

    def retry_later(self, post: OutboxPost, error: str, at: datetime) -> None:
        """The send failed for now: try it again at `at`, and hold the channel's later posts
        back until then, so they keep their order."""
        self._db.execute(
            "UPDATE outbox SET last_error = ?, next_attempt_at = ?, attempts = attempts + 1"
            " WHERE id = ?",
            (error, to_text(at), post.id),
        )
        self._db.execute(
            "UPDATE outbox SET next_attempt_at = ?"
            f" WHERE channel_id = ? AND id > ? AND {_PENDING} AND next_attempt_at < ?",
            (to_text(at), post.channel_id, post.id, to_text(at)),
        )

    def give_up(self, post_id: int, error: str, now: datetime) -> None:
        """The post cannot be sent (the channel is gone or closed to the bot): not tried again."""
        self._db.execute(
            "UPDATE outbox SET failed_at = ?, last_error = ?, attempts = attempts + 1 WHERE id = ?",
            (to_text(now), error, post_id),
        )

    def prune(self, before: datetime, limit: int) -> int:
        """Forget up to `limit` posts sent or abandoned before `before`; returns how many."""
        cursor = self._db.execute(
            "DELETE FROM outbox WHERE id IN (SELECT id FROM outbox"
            " WHERE (sent_at IS NOT NULL OR failed_at IS NOT NULL) AND created_at < ?"
            + self._db.scope.only("guild_id")
            + " ORDER BY created_at LIMIT ?)",
            (to_text(before), limit),
        )
        return cursor.rowcount

    def pending_count(self) -> int:
        rows = self._db.execute_fetchall(f"SELECT count(*) FROM outbox WHERE {_PENDING}")
        return int(rows[0][0])

    def sent_at(self, post_id: int) -> datetime | None:
        rows = self._db.execute_fetchall("SELECT sent_at FROM outbox WHERE id = ?", (post_id,))
        return maybe_from_text(rows[0][0]) if rows else None
