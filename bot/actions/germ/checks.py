"""Germ rolls outside combat: `/check` against a DC, `/contest` and its answer, `/trust revoke`."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from bot.actions import audit
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import describe_roll, safe
from bot.actions.lookup import acting_character, named, require_built
from bot.actions.reply import Button, Reply, Style
from bot.actions.roll import clean_reason
from rules.errors import PawpostError
from rules.germ.checks import FULL_TRUST, roll_stat
from rules.germ.checks import check as germ_check
from rules.germ.contests import CONTEST_FOR_STAT, ContestResult, contest_outcome
from rules.germ.sheet import COUNTER_STAT, GermSheet, Stat
from storage.germ import germ
from storage.germ.contests import Contest
from storage.models import Character
from storage.repositories import Transaction
from storage.settings import Guild

if TYPE_CHECKING:
    from bot.actions.buttons import ButtonHandler, Press


def parse_stat(name: str, allowed: tuple[Stat, ...] | None = None) -> Stat:
    """A Germ stat by name, optionally one of `allowed`, or one clear sentence."""
    try:
        stat = Stat(name.strip().lower())
    except ValueError:
        raise PawpostError(f"{safe(name)} is not a Germ stat.") from None
    if allowed is not None and stat not in allowed:
        names = ", ".join(s.value for s in allowed)
        raise PawpostError(f"A contest starts with {names}; {stat.value} is what counters one.")
    return stat


def _sheet(character: Character) -> GermSheet:
    if not isinstance(character.sheet, GermSheet):
        raise PawpostError(f"{safe(character.name)} is not a Germ character.")
    return character.sheet


@runs_in_database
def check(
    services: Services,
    actor: Actor,
    stat: str,
    dc: int | None = None,
    character: str | None = None,
    reason: str | None = None,
) -> Reply:
    chosen = parse_stat(stat)
    reason = clean_reason(reason)
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        found = acting_character(tx, actor, guild, character)
        roll = germ_check(_sheet(found), chosen, services.dice, dc)
        outcome = None if dc is None else ("success" if roll.succeeded else "failure")
        summary = f"{chosen.label} check" + (f" DC {dc}" if dc is not None else "")
        entry_id = tx.audit.add(
            audit.entry(
                actor,
                "check",
                summary,
                now,
                character=found,
                rolls=[roll],
                outcome=outcome,
                reason=reason,
            )
        )
    title = f"{safe(found.name)}: {chosen.label}" + (f" for {safe(reason)}" if reason else "")
    lines = [describe_roll(roll)]
    if outcome is not None:
        lines.append(f"**{outcome.capitalize()}** against DC {dc}.")
    return Reply(title=title, lines=lines, footer=f"roll #{entry_id}")


def _contest_buttons(contest_id: int, counter: Stat, *, for_admins: bool = False) -> list[Button]:
    if for_admins:
        return [
            Button(
                label="Roll for the defender",
                style=Style.danger,
                custom_id=f"pawpost:contest:{contest_id}:admin-roll",
            )
        ]
    return [
        Button(
            label=f"Roll {counter.label}",
            style=Style.primary,
            custom_id=f"pawpost:contest:{contest_id}:roll",
        )
    ]


@runs_in_database
def start_contest(
    services: Services,
    actor: Actor,
    stat: str,
    target: str,
    character: str | None = None,
    reason: str | None = None,
) -> Reply:
    chosen = parse_stat(stat, tuple(CONTEST_FOR_STAT))
    counter = COUNTER_STAT[chosen]
    reason = clean_reason(reason)
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        initiator = acting_character(tx, actor, guild, character)
        defender = named(tx, actor.guild_id, target)
        if defender.id == initiator.id:
            raise PawpostError(f"{safe(initiator.name)} cannot contest itself.")
        if defender.owner_id == actor.user_id and not actor.admin_in(guild.settings):
            raise PawpostError("You cannot contest your own character.")
        situational = []
        if chosen is Stat.CHARISMA and germ(tx).contests.trusts(
            guild.guild_id, defender.id, initiator.id
        ):
            situational.append(FULL_TRUST)
        roll = roll_stat(_sheet(initiator), chosen, services.dice, situational=situational)
        contest = Contest(
            guild_id=actor.guild_id,
            channel_id=actor.channel_id,
            initiator_user_id=actor.user_id,
            initiator_character_id=initiator.id,
            defender_character_id=defender.id,
            stat=chosen.value,
            initiator_roll=roll,
            reason=reason,
            created_at=now,
        )
        contest_id = germ(tx).contests.add_contest(contest)
        tx.audit.add(
            audit.entry(
                actor,
                "contest",
                f"{chosen.label} vs {defender.name} (contest {contest_id})",
                now,
                character=initiator,
                rolls=[roll],
                reason=reason,
            )
        )
    return Reply(
        title=(
            f"{safe(initiator.name)} contests {safe(defender.name)}: "
            f"{chosen.label} vs {counter.label}"
        ),
        lines=[
            f"<@{defender.owner_id}>, {safe(defender.name)} must roll {counter.label}.",
            f"{safe(initiator.name)}: {describe_roll(roll)}",
            *([f"Reason: {safe(reason)}"] if reason else []),
        ],
        buttons=_contest_buttons(contest_id, counter),
        mentions=[defender.owner_id],
    )


def _reading(result: ContestResult, initiator: str, defender: str) -> str:
    winner, loser = (initiator, defender) if result.initiator_won else (defender, initiator)
    margin = abs(result.margin)
    if result.stat is Stat.CHARISMA:
        if result.believed and result.belief is not None:
            extent = f"to an extent of {margin}: {result.belief.sentence}"
            return f"{defender} believes {initiator} {extent}"
        return f"{defender} does not believe {initiator} (by {margin})."
    if result.stat is Stat.STEALTH:
        if result.hidden:
            return f"{initiator} stays hidden from {defender} (by {margin})."
        return f"{defender} spots {initiator}" + (f" (by {margin})." if margin else " (a tie).")
    return f"{winner} wins against {loser} by {margin}." if margin else f"{winner} wins the tie."


def _load_open_contest(tx: Transaction, actor: Actor, contest_id: int) -> Contest:
    contest = germ(tx).contests.contest(actor.guild_id, contest_id)
    if contest is None:
        raise PawpostError("That contest does not exist in this server.")
    if contest.resolved_at is not None:
        raise PawpostError("That contest is already settled.")
    return contest


@runs_in_database
def answer_contest(
    services: Services, actor: Actor, contest_id: int, *, admin_roll: bool = False
) -> Reply:
    """The defender's button (or an admin's): roll the counter-stat and settle the contest."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        contest = _load_open_contest(tx, actor, contest_id)
        people = tx.characters.by_ids(
            actor.guild_id, (contest.initiator_character_id, contest.defender_character_id)
        )
        initiator = people.get(contest.initiator_character_id)
        defender = people.get(contest.defender_character_id)
        if initiator is None or defender is None:
            raise PawpostError("One of the characters in that contest was deleted.")
        is_admin = actor.admin_in(guild.settings)
        if admin_roll and not is_admin:
            raise PawpostError("Only an admin can roll for the defender.")
        if actor.user_id != defender.owner_id and not is_admin:
            raise PawpostError(f"Only {safe(defender.name)}'s player or an admin can roll this.")
        stat = Stat(contest.stat)
        defender_roll = roll_stat(_sheet(defender), COUNTER_STAT[stat], services.dice)
        result = contest_outcome(contest.initiator_roll, defender_roll, stat)
        reading = _reading(result, safe(initiator.name), safe(defender.name))
        if not germ(tx).contests.resolve_contest(contest.id, defender_roll, reading, now):
            raise PawpostError("That contest is already settled.")
        if result.full_trust:
            germ(tx).contests.add_trust(guild.guild_id, defender.id, initiator.id, now)
        by_admin = actor.user_id != defender.owner_id
        tx.audit.add(
            audit.entry(
                actor,
                "contest",
                f"{COUNTER_STAT[stat].label} against {initiator.name} (contest {contest.id})"
                + (" rolled by an admin" if by_admin else ""),
                now,
                character=defender,
                rolls=[defender_roll],
                outcome=reading,
            )
        )
    lines = [
        f"{safe(initiator.name)}: {describe_roll(contest.initiator_roll)}",
        f"{safe(defender.name)}: {describe_roll(defender_roll)}",
        f"**{reading}**",
    ]
    if result.full_trust:
        lines.append(
            f"{safe(defender.name)} now fully trusts {safe(initiator.name)}: "
            f"+{FULL_TRUST.value} on {safe(initiator.name)}'s later Charisma rolls against them."
        )
    return Reply(
        title=f"Contest: {safe(initiator.name)} vs {safe(defender.name)}",
        lines=lines,
        mentions=[contest.initiator_user_id],
        update=True,
    )


