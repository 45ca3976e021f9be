"""Contested rolls waiting for the defender: the initiator's roll stored, the defender's button
answered once, an overdue one announced once. Shared by every ruleset that contests."""

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
    group_id: int | None = None  # the first contest's id when one roll faces several defenders


_CONTEST_COLUMNS = (
    "id, guild_id, channel_id, initiator_user_id, initiator_character_id,"
    " defender_character_id, stat, initiator_roll, reason, created_at, timeout_noticed_at,"
    " resolved_at, defender_roll, outcome, group_id"
)


def _contest(row: Sequence[Any]) -> Contest:
    (id_, guild_id, channel_id, initiator_user_id, initiator_character_id,
     defender_character_id, stat, initiator_roll, reason, created_at, timeout_noticed_at,
     resolved_at, defender_roll, outcome, group_id) = row  # fmt: skip
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
        group_id=group_id,
    )


class ContestRepository:
    """The `contests` table."""

    def __init__(self, connection: Connection) -> None:
        self._db = connection

    def add(self, contest: Contest) -> int:
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

    def waiting_against(
        self, guild_id: int, initiator_user_id: int, defender_ids: Sequence[int]
    ) -> dict[int, int]:
        """Of these defenders, those this player already has a contest waiting against:
        defender id -> that contest's id (the oldest)."""
        marks = ", ".join("?" * len(defender_ids))
        rows = self._db.execute_fetchall(
            "SELECT defender_character_id, min(id) FROM contests"
            " WHERE guild_id = ? AND initiator_user_id = ? AND resolved_at IS NULL"
            f" AND defender_character_id IN ({marks}) GROUP BY defender_character_id",
            (guild_id, initiator_user_id, *defender_ids),
        )
        return {defender: contest_id for defender, contest_id in rows}

    def started_since(self, guild_id: int, initiator_user_id: int, since: datetime) -> int:
        """How many contests this player has started since then (one per defender)."""
        rows = self._db.execute_fetchall(
            "SELECT count(*) FROM contests"
            " WHERE guild_id = ? AND initiator_user_id = ? AND created_at > ?",
            (guild_id, initiator_user_id, to_text(since)),
        )
        return int(rows[0][0])

    def get(self, guild_id: int, contest_id: int, *, lock: bool = False) -> Contest | None:
        """A contest of this server by id (another server's id finds nothing); `lock` holds
        its row until the transaction ends, so that two answers at once are one after the
        other, the second seeing the first's."""
        held = self._db.dialect.lock_rows if lock else ""
        rows = self._db.execute_fetchall(
            f"SELECT {_CONTEST_COLUMNS} FROM contests WHERE id = ? AND guild_id = ?{held}",
            (contest_id, guild_id),
        )
        return next((_contest(row) for row in rows), None)

    def group(self, contest_ids: Sequence[int]) -> None:
        """Make these contests, stored together for one roll, one group (the first id names it)."""
        self._db.executemany(
            "UPDATE contests SET group_id = ? WHERE id = ?",
            [(contest_ids[0], contest_id) for contest_id in contest_ids],
        )

    def group_of(self, contest: Contest, largest: int) -> list[Contest]:
        """The contests of `contest`'s group by id (only itself when it is alone); a group's
        ids follow its first one, at most `largest` of them."""
        if contest.group_id is None:
            return [contest]
        rows = self._db.execute_fetchall(
            f"SELECT {_CONTEST_COLUMNS} FROM contests WHERE id BETWEEN ? AND ?"
            " AND group_id = ? ORDER BY id",
            (contest.group_id, contest.group_id + largest - 1, contest.group_id),
        )
        return [_contest(row) for row in rows]

    def resolve(self, contest_id: int, defender_roll: Roll, outcome: str, now: datetime) -> bool:
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

    def waiting(self, guild_id: int, limit: int) -> list[Contest]:
        """The server's contests still waiting for their defender, oldest first."""
        rows = self._db.execute_fetchall(
            f"SELECT {_CONTEST_COLUMNS} FROM contests"
            " WHERE guild_id = ? AND resolved_at IS NULL ORDER BY id LIMIT ?",
            (guild_id, limit),
        )
        return [_contest(row) for row in rows]

    def waiting_with(self, guild_id: int, character_id: int) -> list[Contest]:
        """The server's contests still waiting for their defender in which the character has
        rolled or is to roll, oldest first."""
        rows = self._db.execute_fetchall(
            f"SELECT {_CONTEST_COLUMNS} FROM contests WHERE guild_id = ? AND resolved_at IS NULL"
            " AND (initiator_character_id = ? OR defender_character_id = ?) ORDER BY id",
            (guild_id, character_id, character_id),
        )
        return [_contest(row) for row in rows]

    def call_off(self, contest_id: int, outcome: str, now: datetime) -> bool:
        """Settle a waiting contest with no defender's roll (an admin ended it); False when it
        was settled already."""
        cursor = self._db.execute(
            "UPDATE contests SET resolved_at = ?, outcome = ? WHERE id = ? AND resolved_at IS NULL",
            (to_text(now), outcome, contest_id),
        )
        return cursor.rowcount == 1

    def overdue(self, created_before: datetime, limit: int) -> list[Contest]:
        """Unresolved contests older than the cut-off whose timeout was not yet announced,
        claimed: the other processes pass them over until this transaction ends."""
        rows = self._db.execute_fetchall(
            f"SELECT {_CONTEST_COLUMNS} FROM contests WHERE resolved_at IS NULL"
            " AND timeout_noticed_at IS NULL AND created_at < ?"
            + self._db.scope.only("guild_id")
            + " ORDER BY created_at LIMIT ?"
            + self._db.dialect.claim("contests"),
            (to_text(created_before), limit),
        )
        return [_contest(row) for row in rows]

    def earliest_waiting(self) -> tuple[int, datetime] | None:
        """(server, start time) of the oldest contest still waiting for its defender and not yet
        announced as overdue."""
        rows = self._db.execute_fetchall(
            "SELECT guild_id, created_at FROM contests WHERE resolved_at IS NULL"
            " AND timeout_noticed_at IS NULL"
            + self._db.scope.only("guild_id")
            + " ORDER BY created_at LIMIT 1"
        )
        return next(((guild_id, from_text(created)) for guild_id, created in rows), None)

    def mark_timeout_noticed(self, contest_ids: Sequence[int], now: datetime) -> None:
        self._db.executemany(
            "UPDATE contests SET timeout_noticed_at = ? WHERE id = ?",
            [(to_text(now), contest_id) for contest_id in contest_ids],
        )
