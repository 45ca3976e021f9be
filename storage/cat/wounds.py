"""Taking Risks' wounds: scars a cat owes from a Risk, a cat fight or a round against a non-cat,
placed a click at a time, each click made against how many were placed already."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import datetime
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, Field

from rules.cat.sheet import Trait
from storage.connection import Connection
from storage.settings import DEFAULT_RULESET
from storage.timestamps import from_text, maybe_from_text, to_text


class WoundSource(StrEnum):
    RISK = "risk"  # a dangerous failed Risk: source_id is its cat_risks id
    CONTEST = "contest"  # a cat fight: its contest id
    FOE = "foe"  # a round against a non-cat: its combat id
    NARRATOR = "narrator"  # scars an admin gave (`/admin damage`): the audit entry's id


class Settled(StrEnum):
    PLACED = "placed"
    LIFE = "life"  # a Life cancelled the round's scars
    DEAD = "dead"  # the cat died before the rest were placed
    CANCELLED = "cancelled"  # a Life spent on the Risk made it succeed


class Wound(BaseModel):
    id: int = 0
    guild_id: int
    character_id: int
    source: WoundSource
    source_id: int
    trait: Trait  # where the Narrator puts them: the trait used
    owed: int
    placed: int = 0
    life_allowed: bool
    created_at: datetime
    settled_at: datetime | None = None
    settled_how: Settled | None = None
    channel_id: int | None = None  # where its notice goes (None: a wound from before 0040)
    placement: dict[Trait, int] = Field(default_factory=dict)  # where its placed scars went

    @property
    def left(self) -> int:
        return self.owed - self.placed

    @property
    def open(self) -> bool:
        return self.settled_at is None


_COLUMNS = (
    "id, guild_id, character_id, source, source_id, trait, owed, placed, life_allowed,"
    " created_at, settled_at, settled_how, channel_id, placement"
)


# The wound's cat is not deleted and its server plays the ruleset given (a server never
# configured plays the default).
_LIVE_AND_PLAYING = (
    "character_id IN (SELECT c.id FROM characters c WHERE c.deleted_at IS NULL)"
    " AND coalesce((SELECT g.ruleset FROM guilds g WHERE g.guild_id = cat_wounds.guild_id), ?)"
    " = ?"
)


def _placement_json(placement: Mapping[Trait, int]) -> str:
    return json.dumps({trait.value: count for trait, count in placement.items() if count})


def _wound(row: Sequence[Any]) -> Wound:
    (id_, guild_id, character_id, source, source_id, trait, owed, placed, life_allowed,
     created_at, settled_at, settled_how, channel_id, placement) = row  # fmt: skip
    return Wound(
        id=id_,
        guild_id=guild_id,
        character_id=character_id,
        source=WoundSource(source),
        source_id=source_id,
        trait=Trait(trait),
        owed=owed,
        placed=placed,
        life_allowed=bool(life_allowed),
        created_at=from_text(created_at),
        settled_at=maybe_from_text(settled_at),
        settled_how=None if settled_how is None else Settled(settled_how),
        channel_id=channel_id,
        placement={Trait(trait): count for trait, count in json.loads(placement).items()},
    )


class WoundRepository:
    """The `cat_wounds` table."""

    def __init__(self, connection: Connection) -> None:
        self._db = connection

    def add(self, wound: Wound) -> int:
        rows = self._db.execute_fetchall(
            "INSERT INTO cat_wounds (guild_id, character_id, source, source_id, trait, owed,"
            " life_allowed, created_at, channel_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " RETURNING id",
            (
                wound.guild_id,
                wound.character_id,
                wound.source.value,
                wound.source_id,
                wound.trait.value,
                wound.owed,
                int(wound.life_allowed),
                to_text(wound.created_at),
                wound.channel_id,
            ),
        )
        return int(next(iter(rows))[0])

    def get(self, guild_id: int, wound_id: int, *, lock: bool = False) -> Wound | None:
        """A wound of this server by id; `lock` holds its row until the transaction ends, so
        that two clicks on it are one after the other, the second seeing the first's."""
        held = self._db.dialect.lock_rows if lock else ""
        rows = self._db.execute_fetchall(
            f"SELECT {_COLUMNS} FROM cat_wounds WHERE guild_id = ? AND id = ?{held}",
            (guild_id, wound_id),
        )
        return next((_wound(row) for row in rows), None)

    def of_source(self, guild_id: int, source: WoundSource, source_id: int) -> list[Wound]:
        """The wounds one Risk, cat fight or foe fight made, oldest first."""
        rows = self._db.execute_fetchall(
            f"SELECT {_COLUMNS} FROM cat_wounds WHERE guild_id = ? AND source = ?"
            " AND source_id = ? ORDER BY id",
            (guild_id, source.value, source_id),
        )
        return [_wound(row) for row in rows]

    def open_of(self, guild_id: int, character_id: int) -> list[Wound]:
        """The scars a cat still owes, oldest first."""
        rows = self._db.execute_fetchall(
            f"SELECT {_COLUMNS} FROM cat_wounds WHERE guild_id = ? AND character_id = ?"
            " AND settled_at IS NULL ORDER BY id",
            (guild_id, character_id),
        )
        return [_wound(row) for row in rows]

    def open_of_many(self, guild_id: int, character_ids: Sequence[int]) -> dict[int, int]:
        """How many scars each of these cats still owes (those owing none are left out)."""
        if not character_ids:
            return {}
        marks = ", ".join("?" for _ in character_ids)
        rows = self._db.execute_fetchall(
            "SELECT character_id, sum(owed - placed) FROM cat_wounds WHERE guild_id = ?"
            f" AND character_id IN ({marks}) AND settled_at IS NULL GROUP BY character_id",
            (guild_id, *character_ids),
        )
        return {int(character_id): int(left) for character_id, left in rows}

    def overdue(self, guild_id: int, before: datetime, limit: int, ruleset: str) -> list[Wound]:
        """One server's open wounds of live cats, if it plays `ruleset`, made before `before`
        (its own timeout ago), oldest first, claimed: the other processes pass them over until
        this transaction ends. One server at a time, so that wounds still waiting out a long
        timeout in one server never hold back those due in another."""
        rows = self._db.execute_fetchall(
            f"SELECT {_COLUMNS} FROM cat_wounds WHERE guild_id = ? AND settled_at IS NULL"
            f" AND created_at <= ? AND {_LIVE_AND_PLAYING}"
            + self._db.scope.only("guild_id")
            + " ORDER BY created_at LIMIT ?"
            + self._db.dialect.claim("cat_wounds"),
            (guild_id, to_text(before), DEFAULT_RULESET, ruleset, limit),
        )
        return [_wound(row) for row in rows]

    def oldest_open(self, ruleset: str) -> list[tuple[int, datetime]]:
        """Each server's oldest open wound of a live cat (servers playing `ruleset`, the
        process's own server alone when it serves one): when the timeout job is due there."""
        rows = self._db.execute_fetchall(
            "SELECT guild_id, min(created_at) FROM cat_wounds WHERE settled_at IS NULL"
            f" AND {_LIVE_AND_PLAYING}"
            + self._db.scope.only("guild_id")
            + " GROUP BY guild_id ORDER BY min(created_at)",
            (DEFAULT_RULESET, ruleset),
        )
        return [(int(guild_id), from_text(created_at)) for guild_id, created_at in rows]

    def place(
        self,
        wound: Wound,
        count: int,
        now: datetime,
        *,
        settled: Settled | None,
        where: Mapping[Trait, int] | None = None,
    ) -> bool:
        """Record `count` more scars placed, `where` they went (settling the wound with
        `settled`), only if no other click placed any since `wound` was read; False otherwise."""
        placement = dict(wound.placement)
        for trait, placed in (where or {}).items():
            placement[trait] = placement.get(trait, 0) + placed
        cursor = self._db.execute(
            "UPDATE cat_wounds SET placed = placed + ?, settled_at = ?, settled_how = ?,"
            " placement = ? WHERE id = ? AND placed = ? AND settled_at IS NULL",
            (
                count,
                None if settled is None else to_text(now),
                None if settled is None else settled.value,
                _placement_json(placement),
                wound.id,
                wound.placed,
            ),
        )
        return cursor.rowcount == 1

    def forgive(self, wound: Wound, count: int) -> bool:
        """`count` of an open wound's scars are owed no more (the Narrator's healing; fewer than
        are left), only if no click placed any since `wound` was read."""
        cursor = self._db.execute(
            "UPDATE cat_wounds SET owed = owed - ? WHERE id = ? AND placed = ?"
            " AND settled_at IS NULL AND owed - placed > ?",
            (count, wound.id, wound.placed, count),
        )
        return cursor.rowcount == 1

    def restore(self, wound: Wound) -> None:
        """Put a wound back as it was (an admin's undo)."""
        self._db.execute(
            "UPDATE cat_wounds SET owed = ?, placed = ?, settled_at = ?, settled_how = ?,"
            " placement = ? WHERE id = ? AND guild_id = ?",
            (
                wound.owed,
                wound.placed,
                None if wound.settled_at is None else to_text(wound.settled_at),
                None if wound.settled_how is None else wound.settled_how.value,
                _placement_json(wound.placement),
                wound.id,
                wound.guild_id,
            ),
        )

    def of_character(self, guild_id: int, character_id: int) -> list[Wound]:
        """Every wound of a cat, open or settled, oldest first (what an undo puts back)."""
        rows = self._db.execute_fetchall(
            f"SELECT {_COLUMNS} FROM cat_wounds WHERE guild_id = ? AND character_id = ?"
            " ORDER BY id",
            (guild_id, character_id),
        )
        return [_wound(row) for row in rows]

    def delete(self, guild_id: int, wound_ids: Sequence[int]) -> None:
        """Forget wounds an undone change made."""
        self._db.executemany(
            "DELETE FROM cat_wounds WHERE guild_id = ? AND id = ?",
            [(guild_id, wound_id) for wound_id in wound_ids],
        )

    def all_in_guild(self, guild_id: int) -> list[Wound]:
        """Every wound of the server, for export."""
        rows = self._db.execute_fetchall(
            f"SELECT {_COLUMNS} FROM cat_wounds WHERE guild_id = ? ORDER BY id", (guild_id,)
        )
        return [_wound(row) for row in rows]
