"""Shared steps of the hunting tests: cats, hunger set by hand, a day's hunt, server settings."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.actions import server_config
from bot.actions.context import Actor, Services
from bot.actions.germ import cats as germ_cats
from bot.actions.germ import hunting as germ_hunting
from bot.actions.reply import Reply
from rules.germ.sheet import GermSheet
from storage.database import Database
from storage.repositories import Transaction
from tests.conftest import ADMIN, ALICE, BOB, FIREPAW, GUILD, TIGERCLAW, Clock, Dice, actor

# A Monday noon, well inside a real week (the week starts Monday 00:00 by default).
MONDAY_NOON = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
# Firepaw has Perception 3 and Stealth 3: these faces find (5) and catch (8) exactly.
FIND, CATCH = 2, 5
MISS = 1  # 1 + 3 = 4: no prey at DC 5


def boss() -> Actor:
    return actor(ADMIN, admin=True)


async def two_cats(services: Services) -> None:
    await germ_cats.create(services, actor(ALICE), **FIREPAW)
    await germ_cats.create(services, actor(BOB), **TIGERCLAW)


async def sheet(db: Database, name: str) -> GermSheet:
    found = await db.transact(lambda tx: tx.characters.by_name(GUILD, name), write=False)
    assert found is not None
    assert isinstance(found.sheet, GermSheet)
    return found.sheet


async def set_hunger(db: Database, name: str, *, streak: int = 0, starving: bool = False) -> None:
    def work(tx: Transaction) -> None:
        found = tx.characters.by_name(GUILD, name)
        assert found is not None
        found.sheet = found.sheet.model_copy(update={"fail_streak": streak, "starving": starving})
        tx.characters.save_sheet(found)

    await db.transact(work)


async def hunt_on(
    services: Services, dice: Dice, clock: Clock, *faces: int, user: int = ALICE, days: int = 1
) -> Reply:
    """Hunt as `user` with the given dice, then move the clock on by whole days."""
    dice.load(*faces)
    reply = await germ_hunting.hunt(services, actor(user))
    clock.advance(days=days)
    return reply


async def set_zone(services: Services, zone: str) -> None:
    await server_config.set_timezone(services, boss(), zone)
