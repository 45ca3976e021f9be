"""PostgreSQL behind the same repositories: a small pool of worker threads, each unit of work on
one pooled connection, serializable write transactions retried on a conflict, and migrations
applied under an advisory lock so that processes starting together migrate once."""

from __future__ import annotations

import asyncio
import functools
import logging
import random
import re
import threading
import time
import weakref
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from decimal import Decimal
from typing import Any, TypeVar

import psycopg
from psycopg.adapt import Dumper, Loader
from psycopg.pq import TransactionStatus
from psycopg_pool import ConnectionPool, PoolTimeout

from rules.errors import PawpostError
from storage.budget import BudgetWatch
from storage.database import (
    BUSY_TIMEOUT_MS,
    Database,
    Migration,
    MigrationFailed,
    WriteInReadOnlyUnit,
    bundled_migrations,
    refuse_if_behind,
)
from storage.dialect import POSTGRESQL, Dialect, UntranslatableMigration
from storage.errors import (
    CannotOpen,
    OutcomeUnknown,
    StaleConnection,
    StorageUnavailable,
    TransactionConflict,
)
from storage.notes import Notes
from storage.repositories import Transaction
from storage.scope import Scope

log = logging.getLogger(__name__)
R = TypeVar("R")


def _not_secondary(record: logging.LogRecord) -> bool:
    """psycopg warns "error ignored terminating Pipeline ...: pipeline aborted" when a statement
    of an `executemany` (which it pipelines) fails: that statement's own error is what the unit
    gets (a lost conflict runs it again, a fault is worded), so the warning only repeats it, once
    for every conflict of a busy server."""
    args = record.args
    return not (
        record.msg == "error ignored terminating %r: %s"
        and isinstance(args, tuple)
        and len(args) == 2
        and isinstance(args[1], psycopg.errors.PipelineAborted)
    )


logging.getLogger("psycopg").addFilter(_not_secondary)

# Worker threads, and connections, per process: a command holds one for its whole unit of work.
POOL_SIZE = 4
CONNECT_TIMEOUT_S = 10.0
# A unit whose transaction lost a serialization conflict (or a deadlock) runs again, after a
# short random pause that grows, so that the units which collided do not collide again.
CONFLICT_RETRIES = 12
CONFLICT_PAUSE_S = 0.005
# A process that hangs inside a transaction (frozen, cut off) holds the due work it claimed
# this long at most: the server then ends its session, and another process takes the work. One
# that dies outright loses its claims at once, with its connection.
CLAIM_LEASE_S = 60.0
NO_SCHEMA = "it has no Pawpost schema (nothing was created)"
_MIGRATION_LOCK = 0x70617770  # "pawp": the advisory lock that serialises migrating processes
# The lock is the schema's own: processes migrating other schemas of the database do not wait.
_SCHEMA_LOCK = b"SELECT pg_advisory_%s(%%s::integer, hashtext(current_schema()))"


class _BoolAsInteger(Dumper):
    """Python booleans go into the integer columns SQLite's schema gives them, as 0 and 1."""

    oid = psycopg.adapters.types["int8"].oid

    def dump(self, obj: Any) -> bytes:
        return b"1" if obj else b"0"


class _NumericAsNumber(Loader):
    """sum() over integers is NUMERIC in PostgreSQL; it comes back as the int SQLite gives."""

    def load(self, data: Any) -> Any:
        value = Decimal(bytes(data).decode())
        return int(value) if value == value.to_integral_value() else float(value)


def _configurer(lock_timeout_ms: int, lease_s: float) -> Callable[[psycopg.Connection[Any]], None]:
    def configure(connection: psycopg.Connection[Any]) -> None:
        """A new pooled connection: the types SQLite gives, how long to wait for a lock, and
        the lease on what a transaction claims."""
        connection.adapters.register_dumper(bool, _BoolAsInteger)
        connection.adapters.register_loader("numeric", _NumericAsNumber)
        lease_ms = int(lease_s * 1000)
        connection.execute(  # both in one round trip
            f"SET lock_timeout = {int(lock_timeout_ms)};"
            f" SET idle_in_transaction_session_timeout = {lease_ms}".encode()
        )

    return configure


