"""WCAGR part 1's finishing pieces: knacks used on their own, an admin clearing a sprain, a
refresh by channel, an older cat waiting for an admin's Approve, age-table choices at creation
and a new cat descended from a retired one."""

from __future__ import annotations

import pytest

from bot.actions import admin, buttons, characters
from bot.actions.wcagr import ageing, cats, checks, knacks
from bot.actions.wcagr.export import export_section
from rules.errors import PawpostError
from rules.wcagr import Ability, Knack, Skill, WcagrSheet
from tests.actions.wcagr.helpers import make, wcagr_cat, wcagr_server
from tests.conftest import ADMIN, ALICE, BOB, GUILD, actor, dump

ADMIN_ACTOR = actor(ADMIN, admin=True)


@pytest.fixture
async def firepaw(services) -> None:
    await wcagr_server(services)
    await make(services, ALICE)  # Strength 4, Intelligence 2, Spirit 3; Alertness, Dash, Hide


async def sheet_of(services, name: str = "Firepaw") -> WcagrSheet:
    found = await services.db.transact(lambda tx: tx.characters.by_name(GUILD, name), write=False)
    assert isinstance(found.sheet, WcagrSheet)
    return found.sheet


async def test_dash_on_its_own_spends_one_strength_and_says_what_it_does(services, firepaw):
    reply = await knacks.use(services, actor(ALICE), "dash")
    assert reply.lines[0] == "Firepaw spends 1 Strength point on Dash."
    assert "moves up to 2 times as far as usual" in reply.lines[1]
    assert reply.footer == "3 Strength points left"
    assert (await sheet_of(services)).points_left(Ability.STRENGTH) == 3


async def test_pathfinder_asks_the_admins_and_a_bonus_knack_is_refused(services, firepaw):
    await make(services, BOB, name="Graypaw", knacks="Pathfinder, Track, Yowl")
    reply = await knacks.use(services, actor(BOB), "pathfinder", reason="the way to Fourtrees")
    assert "the GM tells one of: the distance to a known place" in reply.lines[1]
    assert reply.lines[-1] == "An admin: please answer as the GM."
    with pytest.raises(PawpostError, match="Hide is used on Sneak checks"):
        await knacks.use(services, actor(ALICE), "hide")
    with pytest.raises(PawpostError, match="does not know the Yowl knack"):
        await knacks.use(services, actor(ALICE), "yowl")


async def test_a_knack_the_cat_cannot_pay_for_changes_nothing(services, db, firepaw):
    for _ in range(4):
        await knacks.use(services, actor(ALICE), "dash")
    before = dump(db.path)
    with pytest.raises(PawpostError, match="Strength"):
        await knacks.use(services, actor(ALICE), "dash")
    assert dump(db.path) == before


async def test_an_admin_clears_a_sprain(services, dice, firepaw):
    dice.load(1, 1, 4)
    await checks.check(services, actor(ALICE), skill="pounce")
    assert (await sheet_of(services)).sprained
    with pytest.raises(PawpostError, match="Only an admin"):
        await checks.clear_sprain(services, actor(ALICE), "Firepaw", "rested")
    reply = await checks.clear_sprain(services, ADMIN_ACTOR, "Firepaw", "StarClan's blessing")
    assert reply.lines == ["Firepaw's sprain is cleared: it may hunt and fight again."]
    assert not (await sheet_of(services)).sprained
    with pytest.raises(PawpostError, match="has no sprain to clear"):
        await checks.clear_sprain(services, ADMIN_ACTOR, "Firepaw", "again")


async def test_refreshing_a_channel_covers_the_cats_that_acted_there(services, dice, firepaw):
    await cats.create(services, actor(BOB, channel=999), **wcagr_cat("Graypaw"))
    dice.load(3, 3, 3, 3, 3, 3)
    await checks.check(services, actor(ALICE), skill="listen", spend=2)
    await checks.check(services, actor(BOB, channel=999), skill="listen", spend=2)
    reply = await checks.refresh_points(services, ADMIN_ACTOR, scope="channel")
    assert reply.lines == [
        "Ability points refreshed for 1 cat(s) played in this channel (HP is not restored)."
    ]
    assert (await sheet_of(services)).points_left(Ability.SPIRIT) == 3
    assert (await sheet_of(services, "Graypaw")).points_left(Ability.SPIRIT) == 1
    reply = await checks.refresh_points(services, ADMIN_ACTOR)
    assert "2 cat(s) of the server" in reply.lines[0]
    assert (await sheet_of(services, "Graypaw")).points_left(Ability.SPIRIT) == 3


