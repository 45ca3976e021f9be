"""`/admin hunting report [week]` and where `/config show` says the weekly report goes (hole:
"the missed-week report reaches admins even when no admin channel is set")."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.actions import hunting_config, hunting_report, server_config
from bot.actions.germ import hunting as germ_hunting
from bot.actions.hunting_jobs import weekly_hunting
from rules.errors import PawpostError
from tests.actions.germ.hunting_helpers import CATCH, FIND, MISS, boss, set_hunger, two_cats
from tests.conftest import ALICE, BOB, actor

ADMINS = 77


def hunting_field(shown) -> str:
    return {f.name: f.value for f in shown.fields}["Hunting"]


async def test_without_an_admin_channel_the_report_is_shown_on_demand(
    services, dice, clock
) -> None:
    await two_cats(services)  # made Monday 30 November: they owe the week of 7 December
    clock.now = datetime(2026, 12, 8, 12, tzinfo=UTC)
    dice.load(FIND, CATCH)
    await germ_hunting.hunt(services, actor(ALICE))
    clock.now = datetime(2026, 12, 15, 9, tzinfo=UTC)
    assert (await weekly_hunting(services, clock.now)).posts == []  # no channel: nothing posted
    reply = await hunting_report.report(services, boss())
    assert reply.title == "Week of 2026-12-07: who missed the hunt"
    assert reply.lines == [
        "1 cat did not hunt in the week that ended <t:1797206400:f>.",
        f"**Tigerclaw** — <@{BOB}>",
    ]
    assert reply.ephemeral and reply.mentions == []
    # Any day of the week names it; the week running now has not ended.
    assert (await hunting_report.report(services, boss(), "2026-12-10")).lines == reply.lines
    with pytest.raises(PawpostError, match=r"^The week of 2026-12-14 has not ended yet"):
        await hunting_report.report(services, boss(), "2026-12-15")
    with pytest.raises(PawpostError):
        await hunting_report.report(services, actor(ALICE))
    shown = await server_config.show(services, boss())
    assert (
        "who missed the week's hunt is posted nowhere (no admin channel): /admin hunting report"
        in hunting_field(shown)
    )


async def test_the_report_on_demand_is_the_one_posted_with_what_counting_did(
    services, dice, clock, db
) -> None:
    await two_cats(services)
    await set_hunger(db, "Tigerclaw", streak=1)
    clock.now = datetime(2026, 12, 7, 12, tzinfo=UTC)
    await hunting_config.set_admin_channel(services, boss(), ADMINS)
    await hunting_config.missed_week_counts_as_failure(services, boss(), "on")
    dice.load(MISS)
    await germ_hunting.hunt(services, actor(ALICE))
    await weekly_hunting(services, clock.now)
    clock.now = datetime(2026, 12, 14, 1, tzinfo=UTC)
    posted = (await weekly_hunting(services, clock.now)).posts
    assert [post.channel_id for post in posted] == [ADMINS]
    reply = await hunting_report.report(services, boss(), "2026-12-07")
    assert reply.title == posted[0].reply.title
    assert reply.lines == posted[0].reply.lines
    assert f"**Tigerclaw** — <@{BOB}> · 2 failed hunts in a row" in reply.lines
    shown = await server_config.show(services, boss())
    assert f"who missed the week's hunt is posted in <#{ADMINS}>" in hunting_field(shown)
