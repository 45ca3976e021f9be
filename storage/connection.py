"""The connection the database thread uses: sqlite3's, plus a statement-and-its-rows call, and
the SQL function `pawpost_name_key(name)` (migration 15 recomputes the stored name keys with it)."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Any

from storage.names import name_key


class Connection(sqlite3.Connection):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.create_function("pawpost_name_key", 1, name_key, deterministic=True)

    def execute_fetchall(self, sql: str, parameters: Sequence[Any] = ()) -> list[Any]:
        return self.execute(sql, parameters).fetchall()
