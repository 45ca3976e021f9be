"""Migrations 8 and 9: settings made before the ruleset frame (all under "germ") come through
whole, and ageing moves onto the game clock without a week aged twice or skipped."""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, date, datetime
from pathlib import Path

from bot.actions.clock import game_clock
from bot.actions.context import Services
from bot.registry import RULESETS
from rules.germ.sheet import GermSheet
from storage.database import Database, bundled_migrations
from storage.germ.settings import GermSettings
from storage.settings import AgeingPace, ClockSettings, GuildSettings

BEFORE_THE_FRAME = {
    "timezone": "America/New_York",
    "admin_role_id": None,
    "admin_channel_id": 55,
    "week_start_weekday": 6,
    "week_start_hour": 18,
    "germ": {
        "points_to_spend": 24,
        "max_points_in_stat": 9,
        "contest_timeout_hours": 12,
        "turn_timeout_hours": 48,
        "steal_window_days": 3,
        "missed_week_counts_as_failure": True,
        "away_needs_approval": True,
        "ageing": True,
        "moons_per_real_week": 2,
        "season": "leaf-fall",
        "seasons_auto_start": "2026-01-05",
        "weeks_per_season": 6,
        "reminder_channel_id": 1234567890123456789,
        "reminder_weekday": 2,
        "reminder_hour": 18,
        "free_attack_agility_cuts_damage": False,
    },
}
UNTOUCHED = {"germ": {"ageing": False, "season": "newleaf"}}


async def test_old_settings_land_in_their_new_groups(tmp_path: Path) -> None:
    path = tmp_path / "pawpost.sqlite3"
    old = await Database.open(path, migrations=bundled_migrations()[:7])
    await old.close()
    with sqlite3.connect(path) as connection:
        connection.executemany(
            "INSERT INTO guilds (guild_id, ruleset, settings) VALUES (?, 'germ', ?)",
            [(1, json.dumps(BEFORE_THE_FRAME)), (2, json.dumps(UNTOUCHED))],
        )
    db = await Database.open(path)
    try:
        first, second = await db.transact(
            lambda tx: (tx.guilds.get(1), tx.guilds.get(2)), write=False
        )
    finally:
        await db.close()
    settings = first.settings
    assert (settings.timezone, settings.admin_channel_id) == ("America/New_York", 55)
    assert (settings.week_start_weekday, settings.week_start_hour) == (6, 18)
    assert (settings.contest_timeout_hours, settings.turn_timeout_hours) == (12, 48)
    hunting = settings.hunting
    assert hunting.missed_week_counts_as_failure is True
    assert hunting.away_needs_approval is True
    assert hunting.reminder_channel_id == 1234567890123456789
    assert (hunting.reminder_weekday, hunting.reminder_hour) == (2, 18)
    assert settings.seasons.season == "leaf-fall"
    assert settings.seasons.seasons_auto_start == date(2026, 1, 5)
    assert settings.seasons.weeks_per_season == 6
    assert settings.clock.ageing is AgeingPace.REAL_WEEK
    assert settings.clock.moons_per_real_week == 2
    assert GermSettings.of(settings) == GermSettings(
        points_to_spend=24,
        max_points_in_stat=9,
        steal_window_days=3,
        free_attack_agility_cuts_damage=False,
    )
    # A server that never turned ageing on keeps it off; everything it never set is a default.
    assert second.settings.clock.ageing is AgeingPace.ADMIN
    assert second.settings.hunting.reminder_channel_id is None
    assert GermSettings.of(second.settings) == GermSettings()


async def test_a_server_that_aged_weekly_goes_on_from_its_last_aged_week(tmp_path: Path) -> None:
    """Migration 9 moves ageing onto the game clock: the week already aged is not aged again,
    and the week the old job had not reached yet is."""
    path = tmp_path / "pawpost.sqlite3"
    old = await Database.open(path, migrations=bundled_migrations()[:8])
    await old.close()
    sheet = GermSheet(
        strength=4, agility=4, charisma=4, intelligence=4, stealth=3, perception=3, age_moons=12
    )
    with sqlite3.connect(path) as connection:
        connection.execute(
            "INSERT INTO guilds (guild_id, settings) VALUES (1, ?)",
            (GuildSettings(clock=ClockSettings(ageing=AgeingPace.REAL_WEEK)).model_dump_json(),),
        )
        connection.execute(
            "INSERT INTO characters (guild_id, owner_id, name, name_key, ruleset, sheet,"
            " created_at) VALUES (1, 5, 'Firepaw', 'firepaw', 'germ', ?, '2026-11-01T00:00:00')",
            (sheet.model_dump_json(),),
        )
        connection.execute(
            "INSERT INTO hunting_posts (guild_id, kind, week_key, done_at)"
            " VALUES (1, 'ageing', '2026-11-23', '2026-11-23T00:00:00+00:00')"
        )
    db = await Database.open(path)
    services = Services(rulesets=RULESETS, db=db, clock=lambda: NEXT_WEEK)
    try:
        for _ in range(2):
            await game_clock(services, NEXT_WEEK)
            found = await db.transact(lambda tx: tx.characters.by_name(1, "Firepaw"), write=False)
            assert found is not None and isinstance(found.sheet, GermSheet)
            assert found.sheet.age_moons == 13
    finally:
        await db.close()


NEXT_WEEK = datetime(2026, 11, 30, 12, tzinfo=UTC)
