"""Sheets and edits waiting for an admin's approval, and what the admins decided."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from enum import StrEnum
from typing import Any

from pydantic import BaseModel

from rules.errors import PawpostError
from storage.connection import Connection
from storage.timestamps import from_text, maybe_from_text, to_text


class ApprovalKind(StrEnum):
    SHEET = "sheet"  # a new character: it cannot roll until approved
    EDIT = "edit"  # a change the player asks for (a lasting condition, the age)


class ApprovalStatus(StrEnum):
    PENDING = "pending"
    APPROVED = "approved"
    REJECTED = "rejected"


class Approval(BaseModel):
    id: int
    guild_id: int
    character_id: int
    kind: ApprovalKind
    request: str | None = None
    requested_by: int
    status: ApprovalStatus = ApprovalStatus.PENDING
    reason: str | None = None
    decided_by: int | None = None
    created_at: datetime
    decided_at: datetime | None = None


_COLUMNS = (
    "id, guild_id, character_id, kind, request, requested_by, status, reason, decided_by,"
    " created_at, decided_at"
)


def _approval(row: Sequence[Any]) -> Approval:
    (id_, guild_id, character_id, kind, request, requested_by, status, reason, decided_by,
     created_at, decided_at) = row  # fmt: skip
    return Approval(
        id=id_,
        guild_id=guild_id,
        character_id=character_id,
        kind=ApprovalKind(kind),
        request=request,
        requested_by=requested_by,
        status=ApprovalStatus(status),
        reason=reason,
        decided_by=decided_by,
        created_at=from_text(created_at),
        decided_at=maybe_from_text(decided_at),
    )


class ApprovalRepository:
    """The approval queue; a character whose latest sheet approval is not approved is held."""

    def __init__(self, connection: Connection) -> None:
        self._db = connection

    def add(
        self,
        guild_id: int,
        character_id: int,
        kind: ApprovalKind,
        requested_by: int,
        now: datetime,
        request: str | None = None,
    ) -> int:
        rows = self._db.execute_fetchall(
            "INSERT INTO character_approvals (guild_id, character_id, kind, request,"
            " requested_by, status, created_at) VALUES (?, ?, ?, ?, ?, 'pending', ?) RETURNING id",
            (guild_id, character_id, kind.value, request, requested_by, to_text(now)),
        )
        return int(next(iter(rows))[0])

    def get(self, guild_id: int, approval_id: int, *, lock: bool = False) -> Approval | None:
        """A request of this server by id; `lock` holds its row until the transaction ends, so
        that two admins deciding it at once decide one after the other."""
        held = self._db.dialect.lock_rows if lock else ""
        rows = self._db.execute_fetchall(
            f"SELECT {_COLUMNS} FROM character_approvals WHERE id = ? AND guild_id = ?{held}",
            (approval_id, guild_id),
        )
        return next((_approval(row) for row in rows), None)

    def get_any(self, approval_id: int) -> Approval | None:
        """A request by id alone: for the unit of work that just made it."""
        rows = self._db.execute_fetchall(
            f"SELECT {_COLUMNS} FROM character_approvals WHERE id = ?", (approval_id,)
        )
        return next((_approval(row) for row in rows), None)

    def waiting(self, guild_id: int, limit: int) -> list[Approval]:
        """What waits in the server's queue, oldest first."""
        rows = self._db.execute_fetchall(
            f"SELECT {_COLUMNS} FROM character_approvals"
            " WHERE guild_id = ? AND status = 'pending' ORDER BY id LIMIT ?",
            (guild_id, limit),
        )
        return [_approval(row) for row in rows]

    def page_in_guild(
        self, guild_id: int, after_id: int, last_id: int, limit: int
    ) -> list[Approval]:
        """The server's requests, decided ones too, with ids after `after_id` up to `last_id`,
        oldest first, at most `limit` (for export)."""
        rows = self._db.execute_fetchall(
            f"SELECT {_COLUMNS} FROM character_approvals"
            " WHERE guild_id = ? AND id > ? AND id <= ? ORDER BY id LIMIT ?",
            (guild_id, after_id, last_id, limit),
        )
        return [_approval(row) for row in rows]

    def last_id(self, guild_id: int) -> int:
        """The server's newest request id (0: none)."""
        rows = self._db.execute_fetchall(
            "SELECT coalesce(max(id), 0) FROM character_approvals WHERE guild_id = ?",
            (guild_id,),
        )
        return int(rows[0][0])

    def sheet_status(self, character_id: int) -> ApprovalStatus | None:
        """The latest decision on a character's sheet; None when it never needed one."""
        rows = self._db.execute_fetchall(
            "SELECT status FROM character_approvals WHERE character_id = ? AND kind = 'sheet'"
            " ORDER BY id DESC LIMIT 1",
            (character_id,),
        )
        return next((ApprovalStatus(row[0]) for row in rows), None)

    def latest_sheet(self, character_id: int) -> Approval | None:
        """The latest request about a character's sheet (its reason, when turned down)."""
        rows = self._db.execute_fetchall(
            f"SELECT {_COLUMNS} FROM character_approvals WHERE character_id = ?"
            " AND kind = 'sheet' ORDER BY id DESC LIMIT 1",
            (character_id,),
        )
        return next((_approval(row) for row in rows), None)

    def decide(
        self,
        approval: Approval,
        status: ApprovalStatus,
        decided_by: int,
        now: datetime,
        reason: str | None = None,
    ) -> bool:
        """Record a decision once; False when it was already decided (a second click)."""
        rows = self._db.execute_fetchall(
            "UPDATE character_approvals SET status = ?, decided_by = ?, reason = ?,"
            " decided_at = ? WHERE id = ? AND guild_id = ? AND status = 'pending' RETURNING id",
            (status.value, decided_by, reason, to_text(now), approval.id, approval.guild_id),
        )
        return bool(list(rows))


# Markdown escaped in a name, as bot.actions.formatting.safe does (storage cannot import it).
_ESCAPES = str.maketrans({char: "\\" + char for char in "\\*_~`|>#[]<@"})


class CharacterHeld(PawpostError):
    """A character whose sheet an admin has not approved tried to roll."""

    def __init__(self, name: str, status: ApprovalStatus) -> None:
        if status is ApprovalStatus.REJECTED:
            text = (
                f"An admin turned down {name.translate(_ESCAPES)}'s sheet; change it with "
                "/character new (the builder reopens on it) and send it again before it rolls."
            )
        else:
            text = (
                f"{name.translate(_ESCAPES)} waits for an admin's approval "
                "and cannot roll, hunt or fight yet."
            )
        super().__init__(text)
