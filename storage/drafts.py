"""Character drafts: a sheet builder's choices so far, one draft per player and server, kept
until it expires."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from pydantic import BaseModel, Field

from storage.connection import Connection
from storage.repositories import Transaction
from storage.timestamps import from_text, to_text


class Draft(BaseModel):
    """A character being built: its ruleset's choices by key (JSON values)."""

    id: int = 0
    guild_id: int
    owner_id: int
    ruleset: str
    choices: dict[str, Any] = Field(default_factory=dict)
    created_at: datetime
    expires_at: datetime


_COLUMNS = "id, guild_id, owner_id, ruleset, choices, created_at, expires_at"


def _draft(row: Sequence[Any]) -> Draft:
    id_, guild_id, owner_id, ruleset, choices, created_at, expires_at = row
    return Draft(
        id=id_,
        guild_id=guild_id,
        owner_id=owner_id,
        ruleset=ruleset,
        choices=json.loads(choices),
        created_at=from_text(created_at),
        expires_at=from_text(expires_at),
    )


class DraftRepository:
    def __init__(self, connection: Connection) -> None:
        self._db = connection

    def replace(self, draft: Draft) -> Draft:
        """Store a player's new draft in place of any they had in the server; returns it with
        its id (never one given before)."""
        self._db.execute(
            "DELETE FROM character_drafts WHERE guild_id = ? AND owner_id = ?",
            (draft.guild_id, draft.owner_id),
        )
        rows = self._db.execute_fetchall(
            "INSERT INTO character_drafts (guild_id, owner_id, ruleset, choices, created_at,"
            " expires_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
            (
                draft.guild_id,
                draft.owner_id,
                draft.ruleset,
                json.dumps(draft.choices),
                to_text(draft.created_at),
                to_text(draft.expires_at),
            ),
        )
        return draft.model_copy(update={"id": int(next(iter(rows))[0])})

    def get(self, guild_id: int, draft_id: int) -> Draft | None:
        """A draft of this server by id, expired or not (another server's id finds nothing)."""
        rows = self._db.execute_fetchall(
            f"SELECT {_COLUMNS} FROM character_drafts WHERE id = ? AND guild_id = ?",
            (draft_id, guild_id),
        )
        return next((_draft(row) for row in rows), None)

    def of_owner(self, guild_id: int, owner_id: int) -> Draft | None:
        """A player's draft in the server, expired or not (a player has one at most)."""
        rows = self._db.execute_fetchall(
            f"SELECT {_COLUMNS} FROM character_drafts WHERE guild_id = ? AND owner_id = ?"
            " ORDER BY id DESC LIMIT 1",
            (guild_id, owner_id),
        )
        return next((_draft(row) for row in rows), None)

    def save(self, draft: Draft) -> None:
        """Store a draft's choices and its new expiry."""
        self._db.execute(
            "UPDATE character_drafts SET choices = ?, expires_at = ? WHERE id = ? AND guild_id = ?",
            (json.dumps(draft.choices), to_text(draft.expires_at), draft.id, draft.guild_id),
        )

    def delete(self, guild_id: int, draft_id: int) -> None:
        self._db.execute(
            "DELETE FROM character_drafts WHERE id = ? AND guild_id = ?", (draft_id, guild_id)
        )

    def delete_expired(self, now: datetime) -> int:
        """Forget every server's drafts that expired by `now`; returns how many went."""
        cursor = self._db.execute(
            "DELETE FROM character_drafts WHERE expires_at <= ?" + self._db.scope.only("guild_id"),
            (to_text(now),),
        )
        return cursor.rowcount


def drafts(tx: Transaction) -> DraftRepository:
    """The drafts inside the open transaction `tx`."""
    return tx.part(DraftRepository)
