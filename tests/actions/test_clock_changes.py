"""The game clock through changes and downtime (germ-and-frame.md B3): a pace or time-zone
change keeps the calendar and the moons counting, a long downtime posts one digest, each missed
hunting week is counted, and a ruleset without ageing says so."""

from __future__ import annotations

import itertools
from datetime import UTC, datetime, timedelta

import pytest

from bot.actions import clock as clock_actions
from bot.actions import hunting_config, server_config
from bot.actions.cat import cats as cat_cats
from bot.actions.caverns import characters as caverns_characters
from bot.actions.clock import game_clock
from bot.actions.context import Services
from bot.actions.game_time import moon_tick_at
from bot.actions.germ import cats as germ_cats
from bot.actions.hunting_jobs import weekly_hunting
from bot.scheduler import JobResult
from rules.errors import PawpostError
from tests.actions.cat.helpers import FIREPAW
from tests.actions.caverns.helpers import BRUNHILD
from tests.actions.germ.hunting_helpers import boss, set_zone, sheet
from tests.conftest import ALICE, GUILD, Clock, actor, cat, dump

SUMMARIES = 66
ADMINS = 77


async def run_clock(services: Services, clock: Clock, until: datetime) -> list[JobResult]:
    """The scheduler waking the game clock whenever it is due, up to `until`."""
    results = [await game_clock(services, clock.now)]
    while results[-1].next_due is not None and results[-1].next_due <= until:
        clock.now = max(clock.now, results[-1].next_due)
        results.append(await game_clock(services, clock.now))
    clock.now = until
    results.append(await game_clock(services, until))
    return results


async def next_moon(services: Services, clock: Clock) -> datetime:
    settings = await services.db.transact(lambda tx: tx.guilds.get(GUILD).settings, write=False)
    moment = moon_tick_at(clock.now, settings).next_at
    assert moment is not None
    return moment


async def calendar_day(services: Services) -> str:
    return (await clock_actions.show_time(services, actor(ALICE))).lines[0]


# --- B3.1: a pace change keeps every count of game days --------------------------------------


