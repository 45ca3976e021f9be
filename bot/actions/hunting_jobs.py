"""The weekly hunting job: reminders, the end-of-week report, missed weeks, seasons.

Each server has one row in the schedule saying when the job next looks at it; a change to the
server's settings makes it due at once. The job takes the due servers in batches, works out
from stored state what each needs now (what was done is recorded per server, kind and week, so
nothing is done twice and a bot that was down catches up), does it all in one transaction, and
stores when each server is next due.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from bot.actions.context import Services
from bot.actions.formatting import safe
from bot.actions.hunting import plural
from bot.actions.hunting_config import cannot_post, channel_check, week_end_wanted
from bot.actions.reply import Reply
from bot.actions.seasons import current_season, hunting_line, next_turn
from bot.actions.weeks import (
    Span,
    local_today,
    moment_in_week,
    next_week,
    previous_week,
    stamp,
    week_of,
    zone,
)
from bot.outbox import Post, record_posts
from bot.ruleset import Feature, Hunger, Ruleset
from bot.scheduler import JobResult
from rules.seasons import Season, season_began
from storage.hunting import (
    Done,
    DueGuild,
    Hunt,
    HuntKind,
    Outcome,
    PostKind,
    Week,
    WeeklyCat,
)
from storage.models import AuditEntry
from storage.repositories import Transaction
from storage.settings import Guild, GuildSettings

log = logging.getLogger(__name__)

BATCH = 200  # servers worked out in one transaction
RETRY_AFTER = timedelta(hours=1)  # a server whose turn failed is looked at again after this
POST_TEXT_LIMIT = 3800  # characters of lines per post (Discord's embed description: 4096)
MENTIONS_PER_POST = 40  # players pinged by one post (the message text holds 2000 characters)
BOT_USER_ID = 0  # the audit log's "user" for what the job does by itself
MAX_WEEKS_CAUGHT_UP = 52  # ended weeks closed after downtime: a year of them at most


@dataclass
class Plan:
    """What one server needs now, worked out from its settings and what was done."""

    guild: Guild
    week: Span
    previous: Span
    hunger: Hunger | None = None  # None: the server's ruleset does not hunt
    remind: bool = False
    closing: list[Span] = field(default_factory=list)  # ended weeks to close, oldest first
    season: Season | None = None  # the season to turn to (and announce)
    records: list[Done] = field(default_factory=list)
    next_due: datetime | None = None

    @property
    def guild_id(self) -> int:
        return self.guild.guild_id

    def window(self, span: Span) -> Week:
        return Week(guild_id=self.guild_id, key=span.key, start=span.start, end=span.end)

    def done(self, kind: PostKind, key: str, posts: int = 0) -> None:
        self.records.append(Done(guild_id=self.guild_id, kind=kind, week_key=key, posts=posts))


def plan(due: DueGuild, now: datetime, ruleset: Ruleset | None) -> Plan:
    """Work out, without I/O, what a server needs at `now` and when it is next due."""
    guild = due.guild
    settings = guild.settings
    hunting = settings.hunting
    week = week_of(now, settings)
    result = Plan(guild=guild, week=week, previous=previous_week(week, settings))
    if ruleset is None or ruleset.hunger is None or Feature.HUNTING not in ruleset.features:
        return result
    result.hunger = ruleset.hunger
    wake: list[datetime] = []

    if hunting.reminder_channel_id is not None:
        day, hour = hunting.reminder_weekday, hunting.reminder_hour
        moment = moment_in_week(week, settings, day, hour)
        if due.done.get(PostKind.REMINDER, "") >= week.key or now >= moment:
            result.remind = due.done.get(PostKind.REMINDER, "") < week.key
            moment = moment_in_week(next_week(week, settings), settings, day, hour)
        wake.append(moment)

    if week_end_wanted(guild):
        closed = due.done.get(PostKind.WEEK_END)
        if closed is None:  # turned on by another way than /config: start from now
            result.done(PostKind.WEEK_END, result.previous.key)
        else:  # every week that ended since the last one closed (after downtime, several)
            result.closing = weeks_ended_since(closed, result.previous, settings)
        wake.append(week.end)

    seasons = settings.seasons
    if Feature.SEASONS in ruleset.features and seasons.seasons_auto_start is not None:
        today = local_today(now, zone(settings.timezone))
        began = season_began(today, seasons.seasons_auto_start, seasons.weeks_per_season)
        if began is not None and due.done.get(PostKind.SEASON, "") < began.isoformat():
            result.season = current_season(settings, now)
            result.done(PostKind.SEASON, began.isoformat())
        turn = next_turn(settings, now)
        if turn is not None:
            wake.append(turn)

    result.next_due = min(wake, default=None)
    return result


def weeks_ended_since(closed: str, last: Span, settings: GuildSettings) -> list[Span]:
    """The ended weeks after the one keyed `closed`, up to `last`, oldest first (at most
    MAX_WEEKS_CAUGHT_UP of them)."""
    weeks: list[Span] = []
    week = last
    while week.key > closed and len(weeks) < MAX_WEEKS_CAUGHT_UP:
        weeks.append(week)
        week = previous_week(week, settings)
    return weeks[::-1]


# --- Posts ----------------------------------------------------------------------------------


def split_posts(
    title: str, header: Sequence[str], items: Iterable[tuple[str, int | None]], *, ping: bool
) -> list[Reply]:
    """Lines (each with the player it names) cut into posts that stay within Discord's limits:
    at most POST_TEXT_LIMIT characters of text and MENTIONS_PER_POST pinged players each."""
    posts: list[Reply] = []
    lines: list[str] = list(header)
    size = sum(len(line) + 1 for line in lines)
    players: dict[int, None] = {}  # in order of first mention
    pinged: set[int] = set()  # by any post of these: a player is pinged once in all
    for line, player in items:
        new_player = ping and player is not None and player not in pinged
        full = size + len(line) + 1 > POST_TEXT_LIMIT
        if lines and (full or (new_player and len(players) >= MENTIONS_PER_POST)):
            posts.append(Reply(title=title, lines=lines, mentions=list(players)))
            lines, size, players = [], 0, {}
        lines.append(line)
        size += len(line) + 1
        if new_player and player is not None:
            players[player] = None
            pinged.add(player)
    if lines:
        posts.append(Reply(title=title, lines=lines, mentions=list(players)))
    if len(posts) > 1:
        for number, post in enumerate(posts, 1):
            post.title = f"{title} ({number}/{len(posts)})"
    return posts


def _priority(hunger: Hunger, cat: WeeklyCat) -> int:
    """Starving cats first, then those one failure from it, then the rest."""
    return _priority_of(hunger, cat.starving, cat.fail_streak, cat.youngest_kit_moons)


@functools.cache  # a few dozen kinds of cat, a hundred thousand cats
def _priority_of(
    hunger: Hunger, starving: bool, fail_streak: int, youngest_kit_moons: int | None
) -> int:
    if starving:
        return 0
    return 1 if hunger.fails_until_starving(fail_streak, youngest_kit_moons) <= 1 else 2


_PRIORITY_NOTE = {0: " · **starving**", 1: " · one more failed hunt and it starves"}


PLAYER_LINE_LIMIT = 1000  # characters of one player's cats on one line; more go on the next


def _player_lines(by_player: dict[int, list[str]]) -> Iterator[tuple[str, int]]:
    """Each player's cats on one line ("**Firepaw** — <@1> · **starving**; **Sandpaw**"), or on
    a few when they are many, each line naming the player."""
    for owner_id, entries in by_player.items():
        line = entries[0]
        if len(entries) == 1:  # most players
            yield line, owner_id
            continue
        for entry in entries[1:]:
            if len(line) + len(entry) + 2 > PLAYER_LINE_LIMIT:
                yield line, owner_id
                line = f"<@{owner_id}>, more: {entry}"
            else:
                line += "; " + entry
        yield line, owner_id


def reminder_posts(cats: Sequence[WeeklyCat], week: Span, hunger: Hunger) -> list[Reply]:
    header = [
        f"These cats have not hunted yet this week; the week ends {stamp(week.end, 'R')} "
        f"({stamp(week.end, 'f')}). Use /hunt."
    ]
    # By priority, then in the order given (by name): the sort is stable. Each player gets one
    # line of their cats, in the order of their most urgent one, and is pinged once: the first
    # cat names the player, the others follow it.
    priorities = [_priority(hunger, cat) for cat in cats]
    by_player: dict[int, list[str]] = {}
    for index in sorted(range(len(cats)), key=priorities.__getitem__):
        cat = cats[index]
        note = _PRIORITY_NOTE.get(priorities[index])
        if note is None and cat.fail_streak:
            note = f" · {plural(cat.fail_streak, 'failed hunt')} in a row"
        listed = by_player.get(cat.owner_id)
        if listed is None:
            by_player[cat.owner_id] = [f"**{safe(cat.name)}** — <@{cat.owner_id}>{note or ''}"]
        else:
            listed.append(f"**{safe(cat.name)}**{note or ''}")
    return split_posts("Hunting reminder", header, _player_lines(by_player), ping=True)


@dataclass
class MissedWeek:
    """What missing the week did to one cat (when the server counts it as a failed hunt)."""

    cat: WeeklyCat
    fail_streak: int | None = None
    became_starving: bool = False


def report_posts(
    missed: Sequence[MissedWeek], week: Span, *, counted: bool, kits: Sequence[str]
) -> list[Reply]:
    title = f"Week of {week.key}: who missed the hunt"
    if not missed:
        return [Reply(title=title, lines=["Every cat hunted this week (or was away)."])]
    header = [
        f"{plural(len(missed), 'cat')} did not hunt in the week that ended "
        f"{stamp(week.end, 'f')}" + (", which counts as a failed hunt." if counted else ".")
    ]
    items: list[tuple[str, int | None]] = []
    for entry in missed:
        line = f"**{safe(entry.cat.name)}** — <@{entry.cat.owner_id}>"
        if entry.became_starving:
            line += " · now **starving**"
        elif entry.fail_streak is not None:
            line += f" · {plural(entry.fail_streak, 'failed hunt')} in a row"
        elif entry.cat.starving:
            line += " · starving"
        items.append((line, entry.cat.owner_id))
    if kits:
        items.append((f"Kits starving with their mothers: {', '.join(map(safe, kits))}.", None))
    return split_posts(title, header, items, ping=False)


# --- The job --------------------------------------------------------------------------------


CAN_POST_TIMEOUT_S = 5.0

CanPost = Callable[[int, int], bool]


async def weekly_hunting(services: Services, now: datetime) -> JobResult:
    """The scheduler's job: every due server in batches, one transaction a batch; if a batch
    fails, its servers one at a time, so one broken server cannot hold up the others."""
    check = channel_check(services)
    if check is None:
        return await services.db.run(_weekly_hunting, services, now, None)
    loop = asyncio.get_running_loop()

    def can_post(guild_id: int, channel_id: int) -> bool:
        """Asked from the database thread, answered on the event loop that owns the cache
        (taken as yes if the loop is gone: the post is tried and its failure logged)."""
        answer = asyncio.run_coroutine_threadsafe(check(guild_id, channel_id), loop)
        try:
            return answer.result(CAN_POST_TIMEOUT_S)
        except TimeoutError:
            return True

    return await services.db.run(_weekly_hunting, services, now, can_post)


def _weekly_hunting(services: Services, now: datetime, can_post: CanPost | None) -> JobResult:
    try:
        with services.db.transaction() as tx:
            due = tx.hunting.due_guilds(now, BATCH, claim=True)
            posts = _work(services, tx, due, now, can_post)
            next_due = tx.hunting.earliest_due()
        return JobResult(posts, next_due, in_outbox=True)
    except Exception:
        log.exception("the weekly hunting job failed for a batch; trying each server alone")
    with services.db.transaction(write=False) as tx:
        due = tx.hunting.due_guilds(now, BATCH)
    posts = []
    for one in due:
        try:
            with services.db.transaction() as tx:
                posts += _work(services, tx, [one], now, can_post)
        except Exception:
            log.exception("the weekly hunting job failed for server %s", one.guild.guild_id)
            with services.db.transaction() as tx:
                tx.hunting.set_next_due([(one.guild.guild_id, now + RETRY_AFTER)])
    with services.db.transaction(write=False) as tx:
        next_due = tx.hunting.earliest_due()
    return JobResult(posts, next_due, in_outbox=True)


def _work(
    services: Services,
    tx: Transaction,
    due: Sequence[DueGuild],
    now: datetime,
    can_post: CanPost | None,
) -> list[Post]:
    """Everything the due servers need, in a fixed number of statements for any number; the
    posts are kept in the outbox in this transaction (and returned)."""
    if not due:
        return []
    plans = [plan(one, now, services.ruleset(one.guild.ruleset)) for one in due]
    windows = [p.window(p.week) for p in plans if p.remind]
    windows += [p.window(week) for p in plans for week in p.closing]
    missing: dict[tuple[int, str], list[WeeklyCat]] = defaultdict(list)
    for cat in tx.hunting.unhunted(windows):
        missing[(cat.guild_id, cat.week_key)].append(cat)

    posts: list[Post] = []
    closes = [p for p in plans if p.closing]
    missed_by_week, kits_by_week = _count_missed_weeks(tx, closes, missing, now)
    for p in plans:
        hunting = p.guild.settings.hunting
        admin_channel = p.guild.settings.admin_channel_id
        if p.remind and p.hunger is not None and hunting.reminder_channel_id is not None:
            sent = 0
            channel = hunting.reminder_channel_id
            cats = missing.get((p.guild_id, p.week.key), [])
            if cats and can_post is not None and not can_post(p.guild_id, channel):
                if admin_channel is not None:
                    notice = Reply(
                        title="Hunting reminder not posted",
                        lines=[f"{cannot_post(channel)} This week's reminder was skipped."],
                    )
                    posts.append(Post(admin_channel, notice))
            elif cats:
                replies = reminder_posts(cats, p.week, p.hunger)
                posts += [Post(channel, reply) for reply in replies]
                sent = len(replies)
            p.done(PostKind.REMINDER, p.week.key, sent)
        for ended in p.closing:
            sent = 0
            if admin_channel is not None:
                replies = report_posts(
                    missed_by_week.get((p.guild_id, ended.key), []),
                    ended,
                    counted=hunting.missed_week_counts_as_failure,
                    kits=kits_by_week.get((p.guild_id, ended.key), []),
                )
                posts += [Post(admin_channel, reply) for reply in replies]
                sent = len(replies)
            p.done(PostKind.WEEK_END, ended.key, sent)
        if p.season is not None:
            p.guild.settings.seasons.season = p.season.value
            tx.guilds.save(p.guild)
            season_channel = hunting.reminder_channel_id or admin_channel
            if season_channel is not None:
                posts.append(
                    Post(
                        season_channel,
                        Reply(
                            title=f"{p.season.label} has begun",
                            lines=[hunting_line(services, p.guild, p.season)],
                        ),
                    )
                )
    tx.hunting.record_done([record for p in plans for record in p.records], now)
    # Last: saving a turned season marks the server due at once; this sets its real next time.
    tx.hunting.set_next_due([(p.guild_id, p.next_due) for p in plans])
    record_posts(tx, posts, now)
    return posts


WeekKey = tuple[int, str]  # (server, week key)


def _count_missed_weeks(
    tx: Transaction,
    closes: Sequence[Plan],
    missing: dict[WeekKey, list[WeeklyCat]],
    now: datetime,
) -> tuple[dict[WeekKey, list[MissedWeek]], dict[WeekKey, list[str]]]:
    """Who missed each week that ended, and, where the server counts it as a failed hunt, that
    failure written to the cats (nursing mothers' kits under 2 moons starving with them). The
    weeks are counted in order: after downtime, each missed week is one more failure."""
    missed_by_week: dict[WeekKey, list[MissedWeek]] = {}
    kits_by_week: dict[WeekKey, list[str]] = defaultdict(list)
    hunts: list[Hunt] = []
    changes: dict[tuple[int, int], tuple[int, bool]] = {}  # the hunger each week leaves
    kits_starved: set[tuple[int, int]] = set()  # starving with their mothers since
    entries: list[AuditEntry] = []
    for p in closes:
        counted = p.guild.settings.hunting.missed_week_counts_as_failure
        hunger = p.hunger
        for ended in p.closing:
            season = current_season(p.guild.settings, ended.start).value
            missed = []
            mothers: list[tuple[int, int]] = []
            for cat in missing.get((p.guild_id, ended.key), []):
                fail_streak, starving = changes.get(
                    (p.guild_id, cat.character_id), (cat.fail_streak, bool(cat.starving))
                )
                starving = starving or (p.guild_id, cat.character_id) in kits_starved
                cat = cat._replace(fail_streak=fail_streak, starving=starving)
                entry = MissedWeek(cat)
                missed.append(entry)
                if not counted or hunger is None:
                    continue
                streak, starving, became_starving = hunger.missed_hunt(
                    cat.fail_streak, cat.starving, cat.youngest_kit_moons
                )
                entry.fail_streak = streak
                entry.became_starving = became_starving
                changes[(p.guild_id, cat.character_id)] = (streak, starving)
                if became_starving and cat.youngest_kit_moons is not None:
                    mothers.append((p.guild_id, cat.character_id))
                hunts.append(
                    Hunt(
                        guild_id=p.guild_id,
                        character_id=cat.character_id,
                        user_id=BOT_USER_ID,
                        kind=HuntKind.MISSED_WEEK,
                        hunted_at=now,
                        week_key=ended.key,
                        season=season,
                        outcome=Outcome.MISSED_WEEK,
                        fail_streak=streak,
                        became_starving=became_starving,
                    )
                )
                entries.append(
                    AuditEntry(
                        guild_id=p.guild_id,
                        user_id=BOT_USER_ID,
                        character_id=cat.character_id,
                        action="hunt",
                        summary=f"missed the week of {ended.key}: counts as a failed hunt"
                        + ("; now starving" if became_starving else ""),
                        outcome=Outcome.MISSED_WEEK.value,
                        created_at=now,
                    )
                )
            missed_by_week[(p.guild_id, ended.key)] = missed
            if mothers and hunger is not None:
                kits_by_week[(p.guild_id, ended.key)] = _kits_starving(
                    tx, hunger, mothers, changes, kits_starved
                )
    if hunts:
        tx.hunting.add_missed_weeks(hunts)
        tx.hunting.set_hunger(
            [(g, c, streak, starving) for (g, c), (streak, starving) in changes.items()]
        )
        tx.audit.add_many(entries)
    return missed_by_week, kits_by_week


def _kits_starving(
    tx: Transaction,
    hunger: Hunger,
    mothers: Sequence[tuple[int, int]],
    changes: dict[tuple[int, int], tuple[int, bool]],
    kits_starved: set[tuple[int, int]],
) -> list[str]:
    """Newly starving mothers' kits that starve with them, marked starving (and so counted as
    starving in the weeks after): their names."""
    by_mother: dict[tuple[int, int], dict[int, int]] = defaultdict(dict)
    names: dict[int, str] = {}
    for kit in tx.hunting.young_kits(mothers):
        by_mother[(kit.guild_id, kit.mother_id)][kit.character_id] = kit.age_moons
        names[kit.character_id] = kit.name
    starved: list[tuple[int, int]] = []
    for (guild_id, _mother), ages in by_mother.items():
        for kit_id in hunger.starving_kits(ages):
            starved.append((guild_id, kit_id))
            kits_starved.add((guild_id, kit_id))
            if (guild_id, kit_id) in changes:
                changes[(guild_id, kit_id)] = (changes[(guild_id, kit_id)][0], True)
    tx.hunting.mark_starving(starved)
    return [names[kit_id] for _guild, kit_id in starved]
