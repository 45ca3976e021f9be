"""The index-usage tests on both backends: record the statements a scenario runs, then ask the
backend's planner which tables each would read whole.

SQLite: its trace callback and EXPLAIN QUERY PLAN. PostgreSQL: the repositories' statements
and parameters as the pooled connections run them, then EXPLAIN with sequential scans turned
off, so a `Seq Scan` left in a plan means no index can serve it (on the tests' tiny tables the
planner would otherwise pick a scan even where an index fits, so a plain EXPLAIN proves
nothing)."""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import pytest

from storage.database import Database
from storage.dialect import POSTGRESQL
from storage.postgres import PgConnection

Statement = tuple[str, tuple[Any, ...]]
_SQLITE_SCAN = re.compile(r"\bSCAN (\w+)")
_SQLITE_INDEX = re.compile(r"\bINDEX (\w+)")


@asynccontextmanager
async def recorded(db: Database, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[list[Statement]]:
    """Every statement run on `db` inside the block, with its parameters (SQLite's trace
    gives them already written into the SQL)."""
    statements: list[Statement] = []
    if db.dialect is POSTGRESQL:
        execute, executemany = PgConnection.execute, PgConnection.executemany

        def traced(self: PgConnection, sql: str, parameters: Sequence[Any] = (), /) -> Any:
            statements.append((sql, tuple(parameters)))
            return execute(self, sql, parameters)

        def traced_many(self: PgConnection, sql: str, rows: Iterable[Sequence[Any]], /) -> Any:
            rows = [tuple(row) for row in rows]
            statements.extend((sql, row) for row in rows)
            return executemany(self, sql, rows)

        with monkeypatch.context() as patch:
            patch.setattr(PgConnection, "execute", traced)
            patch.setattr(PgConnection, "executemany", traced_many)
            yield statements
        return

    def trace(sql: str) -> None:
        statements.append((sql, ()))

    # both connections: the database thread's and the read thread's (each set in its thread)
    await db.transact(lambda tx: tx.characters._db.set_trace_callback(trace), write=False)
    await db.read(lambda tx: tx.characters._db.set_trace_callback(trace))
    await db.read_quick(lambda tx: tx.characters._db.set_trace_callback(trace))
    try:
        yield statements
    finally:
        await db.transact(lambda tx: tx.characters._db.set_trace_callback(None), write=False)
        await db.read(lambda tx: tx.characters._db.set_trace_callback(None))
        await db.read_quick(lambda tx: tx.characters._db.set_trace_callback(None))


@dataclass
class Plan:
    """What a statement's plan reads whole (`scans`: SQLite's `SCAN x` names, tables and the
    CTEs and subqueries the tests allow; PostgreSQL's `Seq Scan` tables), and the indexes it
    uses."""

    scans: set[str] = field(default_factory=set)
    indexes: set[str] = field(default_factory=set)


def planned(db: Database, statements: Iterable[Statement]) -> dict[str, Plan]:
    """Each statement's plan on `db`'s backend (statements run with several parameter sets
    are planned with each, and their plans merged)."""
    plans: dict[str, Plan] = {}
    if db.dialect is not POSTGRESQL:
        with sqlite3.connect(db.path) as connection:
            for sql, _ in statements:
                rows = connection.execute(f"EXPLAIN QUERY PLAN {sql}").fetchall()
                plan = plans.setdefault(sql, Plan())
                for row in rows:
                    plan.scans |= {m.group(1) for m in _SQLITE_SCAN.finditer(row[-1])}
                    plan.indexes |= {m.group(1) for m in _SQLITE_INDEX.finditer(row[-1])}
        return plans
    import psycopg

    with psycopg.connect(db.path, autocommit=True) as connection:
        connection.execute("SET enable_seqscan = off")
        for sql, parameters in statements:
            values = tuple(int(v) if isinstance(v, bool) else v for v in parameters)
            row = connection.execute(
                ("EXPLAIN (FORMAT JSON) " + POSTGRESQL.sql(sql)).encode(), values
            ).fetchone()
            assert row is not None
            found = row[0] if not isinstance(row[0], str) else json.loads(row[0])
            _walk(found[0]["Plan"], plans.setdefault(sql, Plan()))
    return plans


def _walk(node: dict[str, Any], plan: Plan) -> None:
    if node.get("Node Type") == "Seq Scan":
        plan.scans.add(node["Relation Name"])
    if "Index Name" in node:
        plan.indexes.add(node["Index Name"])
    for child in node.get("Plans", ()):
        _walk(child, plan)
