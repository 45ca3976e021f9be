"""Taking Risks' stored rolls (Risks, Tricks and dream changes): what a later click on a roll's
buttons needs, and whether each follow-up was done already."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

from pydantic import BaseModel

from rules.cat.magic import TrickResult
from rules.cat.risks import RiskResult
from storage.connection import Connection
from storage.timestamps import from_text, maybe_from_text, to_text


class FollowUp(StrEnum):
    """What a Risk's buttons do, each at most once: its column in `cat_risks`."""

    STYLE = "style_at"  # its surplus evens banked as Style (or spent on a scene edit)
    LIFE = "life_at"  # a Life spent to succeed
    SCARS = "scars_at"  # a dangerous failure's scars placed


class RollKind(StrEnum):
    """What was rolled: its column `kind` in `cat_risks`."""

    RISK = "risk"  # a Risk, a try to break the Bauble Curse or a dream change (RiskResult)
    TRICK = "trick"  # a Trick (TrickResult): its Style only, never a Life


class StoredRisk(BaseModel):
    """A stored roll; `moved_on_at` is when the cat rolled again, so that a Life can no longer
    be spent on this one."""

    id: int
    guild_id: int
    character_id: int
    audit_id: int
    result: RiskResult | TrickResult
    created_at: datetime
    style_at: datetime | None = None
    life_at: datetime | None = None
    scars_at: datetime | None = None
    moved_on_at: datetime | None = None

    def done(self, follow_up: FollowUp) -> bool:
        return getattr(self, follow_up.value) is not None

    @property
    def risk(self) -> RiskResult | None:
        """The Risk, or None for a Trick."""
        return self.result if isinstance(self.result, RiskResult) else None


_COLUMNS = (
    "id, guild_id, character_id, audit_id, result, created_at, style_at, life_at, scars_at,"
    " kind, moved_on_at"
)
_RESULTS: dict[RollKind, type[RiskResult] | type[TrickResult]] = {
    RollKind.RISK: RiskResult,
    RollKind.TRICK: TrickResult,
}


def _risk(row: Any) -> StoredRisk:
    return StoredRisk(
        id=row[0],
        guild_id=row[1],
        character_id=row[2],
        audit_id=row[3],
        result=_RESULTS[RollKind(row[9])].model_validate_json(row[4]),
        created_at=from_text(row[5]),
        style_at=maybe_from_text(row[6]),
        life_at=maybe_from_text(row[7]),
        scars_at=maybe_from_text(row[8]),
        moved_on_at=maybe_from_text(row[10]),
    )


class RiskRepository:
    """The `cat_risks` table."""

    def __init__(self, connection: Connection) -> None:
        self._db = connection

    def add(
        self,
        guild_id: int,
        character_id: int,
        audit_id: int,
        result: RiskResult | TrickResult,
        now: datetime,
    ) -> int:
        """Record a roll; returns its id."""
        kind = RollKind.TRICK if isinstance(result, TrickResult) else RollKind.RISK
        cursor = self._db.execute(
            "INSERT INTO cat_risks (guild_id, character_id, audit_id, result, created_at, kind)"
            " VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
            (guild_id, character_id, audit_id, result.model_dump_json(), to_text(now), kind.value),
        )
        return int(cursor.fetchone()[0])

    def move_on(self, guild_id: int, character_id: int, now: datetime) -> None:
        """The cat rolls again: a Life can no longer be spent on its earlier rolls."""
        self._db.execute(
            "UPDATE cat_risks SET moved_on_at = ? WHERE guild_id = ? AND character_id = ?"
            " AND life_at IS NULL AND moved_on_at IS NULL",
            (to_text(now), guild_id, character_id),
        )

    def get(self, guild_id: int, risk_id: int) -> StoredRisk | None:
        rows = self._db.execute_fetchall(
            f"SELECT {_COLUMNS} FROM cat_risks WHERE guild_id = ? AND id = ?",
            (guild_id, risk_id),
        )
        return _risk(rows[0]) if rows else None

    def mark(
        self,
        risk_id: int,
        follow_up: FollowUp,
        now: datetime,
        result: RiskResult | TrickResult | None = None,
    ) -> bool:
        """Mark a follow-up done (and store the Risk as it now stands); False when it was done
        already, a moment ago."""
        column = follow_up.value  # one of three fixed names, never user input
        if result is None:
            cursor = self._db.execute(
                f"UPDATE cat_risks SET {column} = ? WHERE id = ? AND {column} IS NULL",
                (to_text(now), risk_id),
            )
        else:
            cursor = self._db.execute(
                f"UPDATE cat_risks SET {column} = ?, result = ? WHERE id = ? AND {column} IS NULL",
                (to_text(now), result.model_dump_json(), risk_id),
            )
        return cursor.rowcount == 1

    def by_audit(self, guild_id: int, audit_id: int) -> StoredRisk | None:
        """The roll an audit entry logged (what an adjudication of it changes)."""
        rows = self._db.execute_fetchall(
            f"SELECT {_COLUMNS} FROM cat_risks WHERE guild_id = ? AND audit_id = ?",
            (guild_id, audit_id),
        )
        return _risk(rows[0]) if rows else None

    def rule(self, risk_id: int, result: RiskResult | TrickResult, now: datetime) -> None:
        """Store the roll as an adjudication left it; its Life is no longer offered."""
        self._db.execute(
            "UPDATE cat_risks SET result = ?, moved_on_at = coalesce(moved_on_at, ?) WHERE id = ?",
            (result.model_dump_json(), to_text(now), risk_id),
        )

    def recent_of(self, guild_id: int, character_id: int, limit: int) -> list[StoredRisk]:
        """A cat's latest rolls, newest first."""
        rows = self._db.execute_fetchall(
            f"SELECT {_COLUMNS} FROM cat_risks WHERE guild_id = ? AND character_id = ?"
            " ORDER BY id DESC LIMIT ?",
            (guild_id, character_id, limit),
        )
        return [_risk(row) for row in rows]

    def restore(self, stored: StoredRisk) -> None:
        """Put a roll's follow-ups back as they were (an admin's undo)."""
        self._db.execute(
            "UPDATE cat_risks SET result = ?, style_at = ?, life_at = ?, scars_at = ?,"
            " moved_on_at = ? WHERE id = ? AND guild_id = ?",
            (
                stored.result.model_dump_json(),
                *(
                    None if moment is None else to_text(moment)
                    for moment in (
                        stored.style_at,
                        stored.life_at,
                        stored.scars_at,
                        stored.moved_on_at,
                    )
                ),
                stored.id,
                stored.guild_id,
            ),
        )

    def all_in_guild(self, guild_id: int) -> list[StoredRisk]:
        """Every stored Risk of the server, for export."""
        rows = self._db.execute_fetchall(
            f"SELECT {_COLUMNS} FROM cat_risks WHERE guild_id = ? ORDER BY id", (guild_id,)
        )
        return [_risk(row) for row in rows]
