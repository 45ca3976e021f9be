"""The GM toolkit through Discord: an admin corrects a Germ sheet (the field autocompleted),
`/character show` shows it, `/admin undo` restores it, and a player is refused."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.bot_process import bot_world, create_cat, is_ephemeral, one_sentence, text_of


async def test_an_admin_sets_a_field_and_undoes_it_a_player_is_refused(tmp_path: Path) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        await world.start()
        await create_cat(world, "Rook", user=fake.player1)

        inter = await fake.autocomplete(
            "admin sheet set", {"character": "Rook", "field": "str"}, "field", user=fake.admin
        )
        body = await inter.response()
        assert body["type"] == 8, body
        assert [c["value"] for c in body["data"]["choices"]] == ["Strength"]

        changes = {"character": "Rook", "field": "Strength", "value": "7", "reason": "typo"}
        body = await world.command("admin sheet set", changes, user=fake.admin)
        assert "Strength" in text_of(body) and "→ 7" in text_of(body), text_of(body)
        shown = await world.command("character show", {"character": "Rook"}, user=fake.player1)
        assert "**Strength** 7" in text_of(shown)

        refused = await world.command("admin sheet set", changes, user=fake.player1)
        assert is_ephemeral(refused) and one_sentence(refused["content"])
        assert "admin" in refused["content"]

        body = await world.command("admin undo", {}, user=fake.admin)
        assert "undone" in text_of(body)
        shown = await world.command("character show", {"character": "Rook"}, user=fake.player1)
        assert "**Strength** 7" not in text_of(shown)
