"""Issue 30, Taking Risks: a turned-down cat's traits and Reputations reopen in the builder, and
Create puts the changed sheet in place and sends it to the admins again."""

from __future__ import annotations

import pytest

from bot.actions import characters
from bot.actions.builder import verbs as builder
from bot.actions.cat import cats
from rules.cat.sheet import CatSheet, Rank, Trait
from rules.errors import PawpostError
from tests.actions.cat.helpers import FIREPAW, TIGERCLAW, cat_server
from tests.actions.refusals import (
    approval_on,
    choose,
    fill,
    in_audit,
    press,
    request_of,
    turn_down,
)
from tests.conftest import ALICE, BOB, GUILD, actor, dump


async def test_a_turned_down_cat_changes_its_best_trait_and_reputations(services, db) -> None:
    await cat_server(services)
    await cats.create(services, actor(BOB), **TIGERCLAW)
    await approval_on(services)
    made = await cats.create(services, actor(ALICE), **FIREPAW)
    before = await services.db.transact(lambda tx: tx.characters.by_name(GUILD, "Firepaw"))
    await turn_down(services, made, "Legs cannot be Best for a kit.")

    reply = await builder.new(services, actor(ALICE))
    assert reply.title == "Changing Firepaw's turned-down sheet"
    assert reply.lines[1] == "Best: Legs · Strong: Claws, Coat, Fangs · Good: Face, Tail."
    assert "**0** of 7 Reputation points left." in reply.lines
    assert reply.select is not None and reply.select.placeholder == "Best trait: legs"
    form = (await press(services, reply, "Name and Reputations", ALICE)).modal
    assert form is not None and form.fields[1].value == "Brave 3, Clever 2, Sly 2"

    reply = await choose(services, reply, "face", ALICE)
    reply = await fill(
        services, reply, "Name and Reputations", ALICE, reputations="Brave 3, Clever 3, Sly 1"
    )
    assert "Best: Face · Strong: Claws, Coat, Fangs · Good: Legs, Tail." in reply.lines
    with pytest.raises(PawpostError, match="^This builder belongs to another player"):
        await press(services, reply, "Create", BOB)
    done = await press(services, reply, "Create", ALICE)
    assert done.lines[0] == "Firepaw's changed sheet is sent to the admins again."
    assert request_of(done).title == "Approve Firepaw's sheet?"

    found = await services.db.transact(lambda tx: tx.characters.by_name(GUILD, "Firepaw"))
    assert found.id == before.id and isinstance(found.sheet, CatSheet)
    assert found.sheet.traits[Trait.FACE].rank is Rank.BEST
    assert found.sheet.traits[Trait.LEGS].rank is Rank.GOOD
    assert found.sheet.reputations == {"Brave": 3, "Clever": 3, "Sly": 1}
    assert in_audit(dump(db.path), "changed the turned-down sheet of Firepaw")
    shown = await characters.show(services, actor(ALICE))
    assert "Sheet pending: it cannot roll until an admin approves it." in shown.lines


async def test_the_changed_sheet_is_checked_as_creation_checks_it(services) -> None:
    await cat_server(services)
    await approval_on(services)
    made = await cats.create(services, actor(ALICE), **FIREPAW)
    await turn_down(services, made, "Too many points.")
    reply = await builder.new(services, actor(ALICE))
    reply = await fill(
        services, reply, "Name and Reputations", ALICE, reputations="Brave 3, Clever 3, Sly 2"
    )
    assert "**1** Reputation point too many: a cat has 7." in reply.lines
    assert next(b for b in reply.buttons if b.label == "Create").disabled
