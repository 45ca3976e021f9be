"""A burst of writes through the action layer, for the crash test to kill: `python -m
tests.reliability.crash_writer PATH RUN`.

It prints `ready` once the database is open, then one line after each command that returned,
that is, whose transaction was committed: `cat <name>` or `roll <audit id>`. Several commands
run at once, so the kill also lands while commits are shared.
"""

from __future__ import annotations

import asyncio
import sys

from bot.actions import characters, checks
from bot.actions.context import Actor, Services
from rules.dice import SystemDice
from storage.database import Database

WRITERS = 4
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


async def writer(services: Services, run: int, number: int) -> None:
    player = Actor(guild_id=1, channel_id=1, user_id=1000 * run + number)
    made = 0
    while True:
        made += 1
        name = f"Crash {run}-{number}-{made}"
        await characters.create(services, player, name, **STATS)
        acknowledge(f"cat {name}")
        reply = await checks.check(services, player, "stealth", dc=10, character=name)
        assert reply.footer is not None
        acknowledge(f"roll {reply.footer.removeprefix('roll #')}")


async def main(path: str, run: int) -> None:
    db = await Database.open(path)
    services = Services(db=db, dice=SystemDice())
    acknowledge("ready")
    await asyncio.gather(*(writer(services, run, n) for n in range(WRITERS)))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
