"""`pawpost bench`: seed a real SQLite file, time the action layer, compare it with raw sqlite3."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import shutil
import sqlite3
import tempfile
import time
from collections import Counter, deque
from collections.abc import Awaitable, Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, TextIO

from bot.actions import buttons, characters
from bot.actions.context import Actor, Services
from bot.actions.germ import cats, checks, combat
from bot.actions.germ import hunting as germ_hunting
from bot.actions.hunting_jobs import weekly_hunting
from bot.actions.reply import Reply
from rules.errors import PawpostError
from rules.germ.sheet import STATS, GermSheet
from storage.connection import Connection
from storage.database import Database
from storage.repositories import name_key
from storage.settings import GuildSettings, HuntingSettings
from storage.timestamps import to_text

START = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
WARM_UP_COMMANDS = 300
DEFAULT_SECONDS = 10.0
RECORD_LIMIT = 10_000  # commands the raw sqlite3 floor replays (each time)
FLOOR_PRAGMAS = "PRAGMA busy_timeout = 5000; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;"
STAT_NAMES = tuple(stat.value for stat in STATS)
CONTEST_STATS = ("strength", "charisma", "stealth")
CONTEST_ID = "pawpost:contest:"
# Legal splits of a Germ cat's 22 points (at most 8 in a stat) the seeded cats take turns with.
SPLITS = (
    (4, 4, 4, 4, 3, 3),
    (6, 4, 2, 2, 4, 4),
    (2, 3, 5, 5, 3, 4),
    (3, 5, 3, 3, 5, 3),
    (8, 2, 2, 2, 4, 4),
)


def sheet_json(cat_id: int) -> str:
    """A different sheet for nearly every cat (split, age and scars vary), as on a real server,
    so nothing that caches sheets gets an easy ride."""
    strength, agility, charisma, intelligence, stealth, perception = SPLITS[cat_id % len(SPLITS)]
    age = 7 + (cat_id // len(SPLITS)) % 110  # never a kit, rarely an elder
    sheet = GermSheet(
        strength=strength,
        agility=agility,
        charisma=charisma,
        intelligence=intelligence,
        stealth=stealth,
        perception=perception,
        age_moons=age,
        scars=cat_id // 550 % 8,
    )
    return sheet.model_dump_json()


# --- Options and figures ----------------------------------------------------------------------


@dataclass(frozen=True)
class Sizes:
    """The sizes of the other figures (smaller only to test the benchmark itself)."""

    big_server_cats: int = 10_000  # one server's weekly reminder
    reminder_servers: int = 1000  # servers due at the same minute, and start-up ...
    reminder_cats: int = 100  # ... with this many cats each
    size_cats: int = 1000  # cats whose month of hunts is weighed
    size_days: int = 30


@dataclass(frozen=True)
class BenchOptions:
    servers: int = 100
    cats: int = 50
    seconds: float | None = None  # each timed run lasts this long (default when neither is set)
    commands: int | None = None  # or runs this many commands
    json_path: str | None = None
    db_path: str | None = None  # where the seeded file goes (default: a temporary folder)
    seed: int = 7
    sizes: Sizes = field(default_factory=Sizes)


@dataclass
class RunFigures:
    """One timed run of the mix at one concurrency."""

    concurrency: int
    commands: int
    seconds: float
    latencies: list[float]
    cpu_seconds: float = 0.0  # this process's CPU time: well under `seconds` on a shared core
    verbs: Counter[str] = field(default_factory=Counter)
    refused: Counter[str] = field(default_factory=Counter)
    refusal: dict[str, str] = field(default_factory=dict)  # the first refusal of each verb

    @property
    def commands_per_s(self) -> float:
        return self.commands / self.seconds if self.seconds else 0.0

    def percentile_ms(self, fraction: float) -> float:
        ordered = sorted(self.latencies)
        if not ordered:
            return 0.0
        index = min(len(ordered) - 1, max(0, round(fraction * len(ordered)) - 1))
        return ordered[index] * 1000

    def as_json(self) -> dict[str, float]:
        return {
            "commands_per_s": round(self.commands_per_s, 1),
            "p50_ms": round(self.percentile_ms(0.50), 3),
            "p95_ms": round(self.percentile_ms(0.95), 3),
            "p99_ms": round(self.percentile_ms(0.99), 3),
        }


# --- Seeding (not timed): the fast path, straight into the tables ----------------------------


@dataclass(frozen=True)
class Cat:
    id: int
    guild_id: int
    owner_id: int
    name: str


@dataclass
class World:
    """What was seeded: each server's cats, and one channel per server."""

    guilds: dict[int, list[Cat]]

    def actor(self, cat: Cat, *, admin: bool = False) -> Actor:
        return Actor(
            guild_id=cat.guild_id,
            channel_id=cat.guild_id * 100 + 1,
            user_id=cat.owner_id,
            is_admin=admin,
        )


