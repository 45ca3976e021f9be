"""The game clock every ruleset shares: each game day's and each moon's work exactly once per
server, across restarts and downtime (a missed day is caught up, each day once, in order, and
summed up in one digest) and changes of pace, sunrise or time zone (the count of days goes on),
`/time`, `/config game-day ...`, `/config ageing` and `/admin age`."""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from bot.actions import audit
from bot.actions.admin import required_reason
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.game_time import (
    GAME_DAY_PACES,
    GAME_DAYS_PER_MOON,
    game_day_at,
    game_day_numbered,
    moon_tick_at,
    rebased,
)
from bot.actions.hunting_config import require_postable, switch
from bot.actions.hunting_jobs import split_posts
from bot.actions.lookup import named, require_admin, require_built
from bot.actions.reply import Reply
from bot.actions.seasons import current_season
from bot.actions.weeks import stamp
from bot.outbox import Post, record_posts
from bot.ruleset import Feature, Ruleset
from bot.scheduler import JobResult
from rules.dice import DiceSource
from rules.errors import PawpostError
from rules.life import Life
from rules.rulesets import RulesetNotBuilt
from storage.clock import ClockRecord
from storage.errors import StorageUnavailable
from storage.models import IdRange
from storage.repositories import Transaction
from storage.settings import AgeingPace, Guild, GuildSettings

MENTION = re.compile(r"<@(\d{1,20})>")  # a summary pings the players it names
log = logging.getLogger(__name__)

DAYS_PER_PASS = 31  # a settings change does at most this many days in one call of _game_days
RETRY_AFTER = timedelta(hours=1)  # a server whose turn failed is looked at again after this
MOON_SLICE = 500  # characters the first unit of a moon tick ages (WCAGR: about 0.2 s)
# The next slices are sized to take about SLICE_SECONDS by how long the last one took (a
# Germ cat's moon is one statement, a WCAGR cat's its sheet's rules), within these bounds.
SLICE_SECONDS = 0.1
MOON_SLICE_LEAST, MOON_SLICE_MOST = 100, 20_000
PASS_SECONDS = 2.0  # one call of the job works this long at most, then comes back at once
MAX_ADMIN_MOONS = 240
PACE_CHOICES = (AgeingPace.REAL_WEEK.value, AgeingPace.GAME_MONTH.value)
MAX_MOONS_PER_REAL_WEEK = 12


# --- The scheduler's job ----------------------------------------------------------------------


@dataclass
class Step:
    """One unit of the clock's work: its posts (kept in the outbox in its transaction), and
    `done` with when the clock is next due once no server is due any more."""

    posts: list[Post]
    done: bool = False
    next_due: datetime | None = None
    sliced: bool = False  # a slice of a moon tick, more of it to come


async def game_clock(services: Services, now: datetime) -> JobResult:
    """Move every due server's clock on to `now`, one step at a time: each step (one server's
    game day, or one moon tick) is its own transaction, with the clock's record saved and the
    posts kept in the outbox in that same transaction, so a step is done exactly once even if
    the process dies between two. Each step is its own hop to the database thread, so the
    commands queued meanwhile are answered between two steps instead of waiting behind the
    whole catch-up (issue 32: a 31-day catch-up held the database 8.2 s). After PASS_SECONDS
    the job comes back at once (the scheduler sends the outbox first)."""
    posts: list[Post] = []
    until = time.monotonic() + PASS_SECONDS
    size = MOON_SLICE
    while True:
        began = time.monotonic()
        step = await services.db.run(clock_step, services, now, size)
        if step.sliced:  # the next slice sized by this one's time (its wait in the queue too)
            took = max(time.monotonic() - began, 1e-3)
            grown = int(size * min(4.0, max(0.25, SLICE_SECONDS / took)))
            size = min(MOON_SLICE_MOST, max(MOON_SLICE_LEAST, grown))
        posts += step.posts
        if step.done:
            return JobResult(posts, step.next_due, in_outbox=True)
        if time.monotonic() >= until:
            return JobResult(posts, now, in_outbox=True)


