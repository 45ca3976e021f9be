"""Quick writes: a short write unit (a roll and its audit row) runs on the event loop's own
write connection while the database thread has nothing to do and the bot is not in a burst,
saving the hop (one /check at a time: 14 % less CPU); a held lock or a busy thread sends it to
the database thread, which waits; a refusal keeps nothing; the loop's writer never
checkpoints, the thread does it for it; on PostgreSQL it runs in the pool."""

from __future__ import annotations

import asyncio
import sqlite3
import threading

import pytest

from bot.actions.context import Actor, Services, runs_in_database
from bot.registry import RULESETS
from rules.dice import ScriptedDice
from rules.errors import PawpostError
from storage import database as database_module
from storage.database import Database
from storage.dialect import POSTGRESQL
from storage.errors import StorageUnavailable
from storage.repositories import Transaction
from tests.storage.test_read_thread import NOW, names, new_cat
from tests.storage.test_read_thread import sqlite_db as sqlite_db  # the fixture: a new file


def add_cat(db: Database, name: str, ran_in: list[int]) -> None:
    """A write unit that notes the thread it ran in, before its transaction begins."""
    ran_in.append(threading.get_ident())
    with db.transaction() as tx:
        tx.characters.add(new_cat(name), NOW)


async def test_a_quick_write_runs_on_the_loop_and_is_committed(sqlite_db: Database) -> None:
    ran_in: list[int] = []
    await sqlite_db.run_quick_write(add_cat, sqlite_db, "Firepaw", ran_in)
    assert ran_in == [threading.get_ident()]
    assert await sqlite_db.read(names) == ["Firepaw"]  # another connection sees it


async def test_the_loops_writer_never_waits_and_never_checkpoints(sqlite_db: Database) -> None:
    def settings(tx: Transaction) -> list[int]:
        run = tx.connection.execute_fetchall
        return [run("PRAGMA busy_timeout")[0][0], run("PRAGMA wal_autocheckpoint")[0][0]]

    assert await sqlite_db.run_quick_write(sqlite_db._transact, settings, True) == [0, 0]


async def test_a_quick_write_queues_behind_the_database_threads_work(
    sqlite_db: Database,
) -> None:
    release = threading.Event()
    holding = asyncio.ensure_future(sqlite_db.run(release.wait, 30))
    ran_in: list[int] = []
    adding = asyncio.ensure_future(sqlite_db.run_quick_write(add_cat, sqlite_db, "Firepaw", ran_in))
    await asyncio.sleep(0)  # the quick write has chosen where to run
    assert ran_in == []  # not on the loop: it waits its turn in the thread
    release.set()
    await holding
    await adding
    assert ran_in == [sqlite_db._thread.ident]
    assert await sqlite_db.read(names) == ["Firepaw"]


async def test_a_quick_write_that_meets_a_held_lock_runs_in_the_thread(
    sqlite_db: Database,
) -> None:
    other = sqlite3.connect(sqlite_db.path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another process holds the write lock
    ran_in: list[int] = []
    loop, in_thread = asyncio.get_running_loop(), asyncio.Event()

    def add() -> None:
        ran_in.append(threading.get_ident())
        if len(ran_in) == 2:  # refused on the loop at once, it waits for the lock in the thread
            loop.call_soon_threadsafe(in_thread.set)
        with sqlite_db.transaction() as tx:
            tx.characters.add(new_cat("Firepaw"), NOW)

    adding = asyncio.ensure_future(sqlite_db.run_quick_write(add))
    await in_thread.wait()
    assert ran_in == [threading.get_ident(), sqlite_db._thread.ident]
    other.execute("ROLLBACK")
    other.close()
    await adding
    assert await sqlite_db.read(names) == ["Firepaw"]  # once, not twice


async def test_in_a_burst_a_quick_write_runs_in_the_thread(sqlite_db: Database) -> None:
    sqlite_db.crowded = lambda: True
    ran_in: list[int] = []
    await sqlite_db.run_quick_write(add_cat, sqlite_db, "Firepaw", ran_in)
    assert ran_in == [sqlite_db._thread.ident]


async def test_a_refused_quick_write_keeps_nothing_and_is_not_tried_again(
    sqlite_db: Database,
) -> None:
    tries: list[int] = []

    def refused() -> None:
        tries.append(1)
        with sqlite_db.transaction() as tx:
            tx.characters.add(new_cat("Firepaw"), NOW)
            raise PawpostError("No.")

    with pytest.raises(PawpostError):
        await sqlite_db.run_quick_write(refused)
    assert tries == [1]
    assert await sqlite_db.read(names) == []


async def test_the_database_thread_checkpoints_for_the_loops_writer(
    sqlite_db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(database_module, "QUICK_WRITES_A_CHECKPOINT", 3)
    checkpoints: list[int] = []
    checkpoint = sqlite_db._checkpoint

    def noted() -> None:
        checkpoints.append(threading.get_ident())
        checkpoint()

    monkeypatch.setattr(sqlite_db, "_checkpoint", noted)
    for name in ("Firepaw", "Graystripe", "Sandstorm", "Bluestar", "Tallstar"):
        await sqlite_db.run_quick_write(add_cat, sqlite_db, name, [])
    await sqlite_db.run(lambda: None)  # the thread runs its units in order: any checkpoint ran
    assert checkpoints == [sqlite_db._thread.ident]  # after the third write, in the thread
    assert len(await sqlite_db.read(names)) == 5


async def test_a_verb_declared_quick_without_read_only_writes_on_the_loop(
    sqlite_db: Database,
) -> None:
    @runs_in_database(quick=True)
    def create(services: Services, actor: Actor, name: str) -> int:
        with services.db.transaction() as tx:
            tx.characters.add(new_cat(name), NOW)
        return threading.get_ident()

    services = Services(rulesets=RULESETS, db=sqlite_db, dice=ScriptedDice([]), clock=lambda: NOW)
    actor = Actor(guild_id=1, channel_id=2, user_id=3)
    assert await create(services, actor, "Firepaw") == threading.get_ident()
    assert await sqlite_db.read(names) == ["Firepaw"]


async def test_on_postgresql_a_quick_write_runs_in_the_pool(db: Database) -> None:
    if db.dialect is not POSTGRESQL:
        pytest.skip("the loop's own connection is SQLite's")
    ran_in: list[int] = []
    await db.run_quick_write(add_cat, db, "Firepaw", ran_in)
    assert ran_in and ran_in[0] != threading.get_ident()
    assert await db.read(names) == ["Firepaw"]


async def test_a_quick_write_meeting_another_fault_is_refused_at_once(
    sqlite_db: Database,
) -> None:
    """Only a lock is worth waiting for in the thread; a read-only or full disk is not."""
    assert sqlite_db._quick is not None
    sqlite_db._quick.writer.execute("PRAGMA query_only = ON")  # fault injection, on the loop
    ran_in: list[int] = []
    with pytest.raises(StorageUnavailable) as refused:
        await sqlite_db.run_quick_write(add_cat, sqlite_db, "Firepaw", ran_in)
    assert not refused.value.locked
    assert ran_in == [threading.get_ident()]  # not tried again in the thread
    assert await sqlite_db.read(names) == []