async def create_schema(path: Path) -> None:
    db = await Database.open(path)
    await db.close()


def seed(
    path: Path, servers: int, cats: int, *, first_guild: int = 1, settings: str = "{}"
) -> World:
    """Servers of Germ cats, each cat with its own player who has made it their active cat; one
    cat in five is the kit of the cat before it. The schema must exist already."""
    world: dict[int, list[Cat]] = {}
    connection = sqlite3.connect(path, isolation_level=None)
    try:
        connection.execute("BEGIN")
        (next_id,) = connection.execute(
            "SELECT coalesce(max(id), 0) + 1 FROM characters"
        ).fetchone()
        created = to_text(START - timedelta(days=30))  # every cat had to hunt this week
        guild_rows, character_rows, active_rows = [], [], []
        for guild_id in range(first_guild, first_guild + servers):
            guild_rows.append((guild_id,))
            members = []
            for number in range(cats):
                cat = Cat(next_id, guild_id, 10_000 + number, f"Cat {number} of {guild_id}")
                mother = next_id - 1 if number % 5 == 4 else None
                character_rows.append(
                    (
                        cat.id,
                        guild_id,
                        cat.owner_id,
                        cat.name,
                        name_key(cat.name),
                        "germ",
                        sheet_json(cat.id),
                        mother,
                        created,
                    )
                )
                active_rows.append((guild_id, cat.owner_id, cat.id))
                members.append(cat)
                next_id += 1
            world[guild_id] = members
        connection.executemany(
            "INSERT INTO guilds (guild_id, ruleset, settings) VALUES (?, 'germ', ?)",
            [(guild_id, settings) for (guild_id,) in guild_rows],
        )
        connection.executemany(
            "INSERT INTO characters (id, guild_id, owner_id, name, name_key, ruleset, sheet,"
            " mother_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            character_rows,
        )
        connection.executemany(
            "INSERT INTO active_characters (guild_id, user_id, character_id) VALUES (?, ?, ?)",
            active_rows,
        )
        connection.execute("COMMIT")
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        connection.close()
    return World(world)


def copy_database(source: Path, target: Path) -> Path:
    """A fresh copy of a checkpointed database file (its WAL is empty)."""
    for suffix in ("", "-wal", "-shm"):
        Path(f"{target}{suffix}").unlink(missing_ok=True)
    shutil.copyfile(source, target)
    return target


# --- The mix: one small function per verb ---------------------------------------------------


class BenchClock:
    """The injected clock: the driver moves it on a little before every command."""

    def __init__(self, start: datetime, step: timedelta) -> None:
        self.now = start
        self.step = step

    def __call__(self) -> datetime:
        return self.now

    def tick(self) -> None:
        self.now += self.step


class SeededDice:
    """Reproducible dice for the benchmark (the bot itself rolls with SystemDice)."""

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)

    def roll(self, sides: int) -> int:
        return self._random.randint(1, sides)


@dataclass
class Mix:
    """The state the verbs share: the world, open contests, and whose turn it is to hunt."""

    services: Services
    world: World
    guild_ids: list[int]
    open_contests: deque[tuple[int, Cat]] = field(default_factory=deque)
    hunters: Iterator[Cat] | None = None
    fights: deque[RunningFight] = field(default_factory=deque)
    fight_back: asyncio.Event = field(default_factory=asyncio.Event)

    def any_cat(self, rng: random.Random) -> Cat:
        return rng.choice(self.world.guilds[rng.choice(self.guild_ids)])

    def two_cats(self, rng: random.Random) -> tuple[Cat, Cat]:
        first, second = rng.sample(self.world.guilds[rng.choice(self.guild_ids)], 2)
        return first, second


