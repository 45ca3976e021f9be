"""Caverns and Cloiers through Discord: a party of three (a Warrior from the builder's selects,
an Elementalist and a Bard in one line), a move, a market order delivered and paid across the
rests, a Short Rest with a Harmony skill, two Long Rests whose experience questions the admin
answers with buttons, and a level-up whose Advanced skill is picked after a restart."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from tests.e2e.bot_process import BotWorld, bot_world, find_id, is_ephemeral, one_sentence, text_of
from tests.e2e.fake_discord_state import Json

START = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
ILSA = {
    "name": "Ilsa",
    "race": "krokani",
    "class": "elementalist",
    "attributes": "wind 0, water +1, wood +1, fire +2, metal -1",
    "extra": "metal",
    "advanced": "Ignite",
    "tertiary": "psionics",
    "implement": "fire/metal",
}
PIPER = {
    "name": "Piper",
    "race": "viscanti",
    "class": "bard",
    "attributes": "fire +2, wind +1, water +1, wood 0, metal -1",
    "extra": "fire",
    "advanced": "Fugue",
    "tertiary": "illusions",
    "implement": "fire/wind",
    "sick-beat": "ablaze, bound, confused",
}
# The move 4, 2; the market 3, 4; the Short Rest 3, 4 and Ilsa's Sharp as Steel 5, 5; the
# Long Rests 5, 5 and 4, 4.
FACES = [4, 2, 3, 4, 3, 4, 5, 5, 5, 5, 4, 4]
BUILDER_PICKS = (
    "human",
    "warrior",
    "athletics+hunting",
    "1",
    "1",
    "2",
    "0",
    "-1",
    "water",
    "combat:parry",
)


async def pick(world: BotWorld, builder: Json, value: str, *, user: int) -> None:
    """Choose in the builder's one select; the message is replaced in place."""
    inter = await world.fake.select(
        builder, find_id(builder, r"pawpost:draft:\d+:pick:\d+"), [value], user=user
    )
    assert (await inter.response())["type"] == 7


async def answer(world: BotWorld, message: Json, pattern: str, *, user: int) -> Json:
    inter = await world.fake.click(message, find_id(message, pattern), user=user)
    await world.answer(inter)
    return world.stored(inter)


async def test_a_party_of_three_plays_through_discord(tmp_path: Path) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        p1, p2, p3, mc = fake.player1, fake.player2, fake.owner, fake.admin
        await world.start(clock=START, dice=FACES)
        body = await world.command("config ruleset", {"ruleset": "caverns"}, user=mc)
        assert text_of(body) == "This server now plays Caverns and Cloiers."

        inter = await fake.slash("character new", user=p1)
        await world.answer(inter)
        builder = world.stored(inter)
        assert builder["embeds"][0]["title"] == "A new Caverns adventurer"
        assert len(builder["components"]) == 4  # two rows of picks, forms and Create, a select
        for value in BUILDER_PICKS:
            await pick(world, builder, value, user=p1)
        opened = await fake.click(builder, find_id(builder, r"pawpost:draft:\d+:form:10"), user=p1)
        submitted = await fake.submit_modal(opened, {"name": "Brunhild"})
        assert (await submitted.response())["type"] == 7
        assert "Ready: press Create" in text_of(builder)
        made = await answer(world, builder, r"pawpost:draft:\d+:create", user=p1)
        assert "Brunhild joins the party" in text_of(made)

        refused = await world.command("character create", {**ILSA, "extra": "fire"}, user=p2)
        assert is_ephemeral(refused) and one_sentence(refused["content"])
        assert "other than Fire, which being Krokani already raises" in refused["content"]
        body = await world.command("character create", ILSA, user=p2)
        assert "Ilsa joins the party" in text_of(body)
        body = await world.command("character create", PIPER, user=p3)
        assert "Piper joins the party" in text_of(body)

        body = await world.command(
            "move", {"attribute": "wood", "difficulty": 8, "reason": "squeeze through"}, user=p1
        )
        assert "2d6 [4, 2] + Wood 2 = **8**" in text_of(body) and "8 meets 8" in text_of(body)
        body = await world.command("market", {"item": "Helmet"}, user=p3)
        assert "**10+**: The merchant will deliver" in text_of(body)
        body = await world.command("harmony plan", {"skills": "sharp as steel"}, user=p2)
        assert is_ephemeral(body)

        body = await world.command("rest short", user=p1)
        shown = text_of(body)
        assert "**7-9**" in shown and "delivered: Helmet" in shown
        assert "Sharp as Steel: 2d6 [5, 5] + Metal 0 = **10**: 2 benefits to choose" in shown
        body = await world.command(
            "harmony benefits",
            {
                "skill": "sharp as steel",
                "benefits": "ask the mc, proficient with item",
                "item": "Sword",
            },
            user=p2,
        )
        assert "answer one question about the world" in text_of(body)

        inter = await fake.slash("rest long", user=p3)
        rest = await world.answer(inter)
        assert "paid for: Helmet" in text_of(rest)
        rested = world.stored(inter)
        inter = await fake.click(rested, find_id(rested, r"pawpost:caverns-xp:\d+:yes:0"), user=p1)
        not_admin = await world.answer(inter)
        assert is_ephemeral(not_admin) and not_admin["content"].startswith("Only an admin")
        for question in range(3):
            last = await answer(world, rested, rf"pawpost:caverns-xp:\d+:yes:{question}", user=mc)
        assert "Experience 3 of 4 for level 2." in text_of(last)

        inter = await fake.slash("rest long", user=p3)
        await world.answer(inter)
        rested = world.stored(inter)
        await answer(world, rested, r"pawpost:caverns-xp:\d+:yes:0", user=mc)
        await answer(world, rested, r"pawpost:caverns-xp:\d+:no:1", user=mc)
        levelled = await answer(world, rested, r"pawpost:caverns-xp:\d+:no:2", user=mc)
        assert "The party reaches level 2!" in text_of(levelled)

        await world.restart(clock=START + timedelta(hours=2), dice=[])
        inter = await fake.click(
            levelled, find_id(levelled, r"pawpost:caverns-level:1:choose"), user=p1
        )
        body = await world.answer(inter)
        assert is_ephemeral(body)
        offered = world.stored(inter)
        inter = await fake.select(
            offered, find_id(offered, r"pawpost:caverns-level:1:pick"), ["combat:cleave"], user=p1
        )
        learned = await world.answer(inter)
        assert "Brunhild learns Cleave (Combat)" in text_of(learned)

        sheet = await world.command("character show", {"character": "Brunhild"}, user=p2)
        shown = text_of(sheet)
        assert "Warrior, level 2" in shown and "Cleave (advanced)" in shown
        party = await world.command("party", user=p3)
        assert "party: level 2, experience 0 of 5." in text_of(party)
