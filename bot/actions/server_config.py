"""`/config`: a server's ruleset, time zone and admin role."""

from __future__ import annotations

from datetime import datetime
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from bot.actions import audit
from bot.actions.clock import keep_counting, no_ageing
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.lookup import require_admin
from bot.actions.reply import Reply, ReplyField
from bot.actions.seasons import current_season
from bot.actions.setup_steps import not_set_up
from bot.actions.weeks import weekday_name
from bot.ruleset import Feature, Ruleset
from rules.errors import PawpostError
from rules.rulesets import RULESETS
from storage.settings import AgeingPace, GuildSettings


@runs_in_database(read_only=True)
def show(services: Services, actor: Actor) -> Reply:
    with services.db.transaction(write=False) as tx:
        guild = tx.guilds.get(actor.guild_id)
    settings = guild.settings
    ruleset = services.ruleset(guild.ruleset)
    admin_role = f"<@&{settings.admin_role_id}>" if settings.admin_role_id else "Manage Server only"
    admin_channel = f"<#{settings.admin_channel_id}>" if settings.admin_channel_id else "not set"
    fields = [
        ReplyField(name="Ruleset", value=RULESETS[guild.ruleset].name, inline=True),
        ReplyField(name="Time zone", value=settings.timezone, inline=True),
        ReplyField(name="Admin role", value=admin_role, inline=True),
        ReplyField(name="Admin channel", value=admin_channel, inline=True),
        ReplyField(name="Sheet approval", value=_on(settings.approval), inline=True),
        ReplyField(
            name="Week starts",
            value=f"{weekday_name(settings.week_start_weekday)} {settings.week_start_hour:02d}:00",
            inline=True,
        ),
    ]
    if ruleset is not None and ruleset.settings_field is not None:
        fields.append(ruleset.settings_field(settings))
    if ruleset is not None and Feature.HUNTING in ruleset.features:
        fields.append(
            ReplyField(name="Hunting", value=_hunting_settings(settings, services.clock()))
        )
    fields.append(ReplyField(name="Game clock", value=_clock_settings(settings, ruleset)))
    log_channel = settings.voices.log_channel_id
    fields.append(
        ReplyField(
            name="Post log",
            value="off"
            if log_channel is None
            else f"posts as characters logged in <#{log_channel}>",
            inline=True,
        )
    )
    missing = not_set_up(guild, ruleset)
    fields.append(
        ReplyField(
            name="Not set up yet",
            value="\n".join(f"{step.command}: {step.what}" for step in missing)
            or "Nothing: every set-up step is done.",
        )
    )
    return Reply(title="Server settings", fields=fields, ephemeral=True)


def _on(flag: bool) -> str:
    return "on" if flag else "off"


def _hunting_settings(settings: GuildSettings, now: datetime) -> str:
    hunting, seasons = settings.hunting, settings.seasons
    if hunting.reminder_channel_id is None:
        reminders = "reminders off"
    else:
        reminders = (
            f"reminders in <#{hunting.reminder_channel_id}> on "
            f"{weekday_name(hunting.reminder_weekday)} at {hunting.reminder_hour:02d}:00"
        )
    season = current_season(settings, now).label
    turning = (
        f"turning every {seasons.weeks_per_season} weeks from {seasons.seasons_auto_start}"
        if seasons.seasons_auto_start
        else "set by admins"
    )
    return (
        f"{reminders}; season {season} ({turning}); "
        f"missed week counts as a failure: {_on(hunting.missed_week_counts_as_failure)}; "
        f"away needs approval: {_on(hunting.away_needs_approval)}; "
        f"{_weekly_report(settings)}; "
        f"contest timeout {settings.contest_timeout_hours} h; "
        f"turn timeout {settings.turn_timeout_hours} h, then {settings.turn_skip_hours} h to a skip"
    )


def _weekly_report(settings: GuildSettings) -> str:
    """Where the end-of-week report of who missed the hunt goes."""
    if settings.admin_channel_id is not None:
        return f"who missed the week's hunt is posted in <#{settings.admin_channel_id}>"
    return "who missed the week's hunt is posted nowhere (no admin channel): /admin hunting report"


