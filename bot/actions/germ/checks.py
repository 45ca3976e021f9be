"""Germ rolls outside combat: `/check` against a DC, `/contest` (answered through the shared
contest flow), `/trust revoke`."""

from __future__ import annotations

from datetime import datetime

from bot.actions import audit
from bot.actions.contests import Defence, contest_buttons, open_contests
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import describe_roll, for_reason, safe
from bot.actions.lookup import acting_character, living, named, require_built
from bot.actions.reply import Reply
from bot.actions.roll import clean_reason
from rules.dice import DiceSource
from rules.errors import PawpostError
from rules.germ.checks import FULL_TRUST, roll_stat, with_situational
from rules.germ.checks import check as germ_check
from rules.germ.contests import CONTEST_FOR_STAT, ContestResult, contest_outcome
from rules.germ.sheet import COUNTER_STAT, GermSheet, Stat
from storage.contests import Contest
from storage.germ import germ
from storage.models import Character
from storage.repositories import Transaction


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


@runs_in_database(quick=True)
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
    title = f"{safe(found.name)}: {chosen.label}{for_reason(reason)}"
    lines = [describe_roll(roll)]
    if outcome is not None:
        lines.append(f"**{outcome.capitalize()}** against DC {dc}.")
    return Reply(title=title, lines=lines, footer=f"roll #{entry_id}")


@runs_in_database
def start_contest(
    services: Services,
    actor: Actor,
    stat: str,
    target: str,
    character: str | None = None,
    reason: str | None = None,
    target_2: str | None = None,
    target_3: str | None = None,
) -> Reply:
    """The initiator rolls once; each target's player answers with their own button (several
    targets only for Charisma: one stored contest per target, sharing the roll)."""
    chosen = parse_stat(stat, tuple(CONTEST_FOR_STAT))
    counter = COUNTER_STAT[chosen]
    reason = clean_reason(reason)
    names = [name for name in (target, target_2, target_3) if name and name.strip()]
    if not names:
        raise PawpostError("Name the cat you contest with the target option.")
    if len(names) > 1 and chosen is not Stat.CHARISMA:
        raise PawpostError("Only a Charisma contest may name several targets.")
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        initiator = acting_character(tx, actor, guild, character)
        defenders: list[Character] = []
        for name in names:
            defender = living(tx, actor.guild_id, name)
            if defender.id == initiator.id:
                raise PawpostError(f"{safe(initiator.name)} cannot contest itself.")
            if defender.owner_id == actor.user_id and not actor.admin_in(guild.settings):
                raise PawpostError("You cannot contest your own character.")
            if any(defender.id == other.id for other in defenders):
                raise PawpostError(f"{safe(defender.name)} is named twice.")
            defenders.append(defender)
        trusting = {
            defender.id
            for defender in defenders
            if chosen is Stat.CHARISMA
            and germ(tx).trust.trusts(guild.guild_id, defender.id, initiator.id)
        }
        roll = roll_stat(_sheet(initiator), chosen, services.dice)
        rolls = [
            with_situational(roll, FULL_TRUST) if defender.id in trusting else roll
            for defender in defenders
        ]
        summary = f"{chosen.label} vs {', '.join(defender.name for defender in defenders)}"
        contest_ids = open_contests(
            tx,
            actor,
            initiator,
            list(zip(defenders, rolls, strict=True)),
            chosen.value,
            summary=summary,
            reason=reason,
            now=now,
        )
    title = (
        f"{safe(initiator.name)} contests {', '.join(safe(d.name) for d in defenders)}: "
        f"{chosen.label} vs {counter.label}"
    )
    extra = [f"Reason: {safe(reason)}"] if reason else []
    if len(defenders) == 1:
        (defender,) = defenders
        return Reply(
            title=title,
            lines=[
                f"<@{defender.owner_id}>, {safe(defender.name)} must roll {counter.label}.",
                f"{safe(initiator.name)}: {describe_roll(rolls[0])}",
                *extra,
            ],
            buttons=contest_buttons(contest_ids[0], counter.label),
            mentions=[defender.owner_id],
        )
    owners = list(dict.fromkeys(defender.owner_id for defender in defenders))
    lines = [
        f"{' '.join(f'<@{owner}>' for owner in owners)}: each of "
        f"{', '.join(safe(d.name) for d in defenders)} rolls {counter.label} on its own button.",
        f"{safe(initiator.name)}: {describe_roll(roll)}",
    ]
    lines += [
        f"Against {safe(defender.name)}: {describe_roll(one)}"
        for defender, one in zip(defenders, rolls, strict=True)
        if one != roll
    ]
    buttons = [
        button.model_copy(update={"label": f"{button.label} ({safe(defender.name)})"})
        for defender, contest_id in zip(defenders, contest_ids, strict=True)
        for button in contest_buttons(contest_id, counter.label)
    ]
    return Reply(title=title, lines=[*lines, *extra], buttons=buttons, mentions=owners)


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


class GermContest:
    """Germ's contests for the shared flow: the defender rolls the counter-stat."""

    def counter(self, stat: str) -> str:
        return COUNTER_STAT[Stat(stat)].label

    def defend(
        self,
        tx: Transaction,
        contest: Contest,
        initiator: Character,
        defender: Character,
        dice: DiceSource,
        now: datetime,
    ) -> Defence:
        stat = Stat(contest.stat)
        roll = roll_stat(_sheet(defender), COUNTER_STAT[stat], dice)
        result = contest_outcome(contest.initiator_roll, roll, stat)
        reading = _reading(result, safe(initiator.name), safe(defender.name))
        lines = []
        if result.full_trust:
            germ(tx).trust.add_trust(contest.guild_id, defender.id, initiator.id, now)
            lines.append(
                f"{safe(defender.name)} now fully trusts {safe(initiator.name)}: "
                f"+{FULL_TRUST.value} on {safe(initiator.name)}'s later Charisma rolls against "
                "them."
            )
        return Defence(roll=roll, reading=reading, lines=lines)


@runs_in_database
def revoke_trust(
    services: Services, actor: Actor, target: str, character: str | None = None
) -> Reply:
    """Either player (or an admin) ends full trust between two cats, whichever way it went."""
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        mine = acting_character(tx, actor, guild, character)
        other = named(tx, actor.guild_id, target)
        removed = germ(tx).trust.revoke_trust_between(guild.guild_id, mine.id, other.id)
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
