"""A Taking Risks server with cats, for the cat verbs' tests."""

from __future__ import annotations

from bot.actions import server_config
from bot.actions.cat import cats
from bot.actions.context import Services
from tests.conftest import ADMIN, actor

FIREPAW = {
    "name": "Firepaw",
    "best": "legs",
    "strong": "claws, coat, fangs",
    "good": "face, tail",
    "reputations": "Brave 3, Clever 2, Sly 2",
}
TIGERCLAW = {
    "name": "Tigerclaw",
    "best": "claws",
    "strong": "fangs legs coat",
    "good": "face tail",
    "reputations": "Fierce 3, Proud 3, Sly 1",
}


async def cat_server(services: Services) -> None:
    await server_config.set_ruleset(services, actor(ADMIN, admin=True), "cat")


def ids(reply) -> dict[str, str]:  # type: ignore[no-untyped-def]
    """A reply's buttons by label."""
    return {button.label: button.custom_id for button in reply.buttons}


async def make(services: Services, user: int, **sheet: str) -> None:
    await cats.create(services, actor(user), **sheet)
