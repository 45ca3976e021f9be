"""Kicked and re-invited (issue 30): Discord drops a bot's guild commands when it is removed, so
the bot forgets the stored command hash on removal, and at start-up compares the hash with the
commands Discord actually holds for each server."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.bot_process import bot_world, text_of
from tests.e2e.test_bot_startup import top_level


async def test_kicked_and_reinvited_while_running_gets_its_commands_again(tmp_path: Path) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        await world.start()
        assert fake.sync_count == {fake.guild_id: 1}
        await fake.kick_bot()
        await world.wait_log("left server")
        assert world.synced_names() == set()
        await fake.invite_bot()
        await fake.wait_until(lambda: fake.sync_count[fake.guild_id] == 2, 5, "the re-sync")
        assert world.synced_names() == top_level("germ")
        body = await world.command("config show", user=fake.player1)
        assert "Germ" in text_of(body)
        # a join is welcomed once, in the first channel the bot may post in
        await fake.wait_until(
            lambda: any("Pawpost is here" in text_of(m) for m in fake.messages("general")),
            10,
            "the welcome post",
        )
        [welcome] = [m for m in fake.messages("general") if "Pawpost is here" in text_of(m)]
        assert "`/character new`" in text_of(welcome) and "**Germ**" in text_of(welcome)
        assert not any("Pawpost is here" in text_of(m) for m in fake.messages("hunting"))


async def test_kicked_and_reinvited_while_down_gets_its_commands_at_start_up(
    tmp_path: Path,
) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        await world.start()
        await world.command("config ruleset", {"ruleset": "caverns"}, user=fake.admin)
        await fake.wait_until(lambda: fake.sync_count[fake.guild_id] == 2, 5, "the re-sync")
        await world.stop()
        await fake.kick_bot(connected=False)
        await fake.invite_bot(connected=False)
        await world.start()
        await fake.wait_until(lambda: fake.sync_count[fake.guild_id] == 3, 5, "the re-sync")
        assert world.synced_names() == top_level("caverns")
        # Discord holds them now: the next start asks, compares, and syncs nothing
        await world.restart()
        assert fake.sync_count == {fake.guild_id: 3}


async def test_kicked_while_down_and_invited_while_running(tmp_path: Path) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        await world.start()
        await world.stop()
        await fake.kick_bot(connected=False)
        await world.start()
        assert fake.sync_count == {fake.guild_id: 1}
        await fake.invite_bot()
        await fake.wait_until(lambda: fake.sync_count[fake.guild_id] == 2, 5, "the re-sync")
        assert world.synced_names() == top_level("germ")
        # and welcomed, as a join is (awaited: a bot stopped while still posting it logged
        # the database it had closed as a bug, one run in a few on a loaded machine)
        await fake.wait_until(
            lambda: any("Pawpost is here" in text_of(m) for m in fake.messages("general")),
            10,
            "the welcome post",
        )