def _conflict(error: BaseException) -> bool:
    """A serialization failure or a deadlock (SQLSTATE class 40): the transaction may succeed
    if run again."""
    return isinstance(error, psycopg.Error) and (error.sqlstate or "").startswith("40")


BEGIN_WRITE = b"BEGIN ISOLATION LEVEL SERIALIZABLE"
BEGIN_READ = b"BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"


class PgConnection:
    """A pooled psycopg connection as the repositories see it (storage.connection.Connection)."""

    dialect: Dialect = POSTGRESQL

    def __init__(self, raw: psycopg.Connection[Any], scope: Scope) -> None:
        self.raw = raw
        self.scope = scope  # the database's, shared by its connections

    def execute(self, sql: str, parameters: Sequence[Any] = (), /) -> psycopg.Cursor[Any]:
        if not parameters:
            query, arguments = sql.encode(), None
        else:
            query, arguments = POSTGRESQL.sql(sql).encode(), tuple(parameters)
        return self.raw.execute(query, arguments)

    def executemany(self, sql: str, parameters: Iterable[Sequence[Any]], /) -> psycopg.Cursor[Any]:
        cursor = self.raw.cursor()
        rows = [tuple(row) for row in parameters]
        if rows:
            cursor.executemany(POSTGRESQL.sql(sql).encode(), rows)
        return cursor

    def execute_fetchall(self, sql: str, parameters: Sequence[Any] = ()) -> list[Any]:
        return self.execute(sql, parameters).fetchall()

    @property
    def in_transaction(self) -> bool:
        return self.raw.info.transaction_status != TransactionStatus.IDLE


def _schema_version(raw: psycopg.Connection[Any]) -> int | None:
    """The schema's version, or None when it holds no Pawpost schema (no schema_version)."""
    found = raw.execute(b"SELECT to_regclass('schema_version') IS NOT NULL").fetchone()
    if not found or not found[0]:
        return None
    row = raw.execute(b"SELECT coalesce(max(version), 0) FROM schema_version").fetchone()
    return int(row[0]) if row else 0


def _apply_migrations(
    url: str, migrations: list[Migration], *, create: bool = True, migrate: bool = True
) -> int:
    """Bring the schema up to date, each migration in its own transaction, one process at a
    time (an advisory lock of the schema's own: other schemas of the database migrate at the
    same moment); returns the schema version. Without `create`, a database with no Pawpost
    schema is refused and none is made; without `migrate`, one that is behind is refused. What
    the server refuses on the way (a role that may not read the schema or make tables in it)
    is `CannotOpen` in its words; a migration it refuses is `MigrationFailed`."""
    try:
        raw = psycopg.connect(url, autocommit=True, connect_timeout=int(CONNECT_TIMEOUT_S))
    except psycopg.Error as error:
        raise CannotOpen(redacted(url), server_says(error)) from error
    with raw:
        try:
            return _migrated(raw, url, migrations, create=create, migrate=migrate)
        except psycopg.Error as error:
            raise CannotOpen(redacted(url), server_says(error)) from error


