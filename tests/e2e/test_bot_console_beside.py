"""The console beside a running bot (issue 30): on the bot's own database it runs none of the
timed work (the bot's posts stay the bot's to send), with `--jobs` it serves its `--guild`
alone, and by default it keeps a database of its own."""

from __future__ import annotations

import asyncio
import os
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.actions.reply import Reply
from bot.console import BOT_HOLDS_IT
from storage.database import Database
from storage.outbox import NewPost
from storage.running import held_by_a_bot
from tests.e2e.bot_process import BotWorld, bot_world

TOMORROW = datetime.now(UTC) + timedelta(days=1)
CONSOLE_CLOCK = (TOMORROW + timedelta(days=1)).isoformat(timespec="minutes")
CONSOLE_GUILD = 77


async def a_post_due_tomorrow(world: BotWorld) -> None:
    """A post of the bot's server waiting in its outbox until tomorrow (the bot's clock)."""
    db = await Database.open(str(world.database))
    try:
        post = NewPost(
            channel_id=world.fake.channel_ids["hunting"],
            guild_id=world.fake.guild_id,
            body=Reply(title="Tomorrow's reminder").model_dump_json(exclude_defaults=True),
        )
        await db.transact(lambda tx: tx.outbox.add([post], TOMORROW))
    finally:
        await db.close()


async def pending(world: BotWorld) -> int:
    db = await Database.open(str(world.database), create=False)
    try:
        return await db.transact(lambda tx: tx.outbox.pending_count(), write=False)
    finally:
        await db.close()


async def console(world: BotWorld, *arguments: str) -> str:
    """`pawpost console` on the bot's database, two days ahead on its clock, one command."""
    script = world.tmp / "script.txt"
    script.write_text("/config show\n", "utf-8")
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        *("-m", "bot.cli", "console", "--db", str(world.database), "--script", str(script)),
        *("--clock", CONSOLE_CLOCK, *arguments),
        cwd=world.tmp,
        env={k: v for k, v in os.environ.items() if not k.startswith("PAWPOST_")},
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    out, _ = await proc.communicate()
    text = out.decode()
    assert proc.returncode == 0, text
    return text


async def test_console_on_a_running_bots_database_leaves_its_posts_alone(
    tmp_path: Path, e2e_database: str | None
) -> None:
    async with bot_world(tmp_path, database=e2e_database) as world:
        await world.start()
        assert await asyncio.to_thread(held_by_a_bot, str(world.database))
        await a_post_due_tomorrow(world)

        text = await console(world, "--guild", str(world.fake.guild_id))
        assert BOT_HOLDS_IT in text and "Tomorrow's reminder" not in text
        assert await pending(world) == 1

        # asked to run jobs, it serves its own server alone
        text = await console(world, "--guild", str(CONSOLE_GUILD), "--jobs")
        assert BOT_HOLDS_IT not in text and "Tomorrow's reminder" not in text
        assert await pending(world) == 1

        await world.stop()
        assert not await asyncio.to_thread(held_by_a_bot, str(world.database))
        # the bot gone, the console for the bot's server sends that server's post
        text = await console(world, "--guild", str(world.fake.guild_id))
        assert "Tomorrow's reminder" in text
        assert await pending(world) == 0


async def test_console_keeps_a_database_of_its_own(tmp_path: Path) -> None:
    script = tmp_path / "script.txt"
    script.write_text("/config show\n", "utf-8")
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        *("-m", "bot.cli", "console", "--script", str(script)),
        cwd=tmp_path,
        env={k: v for k, v in os.environ.items() if not k.startswith("PAWPOST_")}
        | {"PAWPOST_DATABASE": str(tmp_path / "bot.sqlite3")},
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    out, _ = await proc.communicate()
    assert proc.returncode == 0, out.decode()
    assert (tmp_path / "data" / "console.sqlite3").is_file()
    assert not (tmp_path / "bot.sqlite3").exists()
    assert not (tmp_path / "data" / "pawpost.sqlite3").exists()
