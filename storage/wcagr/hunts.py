"""WCAGR's stored hunts, their hunters, and the clans' fresh-kill piles."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from enum import StrEnum
from typing import Any

from pydantic import BaseModel

from rules.wcagr import Skill
from rules.wcagr.hunting import Prey, Stage, Weight
from storage.connection import Connection
from storage.timestamps import from_text, to_text


class HuntState(StrEnum):
    GOING = "going"
    WEIGHING = "weighing"  # its Kill ruled a success by an admin: the weight is still to roll
    KILLED = "killed"
    LOST = "lost"
    ABANDONED = "abandoned"  # every hunter left it


class StoredHunt(BaseModel):
    id: int
    guild_id: int
    channel_id: int
    prey: Prey
    locate_skill: Skill
    stage: Stage
    tries: int
    state: HuntState
    started_by: int
    created_at: datetime
    members: tuple[int, ...] = ()
    last_roll_id: int | None = None  # the audit entry of its latest stage roll
    last_roll_try: int | None = None  # which try at its stage that roll was

    @property
    def going(self) -> bool:
        """Still to be rolled on: hunting, or a kill waiting for its weight."""
        return self.state in (HuntState.GOING, HuntState.WEIGHING)


class Piece(BaseModel):
    """One catch on a clan's pile."""

    id: int
    guild_id: int
    clan: str
    prey: Prey
    weight: Weight
    sixths: int
    sixths_left: int
    caught_day: int
    caught_by: int | None
    hunt_id: int | None


_HUNT = (
    "id, guild_id, channel_id, prey, locate_skill, stage, tries, state, started_by, created_at,"
    " last_roll_id, last_roll_try"
)
_PIECE = "id, guild_id, clan, prey, weight, sixths, sixths_left, caught_day, caught_by, hunt_id"


def _hunt(row: Sequence[Any], members: Sequence[int]) -> StoredHunt:
    return StoredHunt(
        id=row[0],
        guild_id=row[1],
        channel_id=row[2],
        prey=Prey(row[3]),
        locate_skill=Skill(row[4]),
        stage=Stage(row[5]),
        tries=row[6],
        state=HuntState(row[7]),
        started_by=row[8],
        created_at=from_text(row[9]),
        last_roll_id=row[10],
        last_roll_try=row[11],
        members=tuple(members),
    )


def _piece(row: Sequence[Any]) -> Piece:
    return Piece(
        id=row[0],
        guild_id=row[1],
        clan=row[2],
        prey=Prey(row[3]),
        weight=Weight(row[4]),
        sixths=row[5],
        sixths_left=row[6],
        caught_day=row[7],
        caught_by=row[8],
        hunt_id=row[9],
    )


