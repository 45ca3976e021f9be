"""Hunting's shared bookkeeping: `/hunting status` and `/hunting away` with its approval.

A ruleset's own hunt verbs (`/hunt`, ...) are in its package; what every ruleset that hunts
shares (once a day, the real week, away marks, starvation's streak) is here.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from bot.actions import audit
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import plural, safe
from bot.actions.lookup import acting_character, require_built
from bot.actions.reply import Button, Reply, Style
from bot.actions.roll import clean_reason
from bot.actions.weeks import Span, at_local, local_today, parse_date, stamp, until, week_of, zone
from bot.ruleset import NEVER_STARVES
from rules.errors import PawpostError
from storage.hunting import Away, AwayState, CatStanding, Outcome, Week
from storage.models import Character
from storage.repositories import Transaction
from storage.settings import Guild

if TYPE_CHECKING:
    from bot.actions.buttons import ButtonHandler, Press
    from bot.ruleset import Hunger

MAX_AWAY_DAYS = 365


def this_week(guild: Guild, now: datetime) -> Week:
    span = week_of(now, guild.settings)
    return Week(guild_id=guild.guild_id, key=span.key, start=span.start, end=span.end)


def hunted_today(name: str, day: Span, now: datetime) -> PawpostError:
    return PawpostError(f"{safe(name)} can hunt again after midnight, in {until(day.end, now)}.")


DAY_KEY_SEPARATOR = "@"  # a day key's local date, then (after a zone change) when it began


def day_key(tx: Transaction, guild: Guild, cat: Character, day: Span, now: datetime) -> str:
    """The key of the cat's hunt on this local day (a ruleset's once-a-day hunt), refusing a
    second one. After the time zone moved west, an older hunt may hold today's date from an
    earlier local day: today then takes the date with the hour it began in UTC."""
    for key in (day.key, f"{day.key}{DAY_KEY_SEPARATOR}{day.start:%H%M}Z"):
        earlier = tx.hunting.hunt_on_day(guild.guild_id, cat.id, key)
        if earlier is None:
            return key
        if earlier.hunted_at >= day.start:
            break
    raise hunted_today(cat.name, day, now)


def local_date(key: str | None) -> str:
    """The local date of a hunt's day key."""
    return (key or "").partition(DAY_KEY_SEPARATOR)[0]


def outcome_words(outcome: Outcome) -> str:
    return {
        Outcome.CAUGHT: "caught prey",
        Outcome.NO_PREY: "found no prey",
        Outcome.GOT_AWAY: "the prey got away",
        Outcome.MISSED_WEEK: "missed the week (counts as a failed hunt)",
    }[outcome]


# --- /hunting status --------------------------------------------------------------------------


def hunger_of(services: Services, guild: Guild) -> Hunger:
    """How the server's ruleset starves its cats, or one sentence when it does not hunt."""
    require_built(guild)
    ruleset = services.ruleset(guild.ruleset)
    if ruleset is None or ruleset.hunger is None:
        raise PawpostError("This server's ruleset keeps no hunting log.")
    return ruleset.hunger


def standing_line(cat: CatStanding, hunger: Hunger) -> str:
    parts = ["hunted this week" if cat.hunted_this_week else "**not hunted this week**"]
    if cat.last_hunt_at is not None and cat.last_outcome is not None:
        parts.append(f"last hunt {stamp(cat.last_hunt_at, 'R')}: {outcome_words(cat.last_outcome)}")
    if cat.starving:
        parts.append(f"**starving** ({plural(cat.fail_streak, 'failed hunt')} in a row)")
    else:
        more = hunger.fails_until_starving(cat.fail_streak, cat.youngest_kit_moons)
        if more < NEVER_STARVES:
            parts.append(
                f"{plural(cat.fail_streak, 'failed hunt')} in a row "
                f"({plural(more, 'more failure')} would starve it)"
            )
    if cat.away_until:
        parts.append(f"away until {cat.away_until}")
    elif cat.away_pending:
        parts.append("away request waiting for an admin")
    return f"**{safe(cat.name)}**: " + " · ".join(parts)


@runs_in_database(read_only=True)
def status(services: Services, actor: Actor, user: int | None = None) -> Reply:
    """A player's cats this real week: hunted or not, last hunt, streak, starving, away."""
    owner = user or actor.user_id
    now = services.clock()
    with services.db.transaction(write=False) as tx:
        guild = tx.guilds.get(actor.guild_id)
        hunger = hunger_of(services, guild)
        week = this_week(guild, now)
        cats = tx.hunting.standings(week, owner)
    if not cats:
        whose = "You have" if owner == actor.user_id else f"<@{owner}> has"
        return Reply(title="Hunting this week", lines=[f"{whose} no cats in this server."])
    lines = [f"<@{owner}>'s cats; this week ends {stamp(week.end, 'R')}."]
    lines += [standing_line(cat, hunger) for cat in cats]
    return Reply(title="Hunting this week", lines=lines)


