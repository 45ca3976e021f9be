"""Checks and contests through Discord: buttons, who may press them, pings, restarts, timeouts."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

from tests.e2e.bot_process import (
    bot_world,
    create_cat,
    custom_ids,
    is_ephemeral,
    one_sentence,
    pinged,
    text_of,
)

T0 = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)


async def test_check_and_contest_buttons(tmp_path: Path) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        # d20s: the check, the initiator's Strength, the defender's Agility
        await world.start(dice=[15, 12, 9])
        await create_cat(world, "Rook", user=fake.player1)
        await create_cat(world, "Robin", user=fake.player2)

        body = await world.command("check", {"stat": "strength", "dc": 10}, user=fake.player1)
        [embed] = body["embeds"]
        assert embed["title"] == "Rook: Strength"
        assert "d20 **15** + Strength 4 = **19**" in embed["description"]
        assert "**Success** against DC 10." in embed["description"]
        assert embed["footer"]["text"] == "roll #3" and pinged(body) == set()  # after 2 creations

        inter = await fake.slash(
            "contest", {"stat": "strength", "target": "Robin"}, user=fake.player1
        )
        body = await world.answer(inter)
        assert body["embeds"][0]["title"] == "Rook contests Robin: Strength vs Agility"
        assert pinged(body) == {fake.player2}  # the defender's player, and only them
        contest = world.stored(inter)
        assert custom_ids(contest) == ["pawpost:contest:1:roll"]

        wrong = await fake.click(contest, "pawpost:contest:1:roll", user=fake.player1)
        refused = await world.answer(wrong)
        assert is_ephemeral(refused) and one_sentence(refused["content"])
        assert refused["content"] == "Only Robin's player or an admin can roll this."
        assert custom_ids(contest) == ["pawpost:contest:1:roll"]  # unchanged

        right = await fake.click(contest, "pawpost:contest:1:roll", user=fake.player2)
        assert (await right.response())["type"] == 7  # the contest message is updated
        assert "Robin: d20 **9** + Agility 4 = **13**" in text_of(contest)
        assert "**Rook wins against Robin by 3.**" in text_of(contest)
        assert custom_ids(contest) == []  # settled: no button left
        # an edit pings no one, so the initiator is pinged by a followup
        ping = await right.wait_followup()
        assert pinged(ping) == {fake.player1} and ping["content"] == f"<@{fake.player1}>"


async def test_old_buttons_work_after_restarts_and_timeout_notices_are_posted_once(
    tmp_path: Path,
) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        await world.start(clock=T0)
        await create_cat(world, "Rook", user=fake.player1)
        await create_cat(world, "Robin", user=fake.player2)
        inter = await fake.slash(
            "contest", {"stat": "stealth", "target": "Robin"}, user=fake.player1, channel="hunting"
        )
        await world.answer(inter)
        contest = world.stored(inter)
        # a player has one contest waiting against a cat at a time: the second is another's
        await create_cat(world, "Wren", user=fake.admin)
        await world.command("contest", {"stat": "charisma", "target": "Robin"}, user=fake.admin)

        def notices() -> list[dict]:
            posted = fake.messages("general") + fake.messages("hunting")
            return [m for m in posted if "A contest is waiting" in text_of(m)]

        # a day after the contests, past the 24 h timeout: the scheduler posts one notice each,
        # in the contest's channel, with a button for the admins
        later = T0 + timedelta(hours=25)
        await world.restart(clock=later)
        await fake.wait_until(lambda: len(notices()) == 2, 5, "two notices")
        by_channel = {m["channel_id"]: m for m in notices()}
        first = by_channel[str(fake.channel_ids["hunting"])]
        second = by_channel[str(fake.channel_ids["general"])]
        assert "Robin has not rolled Perception for contest 1 after 24 h" in text_of(first)
        assert custom_ids(first) == ["pawpost:contest:1:admin-roll"]
        assert custom_ids(second) == ["pawpost:contest:2:admin-roll"]
        assert pinged(first) == pinged(second) == set()

        await world.restart(clock=later + timedelta(minutes=5))
        await world.scheduler_round()
        assert len(notices()) == 2  # not again after a restart

        # the defender's button from two processes ago still works
        click = await fake.click(contest, "pawpost:contest:1:roll", user=fake.player2)
        assert (await click.response())["type"] == 7
        assert "Contest: Rook vs Robin" in text_of(contest)
        assert pinged(await click.wait_followup()) == {fake.player1}
        # and the admin's button on its notice now says it is settled
        late = await fake.click(first, "pawpost:contest:1:admin-roll", user=fake.admin)
        refused = await world.answer(late)
        assert is_ephemeral(refused) and refused["content"] == "That contest is already settled."

        # the other contest: only an admin may roll for the absent defender
        player = await fake.click(second, "pawpost:contest:2:admin-roll", user=fake.player2)
        refused = await world.answer(player)
        assert (
            is_ephemeral(refused)
            and refused["content"] == "Only an admin can roll for the defender."
        )
        admin = await fake.click(second, "pawpost:contest:2:admin-roll", user=fake.admin)
        assert (await admin.response())["type"] == 7
        assert "Contest: Wren vs Robin" in text_of(second) and custom_ids(second) == []
        assert pinged(await admin.wait_followup()) == {fake.admin}


async def test_a_cat_named_everyone_pings_nobody(tmp_path: Path) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        await world.start()
        body = await create_cat(world, "@everyone", user=fake.player2)
        assert body["allowed_mentions"]["parse"] == [] and pinged(body) == set()
        await create_cat(world, "Rook", user=fake.player1)
        await create_cat(world, "<@&" + str(fake.admin_role_id) + ">", user=fake.player2)

        body = await world.command(
            "contest", {"stat": "charisma", "target": "@everyone"}, user=fake.player1
        )
        assert body["content"] == f"<@{fake.player2}>"
        assert body["allowed_mentions"]["parse"] == []
        assert pinged(body) == {fake.player2}
        assert "\\@everyone" in text_of(body)

        for data in (
            await world.command("character show", {"character": "@everyone"}, user=fake.admin),
            await world.command("character list", user=fake.admin),
        ):
            assert pinged(data) == set() and data["allowed_mentions"]["parse"] == []
            shown = text_of(data)
            assert "\\@everyone" in shown
            assert re.search(r"(?<!\\)@everyone", shown) is None
            assert re.search(r"(?<!\\)<(?!@\d)", shown) is None  # no unescaped role mention


async def test_a_bug_gets_an_apology_with_a_code_and_a_logged_traceback(tmp_path: Path) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        world.expect_bugs = True
        # a scripted face that cannot come up on a d6 makes the dice source fail: a bug
        await world.start(dice=[7])
        body = await world.command("roll", {"expression": "1d6"}, user=fake.player1)
        assert is_ephemeral(body) and not body.get("embeds")
        match = re.search(r"error code ([0-9a-f]{6})", body["content"])
        assert match is not None, body["content"]
        assert body["content"].startswith("Sorry, something went wrong on our side")
        line = await world.wait_log(f"bug {match[1]} while handling /roll")
        assert "ERROR" in line
        log = world.bot.log
        assert "Traceback" in log and "DiceExhausted" in log
        # the bot goes on answering
        body = await world.command("config show", user=fake.player1)
        assert "Ruleset" in text_of(body)
