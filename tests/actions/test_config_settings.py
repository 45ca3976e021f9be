"""The shared settings RULINGS marks (config) that had no command: the contest and turn timeouts
and the week's start; and moons per real week shown by `/config show` (hole: "everything
RULINGS marks (config) is reachable")."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.actions import clock as clock_actions
from bot.actions import hunting_config, server_config
from bot.actions.germ import hunting as germ_hunting
from bot.actions.weeks import week_of
from rules.errors import PawpostError
from storage.hunting import Week
from tests.actions.germ.hunting_helpers import MISS, boss, two_cats
from tests.conftest import ALICE, GUILD, actor, dump


async def shown_fields(services) -> dict[str, str]:
    shown = await server_config.show(services, actor(ALICE))
    return {f.name: f.value for f in shown.fields}


async def test_contest_and_turn_timeouts_are_set_and_shown(services) -> None:
    await server_config.set_contest_timeout(services, boss(), 6)
    await server_config.set_turn_timeout(services, boss(), 48)
    hunting = (await shown_fields(services))["Hunting"]
    assert "contest timeout 6 h; turn timeout 48 h" in hunting
    settings = (await services.db.transact(lambda tx: tx.guilds.get(GUILD), write=False)).settings
    assert (settings.contest_timeout_hours, settings.turn_timeout_hours) == (6, 48)


async def test_bad_timeouts_and_week_starts_are_one_sentence_and_change_nothing(
    services, db
) -> None:
    before = dump(db)
    with pytest.raises(PawpostError) as refused:
        await server_config.set_contest_timeout(services, boss(), 0)
    assert refused.value.message == "The contest timeout must be 1 to 168 hours; you gave 0."
    with pytest.raises(PawpostError, match=r"^The turn timeout must be 1 to 168 hours"):
        await server_config.set_turn_timeout(services, boss(), 169)
    with pytest.raises(PawpostError, match=r"^The hour must be 0 to 23; you gave 24\.$"):
        await hunting_config.week_start(services, boss(), "monday", 24)
    with pytest.raises(PawpostError, match=r"^Real weeks already start on Monday at 00:00\.$"):
        await hunting_config.week_start(services, boss(), "monday", 0)
    with pytest.raises(PawpostError):
        await server_config.set_turn_timeout(services, actor(ALICE), 12)
    with pytest.raises(PawpostError):
        await hunting_config.week_start(services, actor(ALICE), "thursday", 0)
    assert dump(db) == before


async def test_a_new_week_start_is_shown_and_keeps_this_weeks_hunts(services, dice, clock) -> None:
    await two_cats(services)
    dice.load(MISS)
    await germ_hunting.hunt(services, actor(ALICE))  # Monday 30 November, 12:00 UTC
    clock.now = datetime(2026, 12, 2, 12, tzinfo=UTC)  # Wednesday
    await hunting_config.week_start(services, boss(), "thursday", 6)
    assert (await shown_fields(services))["Week starts"] == "Thursday 06:00"

    def firepaw_hunted(tx) -> bool:
        guild = tx.guilds.get(GUILD)
        span = week_of(clock.now, guild.settings)
        week = Week(guild_id=GUILD, key=span.key, start=span.start, end=span.end)
        return tx.hunting.standings(week, ALICE)[0].hunted_this_week

    # The week now runs from Thursday 26 November 06:00: Monday's hunt belongs to it.
    assert await services.db.transact(firepaw_hunted, write=False)


async def test_moons_per_real_week_is_shown(services) -> None:
    await clock_actions.ageing(services, boss(), "on", moons_per_real_week=3)
    assert "ageing on (3 moons a real week)" in (await shown_fields(services))["Game clock"]
