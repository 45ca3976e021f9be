"""`pawpost migrate-to`: a whole SQLite database copied into an empty PostgreSQL one, checked,
and the bot's reads and writes going on there as they did on the file."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from bot.actions.context import Services
from bot.actions.germ import cats as germ_cats
from bot.actions.germ import hunting as germ_hunting
from bot.cli import main
from bot.registry import RULESETS
from rules.errors import PawpostError
from storage.database import Database
from storage.migrate_to import migrate_to
from tests.conftest import ALICE, BOB, FIREPAW, TIGERCLAW, Clock, Dice, actor, dump

FIND, CATCH = 15, 15


async def _filled(path: Path, dice: Dice, clock: Clock) -> None:
    """A file with cats, a hunt and its audit entries, a mother younger than her kit (so a
    row refers to a later one), and a deleted draft whose id must never come back."""
    db = await Database.open(path)
    services = Services(rulesets=RULESETS, db=db, dice=dice, clock=clock)
    await germ_cats.create(services, actor(ALICE), **FIREPAW)
    await germ_cats.create(services, actor(BOB), **TIGERCLAW)
    dice.load(FIND, CATCH)
    await germ_hunting.hunt(services, actor(ALICE))
    await db.close()
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE characters SET mother_id = 2 WHERE id = 1")
        for _ in range(3):
            connection.execute(
                "INSERT INTO character_drafts (guild_id, owner_id, ruleset, choices, created_at,"
                " expires_at) VALUES (1000, 101, 'germ', '{}', 'x', 'y')"
            )
        connection.execute("DELETE FROM character_drafts")


async def test_a_whole_database_moves_and_goes_on_there(
    tmp_path: Path, postgresql_migrated: str, dice: Dice, clock: Clock
) -> None:
    postgresql_schema = postgresql_migrated
    path = tmp_path / "pawpost.sqlite3"
    await _filled(path, dice, clock)
    said: list[str] = []
    copied = await migrate_to(str(path), postgresql_schema, said.append)
    tallies = {one.table: one.tally for one in copied}
    assert tallies["characters"].rows == 2 and tallies["hunts"].rows == 1
    assert tallies["audit_log"].rows >= 3
    assert tallies["characters"].sums["guild_id"] == 2 * 1000
    assert "  characters: 2 rows" in said

    moved = await Database.open(postgresql_schema)
    try:
        kit = await moved.transact(lambda tx: tx.characters.by_name(1000, "firepaw"), write=False)
        assert kit is not None and kit.mother_id == 2
        services = Services(rulesets=RULESETS, db=moved, dice=dice, clock=clock)
        with pytest.raises(PawpostError, match="can hunt again"):
            await germ_hunting.hunt(services, actor(ALICE))  # its day's hunt came along
        clock.advance(days=1)
        dice.load(FIND, CATCH)
        await germ_hunting.hunt(services, actor(ALICE))
        new_id = await moved.transact(
            lambda tx: tx.connection.execute_fetchall(
                "INSERT INTO character_drafts (guild_id, owner_id, ruleset, choices, created_at,"
                " expires_at) VALUES (1000, 101, 'germ', '{}', 'x', 'y') RETURNING id"
            )[0][0]
        )
        assert new_id == 4  # never one of the deleted drafts' ids
    finally:
        await moved.close()


async def test_a_database_that_is_not_empty_is_refused_and_left_as_it_was(
    tmp_path: Path, postgresql_migrated: str, dice: Dice, clock: Clock
) -> None:
    postgresql_schema = postgresql_migrated
    path = tmp_path / "pawpost.sqlite3"
    await _filled(path, dice, clock)
    await migrate_to(str(path), postgresql_schema, lambda _: None)
    target = await Database.open(postgresql_schema)
    before = dump(target)
    await target.close()
    with pytest.raises(PawpostError, match="not empty"):
        await migrate_to(str(path), postgresql_schema, lambda _: None)
    assert dump(postgresql_schema) == before


def test_the_command_says_what_it_copied(
    tmp_path: Path, postgresql_schema: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "new.sqlite3"
    assert main(["console", "--db", str(path), "--script", str(empty_script(tmp_path))]) == 0
    capsys.readouterr()
    assert main(["migrate-to", postgresql_schema, "--db", str(path), "--create"]) == 0
    out = capsys.readouterr().out
    assert "  database_identity: 1 rows\n" in out  # a new database has only its id
    assert "Copied 1 rows in" in out and "count and sums match" in out
    assert main(["migrate-to", str(tmp_path / "other.sqlite3"), "--db", str(path)]) == 2
    assert "postgresql://" in capsys.readouterr().err


def empty_script(folder: Path) -> Path:
    script = folder / "nothing.txt"
    script.write_text("")
    return script


def tables_of(url: str) -> list[str]:
    import psycopg

    with psycopg.connect(url) as connection:
        rows = connection.execute(
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
        ).fetchall()
    return [name for (name,) in rows]


@pytest.mark.parametrize("source", ["missing", "empty file", "folder"])
def test_migrate_to_copies_an_existing_database_only(
    tmp_path: Path, postgresql_migrated: str, capsys: pytest.CaptureFixture[str], source: str
) -> None:
    """Issue 32: a missing --db, the wrong folder or a 0-byte file was created, migrated and
    "copied" (0 rows, exit 0). It is one sentence now, and nothing is made on either side."""
    path = tmp_path / "pawpost.sqlite3"
    if source == "empty file":
        path.write_bytes(b"")
    elif source == "folder":
        path.mkdir()
    before = dump(postgresql_migrated)
    assert main(["migrate-to", postgresql_migrated, "--db", str(path)]) == 2
    error = capsys.readouterr().err
    why = {
        "missing": "there is no such file",
        "empty file": "it is not a Pawpost database",
        "folder": "it is a folder, not a database file",
    }[source]
    assert error == f"Cannot open the database {path}: {why}.\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pawpost.sqlite3"] * (source != "missing")
    if source == "empty file":
        assert path.read_bytes() == b""
    assert dump(postgresql_migrated) == before


def test_migrate_to_makes_no_schema_in_an_empty_database_unless_told(
    tmp_path: Path, postgresql_schema: str, dice: Dice, clock: Clock, capsys
) -> None:
    path = tmp_path / "pawpost.sqlite3"
    asyncio.run(_filled(path, dice, clock))
    assert main(["migrate-to", postgresql_schema, "--db", str(path)]) == 2
    assert capsys.readouterr().err == (
        f"The PostgreSQL database {postgresql_schema} has no Pawpost schema; give --create to"
        " make it there (nothing was created).\n"
    )
    assert tables_of(postgresql_schema) == []


def test_export_of_an_empty_postgresql_database_creates_nothing(
    postgresql_schema: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 30: `pawpost export` on an empty PostgreSQL database made the whole schema."""
    assert main(["export", "--guild", "1", "--db", postgresql_schema]) == 2
    assert capsys.readouterr().err == (
        f"Cannot open the database {postgresql_schema}: it has no Pawpost schema (nothing was"
        " created).\n"
    )
    assert tables_of(postgresql_schema) == []