def clock_step(services: Services, now: datetime, moon_slice: int = MOON_SLICE) -> Step:
    """In the database thread: one step of the server due first, in one transaction. A server
    whose step fails (a bug, not a storage fault) is logged and looked at again RETRY_AFTER."""
    guild_id: int | None = None
    try:
        with services.db.transaction() as tx:
            due = tx.clock.due(now, 1, claim=True)
            if not due:
                return Step([], done=True, next_due=tx.clock.earliest_due())
            record = due[0]
            guild_id = record.guild.guild_id
            ruleset = services.ruleset(record.guild.ruleset)
            posts, next_due = advance(tx, record, ruleset, now, services.dice, moon_slice)
            tx.clock.save([(record, next_due)])
            record_posts(tx, posts, now)
            return Step(posts, sliced=record.moon_cursor is not None)
    except StorageUnavailable:
        raise
    except Exception:
        if guild_id is None:
            raise
        log.exception("the game clock failed for server %s", guild_id)
    with services.db.transaction() as tx:
        tx.clock.save([(tx.clock.of(guild_id), now + RETRY_AFTER)])
    return Step([])


def advance(
    tx: Transaction,
    record: ClockRecord,
    ruleset: Ruleset | None,
    now: datetime,
    dice: DiceSource,
    moon_slice: int = MOON_SLICE,
) -> tuple[list[Post], datetime | None]:
    """One step of one server's clock towards `now` (the record changed in place, not saved):
    its next game day if it is behind on days, else its next moon tick; the step's posts, and
    when the server is next due (`now` while it is still behind)."""
    before = record.game_day
    posts = _game_days(tx, record, ruleset, now, dice, most=1)
    if before is None or record.game_day == before or not _posts_days(record, ruleset):
        posts += _moons(tx, record, ruleset, now, slice_of=moon_slice)
    return posts, _next_due(record, ruleset, now)


def _posts_days(record: ClockRecord, ruleset: Ruleset | None) -> bool:
    """Whether a game day means work here: a summary to post or a ruleset hook to run."""
    has_hook = ruleset is not None and (
        ruleset.on_game_day is not None or ruleset.on_sunrise is not None
    )
    return has_hook or record.guild.settings.clock.game_day_channel_id is not None


def _game_days(
    tx: Transaction,
    record: ClockRecord,
    ruleset: Ruleset | None,
    now: datetime,
    dice: DiceSource,
    most: int = DAYS_PER_PASS,
) -> list[Post]:
    """Each game day since the last one done, in order, at most `most` of them. More
    than one day to do (the bot was down) gathers their summaries into one digest, posted
    when the clock has caught up."""
    guild = record.guild
    today = game_day_at(now, guild.settings).number
    if record.game_day is None or record.first_day is None:  # first seen: today is day 1
        record.first_day = record.first_day if record.first_day is not None else today
        record.game_day = today
        return []
    if not _posts_days(record, ruleset):
        record.game_day = max(record.game_day, today)  # nothing happens on these days
        return []
    posts = []
    channel = guild.settings.clock.game_day_channel_id
    if channel is None:
        record.digest = None
    elif record.digest is None and today - record.game_day > 1:
        record.digest = []
    last = min(today, record.game_day + most)
    while record.game_day < last:
        number = record.game_day + 1
        day = game_day_numbered(number, guild.settings)
        day = replace(day, late=day.end <= now)
        lines = []
        if ruleset is not None and ruleset.on_game_day is not None:
            lines = ruleset.on_game_day(tx, guild, day)
        if ruleset is not None and ruleset.on_sunrise is not None:
            lines = lines + ruleset.on_sunrise(tx, guild, day, dice)
        calendar = number - record.first_day + 1
        if record.digest is not None:
            record.digest.append((calendar, lines))
        elif channel is not None:
            posts.append(Post(channel, _summary(f"Day {calendar} dawns", lines)))
        record.game_day = number
    if record.digest is not None and record.game_day >= today:
        assert channel is not None
        posts += [Post(channel, reply) for reply in digest_posts(record.digest)]
        record.digest = None
    return posts


def _summary(title: str, lines: list[str]) -> Reply:
    named = sorted({int(user) for line in lines for user in MENTION.findall(line)})
    return Reply(title=title, lines=lines or ["A quiet day."], mentions=named)


def digest_posts(days: Sequence[tuple[int, list[str]]]) -> list[Reply]:
    """The days caught up after downtime in one digest: a line per day, days that tell the
    same merged ("Days 3–9: A quiet day."), cut into posts only where Discord's limits say."""
    runs: list[tuple[int, int, list[str]]] = []
    for number, lines in days:
        told = lines or ["A quiet day."]
        if runs and runs[-1][2] == told and runs[-1][1] == number - 1:
            runs[-1] = (runs[-1][0], number, told)
        else:
            runs.append((number, number, told))
    items = [
        (f"**{_days_label(first, last)}:** {' '.join(told)}", None) for first, last, told in runs
    ]
    title = f"{_days_label(days[0][0], days[-1][0])}, caught up after downtime"
    header = ["The bot was away while these game days dawned; each one's work is done."]
    replies = split_posts(title, header, items, ping=False)
    for reply in replies:
        reply.mentions = sorted(
            {int(user) for line in reply.lines for user in MENTION.findall(line)}
        )
    return replies


