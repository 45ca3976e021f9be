"""Fixtures every test layer shares: a real database on each backend (an SQLite file in a temp
folder; a fresh schema on the PostgreSQL server), a clock, dice."""

from __future__ import annotations

import contextlib
import os
import shutil
import uuid
from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime, timedelta
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from bot.actions.context import Actor, Services
from bot.registry import RULESETS as REGISTRY
from rules.dice import ScriptedDice
from rules.rulesets import RULESETS, RulesetInfo
from storage.database import BUSY_TIMEOUT_MS, Database, bundled_migrations, open_connection
from storage.database import _prepare as prepare_sqlite
from tests.schemas import MigratedSchemas, schema_url

GUILD = 1000
OTHER_GUILD = 2000
CHANNEL = 10
ALICE = 101
BOB = 102
CAROL = 103
ADMIN = 900


class Clock:
    """A clock tests move by hand."""

    def __init__(self, start: datetime) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


class Dice(ScriptedDice):
    """Scripted dice a test can load more faces into as it goes."""

    def __init__(self) -> None:
        super().__init__([])

    def load(self, *faces: int) -> None:
        self._faces.extend(faces)


def pytest_configure(config: pytest.Config) -> None:
    if config.pluginmanager.hasplugin("xdist"):
        config.pluginmanager.register(_WorkStealing(), "pawpost-work-stealing")


class _WorkStealing:
    """`pytest -n` hands tests out by work stealing (xdist's `--dist worksteal`) instead of its
    default `load`: `load` had given its last chunks out for good, so one worker sat idle for
    the last 140 s of a 380 s run (it had drawn the quick tests) while the other still ran the
    e2e, process and reliability tests; an idle worker now takes half of the other's queue.
    Another mode asked for by name (`--dist loadfile` ...) is kept; `--dist load` is this."""

    @pytest.hookimpl
    def pytest_xdist_make_scheduler(self, config: pytest.Config, log: Any) -> Any:
        if config.getvalue("dist") != "load":
            return None
        from xdist.scheduler import WorkStealingScheduling

        return WorkStealingScheduling(config, log)


# The server the PostgreSQL half of the suite uses, and whether its absence fails the run (CI
# sets it: `.ci/run` checks the server answers first) or skips those tests with the reason.
POSTGRESQL = os.environ.get("PAWPOST_TEST_POSTGRESQL", "postgresql://postgres@127.0.0.1:5432/test")
POSTGRESQL_REQUIRED = os.environ.get("PAWPOST_TEST_POSTGRESQL_REQUIRED") == "1"
BACKENDS = ("sqlite", "postgresql")


@cache
def postgresql_unreachable() -> str | None:
    """Why the test server cannot be used, or None when it answers."""
    import psycopg

    try:
        with psycopg.connect(POSTGRESQL, connect_timeout=3) as connection:
            connection.execute("SELECT 1")
    except psycopg.Error as error:
        return f"no PostgreSQL server answers at {POSTGRESQL} ({error})".strip()
    return None


@pytest.fixture(scope="session")
def _postgresql_schemas() -> Iterator[list[str]]:
    """The schemas the tests made, dropped together when the run ends (one at a time after
    each test cost a fifth of a second each)."""
    made: list[str] = []
    yield made
    close_dump_connections()
    if not made:
        return
    import psycopg

    with psycopg.connect(POSTGRESQL, autocommit=True) as connection:
        for schema in made:
            connection.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")


@pytest.fixture
def postgresql_schema(_postgresql_schemas: list[str]) -> str:
    """A database URL whose search path is a new, empty schema of its own."""
    import psycopg

    reason = postgresql_unreachable()
    if reason is not None:
        if POSTGRESQL_REQUIRED:
            pytest.fail(reason)
        pytest.skip(reason)
    schema = f"test_{uuid.uuid4().hex[:16]}"
    with psycopg.connect(POSTGRESQL, autocommit=True) as connection:
        connection.execute(f"CREATE SCHEMA {schema}")
    _postgresql_schemas.append(schema)
    return schema_url(POSTGRESQL, schema)


