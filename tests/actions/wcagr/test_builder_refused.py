"""Issue 30, WCAGR: a turned-down cat reopens in the builder with its spread, skills, knacks,
10-moon bonus, Loner picks, rank and age read back from the sheet (Create unchanged makes the
very same sheet), and a changed choice replaces the sheet and sends it again."""

from __future__ import annotations

import time
from typing import Any

import pytest

from bot.actions.builder import verbs as builder
from bot.actions.wcagr import cats
from rules.wcagr import Skill
from tests.actions.refusals import (
    ADMIN_ACTOR,
    approval_on,
    fill,
    in_audit,
    press,
    request_of,
    turn_down,
)
from tests.actions.wcagr.helpers import FIREPAW, sheet_of, wcagr_cat, wcagr_server
from tests.conftest import ADMIN, ALICE, GUILD, actor, dump

LONER = wcagr_cat(
    "Ravenpaw",
    clan="loner",
    strength=3,
    intelligence=1,
    spirit=1,
    skills="See, Smell, Bite",
    knacks="Track, Balance, Yowl",
    ten_moon_bonus="intelligence",
    loner_abilities="strength, spirit",
    loner_skill="Swim",
)
KIT = wcagr_cat(
    "Smallkit", age=6, knacks=None, ten_moon_bonus=None, strength=1, intelligence=3, spirit=1
)
RANKED = wcagr_cat("Graystripe", rank="warrior", skills="Sneak, Ponder, Bite")


async def _turned_down(services, choices: dict[str, Any]):  # type: ignore[no-untyped-def]
    await wcagr_server(services)
    await approval_on(services)
    made = await cats.create(services, actor(ALICE), **choices)
    await turn_down(services, made, "Not this one.")
    return await builder.new(services, actor(ALICE))


@pytest.mark.parametrize("choices", [FIREPAW, LONER, KIT, RANKED], ids=lambda c: c["name"])
async def test_every_choice_is_read_back_so_create_unchanged_makes_the_same_sheet(
    services, choices
) -> None:
    started = time.monotonic()
    reply = await _turned_down(services, choices)
    assert time.monotonic() - started < 10
    name = choices["name"]
    before = await services.db.transact(lambda tx: tx.characters.by_name(GUILD, name))
    assert reply.title == f"Changing {name}'s turned-down sheet"
    assert any(line.startswith("Ready: press Create") for line in reply.lines), reply.lines
    done = await press(services, reply, "Create", ALICE)
    assert done.lines[0] == f"{name}'s changed sheet is sent to the admins again."
    after = await services.db.transact(lambda tx: tx.characters.by_name(GUILD, name))
    assert after.id == before.id and after.sheet == before.sheet


async def test_changed_skills_replace_the_sheet(services, db) -> None:
    reply = await _turned_down(services, FIREPAW)
    form = (await press(services, reply, "Skills and knacks", ALICE)).modal
    assert form is not None
    assert {f.key: f.value for f in form.fields} == {
        "skills": "Listen, Pounce, Sneak",  # in the sheet's order
        "knacks": "Alertness, Dash, Hide",
    }
    reply = await fill(services, reply, "Skills and knacks", ALICE, skills="Sneak, Pounce, Swim")
    done = await press(services, reply, "Create", ALICE)
    assert request_of(done).title == "Approve Firepaw's sheet?"
    made = await sheet_of(services, "Firepaw")
    assert Skill.SWIM in made.skills and Skill.LISTEN not in made.skills
    assert in_audit(dump(db.path), "changed the turned-down sheet of Firepaw")


async def test_an_older_cat_s_waiting_age_gains_stay_waiting(services) -> None:
    """A cat of 13 moons made without answering the age table's gains: they wait on the sheet,
    and Create unchanged makes the same sheet with them still waiting. (An admin makes it: a
    player's older cat first waits for WCAGR's own approval.)"""
    await wcagr_server(services)
    await approval_on(services)
    older = wcagr_cat("Longtail", age=13)
    made = await cats.create(services, ADMIN_ACTOR, **older)
    before = await services.db.transact(lambda tx: tx.characters.by_name(GUILD, "Longtail"))
    assert before.sheet.pending
    await turn_down(services, made, "Younger, please.")
    reply = await builder.new(services, ADMIN_ACTOR)
    assert any(line.startswith("Ready: press Create") for line in reply.lines), reply.lines
    done = await press(services, reply, "Create", ADMIN)
    assert any("gain(s) of the age table wait" in line for line in done.lines)
    after = await services.db.transact(lambda tx: tx.characters.by_name(GUILD, "Longtail"))
    assert after.sheet.pending == before.sheet.pending
    assert after.sheet.abilities == before.sheet.abilities
