"""The game-clock figures: one game day and one moon for one server of many characters, timed
through the scheduler's real job (`game_clock`), with the longest single unit of work the
database ran meanwhile (what a command could have waited behind)."""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from bot.actions.clock import game_clock
from bot.actions.context import Services
from bot.actions.game_time import game_day_at, moon_tick_at
from bot.bench.clock import START, SeededDice
from bot.bench.seed import create_schema, seed
from bot.ruleset import Ruleset
from storage.database import Database
from storage.settings import AgeingPace, ClockSettings, GuildSettings

P = ParamSpec("P")
R = TypeVar("R")


@dataclass(frozen=True)
class TickFigures:
    """Seconds of the job for one game day and for one moon, and the longest unit of each."""

    ruleset: str
    cats: int
    day_s: float
    day_longest_unit_s: float
    day_units: int
    moon_s: float
    moon_longest_unit_s: float
    moon_units: int

    def as_json(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "cats": self.cats,
            "game_day_s": round(self.day_s, 4),
            "game_day_longest_unit_s": round(self.day_longest_unit_s, 4),
            "game_day_units": self.day_units,
            "moon_s": round(self.moon_s, 4),
            "moon_longest_unit_s": round(self.moon_longest_unit_s, 4),
            "moon_units": self.moon_units,
        }

    def line(self) -> str:
        return (
            f"  game clock, one {self.ruleset} server of {self.cats:,} characters:"
            f" game day {self.day_s:.3f} s"
            f" (longest unit {self.day_longest_unit_s:.3f} s of {self.day_units}),"
            f" moon {self.moon_s:.3f} s"
            f" (longest unit {self.moon_longest_unit_s:.3f} s of {self.moon_units})"
        )


def tick_settings() -> GuildSettings:
    """A summary channel (so each day posts) and ageing each real week, the day turning six
    hours away from the week's turn, so that the moon's figure holds no game day."""
    week_turns = moon_tick_at(START, GuildSettings()).next_at
    assert week_turns is not None
    return GuildSettings(
        clock=ClockSettings(
            game_day_channel_id=1,
            ageing=AgeingPace.REAL_WEEK,
            sunrise_hour=(week_turns.hour + 6) % 24,
        )
    )


class UnitTimer:
    """Wraps a database's `run` to note how long each unit of work took in its thread."""

    def __init__(self, db: Database) -> None:
        self.units: list[float] = []
        self._run = db.run
        setattr(db, "run", self.run)  # noqa: B010 - the instance's method, for this figure only

    async def run(self, work: Callable[P, R], /, *args: P.args, **kwargs: P.kwargs) -> R:
        return await self._run(self._timed, functools.partial(work, *args, **kwargs))

    def _timed(self, work: Callable[[], R]) -> R:
        began = time.perf_counter()
        try:
            return work()
        finally:
            self.units.append(time.perf_counter() - began)

    def take(self) -> tuple[float, int]:
        """The longest unit since the last take, and how many ran."""
        units, self.units = self.units, []
        return max(units, default=0.0), len(units)


async def seeded_for_ticks(
    path: Path, cats: int, ruleset_id: str, sheet_json: Callable[[int], str]
) -> None:
    """One server of `cats` characters of the ruleset at `path` (a new file)."""
    await create_schema(path)
    seed(path, 1, cats, ruleset_id, sheet_json, settings=tick_settings().model_dump_json())


async def time_ticks(
    where: str, ruleset_id: str, cats: int, rulesets: Mapping[str, Ruleset]
) -> TickFigures:
    """The game day after START's and the next moon of the seeded server at `where`."""
    settings = tick_settings()
    db = await Database.open(where)
    services = Services(db=db, dice=SeededDice(11), clock=lambda: START, rulesets=rulesets)
    timer = UnitTimer(db)
    try:
        await game_clock(services, START)  # first seen: today is day 1, this week's moon
        dawn = game_day_at(START, settings).end
        day_s, day_unit, day_units = await _timed(services, timer, dawn)
        moon_at = moon_tick_at(dawn, settings).next_at
        assert moon_at is not None
        await _timed(services, timer, moon_at - timedelta(seconds=1))  # the days before it
        timer.take()
        moon_s, moon_unit, moon_units = await _timed(services, timer, moon_at)
    finally:
        await db.close()
    return TickFigures(ruleset_id, cats, day_s, day_unit, day_units, moon_s, moon_unit, moon_units)


async def _timed(services: Services, timer: UnitTimer, now: datetime) -> tuple[float, float, int]:
    timer.take()
    began = time.perf_counter()
    result = await game_clock(services, now)
    while result.next_due is not None and result.next_due <= now:  # as the scheduler does
        result = await game_clock(services, now)
    took = time.perf_counter() - began
    return (took, *timer.take())
