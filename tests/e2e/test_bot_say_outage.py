"""`/say` while Discord cannot take webhook posts (issue 32, Low): one sentence for the member
alone, nothing recorded, one line in the log; never the bug apology.

discord.py tries a webhook post five times on a 5xx, waiting 1, 3, 5, 7 and 9 s, and then
raises `DiscordServerError`. The first test runs the real `Webhooks.deliver` and discord.py's
real webhook requests against the fake Discord, with those waits skipped (and counted). The
last runs the real `pawpost run` process: its post hangs until the interaction was deferred
(Discord's 3 s deadline), then the connection drops.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from types import SimpleNamespace
from typing import Any
from unittest import mock

import aiohttp
import discord
import discord.webhook.async_
import pytest

from bot.actions import posts
from bot.actions.context import Services
from bot.actions.germ import cats as germ_cats
from bot.actions.reply import Reply
from bot.discord.webhooks import Webhooks
from rules.errors import PawpostError
from tests.conftest import ALICE, Dice, actor, cat, dump
from tests.e2e.bot_process import bot_world, create_cat, is_ephemeral, text_of
from tests.e2e.fake_discord import FakeDiscord

TROUBLE = (
    "Discord is having trouble right now, so nothing was posted as Rook; try again in a few"
    " minutes."
)
LOST = (
    "Pawpost lost its connection to Discord while posting as Rook, so it may or may not have"
    " gone through: look in the channel before trying again."
)
DEFERRED = 5


class _NoWaiting:
    """`asyncio` as discord.py's webhook adapter sees it, with its waits between tries
    skipped and noted."""

    def __init__(self) -> None:
        self.waits: list[float] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(asyncio, name)

    async def sleep(self, delay: float, result: Any = None) -> Any:
        self.waits.append(delay)
        await asyncio.sleep(0)
        return result


class _Bot:
    """What `Webhooks` reads of the bot: its user, its services and the outbox's poke."""

    def __init__(self, services: Services, user_id: int) -> None:
        self.services = services
        self.user = SimpleNamespace(id=user_id)
        self.pokes = 0

    def poke_outbox(self) -> None:
        self.pokes += 1


def _channel_webhook(fake: FakeDiscord, channel_id: int) -> dict[str, Any]:
    """A webhook of the bot in the channel, as `POST /channels/{id}/webhooks` makes one."""
    hook_id = fake._snowflake()
    fake.webhooks.hooks[hook_id] = {
        "id": str(hook_id), "type": 1, "token": "fake-wtoken-" + secrets.token_urlsafe(24),
        "channel_id": str(channel_id), "guild_id": str(fake.guild_id), "name": "Pawpost",
        "avatar": None, "application_id": str(fake.application_id),
        "user": fake.users[fake.bot_user],
    }  # fmt: skip
    return fake.webhooks.hooks[hook_id]


class _Channel:
    """#general as the bot posts in it through its webhook: `deliver` is what the bot does with
    a reply that carries a post (`/say`, "Edit as character", "Delete")."""

    def __init__(self, fake: FakeDiscord, services: Services, session: aiohttp.ClientSession):
        self.id = fake.channel_ids["general"]
        hook = _channel_webhook(fake, self.id)
        channel = mock.MagicMock(spec=discord.TextChannel)
        channel.id = self.id
        self.interaction: Any = SimpleNamespace(
            channel=channel, app_permissions=discord.Permissions(manage_webhooks=True)
        )
        self.bot = _Bot(services, fake.bot_user)
        self.webhooks = Webhooks(self.bot)  # type: ignore[arg-type]
        webhook = discord.Webhook.partial(int(hook["id"]), hook["token"], session=session)
        self.webhooks._by_channel[self.id] = webhook  # found before, as after a first /say

    async def deliver(self, reply: Reply) -> Reply:
        return await self.webhooks.deliver(self.interaction, actor(ALICE), reply)


async def _deliver(fake: FakeDiscord, services: Services, reply: Reply) -> tuple[Reply, _Bot]:
    """`/say`'s post through the channel's webhook, as the bot delivers it."""
    async with aiohttp.ClientSession() as session:
        channel = _Channel(fake, services, session)
        return await channel.deliver(reply), channel.bot


@pytest.mark.parametrize(
    ("failing", "tries", "waits", "sentence"),
    [(503, 5, [1, 3, 5, 7, 9], TROUBLE), (0, 1, [], LOST)],
    ids=["server-errors", "connection-dropped"],
)
async def test_say_while_discord_fails_is_one_sentence_and_records_nothing(
    discord_py_at_fake: FakeDiscord,
    services: Services,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    failing: int,
    tries: int,
    waits: list[float],
    sentence: str,
) -> None:
    fake = discord_py_at_fake
    await germ_cats.create(services, actor(ALICE), **cat("Rook"))
    reply = await posts.say(services, actor(ALICE), text="Hello.")
    before = dump(services.db)
    fake.webhooks.failing = failing
    no_waiting = _NoWaiting()
    monkeypatch.setattr(discord.webhook.async_, "asyncio", no_waiting)

    with (
        caplog.at_level(logging.WARNING, logger="bot.discord.webhooks"),
        pytest.raises(PawpostError) as refused,
    ):
        await _deliver(fake, services, reply)

    assert refused.value.message == sentence
    assert fake.webhooks.failed == tries and no_waiting.waits == waits  # discord.py's own tries
    assert fake.webhooks.executions == [] and fake.messages("general") == []
    assert dump(services.db) == before  # no post recorded, no post log queued
    [line] = [r.getMessage() for r in caplog.records]
    channel = fake.channel_ids["general"]
    assert line.startswith(f"could not send a post as Rook in channel {channel}: ")
    assert "Traceback" not in caplog.text