def test_a_missing_postgresql_database_is_one_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    from tests.conftest import POSTGRESQL, postgresql_unreachable

    if postgresql_unreachable():
        pytest.skip("no PostgreSQL server")
    server, _, _ = POSTGRESQL.rpartition("/")
    missing = f"{server}/pawpost_no_such_database"
    assert main(["export", "--guild", "1", "--db", missing]) == 2
    assert capsys.readouterr().err == (
        f'Cannot open the database {missing}: database "pawpost_no_such_database" does not exist.\n'
    )


async def test_a_row_postgresql_cannot_hold_is_named_instead_of_a_crash(
    tmp_path: Path, postgresql_migrated: str, dice: Dice, clock: Clock
) -> None:
    """Issue 32: a NUL kept by SQLite (from before free text was cleaned) crashed migrate-to
    with a traceback. The row is named, and nothing is kept in PostgreSQL."""
    path = tmp_path / "pawpost.sqlite3"
    await _filled(path, dice, clock)
    with sqlite3.connect(path) as connection:
        connection.execute(
            "UPDATE audit_log SET reason = 'dawn' || char(0) || 'patrol' WHERE id = 2"
        )
    connection.close()
    before = dump(postgresql_migrated)
    with pytest.raises(PawpostError) as refused:
        await migrate_to(str(path), postgresql_migrated, lambda _: None)
    assert refused.value.message == (
        "The audit_log row with id 2 holds a NUL character in reason, which PostgreSQL cannot"
        " store; remove it from the SQLite file and run migrate-to again (nothing was kept)."
    )
    assert dump(postgresql_migrated) == before
