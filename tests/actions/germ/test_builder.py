"""Germ's sheet builder through the action layer: − and + per stat, the name-and-age form, Create
through `/character create`'s own validation, and the refusals (another player, expired,
replaced)."""

from __future__ import annotations

import dataclasses

import pytest

from bot.actions import buttons, characters, server_config
from bot.actions.builder import verbs as builder
from bot.actions.germ import cats as germ_cats
from bot.actions.reply import Button, Reply
from rules.errors import PawpostError
from storage.germ.settings import GermSettings
from storage.repositories import Transaction
from tests.conftest import ADMIN, ALICE, BOB, FIREPAW, GUILD, actor, cat, dump

STATS = ("strength", "agility", "charisma", "intelligence", "stealth", "perception")


def button(reply: Reply, label: str) -> Button:
    return next(b for b in reply.buttons if b.label == label)


async def click(services, reply: Reply, label: str, user: int = ALICE) -> Reply:
    return await buttons.press(services, actor(user), button(reply, label).custom_id)


async def fill(services, reply: Reply, user: int = ALICE, **answers: str) -> Reply:
    """Open the name-and-age form and submit it with these answers (the rest as shown)."""
    form = (await click(services, reply, "Name and age", user)).modal
    assert form is not None
    given = {field.key: field.value for field in form.fields} | answers
    return await buttons.press(services, actor(user), form.custom_id, fields=given)


async def build(services, sheet: dict[str, int | str], user: int = ALICE) -> Reply:
    """A builder filled in with a `/character create` sheet, not created yet."""
    reply = await builder.new(services, actor(user))
    for stat in STATS:
        for _ in range(int(sheet[stat])):
            reply = await click(services, reply, f"+ {stat.capitalize()}", user)
    answers = {"name": str(sheet["name"]), "age": str(sheet["age"])}
    if "mother" in sheet:
        answers["mother"] = str(sheet["mother"])
    return await fill(services, reply, user, **answers)


async def test_a_cat_is_built_step_by_step_and_saved_as_it_was_shown(services) -> None:
    reply = await builder.new(services, actor(ALICE))
    assert reply.ephemeral and reply.title == "A new Germ cat"
    assert reply.lines[0] == "**22** of 22 points left to spend (at most 8 in one stat)."
    assert "• Spend the 22 points left on the stats." in reply.lines
    assert button(reply, "Create").disabled and button(reply, "− Strength").disabled
    assert not button(reply, "+ Strength").disabled
    assert {b.row for b in reply.buttons} == {0, 1, 2, 3}  # two stats a row, then the rest

    reply = await click(services, reply, "+ Strength")
    assert reply.update and reply.lines[0].startswith("**21** of 22")
    assert not button(reply, "− Strength").disabled
    reply = await click(services, reply, "− Strength")
    assert reply.lines[0].startswith("**22** of 22")

    reply = await build(services, FIREPAW)
    assert reply.title == "A new cat: Firepaw"
    assert "Ready: press Create to make it." in reply.lines
    assert not button(reply, "Create").disabled
    assert all(button(reply, f"+ {s.capitalize()}").disabled for s in STATS)  # no points left
    preview = reply.fields

    made = await click(services, reply, "Create")
    assert made.title == "Firepaw joins the server" and made.update and made.ephemeral
    shown = await characters.show(services, actor(BOB), "Firepaw")
    assert shown.fields == preview  # the sheet so far was shown as it is saved

    with pytest.raises(PawpostError) as gone:
        await click(services, reply, "+ Strength")
    assert gone.value.message == builder.GONE


async def test_before_an_age_the_preview_shows_the_stats_alone(services) -> None:
    reply = await builder.new(services, actor(ALICE))
    reply = await click(services, reply, "+ Stealth")
    fields = {field.name: field.value for field in reply.fields}
    assert "**Stealth** 1" in fields["Stats"] and fields["Age"] == "not given yet"
    reply = await fill(services, reply, name="Smallkit", age="3")
    fields = {field.name: field.value for field in reply.fields}
    assert fields["Age"] == "3 moons (kit)" and "(kit −10)" in fields["Stats"].replace("-", "−")


