"""Migrated PostgreSQL schemas for the tests, each used by one test at a time: migrating a new
schema costs about two seconds, emptying a used one a few milliseconds. A test that changed a
schema's shape (a table, a column, an index, a trigger, its version) gives it up instead."""

from __future__ import annotations

import collections
import contextlib
import uuid
from typing import Any
from urllib.parse import quote

import psycopg

from storage.database import bundled_migrations
from storage.dialect import POSTGRESQL
from storage.postgres import _apply_migrations

# A schema whose rows cannot be emptied this fast (a lock a test left held) is given up.
EMPTYING_LOCK_TIMEOUT = "2s"

# The schema's shape, as one text: its relations and their columns, triggers, functions,
# constraints and migrations applied.
_SHAPE = """
WITH rel AS (
    SELECT c.oid, c.relname, c.relkind FROM pg_class c
    WHERE c.relnamespace = current_schema()::regnamespace
)
SELECT md5(coalesce(string_agg(part, ',' ORDER BY part), '')) FROM (
    SELECT rel.relname || ':' || rel.relkind::text || ':' || coalesce(columns.names, '') AS part
    FROM rel, LATERAL (
        SELECT string_agg(a.attname || ' ' || a.atttypid::text, ' ' ORDER BY a.attnum) AS names
        FROM pg_attribute a WHERE a.attrelid = rel.oid AND a.attnum > 0 AND NOT a.attisdropped
    ) columns
    UNION ALL SELECT 't:' || t.tgname || ':' || t.tgenabled::text
    FROM pg_trigger t JOIN rel ON rel.oid = t.tgrelid WHERE NOT t.tgisinternal
    UNION ALL SELECT 'f:' || p.proname || ':' || md5(p.prosrc)
    FROM pg_proc p WHERE p.pronamespace = current_schema()::regnamespace
    UNION ALL SELECT 'k:' || k.conname
    FROM pg_constraint k WHERE k.connamespace = current_schema()::regnamespace
    UNION ALL SELECT 'v:' || coalesce(string_agg(version::text, '.' ORDER BY version), '')
    FROM schema_version
) shape
"""


def schema_url(server: str, schema: str) -> str:
    """The server's URL with `schema` as its search path."""
    separator = "&" if "?" in server else "?"
    return f"{server}{separator}options={quote(f'-csearch_path={schema}')}"


class MigratedSchemas:
    """Schemas migrated to the bundled version on one server, handed out one at a time. `made`
    collects every schema made, for the session's end to drop."""

    def __init__(self, server: str, made: list[str]) -> None:
        self._server = server
        self._made = made
        self._free: list[str] = []
        self._shape: str | None = None
        self._emptying: str | None = None  # the statements that empty a schema
        self._kept: psycopg.Connection[Any] | None = None  # see `_connection`

    def take(self) -> str:
        """A migrated schema with no rows but its migrations' own."""
        if self._free:
            return self._free.pop()
        schema = f"test_{uuid.uuid4().hex[:16]}"
        with psycopg.connect(self._server, autocommit=True) as connection:
            connection.execute(f"CREATE SCHEMA {schema}".encode())
        self._made.append(schema)
        url = schema_url(self._server, schema)
        _apply_migrations(url, bundled_migrations(POSTGRESQL))
        with psycopg.connect(url, autocommit=True) as connection:
            shape = _shape_of(connection)
            if self._shape is None:
                self._shape = shape
                self._emptying = _emptying(connection)
        return schema

    def give_back(self, schema: str) -> None:
        """Empty the schema for the next test, or give it up if the test changed its shape or
        left its rows locked. One round trip on a connection this pool keeps (a new one cost a
        connection's start and, on its first DELETE of each table, reading that table's catalog
        entries again): the rows are deleted first and the shape compared after, since a schema
        whose shape changed is given up whatever its rows."""
        if self._emptying is None:
            return
        try:
            connection = self._connection()
            shape = connection.execute(
                f"SET search_path TO {schema}; SET lock_timeout = '{EMPTYING_LOCK_TIMEOUT}';"
                f" BEGIN; {self._emptying}; COMMIT; {_SHAPE}".encode()
            )
            # each statement's result in turn, consumed: the shape's is last
            collections.deque(iter(shape.nextset, None), maxlen=0)
            row = shape.fetchone()
        except psycopg.Error:
            self._drop_connection()
            return
        if row is None or str(row[0]) != self._shape:
            return
        self._free.append(schema)

    def _connection(self) -> psycopg.Connection[Any]:
        """The pool's own connection to the server, opened on first use."""
        if self._kept is None or self._kept.closed:
            self._kept = psycopg.connect(self._server, autocommit=True)
            # Without JIT: compiling the shape's catalog query cost seconds, running it ms.
            self._kept.execute(b"SET jit = off")
        return self._kept

    def _drop_connection(self) -> None:
        """Close the kept connection (a failure left it in an unknown state); the next use
        opens another."""
        if self._kept is not None:
            with contextlib.suppress(psycopg.Error):
                self._kept.close()
            self._kept = None

    def close(self) -> None:
        self._drop_connection()


def _shape_of(connection: psycopg.Connection[Any]) -> str:
    # Without JIT: compiling this catalog query cost three seconds, running it milliseconds.
    connection.execute(b"SET jit = off")
    row = connection.execute(_SHAPE.encode()).fetchone()
    assert row is not None
    return str(row[0])


def _emptying(connection: psycopg.Connection[Any]) -> str | None:
    """The statements that empty every table but the migrations' record (children before the
    tables they refer to: DELETE, which on a test's few rows is far cheaper than TRUNCATE's new
    files) and restart every sequence; None when a migration left rows of its own elsewhere
    (not emptied, then: each test gets a new schema)."""
    tables = [
        name
        for (name,) in connection.execute(
            b"SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
            b" AND tablename <> 'schema_version' ORDER BY tablename"
        ).fetchall()
    ]
    for table in tables:
        if connection.execute(f'SELECT 1 FROM "{table}" LIMIT 1'.encode()).fetchone():
            return None
    refers: dict[str, set[str]] = {table: set() for table in tables}
    for child, parent in connection.execute(
        b"SELECT c.relname, p.relname FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid"
        b" JOIN pg_class p ON p.oid = k.confrelid JOIN pg_namespace n ON n.oid = k.connamespace"
        b" WHERE k.contype = 'f' AND n.nspname = current_schema()"
    ).fetchall():
        if child != parent and child in refers:
            refers[child].add(parent)
    ordered: list[str] = []  # parents first
    while len(ordered) < len(tables):
        ready = [t for t in tables if t not in ordered and refers[t] <= set(ordered)]
        if not ready:
            return None
        ordered += ready
    statements = [f'DELETE FROM "{table}"' for table in reversed(ordered)]
    statements += [
        f"SELECT setval('{name}', {start}, false)"
        for name, start in connection.execute(
            b"SELECT quote_ident(sequencename), start_value FROM pg_sequences"
            b" WHERE schemaname = current_schema()"
        ).fetchall()
    ]
    return ";\n".join(statements)