Verb = Callable[[Mix, random.Random], Awaitable[Reply]]


async def verb_check(mix: Mix, rng: random.Random) -> Reply:
    cat = mix.any_cat(rng)
    dc = rng.randint(5, 25) if rng.random() < 0.7 else None
    reason = "stalking a mouse" if rng.random() < 0.3 else None
    return await checks.check(
        mix.services, mix.world.actor(cat), rng.choice(STAT_NAMES), dc=dc, reason=reason
    )


def _contest_id(reply: Reply) -> int:
    custom_id = reply.buttons[0].custom_id
    return int(custom_id.removeprefix(CONTEST_ID).split(":", 1)[0])


async def verb_contest_start(mix: Mix, rng: random.Random) -> Reply:
    initiator, defender = mix.two_cats(rng)
    reply = await checks.start_contest(
        mix.services, mix.world.actor(initiator), rng.choice(CONTEST_STATS), defender.name
    )
    mix.open_contests.append((_contest_id(reply), defender))
    return reply


async def verb_contest_answer(mix: Mix, rng: random.Random) -> Reply:
    """The defender's button on the oldest open contest (a new contest when none is open)."""
    if not mix.open_contests:
        return await verb_contest_start(mix, rng)
    contest_id, defender = mix.open_contests.popleft()
    return await checks.answer_contest(mix.services, mix.world.actor(defender), contest_id)


async def verb_show(mix: Mix, rng: random.Random) -> Reply:
    cat = mix.any_cat(rng)
    if rng.random() < 0.5:
        return await characters.show(mix.services, mix.world.actor(cat))
    other = rng.choice(mix.world.guilds[cat.guild_id])
    return await characters.show(mix.services, mix.world.actor(cat), other.name)


async def verb_hunt(mix: Mix, rng: random.Random) -> Reply:
    """`/hunt`: cats hunt in turn, and the clock moves so each turn comes round after a day or
    more."""
    assert mix.hunters is not None
    cat = next(mix.hunters)
    return await germ_hunting.hunt(mix.services, mix.world.actor(cat))


@dataclass
class RunningFight:
    """A combat of two cats in its turns: whose turn it is, and whether that cat must first
    choose the disability a 21+ hit left it with."""

    combat_id: int
    attacker: Cat
    defender: Cat
    disability_id: str | None = None  # the select the attacker must answer first


FIGHTS_PER_SERVER = 5
DISABILITIES = ("blinded", "lost-sense-of-smell", "disfigured-limb", "tail-torn-off")


def _custom_id(reply: Reply, verb: str) -> str:
    ids = [button.custom_id for button in reply.buttons]
    if reply.select is not None:
        ids.append(reply.select.custom_id)
    return next(i for i in ids if i.split(":")[3] == verb)


async def start_fights(mix: Mix) -> None:
    """Before the clock starts: in each server, pairs of cats challenge, accept and agree who
    attacks first, through the same actions and buttons players use."""
    services, world = mix.services, mix.world
    for guild_id in mix.guild_ids:
        cats = world.guilds[guild_id]
        for first, second in zip(
            cats[: 2 * FIGHTS_PER_SERVER : 2], cats[1 : 2 * FIGHTS_PER_SERVER : 2], strict=False
        ):
            reply = await combat.challenge(services, world.actor(first), second.name)
            combat_id = int(_custom_id(reply, "accept").split(":")[2])
            reply = await buttons.press(services, world.actor(second), _custom_id(reply, "accept"))
            reply = await buttons.press(services, world.actor(first), _custom_id(reply, "me-first"))
            await buttons.press(services, world.actor(second), _custom_id(reply, "them-first"))
            mix.fights.append(RunningFight(combat_id, first, second))


