"""Posting in a character's voice through the real client against the fake Discord: members'
messages (MESSAGE_CREATE with their text), the channel's webhook, deletes, rate limits, and the
Message Content intent the operator turns on (or not)."""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path

from tests.e2e.bot_process import (
    BotWorld,
    bot_world,
    create_cat,
    is_ephemeral,
    one_sentence,
    text_of,
)
from tests.e2e.fake_discord import GATEWAY_MESSAGE_CONTENT_LIMITED
from tests.e2e.fake_discord_state import Json, UploadedFile
from tests.e2e.fake_discord_webhooks import message_command

PROXYING = {"PAWPOST_PROXYING": "1"}
AVATAR = "https://images.example/rook.png"
BURST = 50


async def start_with_rook(world: BotWorld, **start: object) -> None:
    """The bot with proxying on, and player one's cat Rook with the tags `Rook: text`, `[text]`."""
    await world.start(env=PROXYING, **start)  # type: ignore[arg-type]
    await world.wait_log("proxying is on")
    await create_cat(world, "Rook", user=world.fake.player1)
    await world.command(
        "character profile", {"avatar-url": AVATAR, "colour": "blue"}, user=world.fake.player1
    )
    body = await world.command(
        "character proxy set", {"tags": "Rook: text | [text]"}, user=world.fake.player1
    )
    assert "are posted as Rook" in text_of(body), body


def by_channel_webhook(world: BotWorld, message: Json) -> bool:
    """Posted through a channel's webhook (not an answer to an interaction)."""
    return message.get("webhook_id") in {hook["id"] for hook in world.fake.webhooks.hooks.values()}


def webhook_posts(world: BotWorld, channel: str = "general") -> list[Json]:
    return [m for m in world.fake.messages(channel) if by_channel_webhook(world, m)]


async def test_a_tagged_message_becomes_a_webhook_post_and_the_original_goes(
    tmp_path: Path,
) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        await start_with_rook(world)
        original = await fake.post_user_message(
            "general", "Rook: I stalk the deer.", user=fake.player1
        )
        post = await fake.wait_for_message(
            lambda m: by_channel_webhook(world, m), channel="general"
        )
        assert post["content"] == "I stalk the deer."
        assert post["author"]["username"] == "Rook"
        [sent] = fake.webhooks.executions
        assert sent.body["avatar_url"] == AVATAR
        await fake.wait_until(lambda: fake.message(original["id"]) is None, 5, "the original gone")
        assert [m["id"] for m in fake.deleted_messages] == [original["id"]]
        # a message in no tag stays, and nothing is posted for it
        plain = await fake.post_user_message("general", "just chatting", user=fake.player1)
        other = await fake.post_user_message("general", "Rook: not mine", user=fake.player2)
        await world.command("config show", user=fake.player1)  # the bot has read both by now
        assert fake.message(plain["id"]) is not None and fake.message(other["id"]) is not None
        assert len(fake.webhooks.executions) == 1

        # who posted it, edit and delete keep working on the proxied post
        who = await world.answer(
            await message_command(fake, "Who posted this?", post, user=fake.player2)
        )
        assert text_of(who).startswith(f"Posted as Rook by <@{fake.player1}>")
        opened = await message_command(fake, "Edit as character", post, user=fake.player1)
        await world.answer(await fake.submit_modal(opened, {"text": "I stalk the stag."}))
        assert fake.message(post["id"])["content"] == "I stalk the stag."
        refused = await world.answer(await message_command(fake, "Delete", post, user=fake.player2))
        assert is_ephemeral(refused) and one_sentence(refused["content"])
        await world.answer(await message_command(fake, "Delete", post, user=fake.player1))
        assert fake.message(post["id"]) is None


async def test_autoproxy_latch_and_an_escaped_message(tmp_path: Path) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        await start_with_rook(world)
        body = await world.command("autoproxy", {"mode": "latch"}, user=fake.player1)
        assert is_ephemeral(body) and "latches" in text_of(body)
        await fake.post_user_message("general", "before any tag", user=fake.player1)
        await fake.post_user_message("general", "[first]", user=fake.player1)
        await fake.post_user_message("general", "and on it goes", user=fake.player1)
        escaped = await fake.post_user_message("general", "\\brb, dinner", user=fake.player1)
        await fake.post_user_message("general", "back again", user=fake.player1)
        await fake.wait_until(lambda: len(webhook_posts(world)) == 3, 10, "three posts")
        assert [m["content"] for m in webhook_posts(world)] == [
            "first",
            "and on it goes",
            "back again",
        ]
        kept = [
            m["content"] for m in fake.messages("general") if m["author"]["id"] == str(fake.player1)
        ]
        assert "before any tag" in kept and "\\brb, dinner" in kept
        assert fake.message(escaped["id"]) is not None
        await world.command("autoproxy", {"mode": "off"}, user=fake.player1)
        await fake.post_user_message("general", "off now", user=fake.player1)
        await world.command("config show", user=fake.player1)
        assert len(webhook_posts(world)) == 3