async def test_an_older_cat_waits_for_an_admins_approve(services, db, firepaw):
    asked = await cats.create(services, actor(BOB), **wcagr_cat("Oldclaw", age=12))
    assert asked.lines == ["Oldclaw is a cat of 12 moons: it waits for an admin's approval."]
    assert asked.announce is not None
    approve, refuse = (button.custom_id for button in asked.announce.buttons)
    assert await services.db.transact(lambda tx: tx.characters.by_name(GUILD, "Oldclaw")) is None
    before = dump(db.path)
    with pytest.raises(PawpostError, match="Only an admin"):
        await buttons.press(services, actor(BOB), approve)
    assert dump(db.path) == before
    made = await buttons.press(services, ADMIN_ACTOR, approve)
    assert made.title == "Oldclaw joins the server" and made.mentions == [BOB]
    found = await services.db.transact(lambda tx: tx.characters.by_name(GUILD, "Oldclaw"))
    assert found.owner_id == BOB and found.sheet.age_moons == 12
    with pytest.raises(PawpostError, match="already answered"):
        await buttons.press(services, ADMIN_ACTOR, refuse)


async def test_a_refused_request_makes_no_cat(services, firepaw):
    asked = await cats.create(services, actor(BOB), **wcagr_cat("Leafstar", rank="leader"))
    refuse = asked.announce.buttons[1].custom_id
    reply = await buttons.press(services, ADMIN_ACTOR, refuse)
    assert reply.lines == [f"Leafstar was refused; <@{BOB}> may ask again."]
    assert await services.db.transact(lambda tx: tx.characters.by_name(GUILD, "Leafstar")) is None


async def test_age_table_choices_at_creation_answer_every_gain(services, firepaw):
    # 11 Skill, 12 +1 any, 13 Knack: all answered at creation, nothing waits.
    await cats.create(
        services, ADMIN_ACTOR, **wcagr_cat("Oldclaw", age=13, age_choices="Climb, spirit, Track")
    )
    sheet = await sheet_of(services, "Oldclaw")
    assert sheet.pending == ()
    assert sheet.skill(Skill.CLIMB) == 1 and sheet.picks(Knack.TRACK) == 1
    assert sheet.score(Ability.SPIRIT) == 4  # 1 + ThunderClan 1 + ten-moon 1 + 12 moons' 1


async def test_a_new_cat_names_a_retired_one_as_its_parent(services, firepaw):
    with pytest.raises(PawpostError, match="Firepaw is not retired"):
        await make(services, ALICE, name="Cloudkit", parent="Firepaw")
    asked = await ageing.retire_cat(services, actor(ALICE))
    await buttons.press(services, actor(ALICE), asked.buttons[0].custom_id)
    with pytest.raises(PawpostError, match="Firepaw belongs to another player"):
        await make(services, BOB, name="Brackenkit", parent="Firepaw")
    made = await cats.create(services, actor(ALICE), **wcagr_cat("Cloudkit", parent="Firepaw"))
    assert "Descended from Firepaw." in made.lines
    shown = await characters.show(services, actor(ALICE), "Cloudkit")
    assert any(f.name == "Parent" and f.value == "Firepaw" for f in shown.fields)


async def test_a_check_ruled_a_success_takes_its_sprain_back(services, dice, firepaw):
    dice.load(1, 1, 4)
    reply = await checks.check(services, actor(ALICE), skill="pounce")
    roll = int(reply.footer.removeprefix("roll #"))
    assert (await sheet_of(services)).sprained
    with pytest.raises(PawpostError, match="ruled a success or a failure"):
        await admin.adjudicate(services, ADMIN_ACTOR, roll, "a draw", "unclear")
    ruled = await admin.adjudicate(services, ADMIN_ACTOR, roll, "Success", "the branch held")
    assert ruled.lines[:2] == [
        "Outcome: **success**",
        "Firepaw's sprain from that critical failure is taken back.",
    ]
    assert not (await sheet_of(services)).sprained


async def test_the_export_has_the_cat_requests(services, firepaw):
    await cats.create(services, actor(BOB), **wcagr_cat("Oldclaw", age=12))
    section = await services.db.transact(lambda tx: export_section(tx, GUILD), write=False)
    [request] = section["cat_requests"]
    assert request["name"] == "Oldclaw" and request["user_id"] == BOB
    assert request["outcome"] is None and request["choices"]["age_moons"] == 12
    assert section["hunts"] == [] and section["freshkill"] == []
