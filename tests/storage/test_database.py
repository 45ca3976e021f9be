"""The database file: pragmas, migrations applied atomically, the database thread's units of
work, cancellation, storage faults."""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import sqlite3
import threading
import time
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.actions.germ import cats as germ_cats
from rules.errors import PawpostError
from rules.germ.sheet import GermSheet
from storage.database import Database, Migration, MigrationFailed, bundled_migrations
from storage.errors import StorageUnavailable
from storage.models import Character, NewCharacter
from storage.repositories import CharacterRepository, NameTaken, Transaction
from tests.conftest import ALICE, FIREPAW, actor, dump, execute_apart, sqlite_only

NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
SHEET = GermSheet(
    strength=4, agility=4, charisma=4, intelligence=4, stealth=3, perception=3, age_moons=12
)


def schema(path: Path) -> list[tuple[str, str]]:
    with sqlite3.connect(path) as connection:
        return connection.execute(
            "SELECT name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name"
        ).fetchall()


def new_cat(name: str, guild: int = 1, owner: int = 5) -> NewCharacter:
    return NewCharacter(guild_id=guild, owner_id=owner, name=name, ruleset="germ", sheet=SHEET)


async def names_stored(db: Database, *names: str) -> dict[str, bool]:
    """Which of these cats of server 1 are stored, read in a fresh unit of work (which also
    fails loudly if the connection had been left inside a transaction)."""

    def read(tx: Transaction) -> dict[str, bool]:
        return {name: tx.characters.by_name(1, name) is not None for name in names}

    return await db.transact(read, write=False)


async def in_transaction(db: Database) -> bool:
    """Whether the commands' connection is inside a transaction, asked in its own thread."""
    if db.dialect.name == "postgresql":  # the connection of the worker thread that asks
        return await db.run(lambda: db._local.tx.connection.in_transaction)
    return await db.run(lambda: db._connection.in_transaction)


async def test_new_file_gets_wal_foreign_keys_and_every_migration(tmp_path: Path) -> None:
    path = tmp_path / "nested" / "pawpost.sqlite3"
    db = await Database.open(path)
    try:
        assert db.schema_version == bundled_migrations()[-1].version

        def pragmas(tx: Transaction) -> list[object]:
            connection = tx.characters._db
            return [
                connection.execute_fetchall(f"PRAGMA {name}")[0][0]
                for name in ("journal_mode", "foreign_keys", "synchronous", "busy_timeout")
            ]

        assert await db.transact(pragmas, write=False) == ["wal", 1, 1, 5000]
    finally:
        await db.close()
    reopened = await Database.open(path)
    assert reopened.schema_version == db.schema_version
    await reopened.close()


async def test_a_failing_migration_leaves_the_schema_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "pawpost.sqlite3"
    await (await Database.open(path)).close()
    before = schema(path)
    broken = Migration(
        99,
        "0099_broken.sql",
        "CREATE TABLE half_done (id INTEGER PRIMARY KEY);\n"
        "ALTER TABLE characters ADD COLUMN colour TEXT;\n"
        "INSERT INTO no_such_table VALUES (1);",
    )
    with pytest.raises(MigrationFailed, match=r"0099_broken\.sql failed: no such table"):
        await Database.open(path, migrations=[*bundled_migrations(), broken])
    assert schema(path) == before
    with sqlite3.connect(path) as connection:
        versions = [row[0] for row in connection.execute("SELECT version FROM schema_version")]
    assert 99 not in versions


async def test_a_migration_that_breaks_a_foreign_key_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "pawpost.sqlite3"
    db = await Database.open(path)
    await db.transact(lambda tx: tx.characters.add(new_cat("Firepaw"), NOW))
    await db.close()
    before = schema(path)
    orphaning = Migration(99, "0099_orphans.sql", "UPDATE characters SET mother_id = 12345;")
    with pytest.raises(MigrationFailed, match="foreign keys broken"):
        await Database.open(path, migrations=[*bundled_migrations(), orphaning])
    assert schema(path) == before
    with sqlite3.connect(path) as connection:
        assert connection.execute("SELECT mother_id FROM characters").fetchall() == [(None,)]


