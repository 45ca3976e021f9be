"""Issue 13's wording in Taking Risks: a reason that starts with "for" said once."""

from __future__ import annotations

from bot.actions.cat import risks
from tests.actions.cat.helpers import FIREPAW, cat_server, make
from tests.conftest import ALICE, actor


async def test_a_risk_for_a_reason_that_starts_with_for_says_it_once(services, dice) -> None:
    await cat_server(services)
    await make(services, ALICE, **FIREPAW)
    dice.load(2, 4, 6, 1, 3)  # Legs 5
    taken = await risks.risk(services, actor(ALICE), "legs", "easy", reason="for the clan")
    assert taken.title is not None
    assert taken.title.endswith(" for the clan") and "for for" not in taken.title
