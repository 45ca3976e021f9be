"""Start-up: login, per-server command sync, no re-sync of an unchanged set, ruleset switches."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from bot.commands.catalog import commands_for
from bot.commands.core import MESSAGE_COMMANDS
from tests.e2e.bot_process import bot_world, create_cat, is_ephemeral, one_sentence, text_of


def top_level(ruleset: str) -> set[str]:
    """The slash commands' top level and the message commands (every ruleset has those)."""
    slash = {command.path[0] for command in commands_for(ruleset)}
    return slash | {command.name for command in MESSAGE_COMMANDS}


async def test_login_and_sync_once(tmp_path: Path) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        await world.start()
        assert [r.path for r in fake.requests[:2]] == ["/users/@me", "/oauth2/applications/@me"]
        conn = await fake.wait_for_connection()
        assert not conn.compressed  # plain JSON frames; the combat test uses zlib-stream
        assert conn.identify is not None and conn.identify["token"] == "fake"
        assert fake.sync_count == {fake.guild_id: 1}  # per server, never global
        assert world.synced_names() == top_level("germ")
        await world.stop()
        await world.start()
        await fake.wait_for_connection(identifies=2)
        assert fake.sync_count == {fake.guild_id: 1}
        body = await world.command("config show", user=fake.player1)
        assert "Germ" in text_of(body)


async def test_switching_ruleset_syncs_that_server_once(tmp_path: Path) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        await world.start()
        assert fake.sync_count[fake.guild_id] == 1

        refused = await world.command("config ruleset", {"ruleset": "caverns"}, user=fake.player1)
        assert is_ephemeral(refused) and one_sentence(refused["content"])
        body = await world.command("config ruleset", {"ruleset": "caverns"}, user=fake.admin)
        assert text_of(body) == "This server now plays Caverns and Cloiers."
        await fake.wait_until(lambda: fake.sync_count[fake.guild_id] == 2, 5, "the re-sync")
        assert world.synced_names() == top_level("caverns")
        assert "rest" in world.synced_names() and "hunt" not in world.synced_names()
        assert fake.sync_count == {fake.guild_id: 2}

        body = await world.command("move", {"attribute": "wind"}, user=fake.player1)
        assert is_ephemeral(body) and one_sentence(body["content"])
        assert body["content"].startswith("You have no character in this server yet")

        await world.restart()  # the stored set is Caverns's: nothing to sync
        assert fake.sync_count == {fake.guild_id: 2}
        body = await world.command("config ruleset", {"ruleset": "germ"}, user=fake.admin)
        assert text_of(body) == "This server now plays Germ."
        await fake.wait_until(lambda: fake.sync_count[fake.guild_id] == 3, 5, "the re-sync")
        assert world.synced_names() == top_level("germ")
        body = await world.command("check", {"stat": "strength"}, user=fake.player1)
        assert body["content"].startswith("You have no character in this server yet")
        # choosing the ruleset the server already plays changes nothing and syncs nothing
        body = await world.command("config ruleset", {"ruleset": "germ"}, user=fake.admin)
        assert is_ephemeral(body) and "already plays Germ" in text_of(body)
        await asyncio.sleep(0.2)
        assert fake.sync_count == {fake.guild_id: 3}


async def test_switching_ruleset_archives_the_cats_and_switching_back_brings_them(
    tmp_path: Path,
) -> None:
    """Issue 30: a Germ server with a cat switches to Caverns and back, through Discord."""
    async with bot_world(tmp_path) as world:
        fake = world.fake
        await world.start()
        await create_cat(world, "Rook", user=fake.player1)
        body = await world.command("config ruleset", {"ruleset": "caverns"}, user=fake.admin)
        assert "Archived, not deleted: 1 Germ character" in text_of(body)
        await fake.wait_until(lambda: fake.sync_count[fake.guild_id] == 2, 5, "the re-sync")
        listed = await world.command("character list", user=fake.player1)
        assert "Archived Germ characters (back when the server plays Germ): Rook." in (
            text_of(listed)
        )
        body = await world.command("config ruleset", {"ruleset": "germ"}, user=fake.admin)
        assert "Back from the archive: 1 Germ character." in text_of(body)
        await fake.wait_until(lambda: fake.sync_count[fake.guild_id] == 3, 5, "the re-sync")
        body = await world.command("check", {"stat": "strength"}, user=fake.player1)
        assert "Rook" in text_of(body)


async def test_pawpost_health_answers_from_the_running_bot(tmp_path: Path) -> None:
    """Issue 30: Docker's HEALTHCHECK runs `pawpost health`, which asks the bot itself."""
    async with bot_world(tmp_path) as world:
        await world.start()
        env = world.environment(None, None, {})
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            *("-m", "bot.cli", "health"),
            cwd=world.tmp,
            env=env,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
        )
        out, _ = await proc.communicate()
        assert proc.returncode == 0, out.decode()
        assert out.decode().startswith("ok: ready as Pawpost in 1 servers; the database answers")
