"""Errors storage raises that players may see."""

from __future__ import annotations

import sqlite3
import sys
from types import ModuleType
from typing import Any

from rules.errors import PawpostError

# What SQLite's primary result codes mean for whoever runs the bot.
_CAUSES = {
    "SQLITE_FULL": "the disk is full",
    "SQLITE_READONLY": "the database is read-only",
    "SQLITE_BUSY": "another process holds the database locked",
    "SQLITE_LOCKED": "the database is locked",
    "SQLITE_IOERR": "the disk failed to read or write",
    "SQLITE_CANTOPEN": "the file cannot be opened",
    "SQLITE_NOTADB": "the file is not a database",
    "SQLITE_CORRUPT": "the database file is damaged",
    "SQLITE_PERM": "permission denied",
    "SQLITE_AUTH": "permission denied",
}

LOCK_CAUSES = frozenset({_CAUSES["SQLITE_BUSY"], _CAUSES["SQLITE_LOCKED"]})

# The same causes told by PostgreSQL's SQLSTATEs.
_POSTGRESQL_CAUSES = {
    "53100": "the disk is full",
    "25006": "the database is read-only",
    "55P03": "another process holds the database locked",
    "58030": "the disk failed to read or write",
    "42501": "permission denied",
}


def _psycopg() -> Any:
    """psycopg, if this process has loaded it (it opened PostgreSQL): an error can be one of
    psycopg's only then, and a process on SQLite does not import it (a tenth of its start)."""
    module: ModuleType | None = sys.modules.get("psycopg")
    return module


def cause_of(error: Exception) -> str:
    """A storage fault's cause in a few words: "the disk is full", "the database is read-only"."""
    if isinstance(error, OSError):
        return error.strerror or str(error)
    psycopg = _psycopg()
    sqlstate = getattr(error, "sqlstate", None)
    if psycopg is not None and isinstance(error, psycopg.Error) and sqlstate in _POSTGRESQL_CAUSES:
        return _POSTGRESQL_CAUSES[sqlstate]
    name = getattr(error, "sqlite_errorname", "") or ""
    primary = "_".join(name.split("_")[:2])
    return _CAUSES.get(primary, str(error) or type(error).__name__)


class StorageUnavailable(PawpostError):
    """The database cannot be used right now (locked, read-only, full, failing disk)."""

    def __init__(self, detail: str = "", cause: str = "") -> None:
        super().__init__(
            "The bot's storage is unavailable right now, so nothing was changed; "
            "please try again in a moment."
        )
        self.detail = detail
        self.cause = cause

    @classmethod
    def because(cls, error: Exception) -> StorageUnavailable:
        cause = cause_of(error)
        return cls(f"{cause} ({type(error).__name__}: {error})", cause)

    @property
    def locked(self) -> bool:
        """Whether another connection held the lock (waiting may help; for a full or read-only
        disk it does not)."""
        return self.cause in LOCK_CAUSES


class OutcomeUnknown(StorageUnavailable):
    """The connection was lost while the database committed: the change may have been kept."""

    def __init__(self, detail: str = "", cause: str = "") -> None:
        super().__init__(detail, cause)
        self.message = (
            "The bot lost its storage while saving that, so it may have gone through: check"
            " /log before trying again."
        )
        self.args = (self.message,)


class StaleConnection(BaseException):
    """A pooled PostgreSQL connection turned out closed (the server restarted) before any work
    began on it: the unit runs again on a new one. A BaseException, like TransactionConflict."""


class CannotOpen(PawpostError):
    """The database file could not be opened: one sentence naming it and why."""

    def __init__(self, path: str, cause: str) -> None:
        super().__init__(f"Cannot open the database {path}: {cause}.")
        self.path = path
        self.cause = cause


class TransactionConflict(BaseException):
    """A PostgreSQL transaction lost a serialization conflict or a deadlock and was rolled back:
    its unit of work runs again. A BaseException, like a cancellation, so that code that keeps
    going after an Exception (a job's batch, one server at a time) lets it reach the retry."""


def integrity_errors() -> tuple[type[Exception], ...]:
    """What a violated constraint raises, on either backend (for an `except`). On PostgreSQL the
    failed statement ends the transaction, so a caller catching one must let its transaction
    roll back (each does: it raises the player's sentence)."""
    psycopg = _psycopg()
    if psycopg is None:
        return (sqlite3.IntegrityError,)
    return (sqlite3.IntegrityError, psycopg.IntegrityError)


def violates_unique(error: Exception) -> bool:
    """Whether a constraint error is a UNIQUE (or primary key) one."""
    psycopg = _psycopg()
    if psycopg is not None and isinstance(error, psycopg.errors.UniqueViolation):
        return True
    return isinstance(error, sqlite3.IntegrityError) and "UNIQUE" in str(error)