# --- /hunting away and its approval -------------------------------------------------------------


@runs_in_database
def away(
    services: Services,
    actor: Actor,
    until_date: str,
    character: str | None = None,
    reason: str | None = None,
) -> Reply:
    """Mark a cat away until the end of a local date: not reminded, not reported, and a missed
    week does not count against it. Some servers want an admin to approve it first."""
    day = parse_date(until_date, "The away date")
    reason = clean_reason(reason)
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        tz = zone(guild.settings.timezone)
        today = local_today(now, tz)
        if day < today:
            raise PawpostError(
                f"The away date must be today or later; today is {today.isoformat()} "
                "in this server's time zone."
            )
        if day > today + timedelta(days=MAX_AWAY_DAYS):
            raise PawpostError(f"A cat can be marked away for at most {MAX_AWAY_DAYS} days.")
        hunger_of(services, guild)
        cat = acting_character(tx, actor, guild, character)
        is_admin = actor.admin_in(guild.settings)
        pending = guild.settings.hunting.away_needs_approval and not is_admin
        record = Away(
            guild_id=guild.guild_id,
            character_id=cat.id,
            user_id=actor.user_id,
            starts_at=now,
            ends_at=at_local(day + timedelta(days=1), 0, tz),
            until_date=day.isoformat(),
            reason=reason,
            state=AwayState.PENDING if pending else AwayState.APPROVED,
            decided_by=None if pending else actor.user_id,
            decided_at=None if pending else now,
            created_at=now,
        )
        away_id = tx.hunting.add_away(record)
        tx.audit.add(
            audit.entry(
                actor,
                "away",
                f"away until {day.isoformat()}" + (" (waiting for approval)" if pending else ""),
                now,
                character=cat,
                reason=reason,
            )
        )
    name = safe(cat.name)
    if pending:
        return Reply(
            title="Away, once an admin approves",
            lines=[
                f"{name} asks to be away until {day.isoformat()}"
                + (f" ({safe(reason)})." if reason else "."),
                "An admin approves or denies it with the buttons below.",
            ],
            buttons=[
                Button(
                    label="Approve",
                    style=Style.success,
                    custom_id=f"pawpost:away:{away_id}:approve",
                ),
                Button(label="Deny", style=Style.danger, custom_id=f"pawpost:away:{away_id}:deny"),
            ],
        )
    return Reply(
        title="Away",
        lines=[
            f"{name} is away until the end of {day.isoformat()} (server time): not reminded, "
            "not reported, and a missed week does not count against it."
        ],
    )


@runs_in_database
def decide_away(services: Services, actor: Actor, away_id: int, *, approve: bool) -> Reply:
    """An admin's Approve or Deny button on an away request."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        if not actor.admin_in(guild.settings):
            raise PawpostError("Only an admin can approve or deny an away request.")
        record = tx.hunting.away(actor.guild_id, away_id)
        if record is None:
            raise PawpostError("That away request does not exist in this server.")
        if record.state is not AwayState.PENDING:
            if record.state is AwayState.REPLACED:
                raise PawpostError("That away request was replaced by a newer one.")
            raise PawpostError(f"That away request was already {record.state.value}.")
        cat = tx.characters.by_id(actor.guild_id, record.character_id)
        state = AwayState.APPROVED if approve else AwayState.DENIED
        if not tx.hunting.decide_away(away_id, state, actor.user_id, now):
            raise PawpostError("That away request was decided a moment ago.")
        name = cat.name if cat else "The cat"
        tx.audit.add(
            audit.entry(
                actor,
                "away",
                f"away until {record.until_date} {state.value}",
                now,
                character=cat,
            )
        )
    verdict = "approved" if approve else "denied"
    return Reply(
        title=f"Away {verdict}",
        lines=[f"<@{actor.user_id}> {verdict} {safe(name)}'s away until {record.until_date}."],
        mentions=[record.user_id],
        update=True,
    )


# --- Buttons ----------------------------------------------------------------------------------


async def _away_button(services: Services, actor: Actor, press: Press) -> Reply:
    return await decide_away(services, actor, press.id, approve=press.verb == "approve")


HUNTING_BUTTONS: dict[tuple[str, str], ButtonHandler] = {
    ("away", "approve"): _away_button,
    ("away", "deny"): _away_button,
}
