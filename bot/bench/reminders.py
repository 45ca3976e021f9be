"""The weekly-reminder figures: servers due at the same minute, timed through the real job."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Mapping
from pathlib import Path

from bot.actions.context import Services
from bot.actions.hunting_jobs import weekly_hunting
from bot.bench.clock import START
from bot.bench.seed import create_schema, seed
from bot.ruleset import Ruleset
from storage.database import Database
from storage.repositories import Transaction
from storage.settings import GuildSettings, HuntingSettings
from storage.timestamps import to_text

# Every server reminds on Monday at 12:00 UTC, the moment the benchmark's clock starts at.
REMINDER_SETTINGS = GuildSettings(
    hunting=HuntingSettings(
        reminder_channel_id=1, reminder_weekday=START.weekday(), reminder_hour=12
    )
).model_dump_json()


async def seeded_for_reminders(
    path: Path, servers: int, cats: int, ruleset: str, sheet_json: Callable[[int], str]
) -> list[int]:
    """Servers whose weekly reminder is due at START, with none of their cats hunted yet;
    returns their ids (not the cats: a bot holds no hundred thousand objects of its own, and
    the benchmark should not either while it times the job)."""
    await create_schema(path)
    world = seed(path, servers, cats, ruleset, sheet_json, settings=REMINDER_SETTINGS)
    connection = sqlite3.connect(path, isolation_level=None)
    try:
        connection.execute("UPDATE hunting_schedule SET next_due = ?", (to_text(START),))
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        connection.close()
    return sorted(world.guilds)


async def time_reminders(
    path: Path | str, servers: int, rulesets: Mapping[str, Ruleset]
) -> tuple[float, int]:
    """Run the scheduler's weekly hunting job (reminders among its work) at the minute every
    server is due, again at once while some are still due (as the scheduler does): (seconds,
    reminder posts worked out)."""
    db = await Database.open(path)
    services = Services(db=db, clock=lambda: START, rulesets=rulesets)
    posts = 0
    try:
        began = time.perf_counter()
        for _ in range(servers + 2):
            result = await weekly_hunting(services, START)
            posts += len(result.posts)
            if result.next_due is None or result.next_due > START:
                break
        took = time.perf_counter() - began
        await db.transact(_delivered)
        return took, posts
    finally:
        await db.close()


def _delivered(tx: Transaction) -> None:
    """The reminders' posts taken as sent, as the outbox sends them while the bot runs: the
    start-up figure timed next on this database is the start's own work, not a send of
    thousands of posts left waiting (on PostgreSQL, 1.7 s of its 3-5 s)."""
    tx.outbox.mark_pending_sent(START)
