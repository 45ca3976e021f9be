"""Hunting's shared tables (`Feature.HUNTING`): the hunting log, steal attempts, away records and
the weekly schedule.

The contract a ruleset taking hunting fulfils, `HUNTING_SHEET`: its sheet's JSON carries, at the
top level, `age_moons` (an int), and, if its `Hunger` can starve a cat, `fail_streak` (an int:
failed hunts in a row) and `starving` (a bool); a missing one reads as 0 or false. Migration
0006 computes the characters' columns of the same names from those keys, which the weekly job
reads for a hundred thousand cats at once, and the job writes the last two back into the JSON
(`set_hunger`, `mark_starving`) without loading whole sheets. What they mean (when a cat
starves, a nursing mother's kits) is the ruleset's `Hunger`. A ruleset that keeps `age_moons`
apart from its JSON (`storage.rulesets`: WCAGR) has no kits' ages in these columns; its
`Hunger` reads none (WCAGR has no starvation rule).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from enum import StrEnum
from typing import Any, NamedTuple

from pydantic import BaseModel

from storage.connection import Connection
from storage.errors import integrity_errors, violates_unique
from storage.settings import DEFAULT_RULESET, Guild, GuildSettings
from storage.timestamps import DUE_AT_ONCE, from_text, maybe_from_text, to_text

FAIL_STREAK, STARVING, AGE_MOONS = "fail_streak", "starving", "age_moons"
HUNTING_SHEET: dict[str, type] = {FAIL_STREAK: int, STARVING: bool, AGE_MOONS: int}


class HuntKind(StrEnum):
    HUNT = "hunt"
    MISSED_WEEK = "missed-week"  # a missed week the server counts as a failed hunt


class Outcome(StrEnum):
    CAUGHT = "caught"
    NO_PREY = "no-prey"
    GOT_AWAY = "got-away"
    MISSED_WEEK = "missed-week"


class AwayState(StrEnum):
    PENDING = "pending"
    APPROVED = "approved"
    DENIED = "denied"
    REPLACED = "replaced"


class PostKind(StrEnum):
    """What the weekly job does once per server and week (or season)."""

    REMINDER = "reminder"
    WEEK_END = "week-end"
    AGEING = "ageing"
    SEASON = "season"


class HuntAlreadyRecorded(Exception):
    """The cat already has a hunt on this real day (two /hunts raced)."""


class Hunt(BaseModel):
    """One line of the hunting log. For a catch, `shared_to`/`stolen_by` say who ate it."""

    id: int = 0
    guild_id: int
    character_id: int
    user_id: int
    kind: HuntKind = HuntKind.HUNT
    hunted_at: datetime
    day_key: str | None = None
    week_key: str
    season: str | None = None
    # What the log shows of the rolls; their dice are in the hunt's audit log entry.
    find_total: int | None = None
    find_dc: int | None = None
    catch_total: int | None = None
    catch_dc: int | None = None
    outcome: Outcome
    fail_streak: int
    became_starving: bool = False
    shared_to: int | None = None
    stolen_by: int | None = None
    eaten_at: datetime | None = None
    eaten_by_name: str | None = None  # the name of the cat it was shared to or stolen by

    @property
    def caught(self) -> bool:
        return self.outcome is Outcome.CAUGHT

    @property
    def eaten(self) -> bool:
        return self.eaten_at is not None


class CatchLookup(BaseModel):
    """A cat's newest hunt, newest catch, and newest catch still uneaten since a cut-off."""

    newest_hunt: Hunt | None = None
    newest_catch: Hunt | None = None
    fresh_catch: Hunt | None = None


class Away(BaseModel):
    id: int = 0
    guild_id: int
    character_id: int
    user_id: int
    starts_at: datetime
    ends_at: datetime
    until_date: str
    reason: str | None = None
    state: AwayState
    decided_by: int | None = None
    decided_at: datetime | None = None
    created_at: datetime


