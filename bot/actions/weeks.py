"""Real days and real weeks in a server's time zone, safe across daylight-saving changes."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from rules.errors import PawpostError
from storage.settings import GuildSettings

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
DAYS_PER_WEEK = 7
HOURS_PER_WEEK = DAYS_PER_WEEK * 24
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


@dataclass(frozen=True)
class Span:
    """A real day or week: from `start` (included) to `end` (excluded), both in UTC, and the
    local date it begins on, whose ISO text is its key."""

    first_day: date
    start: datetime
    end: datetime

    @property
    def key(self) -> str:
        return self.first_day.isoformat()

    def holds(self, moment: datetime) -> bool:
        return self.start <= moment < self.end


def zone(name: str) -> ZoneInfo:
    """The server's time zone; UTC if the stored name is no longer known."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def at_local(day: date, hour: int, tz: ZoneInfo) -> datetime:
    """The moment the wall clock of `tz` shows `hour`:00 on `day`, in UTC. A wall time skipped
    by a daylight-saving change is read with the offset before it (02:30 becomes 03:30); a
    repeated one is its first occurrence."""
    return datetime.combine(day, time(hour), tzinfo=tz).astimezone(UTC)


def local_today(now: datetime, tz: ZoneInfo) -> date:
    return now.astimezone(tz).date()


def real_day(now: datetime, tz: ZoneInfo) -> Span:
    """The local calendar day `now` falls in."""
    today = local_today(now, tz)
    return Span(today, at_local(today, 0, tz), at_local(today + timedelta(days=1), 0, tz))


def real_week(now: datetime, tz: ZoneInfo, weekday: int, hour: int) -> Span:
    """The real week `now` falls in: it starts on `weekday` (0 = Monday) at `hour`:00 local."""
    local = now.astimezone(tz)
    first = local.date() - timedelta(days=(local.weekday() - weekday) % DAYS_PER_WEEK)
    if at_local(first, hour, tz) > now:
        first -= timedelta(days=DAYS_PER_WEEK)
    after = first + timedelta(days=DAYS_PER_WEEK)
    return Span(first, at_local(first, hour, tz), at_local(after, hour, tz))


def week_of(now: datetime, settings: GuildSettings) -> Span:
    """The server's real week that `now` falls in."""
    return real_week(
        now, zone(settings.timezone), settings.week_start_weekday, settings.week_start_hour
    )


def next_week(week: Span, settings: GuildSettings) -> Span:
    return week_of(week.end, settings)


def previous_week(week: Span, settings: GuildSettings) -> Span:
    return week_of(week.start - timedelta(microseconds=1), settings)


def moment_in_week(week: Span, settings: GuildSettings, weekday: int, hour: int) -> datetime:
    """The first time in `week` that the local clock shows `weekday` at `hour`:00."""
    offset = (weekday - settings.week_start_weekday) % DAYS_PER_WEEK * 24 + (
        hour - settings.week_start_hour
    )
    if offset < 0:
        offset += HOURS_PER_WEEK
    wall = datetime.combine(week.first_day, time(settings.week_start_hour)) + timedelta(
        hours=offset
    )
    return at_local(wall.date(), wall.hour, zone(settings.timezone))


def until(later: datetime, now: datetime) -> str:
    """How long until `later`, rounded up to the minute: "3 h 12 min", "45 min", "2 h"."""
    minutes = max(math.ceil((later - now).total_seconds() / 60), 1)
    hours, minutes = divmod(minutes, 60)
    if not hours:
        return f"{minutes} min"
    return f"{hours} h {minutes} min" if minutes else f"{hours} h"


def parse_date(text: str, what: str = "The date") -> date:
    """A date typed as YYYY-MM-DD, or one clear sentence."""
    cleaned = text.strip()
    try:
        if not _DATE.match(cleaned):
            raise ValueError(cleaned)
        return date.fromisoformat(cleaned)
    except ValueError:
        raise PawpostError(
            f"{what} must be a real date written YYYY-MM-DD, such as 2026-12-24; "
            f"{cleaned[:20] or 'nothing'} is not."
        ) from None


def parse_weekday(text: str) -> int:
    """A day of the week by name (0 = Monday), or one clear sentence."""
    cleaned = text.strip().lower()
    if cleaned in WEEKDAYS:
        return WEEKDAYS.index(cleaned)
    raise PawpostError(
        f"{cleaned[:20] or 'Nothing'} is not a day of the week; pick one of monday to sunday."
    )


def weekday_name(weekday: int) -> str:
    return WEEKDAYS[weekday].capitalize()


def stamp(moment: datetime, style: str = "f") -> str:
    """A Discord timestamp, shown in each reader's own time zone."""
    return f"<t:{int(moment.timestamp())}:{style}>"
