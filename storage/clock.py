"""The game clock's record per server: the last game day and ageing tick done, and when next."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from pydantic import BaseModel, TypeAdapter

from storage.connection import Connection
from storage.models import IdRange
from storage.settings import Guild, GuildSettings
from storage.timestamps import DUE_AT_ONCE, from_text, to_text


class ClockRecord(BaseModel):
    """A server (with its settings) and where its game clock stands."""

    guild: Guild
    first_day: int | None = None
    game_day: int | None = None
    moon_pace: str | None = None
    moon_tick: int | None = None
    # While a moon tick is done in slices of the server's characters: the last character id
    # it has aged (the tick done is still `moon_tick`; the next one is under way).
    moon_cursor: int | None = None
    # While the clock catches up after downtime: each day done so far (its calendar number and
    # its summary's lines), for the one digest posted when it has caught up.
    digest: list[tuple[int, list[str]]] | None = None


_DIGEST = TypeAdapter(list[tuple[int, list[str]]])


class ClockRepository:
    """The `game_clock` table."""

    def __init__(self, connection: Connection) -> None:
        self._db = connection

    def due(self, now: datetime, limit: int, *, claim: bool = False) -> list[ClockRecord]:
        """Servers the clock must look at by `now`, earliest first; `claim`: this transaction
        takes them, and the other processes pass them over (in a write transaction)."""
        return self._records(
            "c.next_due IS NOT NULL AND c.next_due <= ?"
            + self._db.scope.only("c.guild_id")
            + " ORDER BY c.next_due LIMIT ?"
            + (self._db.dialect.claim("c") if claim else ""),
            (to_text(now), limit),
        )

    def of(self, guild_id: int) -> ClockRecord:
        """One server's record (an empty one when the clock has not seen it yet)."""
        found = self._records("c.guild_id = ?", (guild_id,))
        return found[0] if found else ClockRecord(guild=Guild(guild_id=guild_id))

    def _records(self, where: str, parameters: tuple[object, ...]) -> list[ClockRecord]:
        rows = self._db.execute_fetchall(
            "SELECT c.guild_id, g.ruleset, g.settings, c.first_day, c.game_day, c.moon_pace,"
            " c.moon_tick, c.digest, c.moon_cursor"
            " FROM game_clock c LEFT JOIN guilds g ON g.guild_id = c.guild_id"
            f" WHERE {where}",
            parameters,
        )
        records = []
        for row in rows:
            guild_id, ruleset, settings, first_day, game_day, moon_pace, moon_tick = row[:7]
            digest, moon_cursor = row[7], row[8]
            guild = (
                Guild(guild_id=guild_id)
                if ruleset is None
                else Guild(
                    guild_id=guild_id,
                    ruleset=ruleset,
                    settings=GuildSettings.model_validate_json(settings),
                )
            )
            records.append(
                ClockRecord(
                    guild=guild,
                    first_day=first_day,
                    game_day=game_day,
                    moon_pace=moon_pace,
                    moon_tick=moon_tick,
                    digest=None if digest is None else _DIGEST.validate_json(digest),
                    moon_cursor=moon_cursor,
                )
            )
        return records

    def save(self, records: Sequence[tuple[ClockRecord, datetime | None]]) -> None:
        """Store where each server's clock stands and when it is next due (None: never)."""
        self._db.executemany(
            "INSERT INTO game_clock (guild_id, first_day, game_day, moon_pace, moon_tick,"
            " digest, next_due, moon_cursor) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET"
            " first_day = excluded.first_day, game_day = excluded.game_day,"
            " moon_pace = excluded.moon_pace, moon_tick = excluded.moon_tick,"
            " digest = excluded.digest, next_due = excluded.next_due,"
            " moon_cursor = excluded.moon_cursor",
            [
                (
                    r.guild.guild_id,
                    r.first_day,
                    r.game_day,
                    r.moon_pace,
                    r.moon_tick,
                    None if r.digest is None else _DIGEST.dump_json(r.digest).decode(),
                    None if due is None else to_text(due),
                    r.moon_cursor,
                )
                for r, due in records
            ],
        )

    def start_moons(self, guild_id: int, pace: str, tick: int | None) -> None:
        """Count the ageing clock from `tick` of `pace` (nothing before it is aged)."""
        self._db.execute(
            "INSERT INTO game_clock (guild_id, moon_pace, moon_tick, next_due)"
            " VALUES (?, ?, ?, '') ON CONFLICT (guild_id) DO UPDATE SET"
            " moon_pace = excluded.moon_pace, moon_tick = excluded.moon_tick, next_due = '',"
            " moon_cursor = NULL",
            (guild_id, pace, tick),
        )

    def moon_slice(self, guild_id: int, after: int, limit: int | None) -> IdRange | None:
        """The next slice of a moon tick: the server's characters (not deleted) with an id above
        `after`, at most `limit` of them (None: all), as their count and first and last id (a
        slice's statements then read `id BETWEEN first AND last`, not a list of its ids);
        None when there is none left."""
        rows = self._db.execute_fetchall(
            "SELECT count(*), min(id), max(id) FROM (SELECT id FROM characters"
            " WHERE guild_id = ? AND deleted_at IS NULL AND id > ? ORDER BY id"
            + ("" if limit is None else f" LIMIT {int(limit)}")
            + ") s",
            (guild_id, after),
        )
        count, first, last = rows[0]
        return None if not count else IdRange(int(first), int(last), int(count))

    def earliest_due(self) -> datetime | None:
        """The soonest any server's clock is due."""
        rows = self._db.execute_fetchall(
            "SELECT next_due FROM game_clock WHERE next_due IS NOT NULL"
            + self._db.scope.only("guild_id")
            + " ORDER BY next_due LIMIT 1"
        )
        for (next_due,) in rows:
            return DUE_AT_ONCE if next_due == "" else from_text(next_due)
        return None