# A test of SQLite itself (its pragmas, its query plans, its one thread's queue) runs on it alone.
sqlite_only = pytest.mark.parametrize("database_target", ["sqlite"], indirect=True)


@pytest.fixture(scope="session")
def _sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One freshly migrated SQLite file per test process, copied for each test: migrating a new
    file costs 70 ms, copying it well under one."""
    path = tmp_path_factory.mktemp("template") / "pawpost.sqlite3"
    connection, _ = prepare_sqlite(
        str(path), bundled_migrations(), BUSY_TIMEOUT_MS, open_connection, create=True
    )
    connection.close()
    return path


@pytest.fixture(scope="session")
def _postgresql_pool(_postgresql_schemas: list[str]) -> Iterator[MigratedSchemas]:
    """Migrated PostgreSQL schemas this test process hands out one test at a time."""
    pool = MigratedSchemas(POSTGRESQL, _postgresql_schemas)
    yield pool
    pool.close()


@pytest.fixture
def postgresql_migrated(request: pytest.FixtureRequest) -> Iterator[str]:
    """The URL of a PostgreSQL schema with Pawpost's tables and no rows, no other test's."""
    reason = postgresql_unreachable()
    if reason is not None:
        if POSTGRESQL_REQUIRED:
            pytest.fail(reason)
        pytest.skip(reason)
    pool: MigratedSchemas = request.getfixturevalue("_postgresql_pool")
    schema = pool.take()
    yield schema_url(POSTGRESQL, schema)
    pool.give_back(schema)


@pytest.fixture(params=BACKENDS)
def database_target(request: pytest.FixtureRequest) -> Iterator[str]:
    """Where the test's database lives, migrated: a copy of a migrated SQLite file, or the URL
    of a migrated PostgreSQL schema no other test is using (emptied after each test). The
    folder for the file is made only for SQLite."""
    if request.param == "postgresql":
        yield request.getfixturevalue("postgresql_migrated")
        return
    folder = request.getfixturevalue("tmp_path")
    yield str(migrated_copy(request.getfixturevalue("_sqlite_template"), folder))


def migrated_copy(template: Path, folder: Path, name: str = "pawpost.sqlite3") -> Path:
    """A migrated SQLite file in `folder`, not opened yet: a copy of the process's template
    (`_sqlite_template`), as `Database.open` would have made it."""
    path = folder / name
    shutil.copyfile(template, path)
    return path


@pytest.fixture
async def db(database_target: str) -> AsyncIterator[Database]:
    database = await Database.open(database_target)
    yield database
    await database.close()


UNBUILT = "unbuilt"  # a ruleset a server may pick whose rules are not built (every real one is)


@pytest.fixture
def unbuilt_ruleset(monkeypatch: pytest.MonkeyPatch) -> str:
    """A fifth, not-built ruleset in the pure registry, for the core's "not built yet" path."""
    monkeypatch.setitem(RULESETS, UNBUILT, RulesetInfo(UNBUILT, "Unbuilt Game", None))
    return UNBUILT


@pytest.fixture
def clock() -> Clock:
    return Clock(datetime(2026, 11, 30, 12, 0, tzinfo=UTC))


@pytest.fixture
def dice() -> Dice:
    return Dice()


@pytest.fixture
def services(db: Database, dice: Dice, clock: Clock) -> Services:
    return Services(rulesets=REGISTRY, db=db, dice=dice, clock=clock)


def actor(user: int, *, guild: int = GUILD, admin: bool = False, channel: int = CHANNEL) -> Actor:
    return Actor(guild_id=guild, channel_id=channel, user_id=user, is_admin=admin)


def dump(database: Database | str) -> list[str]:
    """Every row of every table (and SQLite's schema), to compare the database before and after
    a refusal; read through a connection of its own, on either backend."""
    target = database if isinstance(database, str) else database.path
    if target.startswith("postgresql://"):
        return _dump_postgresql(target)
    import sqlite3

    with sqlite3.connect(target) as connection:
        return list(connection.iterdump())


