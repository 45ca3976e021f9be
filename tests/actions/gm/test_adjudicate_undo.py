"""An adjudication is an admin change like any other: `/admin undo` adjudicates the roll back,
so the hunting log and the cat's hunger follow back too; an adjudication's own number is not
a roll to adjudicate."""

from __future__ import annotations

import pytest

from bot.actions import admin
from bot.actions.germ import checks, combat
from bot.actions.germ import hunting as germ_hunting
from bot.actions.gm import sheet, undo
from rules.errors import PawpostError
from storage.hunting import Outcome
from tests.actions.germ.combat_helpers import fighting, make_cats
from tests.actions.germ.hunting_helpers import (
    CATCH,
    FIND,
    MISS,
    boss,
    hunt_on,
    set_hunger,
    two_cats,
)
from tests.actions.germ.hunting_helpers import sheet as germ_sheet
from tests.conftest import ALICE, BOB, GUILD, actor, dump


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


async def _attack_row(services) -> int:
    rows = await services.db.transact(lambda tx: tx.audit.all_in_guild(GUILD))
    return max(r.id for r in rows if r.summary.startswith("Attack on Tigerclaw"))


async def test_undoing_an_attack_adjudication_puts_the_target_and_the_hit_back(
    services, dice, db
) -> None:
    """The adjudication changed the target's sheet, not the attacker's: undo puts the target
    back, and the step's hit, so that adjudicating it again counts from the roll's own hit."""
    await make_cats(services)
    await fighting(services, actor(ALICE), actor(BOB), "Tigerclaw")
    dice.load(10, 10)  # a tie: a hit of power 0
    await combat.attack(services, actor(ALICE))
    row = await _attack_row(services)
    adjudicated = await admin.adjudicate(services, boss(), row, "power 17", "it was a bite")
    assert (await germ_sheet(db, "Tigerclaw")).scars == 1
    override = int(adjudicated.footer.removeprefix("override #"))
    undone = await undo.undo(services, boss(), override)
    assert undone.lines[0].startswith(f"Firepaw and Tigerclaw are back as before #{override}")
    assert (await germ_sheet(db, "Tigerclaw")).scars == 0
    shown = await combat.status(services, actor(BOB))
    assert "badly wounded" not in "\n".join(shown.lines + [f.value for f in shown.fields]).lower()
    again = await admin.adjudicate(services, boss(), row, "power 17", "it was a bite after all")
    assert "Tigerclaw has one more scar." in again.lines
    assert (await germ_sheet(db, "Tigerclaw")).scars == 1


async def test_an_attack_adjudication_is_not_undone_over_a_later_change_to_its_target(
    services, dice, db
) -> None:
    await make_cats(services)
    await fighting(services, actor(ALICE), actor(BOB), "Tigerclaw")
    dice.load(10, 10)
    await combat.attack(services, actor(ALICE))
    adjudicated = await admin.adjudicate(
        services, boss(), await _attack_row(services), "power 12", "a bite"
    )
    await sheet.set_field(services, boss(), "Tigerclaw", "Scars", "3", "an old fight")
    override = int(adjudicated.footer.removeprefix("override #"))
    before = dump(db)
    with pytest.raises(
        PawpostError,
        match=rf"^#{override} cannot be undone: Tigerclaw has changed since \(#\d+ sheet-set",
    ):
        await undo.undo(services, boss(), override)
    assert dump(db) == before


async def test_undoing_a_steal_adjudication_gives_the_catch_back(services, dice, clock, db) -> None:
    await two_cats(services)
    await hunt_on(services, dice, clock, FIND, CATCH, user=ALICE, days=0)
    await set_hunger(db, "Tigerclaw", streak=3, starving=True)
    dice.load(9, 10)  # a tie goes to the hunter, who keeps the catch
    await germ_hunting.steal(services, actor(BOB), "Firepaw")
    rows = await services.db.transact(lambda tx: tx.audit.all_in_guild(GUILD))
    row = max(r.id for r in rows if r.action == "steal")
    adjudicated = await admin.adjudicate(services, boss(), row, "stolen", "Firepaw was asleep")
    with pytest.raises(PawpostError, match="already stolen by Tigerclaw"):
        await germ_hunting.share(services, actor(ALICE), "Tigerclaw")
    await undo.undo(services, boss(), int(adjudicated.footer.removeprefix("override #")))
    assert (await germ_sheet(db, "Tigerclaw")).starving  # it did not eat after all
    shared = await germ_hunting.share(services, actor(ALICE), "Tigerclaw")  # hers again
    assert "Tigerclaw" in "\n".join(shared.lines)


async def test_an_adjudication_names_the_rolls_made_since_by_the_old_outcome(
    services, dice, clock, db
) -> None:
    """The missed hunt starved Firepaw, so its check since took the starving penalty: made a
    catch, the reply names that check and points to /admin sheet set."""
    await two_cats(services)
    await set_hunger(db, "Firepaw", streak=2)
    await hunt_on(services, dice, clock, MISS)
    row = await _hunt_row(services)
    dice.load(10)
    check = await checks.check(services, actor(ALICE), "strength", 10)
    assert "starving" in "\n".join(check.lines).lower()
    logged = await db.transact(lambda tx: tx.audit.get(GUILD, check.audit_id))
    reply = await admin.adjudicate(services, boss(), row, "caught", "the dice fell off")
    assert reply.lines[-2] == (
        f"Rolled since #{row} by the old outcome: #{check.audit_id} check "
        f"({logged.summary}). Adjudicate those if they should have gone otherwise, or "
        "correct the sheet with /admin sheet set."
    )


async def test_no_roll_is_named_when_none_was_made_or_nothing_changed(
    services, dice, clock, db
) -> None:
    await two_cats(services)
    await hunt_on(services, dice, clock, MISS)
    row = await _hunt_row(services)
    alone = await admin.adjudicate(services, boss(), row, "caught", "nothing rolled since")
    assert not any(line.startswith("Rolled since") for line in alone.lines)
    dice.load(10)
    await checks.check(services, actor(ALICE), "strength", 10)
    same = await admin.adjudicate(services, boss(), row, "caught", "caught, as it stands")
    assert same.lines[1] == "The hunt was already caught: nothing else changes."
    assert not any(line.startswith("Rolled since") for line in same.lines)


async def test_outcomes_are_offered_for_a_wcagr_check_as_for_a_germ_hunt(services, dice) -> None:
    """The toolkit's autocomplete asks the server's ruleset what fits the typed roll."""
    from bot.actions.gm import complete
    from bot.actions.wcagr import checks as wcagr_checks
    from tests.actions.wcagr.helpers import make, wcagr_server

    await wcagr_server(services)
    await make(services, ALICE)
    dice.load(3, 3, 3)
    rolled = await wcagr_checks.check(services, actor(ALICE), "strength", dc=10)

    def offered(tx, typed: str) -> list[str]:
        found = complete.outcomes(services, tx, GUILD, ALICE, typed, {"roll": rolled.audit_id})
        return [value for _, value in found]

    assert await services.db.transact(lambda tx: offered(tx, "")) == ["success", "failure"]
    assert await services.db.transact(lambda tx: offered(tx, "FAIL")) == ["failure"]
