"""A turn's second timeout, in the core: once a reminded fighter still has not acted after the
server's `/config turn-skip`, admins get one post with a skip button that works after a
restart and refuses once the fight has moved on."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.actions import buttons, server_config
from bot.actions.germ import combat
from bot.actions.gm import scenes
from rules.errors import PawpostError
from tests.actions.germ.combat_helpers import fighting, make_cats
from tests.actions.germ.hunting_helpers import boss
from tests.conftest import ALICE, BOB, CAROL, actor


async def test_admins_are_offered_the_skip_after_the_second_timeout(services, clock) -> None:
    await make_cats(services)
    await server_config.set_turn_skip(services, boss(), 6)
    await fighting(services, actor(ALICE), actor(BOB), "Tigerclaw")
    clock.advance(hours=25)
    reminded, _ = await combat.overdue_combat_notices(services, clock())
    assert reminded
    posts, next_due = await scenes.skip_offers(services, clock())
    assert posts == []
    assert next_due == clock() + timedelta(hours=6)
    clock.advance(hours=6)
    [offer] = (await scenes.skip_offers(services, clock()))[0]
    assert "Firepaw has not acted for 1 d 7 h, though reminded." in offer.reply.lines[0]
    [button] = offer.reply.buttons
    assert (await scenes.skip_offers(services, clock()))[0] == []  # once only
    with pytest.raises(PawpostError, match="Only an admin of this server can do that."):
        await buttons.press(services, actor(BOB), button.custom_id)
    passed = await buttons.press(services, boss(), button.custom_id)
    assert "Firepaw's turn is skipped" in "\n".join(passed.lines)
    with pytest.raises(PawpostError, match="That fight has moved on since"):
        await buttons.press(services, boss(), button.custom_id)


async def test_a_turn_taken_after_the_reminder_cancels_the_offer(services, clock, dice) -> None:
    await make_cats(services)
    await server_config.set_turn_skip(services, boss(), 6)
    await fighting(services, actor(ALICE), actor(BOB), "Tigerclaw")
    clock.advance(hours=25)
    await combat.overdue_combat_notices(services, clock())
    await scenes.skip_offers(services, clock())
    dice.load(10, 10)
    await combat.attack(services, actor(ALICE))
    clock.advance(hours=7)
    assert (await scenes.skip_offers(services, clock()))[0] == []


# --- Every ruleset's fights: its own reminder, then the core's offer -------------------------


async def _wcagr_fight(services, dice) -> str:
    from bot.actions.wcagr import fights
    from tests.actions.wcagr.helpers import button, make, wcagr_server

    await wcagr_server(services)
    await make(services, ALICE)
    await make(services, BOB, name="Graypaw", skills="Swat, Jump, Wrestle")
    asked = await fights.start(services, actor(ALICE), "Graypaw")
    dice.load(5, 2)  # Firepaw 8, Graypaw 5: Firepaw's turn
    await buttons.press(services, actor(BOB), button(asked, "accept"))
    return "Firepaw"


async def _cat_foe_fight(services, dice) -> str:
    from bot.actions.cat import foe_flow
    from tests.actions.cat.helpers import FIREPAW, TIGERCLAW, cat_server, make

    await cat_server(services)
    await make(services, ALICE, **FIREPAW)
    await make(services, BOB, **TIGERCLAW)
    await foe_flow.start(services, boss(), "Boggin", 1, 5, character="Firepaw")
    return "Firepaw"


async def _caverns_battle(services, dice) -> str:
    from bot.actions.caverns.battle import rows as battle
    from tests.actions.caverns.helpers import party_of_three

    await party_of_three(services)
    await battle.start(services, boss())
    await battle.join(services, actor(ALICE), "front")
    await battle.join(services, actor(CAROL), "back")
    await battle.add_enemy(services, boss(), "Urchin")
    await battle.set_order(services, boss(), "Brunhild, Piper")
    return "Brunhild"


@pytest.mark.parametrize(
    ("ruleset", "opened"),
    [("wcagr", _wcagr_fight), ("cat", _cat_foe_fight), ("caverns", _caverns_battle)],
)
async def test_every_ruleset_s_waiting_fighter_brings_the_admins_the_skip(
    services, clock, dice, ruleset: str, opened
) -> None:
    """`/admin scene status` lists the fight with whose turn it is; each ruleset reminds its
    waiting fighter by its own job; the core then offers the skip, once, and the button passes
    the turn as the ruleset's /admin scene skip does."""
    whose = await opened(services, dice)
    listed = await scenes.status(services, boss())
    assert listed.lines[0].startswith("Fight #") and f"{whose}'s turn" in listed.lines[0]
    await server_config.set_turn_skip(services, boss(), 6)
    clock.advance(hours=25)
    for job in services.rulesets[ruleset].jobs:
        await job(services, clock())
    posts, next_due = await scenes.skip_offers(services, clock())
    assert posts == []
    assert next_due is not None and next_due <= clock() + timedelta(hours=6)
    clock.now = next_due
    [offer] = (await scenes.skip_offers(services, clock()))[0]
    assert offer.reply.lines[0].startswith(f"{whose} has not acted for ")
    [button] = offer.reply.buttons
    assert (await scenes.skip_offers(services, clock()))[0] == []  # once only
    with pytest.raises(PawpostError, match="Only an admin of this server can do that."):
        await buttons.press(services, actor(BOB), button.custom_id)
    passed = await buttons.press(services, boss(), button.custom_id)
    assert whose in "\n".join(passed.lines)
