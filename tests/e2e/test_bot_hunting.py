"""Hunting through Discord: once a real day, starving after three failures (scripted dice), and
the weekly reminder posted once by the scheduler (test clock), not again after a restart."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.commands.catalog import COMMANDS
from tests.e2e.bot_process import (
    bot_world,
    create_cat,
    is_ephemeral,
    one_sentence,
    pinged,
    text_of,
)

MONDAY = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)  # in Newleaf, the default season: DC 5 to find
DAY = timedelta(days=1)
SEND_MESSAGES = 1 << 11


def require(*paths: tuple[str, ...]) -> None:
    missing = set(paths) - {command.path for command in COMMANDS}
    if missing:
        pytest.skip(f"hunting commands {sorted(missing)} are not built yet")


async def test_one_hunt_a_day_and_three_failures_starve(tmp_path: Path) -> None:
    require(("hunt",))
    async with bot_world(tmp_path) as world:
        fake = world.fake
        # Perception 3: a 1 finds no prey (4 < DC 5)
        await world.start(clock=MONDAY, dice=[1])
        await create_cat(world, "Rook", user=fake.player1)
        body = await world.command("hunt", user=fake.player1)
        shown = text_of(body)
        assert body["embeds"][0]["title"] == "Rook hunts in Newleaf"
        assert "Find prey: d20 **1** + Perception 3 = **4** against DC 5: no prey found." in shown
        assert "1 failed hunt in a row: 2 more failures and Rook starves." in shown
        assert pinged(body) == set()

        again = await world.command("hunt", user=fake.player1)
        assert is_ephemeral(again) and one_sentence(again["content"])
        # 09:00 UTC on Monday: midnight is 15 h away (the clock runs on by a few seconds)
        assert re.fullmatch(
            r"Rook can hunt again after midnight, in (15 h|14 h 5\d min)\.", again["content"]
        )

        # the next day: prey found (4 + 3 = 7), but it gets away (Stealth 2 + 3 = 5 < 8)
        await world.restart(clock=MONDAY + DAY, dice=[4, 2])
        body = await world.command("hunt", user=fake.player1)
        shown = text_of(body)
        assert "prey found." in shown and "against DC 8: it got away." in shown
        assert "2 failed hunts in a row: 1 more failure and Rook starves." in shown

        await world.restart(clock=MONDAY + 2 * DAY, dice=[1])
        body = await world.command("hunt", user=fake.player1)
        assert "**The hunt failed: Rook is now starving** after 3 failed hunts in a row" in (
            text_of(body)
        )
        sheet = text_of(await world.command("character show", user=fake.player1))
        assert "starving; 3 failed hunts in a row" in sheet
        assert "**Strength** 4 → rolls +0 (starving" in sheet  # −4 Strength while starving

        refused = await world.command(
            "admin starving clear", {"character": "Rook", "reason": "fed"}, user=fake.player1
        )
        assert is_ephemeral(refused) and one_sentence(refused["content"])
        fed = {"character": "Rook", "reason": "fed by the clan"}
        await world.command("admin starving clear", fed, user=fake.admin)
        sheet = text_of(await world.command("character show", user=fake.player1))
        assert "fed; 0 failed hunts in a row" in sheet


async def test_weekly_reminder_is_posted_once(tmp_path: Path, e2e_database: str | None) -> None:
    require(("hunt",), ("config", "reminders", "on"))
    async with bot_world(tmp_path, database=e2e_database) as world:
        fake = world.fake
        # nobody may post in #admin (a permission overwrite on @everyone, the bot's only role)
        admin = fake.channels[fake.channel_ids["admin"]]
        deny = {"id": str(fake.guild_id), "type": 0, "allow": "0", "deny": str(SEND_MESSAGES)}
        admin["permission_overwrites"] = [deny]
        # the cats are made the week before: a cat made during a week need not hunt in it
        await world.start(clock=MONDAY - timedelta(hours=20))
        await create_cat(world, "Rook", user=fake.player1)
        await create_cat(world, "Robin", user=fake.player2)
        await create_cat(world, "@everyone", user=fake.player1)

        # Monday, two seconds before 10:00: reminders at 10:00 in #hunting; Robin hunts,
        # finds prey (15 + 3) and catches it (15 + 3)
        await world.restart(clock=MONDAY + timedelta(minutes=59, seconds=58), dice=[15, 15])
        when = {"weekday": "monday", "hour": 10}
        refused = await world.command(
            "config reminders on", {"channel": "admin", **when}, user=fake.admin
        )
        assert is_ephemeral(refused)
        assert refused["content"].startswith(f"I cannot post in <#{admin['id']}>")
        body = await world.command(
            "config reminders on", {"channel": "hunting", **when}, user=fake.admin
        )
        assert f"<#{fake.channel_ids['hunting']}>" in text_of(body)
        body = await world.command("hunt", {"character": "Robin"}, user=fake.player2)
        assert "**Robin caught prey.**" in text_of(body)

        def reminders() -> list[dict]:
            return [m for m in fake.messages("hunting") if "Hunting reminder" in text_of(m)]

        assert reminders() == []  # not yet
        # the running bot's scheduler wakes at 10:00 by itself
        await fake.wait_until(reminders, 8, "the weekly reminder")
        [reminder] = reminders()
        shown = text_of(reminder)
        assert "**Rook**" in shown and "**\\@everyone**" in shown and "Robin" not in shown
        assert pinged(reminder) == {fake.player1}  # only the player whose cats have not hunted
        assert reminder["allowed_mentions"]["parse"] == []

        await world.restart(clock=MONDAY + timedelta(hours=1, minutes=10))
        await world.scheduler_round()
        assert len(reminders()) == 1  # not again after a restart
