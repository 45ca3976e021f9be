"""Scheduled posts exactly once (issue 13): the outbox keeps a post with the change that made it,
sends it with one nonce however often it is tried, marks it sent only once Discord took it, and
waits longer after each failure. Real SQLite files; a Discord that honours `enforce_nonce`."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from bot.actions import hunting_config
from bot.actions.context import Services
from bot.actions.germ import cats as germ_cats
from bot.actions.reply import Reply
from bot.jobs import jobs
from bot.outbox import (
    FIRST_RETRY,
    LAST_RETRY,
    Delivery,
    Post,
    PostRefused,
    record_posts,
    retry_wait,
)
from bot.registry import RULESETS
from bot.scheduler import JobResult, Scheduler
from storage.database import Database
from tests.actions.germ.hunting_helpers import boss
from tests.conftest import ALICE, REGISTRY, Clock, actor, cat

CHANNEL = 55


class Crash(BaseException):
    """The process dies here: nothing after it runs (not an Exception the outbox handles)."""


@dataclass
class FakeChannels:
    """Discord's side: messages by channel; a nonce seen before returns the first message (as
    `enforce_nonce` makes Discord do). `fail` refuses the next sends; `crash_after_send` takes
    a post and then kills the sender before it can hear back."""

    messages: list[tuple[int, str, Reply]] = field(default_factory=list)
    by_nonce: dict[str, int] = field(default_factory=dict)
    nonces_tried: list[str] = field(default_factory=list)
    fail: int = 0
    crash_after_send: bool = False
    refuse: bool = False

    async def send(self, delivery: Delivery) -> int:
        self.nonces_tried.append(delivery.nonce)
        if self.refuse:
            raise PostRefused("403 Forbidden (error code: 50001): Missing Access")
        if self.fail:
            self.fail -= 1
            raise ConnectionError("503 Service Unavailable")
        if delivery.nonce not in self.by_nonce:
            self.messages.append((delivery.channel_id, delivery.nonce, delivery.reply))
            self.by_nonce[delivery.nonce] = len(self.messages)
        if self.crash_after_send:
            raise Crash
        return self.by_nonce[delivery.nonce]


def notice(title: str, channel: int = CHANNEL) -> Post:
    return Post(channel, Reply(title=title, lines=["Hello."]))


def one_post_job(posts: list[Post]):
    """A job that records the given posts with its (trivial) state change, once."""

    async def job(services: Services, now: datetime) -> JobResult:
        taken, posts[:] = list(posts), []

        def work() -> None:
            with services.db.transaction() as tx:
                record_posts(tx, taken, now)

        await services.db.run(work)
        return JobResult(taken, in_outbox=True)

    return job


async def pending(db: Database) -> int:
    return await db.transact(lambda tx: tx.outbox.pending_count(), write=False)


async def test_five_failed_sends_then_one_post_with_waits_that_double(
    services: Services, clock: Clock
) -> None:
    discord = FakeChannels(fail=5)
    scheduler = Scheduler(services, [one_post_job([notice("Reminder")])], discord.send)
    waits = []
    next_due = await scheduler.run_once()
    while discord.fail or not discord.messages:
        assert next_due is not None
        waits.append(next_due - clock.now)
        # nothing is sent before its time
        assert await scheduler.outbox.deliver() == next_due
        clock.now = next_due
        next_due = await scheduler.run_once()
    assert waits == [FIRST_RETRY * 2**n for n in range(5)]
    assert len(discord.messages) == 1 and len(set(discord.nonces_tried)) == 1
    assert len(discord.nonces_tried) == 6
    assert await pending(services.db) == 0
    clock.advance(days=1)
    await scheduler.run_once()
    assert len(discord.messages) == 1  # marked sent: never again


def test_the_wait_between_tries_stops_growing() -> None:
    assert retry_wait(1) == FIRST_RETRY
    assert retry_wait(3) == FIRST_RETRY * 4
    assert retry_wait(30) == LAST_RETRY


async def test_a_crash_between_send_and_mark_still_makes_one_post(
    tmp_path: Path, clock: Clock
) -> None:
    path = tmp_path / "pawpost.sqlite3"
    discord = FakeChannels(crash_after_send=True)
    db = await Database.open(path)
    services = Services(rulesets=RULESETS, db=db, clock=clock)
    with pytest.raises(Crash):
        await Scheduler(services, [one_post_job([notice("Timeout")])], discord.send).run_once()
    await db.close()  # the process is gone: the post was taken but never marked sent
    assert len(discord.messages) == 1

    discord.crash_after_send = False
    db = await Database.open(path)  # the restart
    try:
        services = Services(rulesets=RULESETS, db=db, clock=clock)
        assert await pending(db) == 1
        await Scheduler(services, [], discord.send).run_once()
        assert len(discord.messages) == 1  # the resend carried the same nonce
        assert discord.nonces_tried[0] == discord.nonces_tried[1]
        assert await pending(db) == 0
    finally:
        await db.close()


async def test_a_weekly_reminder_made_while_discord_is_down_is_posted_after_a_restart(
    tmp_path: Path, clock: Clock
) -> None:
    path = tmp_path / "pawpost.sqlite3"
    discord = FakeChannels(fail=1000)
    db = await Database.open(path)
    try:
        services = Services(rulesets=RULESETS, db=db, clock=clock)
        await germ_cats.create(services, actor(ALICE), **cat("Firepaw"))
        clock.advance(days=7)  # Monday 7 December: a cat made last week must hunt this one
        await hunting_config.reminders_on(services, boss(), CHANNEL, "monday", 13)
        clock.now = clock.now.replace(hour=13)
        scheduler = Scheduler(services, jobs(services.rulesets), discord.send)
        await scheduler.run_once()
        assert discord.messages == [] and await pending(db) == 1
    finally:
        await db.close()

    discord.fail = 0
    clock.advance(minutes=1)
    db = await Database.open(path)
    try:
        services = Services(rulesets=RULESETS, db=db, clock=clock)
        scheduler = Scheduler(services, jobs(services.rulesets), discord.send)
        await scheduler.run_once()  # the job does not remind again; the outbox sends the one
        clock.advance(hours=2)
        await scheduler.run_once()
    finally:
        await db.close()
    [(channel, _, reply)] = discord.messages
    assert channel == CHANNEL and reply.title == "Hunting reminder"
    assert "**Firepaw**" in "\n".join(reply.lines) and reply.mentions == [ALICE]


async def test_a_post_and_its_change_are_kept_or_lost_together(services: Services) -> None:
    def failing_job() -> None:
        with services.db.transaction() as tx:
            record_posts(tx, [notice("Never")], services.clock())
            raise RuntimeError("the job failed half-way")

    with pytest.raises(RuntimeError):
        await services.db.run(failing_job)
    assert await pending(services.db) == 0


async def test_a_refused_post_is_given_up_once_and_logged(
    services: Services, caplog: pytest.LogCaptureFixture, clock: Clock
) -> None:
    discord = FakeChannels(refuse=True)
    scheduler = Scheduler(services, [one_post_job([notice("Closed")])], discord.send)
    with caplog.at_level(logging.WARNING, logger="bot.outbox"):
        assert await scheduler.run_once() is None
    assert [r.getMessage() for r in caplog.records] == [
        f"gave up a post to channel {CHANNEL}: 403 Forbidden (error code: 50001): Missing Access"
    ]
    clock.advance(days=1)
    await scheduler.run_once()
    assert len(discord.nonces_tried) == 1


async def test_posts_to_a_channel_keep_their_order_when_one_fails(
    services: Services, clock: Clock
) -> None:
    discord = FakeChannels(fail=1)
    posts = [notice("Part 1/2"), notice("Part 2/2"), notice("Elsewhere", channel=77)]
    scheduler = Scheduler(services, [one_post_job(posts)], discord.send)
    next_due = await scheduler.run_once()
    # the first failed: the second waits for it; the other channel is not held up
    assert [reply.title for _, _, reply in discord.messages] == ["Elsewhere"]
    assert next_due == clock.now + FIRST_RETRY
    clock.now = next_due
    await scheduler.run_once()
    titles = [reply.title for _, _, reply in discord.messages]
    assert titles == ["Elsewhere", "Part 1/2", "Part 2/2"]


async def test_a_post_discord_cannot_take_for_a_week_is_dropped(
    services: Services, clock: Clock
) -> None:
    discord = FakeChannels(fail=10_000)
    scheduler = Scheduler(services, [one_post_job([notice("Late")])], discord.send)
    next_due = await scheduler.run_once()
    began = clock.now
    while next_due is not None:
        clock.now = next_due
        next_due = await scheduler.run_once()
    assert clock.now - began > timedelta(days=7)
    assert discord.messages == [] and await pending(services.db) == 0


async def test_posts_a_job_did_not_record_itself_still_go_through_the_outbox(
    services: Services,
) -> None:
    discord = FakeChannels()

    async def old_style(services: Services, now: datetime) -> JobResult:
        return JobResult([notice("Old")])

    await Scheduler(services, [old_style], discord.send).run_once()
    [(_, nonce, reply)] = discord.messages
    assert reply.title == "Old" and len(nonce) == 24


async def test_an_outbox_the_storage_fails_is_looked_at_again_soon(
    services: Services, clock: Clock, caplog: pytest.LogCaptureFixture
) -> None:
    from storage.errors import StorageUnavailable

    discord = FakeChannels()
    scheduler = Scheduler(services, [one_post_job([notice("Later")])], discord.send)

    async def unavailable() -> datetime | None:
        raise StorageUnavailable("the disk is full (OperationalError: database or disk is full)")

    real = scheduler.outbox.deliver
    scheduler.outbox.deliver = unavailable  # type: ignore[method-assign]
    with caplog.at_level(logging.WARNING, logger="bot.scheduler"):
        next_due = await scheduler.run_once()
    assert next_due == clock.now + FIRST_RETRY  # not an hour's sleep
    assert discord.messages == [] and await pending(services.db) == 1
    scheduler.outbox.deliver = real  # type: ignore[method-assign]
    clock.now = next_due
    await scheduler.run_once()
    assert [reply.title for _, _, reply in discord.messages] == ["Later"]


async def test_posts_one_outbox_took_are_passed_over_by_another_until_its_lease_ends(
    postgresql_schema: str, clock: Clock
) -> None:
    """Two processes' outboxes on one PostgreSQL database: what the first took (and died
    sending) the second leaves alone until the lease is over, then sends once, and in order."""
    from bot.outbox import CLAIM_LEASE, Outbox

    first = await Database.open(postgresql_schema)
    second = await Database.open(postgresql_schema)
    try:
        gone, alive = FakeChannels(crash_after_send=True), FakeChannels()
        posts = [notice("Part 1/2"), notice("Part 2/2")]
        await first.transact(lambda tx: record_posts(tx, posts, clock.now))
        with pytest.raises(Crash):
            await Outbox(Services(rulesets=RULESETS, db=first, clock=clock), gone.send).deliver()
        later = Outbox(Services(rulesets=RULESETS, db=second, clock=clock), alive.send)
        assert await later.deliver() == clock.now + CLAIM_LEASE  # both still taken
        clock.advance(seconds=CLAIM_LEASE.total_seconds() - 1)
        await later.deliver()
        assert alive.nonces_tried == []
        clock.advance(seconds=1)
        assert await later.deliver() is None
        assert [reply.title for _, _, reply in alive.messages] == ["Part 1/2", "Part 2/2"]
        assert alive.nonces_tried[0] == gone.nonces_tried[0]  # the resend keeps its nonce
    finally:
        await first.close()
        await second.close()


def disk_full(db: Database) -> Exception:
    """The error each backend raises for a write the disk cannot take."""
    import sqlite3

    import psycopg

    if db.path.startswith("postgresql://"):
        return psycopg.errors.DiskFull("could not extend file: No space left on device")
    error = sqlite3.OperationalError("database or disk is full")
    error.sqlite_errorname = "SQLITE_FULL"  # type: ignore[attr-defined]
    return error


async def test_a_post_discord_accepted_is_not_sent_again_while_it_cannot_be_marked_sent(
    services: Services,
    clock: Clock,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Issue 32: the mark fails (the disk is full) after Discord took the post. The process
    remembers the post, sends it no second time, tries the mark again with waits that double,
    says so in the log, and marks it once the disk takes writes again."""
    from storage.outbox import OutboxRepository

    discord = FakeChannels()
    full = True
    mark_sent, mark_all_sent = OutboxRepository.mark_sent, OutboxRepository.mark_all_sent
    # every write that marks a post sent fails while the disk is full

    def failing(real):
        def mark(self, *args):
            if full:
                raise disk_full(services.db)
            return real(self, *args)

        return mark

    monkeypatch.setattr(OutboxRepository, "mark_sent", failing(mark_sent))
    monkeypatch.setattr(OutboxRepository, "mark_all_sent", failing(mark_all_sent))
    posts = [notice("Weekly reminder"), notice("Another channel", channel=77)]
    scheduler = Scheduler(services, [one_post_job(posts)], discord.send)
    waits = []
    with caplog.at_level(logging.WARNING, logger="bot.outbox"):
        next_due = await scheduler.run_once()
        for _ in range(4):
            assert next_due is not None
            waits.append(next_due - clock.now)
            clock.now = next_due
            next_due = await scheduler.run_once()
    assert discord.nonces_tried == [discord.nonces_tried[0]]  # once, and nothing after it
    assert waits == [FIRST_RETRY * 2**n for n in range(4)]
    said = [r.getMessage() for r in caplog.records if r.name == "bot.outbox"]
    assert len(said) == 5
    assert all(
        "was accepted by Discord (message 1) but could not be marked sent (the disk is full" in line
        and "it is not sent again" in line
        for line in said
    )
    full = False
    assert next_due is not None
    clock.now = next_due
    assert await scheduler.run_once() is None
    assert [reply.title for _, _, reply in discord.messages] == [
        "Weekly reminder",
        "Another channel",
    ]
    assert len(discord.nonces_tried) == 2 and await pending(services.db) == 0


