"""`pawpost migrate-to`: a whole SQLite database copied into an empty PostgreSQL one, checked,
and the bot's reads and writes going on there as they did on the file."""

from __future__ import annotations

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
    tmp_path: Path, postgresql_schema: str, dice: Dice, clock: Clock
) -> None:
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
    tmp_path: Path, postgresql_schema: str, dice: Dice, clock: Clock
) -> None:
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
    path = tmp_path / "empty.sqlite3"
    assert main(["migrate-to", postgresql_schema, "--db", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Copied 0 rows in" in out and "count and sums match" in out
    assert main(["migrate-to", str(tmp_path / "other.sqlite3"), "--db", str(path)]) == 2
    assert "postgresql://" in capsys.readouterr().err
