"""`pawpost migrate-to`: copy a whole SQLite database into an empty PostgreSQL one, in one
transaction, and check the copy by each table's row count and the sums of its columns."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import psycopg

from rules.errors import PawpostError
from storage.database import Database, is_postgresql
from storage.errors import CannotOpen
from storage.postgres import NO_SCHEMA, server_says

# Tables the migrations keep for themselves: each backend fills its own.
_OWN = {"schema_version", "sqlite_sequence"}


@dataclass(frozen=True)
class Tally:
    """A table's row count and, per column, the sum of its integers and of its texts' lengths."""

    rows: int
    sums: dict[str, int]


@dataclass(frozen=True)
class Copied:
    table: str
    tally: Tally


def _tables(source: sqlite3.Connection) -> list[str]:
    """The source's tables, each after the tables it refers to."""
    names = [
        name
        for (name,) in source.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY rowid"
        )
        if name not in _OWN
    ]
    refers = {
        name: {
            row[2] for row in source.execute(f'PRAGMA foreign_key_list("{name}")') if row[2] != name
        }
        for name in names
    }
    ordered: list[str] = []
    while len(ordered) < len(names):
        ready = [n for n in names if n not in ordered and refers[n] <= set(ordered)]
        if not ready:
            raise PawpostError("The SQLite database's tables refer to each other in a circle.")
        ordered += ready
    return ordered


def _self_references(source: sqlite3.Connection, table: str) -> list[str]:
    """A table's columns that refer to its own rows (filled once every row is in)."""
    return [
        row[3] for row in source.execute(f'PRAGMA foreign_key_list("{table}")') if row[2] == table
    ]


# The target table's columns, from the catalog itself: information_schema's views cost half
# a second a table on a server with many schemas (the tests' hundreds of thousands of relations).
_COLUMNS = (
    "SELECT a.attname, format_type(a.atttypid, a.atttypmod), a.attgenerated <> ''"
    " FROM pg_attribute a WHERE a.attrelid ="
    " to_regclass(quote_ident(current_schema()) || '.' || quote_ident(%s))"
    " AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum"
)


def _target_columns(target: psycopg.Connection[Any], table: str) -> list[str]:
    """The target table's columns that take a value (not the generated ones)."""
    rows = target.execute(_COLUMNS, (table,)).fetchall()
    return [name for name, _, generated in rows if not generated]


def _tally(rows: list[tuple[Any, ...]], columns: list[str]) -> Tally:
    sums = dict.fromkeys(columns, 0)
    for row in rows:
        for column, value in zip(columns, row, strict=True):
            if isinstance(value, int):
                sums[column] += value
            elif isinstance(value, str):
                sums[column] += len(value)
    return Tally(len(rows), sums)


def _target_tally(target: psycopg.Connection[Any], table: str, columns: list[str]) -> Tally:
    types = {name: kind for name, kind, _ in target.execute(_COLUMNS, (table,)).fetchall()}
    parts = ["count(*)"]
    for column in columns:
        kind = types[column]
        if kind in ("bigint", "integer", "smallint"):
            parts.append(f'coalesce(sum("{column}"), 0)')
        elif kind == "text":
            parts.append(f'coalesce(sum(length("{column}")), 0)')
        else:
            parts.append("0")
    row = target.execute(f'SELECT {", ".join(parts)} FROM "{table}"').fetchone()
    assert row is not None
    return Tally(int(row[0]), {c: int(v) for c, v in zip(columns, row[1:], strict=True)})


def _refuse_unless_empty(target: psycopg.Connection[Any], tables: list[str]) -> None:
    for table in tables:
        if target.execute(f'SELECT 1 FROM "{table}" LIMIT 1').fetchone():
            raise PawpostError(
                f"The PostgreSQL database is not empty (its {table} table has rows); "
                "migrate-to copies into an empty one only."
            )


def _highest_given(source: sqlite3.Connection, table: str) -> int:
    """The highest id SQLite has given in `table` (AUTOINCREMENT remembers deleted rows'), so
    that PostgreSQL never gives one of them again."""
    if not source.execute("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'").fetchone():
        return 0
    found = source.execute("SELECT seq FROM sqlite_sequence WHERE name = ?", (table,)).fetchone()
    return int(found[0]) if found else 0


def _refuse_what_postgresql_cannot_hold(
    table: str, columns: list[str], rows: list[tuple[Any, ...]]
) -> None:
    """A text holding a NUL (which SQLite kept from before free text was cleaned) is named, row
    and column, instead of failing the copy half-way."""
    for row in rows:
        for column, value in zip(columns, row, strict=True):
            if isinstance(value, str) and "\x00" in value:
                which = f"id {row[columns.index('id')]}" if "id" in columns else "a row"
                raise PawpostError(
                    f"The {table} row with {which} holds a NUL character in {column}, which"
                    " PostgreSQL cannot store; remove it from the SQLite file and run migrate-to"
                    " again (nothing was kept)."
                )


