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
from tests.conftest import ALICE, BOB, actor


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
    assert (
        reply.lines[1] == "Firepaw caught prey after all: not starving, no failed hunts in a row."
    )
    fed = await sheet(db, "Firepaw")
    assert (fed.fail_streak, fed.starving) == (0, False)
    rows = await services.db.transact(lambda tx: tx.audit.all_in_guild(actor(ALICE).guild_id))
    override = max(rows, key=lambda r: r.id)
    assert (override.action, override.overrides_id, override.outcome) == ("override", row, "caught")
    again = await admin.adjudicate(services, boss(), row, "failed", "no, it got away")
    assert "1 failed hunt in a row" in again.lines[1]
    assert (await sheet(db, "Firepaw")).fail_streak == 1


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
