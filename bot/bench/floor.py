"""The floor: the commands' statements, recorded as they run, replayed straight through sqlite3."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from storage.connection import SqliteConnection

RECORD_LIMIT = 10_000  # commands the raw sqlite3 floor replays (each time)
FLOOR_PRAGMAS = "PRAGMA busy_timeout = 5000; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;"

Statement = tuple[str, str, Any]


class RecordingConnection(SqliteConnection):
    """The commands' connection, noting every statement with its parameters (BEGIN, COMMIT and
    ROLLBACK included) before running it, so that the floor can replay exactly those."""

    log: list[Statement]

    @classmethod
    def to(cls, log: list[Statement]) -> Callable[[str], SqliteConnection]:
        def connect(path: str) -> SqliteConnection:
            connection = sqlite3.connect(path, isolation_level=None, factory=cls)
            connection.log = log
            return connection

        return connect

    def execute(self, sql: str, parameters: Any = (), /) -> sqlite3.Cursor:
        self.log.append(("execute", sql, tuple(parameters)))
        return super().execute(sql, parameters)

    def executemany(self, sql: str, parameters: Iterable[Any], /) -> sqlite3.Cursor:
        rows = [tuple(row) for row in parameters]
        self.log.append(("executemany", sql, rows))
        return super().executemany(sql, rows)


def replay_floor(path: Path, log: Sequence[Statement]) -> tuple[int, float]:
    """The same statements, in the same order, straight through sqlite3 in one thread: the
    floor under any async layer. Returns (commands, seconds) of the part after the warm-up."""
    connection = sqlite3.connect(path, isolation_level=None)
    connection.executescript(FLOOR_PRAGMAS)
    mark = next(i for i, (kind, _, _) in enumerate(log) if kind == "mark")

    def run(entries: Sequence[Statement]) -> int:
        transactions = 0
        for kind, sql, parameters in entries:
            try:
                if kind == "executemany":
                    connection.executemany(sql, parameters)
                else:
                    connection.execute(sql, parameters).fetchall()
            except sqlite3.Error:
                pass  # the bot met the same error (a name taken, a refusal's rollback)
            if sql in ("COMMIT", "ROLLBACK"):
                transactions += 1
        return transactions

    try:
        run(log[:mark])
        began = time.perf_counter()
        commands = run(log[mark + 1 :])
        return commands, time.perf_counter() - began
    finally:
        connection.close()
