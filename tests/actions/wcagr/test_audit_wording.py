"""The WCAGR audit's §3 items 1-3 and 9: a kit made without `knacks:none`, the builder's 10-moon
bonus picked instead of typed, a critical against a DC saying what it did, the rolls and lines
in plain words, and an approval post saying what the request is."""

from __future__ import annotations

import pytest

from bot.actions.wcagr import cats, checks, herbs, ranks
from rules.errors import PawpostError
from tests.actions.wcagr.helpers import FIREPAW, make, wcagr_server
from tests.conftest import ADMIN, ALICE, actor

BOSS = actor(ADMIN, admin=True)
KIT = {**FIREPAW, "name": "Sparkkit", "age": 4, "ten_moon_bonus": None}
del KIT["knacks"]


async def test_ux1_a_kit_needs_no_knacks_option(services) -> None:
    await wcagr_server(services)
    made = await cats.create(services, actor(ALICE), **KIT)
    assert made.title == "Sparkkit joins the server"
    grown = {**FIREPAW, "name": "Graypaw"}
    del grown["knacks"]
    with pytest.raises(PawpostError, match="Choose exactly three knacks; you gave 0."):
        await cats.create(services, actor(ALICE), **grown)


async def test_ux1_the_builder_offers_the_ten_moon_bonus_as_a_pick(services) -> None:
    from bot.actions.wcagr.builder import WCAGR_BUILDER

    [bonus] = [s for s in WCAGR_BUILDER.steps if getattr(s, "key", "") == "ten_moon_bonus"]
    settings = None
    assert bonus.options_for(settings, {"age": 10}) == [
        ("+1 Intelligence", "intelligence"),
        ("+1 Spirit", "spirit"),
    ]
    assert bonus.options_for(settings, {"age": 4}) == []  # a kit gets it at 10 moons


async def test_ux2_a_critical_failure_against_a_dc_says_the_check_fails(services, dice) -> None:
    await wcagr_server(services)
    await make(services, ALICE)
    dice.load(1, 1, 6)  # 8 + Spirit 3 + Listen 1 = 12 against DC 3: the critical decides
    reply = await checks.check(services, actor(ALICE), skill="listen", dc=3)
    assert reply.lines[:2] == [
        "3d6 [1, 1, 6] + Spirit 3 + Listen 1 = **12** vs DC 3",
        "**Critical failure**: 2 or more 1s; the check fails.",
    ]


async def test_ux3_rolls_and_lines_read_plainly(services, dice) -> None:
    await wcagr_server(services)
    await make(services, ALICE, knacks="Alertness, Dash, Hide")
    dice.load(4, 6, 1)
    rolled = await checks.check(services, actor(ALICE), skill="listen", knacks="Alertness x2")
    assert rolled.lines[0] == "3d6 [4, 6, 1] + Spirit 3 + Listen 1 + Alertness (2 uses) 2 = **17**"
    two = await checks.convert_points(services, actor(ALICE), "strength, intelligence", "spirit")
    assert two.title == "Firepaw converts 1 Strength and 1 Intelligence point into 1 Spirit point"
    one = await checks.convert_points(services, actor(ALICE), "strength", "spirit")
    assert one.title == "Firepaw converts 2 Strength points into 1 Spirit point"
    await make(services, ADMIN, name="Bluestar")
    made = await ranks.admin_rank(
        services, BOSS, "Bluestar", "leader", "chosen", previous_leader_lives=8
    )
    assert made.lines == ["Bluestar's rank is now Leader, with 1 life."]
    shown = await cats_show(services, "Bluestar")
    assert "Leader (1 life)" in shown
    lungwort = await herbs.herb(services, actor(ALICE), "lungwort")
    assert "(l." not in " ".join(f.value for f in lungwort.fields)


async def cats_show(services, name: str) -> str:
    from bot.actions import characters

    reply = await characters.show(services, actor(ALICE), name)
    return " ".join(f.value for f in reply.fields)


async def test_ux9_an_approval_post_says_every_reason_it_waits(services) -> None:
    await wcagr_server(services)
    asked = await cats.create(services, actor(ALICE), **{**FIREPAW, "age": 12, "rank": "leader"})
    assert asked.lines == [
        "Firepaw is a cat of 12 moons and a leader: it waits for an admin's approval."
    ]
    assert asked.announce.lines[0].startswith(
        "<@101> asks to create Firepaw, a cat of 12 moons and a leader of ThunderClan (21 HP)."
    )
