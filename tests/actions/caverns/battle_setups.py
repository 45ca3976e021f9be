"""Battles the audit of issue 29 plays again (../shared/audits/caverns-battle.md): the party of
three placed by the MC against the enemies a defect needs, on a real database."""

from __future__ import annotations

from collections.abc import Callable

from bot.actions.caverns.battle import rows as battle
from bot.actions.context import Services
from rules.caverns.battle.rows import BattleState
from rules.caverns.skills import SKILLS
from storage.caverns import caverns
from tests.actions.caverns.helpers import party_of_three, set_sheet, sheet
from tests.conftest import ADMIN, ALICE, BOB, CAROL, CHANNEL, GUILD, actor

MC = actor(ADMIN, admin=True)
ANN, BOBS, CATS = actor(ALICE), actor(BOB), actor(CAROL)
PLAYERS = {"Brunhild": ANN, "Ilsa": BOBS, "Piper": CATS}


async def fight(
    services: Services,
    rows: dict[str, str],
    enemies: tuple[tuple[str, int, str], ...],
    order: str | None = None,
    *,
    made: bool = False,
) -> None:
    """The party (made unless `made`) in `rows` ({"Brunhild": "front"}), the bestiary's
    `enemies` ((creature, count, row)), and the order (the rows' order unless given)."""
    if not made:
        await party_of_three(services)
    await battle.start(services, MC)
    for name, row in rows.items():
        await battle.join(services, PLAYERS[name], row)
    for creature, count, row in enemies:
        await battle.add_enemy(services, MC, creature, count=count, row=row)
    await battle.set_order(services, MC, order or ", ".join(rows))


def text(reply) -> str:  # type: ignore[no-untyped-def]
    return "\n".join(reply.lines)


async def board(services: Services) -> dict[str, str]:
    """/battle status's fields by name."""
    shown = await battle.status(services, ANN)
    return {field.name: field.value for field in shown.fields}


async def state(services: Services) -> BattleState:
    """The channel's battle as stored."""

    def read(tx):  # type: ignore[no-untyped-def]
        (combat,) = caverns(tx).battles.active_in_channel(GUILD, CHANNEL, 1)
        return combat.state

    return await services.db.transact(read, write=False)


async def edit(services: Services, change: Callable[[BattleState], BattleState]) -> None:
    """Change the stored battle directly (what earlier play would have done)."""

    def store(tx):  # type: ignore[no-untyped-def]
        battles = caverns(tx).battles
        found = battles.active_in_channel(GUILD, CHANNEL, 1)[0]
        combat = battles.get(GUILD, found.id, lock=True)
        version = combat.state.version
        combat.state = change(combat.state).model_copy(update={"version": version + 1})
        assert battles.save(combat, version)

    await services.db.transact(store)


async def learn(services: Services, name: str, *keys: str, **changes: object) -> None:
    """The skills added; a skillset the character lacks takes its secondary's place."""
    have = await sheet(services, name)
    skillsets = list(have.skillsets)
    for key in keys:
        if SKILLS[key].skillset not in skillsets:
            skillsets[1] = SKILLS[key].skillset
    await set_sheet(
        services, name, skills=(*have.skills, *keys), skillsets=tuple(skillsets), **changes
    )