async def verb_attack(mix: Mix, rng: random.Random) -> Reply:
    """`/attack` in running combats (the cat on turn attacks; when a 21+ hit asked for one,
    the wounded cat's player first picks the disability, a click on the same combat)."""
    while not mix.fights:  # only on a tiny seed: more workers than fights
        mix.fight_back.clear()
        await mix.fight_back.wait()
    fight = mix.fights.popleft()  # nobody else acts on it meanwhile
    try:
        actor = mix.world.actor(fight.attacker)
        if fight.disability_id is not None:
            chosen = (rng.choice(DISABILITIES),)
            reply: Reply = await buttons.press(mix.services, actor, fight.disability_id, chosen)
            fight.disability_id = None
            return reply
        reply = await combat.attack(mix.services, actor)
        fight.attacker, fight.defender = fight.defender, fight.attacker
        if reply.select is not None and reply.select.custom_id.split(":")[3] == "disability":
            fight.disability_id = reply.select.custom_id
        return reply
    finally:
        mix.fights.append(fight)
        mix.fight_back.set()


@dataclass(frozen=True)
class Share:
    name: str
    weight: float
    verb: Verb


def mix_shares() -> list[Share]:
    """The mix of a busy server: /check 35 %, /contest 15 % (half started, half answered),
    /hunt 20 %, /attack 20 %, /character show 10 %."""
    return [
        Share("check", 35, verb_check),
        Share("contest start", 7.5, verb_contest_start),
        Share("contest answer", 7.5, verb_contest_answer),
        Share("hunt", 20, verb_hunt),
        Share("attack", 20, verb_attack),
        Share("character show", 10, verb_show),
    ]


def _hunters(world: World, rng: random.Random) -> Iterator[Cat]:
    order = [cat for cats in world.guilds.values() for cat in cats]
    rng.shuffle(order)
    while True:
        yield from order


def clock_step(shares: Sequence[Share], total_cats: int) -> timedelta:
    """How far the clock moves per command: every cat's turn to hunt comes round after a day and
    a half or so, so the once-a-day limit refuses no hunt. On a tiny seed the rounds vary too
    much for that and a few hunts are refused."""
    hunt_share = sum(s.weight for s in shares if s.name == "hunt")
    total = sum(s.weight for s in shares)
    commands_per_round = total_cats * total / hunt_share
    return timedelta(days=1.5) / commands_per_round


# --- Driving the mix --------------------------------------------------------------------------


class Budget:
    """A run ends after so many commands or so many seconds."""

    def __init__(self, commands: int | None, seconds: float | None) -> None:
        self.commands = commands
        self.seconds = seconds
        self.taken = 0
        self.deadline = 0.0

    def start(self) -> None:
        self.deadline = time.perf_counter() + (self.seconds or 0.0)

    def take(self) -> bool:
        if self.commands is not None:
            if self.taken >= self.commands:
                return False
        elif time.perf_counter() >= self.deadline:
            return False
        self.taken += 1
        return True


async def drive(
    mix: Mix, shares: Sequence[Share], concurrency: int, budget: Budget, rng_seed: int
) -> RunFigures:
    names = [s.name for s in shares]
    weights = [s.weight for s in shares]
    verbs = {s.name: s.verb for s in shares}
    clock = mix.services.clock
    assert isinstance(clock, BenchClock)
    figures = RunFigures(concurrency, 0, 0.0, [])

    async def worker(number: int) -> None:
        rng = random.Random(rng_seed * 1000 + number)
        while budget.take():
            name = rng.choices(names, weights)[0]
            verb = verbs[name]
            clock.tick()
            began = time.perf_counter()
            await asyncio.sleep(0)  # the command arrives: it waits its turn on the event loop
            try:
                await verb(mix, rng)
            except PawpostError as error:
                figures.refused[name] += 1
                figures.refusal.setdefault(name, error.message)
            figures.latencies.append(time.perf_counter() - began)
            figures.verbs[name] += 1

    budget.start()
    began, cpu = time.perf_counter(), time.process_time()
    await asyncio.gather(*(worker(n) for n in range(concurrency)))
    figures.seconds = time.perf_counter() - began
    figures.cpu_seconds = time.process_time() - cpu
    figures.commands = len(figures.latencies)
    return figures


Statement = tuple[str, str, Any]


class RecordingConnection(Connection):
    """The commands' connection, noting every statement with its parameters (BEGIN, COMMIT and
    ROLLBACK included) before running it, so that the floor can replay exactly those."""

    log: list[Statement]

    @classmethod
    def to(cls, log: list[Statement]) -> Callable[[str], Connection]:
        def connect(path: str) -> Connection:
            connection = sqlite3.connect(path, isolation_level=None, factory=cls)
            connection.log = log
            return connection

        return connect

    def execute(self, sql: str, parameters: Any = (), /) -> sqlite3.Cursor:
        self.log.append(("execute", sql, tuple(parameters)))
        return super().execute(sql, parameters)

    def executemany(self, sql: str, parameters: Iterable[Any], /) -> sqlite3.Cursor:
        rows = [tuple(row) for row in parameters]
        self.log.append(("executemany", sql, rows))
        return super().executemany(sql, rows)


