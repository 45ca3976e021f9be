"""A WCAGR server and its cats for the action tests."""

from __future__ import annotations

from typing import Any

from bot.actions import server_config
from bot.actions.context import Services
from bot.actions.wcagr import cats
from rules.wcagr import WcagrSheet
from tests.conftest import ADMIN, GUILD, actor

FIREPAW: dict[str, Any] = {
    "name": "Firepaw",
    "clan": "thunderclan",
    "strength": 2,
    "intelligence": 2,
    "spirit": 1,
    "skills": "Sneak, Pounce, Listen",
    "knacks": "Alertness, Dash, Hide",
    "ten_moon_bonus": "spirit",
}
# ThunderClan: +1 Strength and Spirit, +1 Ponder; at 10 moons +1 Strength, +1 Spirit.
# Strength 4, Intelligence 2, Spirit 3.


def wcagr_cat(name: str, **changes: Any) -> dict[str, Any]:
    return {**FIREPAW, "name": name, **changes}


async def wcagr_server(services: Services, guild: int = GUILD) -> None:
    await server_config.set_ruleset(services, actor(ADMIN, guild=guild, admin=True), "wcagr")


async def make(services: Services, user: int, **options: Any) -> None:
    await cats.create(services, actor(user), **{**FIREPAW, **options})


async def sheet_of(services, name: str) -> WcagrSheet:
    found = await services.db.transact(lambda tx: tx.characters.by_name(GUILD, name), write=False)
    assert isinstance(found.sheet, WcagrSheet)
    return found.sheet


def button(reply, verb: str) -> str:
    return next(b.custom_id for b in reply.buttons if b.custom_id.split(":")[3] == verb)
