"""WCAGR's moon in SQL (issue 33: 13-15 s for 100,000 cats through the sheet model): per slice,
four statements age every cat whose moon SQL can make exactly as `age_one_moon` does, each
reaching its row of the age table: its growth (`wcagr_growth`: age, gains put to wait and told)
in one narrow row, and a fixed change of an ability in its sheet's JSON. Each statement keeps
the cats of one kind, all with nothing waiting and not dead (`_READY`): those reaching a choice
with something to choose, those reaching a row of fixed changes, and the quiet ones (retired,
or reaching an age with no row). The others (a gain that may find nothing left to choose,
retirement, the dead, gains already waiting, the 10-moon gains, a cat with no growth row) are
left for the sheet's own rules: no cat is aged twice or not at all."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rules.wcagr.abilities import Ability
from rules.wcagr.age_table import FIXED_GAINS, Gain, gains_at
from rules.wcagr.ageing import OPTIONS_FROM
from rules.wcagr.constants import ABILITY_MAX, ABILITY_MIN, SKILL_MAX, TEN_MOONS
from rules.wcagr.knacks import KNACKS
from rules.wcagr.skills import SKILLS
from storage.connection import Connection
from storage.dialect import Dialect
from storage.models import IdRange, among

# A Knack gain always has something to choose while a knack may be picked without limit.
_KNACK_ALWAYS = any(knack.max_picks is None for knack in KNACKS.values())
# Two skills checked for room (a Skill gain is lost only when every skill is at 5): a cat with
# both at 5 goes through the sheet's rules, which look at every skill.
_ROOM_SKILLS = SKILLS[:2]

# The cats of a moon: each living cat of the slice (`c`) with its growth row (`g`).
_CATS = "characters c JOIN wcagr_growth g ON g.character_id = c.id"


def _sheet(sql: Dialect) -> str:
    """A cat's sheet as its keys are read: on PostgreSQL each `::jsonb` is a parse of its own,
    so a statement that reads several keys parses it once in `_PARSED` and reads that."""
    return "s.parsed" if sql.name == "postgresql" else "c.sheet"


# PostgreSQL: each cat's sheet parsed once for the statement (OFFSET 0 keeps the planner from
# folding the parse back into each key's expression).
_PARSED = " CROSS JOIN LATERAL (SELECT c.sheet::jsonb AS parsed OFFSET 0) AS s"


def _path_number(sql: Dialect, *keys: str) -> str:
    """A number in the sheet (`_sheet`: its parsed JSON or its text)."""
    sheet = _sheet(sql)
    if sql.name == "postgresql":
        return f"({sheet} #>> '{{{','.join(keys)}}}')::numeric"
    return f"json_extract({sheet}, '$.{'.'.join(keys)}')"


def sql_rows(retire_at: int) -> dict[int, tuple[Gain, ...]]:
    """The moons whose row SQL applies: every row of only choices or only fixed changes, short
    of retirement (the 10-moon gains, which mix both, go through the rules)."""
    rows = {}
    for moon in range(TEN_MOONS, retire_at):
        gains = gains_at(moon)
        choices = [gain for gain in gains if gain.needs_choice]
        if gains and (not choices or len(choices) == len(gains)) and moon != TEN_MOONS:
            rows[moon] = gains
    return rows


def _choice_rows(retire_at: int) -> dict[int, tuple[Gain, ...]]:
    return {m: g for m, g in sql_rows(retire_at).items() if g[0].needs_choice}


def _fixed_rows(retire_at: int) -> dict[int, tuple[Gain, ...]]:
    return {m: g for m, g in sql_rows(retire_at).items() if not g[0].needs_choice}


def _has_options(sql: Dialect, gain: Gain) -> str:
    """SQL true only where `gain_options` surely finds something to choose (else the rules)."""
    score = {a: _path_number(sql, "abilities", a.value) for a in Ability}
    if gain is Gain.SKILL:
        room = [
            f"coalesce({_path_number(sql, 'skills', s.value)}, 0) < {SKILL_MAX}"
            for s in _ROOM_SKILLS
        ]
        return "(" + " OR ".join(room) + ")"
    if gain is Gain.KNACK:
        return "1 = 1" if _KNACK_ALWAYS else "1 = 0"
    if gain is Gain.ANY_ABILITY:
        return "(" + " OR ".join(f"{score[a]} < {ABILITY_MAX}" for a in Ability) + ")"
    if gain is Gain.INTELLIGENCE_OR_SPIRIT:
        return (
            f"({score[Ability.INTELLIGENCE]} < {ABILITY_MAX}"
            f" OR {score[Ability.SPIRIT]} < {ABILITY_MAX})"
        )
    return "1 = 0"


def _reaching(sql: Dialect, rows: dict[int, tuple[Gain, ...]]) -> str:
    """A cat with nothing told reaching one of `rows`, with something to choose for each of
    its choices: the rows grouped by what they need, so a cat's age is looked up in a few
    lists, not compared with every row's."""
    by_need: dict[str, list[int]] = {}
    for moon, gains in rows.items():
        fits = " AND ".join(_has_options(sql, g) for g in gains if g.needs_choice) or "1 = 1"
        by_need.setdefault(fits, []).append(moon - 1)
    reached = [
        f"(g.age_moons IN ({', '.join(map(str, ages))}) AND {fits})"
        for fits, ages in by_need.items()
    ]
    return f"(g.retired = 0 AND g.gains_told = 0 AND ({' OR '.join(reached) or '1 = 0'}))"