def copy_database(
    source_path: str, target_url: str, say: Callable[[str], None] = lambda _: None
) -> list[Copied]:
    """Copy every row of the SQLite file into the (migrated, empty) PostgreSQL database, in one
    transaction; raises PawpostError, leaving the target empty, if any check fails."""
    source = sqlite3.connect(source_path)
    try:
        source.execute("BEGIN")  # one consistent read of the whole file
        tables = _tables(source)
        with psycopg.connect(target_url) as target:
            _refuse_unless_empty(target, tables)
            copied = []
            for table in tables:
                copied.append(Copied(table, _copy_table(source, target, table)))
                say(f"  {table}: {copied[-1].tally.rows} rows")
            # Fresh statistics: without them the planner takes a 10,000-cat server's weekly
            # query for a tiny one (42 s instead of 0.3 s in the benchmark).
            for table in tables:
                target.execute(f'ANALYZE "{table}"'.encode())
            target.commit()
        return copied
    finally:
        source.close()


def _copy_table(source: sqlite3.Connection, target: psycopg.Connection[Any], table: str) -> Tally:
    wanted = _target_columns(target, table)
    have = {row[1] for row in source.execute(f'PRAGMA table_xinfo("{table}")') if row[6] == 0}
    columns = [c for c in wanted if c in have]
    missing = set(have) - set(wanted)
    if missing:
        raise PawpostError(f"The PostgreSQL {table} table lacks columns {sorted(missing)}.")
    quoted = ", ".join(f'"{c}"' for c in columns)
    rows = source.execute(f'SELECT {quoted} FROM "{table}"').fetchall()
    later = [c for c in _self_references(source, table) if c in columns]
    first = [
        tuple(None if c in later else v for c, v in zip(columns, row, strict=True)) for row in rows
    ]
    _refuse_what_postgresql_cannot_hold(table, columns, rows)
    target.execute(f'ALTER TABLE "{table}" DISABLE TRIGGER USER')
    try:
        with target.cursor().copy(f'COPY "{table}" ({quoted}) FROM STDIN') as copy:
            for row in first:
                copy.write_row(row)
    except psycopg.Error as error:
        raise PawpostError(
            f"Could not copy the {table} table: {server_says(error)}; nothing was kept."
        ) from error
    if later:
        key = columns.index("id")
        for column in later:
            index = columns.index(column)
            target.cursor().executemany(
                f'UPDATE "{table}" SET "{column}" = %s WHERE id = %s',
                [(row[index], row[key]) for row in rows if row[index] is not None],
            )
    target.execute(f'ALTER TABLE "{table}" ENABLE TRIGGER USER')
    if "id" in columns:
        highest = max([_highest_given(source, table), *(row[columns.index("id")] for row in rows)])
        sequence = target.execute("SELECT pg_get_serial_sequence(%s, 'id')", (table,)).fetchone()
        if highest and sequence and sequence[0]:
            target.execute("SELECT setval(%s, %s)", (sequence[0], highest))
    expected, found = _tally(rows, columns), _target_tally(target, table, columns)
    if expected != found:
        raise PawpostError(
            f"The copy of {table} does not check out ({found} against {expected});"
            " nothing was kept."
        )
    return expected


async def migrate_to(
    source_path: str, target_url: str, say: Callable[[str], None], *, create: bool = False
) -> list[Copied]:
    """Copy an existing SQLite database into a PostgreSQL one that has Pawpost's schema and no
    rows (refusing unless both are at one version). Neither is made nor migrated unless
    `create`: then the target's schema is made, and both are brought up to date."""
    if not is_postgresql(target_url) or is_postgresql(source_path):
        raise PawpostError("migrate-to copies an SQLite file into a postgresql:// database.")
    source = await Database.open(source_path, create=False, migrate=create)
    try:
        try:
            target = await Database.open(target_url, create=create, migrate=create)
        except CannotOpen as error:
            if error.cause.startswith(NO_SCHEMA):
                raise PawpostError(
                    f"The PostgreSQL database {error.path} has no Pawpost schema; give --create"
                    " to make it there (nothing was created)."
                ) from error
            raise
        versions = source.schema_version, target.schema_version
        await target.close()
    finally:
        await source.close()
    if versions[0] != versions[1]:
        raise PawpostError(
            f"The schemas differ (SQLite at {versions[0]}, PostgreSQL at {versions[1]})."
        )
    return await asyncio.to_thread(copy_database, source_path, target_url, say)
