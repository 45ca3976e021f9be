"""A Caverns and Cloiers server with a party of three, for the Caverns verbs' tests."""

from __future__ import annotations

from typing import Any

from bot.actions import server_config
from bot.actions.caverns import characters
from bot.actions.caverns.common import caverns_sheet
from bot.actions.context import Services
from rules.caverns.sheet import CavernsSheet
from storage.models import Character
from tests.conftest import ADMIN, ALICE, BOB, CAROL, CHANNEL, GUILD, actor

ARRAY = "wind +1, water +1, wood +2, fire 0, metal -1"
# Three adventurers of the party: a Warrior, an Elementalist and a Bard.
BRUNHILD: dict[str, Any] = {
    "name": "Brunhild",
    "race": "human",
    "character_class": "warrior",
    "attributes": ARRAY,
    "extra": "water",
    "advanced": "Parry",
    "tertiary": "hunting",
}
ILSA: dict[str, Any] = {
    "name": "Ilsa",
    "race": "krokani",
    "character_class": "elementalist",
    "attributes": "wind 0, water +1, wood +1, fire +2, metal -1",
    "extra": "metal",
    "advanced": "Ignite",
    "tertiary": "psionics",
    "implement": "fire/metal",
}
PIPER: dict[str, Any] = {
    "name": "Piper",
    "race": "viscanti",
    "character_class": "bard",
    "attributes": "fire +2, wind +1, water +1, wood 0, metal -1",
    "extra": "fire",
    "advanced": "Fugue",
    "tertiary": "illusions",
    "implement": "fire/wind",
    "sick_beat": "ablaze, bound, confused",
}


async def caverns_server(services: Services) -> None:
    await server_config.set_ruleset(services, actor(ADMIN, admin=True), "caverns")


async def party_of_three(services: Services) -> None:
    """The server plays Caverns and Alice, Bob and Carol each made one of the three."""
    await caverns_server(services)
    for user, choices in ((ALICE, BRUNHILD), (BOB, ILSA), (CAROL, PIPER)):
        await characters.create(services, actor(user), **choices)


async def character(services: Services, name: str) -> Character:
    found = await services.db.transact(lambda tx: tx.characters.by_name(GUILD, name), write=False)
    assert found is not None
    return found


async def sheet(services: Services, name: str) -> CavernsSheet:
    return caverns_sheet(await character(services, name))


async def set_sheet(services: Services, name: str, **changes: Any) -> CavernsSheet:
    """Change a stored sheet directly (what earlier play would have done)."""
    found = await character(services, name)
    changed = caverns_sheet(found).model_copy(update=changes)
    changed = CavernsSheet.model_validate(changed.model_dump())
    found.sheet = changed

    def store(tx):  # type: ignore[no-untyped-def]
        tx.characters.save_sheet(found)

    await services.db.transact(store)
    return changed


async def no_flourish(services: Services, user: int) -> None:
    """The attacker's player presses No flourish on the one the channel's battle waits for."""
    from bot.actions.caverns.battle.flourishes import flourish_pressed
    from storage.caverns import caverns

    def read(tx):  # type: ignore[no-untyped-def]
        (combat,) = caverns(tx).battles.active_in_channel(GUILD, CHANNEL, 1)
        return combat.id, combat.state.version

    combat_id, version = await services.db.transact(read, write=False)
    await flourish_pressed(services, actor(user), combat_id, "none", version)


def ids(reply) -> dict[str, str]:  # type: ignore[no-untyped-def]
    """A reply's buttons by label."""
    return {button.label: button.custom_id for button in reply.buttons}


async def hurt(services: Services, name: str, amount: int, kind: str | None = None) -> list[str]:
    """The MC's `/admin damage` (the GM toolkit's), the lines before its reason."""
    from bot.actions.gm import life

    reply = await life.damage(services, actor(ADMIN, admin=True), name, amount, "a blow", kind)
    return reply.lines[:-1]


async def kill(services: Services, name: str) -> list[str]:
    """The MC's `/admin kill`: the return by Vitae waits for the party's next rest."""
    from bot.actions.gm import life

    reply = await life.kill(services, actor(ADMIN, admin=True), name, "a trap")
    return reply.lines[:-1]