async def run_mix(
    path: Path,
    world: World,
    shares: Sequence[Share],
    concurrency: int,
    budget: Budget,
    *,
    rng_seed: int,
    record: list[Statement] | None = None,
) -> RunFigures:
    """Open the file as the bot does, warm up, then run the mix against it. With `record`, the
    statements run (warm-up, a mark, then the run) are added to it."""
    if record is None:
        db = await Database.open(path)
    else:
        db = await Database.open(path, connect=RecordingConnection.to(record))
    try:
        total_cats = sum(len(cats) for cats in world.guilds.values())
        clock = BenchClock(START, clock_step(shares, total_cats))
        services = Services(db=db, dice=SeededDice(rng_seed), clock=clock)
        mix = Mix(services, world, sorted(world.guilds), hunters=_hunters(world, random.Random(1)))
        if any(s.name == "attack" for s in shares):
            await start_fights(mix)
        await drive(mix, shares, 1, Budget(WARM_UP_COMMANDS, None), rng_seed + 1)
        if record is not None:
            record.append(("mark", "", ()))
        return await drive(mix, shares, concurrency, budget, rng_seed)
    finally:
        await db.close()


def replay_floor(path: Path, log: Sequence[Statement]) -> tuple[int, float]:
    """The same statements, in the same order, straight through sqlite3 in one thread: the
    floor under any async layer. Returns (commands, seconds) of the part after the warm-up."""
    connection = sqlite3.connect(path, isolation_level=None)
    connection.executescript(FLOOR_PRAGMAS)
    mark = next(i for i, (kind, _, _) in enumerate(log) if kind == "mark")

    def run(entries: Sequence[Statement]) -> int:
        transactions = 0
        for kind, sql, parameters in entries:
            try:
                if kind == "executemany":
                    connection.executemany(sql, parameters)
                else:
                    connection.execute(sql, parameters).fetchall()
            except sqlite3.Error:
                pass  # the bot met the same error (a name taken, a refusal's rollback)
            if sql in ("COMMIT", "ROLLBACK"):
                transactions += 1
        return transactions

    try:
        run(log[:mark])
        began = time.perf_counter()
        commands = run(log[mark + 1 :])
        return commands, time.perf_counter() - began
    finally:
        connection.close()


# --- The other figures ------------------------------------------------------------------------


# Every server reminds on Monday at 12:00 UTC, the moment the benchmark's clock starts at.
REMINDER_SETTINGS = GuildSettings(
    hunting=HuntingSettings(
        reminder_channel_id=1, reminder_weekday=START.weekday(), reminder_hour=12
    )
).model_dump_json()


async def seeded_for_reminders(path: Path, servers: int, cats: int) -> list[int]:
    """Servers whose weekly reminder is due at START, with none of their cats hunted yet;
    returns their ids (not the cats: a bot holds no hundred thousand objects of its own, and
    the benchmark should not either while it times the job)."""
    await create_schema(path)
    world = seed(path, servers, cats, settings=REMINDER_SETTINGS)
    connection = sqlite3.connect(path, isolation_level=None)
    try:
        connection.execute("UPDATE hunting_schedule SET next_due = ?", (to_text(START),))
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        connection.close()
    return sorted(world.guilds)


async def time_reminders(path: Path, servers: int) -> tuple[float, int]:
    """Run the scheduler's weekly hunting job (reminders among its work) at the minute every
    server is due, again at once while some are still due (as the scheduler does): (seconds,
    reminder posts worked out)."""
    db = await Database.open(path)
    services = Services(db=db, clock=lambda: START)
    posts = 0
    try:
        began = time.perf_counter()
        for _ in range(servers + 2):
            result = await weekly_hunting(services, START)
            posts += len(result.posts)
            if result.next_due is None or result.next_due > START:
                break
        return time.perf_counter() - began, posts
    finally:
        await db.close()


