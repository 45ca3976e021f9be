"""Two bot processes over one PostgreSQL database (tests/processes/worker.py each): a race run
from both at once still records one hunt, one action, one reminder; a process killed while it
holds a claimed server leaves that server to the other, and one that hangs, once its lease
ends."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.actions import hunting_config
from bot.actions.context import Services
from bot.actions.hunting_jobs import weekly_hunting
from bot.actions.reply import Reply
from bot.outbox import CLAIM_LEASE, Post, record_posts
from bot.registry import RULESETS
from storage.database import Database
from storage.errors import StorageUnavailable
from storage.germ import germ
from storage.postgres import PostgresDatabase
from tests.actions.germ.combat_helpers import custom_id, fighting, make_cats
from tests.actions.germ.hunting_helpers import CATCH, FIND, boss, two_cats
from tests.conftest import ALICE, BOB, GUILD, Clock, Dice, actor

ROOT = Path(__file__).resolve().parents[2]
NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
REMINDER_TIME = datetime(2026, 12, 7, 13, 0, tzinfo=UTC)
STALE = "That button is out of date; the combat has moved on."
LEASE_S = 2.0
START_AFTER_S = 3.0  # long enough for both processes to start and connect before the race


def _process(
    url: str, task: str, start_at: float, now: datetime, *args: object
) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.processes.worker", url, task, str(start_at), now.isoformat()]
        + [str(a) for a in args],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        text=True,
    )


def _outcome(process: subprocess.Popen[str]) -> dict[str, object]:
    out, _ = process.communicate(timeout=60)
    assert process.returncode == 0, out
    return dict(json.loads(out.strip().splitlines()[-1]))


def _both(url: str, task: str, now: datetime, *args: object) -> Counter[str]:
    start_at = time.time() + START_AFTER_S
    processes = [_process(url, task, start_at, now, *args) for _ in range(2)]
    total: Counter[str] = Counter()
    for process in processes:
        total.update(_outcome(process))  # type: ignore[arg-type]
    return total


async def _services(url: str, dice: Dice, clock: Clock) -> Services:
    return Services(rulesets=RULESETS, db=await Database.open(url), dice=dice, clock=clock)


async def test_50_hunts_of_one_cat_from_two_processes_record_one(
    postgresql_schema: str, dice: Dice, clock: Clock
) -> None:
    services = await _services(postgresql_schema, dice, clock)
    try:
        await two_cats(services)
        total = _both(postgresql_schema, "hunt", clock.now, ALICE, 25, f"{FIND},{CATCH}")
        assert total["answered"] == 1, total
        refusals = [k for k in total if k.startswith("refused: Firepaw can hunt again")]
        assert sum(total[k] for k in refusals) == 49, total
        hunts = await services.db.transact(
            lambda tx: tx.hunting.hunts_of(GUILD, 1, before_id=None, limit=100), write=False
        )
        assert len(hunts) == 1
    finally:
        await services.db.close()


async def test_20_clicks_on_one_turn_from_two_processes_make_one_action(
    postgresql_schema: str, dice: Dice, clock: Clock
) -> None:
    services = await _services(postgresql_schema, dice, clock)
    try:
        await make_cats(services)
        started = await fighting(services, actor(ALICE), actor(BOB), "Tigerclaw")
        attack = custom_id(started, "Attack")
        total = _both(postgresql_schema, "click", clock.now, ALICE, attack, 10, "8,10")
        assert total == {"answered": 1, f"refused: {STALE}": 19}
        actions = await services.db.transact(
            lambda tx: germ(tx).combat.recent_actions(GUILD, 1, 50), write=False
        )
        assert [a.action for a in actions].count("attack") == 1
    finally:
        await services.db.close()


async def _reminder_due(postgresql_schema: str, dice: Dice, clock: Clock) -> None:
    services = await _services(postgresql_schema, dice, clock)
    try:
        await two_cats(services)
        clock.advance(days=7)
        await hunting_config.reminders_on(services, boss(), 55, "monday", 13)
    finally:
        await services.db.close()


async def test_a_reminder_due_for_both_processes_is_posted_once(
    postgresql_schema: str, dice: Dice, clock: Clock
) -> None:
    await _reminder_due(postgresql_schema, dice, clock)
    start_at = time.time() + START_AFTER_S
    runs = [_process(postgresql_schema, "weekly", start_at, REMINDER_TIME) for _ in range(2)]
    posts = [title for run in runs for title in _outcome(run)["posts"]]  # type: ignore[attr-defined]
    assert len(posts) == 1, posts


async def test_a_process_killed_holding_a_claimed_server_leaves_it_to_the_other(
    postgresql_schema: str, dice: Dice, clock: Clock
) -> None:
    await _reminder_due(postgresql_schema, dice, clock)
    holder = _process(postgresql_schema, "weekly-hold", time.time(), REMINDER_TIME)
    try:
        assert holder.stdout is not None
        claimed = json.loads(holder.stdout.readline())  # it stops itself right after saying so
        assert claimed == {"claimed": GUILD}
        while_held = _outcome(_process(postgresql_schema, "weekly", time.time(), REMINDER_TIME))
        assert while_held == {"posts": []}  # the claimed server is passed over, not posted twice
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait(10)
    after = _outcome(_process(postgresql_schema, "weekly", time.time(), REMINDER_TIME))
    assert len(after["posts"]) == 1, after  # type: ignore[arg-type]


async def test_a_process_that_hangs_holding_a_claim_loses_it_when_its_lease_ends(
    postgresql_schema: str, dice: Dice, clock: Clock
) -> None:
    """Frozen, not dead: its connection stays open, so the server ends its idle transaction
    once the lease is over, and the other process posts what it had claimed."""
    await _reminder_due(postgresql_schema, dice, clock)
    hung = await PostgresDatabase.open_url(postgresql_schema, lease_s=LEASE_S)
    claimed, thaw = threading.Event(), threading.Event()

    def claim_and_hang() -> None:
        with hung.transaction() as tx:
            assert tx.hunting.due_guilds(REMINDER_TIME, 10, claim=True)
            claimed.set()
            thaw.wait(30)
            tx.hunting.earliest_due()  # the server ended the session meanwhile

    holding = asyncio.create_task(hung.run(claim_and_hang))
    try:
        assert await asyncio.to_thread(claimed.wait, 10)
        other = Services(
            rulesets=RULESETS, db=await Database.open(postgresql_schema), dice=dice, clock=clock
        )
        try:
            assert (await weekly_hunting(other, REMINDER_TIME)).posts == []
            await asyncio.sleep(LEASE_S + 0.5)
            assert len((await weekly_hunting(other, REMINDER_TIME)).posts) == 1
        finally:
            await other.db.close()
    finally:
        thaw.set()
        with pytest.raises(StorageUnavailable):
            await holding
        await hung.close()


async def _posts_recorded(url: str, titles: list[str]) -> None:
    """Posts in the outbox, due at NOW, spread over five channels."""
    db = await Database.open(url)
    try:
        posts = [Post(100 + n % 5, Reply(title=title), GUILD) for n, title in enumerate(titles)]
        await db.transact(lambda tx: record_posts(tx, posts, NOW))
    finally:
        await db.close()


async def test_outbox_posts_due_for_both_processes_are_each_sent_once(
    postgresql_schema: str,
) -> None:
    titles = [f"Post {n}" for n in range(40)]
    await _posts_recorded(postgresql_schema, titles)
    start_at = time.time() + START_AFTER_S
    runs = [_process(postgresql_schema, "outbox", start_at, NOW) for _ in range(2)]
    sent = [title for run in runs for title in _outcome(run)["sent"]]  # type: ignore[attr-defined]
    assert sorted(sent) == sorted(titles), Counter(sent)


async def test_a_process_killed_mid_send_leaves_its_posts_to_the_other_after_the_lease(
    postgresql_schema: str,
) -> None:
    await _posts_recorded(postgresql_schema, ["Timeout"])
    holder = _process(postgresql_schema, "outbox-hold", time.time(), NOW)
    try:
        assert holder.stdout is not None
        assert json.loads(holder.stdout.readline()) == {"sending": "Timeout"}
        while_held = _outcome(_process(postgresql_schema, "outbox", time.time(), NOW))
        assert while_held == {"sent": []}  # taken by the other: not sent twice
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait(10)
    in_lease = NOW + CLAIM_LEASE - timedelta(seconds=1)
    assert _outcome(_process(postgresql_schema, "outbox", time.time(), in_lease)) == {"sent": []}
    after = NOW + CLAIM_LEASE
    assert _outcome(_process(postgresql_schema, "outbox", time.time(), after)) == {
        "sent": ["Timeout"]
    }
