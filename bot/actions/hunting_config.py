"""`/config` for hunting: reminders, the admin channel, missed weeks, away approval."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from datetime import datetime
from typing import Any

from bot.actions import audit
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.lookup import require_admin, require_built
from bot.actions.reply import Reply
from bot.actions.weeks import (
    moment_in_week,
    next_week,
    parse_weekday,
    previous_week,
    stamp,
    week_of,
    weekday_name,
)
from rules.errors import PawpostError
from storage.hunting import Done, PostKind
from storage.repositories import Transaction
from storage.settings import Guild

ChannelCheck = Callable[[int, int], Coroutine[Any, Any, bool]]
SWITCH = ("on", "off")
LAST_HOUR = 23


def channel_check(services: Services) -> ChannelCheck | None:
    """The transport's answer to "may the bot post embeds in this channel of this server?",
    when it gives one (`services.can_post(guild_id, channel_id)`, read from its cache, no
    request); the console gives none, and then every channel is taken as fine."""
    check = getattr(services, "can_post", None)
    return check if callable(check) else None


def cannot_post(channel_id: int) -> str:
    return (
        f"I cannot post in <#{channel_id}>: give Pawpost View Channel, Send Messages and "
        "Embed Links there, or pick another channel."
    )


async def require_postable(services: Services, actor: Actor, channel_id: int) -> None:
    """Refuse a channel the bot cannot post in; a member who may not change the setting at all
    is told that instead (the channel is no business of theirs)."""
    check = channel_check(services)
    if check is not None and not await check(actor.guild_id, channel_id):
        await services.db.transact(
            lambda tx: require_admin(actor, tx.guilds.get(actor.guild_id)), write=False
        )
        raise PawpostError(cannot_post(channel_id))


def switch(value: str) -> bool:
    cleaned = value.strip().lower()
    if cleaned not in SWITCH:
        raise PawpostError("Say on or off.")
    return cleaned == "on"


def _word(on: bool) -> str:
    return "on" if on else "off"


def _admin_guild(tx: Transaction, actor: Actor) -> Guild:
    guild = tx.guilds.get(actor.guild_id)
    require_admin(actor, guild)
    require_built(guild)
    return guild


def week_end_wanted(guild: Guild) -> bool:
    """Whether anything happens at the end of a real week: a report, or a missed week's failure."""
    settings = guild.settings
    return settings.admin_channel_id is not None or settings.hunting.missed_week_counts_as_failure


def _weeks_from_now(tx: Transaction, guild: Guild, now: datetime) -> None:
    """The week-end report and a missed week's failure start with the week running now: a week
    that ended before they were turned on is left alone."""
    if week_end_wanted(guild):
        return
    previous = previous_week(week_of(now, guild.settings), guild.settings)
    tx.hunting.set_starting_point(
        Done(guild_id=guild.guild_id, kind=PostKind.WEEK_END, week_key=previous.key), now
    )


async def reminders_on(
    services: Services, actor: Actor, channel_id: int, weekday: str, hour: int
) -> Reply:
    """Each real week, at this local weekday and hour, post the cats that have not hunted."""
    day = parse_weekday(weekday)
    if not 0 <= hour <= LAST_HOUR:
        raise PawpostError(f"The hour must be 0 to {LAST_HOUR}; you gave {hour}.")
    await require_postable(services, actor, channel_id)  # asks the transport, on the event loop
    return await services.db.run(_reminders_on, services, actor, channel_id, day, hour)


def _reminders_on(services: Services, actor: Actor, channel_id: int, day: int, hour: int) -> Reply:
    now = services.clock()
    with services.db.transaction() as tx:
        guild = _admin_guild(tx, actor)
        hunting = guild.settings.hunting
        hunting.reminder_channel_id = channel_id
        hunting.reminder_weekday = day
        hunting.reminder_hour = hour
        schedule = tx.hunting.schedule_of(guild.guild_id)
        tx.guilds.save(guild)
        tx.audit.add(
            audit.entry(
                actor,
                "config",
                f"hunting reminders in channel {channel_id}, {weekday_name(day)} {hour:02d}:00",
                now,
            )
        )
    week = week_of(now, guild.settings)
    moment = moment_in_week(week, guild.settings, day, hour)
    if schedule.done.get(PostKind.REMINDER, "") >= week.key:  # this week's was sent already
        moment = moment_in_week(next_week(week, guild.settings), guild.settings, day, hour)
    when = "now, as this week's time has passed" if moment <= now else stamp(moment, "F")
    return Reply(
        title="Hunting reminders",
        lines=[
            f"Every {weekday_name(day)} at {hour:02d}:00 ({guild.settings.timezone}) I post in "
            f"<#{channel_id}> the cats that have not hunted yet this week.",
            f"The next one: {when}.",
        ],
    )


