"""Driving a ruleset's mix: the budget, the clock's pace, and the concurrent workers."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Mapping, Sequence
from datetime import timedelta
from pathlib import Path
from typing import Any

from bot.actions.context import Services
from bot.bench.clock import START, BenchClock, SeededDice
from bot.bench.figures import RunFigures
from bot.bench.floor import RecordingConnection, Statement
from bot.bench.mix import MixT, RulesetBench, Share, World
from bot.bench.round_trips import RoundTrips, counted
from bot.ruleset import Ruleset
from rules.errors import PawpostError
from storage.database import Database
from storage.dialect import POSTGRESQL

WARM_UP_COMMANDS = 300


class Budget:
    """A run ends after so many commands or so many seconds."""

    def __init__(self, commands: int | None, seconds: float | None) -> None:
        self.commands = commands
        self.seconds = seconds
        self.taken = 0
        self.deadline = 0.0

    def start(self) -> None:
        self.deadline = time.perf_counter() + (self.seconds or 0.0)

    def take(self) -> bool:
        if self.commands is not None:
            if self.taken >= self.commands:
                return False
        elif time.perf_counter() >= self.deadline:
            return False
        self.taken += 1
        return True


def clock_step(shares: Sequence[Share[Any]], total_cats: int) -> timedelta:
    """How far the clock moves per command: every cat's turn at its once-a-day verb (Germ's hunt)
    comes round after a day and a half or so, so the once-a-day limit refuses none. On a tiny
    seed the rounds vary too much for that and a few are refused."""
    total = sum(s.weight for s in shares)
    daily = sum(s.weight for s in shares if s.once_a_day) or total
    commands_per_round = total_cats * total / daily
    return timedelta(days=1.5) / commands_per_round


async def drive(
    mix: MixT,
    shares: Sequence[Share[MixT]],
    concurrency: int,
    budget: Budget,
    rng_seed: int,
    trips: RoundTrips | None = None,
) -> RunFigures:
    """Run the mix; with `trips` (PostgreSQL), count the run's round trips, and each verb's
    when one command runs at a time."""
    names = [s.name for s in shares]
    weights = [s.weight for s in shares]
    verbs = {s.name: s.verb for s in shares}
    clock = mix.services.clock
    assert isinstance(clock, BenchClock)
    figures = RunFigures(concurrency, 0, 0.0, [])

    async def worker(number: int) -> None:
        rng = random.Random(rng_seed * 1000 + number)
        while budget.take():
            name = rng.choices(names, weights)[0]
            verb = verbs[name]
            clock.tick()
            began = time.perf_counter()
            trips_before = 0 if trips is None else trips.count
            await asyncio.sleep(0)  # the command arrives: it waits its turn on the event loop
            try:
                await verb(mix, rng)
            except PawpostError as error:
                figures.refused[name] += 1
                figures.refusal.setdefault(name, error.message)
            figures.latencies.append(time.perf_counter() - began)
            figures.verbs[name] += 1
            if trips is not None and concurrency == 1:
                figures.verb_round_trips[name] += trips.count - trips_before

    budget.start()
    began, cpu = time.perf_counter(), time.process_time()
    trips_began = 0 if trips is None else trips.count
    await asyncio.gather(*(worker(n) for n in range(concurrency)))
    figures.seconds = time.perf_counter() - began
    figures.cpu_seconds = time.process_time() - cpu
    figures.commands = len(figures.latencies)
    if trips is not None:
        figures.round_trips = trips.count - trips_began
    return figures


async def run_mix(
    path: Path | str,
    world: World,
    ruleset: RulesetBench[Any],
    concurrency: int,
    budget: Budget,
    *,
    rng_seed: int,
    rulesets: Mapping[str, Ruleset],
    record: list[Statement] | None = None,
) -> RunFigures:
    """Open the file as the bot does, warm up, then run the ruleset's mix against it. With
    `record`, the statements run (warm-up, a mark, then the run) are added to it."""
    if record is None:
        db = await Database.open(path)
    else:
        db = await Database.open(path, connect=RecordingConnection.to(record))
    try:
        total_cats = sum(len(cats) for cats in world.guilds.values())
        clock = BenchClock(START, clock_step(ruleset.shares, total_cats))
        services = Services(db=db, dice=SeededDice(rng_seed), clock=clock, rulesets=rulesets)
        mix = await ruleset.start(services, world)
        await drive(mix, ruleset.shares, 1, Budget(WARM_UP_COMMANDS, None), rng_seed + 1)
        if record is not None:
            record.append(("mark", "", ()))
        if db.dialect is not POSTGRESQL:
            return await drive(mix, ruleset.shares, concurrency, budget, rng_seed)
        with counted() as trips:
            return await drive(mix, ruleset.shares, concurrency, budget, rng_seed, trips)
    finally:
        await db.close()