async def test_migration_6_rebuilds_characters_with_hunger_read_from_the_sheet(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "pawpost.sqlite3"
    # the schema of migration 5 has no NPCs for a new name to be compared with
    monkeypatch.setattr(CharacterRepository, "clash", lambda *_, **__: None)
    old = await Database.open(path, migrations=bundled_migrations()[:5])
    mother = await old.transact(lambda tx: tx.characters.add(new_cat("Goldenflower"), NOW))
    hungry = SHEET.model_copy(update={"starving": True, "fail_streak": 3, "age_moons": 1})
    kit = NewCharacter(
        guild_id=1, owner_id=5, name="Bramblekit", ruleset="germ", sheet=hungry,
        mother_id=mother.id,
    )  # fmt: skip
    await old.transact(lambda tx: tx.characters.add(kit, NOW))
    await old.close()

    db = await Database.open(path)
    try:

        def hunger(tx: Transaction) -> list[tuple[str, int, int, int]]:
            return tx.characters._db.execute_fetchall(
                "SELECT name, starving, fail_streak, age_moons FROM characters ORDER BY id"
            )

        assert await db.transact(hunger, write=False) == [
            ("Goldenflower", 0, 0, 12),
            ("Bramblekit", 1, 3, 1),
        ]

        def fed(tx: Transaction) -> None:
            found = tx.characters.by_name(1, "Bramblekit")
            assert found is not None and isinstance(found.sheet, GermSheet)
            found.sheet = found.sheet.model_copy(update={"starving": False, "fail_streak": 0})
            tx.characters.save_sheet(found)

        await db.transact(fed)
        assert (await db.transact(hunger, write=False))[1] == ("Bramblekit", 0, 0, 1)
        found = await db.transact(lambda tx: tx.characters.by_name(1, "Bramblekit"), write=False)
        assert found is not None and found.mother_id == mother.id
    finally:
        await db.close()
    with sqlite3.connect(path) as connection:
        assert connection.execute("PRAGMA foreign_key_check").fetchall() == []
        assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]


async def test_an_error_in_a_unit_of_work_keeps_nothing(db: Database) -> None:
    def work(tx: Transaction) -> None:
        tx.characters.add(new_cat("Firepaw"), NOW)
        tx.characters.add(new_cat("Tigerclaw"), NOW)
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError, match="boom"):
        await db.transact(work)
    assert await names_stored(db, "Firepaw", "Tigerclaw") == {"Firepaw": False, "Tigerclaw": False}
    assert not await in_transaction(db)


async def test_a_with_block_in_the_database_thread_commits_or_rolls_back_whole(
    db: Database,
) -> None:
    """What an action does under `runs_in_database`: `with db.transaction()` inside `db.run`."""

    def create(name: str, fail: bool) -> None:
        with db.transaction() as tx:
            tx.characters.add(new_cat(name), NOW)
            tx.characters.add(new_cat(name + "kit"), NOW)
            if fail:
                raise ValueError("refused")

    with pytest.raises(ValueError, match="refused"):
        await db.run(create, "Firepaw", fail=True)
    await db.run(create, "Tigerclaw", fail=False)
    assert await names_stored(db, "Firepaw", "Firepawkit", "Tigerclaw", "Tigerclawkit") == {
        "Firepaw": False,
        "Firepawkit": False,
        "Tigerclaw": True,
        "Tigerclawkit": True,
    }


async def test_names_are_unique_per_server_whatever_the_case(db: Database) -> None:
    def two_servers(tx: Transaction) -> None:
        tx.characters.add(new_cat("Firepaw", guild=1), NOW)
        tx.characters.add(new_cat("FIREPAW", guild=2), NOW)

    await db.transact(two_servers)
    with pytest.raises(NameTaken):
        await db.transact(lambda tx: tx.characters.add(new_cat("fIrEpAw", owner=6), NOW))
    found = await db.transact(lambda tx: tx.characters.by_name(1, "FIREPAW "), write=False)
    assert found is not None and found.name == "Firepaw" and found.owner_id == 5
    assert found.sheet == SHEET


async def test_a_sheet_is_validated_on_the_way_in_and_out(db: Database, tmp_path: Path) -> None:
    bad = SHEET.model_construct(**{**SHEET.model_dump(), "strength": -3})
    new = NewCharacter(guild_id=1, owner_id=5, name="Bad", ruleset="germ", sheet=bad)
    with pytest.raises(ValueError, match="strength"):
        await db.transact(lambda tx: tx.characters.add(new, NOW))
    assert await names_stored(db, "Bad") == {"Bad": False}
    await db.transact(lambda tx: tx.characters.add(new_cat("Good"), NOW))
    execute_apart(db, 'UPDATE characters SET sheet = \'{"strength": "lots"}\'')
    with pytest.raises(ValueError, match="strength"):
        await db.transact(lambda tx: tx.characters.by_name(1, "Good"), write=False)


