"""The read connection beside the writer (issue 32: another process holding SQLite's write lock,
or one long unit of work, stalled every command, reads included): units declared read-only run
in a thread of their own on a `query_only` connection, and are answered while a write waits. A
write routed there fails loudly; the writer keeps its order, its cancellation and its budget."""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import sqlite3
import threading
import time
from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.actions import characters
from bot.actions.context import Services, runs_in_database
from bot.actions.germ import cats as germ_cats
from bot.actions.germ import checks
from bot.registry import RULESETS as REGISTRY
from rules.germ.sheet import GermSheet
from storage.database import Database, WriteInReadOnlyUnit, time_budget
from storage.errors import StorageUnavailable
from storage.models import NewCharacter
from storage.repositories import Transaction
from tests.conftest import ALICE, FIREPAW, actor

NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
SHEET = GermSheet(
    strength=4, agility=4, charisma=4, intelligence=4, stealth=3, perception=3, age_moons=12
)
# The bound: a read is answered within this while a write waits.
READ_BOUND_S = 0.5


def new_cat(name: str) -> NewCharacter:
    return NewCharacter(guild_id=1, owner_id=5, name=name, ruleset="germ", sheet=SHEET)


def names(tx: Transaction) -> list[str]:
    return [row[0] for row in tx.characters._db.execute_fetchall("SELECT name FROM characters")]


@pytest.fixture
async def sqlite_db(tmp_path: Path) -> AsyncIterator[Database]:
    # a write waits for another process's lock far longer than any test here lasts
    database = await Database.open(tmp_path / "pawpost.sqlite3", busy_timeout_ms=30_000)
    try:
        yield database
    finally:
        await database.close()


