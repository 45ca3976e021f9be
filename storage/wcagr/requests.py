"""WCAGR's cat requests: a player's older cat waiting for an admin's approval."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

from pydantic import BaseModel

from rules.wcagr import NewCat
from storage.connection import Connection
from storage.timestamps import from_text, to_text


class RequestOutcome(StrEnum):
    APPROVED = "approved"
    REFUSED = "refused"


class CatRequest(BaseModel):
    id: int
    guild_id: int
    user_id: int
    name: str
    choices: NewCat
    parent_id: int | None = None
    outcome: RequestOutcome | None = None


_COLUMNS = "id, guild_id, user_id, name, choices, parent_id, outcome"


def _request(row: Any) -> CatRequest:
    return CatRequest(
        id=row[0],
        guild_id=row[1],
        user_id=row[2],
        name=row[3],
        choices=NewCat.model_validate_json(row[4]),
        parent_id=row[5],
        outcome=None if row[6] is None else RequestOutcome(row[6]),
    )


class CatRequestRepository:
    """The `wcagr_cat_requests` table."""

    def __init__(self, connection: Connection) -> None:
        self._db = connection

    def open(
        self,
        guild_id: int,
        user_id: int,
        name: str,
        choices: NewCat,
        parent_id: int | None,
        now: datetime,
    ) -> int:
        """Record a request; returns its id."""
        rows = self._db.execute_fetchall(
            "INSERT INTO wcagr_cat_requests"
            " (guild_id, user_id, name, choices, parent_id, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
            (guild_id, user_id, name, choices.model_dump_json(), parent_id, to_text(now)),
        )
        return int(rows[0][0])

    def get(self, guild_id: int, request_id: int) -> CatRequest | None:
        rows = self._db.execute_fetchall(
            f"SELECT {_COLUMNS} FROM wcagr_cat_requests WHERE guild_id = ? AND id = ?",
            (guild_id, request_id),
        )
        return _request(rows[0]) if rows else None

    def answer(
        self, request_id: int, outcome: RequestOutcome, answered_by: int, now: datetime
    ) -> bool:
        """Close a waiting request; False when it was answered meanwhile."""
        rows = self._db.execute_fetchall(
            "UPDATE wcagr_cat_requests SET outcome = ?, answered_by = ?, answered_at = ?"
            " WHERE id = ? AND answered_at IS NULL RETURNING id",
            (outcome.value, answered_by, to_text(now), request_id),
        )
        return bool(rows)

    def waiting(
        self, guild_id: int, user_id: int | None, limit: int
    ) -> list[tuple[CatRequest, datetime]]:
        """The server's requests not answered yet (of one player, when given), oldest first,
        each with when it was made."""
        player = "" if user_id is None else " AND user_id = ?"
        rows = self._db.execute_fetchall(
            f"SELECT {_COLUMNS}, created_at FROM wcagr_cat_requests"
            f" WHERE guild_id = ? AND answered_at IS NULL{player} ORDER BY id LIMIT ?",
            (guild_id, *(() if user_id is None else (user_id,)), limit),
        )
        return [(_request(row[:7]), from_text(row[7])) for row in rows]

    def all_in_guild(self, guild_id: int) -> list[CatRequest]:
        """Every request of the server, oldest first (for `/admin export`)."""
        rows = self._db.execute_fetchall(
            f"SELECT {_COLUMNS} FROM wcagr_cat_requests WHERE guild_id = ? ORDER BY id",
            (guild_id,),
        )
        return [_request(row) for row in rows]


class RankRequest(BaseModel):
    """A player's request for a rank admins approve (leader, deputy, a Tribe's Healer)."""

    id: int
    guild_id: int
    character_id: int
    user_id: int
    rank: str
    outcome: RequestOutcome | None = None


_RANK_COLUMNS = "id, guild_id, character_id, user_id, rank, outcome"


def _rank_request(row: Any) -> RankRequest:
    return RankRequest(
        id=row[0],
        guild_id=row[1],
        character_id=row[2],
        user_id=row[3],
        rank=row[4],
        outcome=None if row[5] is None else RequestOutcome(row[5]),
    )


class RankRequestRepository:
    """The `wcagr_rank_requests` table."""

    def __init__(self, connection: Connection) -> None:
        self._db = connection

    def open(self, guild_id: int, character_id: int, user_id: int, rank: str, now: datetime) -> int:
        rows = self._db.execute_fetchall(
            "INSERT INTO wcagr_rank_requests (guild_id, character_id, user_id, rank, created_at)"
            " VALUES (?, ?, ?, ?, ?) RETURNING id",
            (guild_id, character_id, user_id, rank, to_text(now)),
        )
        return int(rows[0][0])

    def get(self, guild_id: int, request_id: int) -> RankRequest | None:
        rows = self._db.execute_fetchall(
            f"SELECT {_RANK_COLUMNS} FROM wcagr_rank_requests WHERE guild_id = ? AND id = ?",
            (guild_id, request_id),
        )
        return _rank_request(rows[0]) if rows else None

    def waiting_for(self, guild_id: int, character_id: int) -> RankRequest | None:
        """The cat's request still waiting for an answer, if any."""
        rows = self._db.execute_fetchall(
            f"SELECT {_RANK_COLUMNS} FROM wcagr_rank_requests WHERE guild_id = ?"
            " AND character_id = ? AND answered_at IS NULL ORDER BY id DESC LIMIT 1",
            (guild_id, character_id),
        )
        return _rank_request(rows[0]) if rows else None

    def answer(
        self, request_id: int, outcome: RequestOutcome, answered_by: int, now: datetime
    ) -> bool:
        """Close a waiting request; False when it was answered meanwhile."""
        rows = self._db.execute_fetchall(
            "UPDATE wcagr_rank_requests SET outcome = ?, answered_by = ?, answered_at = ?"
            " WHERE id = ? AND answered_at IS NULL RETURNING id",
            (outcome.value, answered_by, to_text(now), request_id),
        )
        return bool(rows)
