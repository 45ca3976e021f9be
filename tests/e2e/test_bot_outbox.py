"""Scheduled posts exactly once through the real client (issue 13): the weekly reminder survives
a Discord that refuses posts, an answer lost after Discord took the post, a restart while Discord
is down, and the bot killed (SIGKILL) after Discord took the post but before the bot marked it
sent; every try carries the same nonce with `enforce_nonce`."""

from __future__ import annotations

import asyncio
import signal
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

from tests.e2e.bot_process import BotWorld, bot_world, create_cat, text_of
from tests.e2e.fake_discord_state import Json

MONDAY = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)
FAST_RETRY = {"PAWPOST_TEST_OUTBOX_RETRY": "0.05"}
SETTLE_TIMEOUT = 30.0  # an upper bound on a loaded machine, not an expectation


async def reminders_due_in_two_seconds(world: BotWorld, **start: object) -> None:
    """Rook is made the week before; the bot comes back two seconds before Monday 10:00 with
    reminders at 10:00 in #hunting."""
    await world.start(clock=MONDAY - timedelta(hours=20))
    await create_cat(world, "Rook", user=world.fake.player1)
    await world.restart(clock=MONDAY + timedelta(minutes=59, seconds=58), env=FAST_RETRY)
    when = {"channel": "hunting", "weekday": "monday", "hour": 10}
    await world.command("config reminders on", when, user=world.fake.admin)


def reminders(world: BotWorld) -> list[Json]:
    return [m for m in world.fake.messages("hunting") if "Hunting reminder" in text_of(m)]


def all_marked_sent(world: BotWorld) -> bool:
    """Every post of the outbox is marked sent (none is pending): the bot tries none again."""
    database = sqlite3.connect(f"file:{world.database}?mode=ro", uri=True)
    try:
        pending, sent = database.execute(
            "SELECT coalesce(sum(sent_at IS NULL AND failed_at IS NULL), 0), count(sent_at)"
            " FROM outbox"
        ).fetchone()
    finally:
        database.close()
    return pending == 0 and sent > 0


async def settled(world: BotWorld) -> None:
    """Wait until the outbox's posts are all marked sent."""
    await world.fake.wait_until(lambda: all_marked_sent(world), SETTLE_TIMEOUT, "posts marked sent")


def reminder_posts(world: BotWorld) -> list[Json]:
    """The bodies of every POST the bot made to #hunting's messages."""
    path = f"/channels/{world.fake.channel_ids['hunting']}/messages"
    return [r.json for r in world.fake.requests if r.method == "POST" and r.path == path]


async def test_refused_five_times_and_an_answer_lost_still_one_reminder(tmp_path: Path) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        fake.refuse_channel_posts = 5  # Discord is down for the first five tries
        fake.lose_channel_post_answers = 1  # the sixth is taken, but its answer never arrives
        await reminders_due_in_two_seconds(world)
        await world.wait_log("post 1 to channel", 10)
        await world.wait_log("try 7", 15)
        await settled(world)
        assert len(reminders(world)) == 1
        tries = reminder_posts(world)
        assert len(tries) == 7
        assert len({body["nonce"] for body in tries}) == 1
        assert all(body["enforce_nonce"] is True for body in tries)
        await world.restart(clock=MONDAY + timedelta(hours=1, minutes=10), env=FAST_RETRY)
        await world.scheduler_round()
        assert len(reminders(world)) == 1 and len(reminder_posts(world)) == 7
        # and the start-up log does not warn about voice libraries Pawpost never uses
        assert "voice will NOT be supported" not in world.bot.log


async def test_a_reminder_made_while_discord_is_down_is_posted_after_a_restart(
    tmp_path: Path,
) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        fake.refuse_channel_posts = 10**6
        await reminders_due_in_two_seconds(world)
        await world.wait_log("could not post to channel", 10)
        await world.stop()
        assert reminders(world) == []

        fake.refuse_channel_posts = 0
        await world.start(clock=MONDAY + timedelta(hours=1, minutes=5), env=FAST_RETRY)
        await fake.wait_until(lambda: reminders(world), 8, "the reminder after the restart")
        await settled(world)
        [reminder] = reminders(world)
        assert "**Rook**" in text_of(reminder)
        assert len({body["nonce"] for body in reminder_posts(world)}) == 1


async def test_the_bot_killed_between_send_and_mark_still_posts_once(tmp_path: Path) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        await reminders_due_in_two_seconds(world)
        running = world.bot
        killed = asyncio.Event()

        async def kill_the_bot(message: Json) -> None:
            """Discord has stored the post; the bot dies before it hears so, or marks it."""
            if "Hunting reminder" in text_of(message) and not killed.is_set():
                running.proc.send_signal(signal.SIGKILL)
                await running.proc.wait()
                killed.set()

        fake.after_channel_post = kill_the_bot
        await asyncio.wait_for(killed.wait(), 10)
        fake.after_channel_post = None
        assert running.proc.returncode == -signal.SIGKILL
        world.processes.remove(running)  # killed on purpose: not one of the clean exits checked
        assert len(reminders(world)) == 1

        await world.start(clock=MONDAY + timedelta(hours=1, minutes=5), env=FAST_RETRY)
        await fake.wait_until(lambda: len(reminder_posts(world)) == 2, 8, "the resend")
        await settled(world)
        assert len(reminders(world)) == 1  # the resend carried the same nonce
        [first, again] = reminder_posts(world)
        assert first["nonce"] == again["nonce"] and again["enforce_nonce"] is True
        await world.restart(clock=MONDAY + timedelta(hours=1, minutes=10), env=FAST_RETRY)
        await world.scheduler_round()
        assert len(reminder_posts(world)) == 2  # marked sent after the resend: never again
