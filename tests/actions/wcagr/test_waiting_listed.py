"""Issue 30: a WCAGR cat over ten moons waiting for approval is no longer invisible: it is
listed in `/admin approvals` with Approve and Refuse buttons, and its player sees it waiting."""

from __future__ import annotations

from bot.actions import approvals, buttons, characters
from bot.actions.wcagr import cats
from tests.actions.wcagr.helpers import wcagr_cat, wcagr_server
from tests.conftest import ADMIN, BOB, GUILD, actor

ADMIN_ACTOR = actor(ADMIN, admin=True)


async def test_an_older_cat_waiting_is_listed_with_its_buttons(services) -> None:
    await wcagr_server(services)
    await cats.create(services, actor(BOB), **wcagr_cat("Oldclaw", age=12))

    shown = await characters.show(services, actor(BOB))
    assert shown.title == "Waiting for approval" and shown.ephemeral
    assert shown.lines[0].startswith(
        "Oldclaw, a cat of 12 moons, waits for an admin's approval (asked <t:"
    )

    queue = await approvals.queue(services, ADMIN_ACTOR)
    assert queue.lines[0].startswith(f"1. Oldclaw: new, a cat of 12 moons — <@{BOB}>")
    assert [b.label for b in queue.buttons] == ["Approve Oldclaw", "Refuse Oldclaw"]
    made = await buttons.press(services, ADMIN_ACTOR, queue.buttons[0].custom_id)
    assert made.title == "Oldclaw joins the server"
    found = await services.db.transact(lambda tx: tx.characters.by_name(GUILD, "Oldclaw"))
    assert found is not None and found.owner_id == BOB
    assert (await approvals.queue(services, ADMIN_ACTOR)).lines == ["Nothing waits for approval."]
    assert (await characters.show(services, actor(BOB))).title == "Oldclaw"
