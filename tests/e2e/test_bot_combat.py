"""A Germ combat through Discord: challenge, accept, who goes first, attacks, a run with a chase,
the end; a restart in the middle, after which the old buttons still work."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.commands.catalog import COMMANDS
from tests.e2e.bot_process import (
    BotWorld,
    bot_world,
    create_cat,
    custom_ids,
    find_id,
    is_ephemeral,
    one_sentence,
    pinged,
    text_of,
)
from tests.e2e.fake_discord import Interaction
from tests.e2e.fake_discord_state import Json, walk_components

NEEDED = {("combat", "challenge"), ("attack",), ("run",)}


def require_combat() -> None:
    missing = NEEDED - {command.path for command in COMMANDS}
    if missing:
        pytest.skip(f"combat commands {sorted(missing)} are not built yet")


async def press(
    world: BotWorld, message: Json, verb: str, *, user: int
) -> tuple[Interaction, Json]:
    """Click the combat button ``verb`` on a message and expect it taken. Returns the click and
    the message that shows the combat now: the same one updated (the challenge's steps) or a
    new one (a turn's rolls)."""
    inter = await world.fake.click(
        message, find_id(message, rf"pawpost:combat:\d+:{verb}:\d+"), user=user
    )
    body = await inter.response()
    assert body["type"] in (4, 7) and not is_ephemeral(body["data"]), (verb, body)
    return inter, world.stored(inter)


async def refused(world: BotWorld, message: Json, verb: str, *, user: int) -> str:
    """Click ``verb`` as someone who may not: an ephemeral sentence, the message unchanged."""
    before = custom_ids(message)
    inter = await world.fake.click(
        message, find_id(message, rf"pawpost:combat:\d+:{verb}:\d+"), user=user
    )
    data = await world.answer(inter)
    assert is_ephemeral(data) and one_sentence(data["content"]), data
    assert custom_ids(message) == before
    return data["content"]


async def test_a_whole_combat_with_a_restart_in_the_middle(
    tmp_path: Path, e2e_database: str | None
) -> None:
    require_combat()
    async with bot_world(
        tmp_path, compress=True, database=e2e_database
    ) as world:  # zlib-stream gateway frames
        fake = world.fake
        p1, p2 = fake.player1, fake.player2
        # d20s: Rook's attack 16 vs Robin's dodge 7; Robin's attack 13 vs Rook's dodge 14
        await world.start(dice=[16, 7, 13, 14])
        await create_cat(world, "Rook", user=p1, strength=8, charisma=2, intelligence=2)
        await create_cat(world, "Robin", user=p2)

        inter = await fake.slash("combat challenge", {"target": "Robin"}, user=p1)
        body = await world.answer(inter)
        assert body["embeds"][0]["title"] == "Combat 1: Rook vs Robin"
        assert pinged(body) == {p2}
        fight = world.stored(inter)  # the challenge message, updated by every button below

        assert "own challenge" in await refused(world, fight, "accept", user=p1)
        accepted, _ = await press(world, fight, "accept", user=p2)
        assert "Robin accepts the challenge." in text_of(fight)
        assert "Who attacks first?" in text_of(fight)
        assert pinged(await accepted.wait_followup()) == {p1, p2}  # both are asked

        await press(world, fight, "me-first", user=p1)
        assert "Rook's player: Rook first." in text_of(fight)
        first, _ = await press(world, fight, "them-first", user=p2)
        assert "Rook's turn**" in text_of(fight)
        assert pinged(await first.wait_followup()) == {p1}

        # Rook attacks with the slash command: a new message, rolls in full
        body = await world.command("attack", user=p1)
        shown = text_of(body)
        assert "Rook — Attack (Strength): d20 **16** + Strength 8 = **24**" in shown
        assert "Robin — Dodge (Agility): d20 **7** + Agility 4 = **11**" in shown
        assert "**Hit, power 13" in shown and "Robin will carry a scar from this." in shown
        assert "Robin's turn**" in shown
        assert pinged(body) == {p2}  # the target, whose turn it is now
        turn = fake.messages("general")[-1]

        assert await refused(world, turn, "attack", user=p1) == "It is not your turn."
        _, turn = await press(world, turn, "attack", user=p2)
        assert "**Miss:** Agility 18 beats Strength 17." in text_of(turn)
        assert "Rook's turn**" in text_of(turn)
        assert pinged(turn) == {p1}  # whose turn it is (the target, too)
        before_restart = turn["components"]

        # a new process: Rook runs with a button from before the restart, Robin chases (Rook's
        # Agility 5 + 4 against Robin's 15 + 4: caught), and Robin's free attack (10 + 4 − 4)
        await world.restart(dice=[5, 15, 10])
        assert all(conn.compressed for conn in fake.connections)
        assert turn["components"] == before_restart
        _, turn = await press(world, turn, "run", user=p1)
        assert "Robin: chase Rook, or let them go?" in text_of(turn)
        assert pinged(turn) == {p2}
        assert "You are the one running" in await refused(world, turn, "chase", user=p1)
        _, turn = await press(world, turn, "chase", user=p2)
        shown = text_of(turn)
        assert "Rook — Run (Agility): d20 **5** + Agility 4 = **9**" in shown
        assert "Robin — Chase (Agility): d20 **15** + Agility 4 = **19**" in shown
        assert "**Robin catches Rook.**" in shown
        assert "Robin makes a free attack on the caught runner on Rook." in shown
        assert "Robin's turn**" in shown

        # Robin runs in turn; Rook lets Robin go, and the combat is over
        body = await world.command("run", user=p2)
        assert "Rook: chase Robin, or let them go?" in text_of(body)
        assert pinged(body) == {p1}
        _, last = await press(world, fake.messages("general")[-1], "let-go", user=p1)
        assert "**The combat is over:** the last cat was let go." in text_of(last)
        assert custom_ids(last) == []

        # the old buttons answer in one sentence and change nothing
        assert await refused(world, fight, "attack", user=p2) == "This combat is over."
        body = await world.command("attack", user=p1)
        assert is_ephemeral(body) and body["content"] == "None of your cats is in a combat."
        sheet = await world.command("character show", {"character": "Robin"}, user=p2)
        assert "Scars" in text_of(sheet)
        log = await world.command("log", {"character": "Rook"}, user=p1)
        assert "combat 1" in text_of(log).lower()


async def test_players_who_disagree_about_who_goes_first_leave_it_to_an_admin(
    tmp_path: Path,
) -> None:
    require_combat()
    async with bot_world(tmp_path) as world:
        fake = world.fake
        p1, p2 = fake.player1, fake.player2
        await world.start()
        await create_cat(world, "Rook", user=p1)
        await create_cat(world, "Robin", user=p2)
        inter = await fake.slash(
            "combat challenge", {"target": "Rook", "hiding": "not-allowed"}, user=p2
        )
        await world.answer(inter)
        fight = world.stored(inter)
        await press(world, fight, "accept", user=p1)
        await press(world, fight, "me-first", user=p1)
        await press(world, fight, "me-first", user=p2)
        assert "The players disagree about who attacks first; an admin decides." in text_of(fight)
        select = find_id(fight, r"pawpost:combat:1:decide-first:\d+")
        options = next(
            c for c in walk_components(fight["components"]) if c.get("custom_id") == select
        )
        robin = next(o["value"] for o in options["options"] if o["label"] == "Robin")

        player = await fake.select(fight, select, [robin], user=p2)
        refused = await world.answer(player)
        assert is_ephemeral(refused)
        assert refused["content"] == "Only an admin can decide who attacks first."
        admin = await fake.select(fight, select, [robin], user=fake.admin)
        assert (await admin.response())["type"] == 7
        assert "Robin's turn**" in text_of(fight)
        assert pinged(await admin.wait_followup()) == {p2}

        body = await world.command("combat status", user=p1)
        assert "Robin" in text_of(body) and "Rook" in text_of(body)
        body = await world.command("admin combat end", {"character": "Rook"}, user=fake.admin)
        assert "**The combat is over:** an admin ended it." in text_of(body)
        body = await world.command("combat list", user=p1)
        assert "Combat 1" not in text_of(body)