async def time_startup(path: Path, guild_ids: Sequence[int]) -> float:
    """Open the database and do what the bot does with it at start-up: the migrations check,
    every server's ruleset for the command sync, one pass of the scheduler's jobs."""
    from bot.jobs import jobs
    from bot.scheduler import Post, Scheduler

    async def send(post: Post) -> None:
        return None

    began = time.perf_counter()
    db = await Database.open(path)
    try:
        await db.transact(lambda tx: tx.guilds.rulesets(guild_ids), write=False)
        services = Services(db=db, clock=lambda: START)
        await Scheduler(services, jobs(services.rulesets), send).run_once()
        return time.perf_counter() - began
    finally:
        await db.close()


async def bytes_per_1k_cats(folder: Path, sizes: Sizes) -> tuple[int, int]:
    """Database bytes per 1,000 cats made with /character create, each hunting once a day for
    a month: (bytes, hunts recorded)."""
    path = folder / "size.sqlite3"
    db = await Database.open(path)
    clock = BenchClock(START, timedelta(0))
    services = Services(db=db, dice=SeededDice(3), clock=clock)
    actors = []
    try:
        for number in range(sizes.size_cats):
            owner = Actor(guild_id=1 + number // 100, channel_id=1, user_id=10_000 + number)
            await cats.create(
                services,
                owner,
                f"Cat {number}",
                strength=4,
                agility=4,
                charisma=4,
                intelligence=4,
                stealth=3,
                perception=3,
                age=20,
            )
            actors.append(owner)
        for _day in range(sizes.size_days):
            clock.now += timedelta(days=1)
            for owner in actors:
                with contextlib.suppress(PawpostError):
                    await germ_hunting.hunt(services, owner)
    finally:
        await db.close()
    connection = sqlite3.connect(path)
    try:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        pages = connection.execute("PRAGMA page_count").fetchone()[0]
        size = connection.execute("PRAGMA page_size").fetchone()[0]
        hunts = connection.execute("SELECT count(*) FROM hunts").fetchone()[0]
    finally:
        connection.close()
    return round(pages * size * 1000 / sizes.size_cats), hunts


# --- The whole benchmark ----------------------------------------------------------------------


def _line(label: str, figures: RunFigures) -> str:
    shown = figures.as_json()
    return (
        f"{label}: {shown['commands_per_s']:>8,.0f} commands/s   p50 {shown['p50_ms']:.2f} ms"
        f"   p95 {shown['p95_ms']:.2f} ms   p99 {shown['p99_ms']:.2f} ms"
        f"   ({figures.commands:,} commands in {figures.seconds:.1f} s,"
        f" CPU {100 * figures.cpu_seconds / figures.seconds:.0f} %)"
    )


def _verbs_line(figures: RunFigures) -> str:
    parts = []
    for name, count in sorted(figures.verbs.items()):
        refused = figures.refused.get(name, 0)
        parts.append(f"{name} {count}" + (f" ({refused} refused)" if refused else ""))
    lines = ["    verbs: " + ", ".join(parts)]
    lines += [
        f"    first /{name} refusal: {text}" for name, text in sorted(figures.refusal.items())
    ]
    return "\n".join(lines)


def _load() -> str:
    try:
        with open("/proc/loadavg", encoding="ascii") as loadavg:
            return loadavg.read().split()[0]
    except OSError:
        return "unknown"


async def bench(options: BenchOptions, out: TextIO) -> dict[str, Any]:
    """Run everything, print as it goes, and return the figures `--json` writes."""
    seconds = options.seconds
    if seconds is None and options.commands is None:
        seconds = DEFAULT_SECONDS
    with tempfile.TemporaryDirectory(prefix="pawpost-bench-") as temporary:
        folder = Path(temporary)
        base = Path(options.db_path) if options.db_path else folder / "seed.sqlite3"
        if options.db_path:
            if base.exists():
                raise PawpostError(f"{base} already exists; the benchmark seeds a new file.")
            base.parent.mkdir(parents=True, exist_ok=True)
        print(f"Pawpost benchmark (load average at start: {_load()})", file=out)
        shares = mix_shares()
        total = sum(s.weight for s in shares)
        print(
            "  mix: " + ", ".join(f"{s.name} {100 * s.weight / total:.1f} %" for s in shares),
            file=out,
        )
        began = time.perf_counter()
        await create_schema(base)
        world = seed(base, options.servers, options.cats)
        print(
            f"  seeded {options.servers} servers x {options.cats} cats"
            f" in {time.perf_counter() - began:.1f} s ({base})",
            file=out,
        )
        # The floor's statements are recorded first (untimed), so that the floor can be timed
        # right before and right after the concurrency-32 run: on a noisy machine the ratio
        # then compares like with like.
        log: list[Statement] = []
        await run_mix(
            copy_database(base, folder / "record.sqlite3"),
            world,
            shares,
            1,
            Budget(min(options.commands or RECORD_LIMIT, RECORD_LIMIT), None),
            rng_seed=options.seed,
            record=log,
        )

        async def floor_run(name: str) -> tuple[int, float]:
            copy = copy_database(base, folder / f"floor-{name}.sqlite3")
            return await asyncio.to_thread(replay_floor, copy, log)

        runs: dict[int, RunFigures] = {}
        floors: list[tuple[int, float]] = []
        for concurrency in (1, 32):
            if concurrency == 32:
                floors.append(await floor_run("before"))
            copy = copy_database(base, folder / f"c{concurrency}.sqlite3")
            budget = Budget(options.commands, seconds)
            runs[concurrency] = await run_mix(
                copy, world, shares, concurrency, budget, rng_seed=options.seed + concurrency
            )
            print(_line(f"  concurrency {concurrency:>2}", runs[concurrency]), file=out)
            print(_verbs_line(runs[concurrency]), file=out)
        floors.append(await floor_run("after"))
        log.clear()  # tens of thousands of statements the later figures should not sweep
        floor_commands = sum(commands for commands, _ in floors)
        floor_seconds = sum(seconds for _, seconds in floors)
        floor = floor_commands / floor_seconds
        ratio = runs[32].commands_per_s / floor
        each_floor = " and ".join(f"{commands / took:,.0f}" for commands, took in floors)
        print(
            f"  floor (the same statements through sqlite3, one thread, timed before and after"
            f" the concurrency-32 run): {floor:,.0f} commands/s ({each_floor})",
            file=out,
        )
        print(f"  ratio at concurrency 32: {ratio:.2f} of the floor", file=out)

        sizes = options.sizes
        big = folder / "reminders.sqlite3"
        servers, each = sizes.reminder_servers, sizes.reminder_cats
        one = folder / "one-server.sqlite3"
        await seeded_for_reminders(one, 1, sizes.big_server_cats)
        reminder_one, posts = await time_reminders(one, 1)
        print(
            f"  weekly reminder, one server of {sizes.big_server_cats:,} cats:"
            f" {reminder_one:.3f} s ({posts} posts)",
            file=out,
        )
        big_guilds = await seeded_for_reminders(big, servers, each)
        reminder_many, posts = await time_reminders(big, servers)
        print(
            f"  weekly reminders, {servers:,} servers of {each} cats due at the same minute:"
            f" {reminder_many:.3f} s ({posts} posts)",
            file=out,
        )
        startup = await time_startup(big, big_guilds)
        print(f"  start-up with {servers * each:,} cats: {startup:.3f} s", file=out)
        size, hunts = await bytes_per_1k_cats(folder, sizes)
        print(
            f"  database bytes per 1,000 cats with {sizes.size_days} days of hunts:"
            f" {size:,} ({hunts:,} hunts for {sizes.size_cats:,} cats)",
            file=out,
        )

    figures: dict[str, Any] = {
        "c1": runs[1].as_json(),
        "c32": runs[32].as_json(),
        "floor_commands_per_s": round(floor, 1),
        "ratio_c32": round(ratio, 3),
        "reminder_one_server_10k_s": round(reminder_one, 4),
        "reminder_1000_servers_s": round(reminder_many, 4),
        "startup_100k_s": round(startup, 4),
        "bytes_per_1k_cats": size,
        "load_average": _load(),
    }
    if options.json_path:
        text = json.dumps(figures, indent=2) + "\n"
        await asyncio.to_thread(Path(options.json_path).write_text, text, "utf-8")
        print(f"  figures written to {options.json_path}", file=out)
    return figures