def _days_label(first: int, last: int) -> str:
    return f"Day {first}" if first == last else f"Days {first}–{last}"


def _moons(
    tx: Transaction,
    record: ClockRecord,
    ruleset: Ruleset | None,
    now: datetime,
    *,
    slice_of: int | None = None,
) -> list[Post]:
    """Each moon since the last tick done, once: the ruleset's cats grow older (its posts).
    With `slice_of` (the scheduler's unit), only one slice of the next tick: that many of the
    server's characters, the record keeping where the slice ended (`moon_cursor`), so that a
    big server's moon is many short units, each cat aged once. Without it, the tick under
    way is finished and every tick due done at once (a settings change)."""
    settings = record.guild.settings
    tick = moon_tick_at(now, settings)
    pace = settings.clock.ageing.value
    if tick.tick is None or record.moon_pace != pace or record.moon_tick is None:
        # Only an admin ages cats, or the pace just changed: count from now.
        record.moon_pace, record.moon_tick, record.moon_cursor = pace, tick.tick, None
        return []
    if tick.tick <= record.moon_tick:
        return []
    if ruleset is None or ruleset.on_moon is None:
        record.moon_tick, record.moon_cursor = tick.tick, None  # nothing grows older
        return []
    guild_id = record.guild.guild_id
    if slice_of is not None:
        part = tx.clock.moon_slice(guild_id, record.moon_cursor or 0, slice_of)
        posts = _older(tx, record, ruleset, tick.moons_per_tick, part) if part else []
        if part is None or part.count < slice_of:
            record.moon_tick, record.moon_cursor = record.moon_tick + 1, None
        else:
            record.moon_cursor = part.last
        return posts
    posts = []
    if record.moon_cursor is not None:  # the tick begun in slices, finished
        part = tx.clock.moon_slice(guild_id, record.moon_cursor, None)
        posts += _older(tx, record, ruleset, tick.moons_per_tick, part) if part else []
        record.moon_tick, record.moon_cursor = record.moon_tick + 1, None
    moons = (tick.tick - record.moon_tick) * tick.moons_per_tick
    posts += _older(tx, record, ruleset, moons, None)
    record.moon_tick = tick.tick
    return posts


def _older(
    tx: Transaction, record: ClockRecord, ruleset: Ruleset, moons: int, ids: IdRange | None
) -> list[Post]:
    """The ruleset's hook, one moon at a time, for the server's characters (or those)."""
    assert ruleset.on_moon is not None
    posts: list[Post] = []
    for _ in range(moons):
        posts += ruleset.on_moon(tx, record.guild, 1, ids) or []
    return posts


def _next_due(record: ClockRecord, ruleset: Ruleset | None, now: datetime) -> datetime | None:
    settings = record.guild.settings
    today = game_day_at(now, settings)
    if _posts_days(record, ruleset) and record.game_day is not None:
        if record.game_day < today.number:
            return now  # still catching up
        wake: list[datetime] = [today.end]
    else:
        wake = []
    tick = moon_tick_at(now, settings)
    if (
        tick.tick is not None
        and record.moon_tick is not None
        and record.moon_pace == settings.clock.ageing.value
        and record.moon_tick < tick.tick
    ):
        return now  # moons still to catch up
    if tick.next_at is not None and (ruleset is None or ruleset.ages):
        wake.append(tick.next_at)
    return min(wake, default=None)


def keep_counting(
    services: Services, tx: Transaction, guild: Guild, before: GuildSettings, now: datetime
) -> None:
    """`guild`'s pace, sunrise or time zone is about to change from `before` to its settings:
    `count_on`, saved, its posts kept in the outbox."""
    record = tx.clock.of(guild.guild_id)
    record.guild = guild.model_copy(update={"settings": before})
    ruleset = services.ruleset(guild.ruleset)
    posts = count_on(tx, record, ruleset, guild.settings, now, services.dice)
    guild.settings = record.guild.settings
    tx.clock.save([(record, now)])
    record_posts(tx, posts, now)


