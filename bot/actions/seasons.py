"""`/season`, `/admin season set`, and `/config seasons auto|manual`: the season hunting is in."""

from __future__ import annotations

from datetime import datetime

from bot.actions import audit
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.lookup import require_admin, require_built
from bot.actions.reply import Reply
from bot.actions.weeks import at_local, local_today, parse_date, stamp, zone
from rules.errors import PawpostError
from rules.seasons import SEASON_CYCLE, Season, next_season_turn, season_began, season_on
from storage.hunting import Done, PostKind
from storage.settings import Guild, GuildSettings, SeasonSettings

MAX_WEEKS_PER_SEASON = 52
SEASON_CHOICES = tuple(season.value for season in Season)


def manual_season(seasons: SeasonSettings) -> Season:
    """The season last set by hand or turned to (Newleaf if the stored name is unknown)."""
    try:
        return Season(seasons.season)
    except ValueError:
        return Season.NEWLEAF


def current_season(settings: GuildSettings, now: datetime) -> Season:
    """The season at `now` in the server's time zone, turning by itself when set to."""
    seasons = settings.seasons
    return season_on(
        local_today(now, zone(settings.timezone)),
        manual=manual_season(seasons),
        start=seasons.seasons_auto_start,
        weeks_per_season=seasons.weeks_per_season,
    )


def next_turn(settings: GuildSettings, now: datetime) -> datetime | None:
    """When the season next turns by itself (local midnight), or None when set by hand."""
    seasons = settings.seasons
    tz = zone(settings.timezone)
    day = next_season_turn(
        local_today(now, tz), seasons.seasons_auto_start, seasons.weeks_per_season
    )
    return None if day is None else at_local(day, 0, tz)


def following(season: Season) -> Season:
    return SEASON_CYCLE[(SEASON_CYCLE.index(season) + 1) % len(SEASON_CYCLE)]


def hunting_line(services: Services, guild: Guild, season: Season) -> str:
    """What the season means for the server's ruleset's hunting ("" when it says nothing)."""
    ruleset = services.ruleset(guild.ruleset)
    if ruleset is None or ruleset.season_hunting is None:
        return ""
    return ruleset.season_hunting(season)


def _parse_season(text: str) -> Season:
    try:
        return Season(text.strip().lower())
    except ValueError:
        raise PawpostError(
            f"That is not a season; pick one of {', '.join(SEASON_CHOICES)}."
        ) from None


@runs_in_database(read_only=True)
def show(services: Services, actor: Actor) -> Reply:
    now = services.clock()
    with services.db.transaction(write=False) as tx:
        guild = tx.guilds.get(actor.guild_id)
    require_built(guild)
    season = current_season(guild.settings, now)
    lines = [f"It is **{season.label}**. {hunting_line(services, guild, season)}"]
    turn = next_turn(guild.settings, now)
    if turn is not None:
        weeks = guild.settings.seasons.weeks_per_season
        upcoming = current_season(guild.settings, turn)
        lines.append(
            f"Seasons turn by themselves every {weeks} week{'s' if weeks != 1 else ''}: "
            f"{upcoming.label} begins {stamp(turn, 'D')}."
        )
    else:
        lines.append("An admin sets the season with /admin season set.")
    return Reply(title="Season", lines=lines)


@runs_in_database
def set_season(services: Services, actor: Actor, season: str) -> Reply:
    """An admin sets the season by hand, which stops automatic turning."""
    chosen = _parse_season(season)
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_admin(actor, guild)
        require_built(guild)
        seasons = guild.settings.seasons
        was_automatic = seasons.seasons_auto_start is not None
        seasons.season = chosen.value
        seasons.seasons_auto_start = None
        tx.guilds.save(guild)
        tx.audit.add(audit.entry(actor, "config", f"season set to {chosen.label}", now))
    lines = [f"It is now **{chosen.label}**. {hunting_line(services, guild, chosen)}"]
    if was_automatic:
        lines.append(
            "Seasons no longer turn by themselves; /config seasons auto starts them again."
        )
    return Reply(title="Season", lines=lines)


@runs_in_database
def set_automatic(services: Services, actor: Actor, start: str, weeks_per_season: int) -> Reply:
    """Seasons turn by themselves: Newleaf from `start`, each lasting `weeks_per_season`."""
    first = parse_date(start, "The start date")
    if not 1 <= weeks_per_season <= MAX_WEEKS_PER_SEASON:
        raise PawpostError(
            f"A season can last 1 to {MAX_WEEKS_PER_SEASON} weeks; you gave {weeks_per_season}."
        )
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_admin(actor, guild)
        require_built(guild)
        seasons = guild.settings.seasons
        seasons.seasons_auto_start = first
        seasons.weeks_per_season = weeks_per_season
        today = local_today(now, zone(guild.settings.timezone))
        began = season_began(today, first, weeks_per_season)
        if began is not None:
            # The season it is now is not news: only later turns are announced.
            seasons.season = current_season(guild.settings, now).value
            tx.hunting.set_starting_point(
                Done(guild_id=guild.guild_id, kind=PostKind.SEASON, week_key=began.isoformat()),
                now,
            )
        tx.guilds.save(guild)
        tx.audit.add(
            audit.entry(
                actor,
                "config",
                f"seasons turn by themselves from {first.isoformat()}, "
                f"{weeks_per_season} weeks each",
                now,
            )
        )
    season = current_season(guild.settings, now)
    turn = next_turn(guild.settings, now)
    assert turn is not None
    upcoming = current_season(guild.settings, turn)
    return Reply(
        title="Seasons turn by themselves",
        lines=[
            f"Each season lasts {weeks_per_season} week{'s' if weeks_per_season != 1 else ''}, "
            f"starting with Newleaf on {first.isoformat()}.",
            f"It is **{season.label}** now; {upcoming.label} begins {stamp(turn, 'D')}.",
        ],
    )


@runs_in_database
def set_manual(services: Services, actor: Actor) -> Reply:
    """Back to seasons set by hand; the season it is now stays."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_admin(actor, guild)
        require_built(guild)
        seasons = guild.settings.seasons
        if seasons.seasons_auto_start is None:
            raise PawpostError("Seasons are already set by hand on this server.")
        season = current_season(guild.settings, now)
        seasons.season = season.value
        seasons.seasons_auto_start = None
        tx.guilds.save(guild)
        tx.audit.add(audit.entry(actor, "config", "seasons set by hand", now))
    return Reply(
        title="Season",
        lines=[
            f"Seasons no longer turn by themselves. It stays **{season.label}** "
            "until an admin uses /admin season set."
        ],
    )
