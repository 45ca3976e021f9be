"""The database: numbered migrations, a command's time budget, and SQLite's backend (its
connection settings, the one thread that runs each command's unit of work as one transaction,
and a read connection beside it, in a thread of its own, for the units known to only read).
`Database.open` takes a file path, or a postgresql:// URL (storage/postgres.py)."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import re
import sqlite3
import threading
import time
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from importlib import resources
from pathlib import Path
from typing import NamedTuple, ParamSpec, TypeVar

from rules.errors import PawpostError
from storage.budget import BudgetWatch
from storage.connection import SqliteConnection
from storage.dialect import SQLITE, Dialect
from storage.errors import CannotOpen, StorageUnavailable, cause_of
from storage.notes import Notes
from storage.repositories import Transaction
from storage.worker import DatabaseThread

log = logging.getLogger(__name__)

BUSY_TIMEOUT_MS = 5000
# A command's time budget: work it hands over that has not started by then never runs, work that
# has started waits no longer than that for another process's lock, and the command stops
# waiting and answers with the storage sentence. The grace lets work started just in time end.
COMMAND_BUDGET_S = 8.0
BUDGET_GRACE_S = 0.5
# When the running command's budget ends (time.monotonic()), or None: no budget (jobs, tools).
_DEADLINE: ContextVar[float | None] = ContextVar("pawpost_command_deadline", default=None)
# The loop's writer never checkpoints the write-ahead log: after this many quick writes the
# database thread does (about SQLite's own 1,000 pages at a few pages a roll and its audit row).
QUICK_WRITES_A_CHECKPOINT = 200
# The migrations use generated columns (3.31) and ALTER TABLE ... DROP COLUMN (3.35).
OLDEST_SQLITE = (3, 35, 0)
P = ParamSpec("P")
R = TypeVar("R")
_MIGRATION_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")
POSTGRESQL_SCHEMES = ("postgresql://", "postgres://")


def is_postgresql(target: str | Path) -> bool:
    """Whether a database setting names a PostgreSQL server (else it is an SQLite file)."""
    return str(target).startswith(POSTGRESQL_SCHEMES)


class time_budget:  # lower case: used as a function, `with time_budget(2.0):`
    """Give the database work of the code in this block (this task) `seconds` in all. A class,
    not a generator: every command enters one."""

    __slots__ = ("_seconds", "_token")

    def __init__(self, seconds: float = COMMAND_BUDGET_S) -> None:
        self._seconds = seconds

    def __enter__(self) -> None:
        self._token = _DEADLINE.set(time.monotonic() + self._seconds)

    def __exit__(self, *_: object) -> None:
        _DEADLINE.reset(self._token)


def _never() -> bool:
    return False


def _log_checkpoint_failure(done: asyncio.Future[None]) -> None:
    if not done.cancelled() and done.exception() is not None:
        log.warning("checkpoint failed: %s", done.exception())


def _fault(error: sqlite3.Error, *, on_loop: str = "") -> StorageUnavailable:
    """A storage fault, logged with its cause for whoever runs the bot; one that sends a unit on
    the event loop's own connection (`on_loop`: "read", "write") to a thread, which logs what it
    meets there, only at debug level: any fault of a quick read, a lock of a quick write."""
    unavailable = StorageUnavailable.because(error)
    if on_loop == "read" or (on_loop == "write" and unavailable.locked):
        log.debug("storage fault on the event loop's connection: %s", unavailable.detail)
    else:
        log.warning("storage fault: %s", unavailable.detail)
    return unavailable


class WriteInReadOnlyUnit(RuntimeError):
    """A unit of work declared read-only (`Database.read`, `run_read_only`) tried to write: a
    bug in its declaration, never a storage fault, so it is not told as one."""


class MigrationFailed(RuntimeError):
    """A bundled migration could not be applied; the schema was left as it was."""


class Migration(NamedTuple):
    version: int
    name: str
    sql: str


def bundled_migrations(dialect: Dialect = SQLITE) -> list[Migration]:
    """The migrations shipped in `storage/migrations/`, in order, as `dialect` runs them: a
    `NNNN_name.<dialect>.sql` variant where one exists, else the plain file translated. Read
    and translated once per process and dialect (they ship with the code, which does not change
    under a running process): translating them cost every `Database.open` 3 ms on SQLite and 10
    on PostgreSQL, though almost every open finds the schema current."""
    return list(_bundled_migrations(dialect))


@functools.cache
def _bundled_migrations(dialect: Dialect) -> tuple[Migration, ...]:
    folder = resources.files("storage") / "migrations"
    found = []
    for entry in folder.iterdir():
        match = _MIGRATION_NAME.match(entry.name)
        if not match:
            continue
        variant = folder / f"{match.group(1)}_{match.group(2)}.{dialect.name}.sql"
        source = variant if variant.is_file() else entry
        sql = dialect.migration(source.read_text("utf-8"), source.name)
        found.append(Migration(int(match.group(1)), entry.name, sql))
    return tuple(sorted(found))


def _apply_migrations(connection: sqlite3.Connection, migrations: list[Migration]) -> int:
    """Bring the schema up to date, each migration atomically. Runs in the database thread.

    Foreign keys are off meanwhile, as SQLite's procedure for rebuilding a table asks, and each
    migration must leave none broken before it commits.
    """
    connection.execute("PRAGMA foreign_keys = OFF")
    try:
        return _apply_each(connection, migrations)
    finally:
        connection.execute("PRAGMA foreign_keys = ON")


def _apply_each(connection: sqlite3.Connection, migrations: list[Migration]) -> int:
    connection.execute(SQLITE.schema_version_table())
    current = connection.execute("SELECT coalesce(max(version), 0) FROM schema_version")
    version: int = current.fetchone()[0]
    for migration in migrations:
        if migration.version <= version:
            continue
        # executescript commits any open transaction first, so the script carries its own
        # BEGIN and a failure is rolled back by hand: the schema stays as it was.
        try:
            connection.executescript(f"BEGIN IMMEDIATE;\n{migration.sql}\n;")
            broken = connection.execute("PRAGMA foreign_key_check").fetchall()
            if broken:
                raise sqlite3.IntegrityError(f"foreign keys broken: {broken[:3]}")
            connection.execute(
                "INSERT INTO schema_version (version, name) VALUES (?, ?)",
                (migration.version, migration.name),
            )
            connection.execute("COMMIT")
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


def _abandon(
    thread: DatabaseThread,
    connection: SqliteConnection,
    reader: _Reader | None,
    path: str,
    quick: _Quick | None = None,
) -> None:
    log.warning("the database %s was dropped without being closed; closing it", path)
    thread.stop(connection.close)
    if reader is not None:
        reader.thread.stop(reader.connection.close)
    if quick is not None:
        with contextlib.suppress(sqlite3.ProgrammingError):  # dropped in another thread
            quick.close()


def open_connection(path: str) -> SqliteConnection:
    """The commands' connection. Autocommit mode: the only transactions are the ones
    `Database.transaction` begins."""
    return sqlite3.connect(path, isolation_level=None, factory=SqliteConnection)


def _open_quick_writer(path: str, connect: Callable[[str], SqliteConnection]) -> SqliteConnection:
    """The event loop's write connection: its busy timeout is 0 (a held lock sends the unit to
    the database thread at once) and it never checkpoints the log itself, so no commit on the
    loop copies pages into the file; the database thread does (`QUICK_WRITES_A_CHECKPOINT`)."""
    return _open_beside(path, 0, connect, "PRAGMA wal_autocheckpoint = 0;")


def _open_reader(
    path: str, busy_timeout_ms: int, connect: Callable[[str], SqliteConnection]
) -> SqliteConnection:
    """The read connection, opened in its own thread once the file is migrated and in WAL mode:
    it reads while the commands' connection (or another process) holds the write lock, and
    `query_only` makes any write on it fail at once."""
    return _open_beside(path, busy_timeout_ms, connect, "PRAGMA query_only = ON;")


def _open_beside(
    path: str, busy_timeout_ms: int, connect: Callable[[str], SqliteConnection], pragma: str
) -> SqliteConnection:
    """A connection beside the commands' one, with the usual settings and `pragma`."""
    connection = connect(path)
    try:
        connection.executescript(f"{_pragmas(busy_timeout_ms)} {pragma}")
    except BaseException:
        connection.close()
        raise
    return connection


