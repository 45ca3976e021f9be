"""Contest limits (issue 13): one contest waiting per player against the same cat, and a
burst of contests refused after CONTESTS_PER_MINUTE (30 in a row pinged a defender 30 times)."""

from __future__ import annotations

import pytest

from bot.actions import buttons
from bot.actions.contests import CONTESTS_PER_MINUTE
from bot.actions.germ import cats as germ_cats
from bot.actions.germ import checks
from rules.errors import PawpostError
from tests.conftest import ADMIN, ALICE, BOB, CAROL, FIREPAW, TIGERCLAW, actor, cat, dump

BURST = f"You can start at most {CONTESTS_PER_MINUTE} contests a minute; wait a moment"


@pytest.fixture
async def cats(services):
    await germ_cats.create(services, actor(ALICE), **FIREPAW)
    await germ_cats.create(services, actor(BOB), **TIGERCLAW)
    for number in range(CONTESTS_PER_MINUTE + 1):
        await germ_cats.create(services, actor(CAROL), **cat(f"Kit{number}"))


async def test_one_contest_waits_against_a_cat_at_a_time(services, db, dice, cats) -> None:
    dice.load(12)
    first = await checks.start_contest(services, actor(ALICE), "strength", "Tigerclaw")
    before = dump(db)
    for stat in ("strength", "stealth"):  # with another stat too
        dice.load(12)
        with pytest.raises(PawpostError) as refused:
            await checks.start_contest(services, actor(ALICE), stat, "Tigerclaw")
        assert refused.value.message == (
            "You already have a contest waiting for Tigerclaw's roll (contest 1);"
            " it must be settled before you start another."
        )
    dice.load(12)
    with pytest.raises(PawpostError, match="waiting for Tigerclaw's roll"):  # among listeners
        await checks.start_contest(services, actor(ALICE), "charisma", "Kit0", target_2="Tigerclaw")
    assert dump(db) == before
    # Another player may contest Tigerclaw meanwhile, and Alice again once it is settled.
    dice.load(12)
    await checks.start_contest(services, actor(CAROL), "strength", "Tigerclaw", "Kit1")
    dice.load(5)
    await buttons.press(services, actor(BOB), first.buttons[0].custom_id)
    dice.load(12)
    await checks.start_contest(services, actor(ALICE), "strength", "Tigerclaw")


async def test_a_burst_of_contests_is_refused_and_the_next_minute_allowed(
    services, db, dice, clock, cats
) -> None:
    for number in range(CONTESTS_PER_MINUTE):
        dice.load(12)
        await checks.start_contest(services, actor(ALICE), "strength", f"Kit{number}")
    before = dump(db)
    dice.load(12)
    with pytest.raises(PawpostError) as refused:
        await checks.start_contest(services, actor(ALICE), "strength", "Tigerclaw")
    assert refused.value.message == f"{BURST} before the next."
    assert dump(db) == before
    dice.load(12)  # someone else is not held back
    await checks.start_contest(services, actor(BOB), "strength", "Firepaw")
    clock.advance(seconds=61)
    dice.load(12)
    await checks.start_contest(services, actor(ALICE), "strength", "Tigerclaw")


async def test_each_listener_counts_towards_the_burst(services, dice, clock, cats) -> None:
    dice.load(12)
    await checks.start_contest(services, actor(ADMIN, admin=True), "strength", "Kit0", "Kit5")
    for first in (1, 3):
        dice.load(12)
        await checks.start_contest(
            services, actor(ADMIN, admin=True), "charisma", f"Kit{first}", "Kit5",
            target_2=f"Kit{first + 1}",
        )  # fmt: skip
    dice.load(12)
    with pytest.raises(PawpostError, match=f"^{BURST}"):
        await checks.start_contest(
            services, actor(ADMIN, admin=True), "strength", "Tigerclaw", "Kit5"
        )