@contextlib.contextmanager
def write_lock(path: str) -> Iterator[sqlite3.Connection]:
    """Another process's write transaction, held until the block ends (then rolled back)."""
    other = sqlite3.connect(path, isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")
        yield other
        if other.in_transaction:
            other.execute("ROLLBACK")
    finally:
        other.close()


async def until(event: threading.Event) -> None:
    """Wait, without blocking the event loop, until a database thread sets `event`."""
    deadline = time.monotonic() + 10
    while not event.is_set():
        assert time.monotonic() < deadline, "the database thread never got there"
        await asyncio.sleep(0.001)


async def test_a_read_is_answered_while_another_process_holds_the_write_lock(
    sqlite_db: Database,
) -> None:
    db = sqlite_db
    await db.transact(lambda tx: tx.characters.add(new_cat("Firepaw"), NOW))
    with write_lock(db.path):
        started = threading.Event()

        def write(tx: Transaction) -> None:
            tx.characters.add(new_cat("Tigerclaw"), NOW)

        def begin_write() -> None:
            started.set()
            db._transact(write, True)  # BEGIN IMMEDIATE waits for the other's lock

        writing = asyncio.ensure_future(db.run(begin_write))
        await until(started)
        began = time.monotonic()
        found = await db.read(names)
        took = time.monotonic() - began
        assert found == ["Firepaw"]
        assert not writing.done()  # the write still waits for the lock: the read did not
        assert took < READ_BOUND_S, took
        # the writer's queue is stuck behind the lock; a second read is answered all the same
        assert await db.read(names) == ["Firepaw"]
        assert not writing.done()
    await writing
    assert await db.read(names) == ["Firepaw", "Tigerclaw"]


async def test_a_read_is_answered_while_a_long_write_unit_runs(sqlite_db: Database) -> None:
    db = sqlite_db
    await db.transact(lambda tx: tx.characters.add(new_cat("Firepaw"), NOW))
    started, release = threading.Event(), threading.Event()

    def long_write(tx: Transaction) -> None:
        tx.characters.add(new_cat("Tigerclaw"), NOW)
        started.set()
        release.wait(10)  # a catch-up of a big server, say

    long = asyncio.ensure_future(db.transact(long_write))
    queued_write = asyncio.ensure_future(db.transact(lambda tx: names(tx)))
    try:
        await until(started)
        began = time.monotonic()
        found = await db.read(names)
        took = time.monotonic() - began
        # the long unit's write is not committed yet: the read sees the last commit
        assert found == ["Firepaw"]
        assert not long.done() and not queued_write.done()
        assert took < READ_BOUND_S, took
    finally:
        release.set()
    await long
    # the writer's own queue kept its order: the unit after the long one sees its commit
    assert await queued_write == ["Firepaw", "Tigerclaw"]


async def test_a_read_only_verb_answers_while_a_write_command_waits_for_the_lock(
    sqlite_db: Database,
) -> None:
    """The verbs: /character show (declared read-only) answers while /check (a write) waits
    for another process's lock."""
    services = Services(db=sqlite_db, rulesets=REGISTRY)
    alice = actor(ALICE)
    await germ_cats.create(services, alice, **FIREPAW)
    with write_lock(sqlite_db.path):
        check = asyncio.ensure_future(checks.check(services, alice, "strength"))
        await asyncio.sleep(0.05)
        began = time.monotonic()
        shown = await characters.show(services, alice)
        took = time.monotonic() - began
        assert shown.title == "Firepaw"
        assert not check.done()
        assert took < READ_BOUND_S, took
    reply = await check
    assert reply.title == "Firepaw: Strength"


async def test_a_write_routed_to_the_read_thread_fails_loudly(db: Database) -> None:
    """On either backend: a write transaction in a unit declared read-only, or a write
    statement in its read transaction, is a bug (never the storage sentence), and nothing of
    it is kept."""

    def writes_in_a_write_transaction() -> None:
        with db.transaction() as tx:
            tx.characters.add(new_cat("Firepaw"), NOW)

    with pytest.raises(WriteInReadOnlyUnit, match="write transaction"):
        await db.run_read_only(writes_in_a_write_transaction)
    with pytest.raises(WriteInReadOnlyUnit, match="tried to write"):
        await db.read(lambda tx: tx.characters.add(new_cat("Tigerclaw"), NOW))
    assert not issubclass(WriteInReadOnlyUnit, StorageUnavailable)
    assert await db.transact(names, write=False) == []
    # the same work, not declared read-only, does write (so the refusals above could fail)
    await db.run(writes_in_a_write_transaction)
    assert await db.read(names) == ["Firepaw"]


async def test_a_verb_declared_read_only_that_writes_fails(db: Database) -> None:
    @runs_in_database(read_only=True)
    def misdeclared(services: Services, name: str) -> None:
        with services.db.transaction(write=False) as tx:
            tx.characters.add(new_cat(name), NOW)

    services = Services(db=db, rulesets=REGISTRY)
    with pytest.raises(WriteInReadOnlyUnit):
        await misdeclared(services, "Firepaw")
    assert await db.transact(names, write=False) == []


async def test_the_read_connection_itself_refuses_writes(sqlite_db: Database) -> None:
    """`query_only` is set on the read connection: a raw statement, past the repositories,
    is refused too."""

    def raw_insert() -> None:
        reader = sqlite_db._reader
        assert reader is not None
        reader.connection.execute("CREATE TABLE sneaked (id INTEGER)")

    with pytest.raises(sqlite3.OperationalError, match="readonly"):
        await sqlite_db.run_read_only(raw_insert)
    assert not await sqlite_db.read(
        lambda tx: tx.characters._db.execute_fetchall(
            "SELECT name FROM sqlite_master WHERE name = 'sneaked'"
        )
    )


async def test_a_command_sees_its_own_write_in_its_next_read(db: Database) -> None:
    for name in ("Firepaw", "Tigerclaw", "Longtail"):
        await db.transact(lambda tx, name=name: tx.characters.add(new_cat(name), NOW))
        assert name in await db.read(names)


@contextlib.asynccontextmanager
async def read_thread_held(db: Database) -> AsyncIterator[None]:
    """Hold the read thread with a read until the block ends."""
    started, release = threading.Event(), threading.Event()

    def hold(tx: Transaction) -> None:
        started.set()
        release.wait(10)

    holder = asyncio.ensure_future(db.read(hold))
    await until(started)
    try:
        yield
    finally:
        release.set()
        await holder


async def test_reads_keep_their_order_and_a_read_cancelled_before_it_began_never_runs(
    sqlite_db: Database,
) -> None:
    db = sqlite_db
    ran: list[int] = []

    def note(number: int) -> int:
        ran.append(number)
        return number

    async with read_thread_held(db):
        first = asyncio.ensure_future(db.run_read_only(note, 1))
        cancelled = asyncio.create_task(db.run_read_only(note, 2))
        third = asyncio.ensure_future(db.run_read_only(note, 3))
        await asyncio.sleep(0)  # each has handed its unit over
        assert inspect.getcoroutinestate(cancelled.get_coro()) == inspect.CORO_SUSPENDED
        cancelled.cancel()
        with pytest.raises(asyncio.CancelledError):
            await cancelled
        # the writer is not held by the reads
        assert await db.transact(names, write=False) == []
    assert (await first, await third) == (1, 3)
    assert ran == [1, 3]


async def test_a_read_not_started_within_its_budget_never_runs(sqlite_db: Database) -> None:
    db = sqlite_db
    ran = threading.Event()
    async with read_thread_held(db):
        with time_budget(0.2), pytest.raises(StorageUnavailable):
            await db.run_read_only(ran.set)
    await db.read(names)  # everything queued before this has been reached
    assert not ran.is_set()


async def test_closing_ends_both_threads_after_their_queued_work(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "pawpost.sqlite3")
    reader = db._reader
    assert reader is not None
    await db.transact(lambda tx: tx.characters.add(new_cat("Firepaw"), NOW))
    started, release = threading.Event(), threading.Event()

    def slow_read(tx: Transaction) -> list[str]:
        started.set()
        release.wait(10)
        return names(tx)

    reading = asyncio.ensure_future(db.read(slow_read))
    await until(started)
    closing = asyncio.ensure_future(db.close())
    await asyncio.sleep(0)
    with pytest.raises(StorageUnavailable):
        await db.read(names)
    release.set()
    assert await reading == ["Firepaw"]  # queued before the close: answered
    await closing
    for thread in (db._thread, reader.thread):
        thread._thread.join(5)
        assert not thread._thread.is_alive()


async def test_a_read_only_unit_runs_in_the_read_thread_and_a_plain_one_in_the_writer(
    sqlite_db: Database,
) -> None:
    reader = sqlite_db._reader
    assert reader is not None
    assert await sqlite_db.run_read_only(threading.get_ident) == reader.thread.ident
    assert await sqlite_db.run(threading.get_ident) == sqlite_db._thread.ident
    assert reader.thread.ident != sqlite_db._thread.ident
