"""The database thread hands each result back as soon as its unit ends, and a command's time
budget: work not started in time never runs, work waiting for a lock stops at the budget."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from storage.database import Database, time_budget
from storage.errors import StorageUnavailable
from storage.worker import DatabaseThread


async def test_a_result_does_not_wait_behind_later_work() -> None:
    thread = DatabaseThread(asyncio.get_running_loop(), name="test-database")
    release = threading.Event()
    try:
        first = thread.submit(lambda: "first")
        later = thread.submit(lambda: release.wait(10))
        # The first result is handed back while the later unit is still running.
        assert await asyncio.wait_for(first, 2) == "first"
        assert not later.done()
        release.set()
        assert await asyncio.wait_for(later, 5) is True
    finally:
        release.set()
        thread.stop()


async def test_a_burst_gets_every_result_in_order() -> None:
    thread = DatabaseThread(asyncio.get_running_loop(), name="test-database")
    try:
        futures = [thread.submit(lambda n=n: n) for n in range(1000)]
        assert await asyncio.gather(*futures) == list(range(1000))
    finally:
        thread.stop()


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    database = await Database.open(tmp_path / "pawpost.sqlite3", busy_timeout_ms=5000)
    try:
        yield database
    finally:
        await database.close()


def _write(database: Database) -> None:
    with database.transaction() as tx:
        tx.guilds.get(1)


async def test_work_not_started_within_the_budget_never_runs(db: Database) -> None:
    release = threading.Event()
    ran = threading.Event()
    blocker = asyncio.ensure_future(db.run(release.wait, 10))
    await asyncio.sleep(0.05)  # the blocker is running in the database thread
    started = time.monotonic()
    with time_budget(0.3), pytest.raises(StorageUnavailable) as refused:
        await db.run(ran.set)
    assert time.monotonic() - started < 2
    assert "storage is unavailable" in refused.value.message
    release.set()
    await blocker
    await db.run(lambda: None)  # everything queued before this has been reached
    assert not ran.is_set()


async def test_work_waiting_for_a_lock_stops_at_the_budget(db: Database) -> None:
    other = sqlite3.connect(db.path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another process holds the write lock
    try:
        started = time.monotonic()
        with time_budget(0.5), pytest.raises(StorageUnavailable):
            await db.run(_write, db)
        waited = time.monotonic() - started
        assert waited < 2, waited  # not the 5 s busy timeout
    finally:
        other.execute("ROLLBACK")
        other.close()
    busy = await db.run(lambda: db._connection.execute("PRAGMA busy_timeout").fetchone()[0])
    assert busy == 5000  # restored for the next unit
    with time_budget(0.5):
        await db.run(_write, db)  # the lock is free again: the work runs


async def test_without_a_budget_work_waits_as_before(db: Database) -> None:
    release = threading.Event()
    blocker = asyncio.ensure_future(db.run(release.wait, 10))
    await asyncio.sleep(0.05)
    waiting = asyncio.ensure_future(db.run(lambda: "done"))
    await asyncio.sleep(0.4)
    assert not waiting.done()
    release.set()
    await blocker
    assert await waiting == "done"
