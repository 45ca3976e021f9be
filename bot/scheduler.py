"""Timed work: one task that sleeps until the earliest due item across every server.

Each job looks at stored state, records what it sends in the same transaction, and says when it
is next due, so a restart neither skips nor repeats a post. Something newly scheduled calls
`poke()` to re-arm the sleep; the sleep is capped so the task wakes at least hourly.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from bot.actions.context import Services
from bot.actions.reply import Reply
from storage.errors import StorageUnavailable

log = logging.getLogger(__name__)
# Over a database other processes share, work due now may be claimed by one of them: looked at
# again after this pause, not in a busy loop, until that process is done with it (or dies).
CLAIMED_ELSEWHERE_PAUSE_S = 0.25


@dataclass(frozen=True)
class Post:
    """A message for a channel."""

    channel_id: int
    reply: Reply


@dataclass
class JobResult:
    posts: list[Post] = field(default_factory=list)
    next_due: datetime | None = None


Job = Callable[[Services, datetime], Awaitable[JobResult]]
Send = Callable[[Post], Awaitable[None]]


class Scheduler:
    def __init__(
        self,
        services: Services,
        jobs: Sequence[Job],
        send: Send,
        *,
        max_sleep_seconds: float = 3600,
    ) -> None:
        self._services = services
        self._jobs = tuple(jobs)
        self._send = send
        self._max_sleep = max_sleep_seconds
        self._wake = asyncio.Event()

    def poke(self) -> None:
        """Something new was scheduled: look again now."""
        self._wake.set()

    async def run_once(self) -> datetime | None:
        """Run every job once, send what they produced; returns the earliest next due time."""
        now = self._services.clock()
        next_due: datetime | None = None
        for job in self._jobs:
            name = getattr(job, "__name__", job)
            try:
                result = await job(self._services, now)
            except StorageUnavailable as error:  # a fault, not a bug: tried again next time
                log.warning("scheduled job %s: storage unavailable (%s)", name, error.detail)
                continue
            except Exception:
                log.exception("scheduled job %s failed", name)
                continue
            for post in result.posts:
                try:
                    await self._send(post)
                except Exception:
                    log.exception("could not post to channel %s", post.channel_id)
            if result.next_due is not None and (next_due is None or result.next_due < next_due):
                next_due = result.next_due
        return next_due

    def _sleep_seconds(self, next_due: datetime | None) -> float:
        if next_due is None:
            return self._max_sleep
        wait = (next_due - self._services.clock()).total_seconds()
        shortest = CLAIMED_ELSEWHERE_PAUSE_S if self._services.db.shared else 0.0
        return min(max(wait, shortest), self._max_sleep)

    async def run_forever(self) -> None:
        while True:
            self._wake.clear()
            next_due = await self.run_once()
            # asyncio.timeout, not wait_for: on Python 3.11 wait_for can swallow the task's
            # cancellation when a poke() lands at the same moment, and shutdown then hangs.
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(self._sleep_seconds(next_due)):
                    await self._wake.wait()
