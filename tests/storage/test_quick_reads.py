"""Quick reads (issue 33: the hop to a thread and back cost /character show more than its
read): a unit declared quick runs on the event loop's own read connection, whose busy timeout
is 0, so a lock sends it to the read thread instead of holding the loop; in a burst it runs
in the read thread, whose batches cost less; it cannot write; on PostgreSQL it runs in the pool
as any read."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from storage.connection import SqliteConnection
from storage.database import Database, WriteInReadOnlyUnit
from storage.dialect import POSTGRESQL
from storage.repositories import Transaction
from tests.storage.test_read_thread import NOW, names, new_cat


@pytest.fixture
async def sqlite_db(tmp_path: Path) -> AsyncIterator[Database]:
    database = await Database.open(tmp_path / "pawpost.sqlite3", busy_timeout_ms=30_000)
    try:
        await database.transact(lambda tx: tx.characters.add(new_cat("Firepaw"), NOW))
        yield database
    finally:
        await database.close()


async def test_a_quick_read_runs_on_the_event_loop_without_a_hop(sqlite_db: Database) -> None:
    here = threading.get_ident()
    assert await sqlite_db.run_quick(threading.get_ident) == here
    assert await sqlite_db.read_quick(names) == ["Firepaw"]
    assert await sqlite_db.read(lambda tx: threading.get_ident()) != here  # the read thread's


async def test_in_a_burst_a_quick_read_runs_in_the_read_thread(sqlite_db: Database) -> None:
    sqlite_db.crowded = lambda: True
    assert await sqlite_db.run_quick(threading.get_ident) != threading.get_ident()
    assert await sqlite_db.read_quick(names) == ["Firepaw"]


async def test_a_quick_read_never_waits_for_a_lock_on_the_loop(sqlite_db: Database) -> None:
    timeouts = await sqlite_db.read_quick(
        lambda tx: tx.characters._db.execute_fetchall("PRAGMA busy_timeout")
    )
    assert [tuple(row) for row in timeouts] == [(0,)]


async def test_a_quick_read_that_meets_a_lock_runs_again_in_the_read_thread(
    sqlite_db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    loop_thread = threading.get_ident()
    tried: list[int] = []
    execute_fetchall = SqliteConnection.execute_fetchall

    def locked_on_the_loop(self: SqliteConnection, sql: str, parameters: Any = ()) -> Any:
        tried.append(threading.get_ident())
        if threading.get_ident() == loop_thread:
            raise sqlite3.OperationalError("database is locked")
        return execute_fetchall(self, sql, parameters)

    monkeypatch.setattr(SqliteConnection, "execute_fetchall", locked_on_the_loop)
    assert await sqlite_db.read_quick(names) == ["Firepaw"]
    assert tried[0] == loop_thread and tried[1] != loop_thread and len(tried) == 2


async def test_a_quick_unit_cannot_write(sqlite_db: Database) -> None:
    def write(tx: Transaction) -> None:
        tx.characters._db.execute("DELETE FROM characters")

    with pytest.raises(WriteInReadOnlyUnit):
        await sqlite_db.run_quick(sqlite_db._transact, write, True)
    with pytest.raises(WriteInReadOnlyUnit):
        await sqlite_db.read_quick(write)
    assert await sqlite_db.read_quick(names) == ["Firepaw"]


async def test_a_transaction_outside_a_quick_unit_is_still_refused_on_the_loop(
    sqlite_db: Database,
) -> None:
    with pytest.raises(RuntimeError, match="runs in the database thread"):
        sqlite_db._transact(names, False)


async def test_on_postgresql_a_quick_read_runs_in_the_pool(db: Database) -> None:
    if db.dialect is not POSTGRESQL:
        pytest.skip("the loop's own connection is SQLite's")
    assert await db.run_quick(threading.get_ident) != threading.get_ident()
