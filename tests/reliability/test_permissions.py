"""Who may do what, over every command and every button: the actions refuse by themselves,
whatever Discord shows to whom.

Commands and buttons are taken from `bot.commands.catalog.COMMANDS` and
`bot.actions.buttons.all_handlers`,
each option filled with a value that would be accepted from someone allowed, so the refusal
seen is the permission's.
"""

from __future__ import annotations

import contextlib
import re
import sqlite3
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bot.actions import buttons, characters, hunting, hunting_config, server_config
from bot.actions.context import Actor, Upload
from bot.actions.germ import cats as germ_cats
from bot.actions.reply import Reply
from bot.commands.catalog import COMMANDS
from bot.commands.spec import Command, Kind, Option
from bot.discord import render
from rules.errors import PawpostError
from storage.database import Database
from tests.conftest import ADMIN, ALICE, BOB, CAROL, CHANNEL, OTHER_GUILD, cat, dump
from tests.reliability.world import DAVE, DELETED, World, build_world, player

GERM_COMMANDS = [c for c in COMMANDS if c.rulesets is None or "germ" in c.rulesets]
PLAUSIBLE_TEXT = {
    "expression": "d20",
    "reason": "for the test",
    "outcome": "it stands",
    "name": "Brightpaw",
    "new_name": "Brightpaw",
    "until_date": "2026-12-05",
    "start": "2026-12-01",
    "character": DELETED,  # /admin restore names a deleted cat as text
}
ROLE = 4242


def plausible(option: Option, cats: dict[str, str]) -> Any:
    """A value the command would accept from someone allowed; `cats` names the cat to give an
    option of character kind, by the option's argument (else under "")."""
    match option.kind:
        case Kind.character:
            return cats.get(option.argument, cats[""])
        case Kind.text | Kind.ruleset:
            return option.choices[0] if option.choices else PLAUSIBLE_TEXT.get(option.argument, "x")
        case Kind.integer:
            return option.min_value if option.min_value is not None else 1
        case Kind.zone:
            return "Europe/London"
        case Kind.npc | Kind.saved_roll:
            return "Brightpaw"
        case Kind.channel | Kind.role | Kind.user:
            return CHANNEL
        case Kind.attachment:
            return Upload(url="https://cdn.discordapp.com/a/1/cat.png", content_type="image/png")
    raise AssertionError(f"no plausible value for options of kind {option.kind}")


def arguments(command: Command, cats: dict[str, str], *, all_options: bool) -> dict[str, Any]:
    return {
        option.argument: plausible(option, cats)
        for option in command.options
        if option.required or all_options or option.argument in cats
    }


def name_of(command: Command) -> str:
    return command.name


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    db = await Database.open(tmp_path / "pawpost.sqlite3")
    built = await build_world(db)
    admin = player(ADMIN, admin=True)
    await hunting_config.away_needs_approval(built.services, admin, "on")
    await hunting.away(built.services, player(BOB), "2026-12-05", "Tigerclaw")
    yield built
    await db.close()


async def attempt(world: World, command: Command, actor: Actor, kwargs: dict[str, Any]) -> Any:
    try:
        return await command.handler(world.services, actor, **kwargs)
    except PawpostError as error:
        return error


# --- Acting with another player's cat ---------------------------------------------------------


ACTING = [c for c in GERM_COMMANDS if any(o.argument == "character" for o in c.options)]


# Tables whose rows say which cat acted (or was acted on) in their character_id.
ACTS = ("audit_log", "combat_actions", "hunts")


def bobs_cats(path: str) -> tuple[list[tuple[Any, ...]], dict[str, int]]:
    """Bob's cats as stored, and how far each acting table has got."""
    with sqlite3.connect(path) as connection:
        cats = connection.execute(
            "SELECT * FROM characters WHERE owner_id = ? ORDER BY id", (BOB,)
        ).fetchall()
        reached = {
            table: connection.execute(f"SELECT coalesce(max(id), 0) FROM {table}").fetchone()[0]
            for table in ACTS
        }
    return cats, reached


