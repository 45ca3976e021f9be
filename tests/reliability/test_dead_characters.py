"""A dead character cannot act, nor be acted on, in any command or button of any ruleset (the
core's life state, `bot.actions.lookup`): a property of every registered ruleset and of the
frame tests' Toy, checked over every player command and every button the world shows.

Each ruleset gets a server of its own: Alice's Firepaw and Bob's Tigerclaw, seeded from its
benchmark's sheets. The world is played into being with Firepaw living: the ruleset's openers
put it in a scene (a fight, a battle), then every player command runs (as Alice, and by Bob
aimed at Firepaw) and the buttons of their answers are pressed a few steps deep, twice over.
The world then holds whatever a living Firepaw had going (contests, fights, Risks, wounds to
place, ranks asked) and the buttons posted for it. Then Firepaw dies (`/admin kill`). Each
command, and each button pressed by Alice, Bob and an admin, is tried twice on copies of that
world: with Firepaw living (the control) and dead. With Firepaw dead:

- only `PawpostError` escapes, and a refusal is one sentence and changes nothing;
- nothing is written as or onto Firepaw (no row naming it is added, changed or removed), except
  by what only shows or manages a character (`MANAGING`);
- where the living Firepaw acted (the control wrote rows naming it), the dead one is refused:
  "Firepaw is dead.", or what its death did ("This combat is over.").
"""

from __future__ import annotations

import asyncio
import contextlib
import shutil
import sqlite3
from collections.abc import Callable, Coroutine, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bot.actions import buttons, server_config
from bot.actions.context import Actor, Services
from bot.actions.gm import life
from bot.actions.reply import Reply
from bot.bench.clock import SeededDice
from bot.commands.catalog import command_set
from bot.commands.spec import Command, Kind, Option
from bot.registry import RULESETS as REGISTRY
from bot.ruleset import Ruleset
from rules.errors import PawpostError
from rules.life import Life
from storage.database import Database
from storage.models import NewCharacter
from tests.conftest import ADMIN, ALICE, BOB, Dumps
from tests.reliability.test_permissions import plausible
from tests.reliability.world import START, player
from tests.toy.ruleset import TOY, toy_registry

RULESETS: dict[str, Ruleset] = {**REGISTRY, TOY.id: TOY}
DEAD, LIVING = "Firepaw", "Tigerclaw"
SEED = 7
PRESSES = 250  # buttons pressed while building a world, at most
DEPTH = 4  # how many answers deep a world's buttons are followed

# What only shows or manages a character, which may still be done to a dead one (as its
# player's: it may be shown, renamed, deleted, given a profile, and its log read).
MANAGING = {
    ("character", "show"),
    ("character", "card"),
    ("character", "rename"),
    ("character", "delete"),
    ("character", "use"),
    ("character", "submit"),
    ("character", "profile"),
    ("character", "request"),
    ("character", "list"),
    ("profile", "set"),
    ("profile", "show"),
    ("profile", "clear"),
    ("log",),
}
MANAGING_BUTTONS = {
    ("character", "delete"),
    ("character", "keep"),
    ("characters", "page"),
    ("log", "older"),
    ("hunts", "older"),
    ("help", "page"),
}

