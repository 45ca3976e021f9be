"""A `Database` dropped without `close()` (a test that reopened its file and forgot it) must not
leave its thread behind: the fake Discord's tests wait for the process to be down to one thread,
and an idle database's thread, waiting for work forever, stalled them."""

from __future__ import annotations

import asyncio
import gc
import sqlite3
import threading
from pathlib import Path

from storage.database import Database


def database_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == "pawpost-database"]


async def test_a_database_dropped_without_closing_ends_its_thread_and_connection(
    tmp_path: Path,
) -> None:
    before = len(database_threads())
    db = await Database.open(tmp_path / "pawpost.sqlite3")
    await db.transact(lambda tx: tx.guilds.get(1), write=False)
    assert len(database_threads()) == before + 1
    del db
    gc.collect()
    for _ in range(100):
        if len(database_threads()) == before:
            break
        await asyncio.sleep(0.01)
    assert len(database_threads()) == before
    # its connection was closed in its own thread: the file can be locked exclusively at once
    other = sqlite3.connect(tmp_path / "pawpost.sqlite3", timeout=0)
    try:
        other.execute("PRAGMA journal_mode = DELETE")  # needs every other connection gone
        assert other.execute("PRAGMA journal_mode").fetchone() == ("delete",)
    finally:
        other.close()


async def test_a_closed_database_leaves_no_thread(tmp_path: Path) -> None:
    before = len(database_threads())
    db = await Database.open(tmp_path / "pawpost.sqlite3")
    await db.close()
    for _ in range(100):
        if len(database_threads()) == before:
            break
        await asyncio.sleep(0.01)
    assert len(database_threads()) == before