def _clock_settings(settings: GuildSettings, ruleset: Ruleset | None) -> str:
    clock = settings.clock
    days = clock.game_days_per_real_day
    channel = (
        f"summed up in <#{clock.game_day_channel_id}>"
        if clock.game_day_channel_id is not None
        else "not summed up"
    )
    pace = f"game days turn at {clock.sunrise_hour:02d}:00, {days} a real day, {channel}"
    moons = clock.moons_per_real_week
    ageing = {
        AgeingPace.REAL_WEEK: f"ageing {_on(True)} ({moons} moon{'s' if moons != 1 else ''} "
        "a real week)",
        AgeingPace.GAME_MONTH: "ageing one moon every 28 game days",
        AgeingPace.ADMIN: f"ageing {_on(False)} (only by an admin)",
    }[clock.ageing]
    if ruleset is not None and not ruleset.ages:
        ageing = no_ageing(ruleset)
    return f"{pace}; {ageing}"


@runs_in_database
def set_ruleset(services: Services, actor: Actor, ruleset: str) -> Reply:
    if ruleset not in RULESETS:
        raise PawpostError(
            f"There is no ruleset called {safe(ruleset)}; pick one of {', '.join(RULESETS)}."
        )
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_admin(actor, guild)
        if guild.ruleset == ruleset:
            return Reply(
                lines=[f"This server already plays {RULESETS[ruleset].name}."], ephemeral=True
            )
        now = services.clock()
        archived = tx.characters.archive_other_rulesets(actor.guild_id, ruleset, now)
        back = tx.characters.unarchive(actor.guild_id, ruleset)
        before = guild.ruleset
        guild.ruleset = ruleset
        tx.guilds.save(guild)
        summary = f"ruleset {before} → {ruleset}"
        if archived or back:
            summary += f" ({archived} characters archived, {back} back)"
        tx.audit.add(audit.entry(actor, "config", summary, now))
    note = "" if RULESETS[ruleset].sheet else " Its rolls are not built yet."
    lines = [f"This server now plays {RULESETS[ruleset].name}.{note}"]
    if archived:
        old = RULESETS[before].name
        lines.append(
            f"Archived, not deleted: {_characters(archived, old)}, back when the server plays"
            f" {old} again (/character list names them; /admin export holds them)."
        )
    if back:
        lines.append(f"Back from the archive: {_characters(back, RULESETS[ruleset].name)}.")
    return Reply(lines=lines)


def _characters(count: int, ruleset_name: str) -> str:
    return f"{count} {ruleset_name} character{'s' if count != 1 else ''}"


def valid_zone(zone: str) -> str:
    zone = zone.strip()
    try:
        ZoneInfo(zone)
    except (ZoneInfoNotFoundError, ValueError):
        raise PawpostError(
            f"{safe(zone)} is not a time zone I know; use an IANA name such as Europe/London "
            "or America/New_York."
        ) from None
    return zone


@cache
def _zones() -> tuple[str, ...]:
    return tuple(sorted(available_timezones()))


def zone_choices(prefix: str, limit: int = 25) -> list[str]:
    """IANA zone names containing `prefix`, for autocomplete."""
    wanted = prefix.strip().casefold()
    return [zone for zone in _zones() if wanted in zone.casefold()][:limit]


@runs_in_database
def set_timezone(services: Services, actor: Actor, zone: str) -> Reply:
    zone = valid_zone(zone)
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_admin(actor, guild)
        if guild.settings.timezone != zone:
            guild.settings.timezone_changed_at = now
            before = guild.settings.model_copy(deep=True)
            guild.settings.timezone = zone
            # The game calendar goes on: today keeps its number in the new zone.
            keep_counting(services, tx, guild, before, now)
        tx.guilds.save(guild)
        tx.audit.add(audit.entry(actor, "config", f"time zone {zone}", services.clock()))
    return Reply(lines=[f"This server's time zone is now {zone}."])