# Nothing waiting, not dead: every cat SQL ages is.
_READY = "g.dead = 0 AND g.pending = '[]'"


def _quiet_age(retire_at: int, gain_ages: Sequence[int]) -> str:
    """Reaching an age with no row of the age table, short of retirement."""
    ages = ", ".join(str(age) for age in sorted(set(gain_ages))) or "-1"
    return f"(g.age_moons + 1 NOT IN ({ages}) AND g.age_moons + 1 < {int(retire_at)})"


def _fixed_edit(sql: Dialect, gains: tuple[Gain, ...]) -> dict[str, str]:
    """A cat's sheet's abilities and pools changed by a row of fixed changes, as `age_one_moon`
    makes them (a change that would leave 1-10 is not made)."""
    edits: dict[str, str] = {}
    for gain in gains:
        ability, change = FIXED_GAINS[gain]
        score = _path_number(sql, "abilities", ability.value)
        points = _path_number(sql, "points", ability.value)
        within = f"{score} + {change} BETWEEN {ABILITY_MIN} AND {ABILITY_MAX}"
        edits[f"abilities.{ability.value}"] = (
            f"CASE WHEN {within} THEN {score} + {change} ELSE {score} END"
        )
        edits[f"points.{ability.value}"] = (
            f"CASE WHEN {within} THEN {sql.greatest(f'{points} + {change}', '0')} ELSE {points} END"
        )
    return edits


def _sheet_edit(sql: Dialect, edits: dict[str, str]) -> str:
    """The sheet with each dotted path set to its SQL value: one `json_set` on SQLite."""
    if sql.name == "postgresql":
        out = "s.parsed"
        for path, value in edits.items():
            out = f"jsonb_set({out}, '{{{path.replace('.', ',')}}}', to_jsonb({value}))"
        return f"({out})::text"
    pairs = ", ".join(f"'$.{path}', {value}" for path, value in edits.items())
    return f"json_set(c.sheet, {pairs})"


def _by_age(rows: dict[int, tuple[Gain, ...]], value: Callable[[tuple[Gain, ...]], str]) -> str:
    """A CASE on a cat's age before the moon giving `value` of the row it reaches: the rows
    grouped by that value, so an age is looked up in a few lists, not compared with each row."""
    ages: dict[str, list[int]] = {}
    for moon, gains in rows.items():
        ages.setdefault(value(gains), []).append(moon - 1)
    whens = " ".join(
        f"WHEN g.age_moons IN ({', '.join(map(str, listed))}) THEN {then}"
        for then, listed in ages.items()
    )
    return f"CASE {whens or 'WHEN 1 = 0 THEN NULL'} END"


def _waiting(choices: Sequence[Gain]) -> str:
    """The JSON text of the gains a cat reaching its row's moon is put to wait for, numbered
    on from its gains given (text put together: no JSON function for each of 100,000 cats)."""
    items = " || ',' || ".join(
        f"""'{{"gain":"{gain.value}","moon":' || (g.age_moons + 1)"""
        f""" || ',"number":' || (g.gains_given + {n}) || '}}'"""
        for n, gain in enumerate(choices, start=1)
    )
    return f"'[' || {items} || ']'"


# A cat the moon in SQL put a choice to wait for, its player told: (id, player, name, its age
# now, the JSON of the part of its sheet its first waiting gain's options are read from, and
# true). A plain row as read, not a named one: a big server's moon returns one for most cats.
ToldRow = tuple[int, int, str, int, str, bool]


def _part(sql: Dialect, key: str) -> str:
    """The sheet's JSON object `key`, '{}' when missing (as the sheet model reads it)."""
    if sql.name == "postgresql":
        return f"coalesce((s.parsed -> '{key}')::text, '{{}}')"
    return f"coalesce(json_extract(c.sheet, '$.{key}'), '{{}}')"


