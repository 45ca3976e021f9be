"""A `Database` dropped without `close()` (a test that reopened its file and forgot it) must not
leave its threads behind (the database thread and the read thread): the fake Discord's tests
wait for the process to be down to one thread, and an idle database's thread, waiting for work
forever, stalled them."""

from __future__ import annotations

import asyncio
import gc
import sqlite3
import threading
from pathlib import Path

from storage.database import Database


def database_threads() -> list[threading.Thread]:
    names = ("pawpost-database", "pawpost-database-reader")
    return [t for t in threading.enumerate() if t.name in names]


async def test_a_database_dropped_without_closing_ends_its_thread_and_connection(
    tmp_path: Path,
) -> None:
    # Threads are told apart by identity: another test's dropped database may still be
    # winding its own thread down while this one runs.
    before = set(database_threads())
    db = await Database.open(tmp_path / "pawpost.sqlite3")
    await db.transact(lambda tx: tx.guilds.get(1), write=False)
    await db.read(lambda tx: tx.guilds.get(1))
    mine = [t for t in database_threads() if t not in before]
    assert sorted(t.name for t in mine) == ["pawpost-database", "pawpost-database-reader"]
    del db
    gc.collect()
    for thread in mine:
        await _ended(thread)
    # Each connection was closed in its own thread (the loop's quick one by the finalizer), but
    # SQLite keeps a closed connection's file open until its last statement object is freed,
    # and a statement still held by a cycle the first collection broke goes in the next one.
    gc.collect()
    # the file can be locked exclusively at once
    other = sqlite3.connect(tmp_path / "pawpost.sqlite3", timeout=0)
    try:
        other.execute("PRAGMA journal_mode = DELETE")  # needs every other connection gone
        assert other.execute("PRAGMA journal_mode").fetchone() == ("delete",)
    finally:
        other.close()


async def test_a_closed_database_leaves_no_thread(tmp_path: Path) -> None:
    before = set(database_threads())
    db = await Database.open(tmp_path / "pawpost.sqlite3")
    mine = [t for t in database_threads() if t not in before]
    assert len(mine) == 2
    await db.close()
    for thread in mine:
        await _ended(thread)


async def _ended(thread: threading.Thread) -> None:
    """Wait up to a second for the database's own thread to end."""
    for _ in range(100):
        if not thread.is_alive():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"{thread!r} is still running")
