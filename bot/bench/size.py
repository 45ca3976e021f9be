"""The size figure: database bytes per 1,000 characters with a month of daily verbs."""

from __future__ import annotations

import contextlib
import sqlite3
from datetime import timedelta
from pathlib import Path
from typing import Any

from bot.actions.context import Actor, Services
from bot.bench.clock import START, BenchClock, SeededDice
from bot.bench.mix import RulesetBench
from bot.bench.options import Sizes
from rules.errors import PawpostError
from storage.database import Database


async def bytes_per_1k_cats(
    folder: Path, sizes: Sizes, ruleset: RulesetBench[Any]
) -> tuple[int, int]:
    """Database bytes per 1,000 cats made with /character create, each doing the ruleset's
    once-a-day verb (Germ: /hunt) once a day for a month: (bytes, hunts recorded)."""
    path = folder / "size.sqlite3"
    db = await Database.open(path)
    clock = BenchClock(START, timedelta(0))
    services = Services(db=db, dice=SeededDice(3), clock=clock)
    actors = []
    try:
        for number in range(sizes.size_cats):
            owner = Actor(guild_id=1 + number // 100, channel_id=1, user_id=10_000 + number)
            await ruleset.create(services, owner, f"Cat {number}")
            actors.append(owner)
        for _day in range(sizes.size_days):
            clock.now += timedelta(days=1)
            for owner in actors:
                with contextlib.suppress(PawpostError):
                    await ruleset.daily(services, owner)
    finally:
        await db.close()
    connection = sqlite3.connect(path)
    try:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        pages = connection.execute("PRAGMA page_count").fetchone()[0]
        size = connection.execute("PRAGMA page_size").fetchone()[0]
        hunts = connection.execute("SELECT count(*) FROM hunts").fetchone()[0]
    finally:
        connection.close()
    return round(pages * size * 1000 / sizes.size_cats), hunts
