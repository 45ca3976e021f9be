"""Races in the rulesets and features merged after PostgreSQL, run on it: two databases (two
pools of worker threads, as two processes have), all calls at once. A hunt stage is rolled once,
a fresh-kill piece eaten once, a wound's scars placed once, an approval decided once, a long
rest's experience counted once. What keeps each to one: SERIALIZABLE write transactions, retried
on a conflict, the conditional updates (a version, a status) the repositories make, and the
rows locked first (`FOR UPDATE`) so a second call waits for the first instead of rolling dice."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import psycopg
import pytest

from bot.actions import approvals, buttons
from bot.actions.cat import risks
from bot.actions.cat import wounds as cat_wounds
from bot.actions.caverns.party import rests as caverns_rests
from bot.actions.context import Services
from bot.actions.germ import cats as germ_cats
from bot.actions.reply import Reply
from bot.actions.wcagr import freshkill, hunting
from bot.registry import RULESETS
from rules.cat.sheet import Trait
from rules.dice import ScriptedDice
from rules.errors import PawpostError
from storage.database import Database
from tests.actions.cat.helpers import FIREPAW as CAT_FIREPAW
from tests.actions.cat.helpers import cat_server
from tests.actions.cat.helpers import make as make_cat
from tests.actions.caverns.helpers import ids, party_of_three
from tests.actions.wcagr.helpers import make, wcagr_server
from tests.conftest import ADMIN, ALICE, BOB, FIREPAW, Clock, actor

Call = Callable[[Services], Awaitable[Reply]]
ADMIN_ACTOR = actor(ADMIN, admin=True)
NAMES = ("Firepaw", "Graypaw")


class Ones:
    """Dice that always show 1: every WCAGR stage fails, however often a unit is run again."""

    def roll(self, sides: int) -> int:
        return 1


@pytest.fixture
async def pair(postgresql_schema: str, clock: Clock) -> AsyncIterator[list[Services]]:
    """Two databases on one PostgreSQL schema, as two processes would hold."""
    first = await Database.open(postgresql_schema)
    second = await Database.open(postgresql_schema)
    yield [
        Services(rulesets=RULESETS, db=first, dice=ScriptedDice([]), clock=clock),
        Services(rulesets=RULESETS, db=second, dice=ScriptedDice([]), clock=clock),
    ]
    await first.close()
    await second.close()


def scalar(url: str, sql: str) -> Any:
    with psycopg.connect(url) as connection:
        row = connection.execute(sql).fetchone()
        assert row is not None
        return row[0]


async def race(pair: list[Services], calls: list[Call]) -> Counter[str]:
    """Every call at once, alternating between the two databases: answers and refusals."""
    results = await asyncio.gather(
        *(call(pair[n % 2]) for n, call in enumerate(calls)), return_exceptions=True
    )
    seen: Counter[str] = Counter()
    for result in results:
        if isinstance(result, PawpostError):
            seen[f"refused: {result.message}"] += 1
        elif isinstance(result, BaseException):
            raise result
        else:
            seen["answered"] += 1
    return seen


async def test_a_wcagr_hunt_stage_continued_twenty_times_at_once_is_rolled_once(
    pair: list[Services], postgresql_schema: str
) -> None:
    services = pair[0]
    await wcagr_server(services)
    await make(services, ALICE)
    await make(services, BOB, name="Graypaw", skills="Smell, Bite, Sneak")
    services.dice = ScriptedDice([1, 1, 1])
    started = await hunting.hunt(services, actor(ALICE), "mice", "listen")
    assert started.lines[-1].startswith("**Locate failed**; 1 more try")
    await hunting.join_hunt(services, actor(BOB), 1)
    for racer in pair:
        racer.dice = Ones()
    calls: list[Call] = [
        lambda s, user=user: hunting.continue_hunt(s, actor(user)) for user in [ALICE, BOB] * 10
    ]
    seen = await race(pair, calls)
    no_hunt = {f"refused: {name} is on no hunt; start one with /hunt start." for name in NAMES}
    assert seen["answered"] == 1 and set(seen) - {"answered"} <= no_hunt, seen
    assert sum(seen.values()) == 20
    assert scalar(postgresql_schema, "SELECT tries || ' ' || state FROM wcagr_hunts") == "2 lost"


async def test_the_last_ration_on_the_pile_eaten_twenty_times_at_once_is_eaten_once(
    pair: list[Services], postgresql_schema: str
) -> None:
    services = pair[0]
    await wcagr_server(services)
    await make(services, ALICE)
    await make(services, BOB, name="Graypaw", skills="Smell, Bite, Sneak")
    services.dice = ScriptedDice([4, 4, 4, 2, 2, 2, 3, 2, 2, 2, 2, 3, 5])  # a vole: 1 ration
    await hunting.hunt(services, actor(ALICE), "vole", "listen")
    calls: list[Call] = [
        lambda s, user=user: freshkill.eat(s, actor(user)) for user in [ALICE, BOB] * 10
    ]
    seen = await race(pair, calls)
    bare = "refused: The ThunderClan fresh-kill pile is bare; hunt first."
    assert seen == {"answered": 1, bare: 19}
    assert scalar(postgresql_schema, "SELECT sum(sixths_left) FROM wcagr_freshkill") == 0


async def test_a_wounds_scars_placed_twenty_times_at_once_are_placed_once(
    pair: list[Services], postgresql_schema: str
) -> None:
    services = pair[0]
    await cat_server(services)
    await make_cat(services, ALICE, **CAT_FIREPAW)
    services.dice = ScriptedDice([3, 5, 3, 4, 6])  # a dangerous failure: 3 scars owed
    await risks.risk(services, actor(ALICE), "legs", "hard", dangerous="yes")
    wound_id = scalar(postgresql_schema, "SELECT id FROM cat_wounds")

    def place_all(s: Services) -> Awaitable[Reply]:
        return cat_wounds.place(s, actor(ALICE), wound_id, Trait.LEGS, None, one=False)

    calls: list[Call] = [place_all] * 20
    seen = await race(pair, calls)
    assert seen["answered"] == 1 and sum(seen.values()) == 20, seen
    assert scalar(postgresql_schema, "SELECT placed FROM cat_wounds") == 3
    scars = scalar(postgresql_schema, "SELECT count(*) FROM audit_log WHERE action = 'scars'")
    assert scars == 1


async def test_a_sheet_approved_and_rejected_at_once_is_decided_once(
    pair: list[Services], postgresql_schema: str
) -> None:
    services = pair[0]
    await approvals.set_approval(services, ADMIN_ACTOR, "on")
    await germ_cats.create(services, actor(ALICE), **FIREPAW)
    approval_id = scalar(postgresql_schema, "SELECT id FROM character_approvals")
    calls: list[Call] = [
        lambda s: approvals.approve(s, ADMIN_ACTOR, approval_id),
        lambda s: approvals.reject(s, ADMIN_ACTOR, approval_id, "Too strong."),
    ] * 10
    seen = await race(pair, calls)
    assert seen == {"answered": 1, "refused: An admin already decided that request.": 19}
    decided = scalar(
        postgresql_schema, "SELECT count(*) FROM character_approvals WHERE status <> 'pending'"
    )
    assert decided == 1


async def test_a_long_rests_questions_all_answered_at_once_count_its_experience_once(
    pair: list[Services], postgresql_schema: str
) -> None:
    services = pair[0]
    await party_of_three(services)
    services.dice = ScriptedDice([4, 4])
    rest = await caverns_rests.rest_long(services, actor(ALICE))
    by_label = ids(rest)
    labels = [f"Question {n}: {word}" for n in (1, 2, 3) for word in ("yes", "no")]
    calls: list[Call] = [
        lambda s, label=label: buttons.press(s, ADMIN_ACTOR, by_label[label]) for label in labels
    ] * 3
    seen = await race(pair, calls)
    assert seen["answered"] == 3 and sum(seen.values()) == 18, seen
    counted = scalar(
        postgresql_schema, "SELECT count(*) FROM audit_log WHERE action = 'experience'"
    )
    assert counted == 3  # one answer to each question, each logged once
    assert (
        scalar(postgresql_schema, "SELECT count(*) FROM caverns_rests WHERE settled_at IS NOT NULL")
        == 1
    )
    yeses = scalar(
        postgresql_schema,
        "SELECT count(*) FROM audit_log WHERE action = 'experience' AND summary LIKE '%: yes.'",
    )
    # whichever answer won each race, the party counts exactly the yeses that were logged
    assert scalar(postgresql_schema, "SELECT experience FROM caverns_parties") == yeses