MAKING = {("character", "create"), ("character", "new")}
# What gets a living Firepaw into each ruleset's scenes before the rest is tried: a command
# (who, its path, its options) or a button of the latest answers (who, its verb). The other
# commands and buttons then find Firepaw there.
Step = tuple[int, tuple[str, ...], dict[str, Any]] | tuple[int, str]
OPENERS: dict[str, list[Step]] = {
    "germ": [
        (ALICE, ("combat", "challenge"), {"target": LIVING, "character": DEAD}),
        (BOB, "accept"),
        (ALICE, "me-first"),
        (BOB, "them-first"),
    ],
    "wcagr": [
        (ALICE, ("fight", "start"), {"targets": LIVING, "character": DEAD}),
        (BOB, "accept"),
        (ALICE, ("hunt", "start"), {"prey": "mice", "locate_with": "smell", "character": DEAD}),
    ],
    "cat": [
        (ADMIN, ("fight", "foe"), {"name": "Fox", "dice": 2, "scars": 1, "character": DEAD}),
    ],
    "caverns": [
        # A condition's cure button, whatever the battle's dice give (a battle without armour to
        # spend or doubles offers none of its own).
        (ADMIN, ("admin", "condition", "add"), {"character": DEAD, "condition": "fatigue"}),
        (ADMIN, ("battle", "start"), {}),
        (ALICE, ("battle", "join"), {"row": "front", "character": DEAD}),
        (BOB, ("battle", "join"), {"row": "back", "character": LIVING}),
        (ADMIN, ("battle", "add", "enemy"), {"enemy": "Urchin"}),
        (ADMIN, ("battle", "order"), {"characters": f"{DEAD}, {LIVING}"}),
    ],
}
# Text options that name something of the ruleset's world, as its openers made it.
NAMED = {"caverns": {"target": "Urchin"}}
USERS = (ALICE, BOB, ADMIN)
# Buttons of a ruleset known to act for a dead character, to be fixed in that ruleset's package:
# left out of the property, and each checked below to still do so (strict: once fixed, the
# entry goes).
KNOWN_GAPS: dict[tuple[str, str, str], str] = {}
# Buttons the world's building does not press: they would end what Firepaw is in, or take it
# out of play (they are still tried on the dead Firepaw).
ENDING = {"end", "decline", "refuse", "keep", "confirm", "delete", "no", "let-go", "escape", "run"}


def player_commands(ruleset: str) -> list[Command]:
    return [c for c in command_set(ruleset, RULESETS).commands if not c.admin]


def _seed(ruleset: Ruleset) -> Callable[[Any], None]:
    assert ruleset.bench is not None and ruleset.rules.sheet is not None
    model, bench = ruleset.rules.sheet, ruleset.bench

    def seed(tx: Any) -> None:
        for number, (name, owner) in enumerate(((DEAD, ALICE), (LIVING, BOB)), 1):
            sheet = model.model_validate_json(bench.sheet_json(number))
            new = NewCharacter(
                guild_id=player(ALICE).guild_id,
                owner_id=owner,
                name=name,
                ruleset=ruleset.id,
                sheet=sheet,
            )
            tx.characters.add(new, START)

    return seed


# --- Running a world ---------------------------------------------------------------------------


@dataclass
class Run:
    """One try of a command or a button: what it answered and what it wrote naming Firepaw."""

    reply: Reply | None
    refusal: PawpostError | None
    crash: BaseException | None
    refused_but_wrote: bool
    named_firepaw: list[str]


@dataclass
class Arena:
    """A world on a real file (one of the saved copies), driven from a synchronous test."""

    path: Path
    runner: asyncio.Runner
    services: Services
    firepaw: int

    def attempt(self, make: Callable[[Services], Coroutine[Any, Any, Reply]]) -> Run:
        dumps = Dumps(self.path)
        try:
            before_rows = rows_naming(str(self.path), self.firepaw)
            before = dumps()
            reply = refusal = crash = None
            try:
                reply = self.runner.run(make(self.services))
            except PawpostError as error:
                refusal = error
            except Exception as error:  # a crash is what this test looks for
                crash = error
            # Only a refusal is compared with the database before it.
            wrote = refusal is not None and dumps() != before
            changed = sorted(rows_naming(str(self.path), self.firepaw) ^ before_rows)
        finally:
            dumps.close()
        return Run(reply, refusal, crash, wrote, changed)


def _references(connection: sqlite3.Connection) -> dict[str, list[str]]:
    """Each table's columns that name a character (its foreign keys to `characters`), read once
    per schema (every world's copy has the same: a test reads it a thousand times)."""
    (schema,) = connection.execute(
        "SELECT group_concat(sql, ';') FROM (SELECT sql FROM sqlite_master ORDER BY name)"
    ).fetchone()
    if schema not in _REFERENCES:
        _REFERENCES[schema] = _read_references(connection)
    return _REFERENCES[schema]


_REFERENCES: dict[str, dict[str, list[str]]] = {}


def _read_references(connection: sqlite3.Connection) -> dict[str, list[str]]:
    tables = [
        name
        for (name,) in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
    ]
    found = {"characters": ["id"]}
    for table in tables:
        columns = [
            row[3]
            for row in connection.execute(f"PRAGMA foreign_key_list({table})")
            if row[2] == "characters"
        ]
        if columns:
            found.setdefault(table, []).extend(columns)
    return found


