"""The generic sheet builder with a made-up ruleset's steps: a counter, a select and a form, and
Create gated by the ruleset's problems. The core knows no game."""

from __future__ import annotations

import dataclasses
import json

import pytest

from bot.actions import buttons, server_config
from bot.actions.builder import Builder, Choices, Counter, Form, FormField, Pick
from bot.actions.builder import verbs as builder
from bot.actions.reply import Reply, ReplyField
from bot.ruleset import Ruleset
from rules.errors import PawpostError
from rules.rulesets import RULESETS
from tests.conftest import ADMIN, ALICE, actor, dump


def _problems(tx, actor, guild, choices: Choices) -> list[str]:
    return [] if {"clan", "name"} <= set(choices) else ["Pick a clan and give a name."]


FAKE = Builder(
    steps=(
        Counter("might", "Might", lambda settings, choices: (1, 3), start=1),
        Pick("clan", "Clan", lambda settings: [("River", "river"), ("Wind", "wind")]),
        Form(
            "Story",
            "Your story",
            (FormField("name", "Name"), FormField("moons", "Moons", required=False, number=True)),
        ),
    ),
    title=lambda choices: "A made-up character",
    start=lambda settings: {"might": 1},
    lines=lambda settings, choices: ["Choose."],
    preview=lambda tx, guild, choices: [
        ReplyField(name="Choices", value=json.dumps(choices, sort_keys=True))
    ],
    problems=_problems,
    create=lambda tx, actor, guild, choices, now, dice: Reply(title=f"Made {choices['name']}"),
)


@pytest.fixture
async def made_up(services):
    """A server playing "wcagr", whose builder here is the made-up one above."""
    services.rulesets = {
        "wcagr": Ruleset(rules=RULESETS["wcagr"], commands=(), sheet_fields=lambda tx, c: [])
    }
    await server_config.set_ruleset(services, actor(ADMIN, admin=True), "wcagr")
    services.rulesets = {"wcagr": Ruleset(RULESETS["wcagr"], (), lambda tx, c: [], builder=FAKE)}
    return services


def choices(reply: Reply) -> dict[str, object]:
    return json.loads(reply.fields[0].value)


async def press(services, reply: Reply, label: str, **fields: str) -> Reply:
    found = next(b for b in reply.buttons if b.label == label)
    return await buttons.press(services, actor(ALICE), found.custom_id, fields=fields)


async def test_a_counter_moves_within_its_bounds(made_up) -> None:
    reply = await builder.new(made_up, actor(ALICE))
    labels = [(b.label, b.disabled, b.row) for b in reply.buttons]
    assert labels == [
        ("− Might", True, 0),
        ("+ Might", False, 0),
        ("Story", False, 1),
        ("Create", True, 1),
    ]
    for _ in range(2):
        reply = await press(made_up, reply, "+ Might")
    assert choices(reply)["might"] == 3 and reply.buttons[1].disabled
    with pytest.raises(PawpostError, match=r"^Might is as high as it can go now\.$"):
        await press(made_up, reply, "+ Might")


async def test_a_select_picks_one_of_its_options(made_up, db) -> None:
    reply = await builder.new(made_up, actor(ALICE))
    assert reply.select is not None and reply.select.placeholder == "Clan"
    assert [o.value for o in reply.select.options] == ["river", "wind"]
    reply = await buttons.press(made_up, actor(ALICE), reply.select.custom_id, ["wind"])
    assert choices(reply)["clan"] == "wind" and reply.select is not None
    assert reply.select.placeholder == "Clan: wind"
    before = dump(db)
    with pytest.raises(PawpostError, match=r"^That choice is not on offer"):
        await buttons.press(made_up, actor(ALICE), reply.select.custom_id, ["sky"])
    assert dump(db) == before


async def test_a_form_opens_as_a_modal_and_its_answers_reach_the_draft(made_up) -> None:
    reply = await builder.new(made_up, actor(ALICE))
    opened = await press(made_up, reply, "Story")
    assert opened.modal is not None and opened.modal.title == "Your story"
    assert opened.modal.custom_id.endswith(":fill:2")
    assert [(f.key, f.required) for f in opened.modal.fields] == [("name", True), ("moons", False)]
    fields = {"name": "Rook", "moons": "7"}
    reply = await buttons.press(made_up, actor(ALICE), opened.modal.custom_id, fields=fields)
    assert choices(reply) == {"might": 1, "name": "Rook", "moons": 7}
    reply = await buttons.press(made_up, actor(ALICE), opened.modal.custom_id, fields={"name": "R"})
    assert choices(reply) == {"might": 1, "name": "R"}  # an empty optional box clears it
    opened = await press(made_up, reply, "Story")
    assert opened.modal is not None and [f.value for f in opened.modal.fields] == ["R", ""]


