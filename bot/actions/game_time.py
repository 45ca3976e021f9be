"""Game time: game days that turn at the server's sunrise, and the ticks of the ageing clock.

RULINGS (general): a moon is 28 game days; game days pass at a set pace against real days
(one a real day by default); cats age one moon a real week by default, or a moon each 28 game
days, or only when an admin says.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from bot.actions.weeks import at_local, week_of, zone
from storage.settings import AgeingPace, GuildSettings

GAME_DAYS_PER_MOON = 28
HOURS_PER_DAY = 24
# A pace divides the real day into whole hours, so every game day starts on the hour.
GAME_DAY_PACES = tuple(n for n in range(1, HOURS_PER_DAY + 1) if HOURS_PER_DAY % n == 0)


@dataclass(frozen=True)
class GameDay:
    """One game day: its number (counted from the calendar's start) and its span in UTC."""

    number: int
    start: datetime
    end: datetime


def _slot_start(first: date, slot: int, sunrise: int, pace: int, tz: ZoneInfo) -> datetime:
    """When slot `slot` of the real day that began at sunrise on `first` begins."""
    hours = sunrise + slot * (HOURS_PER_DAY // pace)
    return at_local(first + timedelta(days=hours // HOURS_PER_DAY), hours % HOURS_PER_DAY, tz)


def game_day_at(now: datetime, settings: GuildSettings) -> GameDay:
    """The game day `now` falls in, in the server's time zone."""
    tz = zone(settings.timezone)
    sunrise, pace = settings.clock.sunrise_hour, settings.clock.game_days_per_real_day
    first = now.astimezone(tz).date()
    if at_local(first, sunrise, tz) > now:
        first -= timedelta(days=1)
    slot = pace - 1
    while _slot_start(first, slot, sunrise, pace, tz) > now:
        slot -= 1
    return _day(first, slot, sunrise, pace, tz)


def _day(first: date, slot: int, sunrise: int, pace: int, tz: ZoneInfo) -> GameDay:
    start = _slot_start(first, slot, sunrise, pace, tz)
    end = _slot_start(first, slot + 1, sunrise, pace, tz)
    return GameDay(first.toordinal() * pace + slot, start, end)


def game_day_numbered(number: int, settings: GuildSettings) -> GameDay:
    """Game day `number` of the server's calendar."""
    pace = settings.clock.game_days_per_real_day
    first, slot = divmod(number, pace)
    tz = zone(settings.timezone)
    return _day(date.fromordinal(first), slot, settings.clock.sunrise_hour, pace, tz)


@dataclass(frozen=True)
class MoonTick:
    """Where the ageing clock stands: its count of ticks, how many moons each tick adds, and
    when the next tick comes (None when only an admin ages cats)."""

    tick: int | None
    moons_per_tick: int
    next_at: datetime | None


def moon_tick_at(now: datetime, settings: GuildSettings) -> MoonTick:
    """The ageing clock's tick at `now`: a real week, or 28 game days."""
    clock = settings.clock
    if clock.ageing is AgeingPace.REAL_WEEK:
        week = week_of(now, settings)
        # Weeks start 7 days apart, so a week's first date // 7 counts weeks one by one.
        return MoonTick(week.first_day.toordinal() // 7, clock.moons_per_real_week, week.end)
    if clock.ageing is AgeingPace.GAME_MONTH:
        tick = game_day_at(now, settings).number // GAME_DAYS_PER_MOON
        following = game_day_numbered((tick + 1) * GAME_DAYS_PER_MOON, settings)
        return MoonTick(tick, 1, following.start)
    return MoonTick(None, 0, None)
