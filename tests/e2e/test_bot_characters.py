"""Characters through Discord: a bad sheet then a good one, autocomplete, paging, the export."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from tests.e2e.bot_process import (
    EVEN_SHEET,
    bot_world,
    create_cat,
    custom_ids,
    find_id,
    is_ephemeral,
    one_sentence,
    pinged,
    text_of,
)


async def test_bad_sheet_then_good_one(tmp_path: Path) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        await world.start()
        too_many = {**EVEN_SHEET, "strength": 8, "agility": 8}
        body = await world.command(
            "character create", {"name": "Rook", **too_many, "age": 12}, user=fake.player1
        )
        assert is_ephemeral(body) and not body.get("embeds")
        assert one_sentence(body["content"]), body["content"]
        assert "22" in body["content"]  # names the rule it broke

        body = await create_cat(world, "Rook", user=fake.player1)
        assert not is_ephemeral(body)
        [embed] = body["embeds"]
        assert embed["title"] == "Rook joins the server"
        assert f"<@{fake.player1}>" in embed["description"] and pinged(body) == set()

        # the same name again is refused in one sentence, and nothing is posted for all to see
        body = await world.command(
            "character create", {"name": "rook", **EVEN_SHEET, "age": 3}, user=fake.player2
        )
        assert is_ephemeral(body) and one_sentence(body["content"])
        shown = await world.command("character show", {"character": "Rook"}, user=fake.player2)
        assert "Strength" in text_of(shown) and pinged(shown) == set()


async def test_autocomplete_puts_the_callers_cats_first(tmp_path: Path) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        await world.start()
        cats = {"Rook": fake.player1, "Rowan": fake.player1, "Robin": fake.player2}
        for name, user in (cats | {"Sable": fake.player2}).items():
            await create_cat(world, name, user=user)

        async def choices(user: int, typed: str) -> list[str]:
            inter = await fake.autocomplete(
                "character show", {"character": typed}, "character", user=user
            )
            body = await inter.response()
            assert body["type"] == 8, body
            return [c["value"] for c in body["data"]["choices"]]

        assert await choices(fake.player1, "ro") == ["Rook", "Rowan", "Robin"]
        assert await choices(fake.player2, "ro") == ["Robin", "Rook", "Rowan"]
        assert await choices(fake.player2, "") == ["Robin", "Sable", "Rook", "Rowan"]
        assert await choices(fake.admin, "x") == []
        # the contest's target option completes too
        inter = await fake.autocomplete(
            "contest", {"stat": "strength", "target": "s"}, "target", user=fake.player1
        )
        assert [c["value"] for c in (await inter.response())["data"]["choices"]] == ["Sable"]

        # a deleted cat (confirmed with a button on an ephemeral message) is offered no more
        inter = await fake.slash("character delete", {"character": "Rowan"}, user=fake.player1)
        body = await world.answer(inter)
        assert is_ephemeral(body)
        confirm = world.stored(inter)
        delete = find_id(confirm, r"pawpost:character:\d+:delete")
        click = await world.click(confirm, delete, user=fake.player1)
        assert (await click.response())["type"] == 7
        assert text_of(confirm) == "Rowan was deleted." and custom_ids(confirm) == []
        assert await choices(fake.player1, "ro") == ["Rook", "Robin"]
        body = await world.command("admin restore", {"character": "rowan"}, user=fake.admin)
        assert text_of(body) == "Rowan is back."
        assert await choices(fake.player1, "ro") == ["Rook", "Rowan", "Robin"]


async def test_long_list_pages_with_buttons(tmp_path: Path) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        await world.start()
        names = [f"Cat {n:02d}" for n in range(1, 27)]
        for number, name in enumerate(names):
            await create_cat(world, name, user=fake.player1 if number % 2 else fake.player2)
        body = await world.command("character list", user=fake.player1)
        first = body["embeds"][0]["description"].splitlines()
        assert len(first) == 20 and first[0].startswith("Cat 01")
        message = fake.messages("general")[-1]
        assert custom_ids(message) == ["pawpost:characters:0:page:2"]

        click = await world.click(message, "pawpost:characters:0:page:2", user=fake.player2)
        assert (await click.response())["type"] == 7  # the list is replaced in place
        second = message["embeds"][0]["description"].splitlines()
        assert [line.split(" —")[0] for line in second] == names[20:]
        assert message["embeds"][0]["title"] == "Characters (page 2)"
        assert custom_ids(message) == ["pawpost:characters:0:page:1"]  # Previous only

        await world.click(message, "pawpost:characters:0:page:1", user=fake.player1)
        assert message["embeds"][0]["description"].splitlines() == first
        assert fake.messages("general")[-1] is message  # no new message for the pages


async def test_admin_export_is_a_json_file_for_admins_only(tmp_path: Path) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        await world.start()
        await create_cat(world, "Rook", user=fake.player1)
        await create_cat(world, "Robin", user=fake.player2)
        await world.command("check", {"stat": "stealth"}, user=fake.player1)

        refused = await world.command("admin export", user=fake.player1)
        assert is_ephemeral(refused) and one_sentence(refused["content"])
        assert "admin" in refused["content"] and not refused.get("attachments")

        inter = await fake.slash("admin export", user=fake.admin)
        body = await world.answer(inter)
        assert is_ephemeral(body)
        message = world.stored(inter)
        [attachment] = message["attachments"]
        assert attachment["filename"] == f"pawpost-{fake.guild_id}.json.gz"
        data = json.loads(gzip.decompress(fake.attachment_bytes(attachment)))
        assert data["guild_id"] == str(fake.guild_id) and data["ruleset"] == "germ"
        assert {c["name"] for c in data["characters"]} == {"Rook", "Robin"}
        assert [e["summary"] for e in data["audit_log"]][-1] == "Stealth check"


async def test_an_export_over_the_upload_limit_names_pawpost_export(tmp_path: Path) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        fake.attachment_size_limit = 200  # bytes: what this interaction says the server takes
        await world.start()
        await create_cat(world, "Rook", user=fake.player1)
        body = await world.command("admin export", user=fake.admin)
        assert is_ephemeral(body) and not body.get("attachments")
        shown = text_of(body)
        assert "more than this server's upload limit of 0.2 KB" in shown
        assert f"`pawpost export --guild {fake.guild_id} > export.json`" in shown