def rows_naming(path: str, character_id: int) -> set[str]:
    """Every row of every table that names the character, as text."""
    with sqlite3.connect(path) as connection:
        found = set()
        for table, columns in _references(connection).items():
            where = " OR ".join(f"{column} = ?" for column in columns)
            for row in connection.execute(
                f"SELECT * FROM {table} WHERE {where}", [character_id] * len(columns)
            ):
                found.add(f"{table}: {row!r}")
    return found


@dataclass
class Worlds:
    """A ruleset's two saved worlds (Firepaw living and dead) and the buttons found."""

    living: Path
    dead: Path
    firepaw: int
    custom_ids: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)


def _buttons_of(reply: Reply) -> list[tuple[str, tuple[str, ...]]]:
    """The buttons of an answer and of the posts it makes, a select with its first value."""
    found = [(b.custom_id, ()) for b in reply.buttons if not b.disabled]
    if reply.select is not None and reply.select.options:
        found.append((reply.select.custom_id, (reply.select.options[0].value,)))
    for more in (reply.announce, *(post for _, post in reply.elsewhere)):
        if more is not None:
            found += _buttons_of(more)
    return found


def command_tries(ruleset: str, command: Command) -> list[tuple[Actor, dict[str, Any]]]:
    """Who runs the command and with what: Alice as Firepaw; Bob (as Tigerclaw) aimed at
    Firepaw when the command takes another character."""
    names = {"character": DEAD, "": LIVING}
    tries = [(player(ALICE), _arguments(ruleset, command, names))]
    if any(o.kind is Kind.character and o.argument != "character" for o in command.options):
        aimed = {"character": LIVING, "": DEAD}
        tries.append((player(BOB), _arguments(ruleset, command, aimed)))
    return tries


def _arguments(ruleset: str, command: Command, names: dict[str, str]) -> dict[str, Any]:
    named = NAMED.get(ruleset, {})

    def value(option: Option) -> Any:
        if option.kind is Kind.character:
            return names.get(option.argument, names[""])
        if option.kind is Kind.text and option.argument in named:
            return named[option.argument]
        return plausible(option, {"": names[""]})

    return {
        option.argument: value(option)
        for option in command.options
        if option.required or option.argument == "character"
    }


def _services(db: Database) -> Services:
    return Services(rulesets=RULESETS, db=db, dice=SeededDice(SEED), clock=lambda: START)


class Builder:
    """Plays a world into being: the openers, then every player command and the buttons of
    their answers, twice (what the first pass opened, the second acts in)."""

    def __init__(self, runner: asyncio.Runner, services: Services, ruleset: str) -> None:
        self.runner, self.services, self.ruleset = runner, services, ruleset
        self.found: dict[str, tuple[str, ...]] = {}
        self.pressed: set[str] = set()
        self.last = ALICE
        self.commands = {c.path: c for c in command_set(ruleset, RULESETS).commands}

    def keep(self, reply: Reply) -> None:
        for custom_id, values in _buttons_of(reply):
            self.found.setdefault(custom_id, values)

    def open(self) -> None:
        for step in OPENERS.get(self.ruleset, []):
            who = player(step[0], admin=step[0] == ADMIN)
            if isinstance(step[1], str):
                verb = step[1]
                custom_id = next(i for i in reversed(self.found) if i.split(":")[3] == verb)
                reply = self.runner.run(
                    buttons.press(self.services, who, custom_id, self.found[custom_id])
                )
                self.pressed.add(custom_id)
            else:
                assert len(step) == 3
                reply = self.runner.run(
                    self.commands[step[1]].handler(self.services, who, **step[2])
                )
            self.keep(reply)

    def run_commands(self) -> None:
        for command in player_commands(self.ruleset):
            if command.path in MANAGING or command.path in MAKING:
                continue  # Firepaw stays Alice's one character, by its name
            for actor, kwargs in command_tries(self.ruleset, command):
                try:
                    self.keep(self.runner.run(command.handler(self.services, actor, **kwargs)))
                except PawpostError:
                    continue

    def press_buttons(self) -> None:
        for _ in range(DEPTH):
            for custom_id, values in list(self.found.items()):
                parsed = buttons.parse(custom_id)
                if custom_id in self.pressed or len(self.pressed) >= PRESSES or parsed is None:
                    continue
                if (parsed.area, parsed.verb) in MANAGING_BUTTONS or parsed.verb in ENDING:
                    continue
                self.pressed.add(custom_id)
                # Whoever pressed last goes last, so that each side answers in turn.
                for user in sorted(USERS, key=lambda u: u == self.last):
                    who = player(user, admin=user == ADMIN)
                    try:
                        reply = self.runner.run(
                            buttons.press(self.services, who, custom_id, values)
                        )
                    except PawpostError:
                        continue
                    self.last = user
                    self.keep(reply)


