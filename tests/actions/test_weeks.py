"""Real days and weeks in a server's time zone, across daylight-saving changes."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from bot.actions.weeks import (
    at_local,
    moment_in_week,
    parse_date,
    parse_weekday,
    real_day,
    real_week,
    until,
    week_of,
)
from rules.errors import PawpostError
from storage.settings import GuildSettings

LONDON = ZoneInfo("Europe/London")
NEW_YORK = ZoneInfo("America/New_York")


def test_a_london_week_across_the_spring_change_is_167_hours() -> None:
    week = real_week(datetime(2026, 3, 25, tzinfo=UTC), LONDON, 0, 0)
    assert week.key == "2026-03-23"
    assert week.start == datetime(2026, 3, 23, 0, tzinfo=UTC)
    assert week.end == datetime(2026, 3, 29, 23, tzinfo=UTC)
    assert week.end - week.start == timedelta(hours=167)


def test_a_new_york_week_across_the_autumn_change_is_169_hours() -> None:
    week = real_week(datetime(2026, 10, 30, tzinfo=UTC), NEW_YORK, 0, 0)
    assert (week.start, week.end) == (
        datetime(2026, 10, 26, 4, tzinfo=UTC),
        datetime(2026, 11, 2, 5, tzinfo=UTC),
    )


def test_the_week_start_itself_belongs_to_the_new_week() -> None:
    start = datetime(2026, 11, 30, tzinfo=UTC)
    assert real_week(start, ZoneInfo("UTC"), 0, 0).key == "2026-11-30"
    assert real_week(start - timedelta(microseconds=1), ZoneInfo("UTC"), 0, 0).key == "2026-11-23"


def test_a_week_starting_on_saturday_at_18() -> None:
    week = real_week(datetime(2026, 12, 5, 17, 59, tzinfo=UTC), ZoneInfo("UTC"), 5, 18)
    assert (week.key, week.end) == ("2026-11-28", datetime(2026, 12, 5, 18, tzinfo=UTC))


def test_a_wall_time_skipped_by_the_change_is_read_as_the_hour_after() -> None:
    assert at_local(date(2026, 3, 29), 1, LONDON) == datetime(2026, 3, 29, 1, tzinfo=UTC)


def test_a_reminder_hour_earlier_than_the_week_start_falls_at_the_weeks_end() -> None:
    settings = GuildSettings(week_start_weekday=0, week_start_hour=12)
    week = week_of(datetime(2026, 12, 1, tzinfo=UTC), settings)
    moment = moment_in_week(week, settings, 0, 6)  # Monday 06:00, before Monday 12:00
    assert moment == datetime(2026, 12, 7, 6, tzinfo=UTC)
    assert week.holds(moment)


def test_a_day_is_local() -> None:
    day = real_day(datetime(2026, 11, 30, 4, 59, tzinfo=UTC), NEW_YORK)
    assert (day.key, day.end) == ("2026-11-29", datetime(2026, 11, 30, 5, tzinfo=UTC))


@pytest.mark.parametrize(
    ("seconds", "text"),
    [(1, "1 min"), (60, "1 min"), (61, "2 min"), (3600, "1 h"), (11_520, "3 h 12 min")],
)
def test_waits_are_rounded_up_to_the_minute(seconds: int, text: str) -> None:
    now = datetime(2026, 1, 1, tzinfo=UTC)
    assert until(now + timedelta(seconds=seconds), now) == text


@pytest.mark.parametrize("text", ["2026-2-3", "2026-02-30", "tomorrow", "", "2026-02-03T00:00"])
def test_a_bad_date_is_one_sentence(text: str) -> None:
    with pytest.raises(PawpostError, match=r"^The date must be a real date written YYYY-MM-DD"):
        parse_date(text)


def test_weekdays_by_name() -> None:
    assert parse_weekday(" Sunday ") == 6
    with pytest.raises(PawpostError, match="^funday is not a day of the week"):
        parse_weekday("funday")
