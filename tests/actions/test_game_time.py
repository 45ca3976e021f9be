"""Game days at the server's sunrise, in its time zone and pace, and the ageing clock's ticks."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.actions.game_time import (
    GAME_DAY_PACES,
    GAME_DAYS_PER_MOON,
    game_day_at,
    game_day_numbered,
    moon_tick_at,
    rebased,
)
from storage.settings import AgeingPace, ClockSettings, GuildSettings


def settings(zone: str = "UTC", **clock: object) -> GuildSettings:
    return GuildSettings(timezone=zone, clock=ClockSettings.model_validate(clock))


def test_a_game_day_turns_at_six_local_by_default() -> None:
    before = game_day_at(datetime(2026, 12, 1, 5, 59, tzinfo=UTC), settings())
    after = game_day_at(datetime(2026, 12, 1, 6, tzinfo=UTC), settings())
    assert after.number == before.number + 1
    assert after.start == before.end == datetime(2026, 12, 1, 6, tzinfo=UTC)
    assert after.end == datetime(2026, 12, 2, 6, tzinfo=UTC)


def test_sunrise_follows_the_time_zone_across_daylight_saving() -> None:
    new_york = settings("America/New_York")
    # Clocks went back on Sunday 1 November 2026: that game day lasts 25 hours.
    day = game_day_at(datetime(2026, 11, 1, 10, tzinfo=UTC), new_york)
    assert day.start == datetime(2026, 10, 31, 10, tzinfo=UTC)  # 06:00 EDT
    assert day.end == datetime(2026, 11, 1, 11, tzinfo=UTC)  # 06:00 EST


def test_a_faster_pace_divides_the_real_day_from_sunrise() -> None:
    four = settings(game_days_per_real_day=4, sunrise_hour=7)
    day = game_day_at(datetime(2026, 12, 1, 12, 30, tzinfo=UTC), four)
    assert (day.start, day.end) == (
        datetime(2026, 12, 1, 7, tzinfo=UTC),
        datetime(2026, 12, 1, 13, tzinfo=UTC),
    )
    night = game_day_at(datetime(2026, 12, 2, 5, tzinfo=UTC), four)
    assert night.number == day.number + 3  # 07-13, 13-19, 19-01, then 01-07
    assert night.start == datetime(2026, 12, 2, 1, tzinfo=UTC)
    assert game_day_numbered(night.number, four) == night
    assert GAME_DAY_PACES == (1, 2, 3, 4, 6, 8, 12, 24)


@pytest.mark.parametrize("pace", [1, 3, 24])
def test_game_days_follow_each_other_without_gaps(pace: int) -> None:
    chosen = settings("Europe/London", game_days_per_real_day=pace)
    day = game_day_at(datetime(2026, 3, 28, 12, tzinfo=UTC), chosen)
    for _ in range(3 * pace):  # across the spring change of 29 March
        following = game_day_numbered(day.number + 1, chosen)
        assert following.start == day.end
        day = following


def test_the_ageing_clock_ticks_each_real_week_or_each_28_game_days() -> None:
    monday = datetime(2026, 11, 30, 12, tzinfo=UTC)
    weekly = moon_tick_at(monday, settings(moons_per_real_week=2))
    assert (weekly.moons_per_tick, weekly.next_at) == (2, datetime(2026, 12, 7, tzinfo=UTC))
    following = moon_tick_at(datetime(2026, 12, 7, tzinfo=UTC), settings(moons_per_real_week=2))
    assert weekly.tick is not None
    assert following.tick == weekly.tick + 1
    monthly = settings(ageing=AgeingPace.GAME_MONTH)
    tick = moon_tick_at(monday, monthly)
    assert tick.tick == game_day_at(monday, monthly).number // GAME_DAYS_PER_MOON
    assert tick.next_at is not None
    assert game_day_at(tick.next_at, monthly).number % GAME_DAYS_PER_MOON == 0
    assert GAME_DAYS_PER_MOON == 28  # RULINGS: a moon is 28 game days
    assert moon_tick_at(monday, settings(ageing=AgeingPace.ADMIN)).next_at is None


def _days_of_real_day(
    chosen: GuildSettings, sunrise_utc: datetime
) -> list[tuple[int, datetime, datetime]]:
    day = game_day_at(sunrise_utc, chosen)
    days = [(day.number, day.start, day.end)]
    for _ in range(chosen.clock.game_days_per_real_day - 1):
        day = game_day_at(day.end, chosen)
        days.append((day.number, day.start, day.end))
    return days


def test_b3_2_at_24_a_day_the_spring_change_has_no_empty_game_day() -> None:
    """Berlin springs forward on 28 March 2027: that real day has 23 hours, shared by its 24
    game days (57.5 minutes each), so no two days dawn at one instant."""
    berlin = settings("Europe/Berlin", game_days_per_real_day=24)
    days = _days_of_real_day(berlin, datetime(2027, 3, 27, 5, tzinfo=UTC))  # 06:00 CET
    assert [number for number, _, _ in days] == list(range(days[0][0], days[0][0] + 24))
    assert {end - start for _, start, end in days} == {timedelta(minutes=57, seconds=30)}
    assert days[-1][2] == datetime(2027, 3, 28, 4, tzinfo=UTC)  # 06:00 CEST
    assert len({start for _, start, _ in days}) == 24


def test_b3_2_at_24_a_day_the_fall_change_has_no_two_hour_game_day() -> None:
    """Berlin falls back on 25 October 2026: 25 hours shared by 24 game days."""
    berlin = settings("Europe/Berlin", game_days_per_real_day=24)
    days = _days_of_real_day(berlin, datetime(2026, 10, 24, 4, tzinfo=UTC))  # 06:00 CEST
    assert {end - start for _, start, end in days} == {timedelta(minutes=62, seconds=30)}
    assert days[-1][2] == datetime(2026, 10, 25, 5, tzinfo=UTC)  # 06:00 CET


def test_b3_1_a_new_pace_sunrise_or_zone_keeps_the_days_count() -> None:
    """Rebased settings number the running day as before; the days after it follow on."""
    now = datetime(2026, 12, 6, 9, tzinfo=UTC)
    one = settings()
    for changed in (
        settings(game_days_per_real_day=24),
        settings(sunrise_hour=10),
        settings("Pacific/Pago_Pago"),
        settings("Pacific/Kiritimati", game_days_per_real_day=2),
    ):
        moved = rebased(one, changed, now)
        today = game_day_at(now, moved)
        assert today.number == game_day_at(now, one).number
        assert today.start <= now < today.end
        assert game_day_at(today.end, moved).number == today.number + 1
        assert game_day_numbered(today.number, moved) == today