def count_on(
    tx: Transaction,
    record: ClockRecord,
    ruleset: Ruleset | None,
    after: GuildSettings,
    now: datetime,
    dice: DiceSource,
) -> list[Post]:
    """The clock settings change from the record's to `after`: the days and moons due under
    the old settings are done first, then the count of game days is rebased, so the day
    running now keeps its number, the moons go on where they were, and every day number a
    ruleset stored stays true. The record then holds the rebased settings; its posts."""
    before = record.guild.settings
    today = game_day_at(now, before).number
    posts = _game_days(tx, record, ruleset, now, dice)
    while record.game_day is not None and record.game_day < today:
        posts += _game_days(tx, record, ruleset, now, dice)
    posts += _moons(tx, record, ruleset, now)
    record.guild = record.guild.model_copy(update={"settings": rebased(before, after, now)})
    return posts


# --- /time ------------------------------------------------------------------------------------


@runs_in_database(read_only=True)
def show_time(services: Services, actor: Actor) -> Reply:
    """The server's game day, season, next sunrise and next moon."""
    now = services.clock()
    with services.db.transaction(write=False) as tx:
        guild = tx.guilds.get(actor.guild_id)
        record = tx.clock.of(actor.guild_id)
    settings = guild.settings
    today = game_day_at(now, settings)
    first = record.first_day if record.first_day is not None else today.number
    lines = [f"It is **day {today.number - first + 1}** of this server's game calendar."]
    ruleset = services.ruleset(guild.ruleset)
    if ruleset is not None and Feature.SEASONS in ruleset.features:
        lines.append(f"The season is **{current_season(settings, now).label}**.")
    lines.append(f"The next day dawns {stamp(today.end, 'R')} ({stamp(today.end, 'f')}).")
    lines.append(_moon_line(guild, ruleset, now))
    return Reply(title="Time", lines=lines)


def no_ageing(ruleset: Ruleset) -> str:
    """What a ruleset without ageing says when asked about it."""
    return f"{ruleset.name} has no ageing: its characters never grow older."


def _moon_line(guild: Guild, ruleset: Ruleset | None, now: datetime) -> str:
    if ruleset is not None and not ruleset.ages:
        return no_ageing(ruleset)
    tick = moon_tick_at(now, guild.settings)
    if tick.next_at is None:
        return "Characters grow older only when an admin says so (/admin age)."
    moons = tick.moons_per_tick
    older = f"{moons} moon{'s' if moons != 1 else ''} older"
    return f"Characters grow {older} {stamp(tick.next_at, 'R')} ({stamp(tick.next_at, 'f')})."


# --- /config game-day and /config ageing --------------------------------------------------------


async def game_day_channel(services: Services, actor: Actor, channel_id: int) -> Reply:
    """Post each game day's summary in this channel."""
    await require_postable(services, actor, channel_id)  # asks the transport, on the event loop
    return await services.db.run(_set_game_day_channel, services, actor, channel_id)


def _set_game_day_channel(services: Services, actor: Actor, channel_id: int | None) -> Reply:
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_admin(actor, guild)
        guild.settings.clock.game_day_channel_id = channel_id
        tx.guilds.save(guild)
        what = "off" if channel_id is None else f"in {channel_id}"
        tx.audit.add(audit.entry(actor, "config", f"game-day summary {what}", now))
    if channel_id is None:
        return Reply(lines=["Game days are no longer summed up in a channel."])
    dawn = game_day_at(now, guild.settings).end
    return Reply(
        lines=[f"Each game day is summed up in <#{channel_id}>, the first {stamp(dawn, 'F')}."]
    )


@runs_in_database
def game_day_off(services: Services, actor: Actor) -> Reply:
    return _set_game_day_channel(services, actor, None)


@runs_in_database
def game_day_pace(services: Services, actor: Actor, sunrise: int, days_per_real_day: int) -> Reply:
    """When game days turn (the local sunrise hour) and how many pass in a real day."""
    if not 0 <= sunrise <= 23:
        raise PawpostError(f"Sunrise is an hour from 0 to 23; you gave {sunrise}.")
    if days_per_real_day not in GAME_DAY_PACES:
        paces = ", ".join(map(str, GAME_DAY_PACES))
        raise PawpostError(
            f"A real day can hold {paces} game days (they start on the hour); "
            f"you gave {days_per_real_day}."
        )
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_admin(actor, guild)
        before = guild.settings.model_copy(deep=True)
        clock = guild.settings.clock
        clock.sunrise_hour, clock.game_days_per_real_day = sunrise, days_per_real_day
        # The calendar goes on: today keeps its number and ends at the new pace's next turn.
        keep_counting(services, tx, guild, before, now)
        tx.guilds.save(guild)
        record = tx.clock.of(actor.guild_id)
        tx.audit.add(
            audit.entry(
                actor, "config", f"game days at {sunrise:02d}:00, {days_per_real_day} a day", now
            )
        )
    today = game_day_at(now, guild.settings)
    first = record.first_day if record.first_day is not None else today.number
    return Reply(
        lines=[
            f"Game days now turn at {sunrise:02d}:00 local time, {days_per_real_day} a real "
            f"day. This is still day {today.number - first + 1} of the calendar; the next "
            f"dawns {stamp(today.end, 'F')}."
        ]
    )


