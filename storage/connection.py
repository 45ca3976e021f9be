"""The connection the database thread uses: sqlite3's, plus a statement-and-its-rows call."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Any


class Connection(sqlite3.Connection):
    def execute_fetchall(self, sql: str, parameters: Sequence[Any] = ()) -> list[Any]:
        return self.execute(sql, parameters).fetchall()