async def test_plus_stops_at_eight_in_a_stat_and_at_the_points_left(services) -> None:
    reply = await builder.new(services, actor(ALICE))
    for _ in range(8):
        reply = await click(services, reply, "+ Strength")
    assert button(reply, "+ Strength").disabled
    with pytest.raises(PawpostError, match=r"^Strength is as high as it can go now\.$"):
        await click(services, reply, "+ Strength")
    for stat in ("Agility", "Charisma"):
        for _ in range(7 if stat == "Agility" else 6):
            reply = await click(services, reply, f"+ {stat}")
    assert reply.lines[0].startswith("**1** of 22")
    assert "• Spend the 1 point left on the stats." in reply.lines
    reply = await click(services, reply, "+ Stealth")
    assert all(button(reply, f"+ {s.capitalize()}").disabled for s in STATS)
    with pytest.raises(PawpostError, match=r"^Perception is as high as it can go now\.$"):
        await click(services, reply, "+ Perception")
    with pytest.raises(PawpostError, match=r"^Perception is as low as it can go\.$"):
        await click(services, reply, "− Perception")


@pytest.mark.parametrize(
    "changes",
    [
        {"name": "FIREPAW"},  # taken
        {"mother": "Nobody"},
        {"age": -2},
    ],
)
async def test_the_builder_refuses_just_what_character_create_refuses(
    services, db, changes
) -> None:
    await germ_cats.create(services, actor(BOB), **FIREPAW)
    sheet = {**cat("Graypaw"), **changes}
    with pytest.raises(PawpostError) as by_command:
        await germ_cats.create(services, actor(ALICE), **sheet)
    reply = await build(services, sheet)
    assert reply.lines[-2] == f"• {by_command.value.message}"
    assert button(reply, "Create").disabled
    before = dump(db)
    with pytest.raises(PawpostError) as by_button:
        await buttons.press(services, actor(ALICE), button(reply, "Create").custom_id)
    assert by_button.value.message == by_command.value.message
    assert dump(db) == before


async def test_a_server_that_lowers_the_points_meanwhile_is_told_what_create_says(
    services, db
) -> None:
    reply = await build(services, FIREPAW)

    def lower(tx: Transaction) -> None:
        guild = tx.guilds.get(GUILD)
        GermSettings(points_to_spend=20).store_in(guild.settings)
        tx.guilds.save(guild)

    await db.transact(lower)
    reply = await click(services, reply, "− Strength")
    assert reply.lines[0] == "**1** too many points spent: a cat has 20 (at most 8 in one stat)."
    assert "• You spent 21 points; a Germ cat has 20." in reply.lines
    assert button(reply, "Create").disabled and not button(reply, "− Agility").disabled
    reply = await click(services, reply, "− Agility")
    made = await click(services, reply, "Create")
    assert made.title == "Firepaw joins the server"


async def test_a_mother_is_named_in_the_form_and_an_empty_box_clears_her(services) -> None:
    await germ_cats.create(services, actor(BOB), **cat("Sandstorm", age=40))
    reply = await build(services, {**FIREPAW, "mother": "sandstorm"})
    assert {f.name: f.value for f in reply.fields}["Mother"] == "Sandstorm"
    form = (await click(services, reply, "Name and age")).modal
    assert form is not None and form.title == "Your new cat"
    assert [(f.key, f.value, f.required) for f in form.fields] == [
        ("name", "Firepaw", True),
        ("age", "12", True),
        ("mother", "sandstorm", False),
    ]
    reply = await fill(services, reply, mother="  ")
    assert {f.name: f.value for f in reply.fields}["Mother"] == "—"


async def test_a_wrong_answer_in_the_form_is_one_sentence_and_changes_nothing(services, db) -> None:
    reply = await builder.new(services, actor(ALICE))
    before = dump(db)
    with pytest.raises(PawpostError, match=r"^Age in moons must be a whole number; you wrote"):
        await fill(services, reply, name="Firepaw", age="ten")
    with pytest.raises(PawpostError, match=r"^Name cannot be left empty\.$"):
        await fill(services, reply, name=" ", age="12")
    assert dump(db) == before


