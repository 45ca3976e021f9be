"""Round trips to PostgreSQL, counted in the benchmark's own process: each statement psycopg
sends on its own (BEGIN and COMMIT included, and any the pool sends to check a connection) is
one, and so is each pipeline (statements sent together, one sync at the end: a BEGIN with the
first statement, an `executemany`)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
from psycopg.pq import PipelineStatus


class RoundTrips:
    """A count shared by the pool's worker threads."""

    def __init__(self) -> None:
        self._count = 0
        self._lock = threading.Lock()

    @property
    def count(self) -> int:
        return self._count

    def add(self) -> None:
        with self._lock:
            self._count += 1


@contextmanager
def counted() -> Iterator[RoundTrips]:
    """Count the round trips psycopg makes while the block runs (`Connection.execute` goes
    through a cursor too)."""
    trips = RoundTrips()
    execute, executemany = psycopg.Cursor.execute, psycopg.Cursor.executemany
    pipeline = psycopg.Connection.pipeline

    def alone(cursor: psycopg.Cursor[Any]) -> bool:
        return cursor.connection.info.pipeline_status == PipelineStatus.OFF

    def counted_execute(self: psycopg.Cursor[Any], *args: Any, **kwargs: Any) -> Any:
        if alone(self):
            trips.add()
        return execute(self, *args, **kwargs)

    def counted_executemany(self: psycopg.Cursor[Any], *args: Any, **kwargs: Any) -> Any:
        if alone(self):
            trips.add()
        return executemany(self, *args, **kwargs)

    def counted_pipeline(self: psycopg.Connection[Any]) -> Any:
        trips.add()
        return pipeline(self)

    psycopg.Cursor.execute = counted_execute  # type: ignore[method-assign]
    psycopg.Cursor.executemany = counted_executemany  # type: ignore[method-assign]
    psycopg.Connection.pipeline = counted_pipeline  # type: ignore[method-assign]
    try:
        yield trips
    finally:
        psycopg.Cursor.execute = execute  # type: ignore[method-assign]
        psycopg.Cursor.executemany = executemany  # type: ignore[method-assign]
        psycopg.Connection.pipeline = pipeline  # type: ignore[method-assign]
