"""Game time: game days that turn at the server's sunrise, and the ticks of the ageing clock.

RULINGS (general): a moon is 28 game days; game days pass at a set pace against real days
(one a real day by default); cats age one moon a real week by default, or a moon each 28 game
days, or only when an admin says.

A game day's number counts game days one by one (`ClockSettings.day_offset` keeps the count
going when the pace, the sunrise or the time zone changes: `rebased`), so a number a ruleset
stores stays a day of the same calendar.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from bot.actions.weeks import at_local, week_of, zone
from storage.settings import AgeingPace, GuildSettings

GAME_DAYS_PER_MOON = 28
HOURS_PER_DAY = 24
# A pace divides the real day into whole hours, so every game day starts on the hour (on the
# real day of a daylight-saving change, its 23 or 25 hours are shared evenly instead).
GAME_DAY_PACES = tuple(n for n in range(1, HOURS_PER_DAY + 1) if HOURS_PER_DAY % n == 0)


@dataclass(frozen=True)
class GameDay:
    """One game day: its number (counted from the calendar's start) and its span in UTC.
    `late`: its work runs after it ended (the bot was down), so what is true now is not what
    was true that day."""

    number: int
    start: datetime
    end: datetime
    late: bool = False


def _slot_start(first: date, slot: int, sunrise: int, pace: int, tz: ZoneInfo) -> datetime:
    """When slot `slot` of the real day that began at sunrise on `first` begins: the real day
    (sunrise to sunrise, 23, 24 or 25 hours) shared evenly between its `pace` game days."""
    start = at_local(first, sunrise, tz)
    end = at_local(first + timedelta(days=1), sunrise, tz)
    return start + (end - start) * slot // pace


def _raw_day_at(now: datetime, settings: GuildSettings) -> tuple[date, int]:
    """The real day (its sunrise date) and the slot of it that `now` falls in."""
    tz = zone(settings.timezone)
    sunrise, pace = settings.clock.sunrise_hour, settings.clock.game_days_per_real_day
    first = now.astimezone(tz).date()
    if at_local(first, sunrise, tz) > now:
        first -= timedelta(days=1)
    slot = pace - 1
    while _slot_start(first, slot, sunrise, pace, tz) > now:
        slot -= 1
    return first, slot


def game_day_at(now: datetime, settings: GuildSettings) -> GameDay:
    """The game day `now` falls in, in the server's time zone."""
    first, slot = _raw_day_at(now, settings)
    return _day(first, slot, settings)


def _day(first: date, slot: int, settings: GuildSettings) -> GameDay:
    clock = settings.clock
    sunrise, pace, tz = clock.sunrise_hour, clock.game_days_per_real_day, zone(settings.timezone)
    start = _slot_start(first, slot, sunrise, pace, tz)
    end = _slot_start(first, slot + 1, sunrise, pace, tz)
    return GameDay(first.toordinal() * pace + slot + clock.day_offset, start, end)


def game_day_numbered(number: int, settings: GuildSettings) -> GameDay:
    """Game day `number` of the server's calendar, as its present settings place it."""
    clock = settings.clock
    first, slot = divmod(number - clock.day_offset, clock.game_days_per_real_day)
    return _day(date.fromordinal(first), slot, settings)


def rebased(before: GuildSettings, after: GuildSettings, now: datetime) -> GuildSettings:
    """`after` (new pace, sunrise or time zone) counting on from `before`: the game day running
    at `now` keeps its number, so stored day numbers and the moons stay continuous."""
    kept = game_day_at(now, before).number
    first, slot = _raw_day_at(now, after)
    raw = first.toordinal() * after.clock.game_days_per_real_day + slot
    clock = after.clock.model_copy(update={"day_offset": kept - raw})
    return after.model_copy(update={"clock": clock})


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
