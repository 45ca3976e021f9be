"""A burst of writes through the action layer, for the crash test to kill: `python -m
tests.reliability.crash_writer PATH RUN`.

It prints `ready` once the database is open, then one line after each command that returned,
that is, whose transaction was committed:
- `cat <name>` after /character create, `roll <audit id>` after /check;
- `hunt <name>` after /hunt (the hunt and the sheet's hunger are saved in one transaction);
- `turn <combat id> <version>` after an /attack or a combat click.
Several writers run at once, so the kill lands among commands queued for the database thread.
"""

from __future__ import annotations

import asyncio
import sqlite3
import sys

from bot.actions import buttons
from bot.actions.context import Actor, Services
from bot.actions.germ import cats as germ_cats
from bot.actions.germ import checks, combat
from bot.actions.germ import hunting as germ_hunting
from bot.actions.reply import Reply
from bot.registry import RULESETS
from rules.dice import SystemDice
from rules.errors import PawpostError
from storage.database import Database

HUNTERS = 3
FIGHTS = 2
STATS = {
    "strength": 4,
    "agility": 4,
    "charisma": 4,
    "intelligence": 4,
    "stealth": 3,
    "perception": 3,
    "age": 12,
}


def acknowledge(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def choice(reply: Reply, verb: str) -> str:
    """The custom id of the reply's button (or select) for `verb`."""
    ids = [button.custom_id for button in reply.buttons]
    if reply.select is not None:
        ids.append(reply.select.custom_id)
    return next(i for i in ids if i.split(":")[3] == verb)


def turn(reply: Reply) -> str:
    """`<combat id> <version>` of the state a reply's buttons were made on."""
    _, _, combat_id, _, version = choice(reply, reply_verb(reply)).split(":")
    return f"{combat_id} {version}"


def reply_verb(reply: Reply) -> str:
    ids = [button.custom_id for button in reply.buttons]
    if reply.select is not None:
        ids.append(reply.select.custom_id)
    return ids[0].split(":")[3]


async def hunter(services: Services, run: int, number: int) -> None:
    """Makes a cat, checks with it and sends it hunting (once: a cat hunts once a day)."""
    player = Actor(guild_id=1, channel_id=1, user_id=1000 * run + number)
    made = 0
    while True:
        made += 1
        name = f"Crash {run}-{number}-{made}"
        await germ_cats.create(services, player, name, **STATS)
        acknowledge(f"cat {name}")
        reply = await checks.check(services, player, "stealth", dc=10, character=name)
        assert reply.footer is not None
        acknowledge(f"roll {reply.footer.removeprefix('roll #')}")
        await germ_hunting.hunt(services, player, character=name)
        acknowledge(f"hunt {name}")


async def fighter(services: Services, run: int, number: int) -> None:
    """Two cats of two players fight; every committed turn is acknowledged with the combat's
    new version. A finished combat starts another."""
    one = Actor(guild_id=1, channel_id=1, user_id=500_000 + 1000 * run + 2 * number)
    other = Actor(guild_id=1, channel_id=1, user_id=500_001 + 1000 * run + 2 * number)
    fights = 0
    while True:
        fights += 1
        first, second = (f"Fighter {run}-{number}-{fights}-{side}" for side in "ab")
        await germ_cats.create(services, one, first, **STATS)
        await germ_cats.create(services, other, second, **STATS)
        reply = await combat.challenge(services, one, second, character=first)
        reply = await buttons.press(services, other, choice(reply, "accept"))
        reply = await buttons.press(services, one, choice(reply, "me-first"))
        reply = await buttons.press(services, other, choice(reply, "them-first"))
        acknowledge(f"turn {turn(reply)}")
        players = {first: one, second: other}
        on_turn = first
        try:
            while True:
                if reply.select is not None and reply_verb(reply) == "disability":
                    wounded = next(
                        name for name, p in players.items() if p.user_id in reply.mentions
                    )
                    reply = await buttons.press(
                        services, players[wounded], reply.select.custom_id, ("blinded",)
                    )
                else:
                    reply = await combat.attack(services, players[on_turn], character=on_turn)
                    on_turn = second if on_turn == first else first
                if not reply.buttons and reply.select is None:
                    break  # the combat is over
                acknowledge(f"turn {turn(reply)}")
        except PawpostError:
            continue  # the combat moved on in a way this simple player does not follow


def stored_commands(connection: sqlite3.Connection) -> dict[str, set[str]]:
    """What the file holds, in the writer's words. A hunt counts only if the cat's sheet agrees
    with it (the hunt and the hunger it left are one transaction), a combat turn only if its
    state and its log line are both there."""
    cats = {name for (name,) in connection.execute("SELECT name FROM characters")}
    rolls = {str(id_) for (id_,) in connection.execute("SELECT id FROM audit_log")}
    hunts = {
        name
        for name, hunt_streak, sheet_streak in connection.execute(
            "SELECT c.name, h.fail_streak, c.fail_streak FROM hunts h"
            " JOIN characters c ON c.id = h.character_id"
        )
        if hunt_streak == sheet_streak
    }
    turns = {
        f"{combat_id} {version}"
        for combat_id, version in connection.execute(
            "SELECT a.combat_id, a.version FROM combat_actions a"
            " JOIN combats c ON c.id = a.combat_id WHERE c.version >= a.version"
        )
    }
    return {"cat": cats, "roll": rolls, "hunt": hunts, "turn": turns}


async def main(path: str, run: int) -> None:
    db = await Database.open(path)
    services = Services(rulesets=RULESETS, db=db, dice=SystemDice())
    acknowledge("ready")
    await asyncio.gather(
        *(hunter(services, run, n) for n in range(HUNTERS)),
        *(fighter(services, run, n) for n in range(FIGHTS)),
    )


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