@runs_in_database
def ageing(
    services: Services,
    actor: Actor,
    value: str,
    pace: str | None = None,
    moons_per_real_week: int | None = None,
) -> Reply:
    """Whether characters grow older by themselves: each real week, or each 28 game days."""
    on = switch(value)
    if pace is not None and pace not in PACE_CHOICES:
        raise PawpostError(f"The pace is {' or '.join(PACE_CHOICES)}; you gave {safe(pace)}.")
    chosen = AgeingPace(pace or AgeingPace.REAL_WEEK.value) if on else AgeingPace.ADMIN
    if moons_per_real_week is not None and not 1 <= moons_per_real_week <= MAX_MOONS_PER_REAL_WEEK:
        raise PawpostError(
            f"Characters can grow 1 to {MAX_MOONS_PER_REAL_WEEK} moons a real week; "
            f"you gave {moons_per_real_week}."
        )
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_admin(actor, guild)
        require_built(guild)
        ruleset = services.ruleset(guild.ruleset)
        if ruleset is not None and not ruleset.ages:
            raise PawpostError(no_ageing(ruleset))
        clock = guild.settings.clock
        clock.ageing = chosen
        if moons_per_real_week is not None:
            clock.moons_per_real_week = moons_per_real_week
        tx.guilds.save(guild)
        record = tx.clock.of(actor.guild_id)
        if record.moon_pace != clock.ageing.value:
            # The time running now is not aged: characters grow older from the next tick.
            start = moon_tick_at(now, guild.settings).tick
            tx.clock.start_moons(actor.guild_id, clock.ageing.value, start)
        word = "on" if on else "off"
        tx.audit.add(audit.entry(actor, "config", f"ageing {word} ({clock.ageing.value})", now))
    if not on:
        return Reply(lines=["Cats no longer grow older by themselves."])
    tick = moon_tick_at(now, guild.settings)
    assert tick.next_at is not None
    if clock.ageing is AgeingPace.GAME_MONTH:
        return Reply(
            lines=[
                f"Every cat grows one moon older each {GAME_DAYS_PER_MOON} game days, the first "
                f"time {stamp(tick.next_at, 'F')}."
            ]
        )
    moons = clock.moons_per_real_week
    return Reply(
        lines=[
            f"Every cat grows {moons} moon{'s' if moons != 1 else ''} older at the start of "
            f"each real week, the first time {stamp(tick.next_at, 'F')}."
        ]
    )


# --- /admin age ------------------------------------------------------------------------------


@runs_in_database
def admin_age(services: Services, actor: Actor, character: str, moons: int, reason: str) -> Reply:
    """An admin makes one character older (or younger, to set a mistake right), logged."""
    reason = required_reason(reason)
    if moons == 0 or abs(moons) > MAX_ADMIN_MOONS:
        raise PawpostError(
            f"Give a number of moons from 1 to {MAX_ADMIN_MOONS} (negative to make a character "
            f"younger); you gave {moons}."
        )
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_admin(actor, guild)
        ruleset = services.ruleset(guild.ruleset)
        if ruleset is None:
            raise RulesetNotBuilt(guild.ruleset)
        if ruleset.on_moon is None:
            raise PawpostError(no_ageing(ruleset))
        found = named(tx, actor.guild_id, character)
        if found.life is Life.DEAD:
            raise PawpostError(f"{safe(found.name)} is dead.")  # the dead do not age
        record_posts(tx, ruleset.on_moon(tx, guild, moons, [found.id]) or [], now)
        tx.audit.add(
            audit.entry(
                actor, "admin", f"{moons:+d} moons of age", now, character=found, reason=reason
            )
        )
    older = "older" if moons > 0 else "younger"
    return Reply(
        lines=[f"{safe(found.name)} is {abs(moons)} moon{'s' if abs(moons) != 1 else ''} {older}."],
        footer=f"reason: {reason}",
    )