async def test_a_locked_database_is_storage_unavailable_and_changes_nothing(
    tmp_path: Path,
) -> None:
    path = tmp_path / "pawpost.sqlite3"
    db = await Database.open(path, busy_timeout_ms=50)
    other = sqlite3.connect(path, timeout=0)
    other.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StorageUnavailable) as raised:
            await db.transact(lambda tx: tx.characters.add(new_cat("X"), NOW))
        assert "unavailable" in raised.value.message
        assert "locked" in raised.value.detail
    finally:
        other.rollback()
        other.close()
    assert await names_stored(db, "X") == {"X": False}
    await db.close()


@sqlite_only
async def test_a_fault_inside_the_work_is_storage_unavailable_and_rolls_back(
    db: Database,
) -> None:
    """A storage fault met by a statement in the middle of the work (here a read-only
    connection) ends the whole unit of work as StorageUnavailable, keeping nothing."""

    def work(tx: Transaction) -> None:
        tx.characters.add(new_cat("Firepaw"), NOW)
        tx.characters._db.execute("PRAGMA query_only = ON")
        try:
            tx.characters.add(new_cat("Tigerclaw"), NOW)
        finally:
            tx.characters._db.execute("PRAGMA query_only = OFF")

    with pytest.raises(StorageUnavailable) as raised:
        await db.transact(work)
    assert "OperationalError" in raised.value.detail
    assert await names_stored(db, "Firepaw", "Tigerclaw") == {"Firepaw": False, "Tigerclaw": False}
    assert not await in_transaction(db)


@sqlite_only
async def test_backup_copies_the_live_database(db: Database, tmp_path: Path) -> None:
    await db.transact(lambda tx: tx.characters.add(new_cat("Firepaw"), NOW))
    copy = tmp_path / "backup.sqlite3"
    await db.backup(copy)
    with sqlite3.connect(copy) as connection:
        assert connection.execute("SELECT name FROM characters").fetchall() == [("Firepaw",)]
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)


async def wait_for(event: threading.Event) -> None:
    """Wait, without blocking the event loop, until the database thread sets `event`."""
    deadline = time.monotonic() + 5
    while not event.is_set():
        assert time.monotonic() < deadline, "the database thread never got there"
        await asyncio.sleep(0.001)


@contextlib.asynccontextmanager
async def database_thread_held(db: Database, cat: str | None = None) -> AsyncIterator[None]:
    """Hold the database thread with a unit of work until the block ends (the work then adds
    `cat`, if given), so that whatever the block hands over queues behind it."""
    started, release = threading.Event(), threading.Event()

    def hold(tx: Transaction) -> None:
        started.set()
        release.wait(5)
        if cat is not None:
            tx.characters.add(new_cat(cat), NOW)

    holder = asyncio.create_task(db.transact(hold))
    await wait_for(started)
    try:
        yield
    finally:
        release.set()
        await holder


@sqlite_only
async def test_a_command_cancelled_while_its_work_runs_is_kept_whole(db: Database) -> None:
    """A shutdown cancels commands wherever they are. Work the database thread has started
    runs to its end and is committed whole; the next command finds the connection free."""
    started, release, finished = threading.Event(), threading.Event(), threading.Event()

    def work(tx: Transaction) -> None:
        tx.characters.add(new_cat("Firepaw"), NOW)
        started.set()
        release.wait(5)  # the caller is cancelled meanwhile
        time.sleep(0.01)
        tx.characters.add(new_cat("Tigerclaw"), NOW)
        finished.set()

    command = asyncio.create_task(db.transact(work))
    await wait_for(started)
    command.cancel()
    with pytest.raises(asyncio.CancelledError):
        await command  # the caller is let go at once, while the work goes on
    assert command.cancelled()
    assert not finished.is_set()
    release.set()
    # The next unit of work queues behind the cancelled one, so it sees its end.
    assert await names_stored(db, "Firepaw", "Tigerclaw") == {"Firepaw": True, "Tigerclaw": True}
    assert finished.is_set()
    assert not await in_transaction(db)
    await db.transact(lambda tx: tx.characters.add(new_cat("Longtail"), NOW))
    assert await names_stored(db, "Longtail") == {"Longtail": True}