async def test_an_attachment_and_a_reply_carry_over(tmp_path: Path) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        await start_with_rook(world)
        asked = await fake.post_user_message("general", "Who goes there?", user=fake.player2)
        picture = UploadedFile("map.png", b"\x89PNG not really", "image/png")
        original = await fake.post_user_message(
            "general", "Rook: A map of the den.", user=fake.player1, files=[picture],
            reply_to=asked,
        )  # fmt: skip
        post = await fake.wait_for_message(
            lambda m: by_channel_webhook(world, m), channel="general"
        )
        assert post["content"] == "A map of the den."
        [attached] = post["attachments"]
        assert attached["filename"] == "map.png"
        assert fake.attachment_bytes(attached) == picture.data
        [answered] = post["embeds"]
        assert answered["author"]["name"] == "↩ player_two"
        assert "Who goes there?" in answered["description"]
        assert f"/{fake.channel_ids['general']}/{asked['id']}" in answered["description"]
        assert answered["color"] == 0x3498DB  # Rook's colour
        await fake.wait_until(lambda: fake.message(original["id"]) is None, 5, "the original gone")


async def test_an_npc_post_by_an_admin_and_a_refusal_for_a_player(tmp_path: Path) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        await world.start(env=PROXYING, dice=[4, 5])
        made = await world.command(
            "npc add", {"name": "Clyde", "colour": "red", "tags": "Guard: text"}, user=fake.admin
        )
        assert "look-alike letter" in text_of(made)
        refused = await world.command("npc add", {"name": "Sneaky"}, user=fake.player1)
        assert is_ephemeral(refused) and one_sentence(refused["content"])
        said = await world.command(
            "say", {"npc": "Clyde", "text": "Halt! [[2d6]]"}, user=fake.admin
        )
        assert is_ephemeral(said) and "Posted as Clyde." in text_of(said)
        [sent] = fake.webhooks.executions
        assert sent.body["username"] == "\u0421lyde"  # a Cyrillic С: Discord refuses "Clyde"
        assert sent.body["content"] == "Halt! **9**"
        assert sent.body["embeds"][0]["description"] == "2d6: 2d6 [4, 5] = **9**"
        refused = await world.command("say", {"npc": "Clyde", "text": "Halt!"}, user=fake.player1)
        assert is_ephemeral(refused) and refused["content"] == "Only an admin can speak as an NPC."
        # the NPC's tags speak for admins only
        await fake.post_user_message("general", "Guard: Who goes there?", user=fake.player1)
        await fake.post_user_message("general", "Guard: Who goes there?", user=fake.admin)
        await fake.wait_until(lambda: len(fake.webhooks.executions) == 2, 5, "the admin's post")
        assert fake.webhooks.executions[1].body["username"] == "\u0421lyde"
        await world.command("config show", user=fake.player1)
        assert len(fake.webhooks.executions) == 2
        assert not any(e[1] == 400 for e in fake.errors)  # Discord never refused a name


async def test_fifty_proxied_messages_in_a_burst_arrive_once_each_in_order(
    tmp_path: Path,
) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        await start_with_rook(world)
        fake.webhooks.rate_limit = (10, 0.5)  # the webhook's bucket: 10 posts each half second
        originals = [
            await fake.post_user_message("general", f"Rook: line {n}", user=fake.player1)
            for n in range(BURST)
        ]
        await fake.wait_until(lambda: len(webhook_posts(world)) >= BURST, 30, "every post")
        await fake.wait_until(
            lambda: all(fake.message(m["id"]) is None for m in originals), 10, "originals gone"
        )
        assert [m["content"] for m in webhook_posts(world)] == [f"line {n}" for n in range(BURST)]
        assert fake.webhooks.limited > 0  # Discord's rate limit was met, and waited out
        assert len(fake.deleted_messages) == BURST
        # each original deleted only after its post existed
        posted_at = {m["content"]: int(m["id"]) for m in webhook_posts(world)}
        for n, original in enumerate(originals):
            assert posted_at[f"line {n}"] > int(original["id"])
        deletes = [r.path.rsplit("/", 1)[-1] for r in fake.requests if r.method == "DELETE"]
        assert deletes == [m["id"] for m in originals]


