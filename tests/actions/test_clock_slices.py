"""The game clock in bounded units (issue 32: a 31-day catch-up held the database thread 8.2 s;
issue 33: WCAGR's moon 13 s): each game day and each moon tick of a server is one unit of work
of its own, its record saved and its posts kept in the outbox with it, so a catch-up is done
exactly once even when it is cut short, and a command waits behind one unit, never the whole."""

from __future__ import annotations

import asyncio
import threading
import time
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from bot.actions.clock import game_clock
from bot.actions.context import Services
from bot.actions.game_time import GameDay, game_day_at
from bot.ruleset import Ruleset
from rules.rulesets import RulesetInfo
from storage.database import Database
from storage.errors import StorageUnavailable
from storage.models import AuditEntry
from storage.settings import AgeingPace, ClockSettings, Guild, GuildSettings
from tests.conftest import GUILD, Clock

CHANNEL = 55
DAYS = 10  # the bot was away this many game days


@dataclass
class Recorder:
    """A ruleset whose game day writes its number to the audit log (so an undone unit leaves
    nothing) and notes, in order, the days and the commands the database thread ran."""

    happened: list[str] = field(default_factory=list)
    hold_s: float = 0.0  # each game day holds the database thread this long
    fail_on: int | None = None  # this day's unit fails once with a storage fault
    started: threading.Event = field(default_factory=threading.Event)
    ruleset_hook: Any = None  # what the ruleset's game day calls (on_game_day unless replaced)

    def hook(self, tx: Any, guild: Guild, day: GameDay) -> list[str]:
        return (self.ruleset_hook or self.on_game_day)(tx, guild, day)

    def on_game_day(self, tx: Any, guild: Guild, day: GameDay) -> list[str]:
        self.started.set()
        if day.number == self.fail_on:
            self.fail_on = None
            raise StorageUnavailable("the disk is full")
        tx.audit.add(
            AuditEntry(
                guild_id=guild.guild_id,
                user_id=0,
                action="day",
                summary=f"day {day.number}",
                created_at=day.start,
            )
        )
        time.sleep(self.hold_s)
        self.happened.append(f"day {day.number}")
        return [f"Day {day.number}'s work."]

    def ruleset(self) -> Ruleset:
        return Ruleset(
            rules=RulesetInfo("germ", "Recorder", None),
            commands=(),
            sheet_fields=lambda _tx, _character: [],
            on_game_day=self.hook,
        )


async def away(db: Database, clock: Clock, recorder: Recorder) -> tuple[Services, datetime]:
    """A server whose clock started at `clock.now` and was then away DAYS game days."""
    services = Services(rulesets={"germ": recorder.ruleset()}, db=db, clock=clock)
    settings = GuildSettings(
        clock=ClockSettings(game_day_channel_id=CHANNEL, ageing=AgeingPace.ADMIN)
    )

    def build(tx: Any) -> None:
        tx.guilds.save(Guild(guild_id=GUILD, ruleset="germ", settings=settings))
        tx.clock.start_moons(GUILD, AgeingPace.ADMIN.value, None)

    await db.transact(build)
    await game_clock(services, clock.now)  # the calendar starts: today is day 1
    first = game_day_at(clock.now, settings)
    back = game_day_at(first.end + timedelta(days=DAYS - 1), settings).start + timedelta(hours=1)
    return services, back


def days_logged(db: Database) -> Any:
    return db.transact(
        lambda tx: [
            row[0]
            for row in tx.connection.execute_fetchall(
                "SELECT summary FROM audit_log WHERE action = 'day' ORDER BY id"
            )
        ],
        write=False,
    )