class _Quick:
    """The event loop thread's own connections, for quick units (`Database.run_quick`,
    `run_quick_write`): a read connection and a write one, both with a busy timeout of 0, so a
    unit that meets a lock gives way to a thread at once instead of holding the loop."""

    def __init__(self, connection: SqliteConnection, writer: SqliteConnection) -> None:
        self.connection = connection
        self.repositories = Transaction(connection)
        self.writer = writer
        self.write_repositories = Transaction(writer)
        self.thread = threading.get_ident()
        self.running = False  # a quick unit is running now (on the loop thread)
        self.writing = False  # ... and it is a quick write
        self.writes = 0  # quick writes since the last checkpoint was handed to the thread

    def close(self) -> None:
        self.connection.close()
        self.writer.close()


class _Reader(NamedTuple):
    """The read connection and the thread that owns it."""

    thread: DatabaseThread
    connection: SqliteConnection
    repositories: Transaction


def is_pawpost_database(connection: sqlite3.Connection) -> bool:
    """Whether the file holds Pawpost's schema (an empty new file does not)."""
    rows = connection.execute(
        "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'"
    ).fetchall()
    return bool(rows[0][0])


def database_identity(connection: sqlite3.Connection) -> str:
    """The Pawpost database's id (migration 31), "" for one made before it."""
    found = connection.execute(
        "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'database_identity'"
    ).fetchall()
    if not found[0][0]:
        return ""
    rows = connection.execute("SELECT value FROM database_identity").fetchall()
    return str(rows[0][0]) if rows else ""


