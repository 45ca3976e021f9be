"""An adjudication is an admin change like any other: `/admin undo` adjudicates the roll back,
so the hunting log and the cat's hunger follow back too; an adjudication's own number is not
a roll to adjudicate."""

from __future__ import annotations

import pytest

from bot.actions import admin
from bot.actions.gm import sheet, undo
from rules.errors import PawpostError
from storage.hunting import Outcome
from tests.actions.germ.hunting_helpers import (
    MISS,
    boss,
    hunt_on,
    set_hunger,
    two_cats,
)
from tests.actions.germ.hunting_helpers import sheet as germ_sheet
from tests.conftest import ALICE, GUILD, actor


async def _hunt_row(services) -> int:
    rows = await services.db.transact(lambda tx: tx.audit.all_in_guild(GUILD))
    return max(row.id for row in rows if row.action == "hunt")


async def _logged_outcome(db, when) -> Outcome:
    def read(tx):
        cat = tx.characters.by_name(GUILD, "Firepaw")
        return tx.hunting.hunt_logged_at(GUILD, cat.id, when).outcome

    return await db.transact(read, write=False)


async def test_undoing_a_hunt_adjudication_puts_hunger_and_the_log_back(
    services, dice, clock, db
) -> None:
    await two_cats(services)
    await set_hunger(db, "Firepaw", streak=2)
    await hunt_on(services, dice, clock, MISS)
    row = await _hunt_row(services)
    logged = await db.transact(lambda tx: tx.audit.get(GUILD, row))
    adjudicated = await admin.adjudicate(services, boss(), row, "caught", "the dice fell off")
    assert (await germ_sheet(db, "Firepaw")).fail_streak == 0
    assert await _logged_outcome(db, logged.created_at) is Outcome.CAUGHT
    override = int(adjudicated.footer.removeprefix("override #"))
    undone = await undo.undo(services, boss(), override)
    assert undone.title == f"#{override} undone"
    back = await germ_sheet(db, "Firepaw")
    assert (back.fail_streak, back.starving) == (3, True)
    assert await _logged_outcome(db, logged.created_at) is not Outcome.CAUGHT
    latest = await db.transact(lambda tx: tx.audit.latest_override(GUILD, row))
    assert (latest.outcome, latest.summary) == (
        logged.outcome,
        f"undo of #{override}: override of #{row}: {logged.summary}",
    )


async def test_an_adjudication_a_later_change_depends_on_is_not_undone(
    services, dice, clock, db
) -> None:
    await two_cats(services)
    await hunt_on(services, dice, clock, MISS)
    row = await _hunt_row(services)
    adjudicated = await admin.adjudicate(services, boss(), row, "caught", "misread")
    await sheet.set_field(services, boss(), "Firepaw", "Failed hunts in a row", "2", "by hand")
    override = int(adjudicated.footer.removeprefix("override #"))
    with pytest.raises(
        PawpostError,
        match=rf"#{override} cannot be undone: Firepaw has changed since \(#\d+ sheet-set",
    ):
        await undo.undo(services, boss(), override)


async def test_an_adjudication_is_adjudicated_on_its_roll(services, dice, clock) -> None:
    await two_cats(services)
    await hunt_on(services, dice, clock, MISS)
    row = await _hunt_row(services)
    adjudicated = await admin.adjudicate(services, boss(), row, "caught", "misread")
    override = int(adjudicated.footer.removeprefix("override #"))
    with pytest.raises(
        PawpostError, match=f"#{override} is itself an adjudication; adjudicate roll #{row}."
    ):
        await admin.adjudicate(services, actor(ALICE, admin=True), override, "failed", "again")