@runs_in_database
def overdue_contest_notices(
    services: Services, now: datetime, limit: int = 50
) -> tuple[list[tuple[int, Reply]], datetime | None]:
    """Contests whose defender has not rolled within the timeout: one post each (channel, reply)
    offering admins a "Roll for the defender" button. Each is announced once. Also returns when
    the next one falls due, as far as can be told now."""
    notices: list[tuple[int, Reply]] = []
    with services.db.transaction() as tx:
        # The default timeout is the shortest a server can have picked, so read candidates by it
        # and apply each server's own timeout below.
        candidates = germ(tx).contests.overdue_contests(now - timedelta(hours=1), limit)
        settled: list[int] = []
        guilds: dict[int, Guild] = {}
        for contest in candidates:
            guild = guilds.get(contest.guild_id) or tx.guilds.get(contest.guild_id)
            guilds[contest.guild_id] = guild
            hours = guild.settings.contest_timeout_hours
            if contest.created_at > now - timedelta(hours=hours):
                continue
            defender = tx.characters.by_id(contest.guild_id, contest.defender_character_id)
            name = safe(defender.name) if defender else "The defender"
            counter = COUNTER_STAT[Stat(contest.stat)]
            notices.append(
                (
                    contest.channel_id,
                    Reply(
                        title="A contest is waiting",
                        lines=[
                            f"{name} has not rolled {counter.label} for contest {contest.id} "
                            f"after {hours} h; an admin may roll for the defender."
                        ],
                        buttons=_contest_buttons(contest.id, counter, for_admins=True),
                    ),
                )
            )
            settled.append(contest.id)
        germ(tx).contests.mark_timeout_noticed(settled, now)
        waiting = germ(tx).contests.earliest_waiting_contest()
        next_due = None
        if waiting is not None:
            guild = guilds.get(waiting[0]) or tx.guilds.get(waiting[0])
            next_due = waiting[1] + timedelta(hours=guild.settings.contest_timeout_hours)
    return notices, next_due


@runs_in_database
def revoke_trust(
    services: Services, actor: Actor, target: str, character: str | None = None
) -> Reply:
    """Either player (or an admin) ends full trust between two cats, whichever way it went."""
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        mine = acting_character(tx, actor, guild, character)
        other = named(tx, actor.guild_id, target)
        removed = germ(tx).contests.revoke_trust_between(guild.guild_id, mine.id, other.id)
        if not removed:
            raise PawpostError(
                f"There is no full trust between {safe(mine.name)} and {safe(other.name)}."
            )
        tx.audit.add(
            audit.entry(
                actor,
                "trust",
                f"trust revoked between {mine.name} and {other.name}",
                services.clock(),
                character=mine,
            )
        )
    return Reply(
        lines=[f"{safe(mine.name)} and {safe(other.name)} no longer fully trust each other."]
    )


async def _contest_button(services: Services, actor: Actor, press: Press) -> Reply:
    return await answer_contest(services, actor, press.id, admin_roll=press.verb == "admin-roll")


CONTEST_BUTTONS: dict[tuple[str, str], ButtonHandler] = {
    ("contest", "roll"): _contest_button,
    ("contest", "admin-roll"): _contest_button,
}
