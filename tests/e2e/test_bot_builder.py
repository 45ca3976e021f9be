"""`/character new` through Discord: a Germ cat built with − and + buttons and a modal, a restart
in the middle (the draft, its buttons and an open modal still work), another member's click
refused, and clicks on a replaced or expired builder answered with a sentence."""

from __future__ import annotations

import copy
from datetime import UTC, datetime, timedelta
from pathlib import Path

from tests.e2e.bot_process import (
    EVEN_SHEET,
    BotWorld,
    bot_world,
    create_cat,
    custom_ids,
    find_id,
    is_ephemeral,
    one_sentence,
    text_of,
)
from tests.e2e.fake_discord_state import Json, walk_components

START = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
STATS = tuple(EVEN_SHEET)  # the builder's steps 0 to 5, in the book's order; 6 is the form


def control(message: Json, pattern: str) -> Json:
    """The component on ``message`` whose custom id matches ``pattern``."""
    wanted = find_id(message, pattern)
    return next(c for c in walk_components(message["components"]) if c.get("custom_id") == wanted)


async def press(world: BotWorld, builder: Json, pattern: str, *, user: int) -> Json:
    """Click a builder's button as its player: the builder message is replaced in place."""
    inter = await world.fake.click(builder, find_id(builder, pattern), user=user)
    body = await inter.response()
    assert body["type"] == 7, body
    return body["data"]


async def refused(world: BotWorld, message: Json, pattern: str, *, user: int) -> str:
    """Click and be refused: an ephemeral sentence, the builder message unchanged."""
    before = copy.deepcopy(message)
    inter = await world.fake.click(message, find_id(message, pattern), user=user)
    data = await world.answer(inter)
    assert is_ephemeral(data) and one_sentence(data["content"]), data
    assert message == before
    return data["content"]


async def new_builder(world: BotWorld, *, user: int, options: Json | None = None) -> Json:
    inter = await world.fake.slash("character new", options, user=user)
    body = await world.answer(inter)
    assert is_ephemeral(body), body
    return world.stored(inter)


async def test_a_cat_is_built_across_a_restart(tmp_path: Path) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        p1, p2 = fake.player1, fake.player2
        await world.start(clock=START)
        builder = await new_builder(world, user=p1)
        assert builder["embeds"][0]["title"] == "A new Germ cat"
        assert "22** of 22 points left" in text_of(builder)
        assert control(builder, r"pawpost:draft:\d+:create")["disabled"]
        assert control(builder, r"pawpost:draft:\d+:less:0")["disabled"]
        assert len(builder["components"]) == 4  # three rows of stats, then the form and Create

        for index, stat in enumerate(STATS):
            for _ in range(EVEN_SHEET[stat]):
                await press(world, builder, rf"pawpost:draft:\d+:more:{index}", user=p1)
        assert "0** of 22 points left" in text_of(builder)
        assert all(control(builder, rf"pawpost:draft:\d+:more:{i}")["disabled"] for i in range(6))
        assert "Give your cat a name" in text_of(builder)

        shown = await refused(world, builder, r"pawpost:draft:\d+:less:0", user=p2)
        assert shown.startswith("This builder belongs to another player")

        # the form opens as a modal, filled in with nothing yet; the bot restarts before the
        # player submits it, and the submission still reaches the draft
        opened = await fake.click(builder, find_id(builder, r"pawpost:draft:\d+:form:6"), user=p1)
        modal = await opened.response()
        assert modal["type"] == 9 and modal["data"]["title"] == "Your new cat"
        fields = [c for c in walk_components(modal["data"]["components"]) if c["type"] == 4]
        assert [(f["custom_id"], f["required"]) for f in fields] == [
            ("name", True),
            ("age", True),
            ("mother", False),
        ]
        await world.restart(clock=START + timedelta(hours=1))
        submitted = await fake.submit_modal(opened, {"name": "Rook", "age": "12"})
        assert (await submitted.response())["type"] == 7
        assert builder["embeds"][0]["title"] == "A new cat: Rook"
        assert "Ready: press Create" in text_of(builder)

        # buttons from before the restart still work
        await press(world, builder, r"pawpost:draft:\d+:less:0", user=p1)
        assert control(builder, r"pawpost:draft:\d+:create")["disabled"]
        await press(world, builder, r"pawpost:draft:\d+:more:0", user=p1)
        assert not control(builder, r"pawpost:draft:\d+:create")["disabled"]
        sheet_shown = copy.deepcopy(builder["embeds"][0]["fields"])

        made = await press(world, builder, r"pawpost:draft:\d+:create", user=p1)
        assert is_ephemeral(builder) and text_of(made).startswith("Rook joins the server")
        assert custom_ids(builder) == []
        shown = await world.command("character show", {"character": "Rook"}, user=p2)
        assert shown["embeds"][0]["fields"] == sheet_shown  # saved as the builder showed it


