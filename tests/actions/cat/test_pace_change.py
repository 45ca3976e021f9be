"""Taking Risks' stored game days survive a change of the game-day pace (cat.md D1): a drenched
cat stays drenched to the end of the day it got wet and is dry from the next, a scar heals
after 7 game days, a Reputation acted against loses its point at the next sunrise and can be set
right the same day. The core clock keeps the count of days going, so nothing on the sheet is
converted."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.actions import clock as clock_actions
from bot.actions.cat import days, narrator
from bot.actions.clock import game_clock
from bot.actions.context import Services
from bot.actions.game_time import game_day_at
from rules.cat.scars import place_scars
from rules.cat.sheet import CatSheet, Trait
from storage.repositories import Transaction
from tests.actions.cat.helpers import TIGERCLAW, cat_server, make
from tests.conftest import ADMIN, BOB, GUILD, Clock, actor

SUMMARIES = 55
SUNRISE = 6
START = datetime(2026, 12, 6, 9, tzinfo=UTC)  # a Sunday morning, as the audit's scripts start


def boss():  # type: ignore[no-untyped-def]
    return actor(ADMIN, admin=True)


@pytest.fixture
async def tigerclaw(services: Services, clock: Clock) -> None:
    clock.now = START
    await cat_server(services)
    await clock_actions.game_day_channel(services, boss(), SUMMARIES)
    await make(services, BOB, **TIGERCLAW)
    await game_clock(services, clock.now)  # the clock starts the calendar: day 1


async def run_clock(services: Services, clock: Clock, until: datetime) -> None:
    """The scheduler waking whenever the clock is due, up to `until`."""
    result = await game_clock(services, clock.now)
    while result.next_due is not None and result.next_due <= until:
        clock.now = max(clock.now, result.next_due)
        result = await game_clock(services, clock.now)
    clock.now = until
    await game_clock(services, until)


async def tigerclaw_now(services: Services) -> tuple[CatSheet, int]:
    """Tigerclaw's sheet and the game day it is now."""

    def work(tx: Transaction) -> tuple[CatSheet, int]:
        found = tx.characters.by_name(GUILD, "Tigerclaw")
        assert found is not None and isinstance(found.sheet, CatSheet)
        today = game_day_at(services.clock(), tx.guilds.get(GUILD).settings).number
        return found.sheet, today

    return await services.db.transact(work, write=False)


async def scar_tigerclaw(services: Services) -> None:
    """A scar in Claws, placed today: its healing week starts today."""

    def work(tx: Transaction) -> None:
        found = tx.characters.by_name(GUILD, "Tigerclaw")
        assert found is not None and isinstance(found.sheet, CatSheet)
        today = game_day_at(services.clock(), tx.guilds.get(GUILD).settings).number
        found.sheet = place_scars(found.sheet, 1, {Trait.CLAWS: 1}, today=today).sheet
        tx.characters.save_sheet(found)

    await services.db.transact(work)


async def set_pace(services: Services, days_per_real_day: int) -> None:
    await clock_actions.game_day_pace(services, boss(), SUNRISE, days_per_real_day)


@pytest.mark.parametrize(("before", "after"), [(1, 2), (2, 1), (1, 24), (24, 1)])
async def test_d1_a_drenched_cat_stays_wet_to_the_end_of_that_day_across_a_pace_change(
    services: Services, clock: Clock, tigerclaw: None, before: int, after: int
) -> None:
    await set_pace(services, before)
    await narrator.wet(services, boss(), "Tigerclaw", "fell in the canal")
    await set_pace(services, after)
    sheet, today = await tigerclaw_now(services)
    assert sheet.is_wet(today)  # the rest of the day it got wet, whatever the pace now
    end = game_day_at(clock.now, (await services.db.transact(_settings, write=False))).end
    await run_clock(services, clock, end - timedelta(seconds=1))
    sheet, today = await tigerclaw_now(services)
    assert sheet.is_wet(today)
    await run_clock(services, clock, end)
    sheet, today = await tigerclaw_now(services)
    assert not sheet.is_wet(today)  # dry from the next sunrise, not days later


def _settings(tx: Transaction):  # type: ignore[no-untyped-def]
    return tx.guilds.get(GUILD).settings


@pytest.mark.parametrize(("before", "after"), [(1, 2), (2, 1), (1, 24)])
async def test_d1_a_scar_heals_after_seven_game_days_across_a_pace_change(
    services: Services, clock: Clock, tigerclaw: None, before: int, after: int
) -> None:
    await set_pace(services, before)
    await scar_tigerclaw(services)
    _, scarred = await tigerclaw_now(services)
    await set_pace(services, after)
    settings = await services.db.transact(_settings, write=False)
    # The sixth game day after the scar: nothing is due yet.
    day = game_day_at(clock.now, settings)
    for _ in range(6):
        day = game_day_at(day.end, settings)
    await run_clock(services, clock, day.start)
    sheet, today = await tigerclaw_now(services)
    assert today == scarred + 6
    assert sheet.heals_due == 0
    await run_clock(services, clock, day.end)  # the seventh game day dawns
    sheet, today = await tigerclaw_now(services)
    assert today == scarred + 7
    assert sheet.heals_due == 1
    healed = await days.heal(services, actor(BOB), "claws")
    assert "heals" in healed.lines[0]


@pytest.mark.parametrize(("before", "after"), [(2, 1), (1, 2), (1, 24)])
async def test_d1_a_reputation_at_risk_is_settled_at_the_next_sunrise_across_a_pace_change(
    services: Services, clock: Clock, tigerclaw: None, before: int, after: int
) -> None:
    await set_pace(services, before)
    await days.lose(services, boss(), "Tigerclaw", "Proud", "ran from the dog")
    await set_pace(services, after)
    sheet, _ = await tigerclaw_now(services)
    assert sheet.reputations["Proud"] == 3
    # Still the same game day: it can be set right.
    await days.restore(services, boss(), "Tigerclaw", "Proud", "made up for it")
    await days.lose(services, boss(), "Tigerclaw", "Sly", "told the truth")
    await set_pace(services, before)
    settings = await services.db.transact(_settings, write=False)
    await run_clock(services, clock, game_day_at(clock.now, settings).end)
    sheet, _ = await tigerclaw_now(services)
    assert sheet.reputations["Proud"] == 3  # set right in time
    assert "Sly" not in sheet.reputations  # Sly 1 lost its point at the next sunrise
