"""Errors storage raises that players may see."""

from __future__ import annotations

import sqlite3

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
    def because(cls, error: sqlite3.Error) -> StorageUnavailable:
        return cls(f"{type(error).__name__}: {error}")
