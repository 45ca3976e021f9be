"""Simultaneous clicks and commands on one thing: exactly one of them happens.

Each race is run twice: all at once on the bot's one database, and split between two
connections to the same file (as two bot processes would be), where SQLite's locks and the
schema's unique indexes, not the process's lock, have to keep it to one.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest

from bot.actions import buttons
from bot.actions.context import Actor, Services
from bot.actions.germ import cats as germ_cats
from bot.actions.germ import checks
from bot.actions.germ import hunting as germ_hunting
from bot.actions.reply import Reply
from bot.bench.clock import SeededDice
from bot.registry import RULESETS
from rules.errors import PawpostError
from storage.database import Database
from tests.conftest import ADMIN, ALICE, BOB, Clock, cat
from tests.reliability.world import START, build_world, player

Call = Callable[[Services], Awaitable[Reply]]


def count(path: str, sql: str, *parameters: object) -> int:
    with sqlite3.connect(path) as connection:
        return int(connection.execute(sql, parameters).fetchone()[0])


@pytest.fixture(params=["one connection", "two connections"])
async def pair(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[list[Services]]:
    """Services for the racers: the same database twice, or two connections to one file."""
    path = tmp_path / "pawpost.sqlite3"
    first = await Database.open(path)
    second = first if request.param == "one connection" else await Database.open(path)
    clock = Clock(START)
    yield [
        Services(rulesets=RULESETS, db=first, dice=SeededDice(1), clock=clock),
        Services(rulesets=RULESETS, db=second, dice=SeededDice(2), clock=clock),
    ]
    await first.close()
    if second is not first:
        await second.close()


async def race(services: list[Services], calls: list[Call]) -> list[Reply | BaseException]:
    """Start every call at once, alternating between the racers' connections."""
    return await asyncio.gather(
        *(call(services[n % len(services)]) for n, call in enumerate(calls)),
        return_exceptions=True,
    )


def winners(results: list[Reply | BaseException]) -> list[Reply]:
    unexpected = [r for r in results if isinstance(r, BaseException)]
    unexpected = [r for r in unexpected if not isinstance(r, PawpostError)]
    assert not unexpected, unexpected
    return [r for r in results if isinstance(r, Reply)]


async def test_fifty_hunts_of_one_cat_record_one(pair: list[Services]) -> None:
    alice = player(ALICE)
    await germ_cats.create(pair[0], alice, **cat("Firepaw"))
    results = await race(pair, [lambda s: germ_hunting.hunt(s, alice)] * 50)
    assert len(winners(results)) == 1
    path = pair[0].db.path
    assert count(path, "SELECT count(*) FROM hunts") == 1
    assert count(path, "SELECT count(*) FROM audit_log WHERE action = 'hunt'") == 1


async def test_twenty_clicks_on_one_combat_turn_make_one_attack(pair: list[Services]) -> None:
    world = await build_world(pair[0].db)
    attack = next(b.custom_id for b in world.combat_turn.buttons if ":attack:" in b.custom_id)
    path = pair[0].db.path
    before = count(path, "SELECT count(*) FROM combat_actions")
    clickers = [player(ALICE), player(ADMIN, admin=True)]
    results = await race(
        pair, [lambda s, who=clickers[n % 2]: buttons.press(s, who, attack) for n in range(20)]
    )
    assert len(winners(results)) == 1
    assert count(path, "SELECT count(*) FROM combat_actions") == before + 1
    assert count(path, "SELECT count(*) FROM combat_actions WHERE action = 'attack'") == 1


async def test_two_cats_made_at_once_with_one_name_make_one(pair: list[Services]) -> None:
    makers = [player(ALICE), player(BOB)]
    results = await race(
        pair,
        [
            lambda s: germ_cats.create(s, makers[0], **cat("Brightpaw")),
            lambda s: germ_cats.create(s, makers[1], **cat("BRIGHTPAW ")),
        ],
    )
    assert len(winners(results)) == 1
    refused = [r for r in results if isinstance(r, PawpostError)]
    assert "already a character named" in refused[0].message
    path = pair[0].db.path
    assert count(path, "SELECT count(*) FROM characters WHERE name_key = 'brightpaw'") == 1


async def test_a_contest_answered_twice_at_once_resolves_once(pair: list[Services]) -> None:
    await germ_cats.create(pair[0], player(ALICE), **cat("Firepaw"))
    await germ_cats.create(pair[0], player(BOB), **cat("Tigerclaw"))
    started = await checks.start_contest(pair[0], player(ALICE), "strength", "Tigerclaw")
    roll = started.buttons[0].custom_id
    admin_roll = roll.replace(":roll", ":admin-roll")
    answerers: list[tuple[Actor, str]] = [
        (player(BOB), roll),
        (player(ADMIN, admin=True), admin_roll),
    ] * 3
    results = await race(
        pair, [lambda s, a=answerer: buttons.press(s, a[0], a[1]) for answerer in answerers]
    )
    assert len(winners(results)) == 1
    settled = [r for r in results if isinstance(r, PawpostError)]
    assert {error.message for error in settled} == {"That contest is already settled."}
    path = pair[0].db.path
    assert count(path, "SELECT count(*) FROM contests WHERE resolved_at IS NOT NULL") == 1
    assert count(path, "SELECT count(*) FROM audit_log WHERE action = 'contest'") == 2
