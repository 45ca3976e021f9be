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
from tests.conftest import ALICE, BOB, actor


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
