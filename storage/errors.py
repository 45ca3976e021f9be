"""Errors storage raises that players may see."""

from __future__ import annotations

import sqlite3

import psycopg

from rules.errors import PawpostError


class StorageUnavailable(PawpostError):
    """The database cannot be used right now (locked, read-only, full, failing disk)."""

    def __init__(self, detail: str = "") -> None:
        super().__init__(
            "The bot's storage is unavailable right now, so nothing was changed; "
            "please try again in a moment."
        )
        self.detail = detail

    @classmethod
    def because(cls, error: Exception) -> StorageUnavailable:
        return cls(f"{type(error).__name__}: {error}")


class TransactionConflict(BaseException):
    """A PostgreSQL transaction lost a serialization conflict or a deadlock and was rolled back:
    its unit of work runs again. A BaseException, like a cancellation, so that code that keeps
    going after an Exception (a job's batch, one server at a time) lets it reach the retry."""


# What a violated constraint raises, on either backend. On PostgreSQL the failed statement ends
# the transaction, so a caller catching one must let its transaction roll back (each does: it
# raises the player's sentence).
INTEGRITY_ERRORS: tuple[type[Exception], ...] = (sqlite3.IntegrityError, psycopg.IntegrityError)


def violates_unique(error: Exception) -> bool:
    """Whether a constraint error is a UNIQUE (or primary key) one."""
    if isinstance(error, psycopg.errors.UniqueViolation):
        return True
    return isinstance(error, sqlite3.IntegrityError) and "UNIQUE" in str(error)