def _build(folder: Path, ruleset_id: str) -> Worlds:
    """Build the ruleset's world, save it living, kill Firepaw, save it dead."""
    ruleset = RULESETS[ruleset_id]
    work = folder / "work.sqlite3"
    with asyncio.Runner() as runner:
        db = runner.run(Database.open(work))
        try:
            services = _services(db)
            admin = player(ADMIN, admin=True)
            runner.run(server_config.set_ruleset(services, admin, ruleset_id))
            if ruleset.bench is not None:
                runner.run(db.transact(_seed(ruleset)))
            else:  # no benchmark sheets (Toy): its own /character create, options plausible
                create = next(c for c in ruleset.commands if c.path == ("character", "create"))
                for user, name in ((ALICE, DEAD), (BOB, LIVING)):
                    kwargs = {o.argument: plausible(o, {"": name}) for o in create.options}
                    runner.run(create.handler(services, player(user), **{**kwargs, "name": name}))
            firepaw = runner.run(
                db.transact(lambda tx: tx.characters.by_name(player(ALICE).guild_id, DEAD).id)
            )
            builder = Builder(runner, services, ruleset_id)
            builder.open()
            for _ in range(2):
                builder.run_commands()
                builder.press_buttons()
        finally:
            runner.run(db.close())
        living = folder / "living.sqlite3"
        _save(work, living)
        db = runner.run(Database.open(work))
        try:
            _kill(runner, _services(db), ruleset, firepaw)
        finally:
            runner.run(db.close())
        dead = folder / "dead.sqlite3"
        _save(work, dead)
    return Worlds(living, dead, firepaw, list(builder.found.items()))


def _save(work: Path, saved: Path) -> None:
    """Save the world as it stands, through SQLite's backup, which reads what the write-ahead
    log still holds: a copy of the file alone would miss Firepaw's death should any connection
    to the world (one not yet collected) keep the log from being checkpointed at close."""
    with (
        contextlib.closing(sqlite3.connect(work)) as source,
        contextlib.closing(sqlite3.connect(saved)) as target,
    ):
        source.backup(target)


def _kill(runner: asyncio.Runner, services: Services, ruleset: Ruleset, firepaw: int) -> None:
    """Firepaw dies as its ruleset has it die (`/admin kill`); a ruleset the toolkit does not
    know (Toy) has only the core's life state."""
    if ruleset.gm is not None:
        runner.run(life.kill(services, player(ADMIN, admin=True), DEAD, "the test"))
        return

    def mark(tx: Any) -> None:
        tx.characters.set_life(tx.characters.by_id(player(ALICE).guild_id, firepaw), Life.DEAD)

    runner.run(services.db.transact(mark))


_WORLDS: dict[str, Worlds] = {}


@pytest.fixture
def worlds(
    request: pytest.FixtureRequest,
    tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
) -> Callable[[str], Worlds]:
    toy_registry(monkeypatch)

    def of(ruleset: str) -> Worlds:
        if ruleset not in _WORLDS:
            _WORLDS[ruleset] = _build(tmp_path_factory.mktemp(f"dead-{ruleset}"), ruleset)
        return _WORLDS[ruleset]

    return of


@pytest.fixture
def arena(tmp_path: Path) -> Iterator[Callable[[Path, int], Arena]]:
    """Opens a copy of a saved world for one try."""
    with asyncio.Runner() as runner:
        opened: list[Database] = []

        def open_copy(saved: Path, firepaw: int) -> Arena:
            path = tmp_path / f"{len(opened)}-{saved.name}"
            shutil.copyfile(saved, path)
            db = runner.run(Database.open(path))
            opened.append(db)
            return Arena(path, runner, _services(db), firepaw)

        yield open_copy
        for db in opened:
            runner.run(db.close())


