"""The size figure: database bytes per 1,000 characters with a month of daily verbs."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Mapping
from datetime import timedelta
from typing import Any

from bot.actions.context import Actor, Services
from bot.bench.clock import START, BenchClock, SeededDice
from bot.bench.mix import RulesetBench
from bot.bench.options import Sizes
from bot.bench.places import Places
from bot.ruleset import Ruleset
from rules.errors import PawpostError
from storage.database import Database


async def bytes_per_1k_cats(
    places: Places, sizes: Sizes, ruleset: RulesetBench[Any], rulesets: Mapping[str, Ruleset]
) -> tuple[int, int]:
    """Database bytes per 1,000 cats made with /character create, each doing the ruleset's
    once-a-day verb (Germ: /hunt) once a day for a month: (bytes, hunts recorded)."""
    path = await places.empty("size")
    db = await Database.open(path)
    clock = BenchClock(START, timedelta(0))
    services = Services(db=db, dice=SeededDice(3), clock=clock, rulesets=rulesets)
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
        rows = await db.transact(
            lambda tx: tx.connection.execute_fetchall("SELECT count(*) FROM hunts"), write=False
        )
    finally:
        await db.close()
    size = await asyncio.to_thread(places.size_bytes, path)
    return round(size * 1000 / sizes.size_cats), int(rows[0][0])
