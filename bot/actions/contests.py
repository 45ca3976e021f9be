"""The contest flow every ruleset shares: the initiator has rolled; the defender's player (or an
admin) presses a button to roll back; after the server's timeout admins are offered a button to
roll for an absent defender. What is rolled and what it means is the ruleset's (`Ruleset.contest`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from bot.actions import audit
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import describe_roll, safe
from bot.actions.reply import Button, Reply, Style
from bot.outbox import Post, record_posts
from bot.scheduler import JobResult, each_alone
from rules.dice import DiceSource
from rules.errors import PawpostError
from rules.rolls import Roll
from rules.rulesets import RulesetNotBuilt
from storage.contests import Contest
from storage.models import Character
from storage.repositories import Transaction
from storage.settings import Guild

if TYPE_CHECKING:
    from bot.actions.buttons import ButtonHandler, Press

NOTICES_PER_WAKE = 50
LARGEST_GROUP = 10  # defenders facing one roll
# A burst of contests pings their defenders as often: a player starts at most this many a
# minute (each defender of a roll against several counts).
CONTESTS_PER_MINUTE = 5
SHORTEST_TIMEOUT = timedelta(hours=1)  # candidates are read by it; each server's own applies
# The audit action of an opening roll kept from the defender until they answer (a Taking Risks
# cat fight, whose defender picks an answer): `/log` shows players that it was rolled, not
# what came up, and the answer's entry carries both rolls.
HIDDEN_OPENING = "contest, hidden"


@dataclass(frozen=True)
class Defence:
    """The defender's roll and what the contest came to."""

    roll: Roll
    reading: str  # the outcome in a sentence, stored and shown in bold
    lines: list[str] = field(default_factory=list)  # anything more the ruleset tells
    buttons: list[Button] = field(default_factory=list)  # what the outcome offers next


class ContestRules(Protocol):
    """What a ruleset says about its contests."""

    def counter(self, stat: str) -> str:
        """What the defender rolls against `stat`, as players call it ("Agility")."""
        ...

    def defend(
        self,
        tx: Transaction,
        contest: Contest,
        initiator: Character,
        defender: Character,
        dice: DiceSource,
        now: datetime,
    ) -> Defence:
        """Roll for the defender and settle the contest (writing what it changes)."""
        ...


@runtime_checkable
class ChoosingContestRules(ContestRules, Protocol):
    """A ruleset whose defender picks how to answer (a Taking Risks cat: Claws, Fangs or
    Dodge): its buttons carry the choice's number, and `defend` rolls for an absent one."""

    def defend_with(
        self,
        tx: Transaction,
        contest: Contest,
        initiator: Character,
        defender: Character,
        dice: DiceSource,
        now: datetime,
        choice: int,
    ) -> Defence:
        """Roll the defender's `choice` and settle the contest."""
        ...


def contest_buttons(
    contest_id: int, counter: str, *, for_admins: bool = False, choices: Sequence[str] = ()
) -> list[Button]:
    """The defender's button (one per choice when it picks how to answer: "Roll Claws"), or
    the admins' button after the timeout."""
    if choices and not for_admins:
        return [
            Button(
                label=f"Roll {choice}",
                style=Style.primary,
                custom_id=f"pawpost:contest:{contest_id}:roll:{number}",
            )
            for number, choice in enumerate(choices)
        ]
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
            label=f"Roll {counter}",
            style=Style.primary,
            custom_id=f"pawpost:contest:{contest_id}:roll",
        )
    ]


def open_contest(
    tx: Transaction,
    actor: Actor,
    initiator: Character,
    defender: Character,
    stat: str,
    roll: Roll,
    *,
    summary: str,
    reason: str | None,
    now: datetime,
    hidden: bool = False,
) -> int:
    """Store a contest the initiator has rolled, with its audit entry; returns its id.
    `hidden`: the roll is kept from the defender until they answer (`HIDDEN_OPENING`)."""
    (contest_id,) = open_contests(
        tx,
        actor,
        initiator,
        [(defender, roll)],
        stat,
        summary=summary,
        reason=reason,
        now=now,
        hidden=hidden,
    )
    return contest_id


