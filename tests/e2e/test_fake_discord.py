"""Proves FakeDiscord against a plain discord.py 2.7 client running in the test's event loop."""

from __future__ import annotations

import asyncio
import io
import json
import re
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.webhook.async_ import async_context, interaction_response_params

from tests.e2e.fake_discord import FakeDiscord, discord_py_pointed_at

LOG_JSON = b'{"rounds": 3}'


class PingAgain(discord.ui.DynamicItem[discord.ui.Button], template=r"ping:again:(?P<count>\d+)"):
    """A persistent button: it works after a restart because its state is in the custom_id."""

    def __init__(self, count: int) -> None:
        super().__init__(discord.ui.Button(label="Again", custom_id=f"ping:again:{count}"))
        self.count = count

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> PingAgain:
        return cls(int(match["count"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        view = PingView()
        view.add_item(PingAgain(self.count + 1))
        content = f"again {self.count} by {interaction.user.name}"
        await interaction.response.edit_message(content=content, view=view)


class PingView(discord.ui.View):
    """A plain (non-persistent) view with a string select."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.select(custom_id="ping:pick", options=[discord.SelectOption(label=x) for x in "ab"])
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select[Any]) -> None:
        await interaction.response.send_message(f"picked {select.values}", ephemeral=True)


class NameModal(discord.ui.Modal, title="Name your character"):
    char_name: discord.ui.TextInput[NameModal] = discord.ui.TextInput(
        label="Name", custom_id="char_name"
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"named {self.char_name.value}")


class TinyBot(discord.Client):
    """A test-only bot: /ping name, /game combat skip, /game export|twice|form, one button."""

    def __init__(self, guild_id: int) -> None:
        intents = discord.Intents.default()
        intents.members = intents.message_content = True
        super().__init__(intents=intents, guild_ready_timeout=0.05)
        self.guild_obj = discord.Object(guild_id)
        self.tree = app_commands.CommandTree(self)
        self.ready_event = asyncio.Event()
        self.seen_messages: list[discord.Message] = []
        self.second_callback_error: discord.HTTPException | None = None
        self._register()

    async def setup_hook(self) -> None:
        self.add_dynamic_items(PingAgain)

    async def on_ready(self) -> None:
        self.ready_event.set()

    async def on_message(self, message: discord.Message) -> None:
        self.seen_messages.append(message)

    def _register(self) -> None:
        tree = self.tree

        @tree.command(guild=self.guild_obj, description="Ping the bot")
        async def ping(interaction: discord.Interaction, name: str) -> None:
            view = PingView()
            view.add_item(PingAgain(1))
            await interaction.response.send_message(f"pong {name}", view=view)

        @ping.autocomplete("name")
        async def ping_name(
            interaction: discord.Interaction, current: str
        ) -> list[app_commands.Choice[str]]:
            names = ("rook", "rowan", "sable")
            return [app_commands.Choice(name=n, value=n) for n in names if n.startswith(current)]

        game = app_commands.Group(name="game", description="Game things")
        combat = app_commands.Group(name="combat", description="Combat", parent=game)

        @combat.command(description="Skip a turn")
        async def skip(
            interaction: discord.Interaction, target: discord.Member, rounds: int = 1
        ) -> None:
            await interaction.response.defer(thinking=True)
            await interaction.followup.send(f"skipped {target.name} for {rounds}")
            log = discord.File(io.BytesIO(LOG_JSON), "log.json")
            await interaction.followup.send("log attached", file=log, ephemeral=True)

        @game.command(description="Export to a channel")
        async def export(interaction: discord.Interaction, channel: discord.TextChannel) -> None:
            await interaction.response.send_message("exporting", ephemeral=True)
            data = json.dumps({"channel": channel.name}).encode()
            await channel.send("export", file=discord.File(io.BytesIO(data), "export.json"))
            await interaction.edit_original_response(content="exported")

        @game.command(description="Answer twice")
        async def twice(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("first")
            params = interaction_response_params(4, {"content": "second"})
            try:  # bypass discord.py's own "already responded" guard, to hit the server
                await async_context.get().create_interaction_response(
                    interaction.id, interaction.token, session=interaction._session, params=params
                )
            except discord.HTTPException as exc:
                self.second_callback_error = exc

        @game.command(description="Fill in a form")
        async def form(interaction: discord.Interaction) -> None:
            await interaction.response.send_modal(NameModal())

        tree.add_command(game, guild=self.guild_obj)


@asynccontextmanager
async def running(fake: FakeDiscord, *, sync: bool = True) -> AsyncIterator[TinyBot]:
    """Start a TinyBot against the fake, wait for on_ready, close it afterwards."""
    tasks_before = asyncio.all_tasks()
    # Threads are told apart by identity: the test runner's own (pytest-xdist's) are not ours.
    threads_before = set(threading.enumerate())
    bot = TinyBot(fake.guild_id)
    task = asyncio.create_task(bot.start("fake-token"))
    ready = asyncio.create_task(bot.ready_event.wait())
    try:
        done, _ = await asyncio.wait({task, ready}, timeout=5, return_when=asyncio.FIRST_COMPLETED)
        if task in done:
            task.result()  # raises the start-up error
        assert ready in done, "bot never became ready"
        if sync:
            await bot.tree.sync(guild=bot.guild_obj)
        yield bot
    finally:
        ready.cancel()
        await bot.close()
        await asyncio.wait_for(task, 5)
        # nothing the client started may outlive it (keep-alive thread, session, view tasks)
        await fake.wait_until(
            lambda: not (asyncio.all_tasks() - tasks_before), 2, "no leaked tasks"
        )
        await fake.wait_until(
            lambda: not set(threading.enumerate()) - threads_before, 2, "keep-alive thread ended"
        )


@pytest.mark.parametrize("compress", [False, True], ids=["plain-frames", "zlib-stream"])
async def test_login_ready_and_guild(compress: bool) -> None:
    async with FakeDiscord(compress=compress) as fake:
        with discord_py_pointed_at(fake):
            async with running(fake) as bot:
                conn = await fake.wait_for_connection()
                assert conn.query["compress"] == "zlib-stream"  # discord.py 2.7 always asks
                assert conn.compressed is compress
                assert conn.identify is not None and conn.identify["token"] == "fake-token"
                assert bot.user is not None and bot.user.id == fake.bot_user
                assert bot.application_id == fake.application_id
                guild = bot.get_guild(fake.guild_id)
                assert guild is not None and guild.name == fake.guild_name
                assert guild.chunked and guild.member_count == 5  # no op 8 needed
                assert all(p["op"] != 8 for p in conn.received)
                assert guild.owner_id == fake.owner != fake.admin
                assert {c.name for c in guild.text_channels} == {"general", "hunting", "admin"}
                assert guild.default_role.id == fake.guild_id
                admin = guild.get_member(fake.admin)
                player = guild.get_member(fake.player1)
                assert admin is not None and admin.guild_permissions.manage_guild
                assert player is not None and not player.guild_permissions.manage_guild
                # events after READY travel the same (compressed or not) stream
                inter = await fake.slash("ping", {"name": "zed"}, user=fake.player1)
                assert (await inter.response())["data"]["content"] == "pong zed"
        assert fake.unhandled == []
        assert [r.path for r in fake.requests[:2]] == ["/users/@me", "/oauth2/applications/@me"]


async def test_sync_commands(discord_py_at_fake: FakeDiscord) -> None:
    fake = discord_py_at_fake
    async with running(fake) as bot:
        assert fake.sync_count == {fake.guild_id: 1}
        stored = {c["name"]: c for c in fake.guild_commands[fake.guild_id]}
        assert set(stored) == {"ping", "game"}
        assert {o["name"] for o in stored["game"]["options"]} == {
            "combat",
            "export",
            "twice",
            "form",
        }
        fetched = await bot.tree.fetch_commands(guild=bot.guild_obj)
        assert {c.name: c.id for c in fetched} == {n: int(c["id"]) for n, c in stored.items()}
        again = await bot.tree.sync(guild=bot.guild_obj)
        assert fake.sync_count[fake.guild_id] == 2
        assert {c.id for c in again} == {c.id for c in fetched}  # ids are stable across syncs
    assert fake.unhandled == []


async def test_slash_then_button_click(discord_py_at_fake: FakeDiscord) -> None:
    fake = discord_py_at_fake
    async with running(fake):
        inter = await fake.slash("ping", {"name": "rook"}, user=fake.player1)
        body = await inter.response()
        assert body["type"] == 4 and body["data"]["content"] == "pong rook"
        [msg] = fake.messages("general")
        assert msg["id"] == str(inter.original_message_id) and msg["author"]["id"] == str(
            fake.bot_user
        )
        assert msg["interaction_metadata"]["user"]["id"] == str(fake.player1)
        callback = next(r for r in fake.requests if r.path.endswith("/callback"))
        assert callback.query == {"with_response": "1"}

        click = await fake.click(msg, "ping:again:1", user=fake.player2)
        assert (click.id, click.token) != (inter.id, inter.token)
        body = await click.response()
        assert body["type"] == 7
        assert msg["content"] == "again 1 by player_two"  # edited in place
        custom_ids = [c["components"][0]["custom_id"] for c in msg["components"]]
        assert custom_ids == ["ping:pick", "ping:again:2"]
        with pytest.raises(ValueError, match="no enabled component"):
            await fake.click(msg, "ping:again:1", user=fake.player2)

        pick = await fake.select(msg, "ping:pick", ["b"], user=fake.player1)
        assert pick.payload["data"]["component_type"] == 3
        body = await pick.response()
        assert body["data"] == {"content": "picked ['b']", "flags": 64, "tts": False}
    assert fake.unhandled == []


async def test_autocomplete(discord_py_at_fake: FakeDiscord) -> None:
    fake = discord_py_at_fake
    async with running(fake):
        inter = await fake.autocomplete("ping", {"name": "ro"}, "name", user=fake.player1)
        body = await inter.response()
        assert body["type"] == 8
        assert [c["value"] for c in body["data"]["choices"]] == ["rook", "rowan"]
        assert fake.messages("general") == []
    assert fake.unhandled == []


async def test_nested_subcommand_defer_and_followups(discord_py_at_fake: FakeDiscord) -> None:
    fake = discord_py_at_fake
    async with running(fake):
        inter = await fake.slash(
            "game combat skip", {"target": fake.player2, "rounds": 3}, user=fake.admin
        )
        options = inter.payload["data"]["options"]
        assert options[0]["type"] == 2 and options[0]["options"][0]["type"] == 1
        assert str(fake.player2) in inter.payload["data"]["resolved"]["users"]
        assert (await inter.response())["type"] == 5
        first = await inter.wait_followup(1)
        assert first["id"] == str(inter.original_message_id)  # fills the "thinking" message
        assert first["content"] == "skipped player_two for 3" and first["flags"] & 128 == 0
        log = await inter.wait_followup(2)
        assert log["flags"] & 64  # ephemeral
        assert fake.attachment_bytes(log["attachments"][0]) == LOG_JSON
        assert [m["content"] for m in fake.messages("general")] == [
            "skipped player_two for 3",
            "log attached",
        ]
    assert fake.unhandled == []


async def test_channel_post_with_file_and_original_edit(discord_py_at_fake: FakeDiscord) -> None:
    fake = discord_py_at_fake
    async with running(fake):
        hunting = fake.channel_ids["hunting"]
        inter = await fake.slash("game export", {"channel": hunting}, user=fake.admin)
        await inter.wait_edit(1)
        original = inter.original()
        assert (
            original is not None and original["content"] == "exported" and original["flags"] == 64
        )
        export = await fake.wait_for_message(lambda m: m["content"] == "export", channel="hunting")
        [attachment] = export["attachments"]
        assert json.loads(fake.attachment_bytes(attachment)) == {"channel": "hunting"}
        async with aiohttp.ClientSession() as session, session.get(attachment["url"]) as resp:
            assert await resp.read() == fake.attachment_bytes(attachment)
    assert fake.unhandled == []


async def test_second_callback_is_rejected(discord_py_at_fake: FakeDiscord) -> None:
    fake = discord_py_at_fake
    async with running(fake) as bot:
        inter = await fake.slash("game twice", user=fake.player1)
        assert (await inter.response())["data"]["content"] == "first"
        await fake.wait_until(lambda: bot.second_callback_error is not None)
        assert bot.second_callback_error is not None
        assert (bot.second_callback_error.status, bot.second_callback_error.code) == (400, 40060)
        assert len(inter.callbacks) == 2 and len(fake.messages("general")) == 1
        url = f"{fake.base_url}/interactions/{inter.id}/{inter.token}/callback"
        async with aiohttp.ClientSession() as session:
            async with session.post(url, json={"type": 4, "data": {"content": "x"}}) as resp:
                assert resp.status == 400 and resp.headers["Content-Type"] == "application/json"
                assert await resp.json() == {
                    "code": 40060,
                    "message": "Interaction has already been acknowledged.",
                }
            async with session.get(f"{fake.base_url}/no/such/route") as resp:
                assert resp.status == 404 and (await resp.json())["code"] == 0
    assert [r.path for r in fake.unhandled] == ["/no/such/route"]


async def test_modal_submit(discord_py_at_fake: FakeDiscord) -> None:
    fake = discord_py_at_fake
    async with running(fake):
        inter = await fake.slash("game form", user=fake.player1)
        assert (await inter.response())["type"] == 9
        submit = await fake.submit_modal(inter, {"char_name": "Rook"})
        assert (await submit.response())["data"]["content"] == "named Rook"
    assert fake.unhandled == []


async def test_bad_injections_fail_fast(discord_py_at_fake: FakeDiscord) -> None:
    fake = discord_py_at_fake
    async with running(fake, sync=False):
        with pytest.raises(ValueError, match="never synced"):
            await fake.slash("ping", {"name": "x"}, user=fake.player1)
        await fake.dispatch("NOTHING", {})  # unknown events are ignored by discord.py
    async with running(fake):
        bad = [
            ("ping", {}, "missing"),
            ("ping", {"nme": "x"}, "unknown options"),
            ("game combat", {}, "is a group"),
            ("game nope", {}, "no subcommand"),
        ]
        for name, opts, error in bad:
            with pytest.raises(ValueError, match=error):
                await fake.slash(name, opts, user=fake.player1)


async def test_restart_reconnects_and_keeps_state(discord_py_at_fake: FakeDiscord) -> None:
    fake = discord_py_at_fake
    async with running(fake):
        ping = await fake.slash("ping", {"name": "rook"}, user=fake.player1)
        await ping.response()
    assert fake.connections[0].closed
    async with running(fake, sync=False):  # a new process would not necessarily re-sync
        await fake.wait_for_connection(identifies=2)
        assert fake.sync_count == {fake.guild_id: 1}
        [msg] = fake.messages("general")
        click = await fake.click(msg, "ping:again:1", user=fake.player2)  # button from before
        assert (await click.response())["type"] == 7
    assert fake.identify_count == 2 and fake.resume_count == 0
    assert fake.unhandled == []


async def test_resume_after_reconnect_request(discord_py_at_fake: FakeDiscord) -> None:
    fake = discord_py_at_fake
    async with running(fake):
        first = await fake.wait_for_connection()
        await fake.request_reconnect()
        await fake.wait_until(lambda: fake.resume_count == 1 and fake.connected)
        second = await fake.wait_for_connection()
        assert second is not first and second.session_id == first.session_id
        inter = await fake.slash("ping", {"name": "again"}, user=fake.player1)
        assert (await inter.response())["data"]["content"] == "pong again"
    assert fake.identify_count == 1
    assert fake.unhandled == []


async def test_user_message_reaches_bot(discord_py_at_fake: FakeDiscord) -> None:
    fake = discord_py_at_fake
    async with running(fake, sync=False) as bot:
        msg = await fake.post_user_message("hunting", "I stalk the deer", user=fake.player1)
        await fake.wait_until(lambda: bot.seen_messages)
        seen: Any = bot.seen_messages[0]
        assert seen.id == int(msg["id"]) and seen.author.id == fake.player1
        assert seen.channel.name == "hunting"
    assert fake.unhandled == []


async def test_more_rest_routes_through_discord_py(discord_py_at_fake: FakeDiscord) -> None:
    fake = discord_py_at_fake
    async with running(fake, sync=False) as bot:
        channel: Any = bot.get_channel(fake.channel_ids["admin"])
        await channel.typing()
        sent = await channel.send("hello")
        await sent.edit(content="hello again")
        assert (await channel.fetch_message(sent.id)).content == "hello again"
        assert [m.id async for m in channel.history(limit=5)] == [sent.id]
        await sent.delete()
        assert fake.messages("admin") == []
        assert fake.deleted_messages[0]["id"] == str(sent.id)

        dm = await (await bot.fetch_user(fake.player1)).send("psst")
        assert [m["content"] for m in fake.messages(dm.channel.id)] == ["psst"]
        guild = await bot.fetch_guild(fake.guild_id)
        assert {r.name for r in await guild.fetch_roles()} == {"@everyone", "Admin"}
        assert len(await guild.fetch_channels()) == 3
        member = await guild.fetch_member(fake.admin)
        assert member.get_role(fake.admin_role_id) is not None
        with pytest.raises(discord.NotFound):
            await channel.fetch_message(sent.id)
    assert fake.unhandled == []
    assert [e[2]["code"] for e in fake.errors] == [10008]
