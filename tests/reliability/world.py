"""A busy little server to attack: several players' cats, a deleted one, a contest, a combat."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime

from bot.actions import buttons, characters
from bot.actions.context import Actor, Services
from bot.actions.germ import cats as germ_cats
from bot.actions.germ import checks, combat
from bot.actions.reply import Reply
from bot.bench.clock import SeededDice
from bot.registry import RULESETS
from bot.ruleset import Ruleset
from storage.database import Database
from tests.conftest import ADMIN, ALICE, BOB, CAROL, CHANNEL, GUILD, OTHER_GUILD, Clock, cat

DAVE = 104  # plays only in the other server
START = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)

# Who owns what: Alice plays Firepaw (her active cat) and Sandpaw (fighting Bob's Longtail);
# Ghostpaw was hers and is deleted; Bob plays Tigerclaw and Longtail; Carol has no cat.
# In the other server, Dave plays Farclaw and Alice plays Otherpaw.
ALICES = ("Firepaw", "Sandpaw")
BOBS = ("Tigerclaw", "Longtail")
DELETED = "Ghostpaw"
ELSEWHERE = ("Farclaw", "Otherpaw")


def player(user: int, *, guild: int = GUILD, admin: bool = False) -> Actor:
    return Actor(guild_id=guild, channel_id=CHANNEL, user_id=user, is_admin=admin)


ACTORS = {
    "alice": player(ALICE),
    "bob": player(BOB),
    "carol": player(CAROL),
    "admin": player(ADMIN, admin=True),
    "alice elsewhere": player(ALICE, guild=OTHER_GUILD),
    "dave elsewhere": player(DAVE, guild=OTHER_GUILD, admin=True),
}


@dataclass
class World:
    services: Services
    clock: Clock
    contest_id: int
    combat_id: int
    combat_turn: Reply  # the combat's last answer: Sandpaw's turn to attack

    @property
    def db(self) -> Database:
        return self.services.db


def _custom_id(reply: Reply, verb: str) -> str:
    return next(b.custom_id for b in reply.buttons if b.custom_id.split(":")[3] == verb)


async def build_world(
    db: Database, *, seed: int = 1, rulesets: Mapping[str, Ruleset] = RULESETS
) -> World:
    clock = Clock(START)
    services = Services(rulesets=rulesets, db=db, dice=SeededDice(seed), clock=clock)
    alice, bob = player(ALICE), player(BOB)
    await germ_cats.create(services, alice, **cat("Firepaw"))
    await germ_cats.create(services, alice, **cat("Sandpaw", strength=5, stealth=2))
    await germ_cats.create(services, alice, **cat(DELETED))
    await germ_cats.create(services, bob, **cat("Tigerclaw"))
    await germ_cats.create(services, bob, **cat("Longtail", strength=6, perception=1))
    await germ_cats.create(services, player(DAVE, guild=OTHER_GUILD), **cat("Farclaw"))
    await germ_cats.create(services, player(ALICE, guild=OTHER_GUILD), **cat("Otherpaw"))
    await characters.use(services, alice, "Firepaw")
    await characters.use(services, bob, "Tigerclaw")
    asked = await characters.delete(services, alice, DELETED)
    await buttons.press(services, alice, asked.buttons[0].custom_id)

    started = await checks.start_contest(services, alice, "strength", "Tigerclaw")
    contest_id = int(started.buttons[0].custom_id.split(":")[2])

    challenge = await combat.challenge(services, alice, "Longtail", "Sandpaw")
    combat_id = int(_custom_id(challenge, "accept").split(":")[2])
    accepted = await buttons.press(services, bob, _custom_id(challenge, "accept"))
    voted = await buttons.press(services, alice, _custom_id(accepted, "me-first"))
    turn = await buttons.press(services, bob, _custom_id(voted, "them-first"))
    return World(services, clock, contest_id, combat_id, turn)
