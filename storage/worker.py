"""The database thread: runs units of work one at a time, in the order they were handed over,
and hands their results back to the event loop in batches."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections import deque
from collections.abc import Callable
from typing import Any

# Results go back to the event loop when the thread runs out of work, or after this many units,
# whichever comes first: one wake-up of the loop for a batch instead of one for each command.
RESULTS_PER_WAKE_UP = 16

Outcome = tuple["asyncio.Future[Any]", Any, BaseException | None]


class DatabaseThread:
    """One daemon thread that owns the connection. `submit` may be called from the event loop
    thread only; the work runs in this thread."""

    def __init__(self, loop: asyncio.AbstractEventLoop, name: str = "pawpost-database") -> None:
        self._loop = loop
        self._queue: deque[tuple[Callable[[], Any], asyncio.Future[Any]]] = deque()
        self._wake = threading.Event()
        self._stopping = False
        self._thread = threading.Thread(target=self._serve, name=name, daemon=True)
        self._thread.start()

    @property
    def ident(self) -> int | None:
        return self._thread.ident

    def submit(self, work: Callable[[], Any]) -> asyncio.Future[Any]:
        """Queue `work`; the future settles with its result or its exception. A future cancelled
        before the thread reaches the work means the work never runs; once it has started, it
        runs to its end and only its result is dropped."""
        future = self._loop.create_future()
        self._queue.append((work, future))
        self._wake.set()
        return future

    def stop(self) -> None:
        """Let the thread end once the queue is empty (close the connection before this)."""
        self._stopping = True
        self._wake.set()

    def _serve(self) -> None:
        while True:
            self._wake.wait()
            # Cleared before draining: work queued from now on sets it again, so none is missed.
            self._wake.clear()
            done: list[Outcome] = []
            while self._queue:
                work, future = self._queue.popleft()
                if future.cancelled():  # the caller gave up before the work began
                    continue
                try:
                    done.append((future, work(), None))
                except BaseException as error:  # handed to the caller, who raises it
                    done.append((future, None, error))
                if len(done) >= RESULTS_PER_WAKE_UP:
                    self._hand_back(done)
                    done = []
            if done:
                self._hand_back(done)
            if self._stopping and not self._queue:
                return

    def _hand_back(self, done: list[Outcome]) -> None:
        with contextlib.suppress(RuntimeError):  # the loop is closed: nobody is waiting any more
            self._loop.call_soon_threadsafe(_settle, done)


def _settle(done: list[Outcome]) -> None:
    """On the event loop: give each waiting caller its result (unless it was cancelled)."""
    for future, result, error in done:
        if future.cancelled():
            continue
        if error is None:
            future.set_result(result)
        else:
            future.set_exception(error)
