"""The benchmark's injected clock and dice."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

START = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


class BenchClock:
    """The injected clock: the driver moves it on a little before every command."""

    def __init__(self, start: datetime, step: timedelta) -> None:
        self.now = start
        self.step = step

    def __call__(self) -> datetime:
        return self.now

    def tick(self) -> None:
        self.now += self.step


class SeededDice:
    """Reproducible dice for the benchmark (the bot itself rolls with SystemDice)."""

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)

    def roll(self, sides: int) -> int:
        return self._random.randint(1, sides)
