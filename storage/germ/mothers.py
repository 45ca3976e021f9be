"""Germ's mother requests: another player's cat named as a kit's mother, waiting for an answer."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

from pydantic import BaseModel

from storage.connection import Connection
from storage.timestamps import maybe_from_text, to_text


class MotherOutcome(StrEnum):
    ACCEPTED = "accepted"
    DECLINED = "declined"
    WITHDRAWN = "withdrawn"  # the kit or the mother is gone, or another mother was named


class MotherRequest(BaseModel):
    id: int
    guild_id: int
    kit_id: int
    mother_id: int
    asked_by: int
    answered_at: datetime | None = None
    outcome: MotherOutcome | None = None


_COLUMNS = "id, guild_id, kit_id, mother_id, asked_by, answered_at, outcome"


def _request(row: Any) -> MotherRequest:
    return MotherRequest(
        id=row[0],
        guild_id=row[1],
        kit_id=row[2],
        mother_id=row[3],
        asked_by=row[4],
        answered_at=maybe_from_text(row[5]),
        outcome=None if row[6] is None else MotherOutcome(row[6]),
    )


class MotherRequestRepository:
    """The `mother_requests` table."""

    def __init__(self, connection: Connection) -> None:
        self._db = connection

    def open(self, guild_id: int, kit_id: int, mother_id: int, asked_by: int, now: datetime) -> int:
        """Record a request; returns its id."""
        cursor = self._db.execute(
            "INSERT INTO mother_requests (guild_id, kit_id, mother_id, asked_by, created_at)"
            " VALUES (?, ?, ?, ?, ?) RETURNING id",
            (guild_id, kit_id, mother_id, asked_by, to_text(now)),
        )
        return int(cursor.fetchone()[0])

    def get(self, guild_id: int, request_id: int) -> MotherRequest | None:
        rows = self._db.execute_fetchall(
            f"SELECT {_COLUMNS} FROM mother_requests WHERE guild_id = ? AND id = ?",
            (guild_id, request_id),
        )
        return _request(rows[0]) if rows else None

    def waiting_for_kit(self, guild_id: int, kit_id: int) -> list[MotherRequest]:
        rows = self._db.execute_fetchall(
            f"SELECT {_COLUMNS} FROM mother_requests"
            " WHERE guild_id = ? AND kit_id = ? AND answered_at IS NULL ORDER BY id",
            (guild_id, kit_id),
        )
        return [_request(row) for row in rows]

    def answer(
        self, request_id: int, outcome: MotherOutcome, answered_by: int, now: datetime
    ) -> bool:
        """Close a waiting request; False when it was answered meanwhile."""
        cursor = self._db.execute(
            "UPDATE mother_requests SET outcome = ?, answered_by = ?, answered_at = ?"
            " WHERE id = ? AND answered_at IS NULL",
            (outcome.value, answered_by, to_text(now), request_id),
        )
        return cursor.rowcount == 1
