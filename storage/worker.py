"""The database thread: runs units of work one at a time, in the order they were handed over,
and hands their results back to the event loop in small batches (bounded by count and age)."""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
import time
from collections.abc import Callable
from typing import Any

Outcome = tuple["asyncio.Future[Any]", Any, BaseException | None]
Unit = tuple[Callable[[], Any], "asyncio.Future[Any]"]
# Results are held back while more work is queued (every hand-back wakes the loop, and then
# both threads fight for the GIL on every statement), but never more than this many, nor longer
# than this, and never once at most one unit is left: so none waits long behind later work.
HOLD_RESULTS = 32
HOLD_SECONDS = 0.002


class DatabaseThread:
    """One daemon thread that owns the connection. `submit` may be called from the event loop
    thread only; the work runs in this thread.

    Results are handed back in batches: held while more than one unit is queued, up to
    HOLD_RESULTS of them or HOLD_SECONDS after the first was held. While the event loop has not
    yet taken the results already handed back, new ones join them, so a burst of commands costs
    one wake-up of the loop per batch, not one per command.
    """

    def __init__(self, loop: asyncio.AbstractEventLoop, name: str = "pawpost-database") -> None:
        self._loop = loop
        # A C queue: handing a unit over and waking this thread take no Python-level lock and
        # condition (threading.Event's). None, put by `stop`, ends the thread once the units
        # before it have run.
        self._queue: queue.SimpleQueue[Unit | None] = queue.SimpleQueue()
        self._last: Callable[[], Any] | None = None  # run once the queue is empty, at the end
        # Results waiting for the loop, and whether a call to take them is already scheduled.
        self._outbox: list[Outcome] = []
        self._outbox_lock = threading.Lock()
        self._settle_scheduled = False
        self._held: list[Outcome] = []  # ended, not yet handed back (this thread's own)
        self._held_since = 0.0
        # Units handed over (counted by the loop's thread) and ended (by this one): each count
        # has one writer, so `idle` needs no lock; read stale, it only errs towards busy.
        self._handed = 0
        self._ended = 0
        self._thread = threading.Thread(target=self._serve, name=name, daemon=True)
        self._thread.start()

    @property
    def ident(self) -> int | None:
        return self._thread.ident

    @property
    def idle(self) -> bool:
        """Whether every unit handed over has ended (nothing runs or waits in this thread)."""
        return self._handed == self._ended

    def submit(self, work: Callable[[], Any]) -> asyncio.Future[Any]:
        """Queue `work`; the future settles with its result or its exception. A future cancelled
        before the thread reaches the work means the work never runs; once it has started, it
        runs to its end and only its result is dropped."""
        future = self._loop.create_future()
        self._handed += 1
        self._queue.put((work, future))
        return future

    def stop(self, last: Callable[[], Any] | None = None) -> None:
        """Let the thread end once the queue is empty, running `last` (such as closing the
        connection, which belongs to this thread) just before it does."""
        self._last = last
        self._queue.put(None)

    def _serve(self) -> None:
        stopping = False
        while True:
            try:
                unit = self._queue.get(block=not stopping)
            except queue.Empty:  # stopped, and everything queued has run
                break
            if unit is None:
                stopping = True
            else:
                self._run(unit)
                del unit  # not kept while this thread waits for the next
            if self._held and self._queue.empty():  # the last unit was cancelled before it began
                self._hand_back()
        if self._held:
            self._hand_back()
        if self._last is not None:
            with contextlib.suppress(Exception):  # nobody is left to tell
                self._last()

    def _run(self, unit: Unit) -> None:
        """Run one unit. Its own frame: nothing of it (the work, which may hold its database)
        stays referenced by the waiting loop once it has ended."""
        work, future = unit
        if future.cancelled():  # the caller gave up before the work began
            self._ended += 1
            return
        try:
            outcome: Outcome = (future, work(), None)
        except BaseException as error:  # handed to the caller, who raises it
            outcome = (future, None, error)
        self._ended += 1
        if not self._held:
            self._held_since = time.monotonic()
        self._held.append(outcome)
        if (
            self._queue.qsize() <= 1
            or len(self._held) >= HOLD_RESULTS
            or time.monotonic() - self._held_since >= HOLD_SECONDS
        ):
            self._hand_back()

    def _hand_back(self) -> None:
        """Give the held results to the loop now: with the ones it has not taken yet, or in a
        new wake-up if it has taken them all."""
        held, self._held = self._held, []
        with self._outbox_lock:
            self._outbox.extend(held)
            if self._settle_scheduled:
                return
            self._settle_scheduled = True
        with contextlib.suppress(RuntimeError):  # the loop is closed: nobody is waiting now
            self._loop.call_soon_threadsafe(self._settle)

    def _settle(self) -> None:
        """On the event loop: give each waiting caller its result (unless it was cancelled)."""
        with self._outbox_lock:
            done, self._outbox = self._outbox, []
            self._settle_scheduled = False
        for future, result, error in done:
            if future.cancelled():
                continue
            if error is None:
                future.set_result(result)
            else:
                future.set_exception(error)
