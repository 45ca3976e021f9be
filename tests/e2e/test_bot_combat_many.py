"""A three-cat Germ combat through Discord (issue 12): a challenge of two cats, each accepted,
who goes first agreed with the select, a move chosen with its target, a run from one of two
opponents, and the two left fighting on."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.bot_process import BotWorld, bot_world, create_cat, find_id, pinged, text_of
from tests.e2e.fake_discord_state import Json, walk_components
from tests.e2e.test_bot_combat import press, require_combat


def option(message: Json, verb: str, label: str) -> tuple[str, str]:
    """The custom id of the message's ``verb`` select and the value of its option ``label``."""
    select = find_id(message, rf"pawpost:combat:\d+:{verb}:\d+")
    found = next(c for c in walk_components(message["components"]) if c.get("custom_id") == select)
    return select, next(o["value"] for o in found["options"] if o["label"] == label)


async def choose(world: BotWorld, message: Json, verb: str, label: str, *, user: int) -> Json:
    select, value = option(message, verb, label)
    inter = await world.fake.select(message, select, [value], user=user)
    body = await inter.response()
    assert body["type"] in (4, 7), body
    return world.stored(inter)


async def test_three_cats_fight_and_one_runs_away(tmp_path: Path) -> None:
    require_combat()
    async with bot_world(tmp_path) as world:
        fake = world.fake
        p1, p2 = fake.player1, fake.player2
        # d20s: Rook's attack 15 + 8 against Wren's dodge 2 + 4
        await world.start(dice=[15, 2])
        await create_cat(world, "Rook", user=p1, strength=8, charisma=2, intelligence=2)
        await create_cat(world, "Robin", user=p2)
        await create_cat(world, "Wren", user=p2)

        inter = await fake.slash(
            "combat challenge", {"target": "Robin", "target-2": "Wren"}, user=p1
        )
        body = await world.answer(inter)
        assert body["embeds"][0]["title"] == "Combat 1: Rook vs Robin vs Wren"
        assert pinged(body) == {p2}
        fight = world.stored(inter)
        await press(world, fight, "accept", user=p2)
        assert "Robin accepts the challenge." in text_of(fight)
        await press(world, fight, "accept", user=p2)
        assert "**The combat begins.**" in text_of(fight)

        await press(world, fight, "me-first", user=p1)
        fight = await choose(world, fight, "first-pick", "Rook", user=p2)
        fight = await choose(world, fight, "first-pick", "Rook", user=p2)
        assert "Rook's turn**" in text_of(fight)

        turn = await choose(world, fight, "move", "Attack Wren", user=p1)
        shown = text_of(turn)
        assert "Rook attacks Wren." in shown
        assert "**Hit, power 17: deep.**" in shown
        assert "Robin's turn**" in shown

        body = await world.command("run", {"from": "Rook"}, user=p2)
        assert "Robin runs from Rook." in text_of(body)
        assert pinged(body) == {p1}
        _, last = await press(world, fake.messages("general")[-1], "let-go", user=p1)
        shown = text_of(last)
        assert "Robin is out of the combat." in shown
        assert "Wren's turn**" in shown
        assert "combat is over" not in shown

        status = await world.command("combat status", user=p1)
        assert "Robin: unhurt — got away" in text_of(status)
        assert "Wren: 17 (deep) — badly wounded" in text_of(status)
