"""The database file: pragmas, migrations applied atomically, transactions, storage faults."""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from rules.germ.sheet import GermSheet
from storage.database import Database, Migration, MigrationFailed, bundled_migrations
from storage.errors import StorageUnavailable
from storage.models import NewCharacter
from storage.repositories import NameTaken

NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
SHEET = GermSheet(
    strength=4, agility=4, charisma=4, intelligence=4, stealth=3, perception=3, age_moons=12
)


def schema(path: Path) -> list[tuple[str, str]]:
    with sqlite3.connect(path) as connection:
        return connection.execute(
            "SELECT name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name"
        ).fetchall()


async def test_new_file_gets_wal_foreign_keys_and_every_migration(tmp_path: Path) -> None:
    path = tmp_path / "nested" / "pawpost.sqlite3"
    db = await Database.open(path)
    try:
        assert db.schema_version == bundled_migrations()[-1].version
        async with db.transaction(write=False) as tx:
            connection = tx.characters._db
            assert (await connection.execute_fetchall("PRAGMA journal_mode"))[0][0] == "wal"
            assert (await connection.execute_fetchall("PRAGMA foreign_keys"))[0][0] == 1
            assert (await connection.execute_fetchall("PRAGMA synchronous"))[0][0] == 1
            assert (await connection.execute_fetchall("PRAGMA busy_timeout"))[0][0] == 5000
    finally:
        await db.close()
    reopened = await Database.open(path)
    assert reopened.schema_version == db.schema_version
    await reopened.close()


async def test_a_failing_migration_leaves_the_schema_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "pawpost.sqlite3"
    await (await Database.open(path)).close()
    before = schema(path)
    broken = Migration(
        99,
        "0099_broken.sql",
        "CREATE TABLE half_done (id INTEGER PRIMARY KEY);\n"
        "ALTER TABLE characters ADD COLUMN colour TEXT;\n"
        "INSERT INTO no_such_table VALUES (1);",
    )
    with pytest.raises(MigrationFailed, match=r"0099_broken\.sql failed: no such table"):
        await Database.open(path, migrations=[*bundled_migrations(), broken])
    assert schema(path) == before
    with sqlite3.connect(path) as connection:
        versions = [row[0] for row in connection.execute("SELECT version FROM schema_version")]
    assert 99 not in versions


async def test_an_error_in_a_transaction_keeps_nothing(db: Database) -> None:
    with pytest.raises(RuntimeError):
        async with db.transaction() as tx:
            await tx.characters.add(
                NewCharacter(guild_id=1, owner_id=5, name="Firepaw", ruleset="germ", sheet=SHEET),
                NOW,
            )
            raise RuntimeError("boom")
    async with db.transaction(write=False) as tx:
        assert await tx.characters.by_name(1, "Firepaw") is None


async def test_names_are_unique_per_server_whatever_the_case(db: Database) -> None:
    async with db.transaction() as tx:
        await tx.characters.add(
            NewCharacter(guild_id=1, owner_id=5, name="Firepaw", ruleset="germ", sheet=SHEET), NOW
        )
        await tx.characters.add(
            NewCharacter(guild_id=2, owner_id=5, name="FIREPAW", ruleset="germ", sheet=SHEET), NOW
        )
    with pytest.raises(NameTaken):
        async with db.transaction() as tx:
            await tx.characters.add(
                NewCharacter(guild_id=1, owner_id=6, name="fIrEpAw", ruleset="germ", sheet=SHEET),
                NOW,
            )
    async with db.transaction(write=False) as tx:
        found = await tx.characters.by_name(1, "FIREPAW ")
        assert found is not None and found.name == "Firepaw" and found.owner_id == 5
        assert found.sheet == SHEET


async def test_a_sheet_is_validated_on_the_way_in_and_out(db: Database, tmp_path: Path) -> None:
    bad = SHEET.model_construct(**{**SHEET.model_dump(), "strength": -3})
    new = NewCharacter(guild_id=1, owner_id=5, name="Bad", ruleset="germ", sheet=bad)
    async with db.transaction() as tx:
        with pytest.raises(ValueError, match="strength"):
            await tx.characters.add(new, NOW)
    async with db.transaction() as tx:
        await tx.characters.add(
            NewCharacter(guild_id=1, owner_id=5, name="Good", ruleset="germ", sheet=SHEET), NOW
        )
    with sqlite3.connect(db.path) as connection:
        connection.execute("UPDATE characters SET sheet = '{\"strength\": \"lots\"}'")
    with pytest.raises(ValueError, match="strength"):
        async with db.transaction(write=False) as tx:
            await tx.characters.by_name(1, "Good")


async def test_a_locked_database_is_storage_unavailable_and_changes_nothing(
    tmp_path: Path,
) -> None:
    path = tmp_path / "pawpost.sqlite3"
    db = await Database.open(path, busy_timeout_ms=50)
    other = sqlite3.connect(path, timeout=0)
    other.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StorageUnavailable) as raised:
            async with db.transaction() as tx:
                await tx.characters.add(
                    NewCharacter(guild_id=1, owner_id=5, name="X", ruleset="germ", sheet=SHEET),
                    NOW,
                )
        assert "unavailable" in raised.value.message
    finally:
        other.rollback()
        other.close()
    async with db.transaction() as tx:
        assert await tx.characters.by_name(1, "X") is None
    await db.close()


async def test_backup_copies_the_live_database(db: Database, tmp_path: Path) -> None:
    async with db.transaction() as tx:
        await tx.characters.add(
            NewCharacter(guild_id=1, owner_id=5, name="Firepaw", ruleset="germ", sheet=SHEET), NOW
        )
    copy = tmp_path / "backup.sqlite3"
    await db.backup(copy)
    with sqlite3.connect(copy) as connection:
        assert connection.execute("SELECT name FROM characters").fetchall() == [("Firepaw",)]
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)


@pytest.mark.parametrize(
    ("statement", "kept"),
    [("BEGIN", False), ("INSERT", False), ("SELECT", False), ("COMMIT", True)],
)
async def test_a_command_cancelled_in_any_statement_leaves_no_transaction_open(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, statement: str, kept: bool
) -> None:
    """A shutdown cancels commands wherever they are. The statement already handed to the
    database thread still runs; the next command must find the connection free, and the
    command's work kept only if its COMMIT had been handed over."""
    db = await Database.open(tmp_path / "pawpost.sqlite3")
    connection = db._connection
    for method in ("execute", "execute_fetchall"):
        original = getattr(connection, method)

        async def cancelling(sql: str, parameters: Any = (), _original: Any = original) -> Any:
            pending = _original(sql, parameters)
            if sql.startswith(statement):
                asyncio.current_task().cancel()  # delivered at the next await, once queued
            return await pending

        monkeypatch.setattr(connection, method, cancelling)

    async def create() -> None:
        async with db.transaction() as tx:
            await tx.characters.add(
                NewCharacter(guild_id=1, owner_id=5, name="Firepaw", ruleset="germ", sheet=SHEET),
                NOW,
            )
            await tx.characters.by_name(1, "Firepaw")

    with pytest.raises(asyncio.CancelledError):
        await asyncio.create_task(create())
    monkeypatch.undo()
    assert not connection.in_transaction
    async with db.transaction() as tx:
        assert (await tx.characters.by_name(1, "Firepaw") is not None) is kept
    await db.close()
