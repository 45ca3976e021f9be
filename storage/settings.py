"""Per-server settings, stored as JSON on the server's row; defaults are RULINGS.md's."""

from __future__ import annotations

from datetime import date

from pydantic import BaseModel, ConfigDict, Field

from rules.germ.constants import MAX_POINTS_IN_STAT, POINTS_TO_SPEND

DEFAULT_RULESET = "germ"
CONTEST_TIMEOUT_HOURS = 24  # an admin may roll for an absent defender after this
TURN_TIMEOUT_HOURS = 24  # a fighter who has not acted is reminded after this
STEAL_WINDOW_DAYS = 7  # how old a catch may be and still be stolen
MOONS_PER_REAL_WEEK = 1  # how fast cats age when ageing is on
WEEKS_PER_SEASON = 13  # when seasons turn automatically: a year of four seasons


class GermSettings(BaseModel):
    """Germ's server settings (RULINGS.md, Germ, every item marked config)."""

    model_config = ConfigDict(extra="ignore")

    points_to_spend: int = POINTS_TO_SPEND
    max_points_in_stat: int = MAX_POINTS_IN_STAT
    contest_timeout_hours: int = CONTEST_TIMEOUT_HOURS
    turn_timeout_hours: int = TURN_TIMEOUT_HOURS
    steal_window_days: int = STEAL_WINDOW_DAYS
    missed_week_counts_as_failure: bool = False
    away_needs_approval: bool = False
    ageing: bool = False
    moons_per_real_week: int = Field(default=MOONS_PER_REAL_WEEK, ge=1)
    season: str = "newleaf"
    seasons_auto_start: date | None = None  # set: seasons turn by themselves from this date
    weeks_per_season: int = Field(default=WEEKS_PER_SEASON, ge=1)
    reminder_channel_id: int | None = None  # None: no weekly hunting reminders
    reminder_weekday: int = Field(default=0, ge=0, le=6)
    reminder_hour: int = Field(default=0, ge=0, le=23)
    free_attack_agility_cuts_damage: bool = True


class GuildSettings(BaseModel):
    model_config = ConfigDict(extra="ignore")

    timezone: str = "UTC"
    admin_role_id: int | None = None
    admin_channel_id: int | None = None
    week_start_weekday: int = Field(default=0, ge=0, le=6)
    week_start_hour: int = Field(default=0, ge=0, le=23)
    germ: GermSettings = Field(default_factory=GermSettings)


class Guild(BaseModel):
    guild_id: int
    ruleset: str = DEFAULT_RULESET
    settings: GuildSettings = Field(default_factory=GuildSettings)
    command_hash: str | None = None
