"""Discord's 3-second deadline and Discord's outages, against the real `pawpost run` process.

Another connection holds the database's write lock, as another process would, so a command's
write waits: the bot defers it within about 2 s (the fake, like Discord, refuses a first answer
after 3 s) and answers by followup with the real answer or the storage sentence. A start-up
without network, an outage and a lost gateway print one line each and retry; a bad token is one
line and exit 2.
"""

from __future__ import annotations

import asyncio
import socket
import time
from pathlib import Path

from tests.e2e.bot_process import (
    READY_LINE,
    START_TIMEOUT,
    bot_world,
    create_cat,
    find_id,
    is_ephemeral,
    text_of,
    write_lock,
)
from tests.e2e.fake_discord import Interaction
from tests.e2e.fake_discord_state import LOADING_FLAG

STORAGE_SENTENCE = (
    "The bot's storage is unavailable right now, so nothing was changed; "
    "please try again in a moment."
)
DEFERRED = 5  # DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE, "thinking"
DEFERRED_UPDATE = 6


def deferred_after(inter: Interaction) -> float:
    assert inter.answered_at is not None
    return inter.answered_at - inter.created_at


async def test_a_command_behind_a_locked_database_is_deferred_then_told(tmp_path: Path) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        await world.start()
        await create_cat(world, "Rook", user=fake.player1)
        fake.interaction_deadline = 3.0
        with write_lock(world.database):
            inter = await fake.slash("check", {"stat": "strength"}, user=fake.player1)
            body = await inter.response(timeout=3.5)
            assert body["type"] == DEFERRED and not is_ephemeral(body.get("data") or {})
            assert 1.5 <= deferred_after(inter) <= 2.8, deferred_after(inter)
            # the write waits out its lock (5 s), then the user alone is told
            followup = await inter.wait_followup(timeout=10)
        assert followup["content"] == STORAGE_SENTENCE
        assert followup["flags"] & 64  # ephemeral: the public "thinking" message went
        assert inter.original() is None
        assert fake.errors == []  # nothing answered late, nothing answered twice
        # the lock is free: the next /check answers at once, as always
        body = await world.command("check", {"stat": "strength"}, user=fake.player1)
        assert body["embeds"][0]["title"] == "Rook: Strength"


async def test_a_read_answers_at_once_while_another_process_holds_the_write_lock(
    tmp_path: Path,
) -> None:
    """Issue 32: reads waited behind the lock with the writes. /character show, /log and
    /config show only read: they are answered at once (not deferred) while a /check waits."""
    async with bot_world(tmp_path) as world:
        fake = world.fake
        await world.start(dice=[15])
        await create_cat(world, "Rook", user=fake.player1)
        fake.interaction_deadline = 3.0
        with write_lock(world.database) as other:
            check = await fake.slash("check", {"stat": "strength"}, user=fake.player1)
            shown = await world.command("character show", user=fake.player1)
            logged = await world.command("log", {"character": "Rook"}, user=fake.player1)
            config = await world.command("config show", user=fake.player1)
            assert not check.followups  # the write still waits for the lock
            assert shown["embeds"][0]["title"] == "Rook"
            assert "Strength" not in text_of(logged)
            assert "Germ" in text_of(config)
            assert (await check.response(timeout=3.5))["type"] == DEFERRED
            other.execute("ROLLBACK")
            followup = await check.wait_followup(timeout=5)
        assert followup["embeds"][0]["title"] == "Rook: Strength"
        assert fake.errors == []


async def test_a_command_deferred_gets_its_real_answer_by_followup(tmp_path: Path) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        await world.start(dice=[15])
        await create_cat(world, "Rook", user=fake.player1)
        fake.interaction_deadline = 3.0
        with write_lock(world.database) as other:
            inter = await fake.slash("check", {"stat": "strength"}, user=fake.player1)
            body = await inter.response(timeout=3.5)
            assert body["type"] == DEFERRED
            other.execute("ROLLBACK")  # the other process is done: the write goes through
            followup = await inter.wait_followup(timeout=5)
        assert followup["embeds"][0]["title"] == "Rook: Strength"
        assert "d20 **15** + Strength 4 = **19**" in text_of(followup)
        message = inter.original()  # the "thinking" message, filled in for everyone
        assert message is not None and message["id"] == followup["id"]
        assert not message["flags"] & (64 | LOADING_FLAG)
        assert fake.errors == []


