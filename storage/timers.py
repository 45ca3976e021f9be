"""One event-loop timer for many deadlines (the command budget's, the first answers'): a timer of
their own for each command cost it 2 % of its CPU, as uvloop makes and frees one each time."""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Callable


class SoonestTimer:
    """Armed for the soonest deadline it was told of; when it fires, `wake` handles whatever is
    due and returns the soonest deadline left (math.inf: none), for which it is armed again.
    Deadlines are `time.monotonic()`; it lives on the event loop's thread."""

    def __init__(self, wake: Callable[[], float]) -> None:
        self._wake = wake
        self._timer: asyncio.TimerHandle | None = None
        self.at = math.inf  # when it fires next (math.inf: it is not armed)

    def need(self, at: float) -> None:
        """Fire by `at` at the latest."""
        if at < self.at:
            self._arm(at)

    @property
    def armed(self) -> bool:
        return self._timer is not None

    def _arm(self, at: float) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self.at = at
        delay = max(at - time.monotonic(), 0.0)
        self._timer = asyncio.get_running_loop().call_later(delay, self._fire)

    def _fire(self) -> None:
        self._timer, self.at = None, math.inf
        soonest = self._wake()
        if soonest < math.inf:
            self._arm(soonest)