def _migrated(
    raw: psycopg.Connection[Any],
    url: str,
    migrations: list[Migration],
    *,
    create: bool,
    migrate: bool,
) -> int:
    version = _schema_version(raw)
    if version is None and not create:
        raise CannotOpen(redacted(url), NO_SCHEMA)
    if version is not None and not migrate:
        refuse_if_behind(redacted(url), version, migrations)
    latest = max((migration.version for migration in migrations), default=0)
    if version is not None and version >= latest:
        return version  # up to date: no lock, no DDL
    raw.execute(_SCHEMA_LOCK % b"lock", (_MIGRATION_LOCK,))
    try:
        raw.execute(POSTGRESQL.schema_version_table())
        row = raw.execute("SELECT coalesce(max(version), 0) FROM schema_version").fetchone()
        version = int(row[0]) if row else 0
        for migration in migrations:
            if migration.version <= version:
                continue
            try:
                with raw.transaction():
                    raw.execute(migration.sql.encode())
                    raw.execute(
                        "INSERT INTO schema_version (version, name) VALUES (%s, %s)",
                        (migration.version, migration.name),
                    )
            except psycopg.Error as error:
                raise MigrationFailed(
                    f"migration {migration.name} failed: {server_says(error)}"
                ) from error
            version = migration.version
            log.info("applied migration %s", migration.name)
        return version
    finally:
        if not raw.closed:
            raw.execute(_SCHEMA_LOCK % b"unlock", (_MIGRATION_LOCK,))


def _fault(error: psycopg.Error) -> StorageUnavailable:
    """A storage fault (a full disk, a read-only server, a right the role lacks), logged with
    its cause for whoever runs the bot, as SQLite's are."""
    unavailable = StorageUnavailable.because(error)
    log.warning("storage fault: %s", unavailable.detail)
    return unavailable


def server_says(error: psycopg.Error) -> str:
    """What the server (or the network) said, in a few words: psycopg's text names the address
    it tried before the reason, and adds a hint on a line of its own."""
    lines = str(error).strip().splitlines()
    first = lines[0] if lines else type(error).__name__
    reason = re.sub(r"^(FATAL|ERROR):\s+", "", re.sub(r"^.* failed: ", "", first)).rstrip(".")
    return reason[:1].lower() + reason[1:]


def redacted(url: str) -> str:
    """A postgresql:// URL fit to print: its password hidden."""
    return re.sub(r"^(\w+://[^:/@]*):[^@/]*@", r"\1:***@", url)


class WorkerPool:
    """The worker threads: `submit` may be called from the event loop thread only. A unit
    cancelled before a thread starts it never runs; once started it runs to its end."""

    def __init__(self, loop: asyncio.AbstractEventLoop, size: int) -> None:
        self._loop = loop
        self._executor = ThreadPoolExecutor(size, thread_name_prefix="pawpost-database")

    def submit(self, work: Callable[[], Any]) -> asyncio.Future[Any]:
        return asyncio.wrap_future(self._executor.submit(work), loop=self._loop)

    def stop(self, *, wait: bool = False) -> None:
        self._executor.shutdown(wait=wait)


