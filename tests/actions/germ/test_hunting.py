"""`/hunt`: the two DCs by season, the daily limit, starvation and the race of 50 hunts."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import pytest

from bot.actions import characters, seasons
from bot.actions.germ import cats as germ_cats
from bot.actions.germ import hunting as germ_hunting
from rules.errors import PawpostError
from storage.repositories import Transaction
from tests.actions.germ.hunting_helpers import (
    CATCH,
    FIND,
    MISS,
    boss,
    hunt_on,
    set_zone,
    sheet,
    two_cats,
)
from tests.conftest import ALICE, BOB, FIREPAW, GUILD, actor, cat, dump


@pytest.fixture
async def cats(services):
    await two_cats(services)


async def hunts_in_db(db) -> list:
    def work(tx: Transaction) -> list:
        found = tx.characters.by_name(GUILD, "Firepaw")
        return tx.hunting.hunts_of(GUILD, found.id, before_id=None, limit=100)

    return await db.transact(work, write=False)


async def test_outside_leaf_bare_finding_prey_needs_dc_5_then_stealth_dc_8(
    services, dice, db, cats
) -> None:
    dice.load(FIND, CATCH)
    reply = await germ_hunting.hunt(services, actor(ALICE))
    assert reply.title == "Firepaw hunts in Newleaf"
    assert reply.lines[:3] == [
        "Find prey: d20 **2** + Perception 3 = **5** against DC 5: prey found.",
        "Catch it: d20 **5** + Stealth 3 = **8** against DC 8: caught!",
        "**Firepaw caught prey.** Its catch can be shared with /share.",
    ]
    [logged] = await hunts_in_db(db)
    assert (logged.season, logged.outcome.value, logged.day_key) == (
        "newleaf",
        "caught",
        "2026-11-30",
    )
    assert (logged.find_total, logged.find_dc) == (5, 5)
    assert (logged.catch_total, logged.catch_dc) == (8, 8)
    assert logged.user_id == ALICE
    assert logged.week_key == "2026-11-30"


async def test_in_leaf_bare_finding_prey_needs_dc_10(services, dice, clock, db, cats) -> None:
    await seasons.set_season(services, boss(), "leaf-bare")
    reply = await hunt_on(services, dice, clock, 6)  # 6 + 3 = 9 < 10: no catch roll at all
    assert reply.title == "Firepaw hunts in Leaf-bare"
    assert reply.lines[0].endswith("against DC 10: no prey found.")
    assert dice.remaining == 0
    reply = await hunt_on(services, dice, clock, 7, CATCH)
    assert reply.lines[0].endswith("= **10** against DC 10: prey found.")
    assert "caught prey" in reply.lines[2]
    assert [h.season for h in await hunts_in_db(db)] == ["leaf-bare", "leaf-bare"]


async def test_penalties_show_in_the_hunting_rolls(services, dice) -> None:
    await germ_cats.create(services, actor(ALICE), **cat("Smallkit", age=3))
    dice.load(12, 1)
    reply = await germ_hunting.hunt(services, actor(ALICE))
    assert reply.lines[0] == (
        "Find prey: d20 **12** + Perception 3 − 10 kit = **5** against DC 5: prey found."
    )


async def test_three_failed_hunts_starve_and_each_failure_warns(
    services, dice, clock, db, cats
) -> None:
    first = await hunt_on(services, dice, clock, MISS)
    assert first.lines[-1] == (
        "**The hunt failed.** 1 failed hunt in a row: 2 more failures and Firepaw starves."
    )
    second = await hunt_on(services, dice, clock, FIND, CATCH - 1)  # found, but it got away
    assert second.lines[1].endswith("against DC 8: it got away.")
    assert second.lines[-1] == (
        "**The hunt failed.** 2 failed hunts in a row: 1 more failure and Firepaw starves."
    )
    third = await hunt_on(services, dice, clock, MISS)
    assert third.lines[-1] == (
        "**The hunt failed: Firepaw is now starving** after 3 failed hunts in a row "
        "(−4 Strength, −3 Agility until it eats)."
    )
    after = await sheet(db, "Firepaw")
    assert (after.fail_streak, after.starving) == (3, True)
    shown = await characters.show(services, actor(ALICE))
    hunger = next(field.value for field in shown.fields if field.name == "Hunting")
    assert hunger == "starving; 3 failed hunts in a row"
    fourth = await hunt_on(services, dice, clock, MISS)
    assert (
        fourth.lines[-1]
        == "**The hunt failed.** Firepaw is still starving (4 failed hunts in a row)."
    )
    fed = await hunt_on(services, dice, clock, FIND, CATCH)
    assert fed.lines[-1] == "Firepaw eats and is no longer starving."
    after = await sheet(db, "Firepaw")
    assert (after.fail_streak, after.starving) == (0, False)


async def test_two_failures_starve_a_mother_of_a_1_moon_kit_and_the_kit(
    services, dice, clock, db
) -> None:
    await germ_cats.create(services, actor(ALICE), **cat("Sandstorm", age=30))
    await germ_cats.create(services, actor(ALICE), **cat("Dapplekit", age=1, mother="Sandstorm"))
    await germ_cats.create(services, actor(BOB), **cat("Mosskit", age=2, mother="Sandstorm"))
    dice.load(MISS)
    first = await germ_hunting.hunt(services, actor(ALICE), "Sandstorm")
    assert first.lines[-1].endswith("1 failed hunt in a row: 1 more failure and Sandstorm starves.")
    clock.advance(days=1)
    dice.load(MISS)
    second = await germ_hunting.hunt(services, actor(ALICE), "Sandstorm")
    assert "**The hunt failed: Sandstorm is now starving** after 2 failed hunts" in second.lines[-2]
    assert second.lines[-1] == "Her kits under 2 moons starve with her: Dapplekit."
    assert (await sheet(db, "Sandstorm")).starving
    kit = await sheet(db, "Dapplekit")
    assert (kit.starving, kit.fail_streak) == (True, 0)
    assert not (await sheet(db, "Mosskit")).starving


async def test_a_second_hunt_the_same_day_is_refused_with_the_wait(
    services, dice, clock, db, cats
) -> None:
    clock.now = datetime(2026, 11, 30, 20, 48, tzinfo=UTC)
    dice.load(MISS)
    await germ_hunting.hunt(services, actor(ALICE))
    before = dump(db)
    with pytest.raises(PawpostError) as refused:
        await germ_hunting.hunt(services, actor(ALICE))
    assert refused.value.message == "Firepaw can hunt again after midnight, in 3 h 12 min."
    assert dump(db) == before
    assert dice.remaining == 0


async def test_the_daily_limit_turns_at_local_midnight_in_new_york(
    services, dice, clock, db, cats
) -> None:
    await set_zone(services, "America/New_York")
    # 23:58 on Sunday 29 November in New York (EST, UTC−5).
    clock.now = datetime(2026, 11, 30, 4, 58, tzinfo=UTC)
    dice.load(MISS)
    await germ_hunting.hunt(services, actor(ALICE))
    clock.advance(minutes=1, seconds=30)
    with pytest.raises(PawpostError, match=r"^Firepaw can hunt again after midnight, in 1 min\.$"):
        await germ_hunting.hunt(services, actor(ALICE))
    clock.advance(seconds=30)  # 00:00 in New York, still 05:00 UTC on the same UTC day as before
    dice.load(MISS)
    await germ_hunting.hunt(services, actor(ALICE))
    assert [h.day_key for h in reversed(await hunts_in_db(db))] == ["2026-11-29", "2026-11-30"]


async def test_50_simultaneous_hunts_of_one_cat_record_one(services, dice, db, cats) -> None:
    dice.load(FIND, CATCH)
    results = await asyncio.gather(
        *(germ_hunting.hunt(services, actor(ALICE)) for _ in range(50)), return_exceptions=True
    )
    answered = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, PawpostError)]
    assert (len(answered), len(refused)) == (1, 49)
    assert len(await hunts_in_db(db)) == 1


async def test_an_admin_hunts_for_any_cat_and_a_player_cannot(services, dice, db, cats) -> None:
    with pytest.raises(PawpostError, match="^Tigerclaw belongs to another player.$"):
        await germ_hunting.hunt(services, actor(ALICE), "Tigerclaw")
    dice.load(MISS, MISS)  # Perception 4 finds prey on a 1; Stealth 4 misses the catch
    reply = await germ_hunting.hunt(services, boss(), "Tigerclaw")
    assert reply.title == "Tigerclaw hunts in Newleaf"


async def test_every_hunt_is_in_the_audit_log(services, dice, clock, db, cats) -> None:
    await hunt_on(services, dice, clock, FIND, CATCH)
    recent = await db.transact(lambda tx: tx.audit.recent(GUILD, limit=5), write=False)
    [entry] = [e for e in recent if e.action == "hunt"]
    assert (entry.action, entry.outcome) == ("hunt", "caught")
    assert entry.summary == "Hunt in Newleaf: caught prey"
    assert [roll.total for roll in entry.rolls] == [5, 8]


async def test_a_cat_hunts_alone_in_its_own_server(services, dice) -> None:
    await germ_cats.create(services, actor(ALICE), **FIREPAW)
    with pytest.raises(PawpostError, match="no character in this server"):
        await germ_hunting.hunt(services, actor(ALICE, guild=2000))


async def test_a_new_time_zone_gives_no_second_hunt_within_20_hours(
    services, dice, clock, db, cats
) -> None:
    """Hole: "changing the time zone cannot give a cat a second hunt within 20 hours"."""
    clock.now = datetime(2026, 11, 30, 10, tzinfo=UTC)  # 10:00 on the 30th in UTC
    dice.load(MISS)
    await germ_hunting.hunt(services, actor(ALICE))
    clock.advance(hours=1)
    await set_zone(services, "Pacific/Kiritimati")  # UTC+14: already 1 December there
    before = dump(db)
    with pytest.raises(PawpostError) as refused:
        await germ_hunting.hunt(services, actor(ALICE))
    assert refused.value.message == (
        "Firepaw hunted less than 20 hours ago and the server's time zone has changed since, "
        "so it can hunt again in 19 h."
    )
    assert dump(db) == before
    clock.advance(hours=19)  # 20 hours after the last hunt, the new real day is the cat's
    dice.load(MISS)
    await germ_hunting.hunt(services, actor(ALICE))
    assert [h.day_key for h in reversed(await hunts_in_db(db))] == ["2026-11-30", "2026-12-01"]


async def test_a1_8_a_westward_zone_change_lets_a_cat_hunt_on_a_new_local_day(
    services, dice, clock, db, cats
) -> None:
    """Kiritimati (UTC+14) to Pago Pago (UTC-11): the last hunt holds the date "2026-12-09" of
    Kiritimati; in Pago Pago, 9 December is a later local day, and the cat may hunt on it."""
    clock.now = datetime(2026, 12, 8, 11, tzinfo=UTC)
    await set_zone(services, "Pacific/Kiritimati")
    clock.advance(minutes=1)
    dice.load(MISS)
    await germ_hunting.hunt(services, actor(ALICE))  # 01:01 on 9 December at Kiritimati
    clock.advance(minutes=1)
    await set_zone(services, "Pacific/Pago_Pago")
    clock.now = datetime(2026, 12, 9, 15, 32, tzinfo=UTC)  # 04:32 on 9 December in Pago Pago
    dice.load(MISS)
    await germ_hunting.hunt(services, actor(ALICE))
    before = dump(db)
    with pytest.raises(PawpostError, match="can hunt again after midnight, in 19 h 28 min"):
        await germ_hunting.hunt(services, actor(ALICE))
    assert dump(db) == before
    assert [h.day_key for h in reversed(await hunts_in_db(db))] == [
        "2026-12-09",
        "2026-12-09@1100Z",
    ]
