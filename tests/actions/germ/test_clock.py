"""Germ on the shared game clock: each game day's summary and each moon's ageing exactly once,
across a restart and a three-day downtime; `/time`, the game-day settings, `/admin age`."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.actions import clock as clock_actions
from bot.actions.clock import game_clock
from bot.actions.context import Services
from bot.actions.germ import cats as germ_cats
from bot.actions.germ import hunting as germ_hunting
from bot.actions.log import recent
from bot.registry import RULESETS
from rules.errors import PawpostError
from storage.database import Database
from tests.actions.germ.hunting_helpers import CATCH, FIND, MISS, boss, sheet
from tests.conftest import ALICE, BOB, Clock, Dice, actor, cat, dump
from tests.query_plans import planned, recorded

SUMMARIES = 66


async def tick(services: Services, clock: Clock, when: datetime) -> list[tuple[str, list[str]]]:
    """Run the game clock at `when` (as the scheduler does on waking): (title, lines) posted."""
    clock.now = when
    result = await game_clock(services, when)
    assert all(post.channel_id == SUMMARIES for post in result.posts)
    return [(post.reply.title or "", post.reply.lines) for post in result.posts]


async def open_services(path: Path, dice: Dice, clock: Clock) -> tuple[Database, Services]:
    db = await Database.open(path)
    return db, Services(rulesets=RULESETS, db=db, dice=dice, clock=clock)


async def test_each_game_day_is_summed_up_once_across_a_restart_and_downtime(
    tmp_path: Path, clock: Clock, dice: Dice
) -> None:
    path = tmp_path / "days.sqlite3"
    db, services = await open_services(path, dice, clock)
    await germ_cats.create(services, actor(ALICE), **cat("Firepaw"))
    await germ_cats.create(services, actor(BOB), **cat("Graystripe"))
    await clock_actions.game_day_channel(services, boss(), SUMMARIES)
    assert await tick(services, clock, clock.now) == []  # Monday 12:00: day 1 is running
    dice.load(FIND, CATCH, MISS)
    await germ_hunting.hunt(services, actor(ALICE))
    await germ_hunting.hunt(services, actor(BOB))
    dawn = datetime(2026, 12, 1, 6, tzinfo=UTC)  # sunrise, 06:00 UTC
    assert await tick(services, clock, dawn - timedelta(seconds=1)) == []
    assert await tick(services, clock, dawn) == [
        ("Day 2 dawns", ["Hunts that day: 1 caught prey, 1 found no prey.", "No cat is starving."])
    ]
    assert await tick(services, clock, dawn + timedelta(minutes=5)) == []
    await db.close()

    # Restarted, and down from Tuesday until Friday 09:00: Wednesday's, Thursday's and Friday's
    # dawns are each done once, in order, and summed up in one digest; the days already over
    # give only their hunts (how many starve now is Friday's figure).
    db, services = await open_services(path, dice, clock)
    caught_up = await tick(services, clock, datetime(2026, 12, 4, 9, tzinfo=UTC))
    assert caught_up == [
        (
            "Days 3–5, caught up after downtime",
            [
                "The bot was away while these game days dawned; each one's work is done.",
                "**Days 3–4:** No cat hunted that day.",
                "**Day 5:** No cat hunted that day. No cat is starving.",
            ],
        )
    ]
    assert await tick(services, clock, datetime(2026, 12, 4, 9, 1, tzinfo=UTC)) == []
    await db.close()
    db, services = await open_services(path, dice, clock)
    assert await tick(services, clock, datetime(2026, 12, 4, 10, tzinfo=UTC)) == []
    [(title, _)] = await tick(services, clock, datetime(2026, 12, 5, 6, tzinfo=UTC))
    assert title == "Day 6 dawns"
    await db.close()


async def test_moons_age_the_cats_once_each_across_a_restart_and_downtime(
    tmp_path: Path, clock: Clock, dice: Dice
) -> None:
    path = tmp_path / "moons.sqlite3"
    db, services = await open_services(path, dice, clock)
    await germ_cats.create(services, actor(ALICE), **cat("Firepaw", age=12))
    await tick(services, clock, clock.now)  # ageing is on by default: from the next week
    assert (await sheet(db, "Firepaw")).age_moons == 12
    await tick(services, clock, datetime(2026, 12, 7, tzinfo=UTC))
    assert (await sheet(db, "Firepaw")).age_moons == 13
    await tick(services, clock, datetime(2026, 12, 7, 1, tzinfo=UTC))
    await db.close()
    db, services = await open_services(path, dice, clock)
    await tick(services, clock, datetime(2026, 12, 8, tzinfo=UTC))
    assert (await sheet(db, "Firepaw")).age_moons == 13
    # Down over three days that hold a week start: that moon is added once on return.
    await tick(services, clock, datetime(2026, 12, 15, 9, tzinfo=UTC))
    assert (await sheet(db, "Firepaw")).age_moons == 14
    await tick(services, clock, datetime(2026, 12, 15, 10, tzinfo=UTC))
    assert (await sheet(db, "Firepaw")).age_moons == 14
    await db.close()


async def test_ageing_each_28_game_days_or_only_by_an_admin(services, clock, db) -> None:
    await germ_cats.create(services, actor(ALICE), **cat("Firepaw", age=12))
    await clock_actions.game_day_pace(services, boss(), 6, 4)  # four game days a real day
    reply = await clock_actions.ageing(services, boss(), "on", "game-month")
    assert "one moon older each 28 game days" in reply.lines[0]
    await tick(services, clock, clock.now)
    # 28 game days at four a day are 7 real days: at most one moon in any 7 days.
    for day in range(1, 15):
        await tick(services, clock, datetime(2026, 11, 30, 6, tzinfo=UTC) + timedelta(days=day))
    assert (await sheet(db, "Firepaw")).age_moons == 14
    await clock_actions.ageing(services, boss(), "off")
    await tick(services, clock, datetime(2027, 1, 30, tzinfo=UTC))
    assert (await sheet(db, "Firepaw")).age_moons == 14
    reply = await clock_actions.admin_age(services, boss(), "Firepaw", 3, "a late birthday")
    assert reply.lines == ["Firepaw is 3 moons older."]
    assert (await sheet(db, "Firepaw")).age_moons == 17
    [entry, *_] = (await recent(services, boss(), character="Firepaw")).lines
    assert "+3 moons of age" in entry


async def test_admin_age_refusals_change_nothing(services, db) -> None:
    await germ_cats.create(services, actor(ALICE), **cat("Firepaw", age=12))
    before = dump(db)
    with pytest.raises(PawpostError, match="Only an admin"):
        await clock_actions.admin_age(services, actor(ALICE), "Firepaw", 3, "cheating")
    with pytest.raises(PawpostError, match="needs a reason"):
        await clock_actions.admin_age(services, boss(), "Firepaw", 3, "  ")
    with pytest.raises(PawpostError, match="from 1 to 240"):
        await clock_actions.admin_age(services, boss(), "Firepaw", 0, "nothing")
    with pytest.raises(PawpostError, match="There is no character named Nobody"):
        await clock_actions.admin_age(services, boss(), "Nobody", 3, "who")
    with pytest.raises(PawpostError, match="Only an admin"):
        await clock_actions.game_day_pace(services, actor(ALICE), 6, 2)
    with pytest.raises(PawpostError, match="A real day can hold 1, 2, 3, 4, 6, 8, 12, 24"):
        await clock_actions.game_day_pace(services, boss(), 6, 5)
    assert dump(db) == before


async def test_time_shows_the_day_the_season_the_next_sunrise_and_moon(services, clock) -> None:
    await germ_cats.create(services, actor(ALICE), **cat("Firepaw"))
    await tick(services, clock, clock.now)
    await tick(services, clock, datetime(2026, 12, 2, 8, tzinfo=UTC))
    reply = await clock_actions.show_time(services, actor(ALICE))
    assert reply.lines[:2] == [
        "It is **day 3** of this server's game calendar.",
        "The season is **Newleaf**.",
    ]
    assert "<t:1796277600:R>" in reply.lines[2]  # Thursday 06:00 UTC
    assert reply.lines[3].startswith("Characters grow 1 moon older <t:1796601600:R>")  # Monday


async def test_every_clock_query_uses_an_index(services, clock, db, monkeypatch) -> None:
    async with recorded(db, monkeypatch) as statements:
        await germ_cats.create(services, actor(ALICE), **cat("Firepaw"))
        await clock_actions.game_day_channel(services, boss(), SUMMARIES)
        for days in (0, 1, 2, 9):
            now = datetime(2026, 11, 30, 12, tzinfo=UTC) + timedelta(days=days)
            await tick(services, clock, now)
        await clock_actions.show_time(services, actor(ALICE))
    ours = [
        (sql, parameters)
        for sql, parameters in statements
        if ("game_clock" in sql or "hunted_at >=" in sql)
        and sql.lstrip().upper().startswith(("SELECT", "UPDATE"))
    ]
    assert len(ours) > 5
    for sql, plan in planned(db, ours).items():
        assert plan.scans <= {"CONSTANT"}, (sql, plan)