def open_contests(
    tx: Transaction,
    actor: Actor,
    initiator: Character,
    defenders: Sequence[tuple[Character, Roll]],
    stat: str,
    *,
    summary: str,
    reason: str | None,
    now: datetime,
    hidden: bool = False,
) -> list[int]:
    """Store one roll of the initiator against each defender (the roll as it counts against
    that defender), one contest each, grouped when there are several, with one audit entry for
    the roll; returns their ids in the defenders' order."""
    if not 1 <= len(defenders) <= LARGEST_GROUP:
        raise ValueError(f"a contest has 1 to {LARGEST_GROUP} defenders")
    _refuse_a_repeat_or_a_burst(tx, actor, [defender for defender, _ in defenders], now)
    contest_ids = [
        tx.contests.add(
            Contest(
                guild_id=actor.guild_id,
                channel_id=actor.channel_id,
                initiator_user_id=actor.user_id,
                initiator_character_id=initiator.id,
                defender_character_id=defender.id,
                stat=stat,
                initiator_roll=roll,
                reason=reason,
                created_at=now,
            )
        )
        for defender, roll in defenders
    ]
    if len(contest_ids) > 1:
        tx.contests.group(contest_ids)
    numbers = ", ".join(str(contest_id) for contest_id in contest_ids)
    tx.audit.add(
        audit.entry(
            actor,
            HIDDEN_OPENING if hidden else "contest",
            f"{summary} (contest{'s' if len(contest_ids) > 1 else ''} {numbers})",
            now,
            character=initiator,
            rolls=list(dict.fromkeys(roll for _, roll in defenders)),
            reason=reason,
        )
    )
    return contest_ids


def _refuse_a_repeat_or_a_burst(
    tx: Transaction, actor: Actor, defenders: Sequence[Character], now: datetime
) -> None:
    """One contest waiting against a cat per player, and at most CONTESTS_PER_MINUTE started."""
    waiting = tx.contests.waiting_against(
        actor.guild_id, actor.user_id, [defender.id for defender in defenders]
    )
    for defender in defenders:
        if defender.id in waiting:
            raise PawpostError(
                f"You already have a contest waiting for {safe(defender.name)}'s roll"
                f" (contest {waiting[defender.id]}); it must be settled before you start another."
            )
    started = tx.contests.started_since(actor.guild_id, actor.user_id, now - timedelta(minutes=1))
    if started + len(defenders) > CONTESTS_PER_MINUTE:
        raise PawpostError(
            f"You can start at most {CONTESTS_PER_MINUTE} contests a minute; wait a moment"
            " before the next."
        )


def _rules(services: Services, guild: Guild) -> ContestRules:
    ruleset = services.ruleset(guild.ruleset)
    if ruleset is None or ruleset.contest is None:
        raise RulesetNotBuilt(guild.ruleset)
    return ruleset.contest


def _open(tx: Transaction, actor: Actor, contest_id: int) -> Contest:
    contest = tx.contests.get(actor.guild_id, contest_id, lock=True)
    if contest is None:
        raise PawpostError("That contest does not exist in this server.")
    if contest.resolved_at is not None:
        raise PawpostError("That contest is already settled.")
    return contest


@runs_in_database
def answer_contest(
    services: Services,
    actor: Actor,
    contest_id: int,
    *,
    admin_roll: bool = False,
    choice: int | None = None,
) -> Reply:
    """The defender's button (or an admin's): roll back (the `choice` picked, where the ruleset
    offers several) and settle the contest."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        contest = _open(tx, actor, contest_id)
        return settle(
            tx, services, actor, guild, contest, now, admin_roll=admin_roll, choice=choice
        )


def settle(
    tx: Transaction,
    services: Services,
    actor: Actor,
    guild: Guild,
    contest: Contest,
    now: datetime,
    *,
    admin_roll: bool = False,
    choice: int | None = None,
) -> Reply:
    """Roll the defender's answer to an open contest and settle it (also `/admin scene skip`)."""
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
    rules = _rules(services, guild)
    if choice is None:
        defence = rules.defend(tx, contest, initiator, defender, services.dice, now)
    elif isinstance(rules, ChoosingContestRules):
        defence = rules.defend_with(tx, contest, initiator, defender, services.dice, now, choice)
    else:
        raise PawpostError("That button is no longer in use; run the command again.")
    if not tx.contests.resolve(contest.id, defence.roll, defence.reading, now):
        raise PawpostError("That contest is already settled.")
    by_admin = actor.user_id != defender.owner_id
    # A defender who picks an answer was not shown the opening roll (`HIDDEN_OPENING`): the
    # answer's entry shows both.
    shown = [contest.initiator_roll] if isinstance(rules, ChoosingContestRules) else []
    tx.audit.add(
        audit.entry(
            actor,
            "contest",
            f"{rules.counter(contest.stat)} against {initiator.name} (contest {contest.id})"
            + (" rolled by an admin" if by_admin else ""),
            now,
            character=defender,
            rolls=[*shown, defence.roll],
            outcome=defence.reading,
        )
    )
    group = tx.contests.group_of(contest, LARGEST_GROUP)
    if len(group) > 1:
        return _group_reply(tx, actor, group, initiator, defence, rules.counter(contest.stat))
    return Reply(
        title=f"Contest: {safe(initiator.name)} vs {safe(defender.name)}",
        lines=[
            f"{safe(initiator.name)}: {describe_roll(contest.initiator_roll)}",
            f"{safe(defender.name)}: {describe_roll(defence.roll)}",
            f"**{defence.reading}**",
            *defence.lines,
        ],
        buttons=defence.buttons,
        mentions=[contest.initiator_user_id],
        update=True,
    )


