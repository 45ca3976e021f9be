"""Migration 16: the stored name keys are recomputed as names are now compared (NFKC,
case-folded, invisible characters removed); two live cats whose names become one name keep
both, the younger renamed with its id and the rename logged."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.actions import characters
from bot.actions.context import Services
from bot.actions.germ import cats as germ_cats
from bot.registry import RULESETS
from rules.errors import PawpostError
from rules.germ.sheet import GermSheet
from storage.database import Database, bundled_migrations
from tests.conftest import ALICE, BOB, actor, cat

SHEET = GermSheet(
    strength=4, agility=4, charisma=4, intelligence=4, stealth=3, perception=3, age_moons=12
).model_dump_json()
DELETED = "2026-11-02T00:00:00+00:00"
BEFORE = [m for m in bundled_migrations() if m.version <= 13]


def old_key(name: str) -> str:
    """The key the code made before migration 16."""
    return name.strip().casefold()


async def old_database(path: Path, cats: list[tuple[int, int, str, bool]]) -> None:
    """A database as the code was before migration 16: (guild, owner, name, deleted)."""
    old = await Database.open(path, migrations=BEFORE)
    await old.close()
    with sqlite3.connect(path) as connection:
        connection.executemany(
            "INSERT INTO characters (guild_id, owner_id, name, name_key, ruleset, sheet,"
            " created_at, deleted_at) VALUES (?, ?, ?, ?, 'germ', ?, '2026-11-01T00:00:00+00:00',"
            " ?)",
            [
                (guild, owner, name, old_key(name), SHEET, DELETED if deleted else None)
                for guild, owner, name, deleted in cats
            ],
        )
    connection.close()


def rows(path: Path) -> list[tuple[int, str, str]]:
    with sqlite3.connect(path) as connection:
        found = connection.execute("SELECT id, name, name_key FROM characters ORDER BY id")
        return [tuple(row) for row in found]


async def test_keys_are_recomputed_and_clashing_cats_are_renamed_not_lost(
    tmp_path: Path, clock
) -> None:
    path = tmp_path / "pawpost.sqlite3"
    await old_database(
        path,
        [
            (1, ALICE, "Firepaw", False),  # 1: the oldest keeps the name
            (1, BOB, "Fire\u200bpaw", False),  # 2: one name with 1 now
            (1, BOB, "ＦＩＲＥＰＡＷ", False),  # 3: and this one
            (1, BOB, "Firepaw (2)", False),  # 4: the name 2 would be given
            (1, BOB, "FIRE\u00adPAW", True),  # 5: deleted: its key only
            (2, BOB, "ＦＩＲＥＰＡＷ", False),  # 6: another server's
            (1, ALICE, "Graystripe", False),  # 7: untouched
        ],
    )
    db = await Database.open(path)
    try:
        assert rows(path) == [
            (1, "Firepaw", "firepaw"),
            (2, "Fire\u200bpaw (2) (2)", "firepaw (2) (2)"),
            (3, "ＦＩＲＥＰＡＷ (3)", "firepaw (3)"),
            (4, "Firepaw (2)", "firepaw (2)"),
            (5, "FIRE\u00adPAW", "firepaw"),
            (6, "ＦＩＲＥＰＡＷ", "firepaw"),
            (7, "Graystripe", "graystripe"),
        ]
        with sqlite3.connect(path) as connection:
            logged = connection.execute(
                "SELECT character_id, user_id, summary FROM audit_log ORDER BY id"
            ).fetchall()
        connection.close()
        assert logged == [
            (2, 0, "renamed Fire\u200bpaw to Fire\u200bpaw (2) (2): another character already"
             " had that name, as names are now compared"),
            (3, 0, "renamed ＦＩＲＥＰＡＷ to ＦＩＲＥＰＡＷ (3): another character already had"
             " that name, as names are now compared"),
        ]  # fmt: skip
        services = Services(rulesets=RULESETS, db=db, clock=clock)
        # The lookups and the uniqueness check now use the new keys.
        shown = await characters.show(services, actor(BOB, guild=1), "ＦＩＲＥＰＡＷ")
        assert shown.title is not None and "Firepaw" in shown.title
        with pytest.raises(PawpostError, match="^There is already a character named "):
            await germ_cats.create(services, actor(BOB, guild=1), **cat("fire\u200bPAW"))
        # The renamed cat's player can give it a name of their own.
        await characters.rename(services, actor(BOB, guild=1), "Emberpaw", "ＦＩＲＥＰＡＷ (3)")
        log = await db.transact(lambda tx: tx.characters.by_name(1, "emberpaw"), write=False)
        assert log is not None and log.id == 3
    finally:
        await db.close()


async def test_a_database_without_clashes_changes_only_its_keys(tmp_path: Path) -> None:
    path = tmp_path / "pawpost.sqlite3"
    await old_database(
        path, [(1, ALICE, "Ｓａｎｄｐａｗ", False), (1, BOB, "Dust\u200bpelt", False)]
    )
    db = await Database.open(path)
    await db.close()
    assert rows(path) == [(1, "Ｓａｎｄｐａｗ", "sandpaw"), (2, "Dust\u200bpelt", "dustpelt")]
    with sqlite3.connect(path) as connection:
        assert connection.execute("SELECT count(*) FROM audit_log").fetchone() == (0,)
    connection.close()
