"""Profiles, posting as a character, the message commands on such a post and sheet approval,
through the real client against the fake Discord (its channel webhooks included)."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from bot.actions.card_drawing import WIDTH
from tests.e2e.bot_process import (
    bot_world,
    create_cat,
    custom_ids,
    find_id,
    is_ephemeral,
    one_sentence,
    pinged,
    text_of,
)
from tests.e2e.fake_discord_webhooks import add_thread, message_command

AVATAR = "https://images.example/rook.png"
BLUE = 0x3498DB


async def test_profile_shows_on_every_embed_about_the_character(tmp_path: Path) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        await world.start(dice=[15])
        await create_cat(world, "Rook", user=fake.player1)

        refused = await world.command(
            "character profile", {"avatar-url": "http://images.example/rook.png"}, user=fake.player1
        )
        assert is_ephemeral(refused) and one_sentence(refused["content"])
        assert "https" in refused["content"]
        other = await world.command(
            "character profile", {"character": "Rook", "colour": "red"}, user=fake.player2
        )
        assert other["content"] == "Rook belongs to another player."

        body = await world.command(
            "character profile",
            {"avatar-url": AVATAR, "colour": "#3498db", "pronouns": "she/her"},
            user=fake.player1,
        )
        [embed] = body["embeds"]
        assert embed["thumbnail"]["url"] == AVATAR and embed["color"] == BLUE
        assert "she/her" in text_of(body)

        shown = await world.command("character show", {"character": "Rook"}, user=fake.player2)
        [embed] = shown["embeds"]
        assert embed["thumbnail"]["url"] == AVATAR and embed["color"] == BLUE
        assert "timestamp" in embed

        rolled = await world.command("check", {"stat": "stealth", "dc": 10}, user=fake.player1)
        [embed] = rolled["embeds"]
        assert embed["thumbnail"]["url"] == AVATAR and embed["color"] == BLUE
        assert embed["footer"]["text"] == "roll #3" and "timestamp" in embed


async def test_say_edit_delete_and_who_through_the_channel_webhook(tmp_path: Path) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        thread = add_thread(fake, "general", "a scene")
        await world.start()
        await create_cat(world, "Rook", user=fake.player1)
        await world.command("character profile", {"avatar-url": AVATAR}, user=fake.player1)

        text = f"Hello <@{fake.player2}>! @everyone <@&{fake.admin_role_id}>"
        body = await world.command("say", {"text": text}, user=fake.player1)
        assert is_ephemeral(body) and text_of(body) == "Posted as Rook."
        [sent] = fake.webhooks.executions
        assert sent.body["username"] == "Rook" and sent.body["avatar_url"] == AVATAR
        assert sent.body["content"] == text and sent.query.get("wait") in ("1", "true")
        allowed = sent.body["allowed_mentions"]
        assert [int(u) for u in allowed["users"]] == [fake.player2] and allowed["parse"] == []
        assert not allowed.get("roles") and not allowed.get("everyone")
        post = sent.message
        assert post is not None and post["channel_id"] == str(fake.channel_ids["general"])

        # the same webhook again, and in a thread the parent's with the thread's id
        await world.command("say", {"text": "Again."}, user=fake.player1)
        await world.command("say", {"text": "In the scene."}, user=fake.player1, channel="a scene")
        assert len(fake.webhooks.hooks) == 1
        [_, again, in_thread] = fake.webhooks.executions
        assert again.webhook_id == in_thread.webhook_id == sent.webhook_id
        assert in_thread.query["thread_id"] == str(thread)
        assert in_thread.message is not None and in_thread.message["channel_id"] == str(thread)

        who = await world.answer(
            await message_command(fake, "Who posted this?", post, user=fake.admin)
        )
        assert is_ephemeral(who) and text_of(who).startswith(f"Posted as Rook by <@{fake.player1}>")
        assert pinged(who) == set()

        # someone else may neither edit nor delete it
        for name in ("Edit as character", "Delete"):
            refused = await world.answer(await message_command(fake, name, post, user=fake.player2))
            assert is_ephemeral(refused) and one_sentence(refused["content"]), refused
        assert fake.message(post["id"]) is not None and post["content"] == text

        opened = await message_command(fake, "Edit as character", post, user=fake.player1)
        form = await opened.response()
        assert form["type"] == 9 and form["data"]["custom_id"] == f"pawpost:post:{post['id']}:edit"
        submitted = await fake.submit_modal(opened, {"text": "Hello again."})
        assert text_of(await world.answer(submitted)) == "Rook's post is edited."
        assert fake.message(post["id"])["content"] == "Hello again."

        # the thread's post is edited in the thread
        thread_post = in_thread.message
        opened = await message_command(fake, "Edit as character", thread_post, user=fake.player1)
        await world.answer(await fake.submit_modal(opened, {"text": "Changed."}))
        assert fake.message(thread_post["id"])["content"] == "Changed."

        deleted = await world.answer(await message_command(fake, "Delete", post, user=fake.player1))
        assert text_of(deleted) == "Rook's post is deleted." and fake.message(post["id"]) is None
        gone = await world.answer(
            await message_command(fake, "Who posted this?", post, user=fake.player2)
        )
        assert one_sentence(gone["content"]) and "not posted as a character" in gone["content"]

        # "Say as…": the form, filled in with the active character, for a long text
        opened = await message_command(fake, "Say as…", again.message, user=fake.player1)
        form = await opened.response()
        assert form["type"] == 9
        long_text = "A long tale. " * 100
        await world.answer(
            await fake.submit_modal(opened, {"character": "Rook", "text": long_text})
        )
        assert fake.webhooks.executions[-1].body["content"] == long_text.strip()

        # a webhook deleted by hand is made again; after a restart the bot finds its own again
        fake.webhooks.hooks.clear()
        await world.command("say", {"text": "Still here."}, user=fake.player1)
        assert len(fake.webhooks.hooks) == 1
        assert fake.webhooks.executions[-1].body["content"] == "Still here."
        await world.restart()
        await world.command("say", {"text": "After a restart."}, user=fake.player1)
        assert len(fake.webhooks.hooks) == 1
        assert fake.webhooks.executions[-1].webhook_id == int(next(iter(fake.webhooks.hooks)))
        # a post whose webhook was deleted cannot be changed any more: one sentence
        stale = await message_command(fake, "Edit as character", thread_post, user=fake.player1)
        refused = await world.answer(await fake.submit_modal(stale, {"text": "Again."}))
        assert is_ephemeral(refused) and one_sentence(refused["content"])
        assert "webhook that made that post is gone" in refused["content"]
        assert fake.message(thread_post["id"])["content"] == "Changed."

        # without Manage Webhooks: one sentence naming it, and nothing is posted
        fake.bot_manage_webhooks = False
        posted = len(fake.webhooks.executions)
        refused = await world.command("say", {"text": "Hm."}, user=fake.player1)
        assert is_ephemeral(refused) and one_sentence(refused["content"])
        assert "Manage Webhooks" in refused["content"]
        assert len(fake.webhooks.executions) == posted


async def test_a_pending_cat_cannot_check_until_an_admin_approves(tmp_path: Path) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        # the refused check's die is thrown before the refusal and thrown away with it
        await world.start(dice=[7, 12])
        body = await world.command("config approval", {"approval": "on"}, user=fake.admin)
        assert "on" in text_of(body)

        made = await create_cat(world, "Sable", user=fake.player2)
        assert "waits for an admin's approval" in text_of(made)
        request = await fake.wait_for_message(lambda m: "Approve Sable's sheet?" in text_of(m))
        approve = find_id(request, r"pawpost:approval:\d+:approve")

        refused = await world.command("check", {"stat": "stealth"}, user=fake.player2)
        assert is_ephemeral(refused) and one_sentence(refused["content"])
        assert "waits for an admin's approval" in refused["content"]

        queue = await world.command("admin approvals", user=fake.admin)
        assert "Sable" in text_of(queue)

        wrong = await world.answer(await fake.click(request, approve, user=fake.player2))
        assert is_ephemeral(wrong) and one_sentence(wrong["content"])
        clicked = await world.click(request, approve, user=fake.admin)
        assert custom_ids(request) == [] and "approved" in text_of(request)
        told = await clicked.wait_followup()
        assert pinged(told) == {fake.player2}

        rolled = await world.command("check", {"stat": "stealth"}, user=fake.player2)
        assert rolled["embeds"][0]["title"] == "Sable: Stealth"
        assert "d20 **12**" in text_of(rolled)


async def test_a_germ_card_is_a_png_attachment(tmp_path: Path) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        await world.start()
        await create_cat(world, "Rook", user=fake.player1)
        # no avatar (the test fetches nothing beyond 127.0.0.1): the card shows the placeholder
        inter = await fake.slash("character card", {"character": "Rook"}, user=fake.player2)
        body = await world.answer(inter)
        assert body["embeds"][0]["title"] == "Rook's card"
        [attachment] = world.stored(inter)["attachments"]
        assert attachment["filename"] == "rook-card.png"
        assert body["embeds"][0]["image"]["url"] == "attachment://rook-card.png"
        png = fake.attachment_bytes(attachment)
        image = Image.open(io.BytesIO(png))
        assert image.format == "PNG" and image.width == WIDTH


def _decides(message: dict[str, object]) -> bool:
    """Whether a message still has an Approve or Reject button."""
    return any(":approval:" in custom_id for custom_id in custom_ids(message))


async def test_a_sheet_rejected_with_a_reason_in_the_admin_channel(tmp_path: Path) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        await world.start()
        await world.command("config admin-channel", {"channel": "admin"}, user=fake.admin)
        await world.command("config approval", {"approval": "on"}, user=fake.admin)
        shown = await world.command("config show", user=fake.admin)
        assert {"name": "Sheet approval", "value": "on", "inline": True} in (
            shown["embeds"][0]["fields"]
        )
        await create_cat(world, "Sable", user=fake.player2)
        request = await fake.wait_for_message(
            lambda m: "Approve Sable's sheet?" in text_of(m), channel="admin"
        )
        reject = find_id(request, r"pawpost:approval:\d+:reject")
        opened = await fake.click(request, reject, user=fake.admin)
        form = await opened.response()
        assert form["type"] == 9
        submitted = await fake.submit_modal(opened, {"reason": "Too strong for a kit."})
        assert (await submitted.response())["type"] == 7  # the request is replaced
        assert "Reason: Too strong for a kit." in text_of(request)
        # the decision's buttons are gone; the one left changes the sheet (issue 30)
        assert [i.split(":")[-1] for i in custom_ids(request)] == ["edit"]
        assert pinged(await submitted.wait_followup()) == {fake.player2}

        again = await world.command("character submit", user=fake.player2)
        assert "sent to the admins again" in text_of(again)
        await fake.wait_until(
            lambda: (
                sum("Approve Sable's sheet?" in text_of(m) for m in fake.messages("admin")) == 1
                and len([m for m in fake.messages("admin") if _decides(m)]) == 1
            ),
            what="the new request",
        )
