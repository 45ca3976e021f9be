"""Per-server settings, stored as JSON on the server's row; defaults are RULINGS.md's.

The core's settings are typed here; each ruleset keeps its own under `rulesets[<id>]`, read and
written by its own model (`storage/<ruleset>/settings.py`).
"""

from __future__ import annotations

from datetime import date, datetime
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

DEFAULT_RULESET = "germ"
CONTEST_TIMEOUT_HOURS = 24  # an admin may roll for an absent defender after this
TURN_TIMEOUT_HOURS = 24  # a fighter who has not acted is reminded after this
TURN_SKIP_HOURS = 24  # and after this long more, admins are offered to skip the turn
MOONS_PER_REAL_WEEK = 1  # how fast cats age on the real-week pace
WEEKS_PER_SEASON = 13  # when seasons turn automatically: a year of four seasons
SUNRISE_HOUR = 6  # a game day turns at the server's local sunrise
GAME_DAYS_PER_REAL_DAY = 1


class AgeingPace(StrEnum):
    """How a server's cats grow a moon older (RULINGS: one moon per real week by default)."""

    REAL_WEEK = "real-week"  # `moons_per_real_week` moons at each real week's start
    GAME_MONTH = "game-month"  # one moon every 28 game days
    ADMIN = "admin"  # only when an admin says, with /admin age


class HuntingSettings(BaseModel):
    """Hunting's weekly bookkeeping: reminders, missed weeks, away marks."""

    model_config = ConfigDict(extra="ignore")

    missed_week_counts_as_failure: bool = False
    away_needs_approval: bool = False
    reminder_channel_id: int | None = None  # None: no weekly hunting reminders
    reminder_weekday: int = Field(default=0, ge=0, le=6)
    reminder_hour: int = Field(default=0, ge=0, le=23)


class SeasonSettings(BaseModel):
    model_config = ConfigDict(extra="ignore")

    season: str = "newleaf"
    seasons_auto_start: date | None = None  # set: seasons turn by themselves from this date
    weeks_per_season: int = Field(default=WEEKS_PER_SEASON, ge=1)


class ClockSettings(BaseModel):
    """The game clock: when game days turn, how fast they pass, and how cats age."""

    model_config = ConfigDict(extra="ignore")

    sunrise_hour: int = Field(default=SUNRISE_HOUR, ge=0, le=23)
    game_days_per_real_day: int = Field(default=GAME_DAYS_PER_REAL_DAY, ge=1)
    game_day_channel_id: int | None = None  # None: the day's summary is posted nowhere
    ageing: AgeingPace = AgeingPace.REAL_WEEK
    moons_per_real_week: int = Field(default=MOONS_PER_REAL_WEEK, ge=1)


class GuildSettings(BaseModel):
    model_config = ConfigDict(extra="ignore")

    timezone: str = "UTC"
    # When an admin last changed the time zone (a cat's next hunt then waits 20 hours).
    timezone_changed_at: datetime | None = None
    admin_role_id: int | None = None
    admin_channel_id: int | None = None
    week_start_weekday: int = Field(default=0, ge=0, le=6)
    week_start_hour: int = Field(default=0, ge=0, le=23)
    contest_timeout_hours: int = CONTEST_TIMEOUT_HOURS
    turn_timeout_hours: int = TURN_TIMEOUT_HOURS
    turn_skip_hours: int = TURN_SKIP_HOURS
    approval: bool = False  # new characters wait for an admin's approval before they roll
    hunting: HuntingSettings = Field(default_factory=HuntingSettings)
    seasons: SeasonSettings = Field(default_factory=SeasonSettings)
    clock: ClockSettings = Field(default_factory=ClockSettings)
    # Each ruleset's own settings, as its model dumps them (keyed by ruleset id).
    rulesets: dict[str, dict[str, Any]] = Field(default_factory=dict)


class Guild(BaseModel):
    guild_id: int
    ruleset: str = DEFAULT_RULESET
    settings: GuildSettings = Field(default_factory=GuildSettings)
    command_hash: str | None = None
