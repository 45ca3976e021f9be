"""The queries of the on-demand hunting report, a new week start and a hunt after a time zone
change each use an index."""

from __future__ import annotations

import sqlite3
from datetime import timedelta

import pytest

from bot.actions import hunting_config, hunting_report, server_config
from bot.actions.germ import hunting as germ_hunting
from bot.actions.hunting_jobs import weekly_hunting
from rules.errors import PawpostError
from tests.actions.germ.hunting_helpers import MISS, boss, two_cats
from tests.conftest import ALICE, actor, sqlite_only
from tests.storage.test_hunting import _ALLOWED_SCANS, _SCAN, HUNTING_TABLES


@sqlite_only
async def test_the_report_week_start_and_zone_change_queries_use_an_index(
    services, dice, clock, db
) -> None:
    statements: list[str] = []
    await two_cats(services)
    clock.advance(days=7)
    await hunting_config.missed_week_counts_as_failure(services, boss(), "on")
    await weekly_hunting(services, clock.now)
    await db.transact(
        lambda tx: tx.characters._db.set_trace_callback(statements.append), write=False
    )
    dice.load(MISS)
    await germ_hunting.hunt(services, actor(ALICE))
    await server_config.set_timezone(services, boss(), "Pacific/Kiritimati")
    clock.advance(hours=1)
    with pytest.raises(PawpostError):  # a new day there, but within 20 hours of the last hunt
        await germ_hunting.hunt(services, actor(ALICE))
    await weekly_hunting(services, clock.now + timedelta(days=7))
    clock.advance(days=7)
    await hunting_report.report(services, boss())
    await hunting_config.week_start(services, boss(), "thursday", 6)
    await db.transact(lambda tx: tx.characters._db.set_trace_callback(None), write=False)
    ours = [
        sql
        for sql in statements
        if any(table in sql for table in HUNTING_TABLES)
        and sql.lstrip().upper().startswith(("SELECT", "UPDATE", "WITH", "DELETE"))
    ]
    assert any("kind = 'missed-week'" in sql for sql in ours)
    assert any(sql.startswith("UPDATE hunts SET week_key") for sql in ours)
    assert any(sql.startswith("SELECT hunted_at FROM hunts") for sql in ours)
    with sqlite3.connect(db.path) as connection:
        for sql in ours:
            plan = connection.execute(f"EXPLAIN QUERY PLAN {sql}").fetchall()
            scans = {m.group(1) for row in plan for m in _SCAN.finditer(row[-1])}
            assert scans <= _ALLOWED_SCANS, (sql, plan)
            details = " ".join(row[-1] for row in plan)
            if "kind = 'missed-week'" in sql:
                assert "hunts_missed_by_week" in details, (sql, plan)