async def test_with_the_intent_off_the_bot_starts_and_says_what_proxying_needs(
    tmp_path: Path,
) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        fake.message_content_intent = False  # the portal's toggle is off
        await world.start(env=PROXYING)
        line = await world.wait_log("Message Content intent")
        assert "Developer Portal" in line
        assert fake.refused_identifies == 0  # it never asked for what it knew it lacked
        conn = await fake.wait_for_connection()
        assert not conn.intents & (1 << 15)
        await create_cat(world, "Rook", user=fake.player1)
        body = await world.command("character proxy set", {"tags": "Rook: text"}, user=fake.player1)
        assert is_ephemeral(body) and one_sentence(body["content"])
        assert "Message Content intent" in body["content"]
        await fake.post_user_message("general", "Rook: hello", user=fake.player1)
        await world.command("config show", user=fake.player1)
        assert fake.webhooks.executions == []


async def test_a_gateway_that_refuses_the_intent_is_met_without_it(tmp_path: Path) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        fake.message_content_intent = False
        fake.application_flags = GATEWAY_MESSAGE_CONTENT_LIMITED  # the flags say it is granted
        await world.start(env=PROXYING)
        assert fake.refused_identifies == 1  # 4014, then again without the intent
        await world.wait_log("Message Content intent")
        body = await world.command("autoproxy", {"mode": "latch"}, user=fake.player1)
        assert "Message Content intent" in body["content"]


async def test_with_proxying_off_the_commands_say_how_to_turn_it_on(tmp_path: Path) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        await world.start()
        conn = await fake.wait_for_connection()
        assert conn.intents == 1  # guilds only: no privileged intent
        await create_cat(world, "Rook", user=fake.player1)
        body = await world.command("character proxy set", {"tags": "Rook: text"}, user=fake.player1)
        assert is_ephemeral(body) and one_sentence(body["content"])
        assert "proxying = true" in body["content"] and "PAWPOST_PROXYING=1" in body["content"]


async def test_the_post_log_records_each_proxied_post_with_its_author(tmp_path: Path) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        await start_with_rook(world)
        await world.command("config post-log set", {"channel": "admin"}, user=fake.admin)
        await fake.post_user_message("general", "Rook: hello", user=fake.player1)
        entry = await fake.wait_for_message(lambda m: bool(m["embeds"]), channel="admin")
        post = webhook_posts(world)[0]
        assert text_of(entry).startswith("Rook in <#")
        assert f"<@{fake.player1}>" in text_of(entry) and post["id"] in text_of(entry)
        assert entry["allowed_mentions"]["users"] == []


async def test_the_bot_killed_after_discord_took_a_proxied_post_posts_it_once(
    tmp_path: Path,
) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        await start_with_rook(world)
        running = world.bot
        killed = asyncio.Event()

        async def kill_the_bot(message: Json) -> None:
            """Discord has the post; the bot dies before it hears so, or deletes the original."""
            if not killed.is_set():
                running.proc.send_signal(signal.SIGKILL)
                await running.proc.wait()
                killed.set()

        fake.webhooks.after_post = kill_the_bot
        original = await fake.post_user_message("general", "Rook: once only", user=fake.player1)
        await asyncio.wait_for(killed.wait(), 20)
        fake.webhooks.after_post = None
        world.processes.remove(running)  # killed on purpose: not one of the clean exits checked
        assert fake.message(original["id"]) is not None  # not deleted: the bot never heard

        await world.start(env=PROXYING)
        await fake.wait_until(lambda: fake.message(original["id"]) is None, 20, "the original gone")
        assert [m["content"] for m in webhook_posts(world)] == ["once only"]
        assert len(fake.webhooks.executions) == 1  # found among the channel's messages, not sent
        [post] = webhook_posts(world)
        who = await world.answer(
            await message_command(fake, "Who posted this?", post, user=fake.player2)
        )
        assert text_of(who).startswith(f"Posted as Rook by <@{fake.player1}>")