def _version_of(connection: sqlite3.Connection) -> int:
    rows = connection.execute("SELECT coalesce(max(version), 0) FROM schema_version").fetchall()
    return int(rows[0][0])


def refuse_if_behind(path: str, version: int, migrations: list[Migration]) -> None:
    """A tool opens a database as it is: one that this Pawpost would have to migrate first is
    refused, unless the tool was told it may (`--create`)."""
    latest = max((migration.version for migration in migrations), default=0)
    if version < latest:
        raise CannotOpen(
            path,
            f"its schema is at version {version} and this Pawpost's at {latest}; give --create"
            " to bring it up to date (nothing was changed)",
        )


def _prepare(
    path: str,
    migrations: list[Migration],
    busy_timeout_ms: int,
    connect: Callable[[str], SqliteConnection],
    create: bool,
    migrate: bool = True,
) -> tuple[SqliteConnection, int]:
    """Create the file if needed (and `create` allows), switch it to WAL, migrate it (or, unless
    `migrate`, refuse it if it is behind), and open the commands' connection; returns it and the
    schema version. Runs in the database thread."""
    if create:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    elif not Path(path).exists():
        raise CannotOpen(path, "there is no such file")
    elif not Path(path).is_file():
        raise CannotOpen(path, "it is a folder, not a database file")
    connection = connect(path)
    try:
        if not create and not is_pawpost_database(connection):
            raise CannotOpen(path, "it is not a Pawpost database")
        if not migrate and is_pawpost_database(connection):
            refuse_if_behind(path, _version_of(connection), migrations)
        connection.executescript(f"{_pragmas(busy_timeout_ms)} PRAGMA journal_mode = WAL;")
        version = _apply_migrations(connection, migrations)
    except BaseException:
        connection.close()
        raise
    return connection, version


def _refuse_unopened(path: str, error: BaseException) -> None:
    """Opening the file failed: a storage error is raised as `CannotOpen` (anything else is
    left to the caller to raise as it is)."""
    if isinstance(error, sqlite3.Error | OSError) and not isinstance(
        error, sqlite3.IntegrityError | sqlite3.ProgrammingError
    ):
        raise CannotOpen(path, cause_of(error)) from error


def _is_write_refused(error: BaseException) -> bool:
    """Whether SQLite refused a write on the read connection (its `query_only`)."""
    return (
        isinstance(error, sqlite3.OperationalError)
        and getattr(error, "sqlite_errorcode", None) == sqlite3.SQLITE_READONLY
    )


def _touch(tx: Transaction) -> None:
    tx.connection.execute("UPDATE database_identity SET value = value")