def acted_for(path: str, since: dict[str, int]) -> list[tuple[str, int]]:
    """New rows of the acting tables that name one of Bob's cats."""
    with sqlite3.connect(path) as connection:
        return [
            (table, id_)
            for table in ACTS
            for (id_,) in connection.execute(
                f"SELECT t.id FROM {table} t JOIN characters c ON c.id = t.character_id"
                " WHERE t.id > ? AND c.owner_id = ?",
                (since[table], BOB),
            )
        ]


@pytest.mark.parametrize("command", ACTING, ids=name_of)
async def test_a_player_cannot_act_with_another_players_cat(world: World, command: Command) -> None:
    """Naming Bob's cat as the one acting: refused with nothing changed, or (for commands that
    show, or where the option only picks a combat) answered without acting as, changing or
    deleting his cat."""
    alice = player(ALICE)
    for theirs in ("Tigerclaw", "Longtail"):
        kwargs = arguments(command, {"character": theirs, "": "Firepaw"}, all_options=False)
        before = dump(world.db.path)
        cats, reached = bobs_cats(world.db.path)
        result = await attempt(world, command, alice, kwargs)
        if isinstance(result, PawpostError):
            assert dump(world.db.path) == before, f"{command.name} refused but wrote"
            continue
        assert bobs_cats(world.db.path)[0] == cats, f"{command.name} changed {theirs}"
        assert not acted_for(world.db.path, reached), f"{command.name} acted as {theirs}"


async def test_nor_click_for_it(world: World) -> None:
    """Delete Bob's cat, answer Bob's contest, take Bob's turn: every button refuses Alice."""
    alice, bob = player(ALICE), player(BOB)
    asked = await characters.delete(world.services, bob, "Tigerclaw")
    before = dump(world.db.path)
    for clicker in (alice, player(CAROL)):
        with pytest.raises(PawpostError, match="belongs to another player"):
            await buttons.press(world.services, clicker, asked.buttons[0].custom_id)
        with pytest.raises(PawpostError, match="Only Tigerclaw's player or an admin"):
            await buttons.press(world.services, clicker, f"pawpost:contest:{world.contest_id}:roll")
        with pytest.raises(PawpostError, match="Only an admin can roll for the defender"):
            await buttons.press(
                world.services, clicker, f"pawpost:contest:{world.contest_id}:admin-roll"
            )
    for button in world.combat_turn.buttons:  # Sandpaw's (Alice's) turn
        with pytest.raises(PawpostError):
            await buttons.press(world.services, bob, button.custom_id)
    assert dump(world.db.path) == before


def button_ids(world: World) -> list[str]:
    """Every button of the bot, aimed at this world's things in its first server."""
    with sqlite3.connect(world.db.path) as connection:
        ids = dict(connection.execute("SELECT name, id FROM characters"))
        (version,) = connection.execute(
            "SELECT version FROM combats WHERE id = ?", (world.combat_id,)
        ).fetchone()
        (away,) = connection.execute("SELECT max(id) FROM away").fetchone()
    target = {"contest": world.contest_id, "combat": world.combat_id, "away": away}
    arg = {"combat": version}
    return [
        f"pawpost:{area}:{target.get(area, ids['Tigerclaw'])}:{verb}:{arg.get(area, 1)}"
        for area, verb in buttons.all_handlers(world.services.rulesets)
    ]


async def test_a_stranger_s_clicks_change_nothing(world: World) -> None:
    before = dump(world.db.path)
    for custom_id in button_ids(world):
        with contextlib.suppress(PawpostError):
            await buttons.press(world.services, player(CAROL), custom_id, ["blinded"])
        assert dump(world.db.path) == before, custom_id


async def test_another_rulesets_buttons_pressed_here_are_one_sentence(world: World) -> None:
    """A button of a scene of another ruleset (an old message from before the server switched,
    or a forged one), pressed in this Germ server by the player of the character it names and
    by an admin: a sentence, never a bug, and nothing changes."""
    germ = set(world.services.rulesets["germ"].buttons) | set(buttons.HANDLERS)
    foreign = [i for i in button_ids(world) if tuple(i.split(":")[1:4:2]) not in germ]
    assert foreign, "no other ruleset's buttons"
    before = dump(world.db.path)
    sentences: list[str] = []
    for custom_id in foreign:
        for who in (player(BOB), player(ADMIN, admin=True)):
            try:  # a cancel button ("Keep playing") may answer that nothing changed
                await buttons.press(world.services, who, custom_id, ["blinded"])
            except PawpostError as error:
                sentences.append(error.message)
        assert dump(world.db.path) == before, custom_id
    assert len(sentences) > len(foreign)  # nearly all are refused outright
    assert not [s for s in sentences if "\n" in s]


