"""WCAGR's moon in SQL (issue 33: 13-15 s for 100,000 cats through the sheet model): one
statement per slice ages every cat whose moon SQL can make exactly as `age_one_moon` does, each
reaching age's row of the age table applied in place in its sheet's JSON (one edit of the sheet
per cat, so SQLite parses it once, not once per change); the others (a gain that may find
nothing left to choose, retirement, the dead, gains already waiting, the 10-moon gains) are
left for the sheet's own rules. Which cats SQL ages and which it leaves is the one condition
`exact`, read before the statement, so no cat is aged twice or not at all."""

from __future__ import annotations

from collections.abc import Sequence

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


def _path_number(sql: Dialect, *keys: str) -> str:
    if sql.name == "postgresql":
        return f"(sheet::jsonb #>> '{{{','.join(keys)}}}')::numeric"
    return f"json_extract(sheet, '$.{'.'.join(keys)}')"


def _flag(sql: Dialect, key: str) -> str:
    """A JSON boolean of the sheet is true (0/1 on SQLite, false/true on PostgreSQL)."""
    return f"CAST(coalesce({sql.json_text('sheet', key)}, 'false') AS TEXT) IN ('1', 'true')"


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


# SQLite: a sheet's `pending`, `dead` and `retired` in one lookup, as compact JSON
# ('[[],false,false]' for a cat alive, in play and with nothing waiting; any other text, such
# as a missing key, leaves the cat to the rules).
_STATE = "json_extract(sheet, '$.pending', '$.dead', '$.retired')"


def exact(sql: Dialect, retire_at: int, gain_ages: Sequence[int]) -> str:
    """The living cats whose next moon SQL makes exactly: quiet ones (no gain waiting, and
    retired or reaching an age with no row, short of retirement) and those reaching a row of
    `sql_rows` with nothing waiting and, for a choice, something to choose."""
    ages = ", ".join(str(age) for age in sorted(set(gain_ages))) or "-1"
    by_row = []
    for moon, gains in sql_rows(retire_at).items():
        fits = " AND ".join(_has_options(sql, g) for g in gains if g.needs_choice) or "1 = 1"
        by_row.append(f"(age_moons = {moon - 1} AND {fits})")
    quiet_age = f"(age_moons + 1 NOT IN ({ages}) AND age_moons + 1 < {int(retire_at)})"
    untold = f"coalesce({sql.json_number('sheet', 'gains_told')}, 0) = 0"
    if sql.name == "sqlite":
        # One lookup for the three keys every cat is sorted by (a sheet is parsed once per
        # statement, each further json_extract of it a lookup), and no CASE: a condition in a
        # CASE is worked out whole, each OR and AND to its end, not stopped at its first answer.
        return (
            f"age_moons IS NOT NULL AND {_STATE} IN ('[[],false,true]', '[[],false,false]')"
            f" AND ({_STATE} = '[[],false,true]' OR {quiet_age}"
            f" OR ({untold} AND ({' OR '.join(by_row) or '1 = 0'})))"
        )
    nothing_waiting = (
        f"coalesce({sql.json_text('sheet', 'pending')}, '[]') = '[]' AND NOT {_flag(sql, 'dead')}"
    )
    quiet = f"({_flag(sql, 'retired')} OR {quiet_age})"
    rows = f"(NOT {_flag(sql, 'retired')} AND {untold} AND ({' OR '.join(by_row) or '1 = 0'}))"
    return f"age_moons IS NOT NULL AND {nothing_waiting} AND ({quiet} OR {rows})"


def _edit(sql: Dialect, edits: list[tuple[tuple[str, ...], str]], append: list[str]) -> str:
    """The sheet with each path set to its SQL value and JSON objects appended to `pending`:
    one json_set on SQLite (the sheet parsed once)."""
    if sql.name == "postgresql":
        out = "sheet::jsonb"
        for path, value in edits:
            out = f"jsonb_set({out}, '{{{','.join(path)}}}', to_jsonb({value}))"
        if append:
            items = ", ".join(f"jsonb_build_object({item})" for item in append)
            out = (
                f"jsonb_set({out}, '{{pending}}',"
                f" coalesce(sheet::jsonb -> 'pending', '[]'::jsonb) || jsonb_build_array({items}))"
            )
        return f"({out})::text"
    pairs = [f"'$.{'.'.join(path)}', {value}" for path, value in edits]
    pairs += [f"'$.pending[#]', json_object({item})" for item in append]
    return f"json_set(sheet, {', '.join(pairs)})"


