"""Issue 30, Germ: a turned-down cat's sheet reopens in the builder with every choice filled
in, and Create puts the changed sheet in place (same id, profile and history) and sends it to
the admins again; a draft for a sheet no longer turned down, or another player's cat, is refused
in one sentence."""

from __future__ import annotations

import pytest

from bot.actions import approvals, buttons, characters, profiles
from bot.actions.builder import verbs as builder
from bot.actions.builder.editing import NO_LONGER
from bot.actions.germ import cats as germ_cats
from rules.errors import PawpostError
from rules.germ.sheet import GermSheet
from tests.actions.refusals import (
    approval_on,
    approve,
    fill,
    in_audit,
    labelled,
    press,
    request_of,
    turn_down,
)
from tests.conftest import ALICE, BOB, FIREPAW, GUILD, actor, cat, dump


async def _held(services) -> tuple[int, object]:  # type: ignore[no-untyped-def]
    await approval_on(services)
    made = await germ_cats.create(services, actor(ALICE), **FIREPAW)
    found = await services.db.transact(lambda tx: tx.characters.by_name(GUILD, "Firepaw"))
    return found.id, made


async def test_a_turned_down_cat_is_changed_in_the_builder_and_sent_again(services, db) -> None:
    await germ_cats.create(services, actor(BOB), **cat("Sandstorm", age=40))
    character_id, made = await _held(services)
    await profiles.set_profile(services, actor(ALICE), "Firepaw", pronouns="he/him")
    rejected = await turn_down(services, made, "Too strong for a kit.")
    assert any("/character new" in line for line in rejected.lines)  # the way to change it
    assert labelled(rejected, "Change the sheet") == f"pawpost:draft:{character_id}:edit"

    reply = await builder.new(services, actor(ALICE))
    assert reply.title == "Changing Firepaw's turned-down sheet"
    assert reply.lines[0] == "An admin turned this sheet down: Too strong for a kit."
    assert "**0** of 22 points left to spend (at most 8 in one stat)." in reply.lines
    assert not next(b for b in reply.buttons if b.label == "Create").disabled
    form = (await press(services, reply, "Name and age", ALICE)).modal
    assert form is not None
    assert {f.key: f.value for f in form.fields} == {"name": "Firepaw", "age": "12", "mother": ""}

    reply = await press(services, reply, "− Strength", ALICE)
    reply = await press(services, reply, "+ Stealth", ALICE)
    reply = await fill(services, reply, "Name and age", ALICE, name="Flamepaw", mother="Sandstorm")
    assert "Ready: press Create to put this sheet in place of Firepaw's" in reply.lines[-2]
    done = await press(services, reply, "Create", ALICE)
    assert done.update and done.ephemeral and done.title == "Flamepaw's sheet is changed"
    assert done.lines[0] == "Flamepaw's changed sheet is sent to the admins again."
    assert request_of(done).title == "Approve Flamepaw's sheet?"
    # Sandstorm is Bob's: his player is asked, as at creation
    assert done.announce is not None and done.announce.mentions == [BOB]

    found = await services.db.transact(lambda tx: tx.characters.by_name(GUILD, "Flamepaw"))
    assert found.id == character_id and isinstance(found.sheet, GermSheet)
    assert (found.sheet.strength, found.sheet.stealth) == (3, 4)
    shown = await characters.show(services, actor(ALICE))
    assert "Sheet pending: it cannot roll until an admin approves it." in shown.lines
    assert any(f.value == "he/him" for f in shown.fields)  # the profile stays
    lines = dump(db.path)
    assert in_audit(lines, "changed the turned-down sheet of Flamepaw (was Firepaw)")
    assert in_audit(lines, "created Firepaw")  # the history stays

    # nothing turned down now: /character new is a new cat's builder again
    assert (await builder.new(services, actor(ALICE))).title == "A new Germ cat"
    await approve(services, done)


