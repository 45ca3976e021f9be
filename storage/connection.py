"""The connection the repositories see: a statement-and-its-rows call and the dialect. SQLite's
is sqlite3's, plus the SQL function `pawpost_name_key(name)` (migration 15 recomputes the
stored name keys with it)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Protocol

from storage.dialect import SQLITE, Dialect
from storage.names import name_key
from storage.scope import Scope


class Cursor(Protocol):
    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    def __iter__(self) -> Iterator[Any]: ...


class Connection(Protocol):
    """What a repository may call on its connection, on either backend."""

    @property
    def dialect(self) -> Dialect: ...

    @property
    def scope(self) -> Scope: ...

    def execute(self, sql: str, parameters: Sequence[Any] = (), /) -> Cursor: ...

    def executemany(self, sql: str, parameters: Iterable[Sequence[Any]], /) -> Cursor: ...

    def execute_fetchall(self, sql: str, parameters: Sequence[Any] = ()) -> list[Any]: ...


class SqliteConnection(sqlite3.Connection):
    dialect: Dialect = SQLITE

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.scope = Scope()
        self.create_function("pawpost_name_key", 1, name_key, deterministic=True)

    def execute_fetchall(self, sql: str, parameters: Sequence[Any] = ()) -> list[Any]:
        return self.execute(sql, parameters).fetchall()