class CatStanding(BaseModel):
    """What the weekly hunting rule needs to know of one cat, without its whole sheet."""

    guild_id: int
    character_id: int
    name: str
    owner_id: int
    starving: bool
    fail_streak: int
    youngest_kit_moons: int | None = None
    week_key: str | None = None
    hunted_this_week: bool = False
    last_hunt_at: datetime | None = None
    last_outcome: Outcome | None = None
    away_until: str | None = None  # an approved away overlapping the week, until this date
    away_pending: bool = False


class WeeklyCat(NamedTuple):
    """A cat that owed a week its hunt and has not hunted, as the weekly job reads it: a plain
    tuple rather than a pydantic model, since one run reads a hundred thousand of these."""

    guild_id: int
    character_id: int
    name: str
    owner_id: int
    starving: bool
    fail_streak: int
    youngest_kit_moons: int | None
    week_key: str


class Week(BaseModel):
    """A server's real week, for the queries that ask what happened in it."""

    guild_id: int
    key: str
    start: datetime
    end: datetime


class YoungKit(BaseModel):
    guild_id: int
    mother_id: int
    character_id: int
    name: str
    age_moons: int


class DueGuild(BaseModel):
    """A server the weekly job must look at, with the newest week key it has done per kind."""

    guild: Guild
    done: dict[PostKind, str] = {}


class Done(BaseModel):
    """A record that the weekly job did something (posted, or set a starting point)."""

    guild_id: int
    kind: PostKind
    week_key: str
    posts: int = 0


_HUNT_COLUMNS = (
    "h.id, h.guild_id, h.character_id, h.user_id, h.kind, h.hunted_at, h.day_key, h.week_key,"
    " h.season, h.find_total, h.find_dc, h.catch_total, h.catch_dc, h.outcome, h.fail_streak,"
    " h.became_starving, h.shared_to, h.stolen_by, h.eaten_at, e.name"
)
_HUNT_FROM = "hunts h LEFT JOIN characters e ON e.id = coalesce(h.shared_to, h.stolen_by)"


def _hunt(row: Sequence[Any]) -> Hunt:
    (id_, guild_id, character_id, user_id, kind, hunted_at, day_key, week_key, season,
     find_total, find_dc, catch_total, catch_dc, outcome, fail_streak, became_starving,
     shared_to, stolen_by, eaten_at, eaten_by_name) = row  # fmt: skip
    return Hunt(
        id=id_,
        guild_id=guild_id,
        character_id=character_id,
        user_id=user_id,
        kind=HuntKind(kind),
        hunted_at=from_text(hunted_at),
        day_key=day_key,
        week_key=week_key,
        season=season,
        find_total=find_total,
        find_dc=find_dc,
        catch_total=catch_total,
        catch_dc=catch_dc,
        outcome=Outcome(outcome),
        fail_streak=fail_streak,
        became_starving=bool(became_starving),
        shared_to=shared_to,
        stolen_by=stolen_by,
        eaten_at=maybe_from_text(eaten_at),
        eaten_by_name=eaten_by_name,
    )


def _hunt_values(hunt: Hunt) -> tuple[Any, ...]:
    return (
        hunt.guild_id,
        hunt.character_id,
        hunt.user_id,
        hunt.kind.value,
        to_text(hunt.hunted_at),
        hunt.day_key,
        hunt.week_key,
        hunt.season,
        hunt.find_total,
        hunt.find_dc,
        hunt.catch_total,
        hunt.catch_dc,
        hunt.outcome.value,
        hunt.fail_streak,
        int(hunt.became_starving),
    )