async def test_replaced_and_expired_builders_answer_with_a_sentence(tmp_path: Path) -> None:
    async with bot_world(tmp_path) as world:
        p2 = world.fake.player2
        await world.start(clock=START)
        first = await new_builder(world, user=p2)
        second = await new_builder(world, user=p2, options={"start-over": "yes"})
        shown = await refused(world, first, r"pawpost:draft:\d+:more:0", user=p2)
        assert "newer one replaced it" in shown and "/character new" in shown
        await press(world, second, r"pawpost:draft:\d+:more:0", user=p2)
        assert "21** of 22 points left" in text_of(second)
        opened = await world.fake.click(
            second, find_id(second, r"pawpost:draft:\d+:form:6"), user=p2
        )
        submitted = await world.fake.submit_modal(opened, {"name": "Robin", "age": "x"})
        data = await world.answer(submitted)  # in the same process: answered once, by its id
        assert is_ephemeral(data) and data["content"].startswith("Age in moons must be a whole")
        assert len(submitted.callbacks) == 1 and world.fake.errors == []

        await world.restart(clock=START + timedelta(days=3))
        shown = await refused(world, second, r"pawpost:draft:\d+:more:1", user=p2)
        assert "expired" in shown and "/character new" in shown


async def test_character_new_reopens_the_draft_and_sets_all_points_in_one_form(
    tmp_path: Path,
) -> None:
    """Issue 30: after a client reload /character new reopens the draft as it was, and Germ's
    22 points are set with one form instead of 22 clicks."""
    async with bot_world(tmp_path) as world:
        p1 = world.fake.player1
        await world.start(clock=START)
        first = await new_builder(world, user=p1)
        await press(world, first, r"pawpost:draft:\d+:more:0", user=p1)
        again = await new_builder(world, user=p1)  # the client lost the ephemeral message
        assert "Your draft, as you left it" in text_of(again)
        assert "21** of 22 points left" in text_of(again)
        assert find_id(again, r"pawpost:draft:\d+:more:0") == find_id(
            first, r"pawpost:draft:\d+:more:0"
        )
        opened = await world.fake.click(again, find_id(again, r"pawpost:draft:\d+:points"), user=p1)
        submitted = await world.fake.submit_modal(opened, {"points": "4 4 4 4 3 3"})
        await world.answer(submitted)
        shown = world.stored(submitted)
        assert "0** of 22 points left" in text_of(shown), text_of(shown)


async def test_a_turned_down_sheet_is_changed_in_the_builder_and_sent_again(
    tmp_path: Path,
) -> None:
    """Issue 30: the admin's rejection names the way to change the sheet; /character new opens
    the builder on the refused cat's sheet with the reason; another player's press of the
    rejection's button is refused in a sentence; Create replaces the sheet and posts it for the
    admins again."""
    async with bot_world(tmp_path) as world:
        fake = world.fake
        p1, p2 = fake.player1, fake.player2
        await world.start(clock=START)
        await world.command("config approval", {"approval": "on"}, user=fake.admin)
        await create_cat(world, "Sable", user=p2)
        request = await fake.wait_for_message(lambda m: "Approve Sable's sheet?" in text_of(m))
        opened = await fake.click(
            request, find_id(request, r"pawpost:approval:\d+:reject"), user=fake.admin
        )
        assert (await opened.response())["type"] == 9
        submitted = await fake.submit_modal(opened, {"reason": "Too much Strength for a kit."})
        await world.answer(submitted)
        assert "/character new" in text_of(request) and "Too much Strength" in text_of(request)
        change = find_id(request, r"pawpost:draft:\d+:edit")
        shown = await refused(world, request, r"pawpost:draft:\d+:edit", user=p1)
        assert shown == "Sable belongs to another player."

        builder = await new_builder(world, user=p2)
        assert builder["embeds"][0]["title"] == "Changing Sable's turned-down sheet"
        assert "Too much Strength for a kit." in text_of(builder)
        assert "0** of 22 points left" in text_of(builder)
        assert not control(builder, r"pawpost:draft:\d+:create")["disabled"]
        await press(world, builder, r"pawpost:draft:\d+:less:0", user=p2)
        await press(world, builder, r"pawpost:draft:\d+:more:4", user=p2)
        done = await press(world, builder, r"pawpost:draft:\d+:create", user=p2)
        assert "Sable's changed sheet is sent to the admins again." in text_of(done)
        assert custom_ids(builder) == []
        again = await fake.wait_for_message(
            lambda m: "Approve Sable's sheet?" in text_of(m) and m["id"] != request["id"]
        )
        assert "**Strength** 3" in text_of(again) and "**Stealth** 4" in text_of(again)
        # sent again: the rejection's button has nothing left to change
        pressed = await fake.click(request, change, user=p2)
        data = await world.answer(pressed)
        assert is_ephemeral(data) and data["content"] == (
            "Sable's sheet is not turned down; there is nothing to change."
        )
