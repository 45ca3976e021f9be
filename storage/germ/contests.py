"""Germ's own tables: pending contests and the trust records of 21+ conversations."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from pydantic import BaseModel

from rules.rolls import Roll
from storage.connection import Connection
from storage.timestamps import from_text, maybe_from_text, to_text


class Contest(BaseModel):
    """A contested roll: the initiator has rolled, the defender's roll may still be pending."""

    id: int = 0
    guild_id: int
    channel_id: int
    initiator_user_id: int
    initiator_character_id: int
    defender_character_id: int
    stat: str
    initiator_roll: Roll
    reason: str | None = None
    created_at: datetime
    timeout_noticed_at: datetime | None = None
    resolved_at: datetime | None = None
    defender_roll: Roll | None = None
    outcome: str | None = None


_CONTEST_COLUMNS = (
    "id, guild_id, channel_id, initiator_user_id, initiator_character_id,"
    " defender_character_id, stat, initiator_roll, reason, created_at, timeout_noticed_at,"
    " resolved_at, defender_roll, outcome"
)


def _contest(row: Sequence[Any]) -> Contest:
    (id_, guild_id, channel_id, initiator_user_id, initiator_character_id,
     defender_character_id, stat, initiator_roll, reason, created_at, timeout_noticed_at,
     resolved_at, defender_roll, outcome) = row  # fmt: skip
    return Contest(
        id=id_,
        guild_id=guild_id,
        channel_id=channel_id,
        initiator_user_id=initiator_user_id,
        initiator_character_id=initiator_character_id,
        defender_character_id=defender_character_id,
        stat=stat,
        initiator_roll=Roll.model_validate_json(initiator_roll),
        reason=reason,
        created_at=from_text(created_at),
        timeout_noticed_at=maybe_from_text(timeout_noticed_at),
        resolved_at=maybe_from_text(resolved_at),
        defender_roll=None if defender_roll is None else Roll.model_validate_json(defender_roll),
        outcome=outcome,
    )


class GermRepository:
    def __init__(self, connection: Connection) -> None:
        self._db = connection

    def add_contest(self, contest: Contest) -> int:
        rows = self._db.execute_fetchall(
            "INSERT INTO contests (guild_id, channel_id, initiator_user_id,"
            " initiator_character_id, defender_character_id, stat, initiator_roll, reason,"
            " created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
            (
                contest.guild_id,
                contest.channel_id,
                contest.initiator_user_id,
                contest.initiator_character_id,
                contest.defender_character_id,
                contest.stat,
                contest.initiator_roll.model_dump_json(exclude_defaults=True),
                contest.reason,
                to_text(contest.created_at),
            ),
        )
        return int(next(iter(rows))[0])

    def contest(self, guild_id: int, contest_id: int) -> Contest | None:
        """A contest of this server by id (another server's id finds nothing)."""
        rows = self._db.execute_fetchall(
            f"SELECT {_CONTEST_COLUMNS} FROM contests WHERE id = ? AND guild_id = ?",
            (contest_id, guild_id),
        )
        return next((_contest(row) for row in rows), None)

    def resolve_contest(
        self, contest_id: int, defender_roll: Roll, outcome: str, now: datetime
    ) -> bool:
        """Record the defender's roll; False when the contest was already resolved."""
        cursor = self._db.execute(
            "UPDATE contests SET resolved_at = ?, defender_roll = ?, outcome = ?"
            " WHERE id = ? AND resolved_at IS NULL",
            (
                to_text(now),
                defender_roll.model_dump_json(exclude_defaults=True),
                outcome,
                contest_id,
            ),
        )
        return cursor.rowcount == 1

    def overdue_contests(self, created_before: datetime, limit: int) -> list[Contest]:
        """Unresolved contests older than the cut-off whose timeout was not yet announced."""
        rows = self._db.execute_fetchall(
            f"SELECT {_CONTEST_COLUMNS} FROM contests WHERE resolved_at IS NULL"
            " AND timeout_noticed_at IS NULL AND created_at < ? ORDER BY created_at LIMIT ?",
            (to_text(created_before), limit),
        )
        return [_contest(row) for row in rows]

    def earliest_waiting_contest(self) -> tuple[int, datetime] | None:
        """(server, start time) of the oldest contest still waiting for its defender and not yet
        announced as overdue."""
        rows = self._db.execute_fetchall(
            "SELECT guild_id, created_at FROM contests WHERE resolved_at IS NULL"
            " AND timeout_noticed_at IS NULL ORDER BY created_at LIMIT 1"
        )
        return next(((guild_id, from_text(created)) for guild_id, created in rows), None)

    def mark_timeout_noticed(self, contest_ids: Sequence[int], now: datetime) -> None:
        self._db.executemany(
            "UPDATE contests SET timeout_noticed_at = ? WHERE id = ?",
            [(to_text(now), contest_id) for contest_id in contest_ids],
        )

    def trusts(self, guild_id: int, target_id: int, speaker_id: int) -> bool:
        """Whether the target fully trusts the speaker."""
        rows = self._db.execute_fetchall(
            "SELECT 1 FROM trust WHERE guild_id = ? AND target_id = ? AND speaker_id = ?",
            (guild_id, target_id, speaker_id),
        )
        return bool(rows)

    def add_trust(self, guild_id: int, target_id: int, speaker_id: int, now: datetime) -> None:
        self._db.execute(
            "INSERT OR IGNORE INTO trust (guild_id, target_id, speaker_id, since)"
            " VALUES (?, ?, ?, ?)",
            (guild_id, target_id, speaker_id, to_text(now)),
        )

    def revoke_trust_between(self, guild_id: int, one_id: int, other_id: int) -> int:
        """Remove trust either way between two characters; returns how many records went."""
        cursor = self._db.execute(
            "DELETE FROM trust WHERE guild_id = ? AND ((target_id = ? AND speaker_id = ?)"
            " OR (target_id = ? AND speaker_id = ?))",
            (guild_id, one_id, other_id, other_id, one_id),
        )
        return cursor.rowcount

    def trusted_by(self, guild_id: int, speaker_id: int) -> list[str]:
        """Names of the live characters who fully trust the speaker."""
        rows = self._db.execute_fetchall(
            "SELECT c.name FROM trust t JOIN characters c ON c.id = t.target_id"
            " WHERE t.guild_id = ? AND t.speaker_id = ? AND c.deleted_at IS NULL"
            " ORDER BY c.name_key",
            (guild_id, speaker_id),
        )
        return [name for (name,) in rows]
