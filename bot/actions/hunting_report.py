"""`/admin hunting report [week]`: the end-of-week report of who missed the hunt, on demand, for
servers with no admin channel (or an admin who missed the post)."""

from __future__ import annotations

from datetime import datetime

from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.hunting import hunger_of
from bot.actions.hunting_jobs import MissedWeek, report_posts
from bot.actions.lookup import require_admin
from bot.actions.reply import Reply
from bot.actions.weeks import Span, at_local, parse_date, previous_week, stamp, week_of, zone
from rules.errors import PawpostError
from storage.hunting import Week
from storage.settings import Guild


def _week(guild: Guild, now: datetime, text: str | None) -> Span:
    """The week asked for (the one holding the date's week-start hour), or the last one ended."""
    settings = guild.settings
    if text is None:
        return previous_week(week_of(now, settings), settings)
    day = parse_date(text, "The week")
    week = week_of(at_local(day, settings.week_start_hour, zone(settings.timezone)), settings)
    if week.end > now:
        raise PawpostError(
            f"The week of {week.key} has not ended yet (it ends {stamp(week.end, 'f')}); "
            "/hunting status shows who has hunted so far."
        )
    return week


@runs_in_database(read_only=True)
def report(services: Services, actor: Actor, week: str | None = None) -> Reply:
    """Who missed the hunt in a real week that has ended (default: the last one), as the
    weekly job posts it in the admin channel."""
    now = services.clock()
    with services.db.transaction(write=False) as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_admin(actor, guild)
        hunger_of(services, guild)
        span = _week(guild, now, week)
        window = Week(guild_id=guild.guild_id, key=span.key, start=span.start, end=span.end)
        cats = tx.hunting.unhunted([window])
        counted = {
            row.character_id: row for row in tx.hunting.missed_weeks(guild.guild_id, span.key)
        }
    missed = []
    for cat in cats:
        entry = MissedWeek(cat)
        row = counted.get(cat.character_id)
        if row is not None:
            entry.fail_streak = row.fail_streak
            entry.became_starving = row.became_starving
        missed.append(entry)
    posts = report_posts(missed, span, counted=bool(counted), kits=[])
    shown = posts[0]
    shown.ephemeral = True
    if len(posts) > 1:
        shown.footer = f"Part 1 of {len(posts)}: the rest did not fit in one reply."
    return shown
