"""Timed work: one task that sleeps until the earliest due item across every server.

Each job looks at stored state, records what it posts in the outbox in the same transaction
(`bot.outbox.record_posts`), and says when it is next due; after the jobs, the outbox sends what
is due. So a restart neither skips nor repeats a post, and a failed send is tried again. Something
newly scheduled calls `poke()` to re-arm the sleep; the sleep is capped so the task wakes at least
hourly.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TypeVar

from bot.actions.context import Services
from bot.outbox import FIRST_RETRY, Outbox, Post, Send, record_posts
from storage.errors import StorageUnavailable
from storage.repositories import Transaction

log = logging.getLogger(__name__)
ROUND_DONE = "scheduler round done"  # the debug line after each pass, for whoever waits on one
# Over a database other processes share, work due now may be claimed by one of them: looked at
# again after this pause, not in a busy loop, until that process is done with it (or dies).
CLAIMED_ELSEWHERE_PAUSE_S = 0.25
# Over a shared database another process may record, claim or leave due work at any moment
# without poking this one: it looks at least this often, so a post or a server whose process
# died is taken over within its lease and this (well inside Discord's nonce window).
SHARED_LONGEST_SLEEP_S = 10.0

__all__ = ["Job", "JobResult", "Post", "Scheduler", "each_alone"]

T = TypeVar("T")
R = TypeVar("R")


@dataclass
class JobResult:
    """What a job posted this time and when it is next due. `in_outbox`: the job kept its posts
    in the outbox in its own transaction (`record_posts`), as every job should; otherwise the
    scheduler keeps them there just after it (a crash in between would lose them)."""

    posts: list[Post] = field(default_factory=list)
    next_due: datetime | None = None
    in_outbox: bool = field(default=False, compare=False)


Job = Callable[[Services, datetime], Awaitable[JobResult]]


def each_alone(
    tx: Transaction,
    job: str,
    items: Iterable[T],
    handle: Callable[[T], R],
    *,
    set_aside: Callable[[T], None],
    name: Callable[[T], str],
) -> list[R]:
    """A job's due items (scenes, contests) handled one by one, each in its own savepoint of
    `tx`: an item whose handling raises is logged with its traceback, its work undone, and set
    aside (`set_aside`, e.g. marked reminded, so the next pass does not meet it again until it
    changes), while the others go on. A storage fault is no item's bug: it ends the whole pass,
    to be tried again. Returns what each handled item gave."""
    done: list[R] = []
    for item in items:
        try:
            with tx.savepoint():
                done.append(handle(item))
        except StorageUnavailable:
            raise
        except Exception:
            log.exception("scheduled job %s: %s failed and is set aside", job, name(item))
            set_aside(item)
    return done


class Scheduler:
    def __init__(
        self,
        services: Services,
        jobs: Sequence[Job],
        send: Send,
        *,
        max_sleep_seconds: float = 3600,
        first_retry: timedelta = FIRST_RETRY,
    ) -> None:
        self._services = services
        self._jobs = tuple(jobs)
        self.outbox = Outbox(services, send, first_retry=first_retry)
        self._max_sleep = max_sleep_seconds
        self._wake = asyncio.Event()
        self._jobs_wanted = True  # poked for the jobs (not only the outbox)
        self._jobs_at: datetime | None = None  # when the jobs are next due (None: at once)

    def poke(self, *, outbox_only: bool = False) -> None:
        """Something new was scheduled: look again now. `outbox_only`: only posts were added
        (a proxied message), so the outbox is sent without running every job."""
        if not outbox_only:
            self._jobs_wanted = True
        self._wake.set()

    async def run_once(self) -> datetime | None:
        """Run every job once, then send what the outbox holds; returns the earliest next due
        time."""
        now = self._services.clock()
        next_due = await self._run_jobs(now)
        self._jobs_at = next_due or now + timedelta(seconds=self._max_sleep)
        return _earliest(next_due, await self._send_outbox(now))

    async def _run_jobs(self, now: datetime) -> datetime | None:
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
            if result.posts and not result.in_outbox:
                await self._record(name, result.posts, now)
            next_due = _earliest(next_due, result.next_due)
        return next_due

    async def _send_outbox(self, now: datetime) -> datetime | None:
        try:
            return await self.outbox.deliver()
        except Exception as error:
            if isinstance(error, StorageUnavailable):
                log.warning("the outbox: storage unavailable (%s)", error.detail)
            else:
                log.exception("the outbox failed")
            # what it holds is still there: look again soon, not only when a job is due
            return now + self.outbox.first_retry

    async def _pass(self) -> datetime | None:
        """The jobs and the outbox when the jobs are wanted or due, else the outbox alone."""
        now = self._services.clock()
        if self._jobs_wanted or self._jobs_at is None or now >= self._jobs_at:
            self._jobs_wanted = False
            return await self.run_once()
        return _earliest(self._jobs_at, await self._send_outbox(now))

    async def _record(self, name: object, posts: list[Post], now: datetime) -> None:
        try:
            await self._services.db.transact(lambda tx: record_posts(tx, posts, now))
        except Exception:
            log.exception("could not keep the posts of scheduled job %s", name)

    def sleep_seconds(self, next_due: datetime | None) -> float:
        """How long to sleep before looking again, given when the next item is due."""
        shared = self._services.db.shared
        longest = min(self._max_sleep, SHARED_LONGEST_SLEEP_S) if shared else self._max_sleep
        if next_due is None:
            return longest
        wait = (next_due - self._services.clock()).total_seconds()
        shortest = CLAIMED_ELSEWHERE_PAUSE_S if shared else 0.0
        return min(max(wait, shortest), longest)

    async def run_forever(self) -> None:
        """Run the jobs whenever one is due (or poked), until cancelled."""
        while True:
            self._wake.clear()
            next_due = await self._pass()
            log.debug("%s: next due at %s", ROUND_DONE, next_due)
            # asyncio.timeout, not wait_for: on Python 3.11 wait_for can swallow the task's
            # cancellation when a poke() lands at the same moment, and shutdown then hangs.
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(self.sleep_seconds(next_due)):
                    await self._wake.wait()


def _earliest(first: datetime | None, second: datetime | None) -> datetime | None:
    if first is None:
        return second
    return first if second is None or first <= second else second
