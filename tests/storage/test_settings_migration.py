"""Migration 8: settings made before the ruleset frame (all under "germ") come through whole."""

from __future__ import annotations

import json
import sqlite3
from datetime import date
from pathlib import Path

from storage.database import Database, bundled_migrations
from storage.germ.settings import GermSettings
from storage.settings import AgeingPace

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
