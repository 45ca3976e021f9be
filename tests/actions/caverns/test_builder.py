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


async def test_s3_2_a_bard_built_with_the_selects_is_announced_in_the_channel(services, db) -> None:
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
    assert reply.lines[-4:-1] == [  # every problem at once
        "Still to do before Create:",
        "• A Bard needs an instrument: choose the element it rolls to Do Battle and the "
        "element foes subtract.",
        "• Choose three different Sick Beat conditions from Ablaze, Bound, Confused, "
        "Disloyalty, Fatigue and Sickness.",
    ]
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
    assert made.ephemeral and made.lines == [
        "Piper is made: the channel sees Piper join the party."
    ]
    assert made.announce is not None and not made.announce.ephemeral  # §3.2
    assert made.announce.title == "Piper joins the party"
    assert made.announce.lines[0].startswith("A Viscanti Bard, level 1, owned by <@101>")
    assert (await sheet(services, "Piper")).gold == 200


async def test_s3_1_the_builder_follows_the_choices_and_shows_what_they_mean(services, db) -> None:
    await caverns_server(services)
    reply = await builder.new(services, actor(ALICE))
    reply = await choose(services, reply, "human")
    assert "**Human** (+1 Metal): Gain 2 Harmony (instead of 1) on a Short Rest." in reply.lines
    reply = await choose(services, reply, "warrior")
    assert any(
        line.startswith("**Warrior**: Damage 2, Health 5 + Water, Vitae 3 + Fire.")
        for line in reply.lines
    )
    reply = await choose(services, reply, "athletics+hunting")
    reply = await choose(services, reply, "2")  # Wind +2: no other attribute is offered +2
    for step in ("1", "1", "0"):
        assert "2" not in [o.value for o in reply.select.options]  # type: ignore[union-attr]
        reply = await choose(services, reply, step)
    assert [o.value for o in reply.select.options] == ["-1"]  # type: ignore[union-attr]
    reply = await choose(services, reply, "-1")
    extras = [o.value for o in reply.select.options]  # type: ignore[union-attr]
    assert extras == ["wind", "water", "wood", "fire"]  # not the Human's own Metal
    reply = await choose(services, reply, "water")
    reply = await choose(services, reply, "combat:parry")
    reply = await fill(services, reply, "Name", name="Brunhild")
    assert reply.select is not None and reply.select.placeholder.startswith("Your Advanced skill")
    assert "Ready: press Create to make it." in reply.lines
    # A class changed drops the old class's skillsets (and what follows from them).
    reply = await show(services, reply, "Class")
    reply = await choose(services, reply, "monk")
    labels = [b.label for b in reply.buttons]
    assert "Skillsets" in labels and "Skillsets ✓" not in labels
    assert "Advanced skill ✓" in labels  # Parry is Combat's, a Monk's too
    assert reply.lines[-3:-1] == ["Still to do before Create:", "• Choose your class's skillsets."]
    reply = await choose(services, reply, "acrobatics+stealth")
    assert "Ready: press Create to make it." in reply.lines
    before = dump(db.path)
    found = next(b for b in reply.buttons if b.label == "Create").custom_id
    with pytest.raises(PawpostError, match="^This builder belongs to another player"):
        await buttons.press(services, actor(BOB), found)
    with pytest.raises(PawpostError, match="^That choice is not on offer"):
        await buttons.press(services, actor(ALICE), reply.select.custom_id, ["goblin"])  # type: ignore[union-attr]
    assert dump(db.path) == before