async def test_create_waits_for_the_rulesets_problems_to_go(made_up) -> None:
    reply = await builder.new(made_up, actor(ALICE))
    assert reply.lines[-3:-1] == ["Still to do before Create:", "• Pick a clan and give a name."]
    create = next(b for b in reply.buttons if b.label == "Create")
    with pytest.raises(PawpostError, match=r"^Pick a clan and give a name\.$"):
        await buttons.press(made_up, actor(ALICE), create.custom_id)
    assert reply.select is not None
    reply = await buttons.press(made_up, actor(ALICE), reply.select.custom_id, ["river"])
    opened = await press(made_up, reply, "Story")
    assert opened.modal is not None
    reply = await buttons.press(made_up, actor(ALICE), opened.modal.custom_id, fields={"name": "R"})
    assert "Ready: press Create to make it." in reply.lines
    made = await press(made_up, reply, "Create")
    assert made.title == "Made R" and made.update and made.ephemeral
    with pytest.raises(PawpostError) as gone:
        await press(made_up, reply, "+ Might")
    assert gone.value.message == builder.GONE


async def test_a_control_that_names_no_step_of_its_kind_is_stale(made_up) -> None:
    reply = await builder.new(made_up, actor(ALICE))
    draft = reply.buttons[0].custom_id.split(":")[2]
    for tail in ("more:1", "more:9", "more", "fill:0", "pick:2", "form:1"):
        with pytest.raises(PawpostError) as stale:
            await buttons.press(made_up, actor(ALICE), f"pawpost:draft:{draft}:{tail}")
        assert stale.value.message == builder.STALE, tail


def test_a_builder_must_fit_one_message() -> None:
    counter = Counter("x", "X", lambda settings, choices: (0, 1))
    dataclasses.replace(FAKE, steps=(*(counter,) * 6, FAKE.steps[1]))  # 3 + Create's + select
    with pytest.raises(ValueError, match="five rows"):
        dataclasses.replace(FAKE, steps=(counter,) * 9)
    with pytest.raises(ValueError, match="one to five fields"):
        Form("F", "F", (FormField("a", "A"),) * 6)


def _kins(settings, chosen: Choices) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    """The second pick's options follow the first's choice."""
    return [(f"{chosen.get('clan', 'none')} kin", "kin")] if "clan" in chosen else []


SEVERAL = dataclasses.replace(
    FAKE,
    steps=(
        *FAKE.steps,
        Pick("kin", "Kin", lambda settings: [], label="Kin", offered=_kins),
    ),
)


async def test_several_picks_show_one_select_at_a_time(made_up, db) -> None:
    ruleset = made_up.rulesets["wcagr"]
    made_up.rulesets = {"wcagr": dataclasses.replace(ruleset, builder=SEVERAL)}
    reply = await builder.new(made_up, actor(ALICE))
    assert [(b.label, b.row) for b in reply.buttons[2:4]] == [("Clan", 1), ("Kin", 1)]
    assert [(b.label, b.row) for b in reply.buttons[4:]] == [("Story", 2), ("Create", 2)]
    assert reply.select is not None and reply.select.placeholder == "Clan"
    reply = await buttons.press(made_up, actor(ALICE), reply.select.custom_id, ["river"])
    # the next pick not chosen yet comes up, its options following the choices so far
    assert reply.select is not None and reply.select.placeholder == "Kin"
    assert [(o.label, o.value) for o in reply.select.options] == [("river kin", "kin")]
    assert [b.label for b in reply.buttons[2:4]] == ["Clan ✓", "Kin"]
    reply = await press(made_up, reply, "Clan ✓")
    assert reply.select is not None and reply.select.placeholder == "Clan: river"
    before = dump(db.path)
    kin = next(b for b in reply.buttons if b.label == "Kin").custom_id
    with pytest.raises(PawpostError, match=r"^That choice is not on offer"):
        await buttons.press(made_up, actor(ALICE), kin.replace(":show:", ":pick:"), ["wind kin"])
    with pytest.raises(PawpostError) as stale:
        await buttons.press(made_up, actor(ALICE), kin.replace(":show:3", ":show:0"))
    assert stale.value.message == builder.STALE
    assert dump(db.path) == before


def test_a_builder_of_several_picks_must_fit_one_message() -> None:
    pick = Pick("p", "P", lambda settings: [])
    dataclasses.replace(FAKE, steps=(*(pick,) * 10, FAKE.steps[2]))  # 2 rows + select + forms
    with pytest.raises(ValueError, match="five rows"):
        dataclasses.replace(FAKE, steps=(*(pick,) * 16, FAKE.steps[2]))
