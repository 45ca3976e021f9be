"""Every command, with random and hostile option values: only PawpostError escapes, and a refused
command leaves the database exactly as it was.

The values are drawn from each command's declared options (kind, choices, range, length), so a
command added to a registered ruleset (and the frame tests' Toy) is covered without touching this
file: each ruleset's commands run on a server of that ruleset. Besides values Discord would
send, they include what it would not: out-of-range numbers, unknown choices, over-long and empty
text, Markdown and mentions, names of deleted cats and of cats in another server or of another
player. Integers stay within what a Discord option can carry (|n| <= 2^53;
snowflakes 0 to 2^63 - 1).
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import cache, partial
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.actions import server_config
from bot.actions.context import Upload
from bot.actions.reply import Reply
from bot.commands.catalog import all_commands
from bot.commands.spec import Command, Kind, Option
from bot.registry import RULESETS as REGISTRY
from bot.ruleset import Ruleset
from rules.errors import PawpostError
from rules.germ.sheet import STATS
from storage.database import Database
from storage.models import NewCharacter
from storage.repositories import Transaction
from tests.conftest import ALICE, BOB, CHANNEL, Dumps, migrated_copy
from tests.reliability.world import (
    ACTORS,
    ALICES,
    BOBS,
    DELETED,
    ELSEWHERE,
    START,
    World,
    build_world,
)
from tests.toy.ruleset import TOY, toy_registry

# Every registered ruleset, and the frame tests' fifth one: each is covered by itself.
RULESETS = {**REGISTRY, TOY.id: TOY}
COMMANDS = all_commands(RULESETS)

DISCORD_INTEGER = 2**53
SNOWFLAKE = 2**63 - 1
HOSTILE_TEXT = (
    "",
    " ",
    "\n\t",
    "@everyone",
    "@here",
    f"<@{BOB}>",
    "<@&1>",
    "<#10>",
    "**bold** _it_ ~~gone~~",
    "`code` ```block```",
    "||spoiler||",
    "[link](https://example.com)",
    "# heading\n> quote",
    "\\",
    "\u200b",
    "ñandú 🐈 ذيل",
    "x" * 33,
    "x" * 201,
    "y" * 5000,
    "'); DROP TABLE characters; --",
    "%s %d {0} {name}",
)
NAMES = (*ALICES, *BOBS, DELETED, *ELSEWHERE, "Nobody", " firepaw ", "TIGERCLAW")
ZONES = ("UTC", "Europe/London", "America/New_York", "utc", " Asia/Tokyo ", "Mars/Olympus")


# Plausible values for text options by what they hold, so that commands also succeed now and
# then and the test reaches past their first check.
PLAUSIBLE_TEXT = {
    "expression": ("d20", "3d8+5", "d%", "5d6 evens", "100d1000+10000", "2d6 - 1d4"),
    "until_date": ("2026-12-05", "2026-11-29", "2030-01-01", "2026-02-30", "tomorrow"),
    "start": ("2026-12-01", "2026-11-30", "1999-01-01", "2026-13-01"),
    "name": ("Brightpaw", "Firepaw", "Cinderpaw"),
    "new_name": ("Brightpaw", "Tigerclaw", "Fireheart"),
    "character": (DELETED, "Brightpaw"),
}


def text_values(option: Option) -> st.SearchStrategy[str]:
    longest = (option.max_length or 100) + 20
    junk = st.one_of(st.sampled_from(HOSTILE_TEXT), st.text(max_size=longest))
    plausible = PLAUSIBLE_TEXT.get(option.argument)
    if plausible:
        junk = st.one_of(st.sampled_from(plausible), junk)
    if not option.choices:
        return junk
    variants = [c.upper() for c in option.choices] + [f" {c} " for c in option.choices]
    return st.one_of(st.sampled_from(option.choices), st.sampled_from(variants), junk)


def integer_values(option: Option) -> st.SearchStrategy[int]:
    low = -DISCORD_INTEGER if option.min_value is None else option.min_value
    high = DISCORD_INTEGER if option.max_value is None else option.max_value
    edges = {low - 1, low, high, high + 1, 0, -1, DISCORD_INTEGER, -DISCORD_INTEGER}
    return st.one_of(st.integers(low, high), st.sampled_from(sorted(edges)))


def snowflakes() -> st.SearchStrategy[int]:
    known = (0, 1, CHANNEL, ALICE, BOB, SNOWFLAKE)
    return st.one_of(st.sampled_from(known), st.integers(0, SNOWFLAKE))


def uploads() -> st.SearchStrategy[Upload]:
    """Attachments as Discord describes them: an image, another type, none, a strange URL."""
    urls = st.one_of(
        st.sampled_from(
            (
                "https://cdn.discordapp.com/attachments/1/2/cat.png?ex=1",
                "http://cdn.example/cat.png",
                "javascript:alert(1)",
                "",
            )
        ),
        st.text(max_size=50),
    )
    types = st.sampled_from(("image/png", "image/gif", "text/plain", None, ""))
    return st.builds(Upload, url=urls, content_type=types, filename=st.text(max_size=20))


def values(option: Option) -> st.SearchStrategy[Any]:
    match option.kind:
        case Kind.text | Kind.ruleset:
            return text_values(option)
        case Kind.integer:
            return integer_values(option)
        case Kind.character | Kind.npc | Kind.saved_roll:
            return st.one_of(st.sampled_from(NAMES), st.sampled_from(HOSTILE_TEXT))
        case Kind.zone:
            return st.one_of(st.sampled_from(ZONES), st.sampled_from(HOSTILE_TEXT))
        case Kind.channel | Kind.role | Kind.user:
            return snowflakes()
        case Kind.attachment:
            return uploads()
    raise AssertionError(f"no strategy for options of kind {option.kind}")  # a new kind


STAT_NAMES = tuple(stat.value for stat in STATS)
LEGAL_SPLITS = ((4, 4, 4, 4, 3, 3), (8, 8, 6, 0, 0, 0), (2, 5, 5, 5, 5, 0))


@cache
def arguments(command: Command) -> st.SearchStrategy[dict[str, Any]]:
    """Keyword arguments for the command's action: every required option, optional ones or
    not. A command taking all six stats gets a legal split of the points half the time. Built
    once per command: every example draws from the same strategy (building it anew for each
    example cost Hypothesis as much as drawing from it)."""
    fields = {}
    for option in command.options:
        drawn = values(option)
        fields[option.argument] = drawn if option.required else st.one_of(st.none(), drawn)
    drawn_kwargs = st.fixed_dictionaries(fields)
    if set(STAT_NAMES) <= set(fields):
        splits = st.sampled_from(LEGAL_SPLITS).flatmap(st.permutations)
        legal = st.tuples(drawn_kwargs, splits).map(
            lambda pair: {**pair[0], **dict(zip(STAT_NAMES, pair[1], strict=True))}
        )
        drawn_kwargs = st.one_of(drawn_kwargs, legal)
    return drawn_kwargs.map(
        lambda kwargs: {key: value for key, value in kwargs.items() if value is not None}
    )


def server_ruleset(command: Command) -> str:
    """The ruleset the test server plays for this command (Germ when the command has it)."""
    if not command.rulesets or "germ" in command.rulesets:  # the not-built versions: no one's
        return "germ"
    return sorted(command.rulesets)[0]


# Commands whose handler needs state that cannot be set up generically. Each one here is a gap,
# to be covered by a test of its own.
SKIPPED: dict[str, str] = {}


@dataclass
class Arena:
    """A world on a real file, driven from a synchronous test (Hypothesis runs those)."""

    runner: asyncio.Runner
    world: World
    dump: Dumps  # the file's every row, read again only once something may have changed it

    def run(self, command: Command, actor_name: str, kwargs: dict[str, Any]) -> Reply:
        actor = ACTORS[actor_name]
        ruleset = server_ruleset(command)
        if ruleset in OTHER_GUILDS:
            actor = replace(actor, guild_id=OTHER_GUILDS[ruleset])
        return self.runner.run(command.handler(self.world.services, actor, **kwargs))


# A server of each other registered ruleset, for its own commands, with two characters of its
# bench's sheets (Firepaw for Alice, Tigerclaw for Bob) to reach past "who?".
OTHER_GUILDS = {
    ruleset: 3000 + number
    for number, ruleset in enumerate(sorted(r for r in RULESETS if r != "germ"), 1)
}


def _seed_characters(tx: Transaction, ruleset: Ruleset, guild_id: int) -> None:
    bench = ruleset.bench
    if bench is None or ruleset.rules.sheet is None:
        return
    for number, (name, owner) in enumerate((("Firepaw", ALICE), ("Tigerclaw", BOB)), 1):
        sheet = ruleset.rules.sheet.model_validate_json(bench.sheet_json(number))
        new = NewCharacter(
            guild_id=guild_id, owner_id=owner, name=name, ruleset=ruleset.id, sheet=sheet
        )
        tx.characters.add(new, START)


@pytest.fixture
def arena(
    tmp_path: Path, _sqlite_template: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Arena]:
    toy_registry(monkeypatch)  # the fifth ruleset of the frame tests, registered like any
    with asyncio.Runner() as runner:
        db = runner.run(Database.open(migrated_copy(_sqlite_template, tmp_path, "arena.sqlite3")))
        try:
            world = runner.run(build_world(db, rulesets=RULESETS))
            for ruleset, guild_id in OTHER_GUILDS.items():
                admin = replace(ACTORS["admin"], guild_id=guild_id)
                runner.run(server_config.set_ruleset(world.services, admin, ruleset))
                runner.run(
                    db.transact(
                        partial(_seed_characters, ruleset=RULESETS[ruleset], guild_id=guild_id)
                    )
                )
            dumps = Dumps(db.path)
            try:
                yield Arena(runner, world, dumps)
            finally:
                dumps.close()
        finally:
            runner.run(db.close())


@pytest.mark.parametrize(
    "command", COMMANDS, ids=[f"{c.name} [{server_ruleset(c)}]" for c in COMMANDS]
)
@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_only_pawpost_errors_escape_and_a_refusal_changes_nothing(
    arena: Arena, command: Command, data: st.DataObject
) -> None:
    if command.name in SKIPPED:
        pytest.skip(SKIPPED[command.name])
    kwargs = data.draw(arguments(command), label="options")
    actor_name = data.draw(st.sampled_from(sorted(ACTORS)), label="actor")
    arena.world.clock.advance(hours=data.draw(st.integers(0, 30), label="hours later"))
    before = arena.dump()
    try:
        reply = arena.run(command, actor_name, kwargs)
    except PawpostError:
        assert arena.dump() == before, "a refused command changed the database"
    else:
        assert isinstance(reply, Reply)


def test_every_option_kind_has_values() -> None:
    for command in COMMANDS:
        for option in command.options:
            values(option)  # raises for a kind added without values here