class MoonQueries:
    """A slice of WCAGR's moon in SQL."""

    def __init__(self, connection: Connection) -> None:
        self._db = connection

    def age(
        self,
        living: str,
        guild_id: int,
        gain_ages: Sequence[int],
        retire_at: int,
        ids: Sequence[int] | IdRange | None,
        *,
        told_anyway: bool,
    ) -> tuple[set[int], list[ToldRow]]:
        """Age by one moon every living cat (of `living`'s server, among `ids`, `living` naming
        the characters as `c`) whose moon SQL makes exactly: the ids aged, and the cats now
        waiting for a choice its player was told of (`told_anyway`: the server has a channel
        for it, else where the cat last played). Four statements: the cats reaching a choice,
        read, then their growth changed by id; the sheets of those reaching a row of fixed
        changes; the growth of every other cat SQL ages."""
        sql = self._db.dialect
        only, parameters = among(ids, "c.id")
        # The slice on both tables: PostgreSQL then reads the growth of the slice alone.
        growth_only, growth_parameters = among(ids, "g.character_id")
        slice_ = (guild_id, *parameters, *growth_parameters)
        ready = f"{living}{only}{growth_only} AND {_READY}"
        told = (
            "1 = 1"
            if told_anyway
            else "EXISTS (SELECT 1 FROM audit_log a WHERE a.guild_id = c.guild_id"
            " AND a.character_id = c.id AND a.user_id = c.owner_id"
            " AND a.channel_id IS NOT NULL)"
        )
        choices = _choice_rows(retire_at)
        # The cats reaching a choice, the only ones whose sheets' JSON is read (for something
        # to choose, and the one part of the sheet the first choice's options come from).
        parts = _by_age(choices, lambda gains: _part(sql, OPTIONS_FROM[gains[0]]))
        choosing = self._db.execute_fetchall(
            f"SELECT c.id, c.owner_id, c.name, g.age_moons + 1,"
            f" {parts}, {told}"
            f" FROM {_CATS}{_PARSED if sql.name == 'postgresql' else ''}"
            f" WHERE {ready} AND {_reaching(sql, choices)}",
            slice_,
        )
        told_rows: list[ToldRow] = [row for row in choosing if row[5]]
        if choosing:
            count = _by_age(choices, lambda gains: str(len(gains)))
            told_ids: tuple[object, ...] = ()
            if len(told_rows) == len(choosing):  # all told (a server with a channel for it)
                now_told = count
            elif not told_rows:
                now_told = "g.gains_told"
            else:
                now_told = f"CASE WHEN g.character_id IN {sql.id_set()} THEN {count} ELSE 0 END"
                told_ids = (sql.ids_parameter([row[0] for row in told_rows]),)
            self._db.execute(
                f"UPDATE wcagr_growth AS g SET age_moons = g.age_moons + 1,"
                f" gains_given = g.gains_given + {count}, gains_told = {now_told},"
                f" pending = {_by_age(choices, _waiting)}"
                f" WHERE g.character_id IN {sql.id_set()}",
                (*told_ids, sql.ids_parameter([row[0] for row in choosing])),
            )
        fixed_rows = _fixed_rows(retire_at)
        fixed = _reaching(sql, fixed_rows)
        if fixed_rows:
            edits = " ".join(
                f"WHEN {moon - 1} THEN {_sheet_edit(sql, _fixed_edit(sql, gains))}"
                for moon, gains in fixed_rows.items()
            )
            edited = f"CASE g.age_moons {edits} END"
            if sql.name == "postgresql":  # each sheet parsed once for its edit
                edited = f"(SELECT {edited} FROM (SELECT c.sheet::jsonb AS parsed OFFSET 0) AS s)"
            self._db.execute(
                f"UPDATE characters AS c SET sheet = {edited}"
                f" FROM wcagr_growth g WHERE g.character_id = c.id AND {ready} AND {fixed}",
                slice_,
            )
        # The others SQL ages, none reaching a choice: the retired, those reaching an age with
        # no row, and those reaching a row of fixed changes.
        rest = self._db.execute_fetchall(
            f"UPDATE wcagr_growth AS g SET age_moons = g.age_moons + 1"
            f" FROM characters c WHERE c.id = g.character_id AND {ready}"
            f" AND (g.retired <> 0 OR {_quiet_age(retire_at, gain_ages)} OR {fixed})"
            " RETURNING character_id",
            slice_,
        )
        aged = {row[0] for row in choosing}
        aged.update(row[0] for row in rest)
        return aged, told_rows
