"""`/admin adjudicate` on a Germ hunt, steal or attack changes what follows from it, through the
registry's `Ruleset.adjudicate`; the override is still a new audit row pointing at the original."""

from __future__ import annotations

import pytest

from bot.actions import admin
from bot.actions.germ import combat
from bot.actions.germ import hunting as germ_hunting
from rules.errors import PawpostError
from tests.actions.germ.combat_helpers import fighting, make_cats
from tests.actions.germ.hunting_helpers import (
    CATCH,
    FIND,
    MISS,
    boss,
    hunt_on,
    set_hunger,
    sheet,
    two_cats,
)
from tests.conftest import ALICE, BOB, GUILD, actor


async def _row(services, name: str, action: str) -> int:
    rows = await services.db.transact(lambda tx: tx.audit.all_in_guild(actor(ALICE).guild_id))
    return max(row.id for row in rows if row.action == action and row.character_name == name)


async def test_a_failed_hunt_overridden_to_a_catch_feeds_the_cat_and_back(
    services, dice, clock, db
) -> None:
    await two_cats(services)
    await set_hunger(db, "Firepaw", streak=2)
    await hunt_on(services, dice, clock, MISS)
    assert ((await sheet(db, "Firepaw")).fail_streak, (await sheet(db, "Firepaw")).starving) == (
        3,
        True,
    )
    row = await _row(services, "Firepaw", "hunt")
    with pytest.raises(PawpostError, match="A hunt's outcome is caught or failed."):
        await admin.adjudicate(services, boss(), row, "a fat vole", "the dice fell off")
    reply = await admin.adjudicate(services, boss(), row, "caught", "the dice fell off")
    assert reply.lines[1:3] == [
        "Firepaw caught prey after all.",
        "Firepaw: 0 failed hunts in a row, not starving.",
    ]
    fed = await sheet(db, "Firepaw")
    assert (fed.fail_streak, fed.starving) == (0, False)
    rows = await services.db.transact(lambda tx: tx.audit.all_in_guild(actor(ALICE).guild_id))
    override = max(rows, key=lambda r: r.id)
    assert (override.action, override.overrides_id, override.outcome) == ("override", row, "caught")
    again = await admin.adjudicate(services, boss(), row, "failed", "no, it got away")
    assert "Firepaw: 1 failed hunt in a row, not starving." in again.lines
    assert (await sheet(db, "Firepaw")).fail_streak == 1


async def test_a_catch_after_two_failures_made_a_failure_counts_three_in_a_row(
    services, dice, clock, db
) -> None:
    await two_cats(services)
    await hunt_on(services, dice, clock, MISS)
    await hunt_on(services, dice, clock, MISS)
    await hunt_on(services, dice, clock, FIND, CATCH)
    assert (await sheet(db, "Firepaw")).fail_streak == 0
    row = await _row(services, "Firepaw", "hunt")
    reply = await admin.adjudicate(services, boss(), row, "failed", "it was a leaf")
    assert "Firepaw: 3 failed hunts in a row, starving." in reply.lines
    starved = await sheet(db, "Firepaw")
    assert (starved.fail_streak, starved.starving) == (3, True)


async def test_an_early_hunt_overridden_counts_the_later_ones_again(
    services, dice, clock, db
) -> None:
    await two_cats(services)
    await hunt_on(services, dice, clock, MISS)
    first = await _row(services, "Firepaw", "hunt")
    await hunt_on(services, dice, clock, MISS)
    await hunt_on(services, dice, clock, MISS)
    assert (await sheet(db, "Firepaw")).starving
    reply = await admin.adjudicate(services, boss(), first, "caught", "it was caught")
    assert "The 2 later hunts since are counted again." in reply.lines
    assert "Firepaw: 2 failed hunts in a row, not starving." in reply.lines
    fed = await sheet(db, "Firepaw")
    assert (fed.fail_streak, fed.starving) == (2, False)


