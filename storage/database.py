"""The SQLite database: connection settings, numbered migrations, one transaction a command."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import NamedTuple

import aiosqlite

from storage.errors import StorageUnavailable
from storage.repositories import Transaction

log = logging.getLogger(__name__)

BUSY_TIMEOUT_MS = 5000
_MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


class MigrationFailed(RuntimeError):
    """A bundled migration could not be applied; the schema was left as it was."""


class Migration(NamedTuple):
    version: int
    name: str
    sql: str


def bundled_migrations() -> list[Migration]:
    """The migrations shipped in `storage/migrations/`, in order."""
    found = []
    for entry in (resources.files("storage") / "migrations").iterdir():
        match = _MIGRATION_NAME.match(entry.name)
        if match:
            found.append(Migration(int(match.group(1)), entry.name, entry.read_text("utf-8")))
    return sorted(found)


def _apply_migrations(connection: sqlite3.Connection, migrations: list[Migration]) -> int:
    """Bring the schema up to date, each migration atomically. Runs in the database thread."""
    connection.execute(
        "CREATE TABLE IF NOT EXISTS schema_version ("
        " version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
        " applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))"
    )
    current = connection.execute("SELECT coalesce(max(version), 0) FROM schema_version")
    version: int = current.fetchone()[0]
    for migration in migrations:
        if migration.version <= version:
            continue
        # executescript commits any open transaction first, so the script carries its own
        # BEGIN/COMMIT and a failure is rolled back by hand: the schema stays as it was.
        try:
            connection.executescript(
                f"BEGIN IMMEDIATE;\n{migration.sql}\n;"
                f"INSERT INTO schema_version (version, name) VALUES"
                f" ({migration.version}, '{migration.name}');\nCOMMIT;"
            )
        except sqlite3.Error as error:
            if connection.in_transaction:
                connection.rollback()
            raise MigrationFailed(f"migration {migration.name} failed: {error}") from error
        version = migration.version
        log.info("applied migration %s", migration.name)
    return version


def _pragmas(busy_timeout_ms: int) -> str:
    return (
        f"PRAGMA busy_timeout = {int(busy_timeout_ms)}; PRAGMA synchronous = NORMAL;"
        " PRAGMA foreign_keys = ON;"
    )


def _prepare_file(path: str, migrations: list[Migration]) -> int:
    """Create the file if needed, switch it to WAL and migrate it; returns the schema version."""
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    connection = sqlite3.connect(path, isolation_level=None)
    try:
        connection.executescript(f"{_pragmas(BUSY_TIMEOUT_MS)} PRAGMA journal_mode = WAL;")
        return _apply_migrations(connection, migrations)
    finally:
        connection.close()


class Database:
    """One connection to one SQLite file, shared by every command of the process.

    Commands take turns: `transaction()` holds a lock, so each command's reads and writes are one
    SQLite transaction that no other command interleaves with.
    """

    def __init__(
        self, connection: aiosqlite.Connection, path: str, *, busy_timeout_ms: int = BUSY_TIMEOUT_MS
    ) -> None:
        self._connection = connection
        # How long a command waits (in the database thread) for another process's write lock.
        self.busy_timeout_ms = busy_timeout_ms
        self._lock = asyncio.Lock()
        self.path = path
        self.schema_version = 0

    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        migrations: list[Migration] | None = None,
        busy_timeout_ms: int = BUSY_TIMEOUT_MS,
    ) -> Database:
        """Open (creating if needed) the database at `path` and apply pending migrations."""
        path = str(path)
        chosen = bundled_migrations() if migrations is None else migrations
        try:
            version = await asyncio.to_thread(_prepare_file, path, chosen)
            connection = await aiosqlite.connect(path, isolation_level=None)
            await connection.executescript(_pragmas(busy_timeout_ms))
        except sqlite3.OperationalError as error:
            raise StorageUnavailable.because(error) from error
        database = cls(connection, path, busy_timeout_ms=busy_timeout_ms)
        database.schema_version = version
        return database

    async def close(self) -> None:
        async with self._lock:
            await self._connection.close()

    @asynccontextmanager
    async def transaction(self, *, write: bool = True) -> AsyncIterator[Transaction]:
        """One command's unit of work: committed when the block ends, rolled back on any error.

        A storage fault (locked, read-only, full, I/O) becomes `StorageUnavailable`, whose text is
        safe to show; nothing of the block is kept.
        """
        async with self._lock:
            try:
                await self._run_to_the_end("BEGIN IMMEDIATE" if write else "BEGIN")
            except sqlite3.Error as error:
                raise StorageUnavailable.because(error) from error
            try:
                yield Transaction(self._connection)
                await self._run_to_the_end("COMMIT")
            except BaseException as error:
                await self._roll_back()
                if isinstance(error, sqlite3.OperationalError | sqlite3.DatabaseError):
                    if isinstance(error, sqlite3.IntegrityError | sqlite3.ProgrammingError):
                        raise
                    raise StorageUnavailable.because(error) from error
                raise

    async def _run_to_the_end(self, sql: str) -> None:
        """Run BEGIN or COMMIT even if the command is cancelled meanwhile (a shutdown): the
        statement is already queued for the database thread, so wait until it is done, leaving
        the connection in a known state, and only then let the cancellation through."""
        statement = asyncio.ensure_future(self._connection.execute(sql))
        try:
            await asyncio.shield(statement)
        except asyncio.CancelledError:
            with contextlib.suppress(sqlite3.Error, asyncio.CancelledError):
                await statement
            await self._roll_back()
            raise

    async def _roll_back(self) -> None:
        """End the open transaction without keeping it. The database thread runs statements in
        the order they were handed over, so this ROLLBACK comes after any statement a cancelled
        command had already queued (a BEGIN included). If a queued COMMIT went through, or no
        transaction was begun, there is nothing to undo."""
        try:
            await self._connection.execute("ROLLBACK")
        except sqlite3.OperationalError as error:
            if "no transaction is active" not in str(error):
                log.warning("rollback failed: %s", error)

    async def backup(self, target: str | Path) -> None:
        """Copy the live database to `target` with SQLite's online backup."""
        async with self._lock:
            # Opened in one worker thread, written from the database thread, closed in another.
            destination = await asyncio.to_thread(
                sqlite3.connect, str(target), check_same_thread=False
            )
            try:
                await self._connection.backup(destination)
            finally:
                await asyncio.to_thread(destination.close)
