"""The watch over a command's time budget: the hops to a database thread still waiting for
their result, each given up (its future cancelled) once its budget and grace are over."""

from __future__ import annotations

import asyncio
import math
import time
from typing import Any

from storage.timers import SoonestTimer


class BudgetWatch:
    """One timer (`SoonestTimer`) serves every waiting hop; a hop that ends in time only leaves
    the watch. Lives on the event loop's thread: `watch` and `done` are called there only."""

    def __init__(self) -> None:
        self._waiting: dict[asyncio.Future[Any], float] = {}
        self._timer = SoonestTimer(self._give_up)

    def watch(self, future: asyncio.Future[Any], give_up_at: float) -> None:
        """Give up on `future` at `give_up_at` (time.monotonic()) unless it is done by then."""
        self._waiting[future] = give_up_at
        self._timer.need(give_up_at)

    def done(self, future: asyncio.Future[Any]) -> None:
        """The hop ended (or its caller went): nothing to give up on any more."""
        self._waiting.pop(future, None)

    def _give_up(self) -> float:
        """Cancel every hop whose time is over; the soonest give-up time left."""
        now = time.monotonic()
        over = [future for future, at in self._waiting.items() if at <= now]
        for future in over:
            del self._waiting[future]
            future.cancel()
        return min(self._waiting.values(), default=math.inf)