# Where a server shows the /admin commands to a role: Discord hides them from members without
# Manage Server (the commands' default permission), whatever Pawpost's admin role is.
SHOW_ADMIN_COMMANDS = (
    "Server Settings → Integrations → Pawpost (Manage) → Commands → /admin →"
    " Add Roles or Members → the role → tick it (✓) and Save"
)


@runs_in_database
def set_admin_role(services: Services, actor: Actor, role_id: int) -> Reply:
    if role_id == actor.guild_id:  # @everyone's id is the server's; every member holds it
        raise PawpostError(
            "The admin role cannot be @everyone, which would make every member an admin;"
            " choose a role only your admins have."
        )
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_admin(actor, guild)
        guild.settings.admin_role_id = role_id
        tx.guilds.save(guild)
        tx.audit.add(audit.entry(actor, "config", f"admin role {role_id}", services.clock()))
    return Reply(
        lines=[
            f"Members with <@&{role_id}> are now admins of Pawpost here.",
            "Discord still hides the /admin commands from them until you show them to the role:"
            f" {SHOW_ADMIN_COMMANDS}.",
        ]
    )


@runs_in_database
def clear_admin_role(services: Services, actor: Actor) -> Reply:
    """Back to Manage Server only."""
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_admin(actor, guild)
        role_id = guild.settings.admin_role_id
        if role_id is None:
            raise PawpostError("This server has no admin role; Manage Server makes its admins.")
        guild.settings.admin_role_id = None
        tx.guilds.save(guild)
        tx.audit.add(audit.entry(actor, "config", "admin role cleared", services.clock()))
    return Reply(
        lines=[
            f"Members with <@&{role_id}> are no longer admins of Pawpost here; Manage Server"
            " still makes an admin. If you showed them the /admin commands, remove the role"
            f" there too: {SHOW_ADMIN_COMMANDS.replace('tick it (✓)', 'remove it')}."
        ]
    )


MOST_TIMEOUT_HOURS = 168  # a week


def _timeout(hours: int, what: str) -> None:
    if not 1 <= hours <= MOST_TIMEOUT_HOURS:
        raise PawpostError(f"The {what} must be 1 to {MOST_TIMEOUT_HOURS} hours; you gave {hours}.")


def _set_hours(services: Services, actor: Actor, hours: int, what: str, key: str) -> None:
    """Store one of the server's timeouts (`key` of its settings), logged as `what`."""
    _timeout(hours, what)
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_admin(actor, guild)
        setattr(guild.settings, key, hours)
        tx.guilds.save(guild)
        tx.audit.add(audit.entry(actor, "config", f"{what} {hours} h", services.clock()))


@runs_in_database
def set_contest_timeout(services: Services, actor: Actor, hours: int) -> Reply:
    """After how long admins may roll for a defender who has not answered a contest."""
    _set_hours(services, actor, hours, "contest timeout", "contest_timeout_hours")
    return Reply(
        lines=[
            f"When a defender has not answered a contest for {hours} h, admins get a button to "
            "roll for them (contests already waiting included)."
        ]
    )


@runs_in_database
def set_turn_skip(services: Services, actor: Actor, hours: int) -> Reply:
    """After how long more a reminded fighter's turn is offered to the admins to skip."""
    _set_hours(services, actor, hours, "turn skip", "turn_skip_hours")
    return Reply(
        lines=[
            f"When a reminded fighter still has not acted {hours} h later, admins get a button "
            "to skip the turn (in the admin channel, else the fight's)."
        ]
    )


@runs_in_database
def set_turn_timeout(services: Services, actor: Actor, hours: int) -> Reply:
    """After how long a fighter who has not acted is reminded (and admins may skip the turn)."""
    _set_hours(services, actor, hours, "turn timeout", "turn_timeout_hours")
    return Reply(
        lines=[
            f"A fighter who has not acted for {hours} h is now reminded, from each turn that "
            "starts after this."
        ]
    )
