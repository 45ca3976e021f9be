"""WCAGR's growth beside the sheet (migration 45): a cat's age, its gains put to wait and told,
and whether it is retired or dead, in `wcagr_growth`, so that a moon rewrites a narrow row per
cat, not its whole sheet (issue 33). Read back into the sheet by the characters' reads."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

from rules.wcagr.sheet import WcagrSheet
from storage.connection import Connection
from storage.dialect import Dialect
from storage.sheet_parts import SheetPart

GROWTH_KEYS = frozenset({"age_moons", "gains_given", "gains_told", "retired", "dead", "pending"})


def _read(sql: Dialect, table: str) -> str:
    """The sheet of a row of `table` with its growth set back in (the sheet as stored when it
    has no growth row: one written whole straight into the table)."""
    keys = {
        "age_moons": "g.age_moons",
        "gains_given": "g.gains_given",
        "gains_told": "g.gains_told",
        "retired": sql.json_bool("g.retired <> 0"),
        "dead": sql.json_bool("g.dead <> 0"),
        "pending": sql.json_literal("g.pending"),
    }
    whole = sql.json_set(f"{table}.sheet", keys)
    return (
        f"coalesce((SELECT {whole} FROM wcagr_growth g WHERE g.character_id = {table}.id),"
        f" {table}.sheet)"
    )


def _values(sheet: BaseModel) -> tuple[Any, ...]:
    assert isinstance(sheet, WcagrSheet)
    pending = "[" + ",".join(gain.model_dump_json() for gain in sheet.pending) + "]"
    return (
        sheet.age_moons,
        sheet.gains_given,
        sheet.gains_told,
        int(sheet.retired),
        int(sheet.dead),
        pending,
    )


def _write(connection: Connection, rows: Sequence[tuple[Any, ...]]) -> None:
    connection.executemany(
        "INSERT INTO wcagr_growth"
        " (character_id, age_moons, gains_given, gains_told, retired, dead, pending)"
        " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (character_id) DO UPDATE SET"
        " age_moons = excluded.age_moons, gains_given = excluded.gains_given,"
        " gains_told = excluded.gains_told, retired = excluded.retired, dead = excluded.dead,"
        " pending = excluded.pending",
        rows,
    )


GROWTH = SheetPart(keys=GROWTH_KEYS, read=_read, values=_values, write=_write)