async def test_say_names_kept_inline_rolls_when_discord_fails(
    discord_py_at_fake: FakeDiscord,
    services: Services,
    dice: Dice,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The rolls of `[[1d20]]` were thrown and logged before the post was tried: say so."""
    fake = discord_py_at_fake
    await germ_cats.create(services, actor(ALICE), **cat("Rook"))
    dice.load(17)
    reply = await posts.say(services, actor(ALICE), text="I leap [[1d20]].")
    fake.webhooks.failing = 502
    monkeypatch.setattr(discord.webhook.async_, "asyncio", _NoWaiting())
    with pytest.raises(PawpostError) as refused:
        await _deliver(fake, services, reply)
    assert refused.value.message == (
        "Discord is having trouble right now, so nothing was posted as Rook (its inline rolls"
        " are kept in /log); try again in a few minutes."
    )


async def test_say_posts_when_discord_answers(
    discord_py_at_fake: FakeDiscord, services: Services
) -> None:
    """The same path with Discord well: posted, recorded, the member told."""
    fake = discord_py_at_fake
    await germ_cats.create(services, actor(ALICE), **cat("Rook"))
    reply = await posts.say(services, actor(ALICE), text="Hello.")
    answered, bot = await _deliver(fake, services, reply)
    assert answered.lines == ["Posted as Rook."] and answered.post is None
    [sent] = fake.webhooks.executions
    assert sent.body["content"] == "Hello." and sent.body["username"] == "Rook"
    assert bot.pokes == 1


async def test_an_edit_or_delete_while_discord_fails_leaves_the_post_as_it_was(
    discord_py_at_fake: FakeDiscord, services: Services, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = discord_py_at_fake
    await germ_cats.create(services, actor(ALICE), **cat("Rook"))
    monkeypatch.setattr(discord.webhook.async_, "asyncio", _NoWaiting())
    async with aiohttp.ClientSession() as session:
        channel = _Channel(fake, services, session)
        await channel.deliver(await posts.say(services, actor(ALICE), text="Hello."))
        [sent] = fake.webhooks.executions
        assert sent.message is not None
        message_id = int(sent.message["id"])
        before = dump(services.db)
        fake.webhooks.failing = 503
        edit = await posts.edit(services, actor(ALICE), message_id, "Changed.")
        with pytest.raises(PawpostError) as edited:
            await channel.deliver(edit)
        delete = await posts.delete(services, actor(ALICE), message_id)
        with pytest.raises(PawpostError) as deleted:
            await channel.deliver(delete)
    assert edited.value.message == (
        "Discord is having trouble right now, so Rook's post was not edited; try again in a few"
        " minutes."
    )
    assert deleted.value.message == (
        "Discord is having trouble right now, so Rook's post was not deleted; try again in a few"
        " minutes."
    )
    assert fake.message(sent.message["id"])["content"] == "Hello."
    assert dump(services.db) == before  # neither marked edited nor deleted


async def test_a_say_that_hangs_is_deferred_in_time_then_told_alone(tmp_path: Any) -> None:
    """The real bot: Discord holds the post past the 3 s deadline, so the bot defers first,
    then the connection drops and the member alone reads the sentence."""
    async with bot_world(tmp_path) as world:
        fake = world.fake
        await world.start()
        await create_cat(world, "Rook", user=fake.player1)
        fake.interaction_deadline = 3.0
        fake.webhooks.failing = 0
        fake.webhooks.hold = asyncio.Event()
        inter = await fake.slash("say", {"text": "Hello."}, user=fake.player1)
        first = await inter.response(timeout=3.5)
        assert first["type"] == DEFERRED
        fake.webhooks.hold.set()
        told = await inter.wait_followup(timeout=10)
        assert told["content"] == LOST and is_ephemeral(told)
        assert inter.original() is None or is_ephemeral(inter.original() or {})
        assert fake.webhooks.executions == []  # nothing was posted as Rook
        await world.wait_log("could not send a post as Rook")
        assert fake.errors == []  # nothing answered late, nothing answered twice
        # Discord is well again: the same /say posts
        fake.webhooks.failing = None
        body = await world.command("say", {"text": "Hello."}, user=fake.player1)
        assert is_ephemeral(body) and text_of(body) == "Posted as Rook."
        assert [e.body["content"] for e in fake.webhooks.executions] == ["Hello."]