async def test_a_catch_up_is_one_unit_per_day_with_a_command_answered_between(
    db: Database, clock: Clock
) -> None:
    recorder = Recorder()
    services, back = await away(db, clock, recorder)
    loop = asyncio.get_running_loop()
    units = 0
    run = db.run

    def command() -> None:
        recorder.happened.append("command")

    def first_day(*args: Any) -> list[str]:
        # While the first day's unit holds the database thread, a command comes in.
        loop.call_soon_threadsafe(lambda: asyncio.ensure_future(run(command)))
        recorder.ruleset_hook = recorder.on_game_day
        return recorder.on_game_day(*args)

    recorder.ruleset_hook = first_day

    async def counted(work: Any, /, *args: Any, **kwargs: Any) -> Any:
        nonlocal units
        units += 1
        return await run(work, *args, **kwargs)

    db.run = counted  # type: ignore[method-assign]
    result = await game_clock(services, back)
    days = [entry for entry in recorder.happened if entry.startswith("day")]
    assert len(days) == DAYS and units == DAYS + 1  # a unit per day, and the last finds none
    # Answered before the second day's unit (on SQLite's one thread: right after the first).
    assert recorder.happened.index("command") < recorder.happened.index(days[1])
    # The days went into one digest, kept in the outbox with the unit of the last day.
    assert len(result.posts) == 1 and result.posts[0].reply.title.endswith("after downtime")
    assert await days_logged(db) == days


async def test_a_catch_up_cut_short_does_each_day_exactly_once_in_order(
    db: Database, clock: Clock
) -> None:
    recorder = Recorder()
    services, back = await away(db, clock, recorder)
    numbers = [int(d.removeprefix("day ")) for d in await days_logged(db)] or [None]
    assert numbers == [None]
    first = game_day_at(clock.now, GuildSettings()).number
    recorder.fail_on = first + 4  # the fourth day's unit fails: the job ends there
    try:
        await game_clock(services, back)
    except StorageUnavailable:
        pass
    else:
        raise AssertionError("the storage fault should end the job")
    logged = await days_logged(db)
    assert logged == [f"day {first + n}" for n in range(1, 4)]  # three days kept, none doubled
    result = await game_clock(services, back)  # the bot comes back
    logged = await days_logged(db)
    assert logged == [f"day {first + n}" for n in range(1, DAYS + 1)]  # each once, in order
    [digest] = result.posts
    assert digest.reply.title.startswith("Days 2–11")
    outbox = await db.transact(
        lambda tx: tx.connection.execute_fetchall("SELECT count(*) FROM outbox"), write=False
    )
    assert outbox[0][0] == 1  # one digest in the outbox, with the unit of the last day


async def test_a_command_waits_behind_one_unit_of_a_held_catch_up_not_the_whole(
    db: Database, clock: Clock
) -> None:
    """A tick held 0.2 s a day for DAYS days (2 s in all): a command made while it runs is
    queued behind the unit running then, and answered in well under 0.5 s."""
    recorder = Recorder(hold_s=0.2)
    services, back = await away(db, clock, recorder)
    recorder.started.clear()
    catching_up = asyncio.ensure_future(game_clock(services, back))
    await asyncio.to_thread(recorder.started.wait, 5)  # a day's unit holds the thread now
    began = time.monotonic()
    guild = await db.transact(lambda tx: tx.guilds.get(GUILD), write=False)
    waited = time.monotonic() - began
    assert guild.guild_id == GUILD
    assert not catching_up.done()  # answered in the middle of the catch-up
    assert waited < 0.5, waited
    result = await catching_up
    while result.next_due is not None and result.next_due <= back:  # PASS_SECONDS ran out
        result = await game_clock(services, back)
    assert len(await days_logged(db)) == DAYS


# --- A big server's moon, in slices of its characters -------------------------------------


async def germ_server_at_its_moon(services: Services, clock: Clock, cats: int) -> datetime:
    """A Germ server of `cats` cats aged 12 moons, ageing each real week; its next moon."""
    from bot.actions.game_time import moon_tick_at
    from bot.bench.germ import sheet_json
    from rules.germ.sheet import GermSheet
    from storage.models import NewCharacter

    settings = GuildSettings(clock=ClockSettings(ageing=AgeingPace.REAL_WEEK))

    def build(tx: Any) -> None:
        tx.guilds.save(Guild(guild_id=GUILD, ruleset="germ", settings=settings))
        for n in range(cats):
            tx.characters.add(
                NewCharacter(
                    guild_id=GUILD,
                    owner_id=1000 + n,
                    name=f"Cat {n}",
                    ruleset="germ",
                    sheet=GermSheet.model_validate_json(sheet_json(n)).model_copy(
                        update={"age_moons": 12}
                    ),
                ),
                clock.now,
            )

    await services.db.transact(build)
    await game_clock(services, clock.now)  # the clock starts counting moons from this week
    moment = moon_tick_at(clock.now, settings).next_at
    assert moment is not None
    return moment


