"""Issue 13's wording, each as it was seen: sentences that said the wrong thing or read badly."""

from __future__ import annotations

import pytest

from bot.actions import characters, hunting, hunting_config, roll
from bot.actions.germ import cats as germ_cats
from bot.actions.germ import checks
from bot.commands.catalog import COMMANDS
from rules.errors import PawpostError
from tests.actions.germ.hunting_helpers import boss
from tests.conftest import ALICE, BOB, FIREPAW, actor, cat


async def test_a_roll_for_a_reason_that_starts_with_for_says_it_once(services, dice) -> None:
    dice.load(4, 11)
    rolled = await roll.roll(services, actor(ALICE), "d20", "for the border patrol")
    assert rolled.title == "Roll 1d20 for the border patrol"
    await germ_cats.create(services, actor(ALICE), **FIREPAW)
    checked = await checks.check(services, actor(ALICE), "stealth", reason="For luck")
    assert checked.title == "Firepaw: Stealth for luck"


async def test_hunting_status_of_a_player_with_no_cats_names_them(services) -> None:
    await germ_cats.create(services, actor(ALICE), **FIREPAW)
    theirs = await hunting.status(services, actor(ALICE), user=BOB)
    assert theirs.lines == [f"<@{BOB}> has no cats in this server."]
    mine = await hunting.status(services, actor(BOB))
    assert mine.lines == ["You have no cats in this server."]


async def test_a_member_who_is_not_an_admin_hears_that_before_the_channel(services) -> None:
    async def cannot_post(guild_id: int, channel_id: int) -> bool:
        return False

    services.can_post = cannot_post  # type: ignore[attr-defined]
    with pytest.raises(PawpostError) as refused:
        await hunting_config.reminders_on(services, actor(ALICE), 55, "monday", 10)
    assert refused.value.message.startswith("Only an admin")
    with pytest.raises(PawpostError) as told:
        await hunting_config.reminders_on(services, boss(), 55, "monday", 10)
    assert told.value.message.startswith("I cannot post in <#55>")


def test_admin_stats_takes_the_range_a_stat_can_have() -> None:
    [command] = [c for c in COMMANDS if c.path == ("admin", "stats")]
    [value] = [o for o in command.options if o.name == "value"]
    assert (value.min_value, value.max_value) == (0, 20)  # germ_config.MOST_POINTS_IN_STAT


async def test_a_kit_of_one_moon_and_no_failed_hunts(services) -> None:
    await germ_cats.create(services, actor(ALICE), **cat("Kitpaw", age=1))
    shown = await characters.show(services, actor(ALICE))
    fields = {field.name: field.value for field in shown.fields}
    assert fields["Age"] == "1 moon (kit)"
    assert fields["Hunting"] == "fed; 0 failed hunts in a row"