@runs_in_database
def reminders_off(services: Services, actor: Actor) -> Reply:
    now = services.clock()
    with services.db.transaction() as tx:
        guild = _admin_guild(tx, actor)
        if guild.settings.hunting.reminder_channel_id is None:
            raise PawpostError("Hunting reminders are already off.")
        guild.settings.hunting.reminder_channel_id = None
        tx.guilds.save(guild)
        tx.audit.add(audit.entry(actor, "config", "hunting reminders off", now))
    return Reply(lines=["Hunting reminders are off."])


async def set_admin_channel(services: Services, actor: Actor, channel_id: int) -> Reply:
    """Where the end-of-week report (and anything admins must hear about) goes."""
    await require_postable(services, actor, channel_id)
    return await services.db.run(_set_admin_channel, services, actor, channel_id)


def _set_admin_channel(services: Services, actor: Actor, channel_id: int) -> Reply:
    now = services.clock()
    with services.db.transaction() as tx:
        guild = _admin_guild(tx, actor)
        _weeks_from_now(tx, guild, now)
        guild.settings.admin_channel_id = channel_id
        tx.guilds.save(guild)
        tx.audit.add(audit.entry(actor, "config", f"admin channel {channel_id}", now))
    week = week_of(now, guild.settings)
    return Reply(
        lines=[
            f"Admin notices go to <#{channel_id}>: at the end of each real week, who missed "
            f"the hunt. The first report comes {stamp(week.end, 'F')}."
        ]
    )


@runs_in_database
def missed_week_counts_as_failure(services: Services, actor: Actor, value: str) -> Reply:
    on = switch(value)
    now = services.clock()
    with services.db.transaction() as tx:
        guild = _admin_guild(tx, actor)
        if on:
            _weeks_from_now(tx, guild, now)
        guild.settings.hunting.missed_week_counts_as_failure = on
        tx.guilds.save(guild)
        tx.audit.add(
            audit.entry(actor, "config", f"missed week counts as failure: {_word(on)}", now)
        )
    if on:
        text = (
            "A cat that misses a real week's hunt (and is not away) now counts a failed hunt, "
            "starting with this week."
        )
    else:
        text = "A missed week no longer counts as a failed hunt; admins are still told of it."
    return Reply(lines=[text])


@runs_in_database
def away_needs_approval(services: Services, actor: Actor, value: str) -> Reply:
    on = switch(value)
    with services.db.transaction() as tx:
        guild = _admin_guild(tx, actor)
        guild.settings.hunting.away_needs_approval = on
        tx.guilds.save(guild)
        tx.audit.add(
            audit.entry(actor, "config", f"away needs approval: {_word(on)}", services.clock())
        )
    text = (
        "A player's /hunting away now waits for an admin's approval."
        if on
        else "/hunting away now takes effect at once."
    )
    return Reply(lines=[text])


@runs_in_database
def week_start(services: Services, actor: Actor, weekday: str, hour: int) -> Reply:
    """When the server's real week starts (RULINGS: Monday 00:00): the weekly hunt, reminders,
    the week-end report and ageing follow it."""
    day = parse_weekday(weekday)
    if not 0 <= hour <= LAST_HOUR:
        raise PawpostError(f"The hour must be 0 to {LAST_HOUR}; you gave {hour}.")
    now = services.clock()
    with services.db.transaction() as tx:
        guild = _admin_guild(tx, actor)
        settings = guild.settings
        if (settings.week_start_weekday, settings.week_start_hour) == (day, hour):
            raise PawpostError(f"Real weeks already start on {weekday_name(day)} at {hour:02d}:00.")
        settings.week_start_weekday, settings.week_start_hour = day, hour
        week = week_of(now, settings)
        # The hunts of the week running now count for it under its new start; the week that
        # ended before it overlaps weeks already reported, so it is neither reported nor counted.
        tx.hunting.move_to_week(guild.guild_id, week.start, week.key)
        tx.hunting.set_starting_point(
            Done(
                guild_id=guild.guild_id,
                kind=PostKind.WEEK_END,
                week_key=previous_week(week, settings).key,
            ),
            now,
        )
        tx.guilds.save(guild)
        tx.audit.add(
            audit.entry(actor, "config", f"week starts {weekday_name(day)} {hour:02d}:00", now)
        )
    return Reply(
        lines=[
            f"Real weeks now start on {weekday_name(day)} at {hour:02d}:00 "
            f"({settings.timezone}); this one began {stamp(week.start, 'F')} and ends "
            f"{stamp(week.end, 'F')}."
        ]
    )
