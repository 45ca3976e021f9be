"""WCAGR through Discord (the real client against the fake): part 1's console script — a
ThunderClan cat by command and a Loner by the builder, checks with points and knacks, a refused
knack, a knack on its own, a conversion, a channel's refresh, a sprain, twelve moons with every
choice answered, a retirement by button and one at 71 moons — and part 2's: a team hunt with a
retry into the pile, a three-cat fight wrestled to a knockout, and a week of game days healing
while whitecough turns into greencough, then treated."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from tests.e2e.bot_process import BotWorld, bot_world, find_id, is_ephemeral, one_sentence, text_of

START = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)  # a Monday; game day 1 is running
FIREPAW = {
    "name": "Firepaw",
    "clan": "thunderclan",
    "strength": 2,
    "intelligence": 2,
    "spirit": 1,
    "skills": "Sneak, Pounce, Listen",
    "knacks": "Alertness, Dash, Hide",
    "ten-moon-bonus": "spirit",
}
GAINS = ["Sneak", "strength", "Track", "intelligence", "Climb", "Stalk", "spirit", "Sneak",
         "Balance", "intelligence", "Leap"]  # fmt: skip


async def wcagr_server(world: BotWorld) -> None:
    fake = world.fake
    body = await world.command("config ruleset", {"ruleset": "wcagr"}, user=fake.admin)
    assert text_of(body) == "This server now plays WCAGR."
    await fake.wait_until(lambda: fake.sync_count[fake.guild_id] == 2, 5, "the re-sync")


async def press(world: BotWorld, message: dict, pattern: str, *, user: int) -> dict:
    inter = await world.fake.click(message, find_id(message, pattern), user=user)
    body = await inter.response()
    assert body["type"] in (4, 7), body
    return body["data"]


async def test_part_one_plays_through_discord(tmp_path: Path) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        p1, p2, admin = fake.player1, fake.player2, fake.admin
        await world.start(clock=START, dice=[4, 6, 1, 1, 1, 3])
        await wcagr_server(world)
        made = await world.command("character create", FIREPAW, user=p1)
        assert text_of(made).startswith("Firepaw joins the server")

        # a Loner by the builder: clan select, + Strength, + Spirit, the 10-moon bonus picked,
        # the three forms, Create
        inter = await fake.slash("character new", user=p2)
        await world.answer(inter)
        builder = world.stored(inter)
        picked = await fake.select(
            builder, find_id(builder, r"pawpost:draft:\d+:pick:0"), ["loner"], user=p2
        )
        await picked.response()
        await press(world, builder, r"pawpost:draft:\d+:more:3", user=p2)
        await press(world, builder, r"pawpost:draft:\d+:more:5", user=p2)
        await press(world, builder, r"pawpost:draft:\d+:show:2", user=p2)  # the 10-moon bonus
        picked = await fake.select(
            builder, find_id(builder, r"pawpost:draft:\d+:pick:2"), ["spirit"], user=p2
        )
        await picked.response()
        for step, values in (
            (6, {"name": "Ravenpaw"}),
            (7, {"skills": "See, Smell, Bite", "knacks": "Track, Balance, Yowl"}),
            (8, {"loner_abilities": "strength", "loner_skill": "swim"}),
        ):
            opened = await fake.click(
                builder, find_id(builder, rf"pawpost:draft:\d+:form:{step}"), user=p2
            )
            submitted = await fake.submit_modal(opened, values)
            assert (await submitted.response())["type"] == 7
        assert "Ready: press Create" in text_of(builder)
        created = await press(world, builder, r"pawpost:draft:\d+:create", user=p2)
        assert text_of(created).startswith("Ravenpaw joins the server")

        body = await world.command(
            "check", {"skill": "listen", "dc": 17, "spend": 1, "knacks": "Alertness"}, user=p1
        )
        assert "3d6 [4, 6, 1] + Spirit 3 + Listen 1 + 1 spent + Alertness 1 = **17**" in text_of(
            body
        )
        refused = await world.command("check", {"skill": "sneak", "knacks": "Alertness"}, user=p1)
        assert is_ephemeral(refused) and one_sentence(refused["content"])
        assert refused["content"].startswith("Alertness only helps Listen, See or Smell checks")
        dash = await world.command("knack", {"knack": "dash"}, user=p1)
        assert "Firepaw spends 1 Strength point on Dash." in text_of(dash)
        converted = await world.command(
            "points convert", {"from": "strength", "to": "intelligence"}, user=p1
        )
        assert "converts 2 Strength points into 1 Intelligence point" in text_of(converted)
        refreshed = await world.command("admin refresh-points", {"scope": "channel"}, user=admin)
        assert "Ability points refreshed for 2 cat(s) played in this channel" in text_of(refreshed)
        sprained = await world.command("check", {"skill": "pounce"}, user=p1)
        assert "Firepaw sprains a paw" in text_of(sprained)

        await world.command(
            "admin age", {"character": "Firepaw", "moons": 12, "reason": "a year"}, user=admin
        )
        for choice in GAINS:
            answered = await world.command("character gains", {"choice": choice}, user=p1)
            assert "takes its" in text_of(answered), answered
        body = await world.command("character gains", user=p1)
        assert text_of(body) == "Firepaw has no gain waiting for a choice."

        inter = await fake.slash("character retire", user=p2)
        assert is_ephemeral(await world.answer(inter))
        retired = await press(
            world, world.stored(inter), r"pawpost:wcagr-retire:\d+:confirm", user=p2
        )
        assert text_of(retired).startswith("Ravenpaw retires")
        await world.command(
            "admin age", {"character": "Firepaw", "moons": 49, "reason": "old age"}, user=admin
        )
        old = await world.command("check", {"skill": "see"}, user=p1)
        assert old["content"].startswith("Firepaw is retired: out of play")
        shown = await world.command("character show", {"character": "Firepaw"}, user=p1)
        assert "71 moons" in text_of(shown) and "retired" in text_of(shown)
        typed = await fake.autocomplete("herb", {"name": "wil"}, "name", user=p1)
        body = await typed.response()
        assert [c["value"] for c in body["data"]["choices"]] == [
            "Wild Garlic",
            "Willow Bark",
            "Willow Leaves",
        ]
        herb = await world.command("herb", {"name": "Willow Bark"}, user=p1)
        assert is_ephemeral(herb) and "Eases pain." in text_of(herb)


HUNT_DICE = [4, 4, 4, 2, 2, 1, 3, 2, 2, 3, 3, 2, 2, 2, 1, 5]
FIGHT_DICE = [6, 3, 1, 4, 4, 4, 2, 2, 3, 2, 2, 3, 3, 3, 3, 2, 2, 1, 3, 3, 4, 3, 3, 3, 4]


async def test_part_two_hunts_fights_and_heals_through_discord(tmp_path: Path) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        p1, p2, admin = fake.player1, fake.player2, fake.admin
        await world.start(clock=START, dice=HUNT_DICE + FIGHT_DICE)
        await wcagr_server(world)
        await world.command("character create", FIREPAW, user=p1)
        graypaw = {**FIREPAW, "name": "Graypaw", "skills": "Swat, Jump, Wrestle"}
        await world.command("character create", graypaw, user=p2)
        # a kittypet kit of 1 moon: 5 + 1 + Strength 1 = 7 HP
        kit = {
            "name": "Ravenkit",
            "clan": "kittypet",
            "strength": 1,
            "intelligence": 2,
            "spirit": 2,
            "skills": "Climb, Hiss, Arch",
            "knacks": "none",
            "age": 1,
        }
        await world.command("character create", kit, user=admin)

        # A team hunt: Firepaw locates a vole (16) and fails the approach (9); Graypaw joins,
        # retries the approach (10), grabs (10) and kills (9); an average vole, 1 ration.
        hunt = {"prey": "vole", "locate-with": "listen"}
        started = await world.command("hunt start", hunt, user=p1)
        assert "**Approach failed**; 1 more try" in text_of(started)
        await world.command("hunt join", {"hunt": 1}, user=p2)
        went_on = await world.command("hunt continue", user=p2)
        assert "**Kill: success.**" in text_of(went_on)
        assert "to the ThunderClan fresh-kill pile: 1 ration" in text_of(went_on)
        pile = await world.command("freshkill", user=p1)
        assert "#1 average vole: 1 ration left, caught today" in text_of(pile)

        # A three-cat fight: Firepaw (9), Graypaw (6), Ravenkit (4).
        inter = await fake.slash("fight start", {"targets": "Graypaw, Ravenkit"}, user=p1)
        await world.answer(inter)
        challenge = world.stored(inter)
        await press(world, challenge, r"pawpost:wcagr-fight:\d+:accept:\d+", user=p2)
        begun = await press(world, challenge, r"pawpost:wcagr-fight:\d+:accept:\d+", user=admin)
        assert "Firepaw's turn" in text_of(begun)
        asked = await world.command("pounce", {"target": "Ravenkit"}, user=p1)
        assert "Ravenkit: Jump against Firepaw's pounce" in text_of(asked)
        pounced = await world.command("jump", user=admin)
        assert "**Firepaw and Ravenkit are wrestling.**" in text_of(pounced)
        joined = await world.command("pounce", {"target": "Firepaw"}, user=p2)
        assert "**Graypaw squeezes into the wrestle** (3 cats)." in text_of(joined)
        inter = await fake.slash("wrestle", {"choice": "jump"}, user=admin)
        await world.answer(inter)
        await press(world, world.stored(inter), r"pawpost:wcagr-fight:\d+:wrestle:\d+", user=p1)
        won = await world.command("wrestle", {"choice": "wrestle", "target": "Ravenkit"}, user=p2)
        assert "**Graypaw has the upper paw** against Ravenkit." in text_of(won)
        assert "**Ravenkit is knocked out** until healed to at least 1 HP." in text_of(won)
        out = await world.command("swat", {"target": "Graypaw"}, user=admin)
        assert is_ephemeral(out) and out["content"].startswith("This cat is knocked out")

        # A week of game days: whitecough from today turns into greencough on its 7th sunrise
        # while Ravenkit heals 1 HP each morning; after a restart, one digest sums them up.
        await world.command("config game-day channel", {"channel": "hunting"}, user=admin)
        await world.command(
            "admin illness give",
            {"character": "Firepaw", "illness": "whitecough", "reason": "a cold wind"},
            user=admin,
        )
        await world.restart(clock=datetime(2026, 12, 7, 7, 0, tzinfo=UTC), dice=[50, 50])

        def digests() -> list[dict]:
            return [m for m in fake.messages("hunting") if "after downtime" in text_of(m)]

        await fake.wait_until(lambda: len(digests()) == 1, 10, "a week of game days")
        days = [line for line in text_of(digests()[0]).splitlines() if line.startswith("**Day")]
        assert len(days) == 7  # one line a day, each day once
        assert "Healed 1 HP: Ravenkit (1/7)." in days[0]
        assert "Healed 1 HP: Ravenkit (7/7)." in days[6]
        assert (
            "**Worse:** Firepaw worsens to greencough; dice: Redcough d100 **50**, Yellowcough "
            "d100 **50**." in days[6]
        )
        treated = await world.command(
            "treat", {"target": "Firepaw", "herbs": "catmint, borage"}, user=admin
        )
        assert text_of(treated) == "Firepaw is cured of greencough."
