"""One bot process's database side, for the two-process tests: open the PostgreSQL database,
wait for the agreed moment, do its share of the race, print what happened as one JSON line."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
import time
from collections import Counter
from datetime import datetime
from typing import Any

from bot.actions import buttons
from bot.actions.context import Actor, Services
from bot.actions.germ import hunting as germ_hunting
from bot.actions.hunting_jobs import weekly_hunting
from bot.outbox import Delivery, Outbox
from bot.registry import RULESETS
from rules.dice import ScriptedDice
from rules.errors import PawpostError
from storage.database import Database

GUILD, CHANNEL = 1000, 10
PASS_EVERY_S = 0.05  # between two outbox passes while a post is due
PASSES_FOR_S = 30.0  # then the process reports what it sent, and the test says what is missing


def _actor(user: int) -> Actor:
    return Actor(guild_id=GUILD, channel_id=CHANNEL, user_id=user, is_admin=False)


def _outcomes(results: list[Any]) -> dict[str, int]:
    """How many answers, refusals (by sentence) and errors (by type) the race gave here."""
    seen: Counter[str] = Counter()
    for result in results:
        if isinstance(result, PawpostError):
            seen[f"refused: {result.message}"] += 1
        elif isinstance(result, BaseException):
            seen[f"error: {type(result).__name__}: {result}"] += 1
        else:
            seen["answered"] += 1
    return dict(seen)


async def main(url: str, task: str, start_at: float, now: str, *args: str) -> None:
    """`task` at `start_at` (a time.time()), with the bot's clock standing at `now`."""
    db = await Database.open(url)
    moment = datetime.fromisoformat(now)
    services = Services(rulesets=RULESETS, db=db, dice=ScriptedDice([]), clock=lambda: moment)
    await asyncio.sleep(max(start_at - time.time(), 0))
    out: dict[str, Any] = {}
    if task == "hunt":  # args: user, how many, dice faces
        user, times, faces = int(args[0]), int(args[1]), [int(f) for f in args[2].split(",")]
        services.dice = ScriptedDice(faces)
        races = [germ_hunting.hunt(services, _actor(user)) for _ in range(times)]
        out = _outcomes(await asyncio.gather(*races, return_exceptions=True))
    elif task == "click":  # args: user, custom id, how many, dice faces
        user, custom_id, times = int(args[0]), args[1], int(args[2])
        services.dice = ScriptedDice([int(f) for f in args[3].split(",")])
        races = [buttons.press(services, _actor(user), custom_id) for _ in range(times)]
        out = _outcomes(await asyncio.gather(*races, return_exceptions=True))
    elif task in ("weekly", "weekly-hold"):

        async def can_post(guild_id: int, channel_id: int) -> bool:
            if task == "weekly-hold":  # hang, holding the claimed server: the test kills us
                print(json.dumps({"claimed": guild_id}), flush=True)
                os.kill(os.getpid(), signal.SIGSTOP)
            return True

        services.can_post = can_post  # type: ignore[attr-defined]
        result = await weekly_hunting(services, services.clock())
        out = {"posts": [post.reply.title for post in result.posts]}
    elif task in ("outbox", "outbox-hold"):  # what this process's outbox sent, by title
        sent: list[str] = []

        async def send(delivery: Delivery) -> int:
            if task == "outbox-hold":  # hang mid-send, holding what it took: the test kills us
                print(json.dumps({"sending": delivery.reply.title}), flush=True)
                os.kill(os.getpid(), signal.SIGSTOP)
            await asyncio.sleep(0.005)  # Discord's round trip: the two processes overlap
            sent.append(delivery.reply.title)
            return len(sent)

        outbox = Outbox(services, send)
        if task == "outbox-hold":
            await outbox.deliver()
        else:  # passes until nothing due is left, as the bot's scheduler makes them: a post
            # behind one of its channel the other process took waits for that one to be sent
            give_up = time.monotonic() + PASSES_FOR_S
            while (due := await outbox.deliver()) is not None and due <= moment:
                if time.monotonic() > give_up:
                    break
                await asyncio.sleep(PASS_EVERY_S)
        out = {"sent": sent}
    await db.close()
    print(json.dumps(out), flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], float(sys.argv[3]), *sys.argv[4:]))