async def ages(services: Services) -> list[int]:
    rows = await services.db.transact(
        lambda tx: tx.connection.execute_fetchall(
            "SELECT age_moons FROM characters WHERE guild_id = ? ORDER BY id", (GUILD,)
        ),
        write=False,
    )
    return [int(row[0]) for row in rows]


async def caught_up(services: Services, now: datetime) -> None:
    result = await game_clock(services, now)
    while result.next_due is not None and result.next_due <= now:
        result = await game_clock(services, now)


async def test_a_moon_is_done_in_slices_each_cat_once(services, clock, monkeypatch) -> None:
    from bot.actions import clock as clock_actions

    monkeypatch.setattr(clock_actions, "MOON_SLICE", 2)
    monkeypatch.setattr(clock_actions, "MOON_SLICE_LEAST", 2)
    monkeypatch.setattr(clock_actions, "MOON_SLICE_MOST", 2)
    moon = await germ_server_at_its_moon(services, clock, 5)
    slices: list[list[int] | None] = []
    older = clock_actions._older

    def noted(tx: Any, record: Any, ruleset: Any, moons: int, ids: Any) -> Any:
        slices.append(ids)
        return older(tx, record, ruleset, moons, ids)

    monkeypatch.setattr(clock_actions, "_older", noted)
    await caught_up(services, moon)
    assert [ids.count for ids in slices] == [2, 2, 1]  # three units, none the whole
    assert await ages(services) == [13] * 5  # each cat one moon older, once


async def test_a_moon_cut_short_between_slices_ages_each_cat_once(
    services, clock, monkeypatch
) -> None:
    from bot.actions import clock as clock_actions

    monkeypatch.setattr(clock_actions, "MOON_SLICE", 2)
    monkeypatch.setattr(clock_actions, "MOON_SLICE_LEAST", 2)
    monkeypatch.setattr(clock_actions, "MOON_SLICE_MOST", 2)
    moon = await germ_server_at_its_moon(services, clock, 5)
    older = clock_actions._older
    calls = 0

    def failing_once(tx: Any, record: Any, ruleset: Any, moons: int, ids: Any) -> Any:
        nonlocal calls
        calls += 1
        posts = older(tx, record, ruleset, moons, ids)
        if calls == 2:  # the second slice's unit fails after its work: all of it is undone
            raise StorageUnavailable("the disk is full")
        return posts

    monkeypatch.setattr(clock_actions, "_older", failing_once)
    try:
        await caught_up(services, moon)
    except StorageUnavailable:
        pass
    else:
        raise AssertionError("the storage fault should end the job")
    assert await ages(services) == [13, 13, 12, 12, 12]  # the first slice kept, alone
    await caught_up(services, moon)  # the bot comes back
    assert await ages(services) == [13] * 5


async def test_a_cheap_moon_takes_bigger_slices(services, clock, monkeypatch) -> None:
    """The slices are sized by how long the last one took: Germ's moon (one statement) grows
    them from the first, each cat still aged once."""
    from bot.actions import clock as clock_actions

    monkeypatch.setattr(clock_actions, "MOON_SLICE", 2)
    monkeypatch.setattr(clock_actions, "MOON_SLICE_LEAST", 2)
    moon = await germ_server_at_its_moon(services, clock, 40)
    slices: list[int] = []
    older = clock_actions._older

    def noted(tx: Any, record: Any, ruleset: Any, moons: int, ids: Any) -> Any:
        slices.append(ids.count)
        return older(tx, record, ruleset, moons, ids)

    monkeypatch.setattr(clock_actions, "_older", noted)
    await caught_up(services, moon)
    assert slices[0] == 2 and max(slices) > 2 and sum(slices) == 40
    assert await ages(services) == [13] * 40