def _group_reply(
    tx: Transaction,
    actor: Actor,
    group: Sequence[Contest],
    initiator: Character,
    defence: Defence,
    counter: str,
) -> Reply:
    """The message of a roll against several defenders, redrawn: each settled one's result,
    and the buttons of those still to roll."""
    names = {
        found.id: safe(found.name)
        for found in tx.characters.by_ids(
            actor.guild_id, [one.defender_character_id for one in group]
        ).values()
    }
    lines = [f"{safe(initiator.name)}: {describe_roll(group[0].initiator_roll)}"]
    buttons = []
    for one in group:
        name = names.get(one.defender_character_id, "A deleted cat")
        if one.initiator_roll != group[0].initiator_roll:
            lines.append(f"Against {name}: {describe_roll(one.initiator_roll)}")
        if one.defender_roll is None and one.outcome is not None:  # called off
            lines.append(f"{name}: **{safe(one.outcome)}**")
        elif one.defender_roll is None or one.outcome is None:
            lines.append(f"{name} has not rolled {counter} yet.")
            buttons.append(
                Button(
                    label=f"Roll {counter} ({name})",
                    style=Style.primary,
                    custom_id=f"pawpost:contest:{one.id}:roll",
                )
            )
        else:
            lines.append(f"{name}: {describe_roll(one.defender_roll)}: **{one.outcome}**")
    return Reply(
        title=f"Contest: {safe(initiator.name)} vs {', '.join(names.values())}",
        lines=[*lines, *defence.lines],
        buttons=buttons,
        mentions=[group[0].initiator_user_id],
        update=True,
    )


@runs_in_database
def overdue_contest_notices(
    services: Services, now: datetime, limit: int = NOTICES_PER_WAKE
) -> tuple[list[tuple[int, Reply]], datetime | None]:
    """Contests whose defender has not rolled within the timeout: one post each (channel, reply)
    offering admins a "Roll for the defender" button. Each is announced once: its post is kept
    in the outbox with the mark. Also returns when the next one falls due, as far as can be
    told now."""
    with services.db.transaction() as tx:
        candidates = tx.contests.overdue(now - SHORTEST_TIMEOUT, limit)
        settled: list[int] = []
        guilds: dict[int, Guild] = {}

        def notice(contest: Contest) -> tuple[int, Reply] | None:
            guild = guilds.get(contest.guild_id) or tx.guilds.get(contest.guild_id)
            guilds[contest.guild_id] = guild
            hours = guild.settings.contest_timeout_hours
            ruleset = services.ruleset(guild.ruleset)
            if contest.created_at > now - timedelta(hours=hours) or ruleset is None:
                return None
            if ruleset.contest is None:
                return None
            defender = tx.characters.by_id(contest.guild_id, contest.defender_character_id)
            name = safe(defender.name) if defender else "The defender"
            counter = ruleset.contest.counter(contest.stat)
            reply = Reply(
                title="A contest is waiting",
                lines=[
                    f"{name} has not rolled {counter} for contest {contest.id} "
                    f"after {hours} h; an admin may roll for the defender."
                ],
                buttons=contest_buttons(contest.id, counter, for_admins=True),
            )
            settled.append(contest.id)
            return contest.channel_id, reply

        found = each_alone(
            tx,
            "contest_timeouts",
            candidates,
            notice,
            set_aside=lambda contest: settled.append(contest.id),
            name=lambda contest: f"contest {contest.id} of server {contest.guild_id}",
        )
        notices = [one for one in found if one is not None]
        tx.contests.mark_timeout_noticed(settled, now)
        record_posts(tx, [Post(channel, reply) for channel, reply in notices], now)
        waiting = tx.contests.earliest_waiting()
        next_due = None
        if waiting is not None:
            guild = guilds.get(waiting[0]) or tx.guilds.get(waiting[0])
            next_due = waiting[1] + timedelta(hours=guild.settings.contest_timeout_hours)
    return notices, next_due


async def contest_timeouts(services: Services, now: datetime) -> JobResult:
    """The scheduler's job: announce contests whose defender has not rolled in time, once each."""
    notices, next_due = await overdue_contest_notices(services, now)
    posts = [Post(channel, reply) for channel, reply in notices]
    return JobResult(posts, next_due, in_outbox=True)


async def _contest_button(services: Services, actor: Actor, press: Press) -> Reply:
    admin_roll = press.verb == "admin-roll"
    choice = None if admin_roll else press.arg
    return await answer_contest(services, actor, press.id, admin_roll=admin_roll, choice=choice)


CONTEST_BUTTONS: dict[tuple[str, str], ButtonHandler] = {
    ("contest", "roll"): _contest_button,
    ("contest", "admin-roll"): _contest_button,
}
