"""Scheduled posts exactly once: recorded with the change that causes them, sent after commit
with a stable nonce, marked sent only once Discord accepted them, retried with backoff.

A job calls `record_posts(tx, posts, now)` inside the transaction of its state change, so the
post and the change are kept or lost together. `Outbox.deliver` sends what is due with the
post's nonce (discord.py sends it with `enforce_nonce`, so Discord answers a resend of an
accepted post with the first message instead of a second one), and marks it sent. A failure
Discord may get over (an outage, a network error, a rate limit) is tried again later, the wait
doubling each time; one it will not (the channel is gone or closed to the bot) is given up and
logged.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.actions.context import Services
from bot.actions.reply import Reply
from storage.errors import StorageUnavailable
from storage.outbox import NewPost, OutboxPost
from storage.repositories import Transaction

log = logging.getLogger(__name__)

BATCH = 50  # posts taken from the outbox in one look; more are taken on the next pass
FIRST_RETRY = timedelta(seconds=30)
LAST_RETRY = timedelta(hours=1)  # the longest wait between two tries of one post
GIVE_UP_AFTER = timedelta(days=7)  # a post Discord could not take for this long is dropped
KEEP_SENT = timedelta(days=30)  # sent posts are remembered this long (for a look at what went)
PRUNE_BATCH = 500
# Over a database other processes share, the posts one process takes are its own this long: one
# that dies sending them leaves them to the next look after it. Well inside the minutes Discord
# keeps a nonce, so a post sent just before the death is not doubled by the resend.
CLAIM_LEASE = timedelta(seconds=60)
# A batch is sent only while its lease has this much left; the rest is taken again later.
LEASE_MARGIN = timedelta(seconds=10)


@dataclass(frozen=True)
class Post:
    """A message for a channel (of a server, when the job knows which)."""

    channel_id: int
    reply: Reply
    guild_id: int | None = None


@dataclass(frozen=True)
class Delivery:
    """One try at sending a recorded post: always with the same nonce. `maybe_sent`: an earlier
    try of a webhook post (which Discord keeps no nonce for) may have reached Discord."""

    channel_id: int
    reply: Reply
    nonce: str
    attempt: int
    maybe_sent: bool = False


@dataclass
class Unmarked:
    """A post Discord accepted whose mark as sent could not be written yet: kept in memory, so
    this process never sends it again, and marked once the database takes writes again."""

    message_id: int | None
    failures: int
    next_try: datetime


class PostRefused(Exception):
    """The transport's answer for a post that can never be sent (not a passing failure)."""


# Sends one post; returns the message's id (None when the transport has none, as the console).
Send = Callable[[Delivery], Awaitable[int | None]]


def record_posts(tx: Transaction, posts: Sequence[Post], now: datetime) -> None:
    """Keep posts in the outbox, in this transaction: sent once it has committed."""
    if posts:
        tx.outbox.add(
            [
                NewPost(
                    channel_id=post.channel_id,
                    guild_id=post.guild_id,
                    body=post.reply.model_dump_json(exclude_defaults=True),
                )
                for post in posts
            ],
            now,
        )


def retry_wait(attempts: int, first: timedelta = FIRST_RETRY) -> timedelta:
    """How long to wait after the `attempts`-th failed try: doubling, at most LAST_RETRY."""
    doublings = min(max(attempts - 1, 0), 30)  # 2**30 waits are far past any limit
    return min(first * 2**doublings, max(LAST_RETRY, first))


