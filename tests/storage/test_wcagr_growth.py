"""WCAGR's growth beside the sheet (migration 45): the age, the gains waiting and told, retired
and dead live in `wcagr_growth`, not in the sheet's JSON; a read sets them back, so every
reader sees the whole sheet, and a write stores them there."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from rules.wcagr import WcagrSheet
from rules.wcagr.age_table import Gain, PendingGain
from rules.wcagr.clans import Clan
from storage.database import Database, bundled_migrations
from storage.dialect import POSTGRESQL, SQLITE
from storage.models import NewCharacter
from storage.repositories import Transaction
from storage.timestamps import to_text

GUILD = 7
NOW = datetime(2026, 12, 6, 12, 0, tzinfo=UTC)

SHEET = WcagrSheet(
    clan=Clan.THUNDERCLAN,
    age_moons=23,
    abilities={"strength": 4, "intelligence": 3, "spirit": 3},
    points={"strength": 2, "intelligence": 3, "spirit": 1},
    skills={"bite": 2},
    knacks={"stalk": 1, "yowl": 1, "track": 1},
    retired=False,
    gains_given=3,
    gains_told=1,
    pending=(
        PendingGain(gain=Gain.SKILL, moon=22, number=2),
        PendingGain(gain=Gain.KNACK, moon=23, number=3),
    ),
)


def _stored(tx: Transaction, character_id: int) -> tuple[dict[str, Any], tuple[Any, ...]]:
    sheet = tx.connection.execute_fetchall(
        "SELECT sheet FROM characters WHERE id = ?", (character_id,)
    )[0][0]
    growth = tx.connection.execute_fetchall(
        "SELECT age_moons, gains_given, gains_told, retired, dead, pending FROM wcagr_growth"
        " WHERE character_id = ?",
        (character_id,),
    )
    return json.loads(sheet), tuple(growth[0]) if growth else ()


async def test_a_saved_cat_keeps_its_growth_apart_and_reads_back_whole(db: Database) -> None:
    new = NewCharacter(guild_id=GUILD, owner_id=1, name="Ashfur", ruleset="wcagr", sheet=SHEET)
    cat = await db.transact(lambda tx: tx.characters.add(new, NOW))
    sheet, growth = await db.transact(lambda tx: _stored(tx, cat.id), write=False)
    assert not {"age_moons", "gains_given", "gains_told", "retired", "dead", "pending"} & set(sheet)
    assert growth[:5] == (23, 3, 1, 0, 0)
    assert [PendingGain.model_validate(p) for p in json.loads(growth[5])] == list(SHEET.pending)
    read = await db.transact(lambda tx: tx.characters.by_id(GUILD, cat.id), write=False)
    assert read is not None and read.sheet == SHEET

    older = SHEET.changed(age_moons=71, retired=True, pending=(), gains_told=0)
    cat.sheet = older
    await db.transact(lambda tx: tx.characters.save_sheet(cat))
    sheet, growth = await db.transact(lambda tx: _stored(tx, cat.id), write=False)
    assert growth == (71, 3, 0, 1, 0, "[]")
    assert "retired" not in sheet
    for read_one in (
        lambda tx: tx.characters.by_id(GUILD, cat.id),
        lambda tx: tx.characters.by_name(GUILD, "ashfur"),
        lambda tx: tx.characters.by_ids(GUILD, [cat.id])[cat.id],
        lambda tx: tx.characters.owned_by(GUILD, 1)[0],
        lambda tx: tx.characters.default_for(GUILD, 1)[1][0],
        lambda tx: tx.characters.page_in_guild(GUILD, 0, cat.id, 10)[0],
    ):
        found = await db.transact(read_one, write=False)
        assert found.sheet == older


async def test_a_sheet_written_straight_into_the_table_reads_as_written(db: Database) -> None:
    """A sheet with its growth in its JSON and no growth row (written whole straight into the
    table) reads as it is stored."""

    def seed(tx: Transaction) -> int:
        tx.connection.execute(
            "INSERT INTO characters (guild_id, owner_id, name, name_key, ruleset, sheet,"
            " created_at) VALUES (?, 1, 'Ashfur', 'ashfur', 'wcagr', ?, ?)",
            (GUILD, SHEET.model_dump_json(), to_text(NOW)),
        )
        return int(tx.connection.execute_fetchall("SELECT max(id) FROM characters")[0][0])

    cat_id = await db.transact(seed)
    read = await db.transact(lambda tx: tx.characters.by_id(GUILD, cat_id), write=False)
    assert read is not None and read.sheet == SHEET


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
async def test_migration_45_moves_each_cats_growth_out_of_its_sheet(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    if backend == "postgresql":
        where = request.getfixturevalue("postgresql_schema")
        dialect = POSTGRESQL
    else:
        where, dialect = str(tmp_path / "pawpost.sqlite3"), SQLITE
    before = [m for m in bundled_migrations(dialect) if m.version < 45]
    old = await Database.open(where, migrations=before)
    retired = SHEET.changed(retired=True, dead=True, pending=(), gains_told=0)

    def seed(tx: Transaction) -> None:
        for n, sheet in enumerate((SHEET, retired)):
            tx.connection.execute(
                "INSERT INTO characters (guild_id, owner_id, name, name_key, ruleset, sheet,"
                " created_at) VALUES (?, ?, ?, ?, 'wcagr', ?, ?)",
                (GUILD, n, f"Cat{n}", f"cat{n}", sheet.model_dump_json(), to_text(NOW)),
            )

    await old.transact(seed)
    await old.close()
    db = await Database.open(where)
    try:

        def read(tx: Transaction) -> list[Any]:
            ids = [row[0] for row in tx.connection.execute_fetchall(
                "SELECT id FROM characters ORDER BY id"
            )]  # fmt: skip
            found = tx.characters.by_ids(GUILD, ids)
            return [(found[i].sheet, *_stored(tx, i)) for i in ids]

        (first, first_json, first_growth), (second, second_json, second_growth) = await db.transact(
            read, write=False
        )
    finally:
        await db.close()
    assert (first, second) == (SHEET, retired)
    assert "age_moons" not in first_json and "pending" not in second_json
    assert first_growth[:5] == (23, 3, 1, 0, 0)
    assert second_growth[:5] == (23, 3, 0, 1, 1)
    assert json.loads(second_growth[5]) == []
