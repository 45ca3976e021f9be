"""The watch over a command's time budget: the hops to a database thread still waiting for
their result, each given up (its future cancelled) once its budget and grace are over."""

from __future__ import annotations

import asyncio
import math
import time
from typing import Any


class BudgetWatch:
    """One timer, for the earliest give-up time, serves every waiting hop; a hop that ends in
    time only leaves the watch. (A timer of its own for each hop, as `asyncio.timeout` arms,
    cost a `/character show` 2 % of its CPU: uvloop makes and frees a timer each time.)

    Lives on the event loop's thread: `watch` and `done` are called there only."""

    def __init__(self) -> None:
        self._waiting: dict[asyncio.Future[Any], float] = {}
        self._timer: asyncio.TimerHandle | None = None
        self._timer_at = math.inf

    def watch(self, future: asyncio.Future[Any], give_up_at: float) -> None:
        """Give up on `future` at `give_up_at` (time.monotonic()) unless it is done by then."""
        self._waiting[future] = give_up_at
        if give_up_at < self._timer_at:
            self._arm(give_up_at)

    def done(self, future: asyncio.Future[Any]) -> None:
        """The hop ended (or its caller went): nothing to give up on any more."""
        self._waiting.pop(future, None)

    def _arm(self, at: float) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._timer_at = at
        delay = max(at - time.monotonic(), 0.0)
        self._timer = asyncio.get_running_loop().call_later(delay, self._give_up)

    def _give_up(self) -> None:
        """Cancel every hop whose time is over; wake again for the earliest one left."""
        self._timer, self._timer_at = None, math.inf
        now = time.monotonic()
        over = [future for future, at in self._waiting.items() if at <= now]
        for future in over:
            del self._waiting[future]
            future.cancel()
        if self._waiting:
            self._arm(min(self._waiting.values()))
