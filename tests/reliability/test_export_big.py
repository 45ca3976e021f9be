"""`/admin export` of a big server never holds the database thread (issue 13): a 10,000-cat,
110,000-roll server exports, page by page, while other commands never wait more than 100 ms;
the file is gzip-compressed JSON holding every row; over the upload limit it says so."""

from __future__ import annotations

import asyncio
import dataclasses
import gc
import gzip
import json
import sqlite3
import time
from pathlib import Path

from bot.actions import export, log
from bot.actions.context import Services
from bot.actions.germ import checks
from bot.bench.germ import sheet_json
from bot.bench.seed import seed
from bot.discord.client import freeze_start_up_heap
from bot.registry import RULESETS
from storage.database import Database
from tests.conftest import ADMIN, ALICE, Clock, Dice, actor

CATS = 10_000
ROLLS = 110_000
WAIT_LIMIT_S = 0.100
STALL_S = 1.0  # a command stuck behind the whole export would wait its seconds
GUILD = 1


def seed_big_server(path: Path) -> None:
    """The cats straight into the tables; the rolls as copies of one real check's log entry."""
    world = seed(path, 1, CATS, "germ", sheet_json)
    first = world.guilds[GUILD][0]
    connection = sqlite3.connect(path, isolation_level=None)
    try:
        connection.execute("BEGIN")
        (row,) = connection.execute(
            "SELECT channel_id, user_id, action, summary, rolls, outcome, created_at"
            " FROM audit_log ORDER BY id DESC LIMIT 1"
        ).fetchall()
        channel, user, action, summary, rolls, outcome, created = row
        connection.executemany(
            "INSERT INTO audit_log (guild_id, channel_id, user_id, character_id, action,"
            " summary, rolls, outcome, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                (
                    GUILD,
                    channel,
                    user,
                    first.id + n % CATS,
                    action,
                    summary,
                    rolls,
                    outcome,
                    created,
                )
                for n in range(ROLLS - 1)
            ),
        )
        connection.execute("COMMIT")
    finally:
        connection.close()


async def one_real_check(path: Path, clock: Clock) -> None:
    """A check made through the action, so the seeded log entries carry real rolls."""
    db = await Database.open(path)
    try:
        dice = Dice()
        dice.load(12)
        services = Services(rulesets=RULESETS, db=db, dice=dice, clock=clock)
        from bot.actions.germ import cats as germ_cats
        from tests.conftest import FIREPAW

        await germ_cats.create(services, actor(ALICE, guild=GUILD), **FIREPAW)
        await checks.check(services, actor(ALICE, guild=GUILD), "agility")
    finally:
        await db.close()


async def test_a_big_server_exports_while_other_commands_wait_under_100_ms(
    tmp_path: Path, clock: Clock
) -> None:
    path = tmp_path / "big.sqlite3"
    await one_real_check(path, clock)
    seed_big_server(path)
    db = await Database.open(path)
    freeze_start_up_heap()  # as `pawpost run` does once it has started
    try:
        services = Services(rulesets=RULESETS, db=db, clock=clock)
        waits: list[float] = []
        done = asyncio.Event()

        async def other_commands() -> None:
            """A player's `/log` and a settings read, over and over, while the export runs."""
            while not done.is_set():
                began = time.monotonic()
                await log.recent(services, actor(ALICE, guild=GUILD), limit=5)
                waits.append(time.monotonic() - began)
                began = time.monotonic()
                await db.transact(lambda tx: tx.guilds.get(GUILD), write=False)
                waits.append(time.monotonic() - began)
                await asyncio.sleep(0.005)

        probe = asyncio.create_task(other_commands())
        await asyncio.sleep(0.05)
        began = time.monotonic()
        reply = await export.export(services, actor(ADMIN, guild=GUILD, admin=True))
        took = time.monotonic() - began
        done.set()
        await probe
    finally:
        gc.unfreeze()
        await db.close()

    assert reply.attachment is not None and reply.attachment.filename.endswith(".json.gz")
    data = json.loads(gzip.decompress(reply.attachment.content))
    assert len(data["characters"]) == CATS + 1  # the seeded cats and Firepaw
    assert len(data["audit_log"]) == ROLLS + 1  # and Firepaw's joining
    assert data["audit_log"][-1]["rolls"][0]["dice"] == [{"sides": 20, "face": 12}]
    assert len(waits) > 50, f"only {len(waits)} commands ran during a {took:.1f} s export"
    # An export holding the database thread for a page longer than the limit delays every
    # command queued meanwhile, so most waits would pass it; a lone wait over it is the busy
    # machine's scheduler (the test runs beside other workers), not the export: the limit is on
    # the 99th percentile, and no wait may come near a stalled thread.
    ranked = sorted(waits)
    typical, worst = ranked[int(len(ranked) * 0.99)], ranked[-1]
    assert typical < WAIT_LIMIT_S, f"1% of commands waited over {typical * 1000:.0f} ms"
    assert worst < STALL_S, f"a command waited {worst * 1000:.0f} ms during the export"
    print(f"export {took:.2f} s, {len(waits)} other commands, worst wait {worst * 1000:.1f} ms")


async def test_an_export_over_the_upload_limit_says_so_and_names_pawpost_export(
    services: Services,
) -> None:
    from bot.actions.germ import cats as germ_cats
    from tests.conftest import FIREPAW

    await germ_cats.create(services, actor(ALICE), **FIREPAW)
    boss = actor(ADMIN, admin=True)
    reply = await export.export(services, dataclasses.replace(boss, upload_limit=100))
    assert reply.attachment is None and reply.ephemeral
    [line] = reply.lines
    assert "more than this server's upload limit of 0.1 KB" in line
    assert f"`pawpost export --guild {boss.guild_id} > export.json`" in line
