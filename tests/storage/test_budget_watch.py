"""The budget's watch: one timer gives up on every hop whose time is over, in time order, and a
hop that ended or whose own task was cancelled is not taken for one that ran out of budget."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from storage.budget import BudgetWatch
from storage.database import Database, time_budget
from storage.errors import StorageUnavailable


async def test_each_hop_is_given_up_at_its_own_time() -> None:
    loop = asyncio.get_running_loop()
    watch = BudgetWatch()
    late, early, ended = loop.create_future(), loop.create_future(), loop.create_future()
    now = time.monotonic()
    watch.watch(late, now + 60)
    watch.watch(early, now + 0.05)  # earlier than the timer armed for `late`: armed again
    watch.watch(ended, now + 0.05)
    ended.set_result("in time")
    watch.done(ended)
    await asyncio.wait([early], timeout=10)
    assert early.cancelled()
    assert ended.result() == "in time"
    assert not late.done()
    assert watch._waiting == {late: now + 60}  # the one left, and the timer armed for it
    assert watch._timer.at == now + 60
    watch.done(late)


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    database = await Database.open(tmp_path / "pawpost.sqlite3")
    try:
        yield database
    finally:
        await database.close()


async def test_a_cancelled_command_is_not_a_spent_budget(db: Database) -> None:
    release = threading.Event()
    blocker = asyncio.ensure_future(db.run(release.wait, 10))
    await asyncio.sleep(0.05)  # the blocker holds the database thread

    async def command() -> None:
        with time_budget(5.0):
            await db.run(lambda: None)

    task = asyncio.ensure_future(command())
    await asyncio.sleep(0.05)
    task.cancel()  # a shutdown: the cancellation goes on, it is no storage sentence
    with pytest.raises(asyncio.CancelledError):
        await task
    release.set()
    await blocker
    assert db._budget._waiting == {}


async def test_hops_of_many_commands_each_end_or_give_up(db: Database) -> None:
    release = threading.Event()
    blocker = asyncio.ensure_future(db.run(release.wait, 10))
    await asyncio.sleep(0.05)

    async def command(seconds: float) -> str:
        with time_budget(seconds):
            try:
                await db.run(lambda: None)
            except StorageUnavailable:
                return "sentence"
            return "answered"

    short = [asyncio.ensure_future(command(0.1)) for _ in range(3)]
    long = [asyncio.ensure_future(command(30.0)) for _ in range(3)]
    assert await asyncio.gather(*short) == ["sentence"] * 3
    release.set()
    await blocker
    assert await asyncio.gather(*long) == ["answered"] * 3
    assert db._budget._waiting == {}
