"""`/admin adjudicate` on Caverns rolls: a market order follows its new band, a cure roll's
condition ends or comes back, a Flee's Fear, a rest's Harmony, Health, Vitae and rations;
what cannot be told apart afterwards is said."""

from __future__ import annotations

import pytest

from bot.actions import admin as core_admin
from bot.actions.caverns import adjudicate, admin, conditions, moves
from bot.actions.caverns.party import market, rests
from rules.caverns.conditions import Condition
from rules.caverns.records import OrderKind
from rules.errors import PawpostError
from tests.actions.caverns.helpers import party_of_three, set_sheet, sheet
from tests.conftest import ADMIN, ALICE, BOB, CAROL, actor

MC = actor(ADMIN, admin=True)


def roll_id(reply) -> int:  # type: ignore[no-untyped-def]
    return int(reply.footer.removeprefix("roll #"))


async def judge(services, reply, outcome: str):  # type: ignore[no-untyped-def]
    number = roll_id(reply) if reply.footer else reply.audit_id
    return await core_admin.adjudicate(services, MC, number, outcome, "the MC's word")


async def test_a_market_order_follows_its_adjudicated_band(services, dice) -> None:
    await party_of_three(services)
    dice.load(3, 4)  # 7 + Fire 3 = 10: a delivery
    asked = await market.ask(services, actor(CAROL), "Helmet")
    judged = await judge(services, asked, "7-9")
    assert "Piper's Helmet: bought on the surface at the next Long Rest" in judged.lines[1]
    assert [o.order for o in (await sheet(services, "Piper")).orders] == [OrderKind.SURFACE]
    await judge(services, asked, "6-")
    assert (await sheet(services, "Piper")).orders == ()
    await judge(services, asked, "10+")
    assert [o.order for o in (await sheet(services, "Piper")).orders] == [OrderKind.DELIVERY]
    with pytest.raises(PawpostError, match="^That roll's outcome is one of: 10\\+, 7-9, 6-"):
        await judge(services, asked, "splendid")


async def test_a_cure_roll_adjudicated_ends_or_brings_back_its_condition(services, dice) -> None:
    await party_of_three(services)
    await admin.add_condition(services, MC, "Ilsa", "bound")
    dice.load(1, 1)
    rolled = await conditions.roll_cure(services, actor(BOB), "bound")
    judged = await judge(services, rolled, "cured")
    assert judged.lines[1] == "Ilsa is no longer Bound."
    assert not (await sheet(services, "Ilsa")).has_condition(Condition.BOUND)
    await judge(services, rolled, "not cured")
    assert (await sheet(services, "Ilsa")).has_condition(Condition.BOUND)


async def test_a_flee_that_succeeded_after_all_ends_fear(services, dice) -> None:
    await party_of_three(services)
    await admin.add_condition(services, MC, "Brunhild", "fear")
    dice.load(1, 1)
    fled = await moves.flee_move(services, actor(ALICE), "front-to-back")  # 2 + 1: a 6-
    judged = await judge(services, fled, "7-9")
    assert judged.lines[1] == "Brunhild fled after all: no longer Afraid."
    dice.load(1, 1)
    moved = await moves.roll_move(services, actor(ALICE), "wood")
    told = await judge(services, moved, "success")
    assert told.lines[1].startswith("A move's result is the MC's to tell")


async def test_a_rest_adjudicated_gives_and_takes_harmony_health_and_vitae(services, dice) -> None:
    await party_of_three(services)
    await set_sheet(services, "Ilsa", health=1, harmony=0)
    dice.load(1, 2)  # a 6-: Health + Water only, no Harmony, a ration each
    rested = await rests.rest_short(services, actor(ALICE))
    assert (await sheet(services, "Ilsa")).health == 2
    judged = await judge(services, rested, "10+")
    assert "Ilsa: Health 2 → 4, Harmony 0 → 1, rations 9 → 10" in judged.lines
    assert "The party's torch: the MC gives or takes it (/admin sheet set)." in judged.lines
    ilsa = await sheet(services, "Ilsa")
    assert (ilsa.health, ilsa.harmony, ilsa.rations) == (4, 1, 10)
    back = await judge(services, rested, "6-")
    assert "Ilsa: Harmony 1 → 0, rations 10 → 9" in back.lines
    await set_sheet(services, "Ilsa", vitae=3)
    dice.load(3, 4)  # a Long Rest's 7-9: one Vitae
    long = await rests.rest_long(services, actor(ALICE))
    await judge(services, long, "6-")
    assert (await sheet(services, "Ilsa")).vitae == 3
    await judge(services, long, "10+")
    assert (await sheet(services, "Ilsa")).vitae == 6


def test_the_outcomes_offered_follow_the_kind_of_roll() -> None:
    from datetime import UTC, datetime

    from storage.models import AuditEntry

    def of(action: str) -> AuditEntry:
        return AuditEntry(
            guild_id=1, user_id=1, action=action, summary="", created_at=datetime.now(UTC)
        )

    assert adjudicate.outcomes(of("move")) == ("success", "failure")
    assert adjudicate.outcomes(of("rest")) == ("10+", "7-9", "6-")
    assert adjudicate.outcomes(of("battle attack")) == ()
