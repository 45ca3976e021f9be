"""Whether a running bot holds a database. `pawpost run` holds a shared lock on its database for
as long as it runs (an flock on the SQLite file, which SQLite's own byte-range locks never meet;
a session advisory lock on PostgreSQL, per schema), and the lock goes with the process, however
it ends. The console asks before it runs timed work there."""

from __future__ import annotations

import contextlib
import fcntl
import os
from collections.abc import Callable
from typing import Any

from storage.database import is_postgresql

# The advisory lock's first key ("run"); the second is the schema's hash, so two test schemas of
# one PostgreSQL database are held apart.
_RUNNING_LOCK = 0x72756E
_SCHEMA_KEY = "hashtext(current_schema())"


def hold(target: str) -> Callable[[], None]:
    """Hold the database for this process (a running bot); returns what releases it. Blocking:
    call it off the event loop."""
    if is_postgresql(target):
        import psycopg

        raw: Any = psycopg.connect(target, autocommit=True)
        raw.execute(f"SELECT pg_advisory_lock_shared(%s, {_SCHEMA_KEY})", (_RUNNING_LOCK,))
        return raw.close
    descriptor = os.open(target, os.O_RDONLY)
    fcntl.flock(descriptor, fcntl.LOCK_SH)
    return lambda: os.close(descriptor)


def held_by_a_bot(target: str) -> bool:
    """Whether a running bot holds the database now (a file that does not exist is held by no
    one). Blocking: call it off the event loop."""
    if is_postgresql(target):
        import psycopg

        with psycopg.connect(target, autocommit=True) as raw:
            row = raw.execute(
                f"SELECT pg_try_advisory_lock(%s, {_SCHEMA_KEY})", (_RUNNING_LOCK,)
            ).fetchone()
            free = bool(row and row[0])
            if free:
                raw.execute(f"SELECT pg_advisory_unlock(%s, {_SCHEMA_KEY})", (_RUNNING_LOCK,))
            return not free
    try:
        descriptor = os.open(target, os.O_RDONLY)
    except FileNotFoundError:
        return False
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    else:
        fcntl.flock(descriptor, fcntl.LOCK_UN)
        return False
    finally:
        with contextlib.suppress(OSError):
            os.close(descriptor)