class Database:
    """One SQLite file shared by every command of the process: the commands' connection and the
    one thread that uses it, and a read connection beside it with a thread of its own
    (PostgresDatabase, its subclass, is a pool of threads and connections).

    A command hands its whole unit of work (reads, rules, writes) to the database thread in one
    hop with `run`, and the event loop stays free meanwhile. The thread runs one unit at a time,
    so each command's `transaction()` is one SQLite transaction that no other command
    interleaves with. A unit known to only read (`read`, `run_read_only`) goes to the read
    thread instead: in WAL mode it reads the last commit while a write waits for a lock or a
    long unit holds the database thread. Each thread runs its own units in the order handed
    over; a read does not wait for writes handed over before it (but a command's own writes,
    awaited, are committed before its next read begins).
    """

    dialect: Dialect = SQLITE
    # Whether other processes use the database at once (and may hold due work a while).
    shared = False
    # The event loop's own connections for quick units (`run_quick`, `run_quick_write`).
    _quick: _Quick | None = None

    def __init__(
        self,
        connection: SqliteConnection,
        path: str,
        thread: DatabaseThread,
        *,
        busy_timeout_ms: int = BUSY_TIMEOUT_MS,
        reader: tuple[DatabaseThread, SqliteConnection] | None = None,
    ) -> None:
        self._connection = connection
        self._repositories = Transaction(connection)  # they keep no state of their own
        self._thread = thread
        # The read connection and its thread (None: reads run in the database thread).
        self._reader: _Reader | None = None
        if reader is not None:
            reader_thread, reader_connection = reader
            reader_connection.scope = connection.scope  # one server served for both
            self._reader = _Reader(reader_thread, reader_connection, Transaction(reader_connection))
        # How long a command waits (in the database thread) for another process's write lock.
        self.busy_timeout_ms = busy_timeout_ms
        self.path = path
        self.schema_version = 0
        self._closed = False
        # Whether the process is in a burst of commands, when quick units go to their threads
        # (the bot counts the interactions waiting for their answer): never, by default.
        self.crowded: Callable[[], bool] = _never
        self._budget = BudgetWatch()  # gives up on hops whose command's budget is over
        # Dropped without close() (a test that forgot it): the threads end and close their
        # connections themselves, instead of waiting for work forever.
        self._abandoned = weakref.finalize(self, _abandon, thread, connection, self._reader, path)

    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        migrations: list[Migration] | None = None,
        busy_timeout_ms: int = BUSY_TIMEOUT_MS,
        connect: Callable[[str], SqliteConnection] = open_connection,
        create: bool = True,
        migrate: bool = True,
    ) -> Database:
        """Open (creating if needed, unless `create` is false) the database at `path` and apply
        pending migrations (unless `migrate` is false: one that is behind is then refused).
        The tools open an existing database as it is; `pawpost run` and the console make and
        migrate theirs. `connect` opens the connections (the benchmark's notes every
        statement). A database that cannot be opened is `CannotOpen`, naming it and why. A
        postgresql:// URL opens that server's database instead (storage/postgres.py)."""
        if is_postgresql(path):
            from storage.postgres import PostgresDatabase

            return await PostgresDatabase.open_url(
                str(path),
                migrations=migrations,
                lock_timeout_ms=busy_timeout_ms,
                create=create,
                migrate=migrate,
            )
        if sqlite3.sqlite_version_info < OLDEST_SQLITE:
            needed = ".".join(map(str, OLDEST_SQLITE[:2]))
            raise PawpostError(
                f"Pawpost needs SQLite {needed} or newer; this Python has {sqlite3.sqlite_version}."
            )
        path = str(path)
        chosen = bundled_migrations() if migrations is None else migrations
        loop = asyncio.get_running_loop()
        thread = DatabaseThread(loop)
        try:
            connection, version = await thread.submit(
                functools.partial(_prepare, path, chosen, busy_timeout_ms, connect, create, migrate)
            )
        except BaseException as error:
            thread.stop()
            _refuse_unopened(path, error)
            raise
        reader: tuple[DatabaseThread, SqliteConnection] | None = None
        if path not in ("", ":memory:"):  # a private database: nothing to read beside it
            try:
                reader = await cls._open_reader(loop, path, busy_timeout_ms, connect)
            except BaseException as error:
                thread.stop(connection.close)
                _refuse_unopened(path, error)
                raise
        database = cls(connection, path, thread, busy_timeout_ms=busy_timeout_ms, reader=reader)
        database.schema_version = version
        if reader is not None:
            try:  # the loop's own: opened here, in its thread, once, like the reader's
                quick_reader = _open_reader(path, 0, connect)
                try:
                    database._quick = _Quick(quick_reader, _open_quick_writer(path, connect))
                except BaseException:
                    quick_reader.close()
                    raise
            except BaseException as error:
                await database.close()
                _refuse_unopened(path, error)
                raise
            database._quick.connection.scope = connection.scope
            database._quick.writer.scope = connection.scope
            database._abandoned.detach()  # dropped unclosed, it closes this one too
            database._abandoned = weakref.finalize(
                database, _abandon, thread, connection, database._reader, path, database._quick
            )
        return database

    @staticmethod
    async def _open_reader(
        loop: asyncio.AbstractEventLoop,
        path: str,
        busy_timeout_ms: int,
        connect: Callable[[str], SqliteConnection],
    ) -> tuple[DatabaseThread, SqliteConnection]:
        thread = DatabaseThread(loop, name="pawpost-database-reader")
        try:
            opened = await thread.submit(
                functools.partial(_open_reader, path, busy_timeout_ms, connect)
            )
        except BaseException:
            thread.stop()
            raise
        return thread, opened

    @property
    def notes(self) -> Notes:
        """What the unit of work running in this database thread logged (see storage.notes)."""
        quick = self._quick
        if quick is not None and quick.running and threading.get_ident() == quick.thread:
            return (quick.write_repositories if quick.writing else quick.repositories).notes
        reader = self._reader
        if reader is not None and threading.get_ident() == reader.thread.ident:
            return reader.repositories.notes
        return self._repositories.notes

    async def run(self, work: Callable[P, R], /, *args: P.args, **kwargs: P.kwargs) -> R:
        """Run `work` in the database thread: the whole of it in one hop. If the caller is
        cancelled meanwhile (a shutdown), the work still runs to its end, so a transaction in it
        is committed or rolled back whole, never left open."""
        return await self._run(functools.partial(work, *args, **kwargs), read_only=False)

    async def run_read_only(self, work: Callable[P, R], /, *args: P.args, **kwargs: P.kwargs) -> R:
        """Run `work`, which only reads, in the read thread: it is answered while the database
        thread is busy or waits for a write lock. Its transactions are `transaction(write=False)`;
        one that writes fails with `WriteInReadOnlyUnit` (a bug, not a storage fault)."""
        return await self._run(functools.partial(work, *args, **kwargs), read_only=True)

    async def run_quick(self, work: Callable[P, R], /, *args: P.args, **kwargs: P.kwargs) -> R:
        """Run `work`, a read of a few rows by index (a sheet and what it shows, a name's
        choices), on the event loop's own read connection: it costs what the same read costs in
        a thread, without the hop there and back, which for such a read costs more than the
        read itself. Should the read meet a lock (its busy timeout is 0) or any storage fault,
        it runs again in the read thread, which waits for locks and words faults. In a burst
        (`crowded`) it runs there at once: the thread's reads one after another, handed back
        together, cost less CPU than each between the loop's other work (8-16 % a
        /character show at 32 in flight). On PostgreSQL, whose reads are round trips, it
        always runs there."""
        unit = functools.partial(work, *args, **kwargs)
        quick = self._quick
        if quick is None or self._closed or quick.running or self.crowded():
            return await self._run(unit, read_only=True)
        quick.running = True
        try:
            return unit()
        except StorageUnavailable as error:  # nothing was written: the read thread tries again
            log.debug("a quick read goes to the read thread: %s", error.detail)
        finally:
            quick.running = False
        return await self._run(unit, read_only=True)

    async def run_quick_write(
        self, work: Callable[P, R], /, *args: P.args, **kwargs: P.kwargs
    ) -> R:
        """Run `work`, one short write transaction of a few rows by index (a roll and its audit
        row), on the event loop's own write connection when the database thread has nothing
        to do: the hop there and back costs such a write more than the write itself. Should
        the write lock be held (its busy timeout is 0: the database thread, a tool, another
        process), nothing of it was kept and it runs again in the database thread, which
        waits for locks; any other fault (a full or read-only disk) is the command's storage
        sentence at once, as the thread would give it; while that thread has work,
        it queues behind it, and in a burst (`crowded`) it goes there too, as a quick read does
        (a /check at 32 in flight costs 5 % less CPU there; one at a time, 14 % less on the
        loop). On PostgreSQL it always runs in the pool."""
        unit = functools.partial(work, *args, **kwargs)
        quick = self._quick
        if (
            quick is None
            or self._closed
            or quick.running
            or not self._thread.idle
            or self.crowded()
        ):
            return await self._run(unit, read_only=False)
        quick.running = quick.writing = True
        try:
            result = unit()
        except StorageUnavailable as error:
            if not error.locked:  # a full or read-only disk: the thread would meet it too
                raise
            log.debug("a quick write goes to the database thread: %s", error.detail)
        else:
            quick.writes += 1
            if quick.writes >= QUICK_WRITES_A_CHECKPOINT:
                quick.writes = 0
                self._checkpoint_soon()
            return result
        finally:
            quick.running = quick.writing = False
        return await self._run(unit, read_only=False)

    def _checkpoint_soon(self) -> None:
        """Have the database thread copy the log's pages into the file (without waiting for
        readers): what the loop's writer, which never checkpoints, leaves to it."""
        done = self._thread.submit(self._checkpoint)
        done.add_done_callback(_log_checkpoint_failure)

    def _checkpoint(self) -> None:
        self._connection.execute("PRAGMA wal_checkpoint(PASSIVE)")

    async def read_quick(self, work: Callable[[Transaction], R]) -> R:
        """`work` in one read transaction, run as `run_quick` runs it."""
        return await self.run_quick(self._transact, work, False)

    async def read(self, work: Callable[[Transaction], R]) -> R:
        """Run `work` in one read transaction in the read thread (see `run_read_only`)."""
        return await self.run_read_only(self._transact, work, False)

    async def _run(self, unit: Callable[[], R], *, read_only: bool) -> R:
        if self._closed:
            raise StorageUnavailable("the database is closed")
        deadline = _DEADLINE.get()
        future: asyncio.Future[R] = self._hand_over(unit, deadline, read_only)
        if deadline is None:
            return await future
        self._budget.watch(future, deadline + BUDGET_GRACE_S)
        try:
            return await future
        except asyncio.CancelledError:
            task = asyncio.current_task()
            if not future.cancelled() or task is None or task.cancelling():
                raise  # this task itself is cancelled (a shutdown, an expired interaction)
            log.warning("a command's database work did not end within its time budget")
            raise StorageUnavailable("the command's time budget ran out") from None
        finally:
            self._budget.done(future)

    def _hand_over(
        self, unit: Callable[[], R], deadline: float | None, read_only: bool = False
    ) -> asyncio.Future[R]:
        """Queue one unit of work for its thread (within its command's budget): the read
        thread's when it only reads and there is one, else the database thread's."""
        if read_only and self._reader is not None:
            thread, connection = self._reader.thread, self._reader.connection
        else:
            thread, connection = self._thread, self._connection
        if deadline is None:
            return thread.submit(unit)
        return thread.submit(functools.partial(self._within, deadline, unit, connection))

    def _within(self, deadline: float, work: Callable[[], R], connection: SqliteConnection) -> R:
        """In a database thread: run `work` only if its command's budget has not run out, and
        let it wait for another process's lock only until the budget ends."""
        remaining_ms = (deadline - time.monotonic()) * 1000
        if remaining_ms <= 0:
            raise StorageUnavailable("the command's time budget ran out before its work began")
        if remaining_ms >= self.busy_timeout_ms:
            return work()
        connection.execute(f"PRAGMA busy_timeout = {max(int(remaining_ms), 1)}")
        try:
            return work()
        finally:
            connection.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout_ms)}")

    def serve_only(self, guild_id: int | None) -> None:
        """Limit the timed work's queries (what is due, the outbox) to one server's rows, as the
        console does; None serves every server again."""
        self._connection.scope.guild_id = guild_id

    async def transact(self, work: Callable[[Transaction], R], *, write: bool = True) -> R:
        """Run `work` in one transaction in the database thread (after the units handed over
        before it; `read` serves a read without waiting for them)."""
        return await self.run(self._transact, work, write)

    def _transact(self, work: Callable[[Transaction], R], write: bool) -> R:
        with self.transaction(write=write) as tx:
            return work(tx)

    def _own(self, write: bool) -> tuple[SqliteConnection, Transaction, bool, str]:
        """The connection of the thread asking, its repositories, whether it only reads, and
        which of the event loop's own it is ("read", "write"; "" for a thread's)."""
        ident = threading.get_ident()
        if ident == self._thread.ident:
            return self._connection, self._repositories, False, ""
        quick = self._quick
        if quick is not None and quick.running and ident == quick.thread:
            if quick.writing:
                return quick.writer, quick.write_repositories, False, "write"
            if write:
                raise WriteInReadOnlyUnit("a write transaction in a quick read")
            return quick.connection, quick.repositories, True, "read"
        reader = self._reader
        if reader is not None and ident == reader.thread.ident:
            if write:
                raise WriteInReadOnlyUnit(
                    "a write transaction in a unit of work declared read-only"
                )
            return reader.connection, reader.repositories, True, ""
        raise RuntimeError("a transaction runs in the database thread: use Database.run")

    @contextmanager
    def transaction(self, *, write: bool = True) -> Iterator[Transaction]:
        """One command's unit of work, in the database thread (or, only reading, in the read
        thread): committed when the block ends, rolled back on any error.

        A storage fault (locked, read-only, full, I/O) becomes `StorageUnavailable`, whose text is
        safe to show; nothing of the block is kept. A write in the read thread is
        `WriteInReadOnlyUnit`.
        """
        connection, repositories, reading, on_loop = self._own(write)
        if connection.in_transaction:
            raise RuntimeError(
                "a command's unit of work is one transaction, not one inside another"
            )
        try:
            connection.execute("BEGIN IMMEDIATE" if write else "BEGIN")
        except sqlite3.Error as error:
            raise _fault(error, on_loop=on_loop) from error
        try:
            yield repositories
            connection.execute("COMMIT")
        except BaseException as error:
            self._roll_back(connection)
            if reading and _is_write_refused(error):
                raise WriteInReadOnlyUnit(
                    f"a unit of work declared read-only tried to write: {error}"
                ) from error
            if isinstance(error, sqlite3.OperationalError | sqlite3.DatabaseError):
                if isinstance(error, sqlite3.IntegrityError | sqlite3.ProgrammingError):
                    raise
                raise _fault(error, on_loop=on_loop) from error
            raise

    @staticmethod
    def _roll_back(connection: SqliteConnection) -> None:
        """End the open transaction without keeping it (if a failed COMMIT already ended it,
        there is nothing to undo)."""
        if not connection.in_transaction:
            return
        try:
            connection.execute("ROLLBACK")
        except sqlite3.Error as error:
            log.warning("rollback failed: %s", error)

    async def close(self) -> None:
        """Close the connections after the work already queued; work handed over later is
        refused with `StorageUnavailable`."""
        if self._closed:
            return
        self._closed = True
        self._abandoned.detach()
        if self._quick is not None:
            self._quick.close()
        reader = self._reader
        try:
            closing = [self._thread.submit(self._connection.close)]
            if reader is not None:
                closing.append(reader.thread.submit(reader.connection.close))
            await asyncio.gather(*closing)
        finally:
            self._thread.stop()
            if reader is not None:
                reader.thread.stop()

    async def write_problem(self) -> str | None:
        """Why the database takes no writes (read-only, full, locked), or None when it does:
        a write that changes nothing, committed."""
        try:
            await self.transact(_touch)
        except StorageUnavailable as error:
            return error.cause or error.detail
        return None

    async def backup(self, target: str | Path) -> None:
        """Copy the live database to `target` with SQLite's online backup."""
        if self.dialect is not SQLITE:
            raise PawpostError("A PostgreSQL database is backed up with pg_dump, not this command.")
        await self.run(self._backup, str(target))

    def _backup(self, target: str) -> None:
        destination = sqlite3.connect(target)
        try:
            self._connection.backup(destination)
        finally:
            destination.close()
