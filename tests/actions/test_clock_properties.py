"""The game clock under random paces, sunrises, time zones with daylight saving, downtimes and
changes of any of them: every game day has a positive length, each day's hook runs exactly once
and in order, each moon exactly once, and the cats age by exactly the moons that passed.

The clock's own code is driven (`advance` as the scheduler runs it, `count_on` as the settings
commands run it); the hooks only record what they are given, so no database is needed and
hypothesis can try many sequences.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.actions.clock import advance, count_on
from bot.actions.game_time import (
    GAME_DAY_PACES,
    GAME_DAYS_PER_MOON,
    GameDay,
    game_day_at,
    game_day_numbered,
)
from bot.ruleset import Ruleset
from rules.dice import ScriptedDice
from rules.rulesets import RulesetInfo
from storage.clock import ClockRecord
from storage.models import IdRange
from storage.settings import AgeingPace, ClockSettings, Guild, GuildSettings

# Zones with a one-hour, a half-hour (Lord Howe) and a two-hour (Troll) daylight-saving change,
# none at all, a half-hour offset, and the two sides of the date line.
ZONES = (
    "UTC",
    "Europe/Berlin",
    "America/New_York",
    "Australia/Lord_Howe",
    "Antarctica/Troll",
    "Asia/Kolkata",
    "Pacific/Kiritimati",
    "Pacific/Pago_Pago",
)
# Starts a few days before daylight-saving changes, so that the sequences cross them.
CHANGES = (
    datetime(2026, 3, 8, 7, tzinfo=UTC),  # New York springs forward
    datetime(2026, 3, 29, 1, tzinfo=UTC),  # Berlin and Troll spring forward
    datetime(2026, 4, 4, 15, tzinfo=UTC),  # Lord Howe falls back half an hour
    datetime(2026, 10, 3, 15, tzinfo=UTC),  # Lord Howe springs forward half an hour
    datetime(2026, 10, 25, 1, tzinfo=UTC),  # Berlin and Troll fall back
    datetime(2026, 11, 1, 6, tzinfo=UTC),  # New York falls back
)
START_AGE = 30
ONE_CAT = 1


class OneCat:
    """The transaction the clock's own code sees: a server of one character, for the moon's
    slices (the hooks themselves touch no database here)."""

    class clock:  # stands for Transaction.clock
        @staticmethod
        def moon_slice(_guild_id: int, after: int, limit: int | None) -> IdRange | None:
            return IdRange(ONE_CAT, ONE_CAT, 1) if after < ONE_CAT and limit != 0 else None


@dataclass
class Probe:
    """A ruleset's hooks that only record: each day's work as given, and each moon."""

    now: datetime
    days: list[tuple[GameDay, datetime]] = field(default_factory=list)
    moons: list[datetime] = field(default_factory=list)
    age: int = START_AGE

    def on_game_day(self, _tx: Any, _guild: Guild, day: GameDay) -> list[str]:
        self.days.append((day, self.now))
        return [f"day {day.number}"]

    def on_moon(self, _tx: Any, _guild: Guild, moons: int, ids: Any) -> None:
        # The whole server, or its slice of a tick.
        assert ids is None or ids == IdRange(ONE_CAT, ONE_CAT, 1)
        self.moons.append(self.now)
        self.age += moons

    def ruleset(self) -> Ruleset:
        return Ruleset(
            rules=RulesetInfo("probe", "Probe", None),
            commands=(),
            sheet_fields=lambda _tx, _character: [],
            on_game_day=self.on_game_day,
            on_moon=self.on_moon,
        )


def clock_settings(zone: str, sunrise: int, pace: int) -> GuildSettings:
    return GuildSettings(
        timezone=zone,
        clock=ClockSettings(
            sunrise_hour=sunrise,
            game_days_per_real_day=pace,
            ageing=AgeingPace.GAME_MONTH,
            game_day_channel_id=55,
        ),
    )


paces = st.sampled_from(GAME_DAY_PACES)
steps = st.one_of(
    st.tuples(st.just("up"), st.integers(1, 72)),  # hours the bot runs, waking when due
    st.tuples(st.just("down"), st.integers(1, 24 * 40)),  # hours it is down, then wakes
    st.tuples(st.just("pace"), st.integers(0, 23), paces),  # /config game-day pace
    st.tuples(st.just("zone"), st.sampled_from(ZONES)),  # /config timezone
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    start=st.sampled_from(CHANGES),
    before=st.integers(0, 24 * 4),
    zone=st.sampled_from(ZONES),
    sunrise=st.integers(0, 23),
    pace=paces,
    sequence=st.lists(steps, min_size=1, max_size=8),
)
def test_the_clock_keeps_true_time_through_any_changes(
    start: datetime,
    before: int,
    zone: str,
    sunrise: int,
    pace: int,
    sequence: list[tuple[Any, ...]],
) -> None:
    now = start - timedelta(hours=before)
    probe = Probe(now)
    ruleset = probe.ruleset()
    dice = ScriptedDice([])
    record = ClockRecord(
        guild=Guild(guild_id=1, ruleset="probe", settings=clock_settings(zone, sunrise, pace))
    )

    def run(at: datetime) -> datetime | None:
        probe.now = at
        return advance(OneCat(), record, ruleset, at, dice)[1]  # type: ignore[arg-type]

    def today() -> int:
        return game_day_at(probe.now, record.guild.settings).number

    run(now)
    first = today()
    assert record.game_day == first
    for step in sequence:
        if step[0] == "up":
            end = now + timedelta(hours=step[1])
            due = run(now)
            while due is not None and due <= end:
                now = max(now, due)
                due = run(now)
            now = end
            run(now)
        elif step[0] == "down":
            now += timedelta(hours=step[1])
            run(now)
        else:
            kept = today()
            current = record.guild.settings
            zone = step[1] if step[0] == "zone" else current.timezone
            sunrise, pace = (
                (step[1], step[2])
                if step[0] == "pace"
                else (current.clock.sunrise_hour, current.clock.game_days_per_real_day)
            )
            after = clock_settings(zone, sunrise, pace)
            after.clock.day_offset = current.clock.day_offset
            count_on(OneCat(), record, ruleset, after, now, dice)  # type: ignore[arg-type]
            assert today() == kept  # the day running at the change keeps its number
    # The bot comes back and catches up what is left.
    due = run(now)
    while due is not None and due <= now:
        due = run(now)
    last = today()

    numbers = [day.number for day, _ in probe.days]
    assert numbers == list(range(first + 1, last + 1))  # each day once, in order, none skipped
    for index, (day, ran) in enumerate(probe.days):
        assert day.end > day.start  # a positive length
        assert ran >= day.start  # never before it dawns
        assert day.late == (day.end <= ran)
        if index:
            assert day.start > probe.days[index - 1][0].start
    # Each moon once: one each time the count of game days passes a multiple of 28.
    moons = last // GAME_DAYS_PER_MOON - first // GAME_DAYS_PER_MOON
    assert len(probe.moons) == moons
    assert probe.age == START_AGE + moons


@given(zone=st.sampled_from(ZONES), sunrise=st.integers(0, 23), pace=paces)
@settings(max_examples=60, deadline=None)
def test_game_days_tile_the_daylight_saving_changes(zone: str, sunrise: int, pace: int) -> None:
    """Around every daylight-saving change of the year, each game day begins where the one
    before it ended and lasts more than nothing."""
    chosen = clock_settings(zone, sunrise, pace)
    for change in CHANGES:
        day = game_day_at(change - timedelta(days=2), chosen)
        while day.start < change + timedelta(days=2):
            following = game_day_at(day.end, chosen)
            assert following.number == day.number + 1
            assert following.start == day.end
            assert following.end > following.start
            assert game_day_numbered(following.number, chosen) == following
            assert game_day_at(following.end - timedelta(microseconds=1), chosen) == following
            day = following