async def test_a_post_whose_process_died_is_taken_over_within_its_lease_and_ten_seconds(
    postgresql_migrated: str, clock: Clock
) -> None:
    """Issue 32: the survivor slept until its next wake-up (up to an hour) and resent a dead
    process's post 330 s later. Over a shared database each process looks at least every 10 s,
    so the post goes out within the lease and 10 s, with its nonce."""
    from bot.outbox import CLAIM_LEASE

    first = await Database.open(postgresql_migrated)
    second = await Database.open(postgresql_migrated)
    try:
        gone, alive = FakeChannels(crash_after_send=True), FakeChannels()
        survivor = Scheduler(Services(db=second, clock=clock, rulesets=REGISTRY), [], alive.send)
        sleep = survivor.sleep_seconds(await survivor.run_once())  # nothing is due yet
        dying = Scheduler(Services(db=first, clock=clock, rulesets=REGISTRY), [], gone.send)
        await first.transact(lambda tx: record_posts(tx, [notice("Reminder")], clock.now))
        with pytest.raises(Crash):
            await dying.run_once()  # took the post, sent it, and died before marking it
        died_at = clock.now
        while not alive.nonces_tried:
            clock.advance(seconds=sleep)
            assert clock.now - died_at <= CLAIM_LEASE + timedelta(seconds=10)
            sleep = survivor.sleep_seconds(await survivor.run_once())
        assert alive.nonces_tried == gone.nonces_tried  # the same nonce: Discord keeps one post
    finally:
        await first.close()
        await second.close()