def _row_edit(sql: Dialect, moon: int, gains: tuple[Gain, ...], told: str) -> str:
    """A cat reaching `moon` (its row `gains`), as `age_one_moon` makes it."""
    edits: list[tuple[tuple[str, ...], str]] = [(("age_moons",), str(moon))]
    for gain in gains:
        if gain.needs_choice:
            continue
        ability, change = FIXED_GAINS[gain]
        score = _path_number(sql, "abilities", ability.value)
        points = _path_number(sql, "points", ability.value)
        within = f"{score} + {change} BETWEEN {ABILITY_MIN} AND {ABILITY_MAX}"
        edits.append(
            (
                ("abilities", ability.value),
                f"CASE WHEN {within} THEN {score} + {change} ELSE {score} END",
            )
        )
        edits.append(
            (
                ("points", ability.value),
                f"CASE WHEN {within} THEN {sql.greatest(f'{points} + {change}', '0')}"
                f" ELSE {points} END",
            )
        )
    choices = [gain for gain in gains if gain.needs_choice]
    append = []
    if choices:
        given = f"coalesce({sql.json_number('sheet', 'gains_given')}, 0)"
        text = "'{}'::text" if sql.name == "postgresql" else "'{}'"
        for n, gain in enumerate(choices, start=1):
            append.append(
                f"'gain', {text.format(gain.value)}, 'moon', {moon}, 'number', {given} + {n}"
            )
        edits.append((("gains_given",), f"{given} + {len(choices)}"))
        edits.append((("gains_told",), f"CASE WHEN {told} THEN {len(choices)} ELSE 0 END"))
    return _edit(sql, edits, append)


# A cat the moon in SQL put a choice to wait for, its player told: (id, player, name, its age
# now, the JSON of the part of its sheet its first waiting gain's options are read from). A
# plain row, not a named one: a big server's moon returns one for most of its cats.
ToldRow = tuple[int, int, str, int, str]


def _part(sql: Dialect, key: str) -> str:
    """The sheet's JSON object `key`, '{}' when missing (as the sheet model reads it)."""
    if sql.name == "postgresql":
        return f"coalesce((sheet::jsonb -> '{key}')::text, '{{}}')"
    return f"coalesce(json_extract(sheet, '$.{key}'), '{{}}')"


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
        """Age by one moon every living cat (of `living`'s server, among `ids`) that `exact`
        keeps: the ids aged, and the cats now waiting for a choice its player was told of
        (`told_anyway`: the server has a channel for it, else where the cat last played)."""
        sql = self._db.dialect
        told = (
            "1 = 1"
            if told_anyway
            else "EXISTS (SELECT 1 FROM audit_log a WHERE a.guild_id = characters.guild_id"
            " AND a.character_id = characters.id AND a.user_id = characters.owner_id"
            " AND a.channel_id IS NOT NULL)"
        )
        older = sql.json_set("sheet", {"age_moons": "age_moons + 1"})
        rows_at = sql_rows(retire_at)
        retired = _flag(sql, "retired")
        # The sheet's keys are looked up only for a cat reaching a row (a retired one gains
        # nothing): a quiet cat's edit is its age alone.
        cases = " ".join(
            f"WHEN {moon - 1} THEN CASE WHEN {retired} THEN {older}"
            f" ELSE {_row_edit(sql, moon, gains, told)} END"
            for moon, gains in rows_at.items()
        )
        sheet = f"CASE age_moons {cases} ELSE {older} END"
        only, parameters = among(ids)
        # The first choice of each row is the one a player is told of: its options are read
        # from one part of the sheet, the only one returned.
        parts = " ".join(
            f"WHEN {moon} THEN {_part(sql, OPTIONS_FROM[choices[0]])}"
            for moon, gains in rows_at.items()
            if (choices := [g for g in gains if g.needs_choice])
        )
        told_now = f"coalesce({sql.json_number('sheet', 'gains_told')}, 0) > 0 AND NOT {retired}"
        rows = self._db.execute_fetchall(
            f"UPDATE characters SET sheet = {sheet} WHERE {living}{only}"
            f" AND {exact(sql, retire_at, gain_ages)}"
            f" RETURNING id, owner_id, name, age_moons,"
            f" CASE WHEN {told_now} THEN CASE age_moons {parts or 'WHEN -1 THEN NULL'} END END",
            (guild_id, *parameters),
        )
        return {row[0] for row in rows}, [row for row in rows if row[4] is not None]
