"""An attached avatar kept working (issue 30), through the real client against the fake
Discord, whose CDN serves signed links that expire (`ex`) and whose
`POST /attachments/refresh-urls` signs them anew while the file is still kept: the bot keeps a
copy of a command's upload on its reply, refreshes the copy's link once it has expired (time
moved on by restarting the bot with a later test clock, and the fake's CDN clock with it), and
posts without the avatar, saying why in its log, once the copy is gone."""

from __future__ import annotations

import io
from datetime import UTC, datetime, timedelta
from pathlib import Path
from urllib.parse import urlsplit

from PIL import Image

from bot.actions.card_drawing import MARGIN, STRIP
from tests.e2e.bot_process import BotWorld, bot_world, create_cat, is_ephemeral, one_sentence
from tests.e2e.fake_discord_state import Json, UploadedFile

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
TEAL = (20, 180, 220)
AMBER = (230, 160, 20)


def picture(name: str, colour: tuple[int, int, int]) -> UploadedFile:
    out = io.BytesIO()
    Image.new("RGB", (64, 64), colour).save(out, format="PNG")
    return UploadedFile(name, out.getvalue(), "image/png")


def path(url: str) -> str:
    return urlsplit(url).path


async def set_with_attachment(
    world: BotWorld, command: str, options: Json, user: int
) -> tuple[Json, Json]:
    """Run a command with an attached avatar; wait until the bot kept its copy on the reply.
    Returns the first answer, and the reply's message as it is then."""
    kept_before = world.bot.log.count("kept the avatar ")
    inter = await world.fake.slash(command, options, user=user)
    first = await world.answer(inter)
    await inter.wait_edit()
    await world.fake.wait_until(
        lambda: world.bot.log.count("kept the avatar ") > kept_before, what="the copy stored"
    )
    return first, world.stored(inter)


async def card_corner(world: BotWorld, user: int) -> tuple[int, int, int]:
    """A pixel inside the avatar of Rook's card."""
    inter = await world.fake.slash("character card", {"character": "Rook"}, user=user)
    await world.answer(inter)
    [attachment] = world.stored(inter)["attachments"]
    image = Image.open(io.BytesIO(world.fake.attachment_bytes(attachment))).convert("RGB")
    return image.getpixel((STRIP + MARGIN + 10, MARGIN + 10))  # type: ignore[return-value]


async def test_an_attached_avatar_keeps_working_after_its_link_expires(tmp_path: Path) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        fake.cdn_clock = T0
        await world.start(clock=T0)
        await create_cat(world, "Rook", user=fake.player1)

        # an image too big to keep a copy of: the member is told, in one sentence, only them
        big = UploadedFile("big.png", b"\x89PNG" + bytes(9 * 1024 * 1024), "image/png")
        inter = await fake.slash("npc add", {"name": "Big", "avatar": big}, user=fake.admin)
        await world.answer(inter)
        told = await inter.wait_followup()
        assert is_ephemeral(told) and one_sentence(told["content"])
        assert "could not keep a copy of that avatar (it is over 8 MB)" in told["content"]
        assert world.stored(inter)["attachments"] == []

        # the copy: an attachment of the bot's own reply, shown as its embed's thumbnail (which
        # showed the upload, an ephemeral attachment, at first)
        rook_png = picture("Rook at dusk.png", TEAL)
        first, reply = await set_with_attachment(
            world, "character profile", {"avatar": rook_png}, fake.player1
        )
        assert "/ephemeral-attachments/" in first["embeds"][0]["thumbnail"]["url"]
        [kept] = reply["attachments"]
        assert kept["filename"] == "avatar.png"
        assert fake.attachment_bytes(kept) == rook_png.data
        assert reply["embeds"][0]["thumbnail"]["url"] == "attachment://avatar.png"
        _, guard = await set_with_attachment(
            world, "npc add", {"name": "Old Guard", "avatar": picture("g.png", AMBER)}, fake.admin
        )
        [guard_kept] = guard["attachments"]

        # Discord removes the commands' uploads after a while: the posts use the copies
        fake.drop_command_uploads()
        await world.command("say", {"text": "Hello."}, user=fake.player1)
        sent = fake.webhooks.executions[-1].body["avatar_url"]
        assert sent == kept["url"] and fake.cdn_problem(sent) is None
        assert fake.refreshes == []  # a link good for another day is not asked about

        # two days on, the stored links have expired: each is refreshed once, then remembered
        fake.cdn_clock = T0 + timedelta(days=2)
        assert fake.cdn_problem(kept["url"]) == "expired"
        await world.restart(clock=T0 + timedelta(days=2))
        await world.command("say", {"text": "Still me."}, user=fake.player1)
        fresh = fake.webhooks.executions[-1].body["avatar_url"]
        assert path(fresh) == path(kept["url"]) and fake.cdn_problem(fresh) is None
        assert fake.refreshes == [[kept["url"]]]
        await world.command("say", {"text": "Halt!", "npc": "Old Guard"}, user=fake.admin)
        said = fake.webhooks.executions[-1].body
        assert said["username"] == "Old Guard"
        assert path(said["avatar_url"]) == path(guard_kept["url"])
        assert fake.cdn_problem(said["avatar_url"]) is None
        assert fake.refreshes == [[kept["url"]], [guard_kept["url"]]]

        shown = await world.command("character show", {"character": "Rook"}, user=fake.player2)
        assert shown["embeds"][0]["thumbnail"]["url"] == fresh
        fetched = len(fake.cdn_fetches)
        assert card_corner_close(await card_corner(world, fake.player2), TEAL)
        assert fake.cdn_fetches[fetched:] == [(path(kept["url"]), None)]  # the fresh link
        await world.command("say", {"text": "And again."}, user=fake.player1)
        assert fake.webhooks.executions[-1].body["avatar_url"] == fresh
        assert len(fake.refreshes) == 2  # nothing asked again while the fresh links last

        # a moderator deletes the reply holding Rook's copy; two more days on it cannot be
        # refreshed: Rook posts without an avatar, the card shows the placeholder, and the bot
        # says why in its log (and does not ask again for the card a moment later)
        fake.delete_message(reply["id"])
        fake.cdn_clock = T0 + timedelta(days=4)
        await world.restart(clock=T0 + timedelta(days=4))
        await world.command("say", {"text": "Who am I?"}, user=fake.player1)
        gone = fake.webhooks.executions[-1]
        assert gone.body["username"] == "Rook" and "avatar_url" not in gone.body
        assert gone.body["content"] == "Who am I?"
        line = await world.wait_log("could not refresh the attachment link")
        assert path(kept["url"]) in line and "Discord gave no fresh link" in line
        assert fake.refreshes[-1] == [kept["url"]]
        asked = len(fake.refreshes)
        assert not card_corner_close(await card_corner(world, fake.player2), TEAL)
        assert len(fake.refreshes) == asked


def card_corner_close(pixel: tuple[int, int, int], colour: tuple[int, int, int]) -> bool:
    return all(abs(a - b) <= 3 for a, b in zip(pixel, colour, strict=True))
