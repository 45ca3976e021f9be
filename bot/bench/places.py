"""Where the benchmark's databases live: SQLite files in its folder, or, with `--database
postgresql://...`, schemas of that PostgreSQL database, each filled from the SQLite seed by
`pawpost migrate-to`'s copy and dropped when the benchmark ends."""

from __future__ import annotations

import asyncio
import uuid
from pathlib import Path
from urllib.parse import quote

from bot.bench.seed import copy_database
from storage.database import Database
from storage.migrate_to import copy_database as copy_into_postgresql


class Places:
    """SQLite files (`url` None) or PostgreSQL schemas, one per figure."""

    def __init__(self, folder: Path, url: str | None) -> None:
        self.folder = folder
        self.url = url
        self._schemas: list[str] = []

    @property
    def backend(self) -> str:
        return "SQLite" if self.url is None else "PostgreSQL"

    def check(self) -> None:
        """Refuse, before the long seeding, a PostgreSQL database that cannot be reached or
        where this role may not make schemas: one sentence (`CannotOpen`), password hidden."""
        if self.url is not None:
            schema = self._new_schema("check")
            self._execute(f"DROP SCHEMA {schema}")

    async def empty(self, name: str) -> str:
        """A new database (migrated, no rows) for the figure `name`."""
        if self.url is None:
            return str(self.folder / f"{name}.sqlite3")
        schema = await asyncio.to_thread(self._new_schema, name)
        self._schemas.append(schema)
        separator = "&" if "?" in self.url else "?"
        where = f"{self.url}{separator}options={quote(f'-csearch_path={schema}')}"
        db = await Database.open(where)
        await db.close()
        return where

    def _new_schema(self, name: str) -> str:
        schema = f"pawpost_bench_{name.replace('-', '_')}_{uuid.uuid4().hex[:8]}"
        self._execute(f"CREATE SCHEMA {schema}")
        return schema

    def _execute(self, statement: str) -> None:
        import psycopg

        from storage.errors import CannotOpen
        from storage.postgres import CONNECT_TIMEOUT_S, redacted, server_says

        assert self.url is not None
        try:
            with psycopg.connect(
                self.url, autocommit=True, connect_timeout=int(CONNECT_TIMEOUT_S)
            ) as connection:
                connection.execute(statement.encode())
        except psycopg.Error as error:  # unreachable, no such database, no right to make one
            raise CannotOpen(redacted(self.url), server_says(error)) from error

    async def copy_of(self, seed: Path, name: str) -> str:
        """A fresh copy of the seeded (checkpointed) SQLite file, on this backend."""
        if self.url is None:
            return str(copy_database(seed, self.folder / f"{name}.sqlite3"))
        where = await self.empty(name)
        await asyncio.to_thread(copy_into_postgresql, str(seed), where)
        return where

    async def moved(self, seed: Path, name: str) -> str:
        """The seeded SQLite file itself, or a copy of it on PostgreSQL."""
        return str(seed) if self.url is None else await self.copy_of(seed, name)

    def size_bytes(self, where: str) -> int:
        """The database's bytes on disk (a PostgreSQL schema's tables, indexes and TOAST)."""
        if self.url is None:
            import sqlite3

            connection = sqlite3.connect(where)
            try:
                connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
                pages = connection.execute("PRAGMA page_count").fetchone()[0]
                size = connection.execute("PRAGMA page_size").fetchone()[0]
            finally:
                connection.close()
            return int(pages * size)
        import psycopg

        with psycopg.connect(where, autocommit=True) as pg:
            pg.execute("VACUUM")
            row = pg.execute(
                "SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) FROM pg_class c"
                " JOIN pg_namespace n ON n.oid = c.relnamespace"
                " WHERE n.nspname = current_schema() AND c.relkind = 'r'"
            ).fetchone()
        return int(row[0]) if row else 0

    def drop(self) -> None:
        """Drop the schemas made (SQLite files go with the temporary folder)."""
        if self.url is None or not self._schemas:
            return
        import psycopg

        with psycopg.connect(self.url, autocommit=True) as connection:
            for schema in self._schemas:
                connection.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE".encode())
        self._schemas.clear()