class Dumps:
    """`dump` of one SQLite file, for a test that compares it before and after many tries (the
    property tests: thousands of dumps a run). A new dump is read only when the database may
    have changed since the last: when another connection committed (SQLite's `PRAGMA
    data_version`, read on a connection of this object's own that never writes, changes exactly
    then) or the file or its write-ahead log was written at all. Otherwise no commit can have
    come between, and the last dump is the database as it still is. Close it after the test."""

    def __init__(self, path: str | Path) -> None:
        import sqlite3

        self.path = str(path)
        self._watch = sqlite3.connect(self.path, isolation_level=None)  # autocommit: reads only
        self._seen: tuple[object, ...] | None = None
        self._last: list[str] = []

    def _state(self) -> tuple[object, ...]:
        # Read before the dump: a commit landing after this read changes it for the next call.
        (version,) = self._watch.execute("PRAGMA data_version").fetchone()
        return (version, _written(self.path), _written(self.path + "-wal"))

    def __call__(self) -> list[str]:
        state = self._state()
        if state != self._seen:
            self._last = dump(self.path)
            self._seen = state
        return list(self._last)

    def close(self) -> None:
        self._watch.close()


def _written(path: str) -> tuple[int, int, int] | None:
    """What changes whenever a file is written: its inode, size and modification time."""
    try:
        status = os.stat(path)
    except FileNotFoundError:
        return None
    return (status.st_ino, status.st_size, status.st_mtime_ns)


def execute_apart(database: Database, sql: str) -> None:
    """Run one statement on a connection of the test's own, beside the bot's (either backend)."""
    if database.path.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(database.path, autocommit=True) as connection:
            connection.execute(sql.encode())
        return
    import sqlite3

    with sqlite3.connect(database.path) as connection:
        connection.execute(sql)


# The connection `dump` reads a PostgreSQL schema through, kept from one dump to the next (at
# most one: the last URL's): a new connection for each dump cost the server a session's start
# and, on its first read of each table, that table's catalog entries, the most of a dump's time.
# It never holds a transaction between dumps (autocommit), so no test waits on it.
_dump_connections: dict[str, Any] = {}


def _dump_postgresql(url: str) -> list[str]:
    """`dump` of a PostgreSQL schema: its tables (as `information_schema.tables` lists them:
    tables, views, foreign and partitioned tables) read from the catalog, which costs far less
    than that view, and every table's rows in one round trip (a pipeline), not one a table."""
    import psycopg

    kept = _dump_connections.get(url)
    if kept is not None and not kept.closed:
        with contextlib.suppress(psycopg.OperationalError):  # its session ended: a new one
            return _dump_through(kept)
    close_dump_connections()
    connection = psycopg.connect(url, autocommit=True)
    _dump_connections[url] = connection
    return _dump_through(connection)


def close_dump_connections() -> None:
    import psycopg

    for connection in _dump_connections.values():
        with contextlib.suppress(psycopg.Error):
            connection.close()
    _dump_connections.clear()


def _dump_through(connection: Any) -> list[str]:
    tables = connection.execute(
        b"SELECT relname FROM pg_class WHERE relnamespace = current_schema()::regnamespace"
        b" AND relkind IN ('r', 'v', 'f', 'p') ORDER BY relname"
    ).fetchall()
    with connection.pipeline():
        cursors = [
            (table, connection.execute(f'SELECT * FROM "{table}" ORDER BY 1'.encode()))
            for (table,) in tables
        ]
    lines = []
    for table, cursor in cursors:
        rows = cursor.fetchall()
        lines += [f"{table}: {row!r}" for row in sorted(rows, key=repr)]
    return lines


FIREPAW = {
    "name": "Firepaw",
    "strength": 4,
    "agility": 4,
    "charisma": 4,
    "intelligence": 4,
    "stealth": 3,
    "perception": 3,
    "age": 12,
}
TIGERCLAW = {
    "name": "Tigerclaw",
    "strength": 6,
    "agility": 4,
    "charisma": 2,
    "intelligence": 2,
    "stealth": 4,
    "perception": 4,
    "age": 40,
}


def cat(name: str, **changes: int | str) -> dict[str, int | str]:
    """A valid Germ sheet for `/character create` under another name."""
    return {**FIREPAW, "name": name, **changes}