@sqlite_only
async def test_work_cancelled_before_the_thread_starts_it_never_runs(db: Database) -> None:
    """A command cancelled while its work still waits behind another's never runs at all."""
    ran: list[str] = []

    def queued(tx: Transaction) -> None:
        ran.append("queued")
        tx.characters.add(new_cat("Tigerclaw"), NOW)

    async with database_thread_held(db, "Firepaw"):
        second = asyncio.create_task(db.transact(queued))
        await asyncio.sleep(0)  # the second command hands its work over, and waits for it
        assert inspect.getcoroutinestate(second.get_coro()) == inspect.CORO_SUSPENDED
        second.cancel()
        with pytest.raises(asyncio.CancelledError):
            await second
    assert await names_stored(db, "Firepaw", "Tigerclaw") == {"Firepaw": True, "Tigerclaw": False}
    assert ran == []
    assert not await in_transaction(db)


@sqlite_only
async def test_an_action_cancelled_while_queued_changes_nothing(db: Database, services) -> None:
    """The same for an action verb, whose body `runs_in_database` hands to the thread."""
    alice = actor(ALICE, guild=1)
    async with database_thread_held(db):
        before = dump(db)
        command = asyncio.create_task(germ_cats.create(services, alice, **FIREPAW))
        await asyncio.sleep(0)
        assert inspect.getcoroutinestate(command.get_coro()) == inspect.CORO_SUSPENDED
        command.cancel()
        with pytest.raises(asyncio.CancelledError):
            await command
    assert dump(db) == before
    assert await names_stored(db, "Firepaw") == {"Firepaw": False}
    # Not cancelled, the same action does create the cat (so the check above could fail).
    await germ_cats.create(services, alice, **FIREPAW)
    assert await names_stored(db, "Firepaw") == {"Firepaw": True}


async def test_a_transaction_outside_the_database_thread_is_refused(db: Database) -> None:
    def enter() -> None:
        with db.transaction(write=False) as tx:
            tx.characters.by_name(1, "Firepaw")

    with pytest.raises(RuntimeError, match="database thread"):
        enter()  # the event loop's thread
    with pytest.raises(RuntimeError, match="database thread"):
        await asyncio.to_thread(enter)  # any other thread
    assert not await in_transaction(db)
    await db.transact(lambda tx: tx.characters.add(new_cat("Firepaw"), NOW))
    assert await names_stored(db, "Firepaw") == {"Firepaw": True}


async def test_a_transaction_inside_a_unit_of_work_is_refused_and_rolls_back_the_outer(
    db: Database,
) -> None:
    inner_entered: list[Character | None] = []

    def work(tx: Transaction) -> None:
        tx.characters.add(new_cat("Firepaw"), NOW)
        with db.transaction() as inner:
            inner_entered.append(inner.characters.by_name(1, "Firepaw"))
            inner.characters.add(new_cat("Tigerclaw"), NOW)

    with pytest.raises(RuntimeError, match="not one inside another"):
        await db.transact(work)
    assert inner_entered == []
    assert await names_stored(db, "Firepaw", "Tigerclaw") == {"Firepaw": False, "Tigerclaw": False}
    assert not await in_transaction(db)


async def test_work_handed_over_once_closing_began_is_refused(tmp_path: Path) -> None:
    """Shutting down: what was queued before close() finishes; anything later gets the
    storage-unavailable sentence instead of a closed connection."""
    path = tmp_path / "pawpost.sqlite3"
    db = await Database.open(path)
    async with database_thread_held(db, "Firepaw"):
        closing = asyncio.create_task(db.close())
        await asyncio.sleep(0)
        with pytest.raises(StorageUnavailable):
            await db.transact(lambda tx: tx.characters.add(new_cat("Tigerclaw"), NOW))
    await closing
    reopened = await Database.open(path)
    try:
        assert await names_stored(reopened, "Firepaw", "Tigerclaw") == {
            "Firepaw": True,
            "Tigerclaw": False,
        }
    finally:
        await reopened.close()


async def test_an_sqlite_too_old_for_the_migrations_is_one_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sqlite3, "sqlite_version_info", (3, 34, 1))
    monkeypatch.setattr(sqlite3, "sqlite_version", "3.34.1")
    with pytest.raises(PawpostError) as refused:
        await Database.open(tmp_path / "pawpost.sqlite3")
    assert refused.value.message == "Pawpost needs SQLite 3.35 or newer; this Python has 3.34.1."
    assert not (tmp_path / "pawpost.sqlite3").exists()
