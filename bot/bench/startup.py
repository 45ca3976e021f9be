"""The start-up figure: what the bot does with a big database before it serves."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from pathlib import Path

from bot.actions.context import Services
from bot.bench.clock import START
from bot.ruleset import Ruleset
from storage.database import Database


async def time_startup(
    path: Path | str, guild_ids: Sequence[int], rulesets: Mapping[str, Ruleset]
) -> float:
    """Open the database and do what the bot does with it at start-up: the migrations check,
    every server's ruleset for the command sync, one pass of the scheduler's jobs."""
    from bot.jobs import jobs
    from bot.outbox import Delivery
    from bot.scheduler import Scheduler

    async def send(post: Delivery) -> None:
        return None

    began = time.perf_counter()
    db = await Database.open(path)
    try:
        await db.transact(lambda tx: tx.guilds.rulesets(guild_ids), write=False)
        services = Services(db=db, clock=lambda: START, rulesets=rulesets)
        await Scheduler(services, jobs(services.rulesets), send).run_once()
        return time.perf_counter() - began
    finally:
        await db.close()
