"""The scheduler's task: it stops when cancelled, and a storage fault in a job is not a bug."""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime

import pytest

from bot.actions.context import Services
from bot.scheduler import JobResult, Post, Scheduler
from storage.errors import StorageUnavailable
from storage.repositories import Transaction


async def nothing_to_send(post: Post) -> None:
    raise AssertionError(f"nothing should be posted, got {post}")


async def test_a_cancelled_scheduler_stops_even_when_poked_at_that_moment(
    services: Services,
) -> None:
    runs: list[datetime] = []

    async def job(services: Services, now: datetime) -> JobResult:
        runs.append(now)
        return JobResult()

    scheduler = Scheduler(services, [job], nothing_to_send, max_sleep_seconds=3600)
    task = asyncio.create_task(scheduler.run_forever())
    for _ in range(3):  # the first pass, then asleep until poked
        await asyncio.sleep(0)
    assert len(runs) == 1
    scheduler.poke()  # wakes the sleep ...
    task.cancel()  # ... in the same moment as the shutdown
    done, _ = await asyncio.wait({task}, timeout=1)
    assert task in done and task.cancelled()
    assert len(runs) == 1


async def test_a_storage_fault_in_a_job_is_a_warning_and_the_other_jobs_still_run(
    services: Services, caplog: pytest.LogCaptureFixture
) -> None:
    async def locked(services: Services, now: datetime) -> JobResult:
        raise StorageUnavailable("OperationalError: database is locked")

    async def fine(services: Services, now: datetime) -> JobResult:
        return JobResult(next_due=now)

    scheduler = Scheduler(services, [locked, fine], nothing_to_send)
    with caplog.at_level(logging.WARNING, logger="bot.scheduler"):
        next_due = await scheduler.run_once()
    assert next_due == services.clock()
    [record] = caplog.records
    assert record.levelno == logging.WARNING and record.exc_info is None
    assert record.getMessage() == (
        "scheduled job locked: storage unavailable (OperationalError: database is locked)"
    )


async def test_d1_a_job_sets_aside_the_item_that_fails_and_goes_on_with_the_others(
    services: Services, caplog: pytest.LogCaptureFixture
) -> None:
    """One item's failure is logged with its traceback and undone alone (its savepoint); the items
    before and after it keep their work, and the failing one is set aside."""
    from bot.scheduler import each_alone

    def write(tx: Transaction, name: str) -> str:
        insert = "INSERT INTO guilds (guild_id, ruleset, settings) VALUES (?, 'germ', '{}')"
        tx.connection.execute(insert, (len(name),))
        if name == "oops":  # a second row for "one": the database refuses it (an aborted
            tx.connection.execute(insert, (3,))  # transaction on PostgreSQL, until rolled back)
        return name

    aside: list[str] = []

    def run(tx: Transaction) -> list[str]:
        return each_alone(
            tx,
            "timeouts",
            ["one", "oops", "three"],
            lambda item: write(tx, item),
            set_aside=aside.append,
            name=lambda item: f"scene {item}",
        )

    with caplog.at_level(logging.ERROR, logger="bot.scheduler"):
        done = await services.db.transact(run)
    assert done == ["one", "three"] and aside == ["oops"]
    [record] = caplog.records
    assert record.getMessage() == "scheduled job timeouts: scene oops failed and is set aside"
    assert record.exc_info is not None
    rows = await services.db.transact(
        lambda tx: tx.connection.execute_fetchall("SELECT guild_id FROM guilds ORDER BY 1"),
        write=False,
    )
    assert [row[0] for row in rows] == [3, 5]  # "one" and "three", not "oops"
