"""The scheduler's task: it stops when cancelled, and a storage fault in a job is not a bug."""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime

import pytest

from bot.actions.context import Services
from bot.scheduler import JobResult, Post, Scheduler
from storage.errors import StorageUnavailable


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
