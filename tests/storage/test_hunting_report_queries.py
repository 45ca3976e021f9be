"""The queries of the on-demand hunting report, a new week start and a hunt after a time zone
change each use an index."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.actions import hunting_config, hunting_report, server_config
from bot.actions.germ import hunting as germ_hunting
from bot.actions.hunting_jobs import weekly_hunting
from rules.errors import PawpostError
from tests.actions.germ.hunting_helpers import MISS, boss, two_cats
from tests.conftest import ALICE, actor
from tests.query_plans import planned, recorded
from tests.storage.test_hunting import _ALLOWED_SCANS, HUNTING_TABLES


async def test_the_report_week_start_and_zone_change_queries_use_an_index(
    services, dice, clock, db, monkeypatch
) -> None:
    await two_cats(services)
    clock.advance(days=7)
    await hunting_config.missed_week_counts_as_failure(services, boss(), "on")
    await weekly_hunting(services, clock.now)
    async with recorded(db, monkeypatch) as statements:
        dice.load(MISS)
        await germ_hunting.hunt(services, actor(ALICE))
        await server_config.set_timezone(services, boss(), "Pacific/Kiritimati")
        clock.advance(hours=1)
        with pytest.raises(PawpostError):  # a new day there, but within 20 hours of the last
            await germ_hunting.hunt(services, actor(ALICE))
        await weekly_hunting(services, clock.now + timedelta(days=7))
        clock.advance(days=7)
        await hunting_report.report(services, boss())
        await hunting_config.week_start(services, boss(), "thursday", 6)
    ours = [
        (sql, parameters)
        for sql, parameters in statements
        if any(table in sql for table in HUNTING_TABLES)
        and sql.lstrip().upper().startswith(("SELECT", "UPDATE", "WITH", "DELETE"))
    ]
    assert any("kind = 'missed-week'" in sql for sql, _ in ours)
    assert any(sql.startswith("UPDATE hunts SET week_key") for sql, _ in ours)
    assert any(sql.startswith("SELECT hunted_at FROM hunts") for sql, _ in ours)
    for sql, plan in planned(db, ours).items():
        assert plan.scans <= _ALLOWED_SCANS, (sql, plan)
        if "kind = 'missed-week'" in sql:
            assert "hunts_missed_by_week" in plan.indexes, (sql, plan)