# --- Admin commands ---------------------------------------------------------------------------


ADMIN_COMMANDS = [c for c in GERM_COMMANDS if c.admin]


@pytest.mark.parametrize("command", ADMIN_COMMANDS, ids=name_of)
async def test_admin_commands_refuse_non_admins(world: World, command: Command) -> None:
    """Even when a server lets everyone see them, and even for a member with some other role."""
    admin = player(ADMIN, admin=True)
    await server_config.set_admin_role(world.services, admin, ROLE)
    kwargs = arguments(command, {"": "Tigerclaw"}, all_options=True)
    before = dump(world.db.path)
    for member in (player(ALICE), replace(player(BOB), role_ids=frozenset({ROLE + 1}))):
        result = await attempt(world, command, member, kwargs)
        assert isinstance(result, PawpostError), f"{command.name} let {member.user_id} in"
        assert "admin" in result.message.lower(), result.message
        assert dump(world.db.path) == before


async def test_the_admin_role_makes_an_admin(world: World) -> None:
    admin = player(ADMIN, admin=True)
    await server_config.set_admin_role(world.services, admin, ROLE)
    carol = replace(player(CAROL), role_ids=frozenset({ROLE}))
    reply = await server_config.set_timezone(world.services, carol, "Europe/London")
    assert reply.lines == ["This server's time zone is now Europe/London."]


# --- Another server's buttons -----------------------------------------------------------------


async def test_buttons_from_another_server_are_refused(world: World) -> None:
    """A custom id names a contest or combat by its number; from another server (even by its
    admin, even by a player of both) that number finds nothing."""
    before = dump(world.db.path)
    outsiders = (player(DAVE, guild=OTHER_GUILD, admin=True), player(ALICE, guild=OTHER_GUILD))
    names = ("Firepaw", "Sandpaw", "Tigerclaw", "Longtail")
    for outsider in outsiders:
        for custom_id in button_ids(world):
            area = custom_id.split(":")[1]
            try:
                reply = await buttons.press(world.services, outsider, custom_id, ["blinded"])
            except PawpostError:
                continue
            assert area not in ("contest", "combat", "away"), f"{custom_id} worked elsewhere"
            shown = " ".join([reply.title or "", *reply.lines, *(f.value for f in reply.fields)])
            assert not any(name in shown for name in names), f"{custom_id} showed {shown}"
    assert dump(world.db.path) == before


# --- Names that try to ping or format ---------------------------------------------------------


HOSTILE_NAMES = (
    "@everyone",
    "@here hi",
    "<@999>",
    "**Bold** _cat_",
    "`x` ||y||",
    "[a](http://e.co)",
)
RAW = re.compile(r"(?<!\\)(@everyone|@here|<@999>|\*\*Bold|\|\|y|\[a\])")


def texts(reply: Reply) -> list[str]:
    parts = [reply.title or "", *reply.lines, reply.footer or ""]
    parts += [f"{field.name} {field.value}" for field in reply.fields]
    return parts


async def test_hostile_names_ping_nobody_and_are_escaped(world: World) -> None:
    bob, admin = player(BOB), player(ADMIN, admin=True)
    for name in HOSTILE_NAMES:
        await germ_cats.create(world.services, bob, **cat(name))
    players = {ALICE, BOB, CAROL, ADMIN}
    answered = 0
    for command in GERM_COMMANDS:
        for name in HOSTILE_NAMES:
            for actor in (admin, bob):
                kwargs = arguments(command, {"": name}, all_options=True)
                result = await attempt(world, command, actor, kwargs)
                if isinstance(result, PawpostError):
                    assert not RAW.search(result.message), (command.name, result.message)
                    continue
                answered += 1
                assert set(result.mentions) <= players, (command.name, result.mentions)
                mentions = render.allowed_mentions(result)
                assert mentions.everyone is False and mentions.roles is False
                for text in texts(result):
                    assert not RAW.search(text), (command.name, text)
                render.message_kwargs(result)  # builds the embed within Discord's limits
    assert answered > len(HOSTILE_NAMES)