def one_sentence(text: str) -> bool:
    body = text.rstrip(".!?")
    return bool(text) and "\n" not in text and ". " not in body.replace("e.g. ", "")


def check(name: str, living: Run, dead: Run, managing: bool) -> list[str]:
    """What the dead try did wrong, if anything."""
    wrong = []
    if dead.crash is not None:
        wrong.append(f"{name} crashed: {dead.crash!r}")
    if dead.refused_but_wrote:
        wrong.append(f"{name} refused but changed the database")
    if dead.refusal is not None and not one_sentence(dead.refusal.message):
        wrong.append(f"{name} refused in more than one sentence: {dead.refusal.message!r}")
    if managing:
        return wrong
    if dead.refusal is None and dead.named_firepaw:
        wrong.append(
            f"{name} acted as or on dead Firepaw: {[row[:90] for row in dead.named_firepaw[:3]]}"
        )
    if living.refusal is None and living.named_firepaw and dead.refusal is None:
        wrong.append(f"{name} acts for a living Firepaw and is not refused for a dead one")
    return wrong


ALL = [(r, c) for r in RULESETS for c in player_commands(r)]


@pytest.mark.parametrize(("ruleset", "command"), ALL, ids=[f"{r}: {c.name}" for r, c in ALL])
def test_a_dead_character_cannot_act_nor_be_aimed_at(
    worlds: Callable[[str], Worlds],
    arena: Callable[[Path, int], Arena],
    ruleset: str,
    command: Command,
) -> None:
    saved = worlds(ruleset)
    wrong = []
    for actor, kwargs in command_tries(ruleset, command):

        def make(
            services: Services, actor: Actor = actor, kwargs: Mapping[str, Any] = kwargs
        ) -> Any:
            return command.handler(services, actor, **kwargs)

        living = arena(saved.living, saved.firepaw).attempt(make)
        dead = arena(saved.dead, saved.firepaw).attempt(make)
        who = "Alice" if actor.user_id == ALICE else "Bob"
        wrong += check(f"{command.name} by {who}", living, dead, command.path in MANAGING)
    assert not wrong, "\n".join(wrong)


def _button_tries(
    saved: Worlds, arena: Callable[[Path, int], Arena], custom_id: str, values: tuple[str, ...]
) -> list[str]:
    parsed = buttons.parse(custom_id)
    assert parsed is not None
    managing = (parsed.area, parsed.verb) in MANAGING_BUTTONS
    wrong = []
    for user in USERS:

        def make(services: Services, user: int = user) -> Any:
            who = player(user, admin=user == ADMIN)
            return buttons.press(services, who, custom_id, values)

        living = arena(saved.living, saved.firepaw).attempt(make)
        dead = arena(saved.dead, saved.firepaw).attempt(make)
        wrong += check(f"{custom_id} by user {user}", living, dead, managing)
    return wrong


def _gap(ruleset: str, custom_id: str) -> bool:
    _, area, _, verb, *_ = custom_id.split(":")
    return (ruleset, area, verb) in KNOWN_GAPS


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_no_button_acts_for_a_dead_character(
    worlds: Callable[[str], Worlds], arena: Callable[[Path, int], Arena], ruleset: str
) -> None:
    """Every button the world found, pressed by Firepaw's player, by Bob and by an admin."""
    saved = worlds(ruleset)
    assert saved.custom_ids or ruleset == TOY.id, "the world found no buttons to press"
    wrong = []
    for custom_id, values in saved.custom_ids:
        if not _gap(ruleset, custom_id):
            wrong += _button_tries(saved, arena, custom_id, values)
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("gap", sorted(KNOWN_GAPS), ids=lambda gap: ":".join(gap))
@pytest.mark.xfail(strict=True, reason="a ruleset's known gap, listed in KNOWN_GAPS")
def test_a_known_gap_still_acts_for_a_dead_character(
    worlds: Callable[[str], Worlds], arena: Callable[[Path, int], Arena], gap: tuple[str, ...]
) -> None:
    ruleset = gap[0]
    saved = worlds(ruleset)
    found = [(i, v) for i, v in saved.custom_ids if _gap(ruleset, i)]
    assert found, f"the world found no {gap} button"
    wrong = [
        w for custom_id, values in found for w in _button_tries(saved, arena, custom_id, values)
    ]
    assert not wrong, "\n".join(wrong)
