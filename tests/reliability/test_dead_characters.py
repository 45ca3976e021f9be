"""A dead character cannot act, nor be acted on, in any command: every command of the ruleset
with a character option, given a dead character there, answers a refusal (never a crash) and
changes nothing (the core's life state, `bot.actions.lookup`). What only shows or manages a
character (its sheet, card, name, profile, log) still works."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.actions.gm import life
from bot.commands.catalog import COMMANDS
from bot.commands.spec import Command, Kind
from rules.errors import PawpostError
from storage.database import Database
from tests.conftest import ADMIN, ALICE, BOB, dump
from tests.reliability.test_permissions import arguments, attempt, name_of
from tests.reliability.world import World, build_world, player

# What shows or manages a character, which a dead one may still have done to it.
MANAGING = {
    ("character", "show"),
    ("character", "card"),
    ("character", "rename"),
    ("character", "delete"),
    ("character", "use"),
    ("character", "submit"),
    ("character", "profile"),
    ("character", "request"),
    ("combat", "status"),
    ("profile", "set"),
    ("profile", "show"),
    ("profile", "clear"),
    ("hunting", "log"),
    ("log",),
}
GERM = [c for c in COMMANDS if (c.rulesets is None or "germ" in c.rulesets) and not c.admin]
ACTING = [
    c for c in GERM if c.path not in MANAGING and any(o.argument == "character" for o in c.options)
]
AIMING = [
    (c, o.argument)
    for c in GERM
    for o in c.options
    if o.kind is Kind.character and o.argument != "character"
]


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    db = await Database.open(tmp_path / "pawpost.sqlite3")
    built = await build_world(db)
    admin = player(ADMIN, admin=True)
    await life.kill(built.services, admin, "Firepaw", "agreed by the players")
    yield built
    await db.close()


@pytest.mark.parametrize("command", ACTING, ids=name_of)
async def test_a_dead_character_cannot_act(world: World, command: Command) -> None:
    before = dump(world.db)
    kwargs = arguments(command, {"": "Firepaw", "character": "Firepaw"}, all_options=False)
    result = await attempt(world, command, player(ALICE), kwargs)
    assert isinstance(result, PawpostError), f"{command.name} acted as a dead cat: {result}"
    assert dump(world.db) == before


@pytest.mark.parametrize(
    ("command", "option"), AIMING, ids=lambda v: v if isinstance(v, str) else v.name
)
async def test_a_dead_character_cannot_be_a_target(
    world: World, command: Command, option: str
) -> None:
    before = dump(world.db)
    kwargs = arguments(command, {"": "Tigerclaw", option: "Firepaw"}, all_options=False)
    result = await attempt(world, command, player(BOB), kwargs)
    assert isinstance(result, PawpostError), f"{command.name} aimed at a dead cat: {result}"
    assert dump(world.db) == before


@pytest.mark.parametrize(
    "command",
    [c for c in GERM if c.path in MANAGING and any(o.argument == "character" for o in c.options)],
    ids=name_of,
)
async def test_a_dead_character_can_still_be_shown_and_managed(
    world: World, command: Command
) -> None:
    kwargs = arguments(command, {"": "Firepaw"}, all_options=False)
    result = await attempt(world, command, player(ALICE), kwargs)
    assert "is dead" not in str(result)