async def test_an_attacks_power_overridden_adds_or_removes_the_scar_and_the_wound(
    services, dice, db
) -> None:
    await make_cats(services)
    await fighting(services, actor(ALICE), actor(BOB), "Tigerclaw")
    dice.load(10, 10)  # 10 + 4 against 10 + 4: a tie hits with power 0
    await combat.attack(services, actor(ALICE))
    assert (await sheet(db, "Tigerclaw")).scars == 0
    rows = await services.db.transact(lambda tx: tx.audit.all_in_guild(actor(ALICE).guild_id))
    row = max(r.id for r in rows if r.summary.startswith("Attack on Tigerclaw"))
    reply = await admin.adjudicate(services, boss(), row, "power 17", "it was a bite")
    assert reply.lines[0] == "Outcome: **power 17**"
    assert "Tigerclaw has one more scar." in reply.lines
    assert (await sheet(db, "Tigerclaw")).scars == 1
    shown = await combat.status(services, actor(BOB))
    assert "badly wounded" in "\n".join(shown.lines + [f.value for f in shown.fields]).lower()
    with pytest.raises(PawpostError, match="needs the disability too"):
        await admin.adjudicate(services, boss(), row, "power 22", "worse")
    await admin.adjudicate(services, boss(), row, "power 22 tail-torn-off", "worse")
    assert "no-tail" in [c.value for c in (await sheet(db, "Tigerclaw")).conditions]
    await admin.adjudicate(services, boss(), row, "power 3", "it was nothing")
    calm = await sheet(db, "Tigerclaw")
    assert (calm.scars, calm.conditions) == (0, ())


async def test_a_steal_overridden_hands_the_catch_over_or_back(services, dice, clock, db) -> None:
    await two_cats(services)
    await hunt_on(services, dice, clock, FIND, CATCH, user=ALICE, days=0)
    await set_hunger(db, "Tigerclaw", streak=3, starving=True)
    dice.load(9, 10)  # 13 against 13: a tie goes to the hunter, who keeps the catch
    await germ_hunting.steal(services, actor(BOB), "Firepaw")
    assert (await sheet(db, "Tigerclaw")).starving
    row = await _row(services, "Tigerclaw", "steal")
    with pytest.raises(PawpostError, match="stolen or spotted"):
        await admin.adjudicate(services, boss(), row, "half of it", "a judgement call")
    await admin.adjudicate(services, boss(), row, "stolen", "Firepaw was asleep")
    assert not (await sheet(db, "Tigerclaw")).starving  # the thief ate it
    with pytest.raises(PawpostError, match="already stolen by Tigerclaw"):
        await germ_hunting.share(services, actor(ALICE), "Tigerclaw")
    await admin.adjudicate(services, boss(), row, "spotted", "no, she woke up")
    shared = await germ_hunting.share(services, actor(ALICE), "Tigerclaw")  # hers again
    assert "Tigerclaw" in "\n".join(shared.lines)


async def test_an_ambushs_free_attack_before_the_first_round_is_adjudicated(
    services, dice, db
) -> None:
    from tests.actions.germ.combat_helpers import click

    await make_cats(services)
    challenge = await combat.challenge(services, actor(ALICE), "Tigerclaw", ambush="yes")
    dice.load(20, 1, 10)  # stays hidden; a free attack of power 11: a scar
    await click(services, actor(BOB), challenge, "Accept")
    assert (await sheet(db, "Tigerclaw")).scars == 1
    rows = await services.db.transact(lambda tx: tx.audit.all_in_guild(actor(ALICE).guild_id))
    row = max(r.id for r in rows if r.summary.startswith("Free attack on Tigerclaw"))
    assert "before the first round" in next(r.summary for r in rows if r.id == row)
    reply = await admin.adjudicate(services, boss(), row, "power 5", "it only grazed")
    assert "Tigerclaw has one scar fewer." in reply.lines
    assert (await sheet(db, "Tigerclaw")).scars == 0


async def test_the_outcomes_offered_fit_the_roll(services, dice, clock) -> None:
    from bot.actions.gm import complete

    await two_cats(services)
    await hunt_on(services, dice, clock, MISS)
    row = await _row(services, "Firepaw", "hunt")

    def offered(tx, typed: str) -> list[str]:
        return [v for _, v in complete.outcomes(services, tx, GUILD, ALICE, typed, {"roll": row})]

    assert await services.db.transact(lambda tx: offered(tx, "")) == ["caught", "failed"]
    assert await services.db.transact(lambda tx: offered(tx, "ca")) == ["caught"]
    not_a_roll = await services.db.transact(
        lambda tx: complete.outcomes(services, tx, GUILD, ALICE, "", {"roll": "x"})
    )
    assert not_a_roll == []