_INSERT_HUNT = (
    "INSERT INTO hunts (guild_id, character_id, user_id, kind, hunted_at, day_key, week_key,"
    " season, find_total, find_dc, catch_total, catch_dc, outcome, fail_streak,"
    " became_starving) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)

_AWAY_COLUMNS = (
    "id, guild_id, character_id, user_id, starts_at, ends_at, until_date, reason, state,"
    " decided_by, decided_at, created_at"
)


def _away(row: Sequence[Any]) -> Away:
    (id_, guild_id, character_id, user_id, starts_at, ends_at, until_date, reason, state,
     decided_by, decided_at, created_at) = row  # fmt: skip
    return Away(
        id=id_,
        guild_id=guild_id,
        character_id=character_id,
        user_id=user_id,
        starts_at=from_text(starts_at),
        ends_at=from_text(ends_at),
        until_date=until_date,
        reason=reason,
        state=AwayState(state),
        decided_by=decided_by,
        decided_at=maybe_from_text(decided_at),
        created_at=from_text(created_at),
    )


# The cat columns every weekly question needs: hunger is read from columns computed from the
# sheet when it is saved (migration 6), not parsed out of its JSON for every cat.
_CAT_COLUMNS = (
    "c.guild_id, c.id, c.name, c.owner_id,"
    " c.starving, c.fail_streak,"
    " (SELECT min(k.age_moons) FROM characters k"
    "  WHERE k.mother_id = c.id AND k.guild_id = c.guild_id AND k.deleted_at IS NULL)"
)
_HUNTED_IN_WEEK = (
    "EXISTS (SELECT 1 FROM hunts h WHERE h.guild_id = c.guild_id AND h.character_id = c.id"
    " AND h.week_key = {week} AND h.kind = 'hunt')"
)
_AWAY_IN_WEEK = (
    "(SELECT max(a.until_date) FROM away a WHERE a.guild_id = c.guild_id"
    " AND a.character_id = c.id AND a.state = 'approved'"
    " AND a.starts_at < {end} AND a.ends_at > {start})"
)


class HuntingRepository:
    """Hunts, catches, steal attempts, away records, and the weekly job's records."""

    def __init__(self, connection: Connection) -> None:
        self._db = connection

    # --- The hunting log ----------------------------------------------------------------

    def hunt_on_day(self, guild_id: int, character_id: int, day_key: str) -> Hunt | None:
        """The cat's hunt on this real day, if it has one."""
        rows = self._db.execute_fetchall(
            f"SELECT {_HUNT_COLUMNS} FROM {_HUNT_FROM}"
            " WHERE h.guild_id = ? AND h.character_id = ? AND h.day_key = ?",
            (guild_id, character_id, day_key),
        )
        return next((_hunt(row) for row in rows), None)

    def last_hunt_at(self, guild_id: int, character_id: int) -> datetime | None:
        """When the cat last hunted (missed weeks left out), if it ever did."""
        rows = self._db.execute_fetchall(
            "SELECT hunted_at FROM hunts WHERE guild_id = ? AND character_id = ? AND kind = 'hunt'"
            " ORDER BY id DESC LIMIT 1",
            (guild_id, character_id),
        )
        return next((from_text(row[0]) for row in rows), None)

    def add_hunt(self, hunt: Hunt) -> int:
        """Log a hunt; raises HuntAlreadyRecorded when the cat has one on that day already."""
        try:
            rows = self._db.execute_fetchall(_INSERT_HUNT + " RETURNING id", _hunt_values(hunt))
        except integrity_errors() as error:
            if violates_unique(error):
                raise HuntAlreadyRecorded(hunt.character_id) from error
            raise
        return int(next(iter(rows))[0])

    def add_missed_weeks(self, hunts: Sequence[Hunt]) -> None:
        """Log missed weeks that count as failed hunts, in one statement."""
        self._db.executemany(_INSERT_HUNT, [_hunt_values(hunt) for hunt in hunts])

    def hunts_of(
        self, guild_id: int, character_id: int, *, before_id: int | None, limit: int
    ) -> list[Hunt]:
        """A cat's hunting log, newest first, one page (older than `before_id` if given)."""
        rows = self._db.execute_fetchall(
            f"SELECT {_HUNT_COLUMNS} FROM {_HUNT_FROM}"
            " WHERE h.guild_id = ? AND h.character_id = ? AND h.id < ? ORDER BY h.id DESC LIMIT ?",
            (guild_id, character_id, before_id if before_id is not None else 2**63 - 1, limit),
        )
        return [_hunt(row) for row in rows]

    def catches(self, guild_id: int, character_id: int, fresh_since: datetime) -> CatchLookup:
        """The cat's newest hunt, its newest catch, and its newest catch made since
        `fresh_since` that nobody has eaten yet: one statement."""
        rows = self._db.execute_fetchall(
            f"SELECT 1, * FROM (SELECT {_HUNT_COLUMNS} FROM {_HUNT_FROM} WHERE h.guild_id = ?"
            "  AND h.character_id = ? AND h.kind = 'hunt' ORDER BY h.id DESC LIMIT 1) AS newest"
            f" UNION ALL SELECT 2, * FROM (SELECT {_HUNT_COLUMNS} FROM {_HUNT_FROM}"
            "  WHERE h.guild_id = ? AND h.character_id = ? AND h.outcome = 'caught'"
            "  ORDER BY h.id DESC LIMIT 1) AS caught"
            f" UNION ALL SELECT 3, * FROM (SELECT {_HUNT_COLUMNS} FROM {_HUNT_FROM}"
            "  WHERE h.guild_id = ? AND h.character_id = ? AND h.outcome = 'caught'"
            "  AND h.eaten_at IS NULL AND h.hunted_at >= ? ORDER BY h.id DESC LIMIT 1) AS fresh",
            (
                guild_id,
                character_id,
                guild_id,
                character_id,
                guild_id,
                character_id,
                to_text(fresh_since),
            ),
        )
        found = {row[0]: _hunt(row[1:]) for row in rows}
        return CatchLookup(
            newest_hunt=found.get(1), newest_catch=found.get(2), fresh_catch=found.get(3)
        )

    def eat_catch(
        self,
        hunt_id: int,
        now: datetime,
        *,
        shared_to: int | None = None,
        stolen_by: int | None = None,
    ) -> bool:
        """Mark a catch shared or stolen; False when someone ate it first."""
        cursor = self._db.execute(
            "UPDATE hunts SET shared_to = ?, stolen_by = ?, eaten_at = ?"
            " WHERE id = ? AND outcome = 'caught' AND eaten_at IS NULL",
            (shared_to, stolen_by, to_text(now), hunt_id),
        )
        return cursor.rowcount == 1

    def hunt_logged_at(self, guild_id: int, character_id: int, hunted_at: datetime) -> Hunt | None:
        """The cat's hunt made at that moment (the time its audit row has)."""
        rows = self._db.execute_fetchall(
            f"SELECT {_HUNT_COLUMNS} FROM {_HUNT_FROM} WHERE h.guild_id = ?"
            " AND h.character_id = ? AND h.hunted_at = ? AND h.kind = 'hunt'",
            (guild_id, character_id, to_text(hunted_at)),
        )
        return next((_hunt(row) for row in rows), None)

    def hunts_from(self, guild_id: int, character_id: int, first_id: int, limit: int) -> list[Hunt]:
        """A cat's hunting log from that hunt on, oldest first (what an override counts again)."""
        rows = self._db.execute_fetchall(
            f"SELECT {_HUNT_COLUMNS} FROM {_HUNT_FROM}"
            " WHERE h.guild_id = ? AND h.character_id = ? AND h.id >= ? ORDER BY h.id LIMIT ?",
            (guild_id, character_id, first_id, limit),
        )
        return [_hunt(row) for row in rows]

    def set_outcome(self, hunt_id: int, outcome: Outcome, fail_streak: int) -> None:
        """An admin's override of a hunt's outcome (and the streak it left)."""
        self._db.execute(
            "UPDATE hunts SET outcome = ?, fail_streak = ? WHERE id = ?",
            (outcome.value, fail_streak, hunt_id),
        )

    def steal_logged_at(
        self, guild_id: int, thief_id: int, tried_at: datetime
    ) -> tuple[int, bool] | None:
        """The thief's steal attempt made at that moment: (the hunt, whether it succeeded)."""
        rows = self._db.execute_fetchall(
            "SELECT hunt_id, succeeded FROM steal_attempts WHERE guild_id = ? AND thief_id = ?"
            " AND tried_at = ?",
            (guild_id, thief_id, to_text(tried_at)),
        )
        return next(((int(hunt), bool(won)) for hunt, won in rows), None)

    def set_steal(self, hunt_id: int, thief_id: int, now: datetime, *, stolen: bool) -> bool:
        """An admin's override of a steal: the catch stolen by the thief (False when someone
        ate it first), or back with its hunter."""
        self._db.execute(
            "UPDATE steal_attempts SET succeeded = ? WHERE hunt_id = ? AND thief_id = ?",
            (int(stolen), hunt_id, thief_id),
        )
        if stolen:
            return self.eat_catch(hunt_id, now, stolen_by=thief_id)
        cursor = self._db.execute(
            "UPDATE hunts SET stolen_by = NULL, eaten_at = NULL WHERE id = ? AND stolen_by = ?",
            (hunt_id, thief_id),
        )
        return cursor.rowcount == 1

    def steal_state(self, hunt_id: int, thief_id: int) -> tuple[bool, int | None, str | None]:
        """What a steal left, for an undo of its adjudication: whether the attempt succeeded,
        and who ate the catch and when (as stored)."""
        rows = self._db.execute_fetchall(
            "SELECT s.succeeded, h.stolen_by, h.eaten_at FROM steal_attempts s"
            " JOIN hunts h ON h.id = s.hunt_id WHERE s.hunt_id = ? AND s.thief_id = ?",
            (hunt_id, thief_id),
        )
        succeeded, stolen_by, eaten_at = next(iter(rows), (0, None, None))
        return bool(succeeded), stolen_by, eaten_at

    def restore_steal(
        self, hunt_id: int, thief_id: int, state: tuple[bool, int | None, str | None]
    ) -> None:
        """Put a steal back as `steal_state` read it; a catch shared meanwhile stays shared."""
        succeeded, stolen_by, eaten_at = state
        self._db.execute(
            "UPDATE steal_attempts SET succeeded = ? WHERE hunt_id = ? AND thief_id = ?",
            (int(succeeded), hunt_id, thief_id),
        )
        self._db.execute(
            "UPDATE hunts SET stolen_by = ?, eaten_at = ? WHERE id = ? AND shared_to IS NULL",
            (stolen_by, eaten_at, hunt_id),
        )

    def steal_tried(self, guild_id: int, hunt_id: int, thief_id: int) -> bool:
        """Whether this thief has already tried to steal this catch."""
        rows = self._db.execute_fetchall(
            "SELECT 1 FROM steal_attempts WHERE guild_id = ? AND hunt_id = ? AND thief_id = ?",
            (guild_id, hunt_id, thief_id),
        )
        return bool(rows)

    def add_steal_attempt(
        self, guild_id: int, hunt_id: int, thief_id: int, now: datetime, *, succeeded: bool
    ) -> None:
        self._db.execute(
            "INSERT INTO steal_attempts (guild_id, hunt_id, thief_id, tried_at, succeeded)"
            " VALUES (?, ?, ?, ?, ?)",
            (guild_id, hunt_id, thief_id, to_text(now), int(succeeded)),
        )

    # --- Away ---------------------------------------------------------------------------

    def add_away(self, away: Away) -> int:
        """Record an away; the cat's earlier pending or approved aways that have not ended yet
        are replaced by it."""
        self._db.execute(
            "UPDATE away SET state = 'replaced' WHERE guild_id = ? AND character_id = ?"
            " AND state IN ('pending', 'approved') AND ends_at > ?",
            (away.guild_id, away.character_id, to_text(away.starts_at)),
        )
        rows = self._db.execute_fetchall(
            "INSERT INTO away (guild_id, character_id, user_id, starts_at, ends_at, until_date,"
            " reason, state, decided_by, decided_at, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
            (
                away.guild_id,
                away.character_id,
                away.user_id,
                to_text(away.starts_at),
                to_text(away.ends_at),
                away.until_date,
                away.reason,
                away.state.value,
                away.decided_by,
                None if away.decided_at is None else to_text(away.decided_at),
                to_text(away.created_at),
            ),
        )
        return int(next(iter(rows))[0])

    def away(self, guild_id: int, away_id: int) -> Away | None:
        """An away record of this server by id."""
        rows = self._db.execute_fetchall(
            f"SELECT {_AWAY_COLUMNS} FROM away WHERE id = ? AND guild_id = ?", (away_id, guild_id)
        )
        return next((_away(row) for row in rows), None)

    def decide_away(self, away_id: int, state: AwayState, decided_by: int, now: datetime) -> bool:
        """Approve or deny a pending away; False when it was decided (or replaced) already."""
        cursor = self._db.execute(
            "UPDATE away SET state = ?, decided_by = ?, decided_at = ?"
            " WHERE id = ? AND state = 'pending'",
            (state.value, decided_by, to_text(now), away_id),
        )
        return cursor.rowcount == 1

    # --- Standings: who has hunted this week --------------------------------------------

    def standings(self, week: Week, owner_id: int) -> list[CatStanding]:
        """A player's cats in the server (of the ruleset it plays), by name, each with this
        week's hunting state, last hunt and any approved or pending away."""
        rows = self._db.execute_fetchall(
            f"SELECT {_CAT_COLUMNS}, {_HUNTED_IN_WEEK.format(week='?')},"
            " l.hunted_at, l.outcome,"
            f" {_AWAY_IN_WEEK.format(start='?', end='?')},"
            " EXISTS (SELECT 1 FROM away p WHERE p.guild_id = c.guild_id"
            "  AND p.character_id = c.id AND p.state = 'pending' AND p.ends_at > ?)"
            " FROM characters c LEFT JOIN hunts l ON l.id = (SELECT max(h.id) FROM hunts h"
            "  WHERE h.guild_id = c.guild_id AND h.character_id = c.id AND h.kind = 'hunt')"
            " WHERE c.guild_id = ? AND c.owner_id = ? AND c.deleted_at IS NULL"
            " AND c.ruleset = coalesce((SELECT g.ruleset FROM guilds g"
            "  WHERE g.guild_id = c.guild_id), ?)"
            " ORDER BY c.name_key",
            (
                week.key,
                to_text(week.end),
                to_text(week.start),
                to_text(week.start),
                week.guild_id,
                owner_id,
                DEFAULT_RULESET,  # a server never configured plays the default
            ),
        )
        standings = []
        for row in rows:
            cat = _standing(row[:7], week.key)
            hunted, last_at, last_outcome, away_until, pending = row[7:]
            cat.hunted_this_week = bool(hunted)
            cat.last_hunt_at = maybe_from_text(last_at)
            cat.last_outcome = None if last_outcome is None else Outcome(last_outcome)
            cat.away_until = away_until
            cat.away_pending = bool(pending)
            standings.append(cat)
        return standings

    def unhunted(self, weeks: Sequence[Week]) -> list[WeeklyCat]:
        """For each given server and week, its cats (of the ruleset it plays) that had to hunt
        that week (in play and not away: made before it began, not away during it, neither
        dead, retired nor marked away) and have not: one statement for many servers."""
        if not weeks:
            return []
        values = ",".join("(?, ?, ?, ?)" for _ in weeks)
        parameters: list[Any] = []
        for week in weeks:
            parameters += [week.guild_id, week.key, to_text(week.start), to_text(week.end)]
        rows = self._db.execute(
            f"WITH wanted (guild_id, week_key, starts, ends) AS (VALUES {values})"
            f" SELECT {_CAT_COLUMNS}, w.week_key FROM wanted w"
            " LEFT JOIN guilds g ON g.guild_id = w.guild_id JOIN characters c"
            " ON c.guild_id = w.guild_id AND c.deleted_at IS NULL"
            " AND c.ruleset = coalesce(g.ruleset, ?) AND c.life = 'active'"
            " WHERE c.created_at < w.starts"
            f" AND NOT {_HUNTED_IN_WEEK.format(week='w.week_key')}"
            f" AND {_AWAY_IN_WEEK.format(start='w.starts', end='w.ends')} IS NULL"
            " ORDER BY c.guild_id, w.week_key, c.name_key",
            [*parameters, DEFAULT_RULESET],
        )
        # The columns are in WeeklyCat's order and types (starving as SQLite's 0 or 1). Read
        # row by row: a hundred thousand rows are never all held twice.
        return list(map(WeeklyCat._make, rows))

    def missed_weeks(self, guild_id: int, week_key: str) -> list[Hunt]:
        """The missed-week rows of one server's week: what counting it as a failure did."""
        rows = self._db.execute_fetchall(
            f"SELECT {_HUNT_COLUMNS} FROM {_HUNT_FROM}"
            " WHERE h.guild_id = ? AND h.week_key = ? AND h.kind = 'missed-week' ORDER BY h.id",
            (guild_id, week_key),
        )
        return [_hunt(row) for row in rows]

    def move_to_week(self, guild_id: int, since: datetime, week_key: str) -> None:
        """Give the server's hunts since `since` a new week key (the week's start changed)."""
        self._db.execute(
            "UPDATE hunts SET week_key = ? WHERE guild_id = ? AND hunted_at >= ? AND kind = 'hunt'",
            (week_key, guild_id, to_text(since)),
        )

    def young_kits(self, mothers: Sequence[tuple[int, int]]) -> list[YoungKit]:
        """The live kits of the given (server, mother) pairs, with their ages."""
        if not mothers:
            return []
        values = ",".join("(?, ?)" for _ in mothers)
        rows = self._db.execute_fetchall(
            f"WITH wanted (guild_id, mother_id) AS (VALUES {values})"
            " SELECT k.guild_id, k.mother_id, k.id, k.name,"
            " coalesce(k.age_moons, 0) FROM wanted w"
            " JOIN characters k ON k.mother_id = w.mother_id AND k.guild_id = w.guild_id"
            " AND k.deleted_at IS NULL ORDER BY k.name_key",
            [value for pair in mothers for value in pair],
        )
        return [
            YoungKit(guild_id=g, mother_id=m, character_id=i, name=n, age_moons=a)
            for g, m, i, n, a in rows
        ]

    def set_hunger(self, changes: Sequence[tuple[int, int, int, bool]]) -> None:
        """Write (server, character, fail streak, starving) into hunting sheets (HUNTING_SHEET)
        in one statement, for the weekly job, which does not load whole sheets."""
        sql = self._db.dialect
        sheet = sql.json_set("sheet", {FAIL_STREAK: "?", STARVING: sql.json_literal("?")})
        self._db.executemany(
            f"UPDATE characters SET sheet = {sheet} WHERE guild_id = ? AND id = ?",
            [
                (streak, "true" if starving else "false", guild_id, character_id)
                for guild_id, character_id, streak, starving in changes
            ],
        )

    def mark_starving(self, cats: Sequence[tuple[int, int]]) -> None:
        """Make the given (server, character) hunting cats starving, leaving their streaks."""
        sql = self._db.dialect
        sheet = sql.json_set("sheet", {STARVING: sql.json_literal("'true'")})
        self._db.executemany(
            f"UPDATE characters SET sheet = {sheet} WHERE guild_id = ? AND id = ?",
            list(cats),
        )

    def outcomes_between(self, guild_id: int, start: datetime, end: datetime) -> dict[str, int]:
        """How many of the server's hunts (not missed weeks) ended each way in [start, end)."""
        rows = self._db.execute_fetchall(
            "SELECT outcome, count(*) FROM hunts WHERE guild_id = ? AND hunted_at >= ?"
            " AND hunted_at < ? AND kind = 'hunt' GROUP BY outcome",
            (guild_id, to_text(start), to_text(end)),
        )
        return {outcome: count for outcome, count in rows}

    def starving_count(self, guild_id: int) -> int:
        """How many of the server's live cats are starving."""
        rows = self._db.execute_fetchall(
            "SELECT count(*) FROM characters WHERE guild_id = ? AND deleted_at IS NULL"
            " AND starving = 1",
            (guild_id,),
        )
        return int(next(iter(rows))[0])

    # --- The weekly job's schedule and records ------------------------------------------

    def due_guilds(self, now: datetime, limit: int, *, claim: bool = False) -> list[DueGuild]:
        """Servers whose next look is due by `now`, earliest first, with their settings and
        the newest week key done for each kind; `claim`: this transaction takes them, and the
        other processes pass them over (in a write transaction)."""
        held = self._db.dialect.claim("s") if claim else ""
        return self._due(
            f"s.next_due <= ?{self._db.scope.only('s.guild_id')} ORDER BY s.next_due LIMIT ?{held}",
            (to_text(now), limit),
        )

    def schedule_of(self, guild_id: int) -> DueGuild:
        """One server as `due_guilds` gives it, due or not."""
        found = self._due("s.guild_id = ?", (guild_id,))
        return found[0] if found else DueGuild(guild=Guild(guild_id=guild_id))

    def _due(self, where: str, parameters: tuple[Any, ...]) -> list[DueGuild]:
        kinds = tuple(PostKind)
        latest = ", ".join(
            f"(SELECT max(p.week_key) FROM hunting_posts p WHERE p.guild_id = s.guild_id"
            f" AND p.kind = '{kind.value}')"
            for kind in kinds
        )
        rows = self._db.execute_fetchall(
            f"SELECT s.guild_id, g.ruleset, g.settings, {latest} FROM hunting_schedule s"
            f" LEFT JOIN guilds g ON g.guild_id = s.guild_id WHERE {where}",
            parameters,
        )
        due = []
        for guild_id, ruleset, settings, *keys in rows:
            guild = (
                Guild(guild_id=guild_id)
                if ruleset is None
                else Guild(
                    guild_id=guild_id,
                    ruleset=ruleset,
                    settings=GuildSettings.model_validate_json(settings),
                )
            )
            done = {kind: key for kind, key in zip(kinds, keys, strict=True) if key is not None}
            due.append(DueGuild(guild=guild, done=done))
        return due

    def record_done(self, records: Sequence[Done], now: datetime) -> None:
        """Record what the job did. A second record of one (server, kind, week) is an integrity
        error, so the whole transaction, and its posts, are dropped rather than sent twice."""
        self._db.executemany(
            "INSERT INTO hunting_posts (guild_id, kind, week_key, done_at, posts)"
            " VALUES (?, ?, ?, ?, ?)",
            [(r.guild_id, r.kind.value, r.week_key, to_text(now), r.posts) for r in records],
        )

    def set_starting_point(self, record: Done, now: datetime) -> None:
        """Record a starting point when a feature is turned on (kept if already there)."""
        self._db.execute(
            "INSERT INTO hunting_posts (guild_id, kind, week_key, done_at, posts)"
            " VALUES (?, ?, ?, ?, 0) ON CONFLICT DO NOTHING",
            (record.guild_id, record.kind.value, record.week_key, to_text(now)),
        )

    def set_next_due(self, due: Sequence[tuple[int, datetime | None]]) -> None:
        """When the job next looks at each server (None: nothing scheduled)."""
        self._db.executemany(
            "INSERT INTO hunting_schedule (guild_id, next_due) VALUES (?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET next_due = excluded.next_due",
            [(guild_id, None if when is None else to_text(when)) for guild_id, when in due],
        )

    def earliest_due(self) -> datetime | None:
        """The soonest any server is due (the past, if one is overdue)."""
        rows = self._db.execute_fetchall(
            "SELECT next_due FROM hunting_schedule WHERE next_due IS NOT NULL"
            + self._db.scope.only("guild_id")
            + " ORDER BY next_due LIMIT 1"
        )
        for (next_due,) in rows:
            return DUE_AT_ONCE if next_due == "" else from_text(next_due)
        return None


def _standing(row: Sequence[Any], week_key: str | None) -> CatStanding:
    guild_id, character_id, name, owner_id, starving, fail_streak, youngest = row
    return CatStanding(
        guild_id=guild_id,
        character_id=character_id,
        name=name,
        owner_id=owner_id,
        starving=bool(starving),
        fail_streak=int(fail_streak),
        youngest_kit_moons=None if youngest is None else int(youngest),
        week_key=week_key,
    )