class PostgresDatabase(Database):
    """A PostgreSQL database shared by every command of the process, and by other processes.

    Each unit of work runs in one of `POOL_SIZE` threads on a connection of its own, so several
    transactions run at once: a write transaction is SERIALIZABLE, so that what SQLite's single
    writer gave (a command's reads still true when it writes) holds here too; a unit that loses
    a conflict is run again whole, and the player never sees it.
    """

    dialect: Dialect = POSTGRESQL
    shared = True

    def __init__(
        self, url: str, pool: ConnectionPool, workers: WorkerPool, *, lock_timeout_ms: int
    ) -> None:
        self._pool = pool
        self._workers = workers
        self._local = threading.local()
        self._transactions: weakref.WeakKeyDictionary[Any, Transaction] = (
            weakref.WeakKeyDictionary()
        )
        self.busy_timeout_ms = lock_timeout_ms
        self.path = url
        self.url = url
        self.schema_version = 0
        self._closed = False
        self._scope = Scope()
        self._budget = BudgetWatch()

    def serve_only(self, guild_id: int | None) -> None:
        self._scope.guild_id = guild_id

    @classmethod
    async def open_url(
        cls,
        url: str,
        *,
        migrations: list[Migration] | None = None,
        lock_timeout_ms: int = BUSY_TIMEOUT_MS,
        pool_size: int = POOL_SIZE,
        lease_s: float = CLAIM_LEASE_S,
        create: bool = True,
        migrate: bool = True,
    ) -> PostgresDatabase:
        """Connect to the database at `url`, apply pending migrations and fill the pool. Without
        `create`, a database with no Pawpost schema is `CannotOpen` and nothing is made; without
        `migrate`, one whose schema is behind."""
        try:
            chosen = bundled_migrations(POSTGRESQL) if migrations is None else migrations
        except UntranslatableMigration as error:
            raise MigrationFailed(str(error)) from error
        version = await asyncio.to_thread(
            functools.partial(_apply_migrations, url, chosen, create=create, migrate=migrate)
        )
        pool = ConnectionPool(
            url,
            min_size=1,
            max_size=pool_size,
            kwargs={"autocommit": True},
            configure=_configurer(lock_timeout_ms, lease_s),
            open=False,
            name="pawpost",
        )
        try:
            await asyncio.to_thread(
                functools.partial(pool.open, wait=True, timeout=CONNECT_TIMEOUT_S)
            )
        except PoolTimeout as error:
            await asyncio.to_thread(pool.close)
            raise StorageUnavailable(f"could not fill the pool: {error}") from error
        database = cls(
            url,
            pool,
            WorkerPool(asyncio.get_running_loop(), pool_size),
            lock_timeout_ms=lock_timeout_ms,
        )
        database.schema_version = version
        return database

    @property
    def notes(self) -> Notes:
        """What the unit of work running in this worker thread logged (see storage.notes)."""
        tx: Transaction | None = getattr(self._local, "tx", None)
        if tx is None:
            raise RuntimeError("notes are read by a unit of work, inside Database.run")
        return tx.notes

    def _hand_over(
        self, unit: Callable[[], R], deadline: float | None, read_only: bool = False
    ) -> asyncio.Future[R]:
        """Any worker thread takes the unit, read-only or not (the pool already serves reads
        beside writes); a read-only one may only begin read transactions."""
        return self._workers.submit(functools.partial(self._unit, unit, deadline, read_only))

    def _unit(self, work: Callable[[], R], deadline: float | None, read_only: bool = False) -> R:
        """In a worker thread: run `work` on a pooled connection, again after a conflict."""
        if deadline is not None and deadline <= time.monotonic():
            raise StorageUnavailable("the command's time budget ran out before its work began")
        self._local.read_only = read_only
        # Each connection the pool holds may have been closed by a restart of the server.
        attempts = self._pool.max_size + 1
        for attempt in range(attempts):
            try:
                with self._pool.connection(timeout=CONNECT_TIMEOUT_S) as raw:
                    self._local.tx = self._transaction_for(raw)
                    self._local.first = True  # no transaction of this unit has begun yet
                    try:
                        return self._retrying(work, deadline, raw)
                    finally:
                        self._local.tx = None
            except PoolTimeout as error:
                raise StorageUnavailable(f"no connection: {error}") from error
            except StaleConnection as stale:  # the pool gives the broken connection up
                if attempt == attempts - 1:
                    raise StorageUnavailable(f"connections keep failing: {stale}") from None
                log.info("a pooled connection was lost (%s); using a new one", stale)
        raise AssertionError("unreachable")

    def _transaction_for(self, raw: psycopg.Connection[Any]) -> Transaction:
        found = self._transactions.get(raw)
        if found is None:
            found = self._transactions[raw] = Transaction(PgConnection(raw, self._scope))
        return found

    def _retrying(
        self, work: Callable[[], R], deadline: float | None, raw: psycopg.Connection[Any]
    ) -> R:
        for attempt in range(CONFLICT_RETRIES):
            try:
                with self._lock_timeout(deadline, raw):
                    return work()
            except TransactionConflict as conflict:
                pause = random.uniform(0, CONFLICT_PAUSE_S * 2 ** min(attempt, 6))
                if deadline is not None and time.monotonic() + pause >= deadline:
                    raise StorageUnavailable(
                        f"still conflicting at the budget: {conflict}"
                    ) from None
                log.debug("a unit of work lost a conflict (%s); running it again", conflict)
                time.sleep(pause)
        raise StorageUnavailable("a unit of work kept losing conflicts")

    @contextmanager
    def _lock_timeout(self, deadline: float | None, raw: psycopg.Connection[Any]) -> Iterator[None]:
        """Wait for another transaction's lock only until the command's budget ends."""
        if deadline is None:
            yield
            return
        remaining_ms = (deadline - time.monotonic()) * 1000
        if remaining_ms <= 0:
            raise StorageUnavailable("the command's time budget ran out before its work began")
        if remaining_ms >= self.busy_timeout_ms:
            yield
            return
        raw.execute(f"SET lock_timeout = {max(int(remaining_ms), 1)}".encode())
        try:
            yield
        finally:
            raw.execute(f"SET lock_timeout = {int(self.busy_timeout_ms)}".encode())

    @contextmanager
    def transaction(self, *, write: bool = True) -> Iterator[Transaction]:
        """One command's unit of work, in a worker thread: committed when the block ends, rolled
        back on any error. A conflict becomes `TransactionConflict` (the unit runs again); a
        storage fault, `StorageUnavailable`."""
        tx: Transaction | None = getattr(self._local, "tx", None)
        if tx is None:
            raise RuntimeError("a transaction runs in the database thread: use Database.run")
        connection = tx.connection
        assert isinstance(connection, PgConnection)
        if connection.in_transaction:
            raise RuntimeError(
                "a command's unit of work is one transaction, not one inside another"
            )
        reading = getattr(self._local, "read_only", False)
        if write and reading:
            raise WriteInReadOnlyUnit("a write transaction in a unit of work declared read-only")
        raw = connection.raw
        try:
            raw.execute(BEGIN_WRITE if write else BEGIN_READ)
        except psycopg.Error as error:
            if raw.broken and getattr(self._local, "first", False):
                raise StaleConnection(str(error)) from error  # nothing of the unit was done
            raise StorageUnavailable.because(error) from error
        finally:
            self._local.first = False
        try:
            yield tx
        except BaseException as error:
            self._roll_back_raw(raw)
            if reading and isinstance(error, psycopg.errors.ReadOnlySqlTransaction):
                raise WriteInReadOnlyUnit(
                    f"a unit of work declared read-only tried to write: {error}"
                ) from error
            if _conflict(error):
                raise TransactionConflict(str(error)) from error
            if isinstance(error, psycopg.errors.InsufficientPrivilege):
                raise _fault(error) from error  # the role's rights: the operator's to grant
            if isinstance(error, psycopg.IntegrityError | psycopg.ProgrammingError):
                raise
            if isinstance(error, psycopg.Error):
                raise _fault(error) from error
            raise
        self._commit(raw)

    def _commit(self, raw: psycopg.Connection[Any]) -> None:
        """COMMIT: a conflict runs the unit again; a connection lost while it ran leaves the
        outcome unknown (the server may have committed), which the player is told."""
        try:
            raw.execute(b"COMMIT")
        except psycopg.Error as error:
            if _conflict(error):
                self._roll_back_raw(raw)
                raise TransactionConflict(str(error)) from error
            if raw.broken:
                log.warning("the connection was lost during COMMIT: %s", error)
                raise OutcomeUnknown.because(error) from error
            self._roll_back_raw(raw)
            raise _fault(error) from error

    @staticmethod
    def _roll_back_raw(raw: psycopg.Connection[Any]) -> None:
        if raw.info.transaction_status == TransactionStatus.IDLE:
            return
        try:
            raw.execute(b"ROLLBACK")
        except psycopg.Error as error:
            log.warning("rollback failed: %s", error)

    async def close(self) -> None:
        """Close the pool after the work already queued; work handed over later is refused."""
        if self._closed:
            return
        self._closed = True
        await asyncio.to_thread(self._workers.stop, wait=True)
        await asyncio.to_thread(self._pool.close)

    async def backup(self, target: object) -> None:
        raise PawpostError("A PostgreSQL database is backed up with pg_dump, not this command.")
