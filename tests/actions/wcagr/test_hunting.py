"""WCAGR hunts against a real database with scripted dice: the stages rolled in order, a failed
stage retried without redoing the earlier ones, the prey lost after the server's tries, a team
hunt, knacks on their stages, the kill onto the clan's pile, eating it and crowfood."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.actions import server_config
from bot.actions.wcagr import config, freshkill, hunting
from bot.actions.wcagr.export import export_section
from rules.errors import PawpostError
from rules.wcagr import Ability, Clan, Illness, WcagrSheet
from storage.wcagr import wcagr
from tests.actions.wcagr.helpers import make, wcagr_server
from tests.conftest import ADMIN, ALICE, BOB, GUILD, actor, dump

ADMIN_ACTOR = actor(ADMIN, admin=True)


@pytest.fixture
async def cats(services) -> None:
    await wcagr_server(services)
    # Firepaw: Strength 4, Intelligence 2, Spirit 3; Sneak, Pounce, Listen 1; Ponder 1.
    await make(services, ALICE)
    await make(services, BOB, name="Graypaw", skills="Smell, Bite, Sneak")


async def sheet_of(services, name: str = "Firepaw") -> WcagrSheet:
    found = await services.db.transact(lambda tx: tx.characters.by_name(GUILD, name), write=False)
    assert isinstance(found.sheet, WcagrSheet)
    return found.sheet


async def pile(services, clan: str = "thunderclan"):
    return await services.db.transact(lambda tx: wcagr(tx).hunts.pile(GUILD, clan), write=False)


async def test_a_hunt_runs_every_stage_to_the_kill_and_the_pile(services, dice, cats) -> None:
    # Vole: Locate 16, Approach 10, Grab 10, Kill 9.
    # Listen: Spirit 3 + Listen 1 = +4; Sneak +4; Pounce: Int 2 + 1 = +3; Bite: Str 4 + 0 = +4.
    dice.load(4, 4, 4, 2, 2, 2, 3, 2, 2, 2, 2, 3, 5)  # 16, 10, 10, 11, then weight 5
    reply = await hunting.hunt(services, actor(ALICE), "vole", "listen")
    assert reply.title == "Hunt 1: Vole"
    assert reply.lines == [
        "Firepaw: 3d6 [4, 4, 4] + Spirit 3 + Listen 1 = **16** vs DC 16",
        "**Locate: success.**",
        "Firepaw: 3d6 [2, 2, 2] + Spirit 3 + Sneak 1 = **10** vs DC 10",
        "**Approach: success.**",
        "Firepaw: 3d6 [3, 2, 2] + Intelligence 2 + Pounce 1 = **10** vs DC 10",
        "**Grab: success.**",
        "Firepaw: 3d6 [2, 2, 3] + Strength 4 + Bite 0 = **11** vs DC 9",
        "**Kill: success.**",
        "d10 **5**: **average**.",
        "Firepaw carries the vole to the ThunderClan fresh-kill pile: 1 ration.",
    ]
    [piece] = await pile(services)
    assert (piece.sixths_left, piece.weight.value, piece.caught_by) == (6, "average", 1)
    status = await hunting.status(services, actor(ALICE), hunt=1)
    assert status.lines[-1] == "Over: the prey was killed."
    section = await services.db.transact(lambda tx: export_section(tx, GUILD), write=False)
    assert [(h["prey"], h["state"], h["members"]) for h in section["hunts"]] == [
        ("vole", "killed", [1])
    ]
    assert [(p["weight"], p["sixths_left"]) for p in section["freshkill"]] == [("average", 6)]


async def test_a_failed_stage_is_retried_then_the_prey_is_lost(services, dice, db, cats) -> None:
    # Mice: Locate 17 (Listen +4): 16 fails, then 16 fails again: lost after 2 tries.
    dice.load(4, 4, 4)
    reply = await hunting.hunt(services, actor(ALICE), "mice", "listen")
    assert reply.lines[-1] == (
        "**Locate failed**; 1 more try at it with /hunt continue (any cat of the hunt)."
    )
    with pytest.raises(PawpostError, match="already on hunt 1"):
        await hunting.hunt(services, actor(ALICE), "vole", "see")
    status = await hunting.status(services, actor(ALICE))
    assert status.lines == [
        "Hunters: Firepaw.",
        "At **Locate** (Listen vs DC 17), 1 of 2 tries spent.",
    ]
    dice.load(4, 4, 4)
    reply = await hunting.continue_hunt(services, actor(ALICE))
    assert reply.lines[-1] == "**Locate failed**: the mouse is lost."
    before = dump(db.path)
    with pytest.raises(PawpostError, match="Firepaw is on no hunt"):
        await hunting.continue_hunt(services, actor(ALICE))
    assert dump(db.path) == before


async def test_a_retry_does_not_redo_earlier_stages_and_a_teammate_rolls_on(
    services, dice, cats
) -> None:
    # Vole again: Locate 16 passes, Approach 10 fails (9), then Graypaw joins and rolls
    # Approach (Spirit 3 + Sneak 1: 10), Grab (Int 2 + Pounce 0: 10), Kill (Str 4 + Bite 1: 9).
    dice.load(4, 4, 4, 2, 2, 1)
    reply = await hunting.hunt(services, actor(ALICE), "vole", "listen")
    assert reply.lines[-1].startswith("**Approach failed**; 1 more try")
    with pytest.raises(PawpostError, match="no hunt 9"):
        await hunting.join_hunt(services, actor(BOB), 9)
    joined = await hunting.join_hunt(services, actor(BOB), 1)
    assert joined.lines == ["Graypaw joins the hunt; any cat of it may /hunt continue at Approach."]
    dice.load(2, 2, 2, 3, 3, 2, 2, 1, 2, 10)
    reply = await hunting.continue_hunt(services, actor(BOB))
    assert [line for line in reply.lines if line.startswith("Graypaw:")] == [
        "Graypaw: 3d6 [2, 2, 2] + Spirit 3 + Sneak 1 = **10** vs DC 10",
        "Graypaw: 3d6 [3, 3, 2] + Intelligence 2 + Pounce 0 = **10** vs DC 10",
        "Graypaw: 3d6 [2, 1, 2] + Strength 4 + Bite 1 = **10** vs DC 9",
    ]
    assert reply.lines[-1] == (
        "Graypaw carries the vole to the ThunderClan fresh-kill pile: 3 rations."
    )


async def test_knacks_are_used_on_the_stage_they_fit(services, dice, cats) -> None:
    # Firepaw knows Alertness (Listen) and Hide (Sneak, still): Small Birds, Locate 8.
    dice.load(2, 2, 2, 3, 3, 3)
    reply = await hunting.hunt(
        services, actor(ALICE), "small-birds", "listen", spend=1, knacks="Alertness, Hide"
    )
    assert reply.lines[0] == (
        "Firepaw: 3d6 [2, 2, 2] + Spirit 3 + Listen 1 + 1 spent + Alertness 1 = **12** vs DC 8"
    )
    assert (
        reply.lines[2] == "Firepaw: 3d6 [3, 3, 3] + Spirit 3 + Sneak 1 + Hide 2 = **15** vs DC 16"
    )
    sheet = await sheet_of(services)
    assert sheet.points_left(Ability.SPIRIT) == 0  # 1 spent, Alertness 1, Hide 1
    with pytest.raises(PawpostError, match="Dash is used on its own"):
        await hunting.continue_hunt(services, actor(ALICE), knacks="Dash")


async def test_a_sprained_cat_cannot_hunt(services, dice, db, cats) -> None:
    dice.load(4, 4, 4, 1, 1, 3)  # Locate passes; a critical failure on Approach (Sneak) sprains
    await hunting.hunt(services, actor(ALICE), "vole", "listen")
    assert (await sheet_of(services)).sprained
    before = dump(db.path)
    with pytest.raises(PawpostError, match="has a sprain and cannot hunt or fight"):
        await hunting.continue_hunt(services, actor(ALICE))
    assert dump(db.path) == before


async def test_eating_takes_fresh_prey_first_and_crowfood_may_sicken(
    services, dice, clock, cats
) -> None:
    dice.load(4, 4, 4, 2, 2, 2, 3, 2, 2, 2, 2, 3, 10)  # a massive vole: 3 rations
    await hunting.hunt(services, actor(ALICE), "vole", "listen")
    with pytest.raises(PawpostError, match="holds only 3 rations"):
        await freshkill.eat(services, actor(BOB), rations=4)
    eaten = await freshkill.eat(services, actor(BOB))
    assert eaten.lines == ["Graypaw eats 1 ration from the pile: #1 (1 ration)."]
    clock.now += timedelta(days=3)  # three game days later the vole is crowfood
    shown = await freshkill.show_pile(services, actor(ALICE))
    assert shown.lines == [
        "2 rations on the pile.",
        "#1 massive vole: 2 rations left, 3 game days old · **crowfood**",
    ]
    dice.load(65)
    sick = await freshkill.eat(services, actor(BOB))
    assert sick.lines[1:] == [
        "Some of it was crowfood.",
        "d100 **65** (ill below 66)",
        "Graypaw falls ill with **whitecough**: no hunting or fighting until cured.",
    ]
    sheet = await sheet_of(services, "Graypaw")
    assert sheet.illness is Illness.WHITECOUGH and sheet.illness_day is not None
    dice.load(66)
    well = await freshkill.eat(services, actor(ALICE))
    assert well.lines[-1] == "It keeps the crowfood down."
    assert await pile(services) == []
    with pytest.raises(PawpostError, match="The ThunderClan fresh-kill pile is bare; hunt first."):
        await freshkill.eat(services, actor(ALICE))


async def test_shadowclan_eats_crowfood_without_a_roll(services, dice, clock, cats) -> None:
    await make(services, ALICE, name="Tawnypaw", clan="shadowclan")
    # Strength 4, Intelligence 3, Spirit 2; Listen 1, Sneak 2, Pounce 1.
    dice.load(5, 5, 4, 2, 2, 2, 3, 2, 2, 2, 2, 3, 5)
    await hunting.hunt(services, actor(ALICE), "vole", "listen", character="Tawnypaw")
    assert [p.clan for p in await pile(services, "shadowclan")] == [Clan.SHADOWCLAN.value]
    clock.now += timedelta(days=5)
    reply = await freshkill.eat(services, actor(ALICE), character="Tawnypaw")
    assert reply.lines[-1] == "ShadowClan stomachs take crowfood without harm."
    assert (await sheet_of(services, "Tawnypaw")).illness is None


async def test_the_server_sets_tries_and_crowfood(services, dice, clock, cats) -> None:
    with pytest.raises(PawpostError, match="Only an admin"):
        await config.hunting_settings(services, actor(ALICE), tries_per_stage=1)
    reply = await config.hunting_settings(
        services,
        ADMIN_ACTOR,
        tries_per_stage=1,
        crowfood_after_days=0,
        crowfood_illness="greencough",
    )
    assert reply.lines == [
        "WCAGR now: 1 try per hunting stage; prey is crowfood after 0 game days and brings "
        "greencough; chickweed for catmint: no; hunting once a real day: no; a leader's death "
        "takes a life: yes; Mighty Swat and Belly Rake add +1 HP lost; Pin on any wrestling "
        "turn; prey's weight on 1d10: 1, 2-3, 4-7, 8-9, 10; herb stocks (the extra healing "
        "rules): no."
    ]
    shown = await server_config.show(services, ADMIN_ACTOR)
    assert any(f.name == "WCAGR" and f.value.startswith("1 try") for f in shown.fields)
    dice.load(4, 4, 4)
    lost = await hunting.hunt(services, actor(ALICE), "mice", "listen")
    assert lost.lines[-1] == "**Locate failed**: the mouse is lost."
    dice.load(4, 4, 4, 2, 2, 2, 3, 2, 2, 2, 2, 3, 5)
    await hunting.hunt(services, actor(ALICE), "vole", "listen")
    clock.now += timedelta(days=1)
    dice.load(10)
    reply = await freshkill.eat(services, actor(BOB))
    assert reply.lines[-1].startswith("Graypaw falls ill with **greencough**")


async def test_the_core_hunting_log_and_once_a_day(services, dice, cats) -> None:
    from bot.actions import hunting as core_hunting

    await config.hunting_settings(services, ADMIN_ACTOR, once_a_day="yes")
    dice.load(4, 4, 4, 2, 2, 2, 3, 2, 2, 2, 2, 3, 5)
    await hunting.hunt(services, actor(ALICE), "vole", "listen")
    status = await core_hunting.status(services, actor(ALICE))
    assert "**Firepaw**: hunted this week · last hunt" in status.lines[1]
    assert status.lines[1].endswith(": caught prey")  # no starvation in WCAGR
    with pytest.raises(PawpostError, match="Firepaw can hunt again after midnight"):
        await hunting.hunt(services, actor(ALICE), "mice", "see")
    dice.load(2, 2, 2)  # Graypaw finds nothing: 6 + Spirit 3 + Smell 1 < 17
    await hunting.hunt(services, actor(BOB), "mice", "smell")
    dice.load(2, 2, 2)
    await hunting.continue_hunt(services, actor(BOB))
    status = await core_hunting.status(services, actor(BOB))
    assert status.lines[1].endswith(": found no prey")


async def test_a_westward_zone_change_lets_a_cat_hunt_on_a_new_local_day(
    services, dice, clock, db, cats
) -> None:
    """Hunting once a real day, Kiritimati (UTC+14) to Pago Pago (UTC-11), as Germ's audit A1.8:
    the last hunt holds the date 9 December of Kiritimati; 9 December in Pago Pago is a later
    local day, and the cat may hunt on it, once."""
    await config.hunting_settings(services, ADMIN_ACTOR, once_a_day="yes", tries_per_stage=1)
    clock.now = datetime(2026, 12, 8, 11, 1, tzinfo=UTC)
    await server_config.set_timezone(services, ADMIN_ACTOR, "Pacific/Kiritimati")
    dice.load(4, 4, 4)
    lost = await hunting.hunt(services, actor(ALICE), "mice", "listen")  # 01:01, 9 December there
    assert lost.lines[-1] == "**Locate failed**: the mouse is lost."
    await server_config.set_timezone(services, ADMIN_ACTOR, "Pacific/Pago_Pago")
    clock.now = datetime(2026, 12, 9, 15, 32, tzinfo=UTC)  # 04:32 on 9 December in Pago Pago
    dice.load(4, 4, 4)
    lost = await hunting.hunt(services, actor(ALICE), "mice", "listen")
    assert lost.lines[-1] == "**Locate failed**: the mouse is lost."
    before = dump(db)
    with pytest.raises(PawpostError, match="Firepaw can hunt again after midnight, in 19 h 28 min"):
        await hunting.hunt(services, actor(ALICE), "mice", "listen")
    assert dump(db) == before