async def test_a_button_behind_a_locked_database_updates_its_message_later(
    tmp_path: Path,
) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        await world.start()
        await create_cat(world, "Rowan", user=fake.player1)
        inter = await fake.slash("character delete", {"character": "Rowan"}, user=fake.player1)
        await world.answer(inter)
        confirm = world.stored(inter)
        fake.interaction_deadline = 3.0
        with write_lock(world.database) as other:
            click = await fake.click(
                confirm, find_id(confirm, r"pawpost:character:\d+:delete"), user=fake.player1
            )
            body = await click.response(timeout=3.5)
            assert body["type"] == DEFERRED_UPDATE
            assert 1.5 <= deferred_after(click) <= 2.8, deferred_after(click)
            other.execute("ROLLBACK")
            await click.wait_edit(timeout=5)
        assert text_of(confirm) == "Rowan was deleted."
        assert click.followups == [] and fake.errors == []


async def test_commands_queued_behind_a_lock_are_answered_within_the_budget(
    tmp_path: Path,
) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        await world.start(env={"PAWPOST_TEST_COMMAND_BUDGET": "3"})
        await create_cat(world, "Rook", user=fake.player1)
        fake.interaction_deadline = 3.0
        with write_lock(world.database):
            sent = time.monotonic()
            inters = [
                await fake.slash("check", {"stat": stat}, user=fake.player1)
                for stat in ("strength", "agility", "stealth")
            ]
            # one after another each would wait out the 5 s lock: 15 s for the last
            followups = await asyncio.gather(*(i.wait_followup(timeout=6) for i in inters))
            waited = time.monotonic() - sent
        assert waited < 5, waited
        for inter, followup in zip(inters, followups, strict=True):
            assert (await inter.response())["type"] == DEFERRED
            assert followup["content"] == STORAGE_SENTENCE
        assert fake.errors == []
        body = await world.command("log", {"character": "Rook"}, user=fake.player1)
        assert "Strength" not in text_of(body) and "Agility" not in text_of(body)


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def test_a_start_without_network_says_so_in_one_line_and_retries(tmp_path: Path) -> None:
    async with bot_world(tmp_path) as world:
        nowhere = f"http://127.0.0.1:{closed_port()}"
        bot = await world.start(env={"PAWPOST_TEST_DISCORD_URL": nowhere}, wait_ready=False)

        def attempts() -> int:
            return sum("Cannot reach Discord (" in line for line in bot.lines)

        await world.fake.wait_until(lambda: attempts() >= 2, 10, "a second attempt")
        assert "Traceback" not in bot.log
        assert bot.running  # still trying; stopping it exits 0 (checked on leaving)


async def test_a_discord_outage_at_start_is_waited_out(tmp_path: Path) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        fake.down = True
        bot = await world.start(wait_ready=False)
        # the process is still starting: the bound is its start's (an import of discord.py can
        # take tens of seconds on a loaded machine), not the outage's
        await world.wait_log("Cannot reach Discord (503 Service Unavailable", START_TIMEOUT)
        fake.down = False
        await world.wait_log(READY_LINE, 10)
        assert "Traceback" not in bot.log
        body = await world.command("config show", user=fake.player1)
        assert "Germ" in text_of(body)


async def test_a_lost_gateway_is_one_line_and_reconnects(tmp_path: Path) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        bot = await world.start()
        connection = await fake.wait_for_connection()
        fake.down = True
        await connection.ws.close(code=1001, message=b"outage")
        await world.wait_log("Lost the connection to Discord (", 10)
        fake.down = False
        await fake.wait_until(lambda: fake.resume_count + fake.identify_count >= 2, 10, "back")
        await fake.wait_for_connection()
        body = await world.command("config show", user=fake.player1)
        assert "Germ" in text_of(body)
        assert "Traceback" not in bot.log


async def test_a_bad_token_is_one_clear_line(tmp_path: Path) -> None:
    async with bot_world(tmp_path) as world:
        world.fake.accepted_token = "the-real-token"
        bot = await world.start(wait_ready=False)
        code = await asyncio.wait_for(bot.proc.wait(), 10)
        await bot.stop()
        assert code == 2
        assert "Discord refused the token; check DISCORD_TOKEN" in bot.log
        assert "Traceback" not in bot.log and "Cannot reach Discord" not in bot.log
        world.processes.remove(bot)  # it exited 2 on purpose