async def test_another_members_click_is_refused_and_changes_nothing(services, db) -> None:
    reply = await builder.new(services, actor(ALICE))
    before = dump(db)
    for label in ("+ Strength", "Name and age", "Create"):
        with pytest.raises(PawpostError) as refused:
            await buttons.press(services, actor(BOB), button(reply, label).custom_id)
        assert refused.value.message == builder.NOT_YOURS
    with pytest.raises(PawpostError, match="belongs to another player"):
        admin = actor(ADMIN, admin=True)  # an admin too: a draft is its player's alone
        await buttons.press(services, admin, button(reply, "+ Agility").custom_id)
    assert dump(db) == before


async def test_a_draft_expires_a_day_after_its_last_change(services, clock) -> None:
    reply = await builder.new(services, actor(ALICE))
    clock.advance(hours=23)
    reply = await click(services, reply, "+ Strength")  # pushes the expiry a day on
    clock.advance(hours=23)
    reply = await click(services, reply, "+ Strength")
    clock.advance(hours=24)
    with pytest.raises(PawpostError) as expired:
        await click(services, reply, "+ Strength")
    assert expired.value.message == builder.EXPIRED
    await builder.forget_expired_drafts(services, clock())
    with pytest.raises(PawpostError) as gone:
        await click(services, reply, "+ Strength")
    assert gone.value.message == builder.GONE


async def test_starting_over_replaces_the_players_old_builder(services) -> None:
    old = await builder.new(services, actor(ALICE))
    bobs = await builder.new(services, actor(BOB))
    new = await builder.new(services, actor(ALICE), start_over="yes")
    with pytest.raises(PawpostError) as gone:
        await click(services, old, "+ Strength")
    assert gone.value.message == builder.GONE
    assert (await click(services, new, "+ Strength")).lines[0].startswith("**21**")
    assert (await click(services, bobs, "+ Strength", BOB)).lines[0].startswith("**21**")


async def test_a_server_without_a_builder_is_told_in_one_sentence(
    services, unbuilt_ruleset
) -> None:
    reply = await builder.new(services, actor(ALICE))
    await server_config.set_ruleset(services, actor(ADMIN, admin=True), unbuilt_ruleset)
    with pytest.raises(PawpostError, match=r"^Unbuilt Game is not built into Pawpost yet"):
        await builder.new(services, actor(ALICE))
    with pytest.raises(PawpostError, match=r"^This server plays another ruleset now"):
        await click(services, reply, "+ Strength")
    await server_config.set_ruleset(services, actor(ADMIN, admin=True), "germ")
    germ = services.rulesets["germ"]
    services.rulesets = {"germ": dataclasses.replace(germ, builder=None)}
    with pytest.raises(PawpostError) as none:
        await builder.new(services, actor(ALICE))
    assert none.value.message == (
        "Germ has no sheet builder yet; make a character with /character create."
    )


async def test_b1_the_builder_caps_age_at_600_as_character_create_does(services, db) -> None:
    """The form took age 5000, which `/character create` refuses; a wrong age is said at once,
    not only once the points are spent (b1.txt, b2.txt)."""
    with pytest.raises(PawpostError) as by_command:
        await germ_cats.create(services, actor(ALICE), **cat("Graypaw", age=5000))
    assert by_command.value.message == "A cat is at most 600 moons old; you gave 5000."
    assert (await germ_cats.create(services, actor(ALICE), **cat("Oldpaw", age=600))).lines
    reply = await fill(
        services, await builder.new(services, actor(ALICE)), name="Graypaw", age="5000"
    )
    assert f"• {by_command.value.message}" in reply.lines
    assert button(reply, "Create").disabled
    young = await fill(
        services, await builder.new(services, actor(ALICE)), name="Graypaw", age="-2"
    )
    assert "• Age cannot be negative; you gave -2 moons." in young.lines
