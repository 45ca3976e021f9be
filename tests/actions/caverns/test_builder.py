"""Caverns' `/character new`: the selects follow the class, the forms fill the rest, what the
rules refuse is shown as the one thing still to do, and Create makes what `/character create`
would."""

from __future__ import annotations

import pytest

from bot.actions import buttons
from bot.actions.builder import verbs as builder
from bot.actions.reply import Reply
from rules.errors import PawpostError
from tests.actions.caverns.helpers import caverns_server, sheet
from tests.conftest import ALICE, BOB, actor, dump


async def choose(services, reply: Reply, value: str) -> Reply:  # type: ignore[no-untyped-def]
    assert reply.select is not None
    return await buttons.press(services, actor(ALICE), reply.select.custom_id, [value])


async def show(services, reply: Reply, label: str) -> Reply:  # type: ignore[no-untyped-def]
    found = next(b for b in reply.buttons if b.label.removesuffix(" ✓") == label)
    return await buttons.press(services, actor(ALICE), found.custom_id)


async def fill(services, reply: Reply, label: str, **answers: str) -> Reply:  # type: ignore[no-untyped-def]
    found = next(b for b in reply.buttons if b.label == label)
    opened = await buttons.press(services, actor(ALICE), found.custom_id)
    assert opened.modal is not None
    return await buttons.press(services, actor(ALICE), opened.modal.custom_id, fields=answers)


async def test_a_bard_is_built_with_the_selects_and_the_forms(services, db) -> None:
    await caverns_server(services)
    reply = await builder.new(services, actor(ALICE))
    assert reply.title == "A new Caverns adventurer" and reply.ephemeral
    assert len(reply.select.options) == 20  # type: ignore[union-attr]
    for value in ("viscanti", "bard"):
        reply = await choose(services, reply, value)
    assert [o.value for o in reply.select.options] == [  # type: ignore[union-attr]
        "acrobatics+illusions",
        "acrobatics+divination",
        "acrobatics+hunting",
    ]
    for value in ("acrobatics+illusions", "1", "1", "0", "2", "-1", "fire"):
        reply = await choose(services, reply, value)
    offered = [o.value for o in reply.select.options]  # type: ignore[union-attr]
    assert "music:fugue" in offered and "combat:parry" not in offered
    reply = await choose(services, reply, "music:fugue")
    reply = await fill(services, reply, "Name", name="Piper")
    assert reply.lines[-2] == (
        "• A Bard needs an instrument: choose the element it rolls to Do Battle and the "
        "element foes subtract."
    )
    assert next(b for b in reply.buttons if b.label == "Create").disabled
    reply = await fill(
        services,
        reply,
        "Implement and totem",
        implement="fire/wind",
        sick_beat="ablaze, bound, confused",
    )
    assert "Ready: press Create to make it." in reply.lines
    shown = {field.name: field.value for field in reply.fields}
    assert shown["Vitae"] == "6 / 6" and "**Fire** +3" in shown["Attributes"]
    made = await buttons.press(
        services, actor(ALICE), next(b for b in reply.buttons if b.label == "Create").custom_id
    )
    assert made.lines[0].startswith("A Viscanti Bard, level 1, owned by <@101>")
    assert (await sheet(services, "Piper")).gold == 200


async def test_a_choice_the_class_no_longer_offers_is_what_is_left_to_do(services, db) -> None:
    await caverns_server(services)
    reply = await builder.new(services, actor(ALICE))
    for value in ("human", "warrior", "athletics+hunting", "1", "1", "2", "0", "-1", "water"):
        reply = await choose(services, reply, value)
    reply = await choose(services, reply, "combat:parry")
    reply = await fill(services, reply, "Name", name="Brunhild")
    assert "Ready: press Create to make it." in reply.lines
    reply = await show(services, reply, "Class")
    reply = await choose(services, reply, "monk")
    assert "• Choose your class's skillsets." not in reply.lines  # still holds the old pair
    assert reply.lines[-3:-1] == [
        "Still to do before Create:",
        "• Athletics is not a secondary skillset for a Monk; choose Acrobatics or Psionics.",
    ]
    reply = await show(services, reply, "Skillsets")
    reply = await choose(services, reply, "acrobatics+stealth")
    assert "Ready: press Create to make it." in reply.lines  # Parry is Combat's: still a Monk's
    before = dump(db.path)
    found = next(b for b in reply.buttons if b.label == "Create").custom_id
    with pytest.raises(PawpostError, match="^This builder belongs to another player"):
        await buttons.press(services, actor(BOB), found)
    with pytest.raises(PawpostError, match="^That choice is not on offer"):
        await buttons.press(services, actor(ALICE), reply.select.custom_id, ["goblin"])  # type: ignore[union-attr]
    assert dump(db.path) == before
