"""The party's rests, the MC's answers to a Long Rest's experience questions (each counted
once), and what each member plans to do at the next rest."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel

from rules.caverns.constants import EXPERIENCE_QUESTIONS_COUNT
from rules.caverns.party.harmony_skills import HarmonySkill
from rules.caverns.skills import Totem
from storage.connection import Connection
from storage.timestamps import maybe_from_text, to_text


class StoredRest(BaseModel):
    id: int
    guild_id: int
    party_id: int
    kind: str
    total: int
    answers: tuple[bool | None, ...]
    settled_at: datetime | None

    @property
    def answered(self) -> bool:
        return all(answer is not None for answer in self.answers)


class RestPlan(BaseModel):
    harmony: tuple[HarmonySkill, ...] = ()
    totem: Totem | None = None
    withhold: bool = False  # will not pay for its deliveries at the Long Rest


_COLUMNS = "id, guild_id, party_id, kind, total, answer_1, answer_2, answer_3, settled_at"
_ANSWERS = ("answer_1", "answer_2", "answer_3")
assert len(_ANSWERS) == EXPERIENCE_QUESTIONS_COUNT


def _rest(row: Any) -> StoredRest:
    return StoredRest(
        id=row[0],
        guild_id=row[1],
        party_id=row[2],
        kind=row[3],
        total=row[4],
        answers=tuple(None if value is None else bool(value) for value in row[5:8]),
        settled_at=maybe_from_text(row[8]),
    )


class RestRepository:
    """The `caverns_rests` and `caverns_rest_plans` tables."""

    def __init__(self, connection: Connection) -> None:
        self._db = connection

    def add(self, guild_id: int, party_id: int, kind: str, total: int, now: datetime) -> int:
        row = self._db.execute(
            "INSERT INTO caverns_rests (guild_id, party_id, kind, total, created_at)"
            " VALUES (?, ?, ?, ?, ?) RETURNING id",
            (guild_id, party_id, kind, total, to_text(now)),
        ).fetchone()
        return int(row[0])

    def get(self, guild_id: int, rest_id: int) -> StoredRest | None:
        rows = self._db.execute_fetchall(
            f"SELECT {_COLUMNS} FROM caverns_rests WHERE guild_id = ? AND id = ?",
            (guild_id, rest_id),
        )
        return _rest(rows[0]) if rows else None

    def latest(self, guild_id: int, party_id: int) -> StoredRest | None:
        rows = self._db.execute_fetchall(
            f"SELECT {_COLUMNS} FROM caverns_rests WHERE guild_id = ? AND party_id = ?"
            " ORDER BY id DESC LIMIT 1",
            (guild_id, party_id),
        )
        return _rest(rows[0]) if rows else None

    def answer(self, rest_id: int, question: int, yes: bool) -> bool:
        """Record the MC's answer to one question; False if it was answered already."""
        column = _ANSWERS[question]  # a fixed name, never user input
        cursor = self._db.execute(
            f"UPDATE caverns_rests SET {column} = ? WHERE id = ? AND {column} IS NULL"
            " AND settled_at IS NULL",
            (int(yes), rest_id),
        )
        return cursor.rowcount == 1

    def settle(self, rest_id: int, now: datetime) -> bool:
        """Mark the answers counted; False if they were counted already."""
        cursor = self._db.execute(
            "UPDATE caverns_rests SET settled_at = ? WHERE id = ? AND settled_at IS NULL",
            (to_text(now), rest_id),
        )
        return cursor.rowcount == 1

    def plan(self, character_id: int) -> RestPlan:
        rows = self._db.execute_fetchall(
            "SELECT harmony, totem, withhold FROM caverns_rest_plans WHERE character_id = ?",
            (character_id,),
        )
        if not rows:
            return RestPlan()
        harmony = tuple(HarmonySkill(key) for key in str(rows[0][0]).split(",") if key)
        totem = None if rows[0][1] is None else Totem(rows[0][1])
        return RestPlan(harmony=harmony, totem=totem, withhold=bool(rows[0][2]))

    def save_plan(self, guild_id: int, character_id: int, plan: RestPlan, now: datetime) -> None:
        self._db.execute(
            "INSERT INTO caverns_rest_plans"
            " (character_id, guild_id, harmony, totem, withhold, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (character_id) DO UPDATE SET"
            " harmony = excluded.harmony, totem = excluded.totem,"
            " withhold = excluded.withhold, updated_at = excluded.updated_at",
            (
                character_id,
                guild_id,
                ",".join(skill.value for skill in plan.harmony),
                None if plan.totem is None else plan.totem.value,
                int(plan.withhold),
                to_text(now),
            ),
        )

    def clear_plans(self, character_ids: list[int], *, long_rest: bool) -> None:
        """The plans a rest used: a Short Rest uses the Harmony skills (the second totem and
        the withheld payment wait for the Long Rest), a Long Rest everything."""
        rows = [(character_id,) for character_id in character_ids]
        if long_rest:
            self._db.executemany("DELETE FROM caverns_rest_plans WHERE character_id = ?", rows)
        else:
            self._db.executemany(
                "UPDATE caverns_rest_plans SET harmony = '' WHERE character_id = ?", rows
            )
