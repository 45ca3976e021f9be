"""The hunting tables: once a day per cat, catches eaten once, and every lookup on an index."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta

import pytest

from bot.actions import clock as clock_actions
from bot.actions import hunting, hunting_config
from bot.actions.germ import cats as germ_cats
from bot.actions.germ import hunting as germ_hunting
from bot.actions.hunting_jobs import weekly_hunting
from rules.rolls import Die, Modifier, Roll
from storage.database import Database, bundled_migrations
from storage.errors import integrity_errors
from storage.hunting import CatchLookup, Hunt, HuntAlreadyRecorded, HuntKind, Outcome
from storage.repositories import Transaction
from storage.timestamps import to_text
from tests.actions.germ.hunting_helpers import CATCH, FIND, boss
from tests.conftest import ALICE, BOB, FIREPAW, GUILD, TIGERCLAW, actor
from tests.query_plans import planned, recorded

NOW = datetime(2026, 11, 30, 12, tzinfo=UTC)
HUNTING_TABLES = ("hunts", "away", "steal_attempts", "hunting_posts", "hunting_schedule")
ROLL = Roll(label="Hunt: find prey (Perception)", dice=(Die(sides=20, face=12),), target=5)


def a_hunt(character_id: int, day_key: str | None, **changes: object) -> Hunt:
    values: dict[str, object] = {
        "guild_id": GUILD,
        "character_id": character_id,
        "user_id": ALICE,
        "hunted_at": NOW,
        "day_key": day_key,
        "week_key": "2026-11-30",
        "season": "newleaf",
        "find_total": 12,
        "find_dc": 5,
        "outcome": Outcome.CAUGHT,
        "fail_streak": 0,
    }
    return Hunt.model_validate({**values, **changes})


async def firepaw_id(db: Database) -> int:
    found = await db.transact(lambda tx: tx.characters.by_name(GUILD, "Firepaw"), write=False)
    assert found is not None
    return found.id


async def test_one_hunt_per_cat_and_day_but_any_number_of_missed_weeks(services, db) -> None:
    await germ_cats.create(services, actor(ALICE), **FIREPAW)
    cat_id = await firepaw_id(db)

    def record(tx: Transaction) -> int:
        first = tx.hunting.add_hunt(a_hunt(cat_id, "2026-11-30"))
        missed = a_hunt(
            cat_id,
            None,
            kind=HuntKind.MISSED_WEEK,
            outcome=Outcome.MISSED_WEEK,
            find_total=None,
            find_dc=None,
        )
        tx.hunting.add_missed_weeks([missed, missed])
        return first

    first = await db.transact(record)
    with pytest.raises(HuntAlreadyRecorded):
        await db.transact(lambda tx: tx.hunting.add_hunt(a_hunt(cat_id, "2026-11-30")))
    found, log = await db.transact(
        lambda tx: (
            tx.hunting.hunt_on_day(GUILD, cat_id, "2026-11-30"),
            tx.hunting.hunts_of(GUILD, cat_id, before_id=None, limit=10),
        ),
        write=False,
    )
    assert found is not None and found.id == first and (found.find_total, found.find_dc) == (12, 5)
    assert [hunt.kind for hunt in log] == [
        HuntKind.MISSED_WEEK,
        HuntKind.MISSED_WEEK,
        HuntKind.HUNT,
    ]


async def test_a_catch_is_eaten_once(services, db) -> None:
    await germ_cats.create(services, actor(ALICE), **FIREPAW)
    await germ_cats.create(services, actor(BOB), **TIGERCLAW)
    cat_id = await firepaw_id(db)

    def eat_twice(tx: Transaction) -> CatchLookup:
        hunt_id = tx.hunting.add_hunt(a_hunt(cat_id, "2026-11-30"))
        assert tx.hunting.eat_catch(hunt_id, NOW, shared_to=cat_id + 1)
        assert not tx.hunting.eat_catch(hunt_id, NOW, stolen_by=cat_id + 1)
        return tx.hunting.catches(GUILD, cat_id, NOW - timedelta(days=7))

    lookup = await db.transact(eat_twice)
    assert lookup.fresh_catch is None
    assert lookup.newest_catch is not None
    assert (lookup.newest_catch.shared_to, lookup.newest_catch.eaten_by_name) == (
        cat_id + 1,
        "Tigerclaw",
    )


async def test_a_catch_cannot_be_both_shared_and_stolen(services, db) -> None:
    await germ_cats.create(services, actor(ALICE), **FIREPAW)
    cat_id = await firepaw_id(db)
    hunt_id = await db.transact(lambda tx: tx.hunting.add_hunt(a_hunt(cat_id, "2026-11-30")))
    with pytest.raises(integrity_errors()):
        await db.transact(
            lambda tx: tx.characters._db.execute(
                "UPDATE hunts SET shared_to = ?, stolen_by = ?, eaten_at = 'x' WHERE id = ?",
                (cat_id, cat_id, hunt_id),
            )
        )


# The list of servers a batch asks about; the one-row subqueries `catches` unites.
_ALLOWED_SCANS = {"w", "wanted", "CONSTANT", "newest", "caught", "fresh"}


async def test_every_hunting_query_uses_an_index(services, dice, clock, db, monkeypatch) -> None:
    async with recorded(db, monkeypatch) as statements:
        await germ_cats.create(services, actor(ALICE), **FIREPAW)
        await germ_cats.create(services, actor(BOB), **TIGERCLAW)
        clock.advance(days=7)
        await hunting_config.reminders_on(services, boss(), 55, "monday", 13)
        await hunting_config.set_admin_channel(services, boss(), 77)
        await hunting_config.missed_week_counts_as_failure(services, boss(), "on")
        await clock_actions.ageing(services, boss(), "on")
        dice.load(FIND, CATCH)
        await germ_hunting.hunt(services, actor(ALICE))
        await germ_hunting.share(services, actor(ALICE), "Tigerclaw")
        await hunting.status(services, actor(ALICE))
        await germ_hunting.hunting_log(services, actor(ALICE))
        await hunting.away(services, actor(BOB), "2026-12-20")
        for hours in (0, 2, 7 * 24):
            await weekly_hunting(services, clock.now + timedelta(hours=hours))
    ours = [
        (sql, parameters)
        for sql, parameters in statements
        if any(table in sql for table in HUNTING_TABLES)
        and sql.lstrip().upper().startswith(("SELECT", "UPDATE", "WITH", "DELETE"))
    ]
    assert len(ours) > 10
    for sql, plan in planned(db, ours).items():
        assert plan.scans <= _ALLOWED_SCANS, (sql, plan)


async def test_migration_5_keeps_each_hunt_rolls_total_and_dc(tmp_path) -> None:
    """Hunts recorded before the dice moved to the audit log only keep what the log shows."""
    path = tmp_path / "old.sqlite3"
    old = await Database.open(path, migrations=bundled_migrations()[:4])
    await old.close()
    catch = Roll(
        label="Hunt: catch (Stealth)",
        dice=(Die(sides=20, face=3),),
        modifiers=(Modifier(value=3, reason="Stealth"), Modifier(value=-2, reason="Starving")),
        target=8,
    )
    with sqlite3.connect(path) as connection:
        connection.execute(
            "INSERT INTO characters (id, guild_id, owner_id, name, name_key, ruleset, sheet,"
            " created_at) VALUES (1, 1, 5, 'Firepaw', 'firepaw', 'germ', '{}', ?)",
            (to_text(NOW),),
        )
        connection.executemany(
            "INSERT INTO hunts (guild_id, character_id, user_id, kind, hunted_at, day_key,"
            " week_key, find_roll, catch_roll, outcome, fail_streak)"
            " VALUES (1, 1, 5, ?, ?, ?, '2026-11-30', ?, ?, ?, 0)",
            [
                (
                    "hunt",
                    to_text(NOW),
                    "2026-11-30",
                    ROLL.model_dump_json(),
                    catch.model_dump_json(),
                    "got-away",
                ),
                ("missed-week", to_text(NOW), None, None, None, "missed-week"),
            ],
        )
    db = await Database.open(path)
    try:
        hunts = await db.transact(
            lambda tx: tx.hunting.hunts_of(1, 1, before_id=None, limit=10), write=False
        )
    finally:
        await db.close()
    assert [(h.find_total, h.find_dc, h.catch_total, h.catch_dc) for h in hunts] == [
        (None, None, None, None),  # the missed week, newest first
        (12, 5, 4, 8),
    ]
    with sqlite3.connect(path) as connection:
        columns = [row[1] for row in connection.execute("PRAGMA table_info(hunts)")]
    assert "find_roll" not in columns and "catch_roll" not in columns
