"""Every command a Taking Risks server gets, with random and hostile values, on a cat server
with cats (the shared test runs them on a server of another ruleset): only PawpostError
escapes, a refusal changes nothing, and every button a reply offers can be pressed."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.actions import buttons
from bot.actions.context import Actor, Services
from bot.actions.reply import Reply
from bot.bench.clock import SeededDice
from bot.commands.catalog import commands_for
from bot.commands.spec import Command
from bot.registry import RULESETS
from rules.errors import PawpostError
from storage.database import Database
from tests.actions.cat.helpers import FIREPAW, TIGERCLAW, cat_server, make
from tests.conftest import ADMIN, ALICE, BOB, CAROL, Clock, Dumps, actor, migrated_copy
from tests.reliability.test_bad_input import arguments

CAT_COMMANDS = commands_for("cat")
ACTORS = {
    "alice": actor(ALICE),
    "bob": actor(BOB),
    "carol": actor(CAROL),
    "admin": actor(ADMIN, admin=True),
}


@dataclass
class Arena:
    runner: asyncio.Runner
    services: Services
    clock: Clock
    dump: Dumps  # the file's every row, read again only once something may have changed it

    def run(self, command: Command, who: Actor, kwargs: dict[str, Any]) -> Reply:
        return self.runner.run(command.handler(self.services, who, **kwargs))

    def press(self, who: Actor, custom_id: str) -> Reply:
        return self.runner.run(buttons.press(self.services, who, custom_id))


@pytest.fixture
def arena(tmp_path: Path, _sqlite_template: Path, clock: Clock) -> Iterator[Arena]:
    with asyncio.Runner() as runner:
        db = runner.run(Database.open(migrated_copy(_sqlite_template, tmp_path, "arena.sqlite3")))
        try:
            services = Services(rulesets=RULESETS, db=db, dice=SeededDice(3), clock=clock)
            runner.run(cat_server(services))
            runner.run(make(services, ALICE, **FIREPAW))
            runner.run(make(services, BOB, **TIGERCLAW))
            dumps = Dumps(db.path)
            try:
                yield Arena(runner, services, clock, dumps)
            finally:
                dumps.close()
        finally:
            runner.run(db.close())


@pytest.mark.parametrize("command", CAT_COMMANDS, ids=[c.name for c in CAT_COMMANDS])
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_only_pawpost_errors_escape_on_a_cat_server(
    arena: Arena, command: Command, data: st.DataObject
) -> None:
    kwargs = data.draw(arguments(command), label="options")
    who = ACTORS[data.draw(st.sampled_from(sorted(ACTORS)), label="actor")]
    arena.clock.advance(hours=data.draw(st.integers(0, 30), label="hours later"))
    # Drawn before running: how many buttons a reply has depends on what earlier examples did.
    clickers = data.draw(st.lists(st.sampled_from(sorted(ACTORS)), min_size=25, max_size=25))
    before = arena.dump()
    try:
        reply = arena.run(command, who, kwargs)
    except PawpostError:
        assert arena.dump() == before, "a refused command changed the database"
        return
    assert isinstance(reply, Reply)
    for button, clicker_name in zip(reply.buttons, clickers, strict=False):
        clicker = ACTORS[clicker_name]
        before = arena.dump()
        try:
            arena.press(clicker, button.custom_id)
        except PawpostError:
            assert arena.dump() == before, f"a refused {button.custom_id} wrote"
