"""`pawpost run` over a range of Discord's gateway shards: it identifies as its shard of the
count, syncs its server's commands and answers them, as one process for all does."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.bot_process import bot_world, text_of


async def test_a_process_holding_one_shard_of_two_serves_its_server(tmp_path: Path) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        await world.start(env={"PAWPOST_SHARD_COUNT": "2", "PAWPOST_SHARDS": "1"})
        conn = await fake.wait_for_connection()
        assert conn.identify is not None and conn.identify["shard"] == [1, 2]
        assert fake.sync_count == {fake.guild_id: 1}
        body = await world.command("config show", user=fake.player1)
        assert "Germ" in text_of(body)
        await world.wait_log("holding shards 1 of 2")