class HuntRepository:
    """The `wcagr_hunts`, `wcagr_hunt_members` and `wcagr_freshkill` tables."""

    def __init__(self, connection: Connection) -> None:
        self._db = connection

    # --- hunts ---------------------------------------------------------------------------

    def start(
        self,
        guild_id: int,
        channel_id: int,
        prey: Prey,
        locate_skill: Skill,
        character_id: int,
        now: datetime,
        log_id: int | None = None,
    ) -> int:
        rows = self._db.execute_fetchall(
            "INSERT INTO wcagr_hunts (guild_id, channel_id, prey, locate_skill, stage, tries,"
            " state, started_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?, ?)"
            " RETURNING id",
            (
                guild_id,
                channel_id,
                prey.value,
                locate_skill.value,
                Stage.LOCATE.value,
                HuntState.GOING.value,
                character_id,
                to_text(now),
                to_text(now),
            ),
        )
        hunt_id = int(rows[0][0])
        self.add_member(hunt_id, guild_id, character_id, now, log_id)
        return hunt_id

    def add_member(
        self,
        hunt_id: int,
        guild_id: int,
        character_id: int,
        now: datetime,
        log_id: int | None = None,
    ) -> None:
        self._db.execute(
            "INSERT INTO wcagr_hunt_members (hunt_id, guild_id, character_id, log_id, joined_at)"
            " VALUES (?, ?, ?, ?, ?) ON CONFLICT (hunt_id, character_id) DO NOTHING",
            (hunt_id, guild_id, character_id, log_id, to_text(now)),
        )

    def log_ids(self, hunt_id: int) -> list[int]:
        """The hunters' lines in the core's hunting log."""
        rows = self._db.execute_fetchall(
            "SELECT log_id FROM wcagr_hunt_members WHERE hunt_id = ? AND log_id IS NOT NULL",
            (hunt_id,),
        )
        return [int(row[0]) for row in rows]

    def _members(self, hunt_id: int) -> list[int]:
        rows = self._db.execute_fetchall(
            "SELECT character_id FROM wcagr_hunt_members WHERE hunt_id = ? ORDER BY joined_at,"
            " character_id",
            (hunt_id,),
        )
        return [int(row[0]) for row in rows]

    def get(self, guild_id: int, hunt_id: int) -> StoredHunt | None:
        rows = self._db.execute_fetchall(
            f"SELECT {_HUNT} FROM wcagr_hunts WHERE guild_id = ? AND id = ?", (guild_id, hunt_id)
        )
        return _hunt(rows[0], self._members(hunt_id)) if rows else None

    def going_for(self, guild_id: int, character_id: int) -> StoredHunt | None:
        """The hunt the cat is on now, if any."""
        rows = self._db.execute_fetchall(
            f"SELECT {', '.join('h.' + c for c in _HUNT.split(', '))}"
            " FROM wcagr_hunt_members m JOIN wcagr_hunts h ON h.id = m.hunt_id"
            " WHERE m.guild_id = ? AND m.character_id = ? AND h.state IN (?, ?)"
            " ORDER BY h.id DESC LIMIT 1",
            (guild_id, character_id, HuntState.GOING.value, HuntState.WEIGHING.value),
        )
        return _hunt(rows[0], self._members(int(rows[0][0]))) if rows else None

    def going(self, guild_id: int, limit: int) -> list[tuple[StoredHunt, datetime]]:
        """The server's hunts still going, each with when it last moved, longest-waiting
        first (at most `limit`)."""
        rows = self._db.execute_fetchall(
            f"SELECT {_HUNT}, updated_at FROM wcagr_hunts WHERE guild_id = ? AND state IN (?, ?)"
            " ORDER BY updated_at, id LIMIT ?",
            (guild_id, HuntState.GOING.value, HuntState.WEIGHING.value, limit),
        )
        return [(_hunt(row, self._members(int(row[0]))), from_text(row[12])) for row in rows]

    def lock(self, hunt: StoredHunt) -> None:
        """Hold the hunt's row until the transaction ends: a second cat rolling its stage (or
        joining) waits for the first, then sees its roll, never rolling dice it throws away."""
        held = self._db.dialect.lock_rows
        if held:
            self._db.execute(
                f"SELECT 1 FROM wcagr_hunts WHERE id = ? AND guild_id = ?{held}",
                (hunt.id, hunt.guild_id),
            )

    def save(self, hunt: StoredHunt, now: datetime) -> None:
        self._db.execute(
            "UPDATE wcagr_hunts SET stage = ?, tries = ?, state = ?, last_roll_id = ?,"
            " last_roll_try = ?, locate_skill = ?, updated_at = ? WHERE id = ? AND guild_id = ?",
            (
                hunt.stage.value,
                hunt.tries,
                hunt.state.value,
                hunt.last_roll_id,
                hunt.last_roll_try,
                hunt.locate_skill.value,
                to_text(now),
                hunt.id,
                hunt.guild_id,
            ),
        )

    def remove_member(self, hunt: StoredHunt, character_id: int) -> int | None:
        """A hunter leaves the hunt; returns its line in the core's hunting log."""
        rows = self._db.execute_fetchall(
            "DELETE FROM wcagr_hunt_members WHERE hunt_id = ? AND character_id = ?"
            " RETURNING log_id",
            (hunt.id, character_id),
        )
        hunt.members = tuple(m for m in hunt.members if m != character_id)
        return None if not rows or rows[0][0] is None else int(rows[0][0])

    def recent_of(self, guild_id: int, character_id: int, limit: int = 2) -> list[StoredHunt]:
        """The latest hunts the cat is on (what an undo of a ruling on its rolls puts back)."""
        rows = self._db.execute_fetchall(
            f"SELECT {', '.join('h.' + c for c in _HUNT.split(', '))}"
            " FROM wcagr_hunt_members m JOIN wcagr_hunts h ON h.id = m.hunt_id"
            " WHERE m.guild_id = ? AND m.character_id = ? ORDER BY h.id DESC LIMIT ?",
            (guild_id, character_id, limit),
        )
        return [_hunt(row, self._members(int(row[0]))) for row in rows]

    def member_rows(self, hunt_id: int) -> list[list[Any]]:
        """A hunt's hunters as stored: [character id, log id, joined at]."""
        rows = self._db.execute_fetchall(
            "SELECT character_id, log_id, joined_at FROM wcagr_hunt_members WHERE hunt_id = ?"
            " ORDER BY character_id",
            (hunt_id,),
        )
        return [list(row) for row in rows]

    def set_members(self, hunt: StoredHunt, rows: Sequence[Sequence[Any]]) -> None:
        """Put a hunt's hunters back as `member_rows` gave them."""
        self._db.execute("DELETE FROM wcagr_hunt_members WHERE hunt_id = ?", (hunt.id,))
        self._db.executemany(
            "INSERT INTO wcagr_hunt_members (hunt_id, guild_id, character_id, log_id, joined_at)"
            " VALUES (?, ?, ?, ?, ?)",
            [(hunt.id, hunt.guild_id, *row) for row in rows],
        )

    def piece_rows(self, hunt_id: int) -> list[list[Any]]:
        """What a hunt's kill put on the pile, every column as stored."""
        rows = self._db.execute_fetchall(
            f"SELECT {_PIECE}, created_at FROM wcagr_freshkill WHERE hunt_id = ? ORDER BY id",
            (hunt_id,),
        )
        return [list(row) for row in rows]

    def set_pieces(self, hunt_id: int, rows: Sequence[Sequence[Any]]) -> None:
        """Put a hunt's pieces back as `piece_rows` gave them (eaten down, taken off, put on)."""
        self._db.execute("DELETE FROM wcagr_freshkill WHERE hunt_id = ?", (hunt_id,))
        self._db.executemany(
            "INSERT INTO wcagr_freshkill (id, guild_id, clan, prey, weight, sixths, sixths_left,"
            " caught_day, caught_by, hunt_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [tuple(row) for row in rows],
        )

    def of_piece_hunt(self, hunt_id: int) -> list[Piece]:
        """The pieces a hunt's kill put on the pile."""
        rows = self._db.execute_fetchall(
            f"SELECT {_PIECE} FROM wcagr_freshkill WHERE hunt_id = ? ORDER BY id", (hunt_id,)
        )
        return [_piece(row) for row in rows]

    def remove_piece(self, piece_id: int) -> None:
        """Take a piece off its pile (an admin ruled its kill a failure)."""
        self._db.execute("DELETE FROM wcagr_freshkill WHERE id = ?", (piece_id,))

    def all_in_guild(self, guild_id: int) -> list[StoredHunt]:
        rows = self._db.execute_fetchall(
            f"SELECT {_HUNT} FROM wcagr_hunts WHERE guild_id = ? ORDER BY id", (guild_id,)
        )
        return [_hunt(row, self._members(int(row[0]))) for row in rows]

    # --- the fresh-kill pile -------------------------------------------------------------

    def add_piece(
        self,
        guild_id: int,
        clan: str,
        prey: Prey,
        weight: Weight,
        sixths: int,
        caught_day: int,
        caught_by: int | None,
        hunt_id: int | None,
        now: datetime,
    ) -> int:
        rows = self._db.execute_fetchall(
            "INSERT INTO wcagr_freshkill (guild_id, clan, prey, weight, sixths, sixths_left,"
            " caught_day, caught_by, hunt_id, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
            (
                guild_id,
                clan,
                prey.value,
                weight.value,
                sixths,
                sixths,
                caught_day,
                caught_by,
                hunt_id,
                to_text(now),
            ),
        )
        return int(rows[0][0])

    def pile(self, guild_id: int, clan: str, *, lock: bool = False) -> list[Piece]:
        """What is left on the clan's pile, oldest first; `lock` holds those pieces until the
        transaction ends, so that two cats eating at once eat one after the other."""
        held = self._db.dialect.lock_rows if lock else ""
        rows = self._db.execute_fetchall(
            f"SELECT {_PIECE} FROM wcagr_freshkill WHERE guild_id = ? AND clan = ?"
            f" AND sixths_left > 0 ORDER BY caught_day, id{held}",
            (guild_id, clan),
        )
        return [_piece(row) for row in rows]

    def take(self, taken: Sequence[tuple[int, int]]) -> None:
        """Take (piece id, sixths) from the pile."""
        self._db.executemany(
            "UPDATE wcagr_freshkill SET sixths_left = sixths_left - ? WHERE id = ?",
            [(sixths, piece_id) for piece_id, sixths in taken],
        )

    def all_pieces(self, guild_id: int) -> list[Piece]:
        rows = self._db.execute_fetchall(
            f"SELECT {_PIECE} FROM wcagr_freshkill WHERE guild_id = ? ORDER BY id", (guild_id,)
        )
        return [_piece(row) for row in rows]