@pytest.mark.parametrize("pace", [2, 24])
async def test_b3_1_a_faster_pace_ages_by_the_moons_that_pass_not_thousands(
    services, clock, db, pace: int
) -> None:
    await germ_cats.create(services, actor(ALICE), **cat("Mouser", age=30))
    await clock_actions.ageing(services, boss(), "on", "game-month")
    await run_clock(services, clock, clock.now)
    day = await calendar_day(services)
    reply = await clock_actions.game_day_pace(services, boss(), 6, pace)
    await run_clock(services, clock, clock.now + timedelta(minutes=1))
    assert (await sheet(db, "Mouser")).age_moons == 30
    assert "This is still day 1 of the calendar" in reply.lines[0]
    assert await calendar_day(services) == day
    # The next moon comes once, then none for 28 game days at the new pace.
    following = await next_moon(services, clock)
    await run_clock(services, clock, following - timedelta(seconds=1))
    assert (await sheet(db, "Mouser")).age_moons == 30
    await run_clock(services, clock, following)
    assert (await sheet(db, "Mouser")).age_moons == 31
    assert await next_moon(services, clock) == following + timedelta(hours=28 * 24 // pace)
    await run_clock(services, clock, following + timedelta(hours=28 * 24 // pace, seconds=-1))
    assert (await sheet(db, "Mouser")).age_moons == 31


async def test_b3_1_a_slower_pace_goes_on_ageing(services, clock, db) -> None:
    await germ_cats.create(services, actor(ALICE), **cat("Mouser", age=30))
    await clock_actions.game_day_pace(services, boss(), 6, 2)
    await clock_actions.ageing(services, boss(), "on", "game-month")
    await run_clock(services, clock, clock.now)
    await run_clock(services, clock, clock.now + timedelta(days=7))  # 14 game days
    await clock_actions.game_day_pace(services, boss(), 6, 1)
    # The moon's other 14 game days now take 14 real days, not 26,000 moons.
    await run_clock(services, clock, clock.now + timedelta(days=15))
    assert (await sheet(db, "Mouser")).age_moons == 31
    await run_clock(services, clock, clock.now + timedelta(days=28))
    assert (await sheet(db, "Mouser")).age_moons == 32


async def test_b3_5_a_sunrise_or_time_zone_change_keeps_the_calendar_day(services, clock) -> None:
    await germ_cats.create(services, actor(ALICE), **cat("Mouser"))
    await clock_actions.game_day_channel(services, boss(), SUMMARIES)
    await run_clock(services, clock, clock.now)
    await run_clock(services, clock, datetime(2026, 12, 2, 12, tzinfo=UTC))
    assert await calendar_day(services) == "It is **day 3** of this server's game calendar."
    await clock_actions.game_day_pace(services, boss(), 9, 1)  # only the sunrise changes
    assert await calendar_day(services) == "It is **day 3** of this server's game calendar."
    await set_zone(services, "Pacific/Pago_Pago")  # westward: local time goes back a day
    assert await calendar_day(services) == "It is **day 3** of this server's game calendar."
    await set_zone(services, "Pacific/Kiritimati")  # eastward: local time jumps a day ahead
    assert await calendar_day(services) == "It is **day 3** of this server's game calendar."
    results = await run_clock(services, clock, datetime(2026, 12, 3, 12, tzinfo=UTC))
    titles = [post.reply.title for result in results for post in result.posts]
    assert titles == ["Day 4 dawns"]  # 09:00 at Kiritimati is 19:00 UTC the day before


# --- B3.2: daylight saving at a fast pace ----------------------------------------------------


async def test_b3_2_each_game_day_of_a_spring_change_is_summed_up_once_at_its_own_time(
    services, clock
) -> None:
    clock.now = datetime(2027, 3, 27, 4, 30, tzinfo=UTC)  # 05:30 CET, before sunrise
    await set_zone(services, "Europe/Berlin")
    await germ_cats.create(services, actor(ALICE), **cat("Mouser"))
    await clock_actions.game_day_channel(services, boss(), SUMMARIES)
    await clock_actions.game_day_pace(services, boss(), 6, 24)
    await run_clock(services, clock, clock.now)
    posted: list[datetime] = []
    until = datetime(2027, 3, 28, 4, tzinfo=UTC)  # 06:00 CEST: the short real day ends
    result = await game_clock(services, clock.now)
    while result.next_due is not None and result.next_due <= until:
        clock.now = max(clock.now, result.next_due)
        result = await game_clock(services, clock.now)
        posted += [clock.now for post in result.posts if post.reply.title.endswith("dawns")]
    # The real day from 06:00 CET on the 27th to 06:00 CEST on the 28th has 23 hours: its 24
    # game days share them, each dawning at its own time, then the next real day's first.
    assert len(posted) == 24 + 1
    assert posted[0] == datetime(2027, 3, 27, 5, tzinfo=UTC)
    assert posted[-1] == until
    gaps = {later - earlier for earlier, later in itertools.pairwise(posted)}
    assert gaps == {timedelta(minutes=57, seconds=30)}


# --- B3.3: downtime ---------------------------------------------------------------------------


async def test_b3_3_a_week_down_at_24_a_day_posts_one_digest(services, clock) -> None:
    await germ_cats.create(services, actor(ALICE), **cat("Mouser"))
    await clock_actions.game_day_channel(services, boss(), SUMMARIES)
    await clock_actions.game_day_pace(services, boss(), 6, 24)
    await run_clock(services, clock, clock.now)
    clock.now += timedelta(days=7)  # down for a week: 168 game days
    results = await run_clock(services, clock, clock.now)
    posts = [post for result in results for post in result.posts]
    [digest] = posts
    assert digest.reply.title == "Days 2–169, caught up after downtime"
    assert digest.reply.lines[1:] == [
        "**Days 2–168:** No cat hunted that day.",
        "**Day 169:** No cat hunted that day. No cat is starving.",
    ]
    later = await run_clock(services, clock, clock.now + timedelta(hours=1))
    assert [post.reply.title for result in later for post in result.posts] == ["Day 170 dawns"]


async def test_b3_3_each_missed_hunting_week_is_counted_once_after_downtime(
    services, clock, db
) -> None:
    await germ_cats.create(services, actor(ALICE), **cat("Mouser"))
    clock.advance(days=7)
    await hunting_config.set_admin_channel(services, boss(), ADMINS)
    await hunting_config.missed_week_counts_as_failure(services, boss(), "on")
    await weekly_hunting(services, clock.now)
    # Down from Monday 7 December to 29 December: the weeks of 7, 14 and 21 December ended.
    clock.now = datetime(2026, 12, 29, 9, tzinfo=UTC)
    result = await weekly_hunting(services, clock.now)
    assert [post.reply.title for post in result.posts] == [
        "Week of 2026-12-07: who missed the hunt",
        "Week of 2026-12-14: who missed the hunt",
        "Week of 2026-12-21: who missed the hunt",
    ]
    assert [post.reply.lines[1] for post in result.posts] == [
        f"**Mouser** — <@{ALICE}> · 1 failed hunt in a row",
        f"**Mouser** — <@{ALICE}> · 2 failed hunts in a row",
        f"**Mouser** — <@{ALICE}> · now **starving**",
    ]
    mouser = await sheet(db, "Mouser")
    assert (mouser.fail_streak, mouser.starving) == (3, True)
    assert (await weekly_hunting(services, clock.now)).posts == []  # once each


# --- B3.4: rulesets that never age ------------------------------------------------------------


@pytest.mark.parametrize(
    ("ruleset", "name"), [("cat", "Taking Risks"), ("caverns", "Caverns and Cloiers")]
)
async def test_b3_4_a_ruleset_without_ageing_says_so(services, db, ruleset: str, name: str) -> None:
    await server_config.set_ruleset(services, boss(), ruleset)
    if ruleset == "cat":
        await cat_cats.create(services, actor(ALICE), **{**FIREPAW, "name": "Mouser"})
    else:
        await caverns_characters.create(services, actor(ALICE), **{**BRUNHILD, "name": "Mouser"})
    said = f"{name} has no ageing: its characters never grow older."
    time = await clock_actions.show_time(services, actor(ALICE))
    assert time.lines[-1] == said
    shown = await server_config.show(services, boss())
    clock_field = next(field.value for field in shown.fields if field.name == "Game clock")
    assert clock_field.endswith(f"; {said}")
    before = dump(db)
    with pytest.raises(PawpostError) as ageing:
        await clock_actions.ageing(services, boss(), "on", "game-month")
    assert ageing.value.message == said
    with pytest.raises(PawpostError) as aged:
        await clock_actions.admin_age(services, boss(), "Mouser", 3, "a late birthday")
    assert aged.value.message == said
    assert dump(db) == before
