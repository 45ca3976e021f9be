"""A Germ cat's sheet names its family, read in one query (`CatRepository.family`): its live
mother, its live kits and the live cats who fully trust it, each by name."""

from __future__ import annotations

from bot.actions import buttons, characters
from bot.actions.germ import cats as germ_cats
from storage.germ import germ
from tests.conftest import ALICE, BOB, GUILD, actor, cat


async def _fields(services, name: str) -> dict[str, str]:  # type: ignore[no-untyped-def]
    shown = await characters.show(services, actor(ALICE), name)
    return {f.name: f.value for f in shown.fields}


async def test_mother_kits_and_trust_by_name_without_the_deleted(services, clock) -> None:
    await germ_cats.create(services, actor(ALICE), **cat("Sandstorm", age=40))
    for kit in ("Zephyrkit", "Ashkit", "Brackenkit"):
        await germ_cats.create(services, actor(ALICE), **cat(kit, age=2), mother="Sandstorm")
    await germ_cats.create(services, actor(BOB), **cat("Willowpelt"))
    asked = await characters.delete(services, actor(ALICE), "Brackenkit")
    await buttons.press(services, actor(ALICE), asked.buttons[0].custom_id)

    def trust(tx):  # type: ignore[no-untyped-def]
        found = {name: tx.characters.by_name(GUILD, name).id for name in ("Sandstorm", "Ashkit")}
        willow = tx.characters.by_name(GUILD, "Willowpelt").id
        for target in (willow, found["Ashkit"]):
            germ(tx).trust.add_trust(GUILD, target, found["Sandstorm"], clock())

    await services.db.transact(trust)
    mother = await _fields(services, "Sandstorm")
    assert (mother["Mother"], mother["Kits"]) == ("—", "Ashkit, Zephyrkit")
    assert mother["Fully trusted by"] == "Ashkit, Willowpelt"
    kit = await _fields(services, "Ashkit")
    assert (kit["Mother"], kit["Kits"], kit["Fully trusted by"]) == ("Sandstorm", "—", "no one")
