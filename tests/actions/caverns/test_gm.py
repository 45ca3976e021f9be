"""Caverns' part of the GM toolkit, on its own until the core's commands call it: the fields
the MC may set (checked by the sheet's model, Health following Water), damage, healing, the
MC's kill and revive, what an undo puts back, and the battle's skip and end."""

from __future__ import annotations

from typing import Any

import pytest

from bot.actions.caverns import gm
from bot.actions.caverns.battle import rows as battle
from bot.actions.caverns.party import rests
from rules.caverns.conditions import Condition
from rules.dice import ScriptedDice
from rules.errors import PawpostError
from tests.actions.caverns.helpers import character, party_of_three, sheet
from tests.conftest import ADMIN, ALICE, BOB, CAROL, GUILD, actor, dump

MC = actor(ADMIN, admin=True)
DICE = ScriptedDice([])


async def run(services, name: str, verb: Any, *args: Any) -> Any:  # type: ignore[no-untyped-def]
    """One of gm's functions on a character, in one transaction as the core will call it."""
    found = await character(services, name)
    now = services.clock()

    def work(tx):  # type: ignore[no-untyped-def]
        guild = tx.guilds.get(GUILD)
        fresh = tx.characters.by_id(GUILD, found.id)
        return (
            verb(tx, guild, fresh, *args, now)
            if verb in (gm.set_field,)
            else verb(tx, guild, fresh, *args)
        )

    return await services.db.transact(work)


async def test_the_fields_show_every_settable_value(services) -> None:
    await party_of_three(services)
    shown = {
        field.name: (field.value, field.takes) for field in await run(services, "Ilsa", gm.fields)
    }
    assert shown["Water"] == ("+1", "-3 to +3")
    assert shown["Health"] == ("4", "0 to 4")
    assert shown["Equipment"][0] == "Basic clothing, Backpack, Staff, Divination instruments"
    assert shown["Party experience"] == ("0", "0 to 3")
    assert list(shown)[:5] == ["Wind", "Water", "Wood", "Fire", "Metal"]


async def test_a_set_field_is_checked_and_health_follows_water(services, db) -> None:
    await party_of_three(services)
    await run(services, "Brunhild", gm.damage, 3, None, DICE, services.clock())  # 4 / 7
    lines = await run(services, "Brunhild", gm.set_field, "water", "+3")
    assert lines == ["Health 5 / 8."]  # the wounds are kept, the maximum follows Water
    before = dump(db.path)
    for field, value, message in (
        ("Water", "+4", "^That does not fit the sheet: water"),
        ("Health", "9", "^That does not fit the sheet"),
        ("Strength", "3", "^Strength is not a field"),
        ("Gold", "lots", "^Gold takes a whole number"),
        ("Conditions", "grumpy", "is not a condition"),
        ("Equipment", "Lightsaber", 'no "Lightsaber" in the market\'s catalogue'),
        ("Party experience", "4", "would reach level 1's 4"),
    ):
        with pytest.raises(PawpostError, match=message):
            await run(services, "Brunhild", gm.set_field, field, value)
    assert dump(db.path) == before
    await run(services, "Brunhild", gm.set_field, "Conditions", "blind, prone")
    await run(services, "Brunhild", gm.set_field, "Equipment", "Sword, Helmet (broken)")
    await run(services, "Brunhild", gm.set_field, "Party experience", "2")
    after = await sheet(services, "Brunhild")
    assert [a.condition for a in after.conditions] == [Condition.BLIND, Condition.PRONE]
    assert [(i.name, i.broken) for i in after.equipment] == [("Sword", False), ("Helmet", True)]
    fields = {f.name: f.value for f in await run(services, "Ilsa", gm.fields)}
    assert fields["Party experience"] == "2"  # the party's, shared


async def test_damage_heal_kill_and_revive_by_health_and_vitae(services) -> None:
    await party_of_three(services)
    now = services.clock()
    died = await run(services, "Ilsa", gm.damage, 9, None, DICE, now)
    assert died[-1] == "Ilsa marks off 1 Vitae (5 left) and comes back at full Health."
    await run(services, "Ilsa", gm.damage, 2, "viscanti", DICE, now)
    healed = await run(services, "Ilsa", gm.heal, 5, None, DICE, now)
    assert healed == ["Ilsa regains 2 Health: 4 / 4."]
    killed = await run(services, "Ilsa", gm.kill, DICE, now)
    assert killed == ["Ilsa dies, and comes back by Vitae at the party's next rest."]
    with pytest.raises(PawpostError, match="^Ilsa is dead or retired: /admin revive"):
        await run(services, "Ilsa", gm.heal, 1, None, DICE, now)
    back = await run(services, "Ilsa", gm.revive, DICE, now)
    assert back == ["Ilsa marks off 1 Vitae (4 left) and comes back at full Health."]
    with pytest.raises(PawpostError, match="^This character is alive"):
        await run(services, "Ilsa", gm.revive, DICE, now)


async def test_snapshot_and_restore_keep_the_party_and_the_plan(services) -> None:
    from bot.actions.caverns import admin
    from bot.actions.caverns.party import harmony

    await party_of_three(services)
    await harmony.plan(services, actor(CAROL), "sharp as steel")
    found = await character(services, "Piper")
    saved = await services.db.transact(lambda tx: gm.snapshot(tx, found))
    await admin.set_party(services, MC, "Piper", "Wanderers")
    await harmony.plan(services, actor(CAROL), "none")

    def put_back(tx):  # type: ignore[no-untyped-def]
        gm.restore(tx, found, saved)

    await services.db.transact(put_back)
    again = await services.db.transact(lambda tx: gm.snapshot(tx, found))
    assert again == saved


async def test_the_battle_s_skip_and_end_and_a_death_in_it(services, dice) -> None:
    await party_of_three(services)
    await battle.start(services, MC)
    await battle.join(services, actor(ALICE), "front")
    await battle.join(services, actor(BOB), "back")
    await battle.add_enemy(services, MC, "Urchin")
    await battle.set_order(services, MC, "Brunhild, Ilsa")
    combat_id = await services.db.transact(
        lambda tx: (
            __import__("storage.caverns", fromlist=["caverns"])
            .caverns(tx)
            .battles.active(GUILD, 1)[0]
            .id
        )
    )
    now = services.clock()
    ilsa = await character(services, "Ilsa")
    with pytest.raises(PawpostError, match="^It is not that character's turn"):
        await services.db.transact(
            lambda tx: gm.skip_turn(tx, MC, tx.guilds.get(GUILD), combat_id, ilsa.id, DICE, now)
        )
    skipped = await services.db.transact(
        lambda tx: gm.skip_turn(tx, MC, tx.guilds.get(GUILD), combat_id, None, DICE, now)
    )
    assert skipped.lines[0] == "The MC skips the turn: Brunhild's turn."
    killed = await run(services, "Ilsa", gm.kill, DICE, now)
    assert killed == [
        "Ilsa dies.",
        "Ilsa lies dead in the battle; its end brings them back by Vitae.",
    ]
    ended = await services.db.transact(
        lambda tx: gm.end_scene(tx, MC, tx.guilds.get(GUILD), combat_id, "the cave collapses", now)
    )
    assert ended.lines[0] == "The MC ends the battle: the cave collapses"
    assert "Ilsa marks off 1 Vitae (5 left) and returns at full Health." in ended.lines
    dice.load(5, 5)
    await rests.rest_short(services, actor(ALICE))  # nothing left to block it
    assert (await sheet(services, "Ilsa")).health == 4
