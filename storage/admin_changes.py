"""What each undoable admin change did to a character: its whole state before and after."""

from __future__ import annotations

import json
from typing import Any, NamedTuple

from storage.connection import Connection


class AdminChange(NamedTuple):
    audit_id: int
    guild_id: int
    character_id: int
    before: dict[str, Any]
    after: dict[str, Any]
    undone_by: int | None


class AdminChangeRepository:
    def __init__(self, connection: Connection) -> None:
        self._db = connection

    def add(
        self,
        audit_id: int,
        guild_id: int,
        character_id: int,
        before: dict[str, Any],
        after: dict[str, Any],
    ) -> None:
        self._db.execute(
            "INSERT INTO admin_changes (audit_id, guild_id, character_id, before_state,"
            " after_state) VALUES (?, ?, ?, ?, ?)",
            (audit_id, guild_id, character_id, _text(before), _text(after)),
        )

    def get(self, guild_id: int, audit_id: int) -> AdminChange | None:
        rows = self._db.execute_fetchall(
            "SELECT audit_id, guild_id, character_id, before_state, after_state, undone_by"
            " FROM admin_changes WHERE guild_id = ? AND audit_id = ?",
            (guild_id, audit_id),
        )
        return next((_change(row) for row in rows), None)

    def latest(self, guild_id: int) -> AdminChange | None:
        """The server's newest admin change not yet undone."""
        rows = self._db.execute_fetchall(
            "SELECT audit_id, guild_id, character_id, before_state, after_state, undone_by"
            " FROM admin_changes WHERE guild_id = ? AND undone_by IS NULL"
            " ORDER BY audit_id DESC LIMIT 1",
            (guild_id,),
        )
        return next((_change(row) for row in rows), None)

    def mark_undone(self, guild_id: int, audit_id: int, undone_by: int) -> None:
        self._db.execute(
            "UPDATE admin_changes SET undone_by = ? WHERE guild_id = ? AND audit_id = ?",
            (undone_by, guild_id, audit_id),
        )


def _text(state: dict[str, Any]) -> str:
    return json.dumps(state, sort_keys=True, separators=(",", ":"))


def _change(row: Any) -> AdminChange:
    audit_id, guild_id, character_id, before, after, undone_by = row
    return AdminChange(
        audit_id, guild_id, character_id, json.loads(before), json.loads(after), undone_by
    )