async def test_a_draft_for_a_sheet_no_longer_turned_down_changes_nothing(services, db) -> None:
    _id, made = await _held(services)
    await turn_down(services, made, "Pick a kit's age.")
    reply = await builder.new(services, actor(ALICE))
    again = await approvals.submit(services, actor(ALICE))  # sent as it was, meanwhile
    await approve(services, again)
    before = dump(db.path)
    with pytest.raises(PawpostError) as refused:
        await press(services, reply, "Create", ALICE)
    assert refused.value.message == NO_LONGER
    assert dump(db.path) == before
    assert (await builder.new(services, actor(ALICE))).title == "A new Germ cat"


async def test_a_deleted_cat_s_draft_and_another_player_s_button_are_refused(services, db) -> None:
    character_id, made = await _held(services)
    rejected = await turn_down(services, made, "Too old.")
    with pytest.raises(PawpostError, match="^Firepaw belongs to another player.$"):
        await buttons.press(services, actor(BOB), labelled(rejected, "Change the sheet"))
    reply = await buttons.press(services, actor(ALICE), labelled(rejected, "Change the sheet"))
    assert reply.title == "Changing Firepaw's turned-down sheet"
    await services.db.transact(
        lambda tx: tx.characters.hide(tx.characters.by_id(GUILD, character_id), services.clock())
    )
    before = dump(db.path)
    with pytest.raises(PawpostError) as refused:
        await press(services, reply, "Create", ALICE)
    assert refused.value.message == NO_LONGER
    assert dump(db.path) == before


async def test_the_name_of_another_cat_is_refused_as_at_creation(services) -> None:
    await germ_cats.create(services, actor(BOB), **cat("Sandstorm", age=40))
    _id, made = await _held(services)
    await turn_down(services, made, "Rename.")
    reply = await builder.new(services, actor(ALICE))
    reply = await fill(services, reply, "Name and age", ALICE, name="SANDSTORM")
    assert "• There is already a character named SANDSTORM in this server." in reply.lines


async def test_the_change_in_progress_reopens_and_other_players_see_a_new_builder(
    services,
) -> None:
    await approval_on(services)
    started = await builder.new(services, actor(ALICE))  # a new cat's draft, before
    started = await press(services, started, "+ Strength", ALICE)
    made = await germ_cats.create(services, actor(ALICE), **FIREPAW)
    await turn_down(services, made, "Too strong.")
    reply = await builder.new(services, actor(ALICE))
    assert reply.lines[0] == "Your unfinished draft of a new character is discarded."
    assert reply.title == "Changing Firepaw's turned-down sheet"
    reply = await press(services, reply, "− Strength", ALICE)

    again = await builder.new(services, actor(ALICE))  # after a client reload
    assert again.lines[0].startswith("Your draft, as you left it")
    assert again.title == "Changing Firepaw's turned-down sheet"
    assert "**1** of 22 points left to spend (at most 8 in one stat)." in again.lines
    anew = await builder.new(services, actor(ALICE), start_over="yes")  # from the sheet again
    assert "**0** of 22 points left to spend (at most 8 in one stat)." in anew.lines

    assert (await builder.new(services, actor(BOB))).title == "A new Germ cat"


async def test_of_two_turned_down_cats_the_last_opens_and_the_button_opens_either(
    services,
) -> None:
    await approval_on(services)
    first = await germ_cats.create(services, actor(ALICE), **FIREPAW)
    second = await germ_cats.create(services, actor(ALICE), **cat("Graypaw"))
    rejected_first = await turn_down(services, first, "One.")
    await turn_down(services, second, "Two.")
    assert (await builder.new(services, actor(ALICE))).title == (
        "Changing Graypaw's turned-down sheet"
    )
    opened = await buttons.press(
        services, actor(ALICE), labelled(rejected_first, "Change the sheet")
    )
    assert opened.title == "Changing Firepaw's turned-down sheet"
    restarted = await builder.new(services, actor(ALICE), start_over="yes")
    assert restarted.title == "Changing Firepaw's turned-down sheet"  # the same cat, anew