def _reason(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return (text[0] if text else type(error).__name__)[:300]


class Outbox:
    """Sends what the outbox holds through `send`, in the order it was recorded."""

    def __init__(
        self,
        services: Services,
        send: Send,
        *,
        first_retry: timedelta = FIRST_RETRY,
        lease: timedelta = CLAIM_LEASE,
    ) -> None:
        self._services = services
        self._send = send
        self.first_retry = first_retry
        # One process alone on its database (SQLite) takes nothing from anyone: no lease, so
        # a post cut short by a crash goes out at once after the restart.
        self.lease = lease if services.db.shared else timedelta(0)
        # Posts sent but not yet marked sent, by id (see Unmarked).
        self.unmarked: dict[int, Unmarked] = {}
        # One pass at a time in this process: without a lease (SQLite) two would take the same
        # posts.
        self._passing = asyncio.Lock()

    async def deliver(self) -> datetime | None:
        """Send every post due now; returns when the next one is due (None: nothing waits).
        While a sent post cannot be marked sent, nothing more is sent: the marks are tried
        again, the wait doubling, and what they wait for is returned."""
        async with self._passing:
            return await self._deliver()

    async def _deliver(self) -> datetime | None:
        db = self._services.db
        now = self._services.clock()
        if self.unmarked and (waiting := await self._mark_unmarked(now)) is not None:
            return waiting
        until = now + self.lease
        taken = await db.transact(lambda tx: tx.outbox.claim(now, BATCH, until))
        held: dict[int, datetime] = {}  # channels where a post failed, and until when
        untried: list[tuple[int, datetime]] = []  # taken, not tried: given back, due then
        for post in taken:
            if post.channel_id in held:
                untried.append((post.id, held[post.channel_id]))
            elif self.unmarked or (self.lease and self._services.clock() > until - LEASE_MARGIN):
                untried.append((post.id, now))  # taken again next pass
            else:
                again = await self._one(post)
                if again is not None:
                    held[post.channel_id] = again
        if self.unmarked:  # the database fails its writes: what is left waits for the marks
            if self.lease and untried:
                with contextlib.suppress(Exception):  # else they are taken at the lease's end
                    await db.transact(lambda tx: tx.outbox.release(untried, until))
            return min(one.next_try for one in self.unmarked.values())
        if self.lease and untried:
            await db.transact(lambda tx: tx.outbox.release(untried, until))
        await db.transact(lambda tx: tx.outbox.prune(now - KEEP_SENT, PRUNE_BATCH))
        return await db.transact(lambda tx: tx.outbox.earliest_due(), write=False)

    async def _mark_unmarked(self, now: datetime) -> datetime | None:
        """Write the marks that could not be written before; returns when to try again while
        some still cannot be (None: all are written)."""
        due = {key: one for key, one in self.unmarked.items() if one.next_try <= now}
        if due:
            marks = [(key, one.message_id) for key, one in due.items()]
            clock = self._services.clock
            try:
                await self._services.db.transact(lambda tx: tx.outbox.mark_all_sent(marks, clock()))
            except Exception as error:
                for key, one in due.items():
                    one.failures += 1
                    one.next_try = now + retry_wait(one.failures, self.first_retry)
                    self._log_unmarked(key, one, error)
            else:
                for key in due:
                    del self.unmarked[key]
                log.info("marked %d sent posts sent at last", len(due))
        if not self.unmarked:
            return None
        return min(one.next_try for one in self.unmarked.values())

    def _log_unmarked(self, post_id: int, one: Unmarked, error: BaseException) -> None:
        log.warning(
            "post %s was accepted by Discord (message %s) but could not be marked sent (%s);"
            " it is not sent again, and marking it is tried again in %.0f s",
            post_id,
            one.message_id,
            error.detail if isinstance(error, StorageUnavailable) else _reason(error),
            (one.next_try - self._services.clock()).total_seconds(),
        )

    async def _one(self, post: OutboxPost) -> datetime | None:
        """Try one post; when it must be tried again, returns when (None: it is done)."""
        db, clock = self._services.db, self._services.clock
        attempt = post.attempts + 1  # tries that ended; one cut short by a crash is not counted
        if attempt > 1:
            log.info("post %s to channel %s: try %d", post.id, post.channel_id, attempt)
        try:
            reply = Reply.model_validate_json(post.body)
            maybe_sent = post.attempts > 0 or post.tried_at is not None
            if reply.post is not None and post.tried_at is None:  # a webhook post: no nonce
                await db.transact(lambda tx: tx.outbox.mark_tried(post.id, clock()))
            delivery = Delivery(post.channel_id, reply, post.nonce, attempt, maybe_sent)
            message_id = await self._send(delivery)
        except PostRefused as error:
            reason = _reason(error)
            log.warning("gave up a post to channel %s: %s", post.channel_id, reason)
            await db.transact(lambda tx: tx.outbox.give_up(post.id, reason, clock()))
            return None
        except Exception as error:
            reason = _reason(error)
            now = clock()
            if now - post.created_at > GIVE_UP_AFTER:
                log.warning(
                    "gave up a post to channel %s after %d tries: %s",
                    post.channel_id,
                    attempt,
                    reason,
                )
                await db.transact(lambda tx: tx.outbox.give_up(post.id, reason, now))
                return None
            wait = retry_wait(attempt, self.first_retry)
            log.warning(
                "could not post to channel %s (%s); trying again in %.0f s",
                post.channel_id,
                reason,
                wait.total_seconds(),
            )
            await db.transact(lambda tx: tx.outbox.retry_later(post, reason, now + wait))
            return now + wait
        try:
            await db.transact(lambda tx: tx.outbox.mark_sent(post.id, message_id, clock()))
        except Exception as error:  # remembered: sent again by no later pass of this process
            one = Unmarked(message_id, 1, clock() + retry_wait(1, self.first_retry))
            self.unmarked[post.id] = one
            self._log_unmarked(post.id, one, error)
            return one.next_try
        return None
