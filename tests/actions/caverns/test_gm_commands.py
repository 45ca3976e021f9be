"""The GM toolkit's commands on a Caverns server (D1 and issue 24's Caverns part): the sheet's
fields shown and set (Health following Water) and undone, the MC's kill held to the next rest
and revive, damage of a kind, the battle's scene skipped and ended, a roll's outcomes offered."""

from __future__ import annotations

import pytest

from bot.actions.caverns.battle import rows as battle
from bot.actions.caverns.party import market, rests
from bot.actions.gm import complete, life, scenes, sheet, undo
from rules.errors import PawpostError
from rules.life import Life
from tests.actions.caverns.helpers import character, party_of_three
from tests.actions.caverns.helpers import sheet as sheet_of
from tests.conftest import ADMIN, ALICE, BOB, CAROL, GUILD, actor, dump

MC = actor(ADMIN, admin=True)


async def test_the_sheet_is_set_through_the_core_and_undone(services, db) -> None:
    await party_of_three(services)
    shown = await sheet.show(services, MC, "Brunhild")
    fields = {field.name: field.value for field in shown.fields}
    assert fields["Water"] == "+2\n-# -3 to +3" and fields["Health"] == "7\n-# 0 to 7"
    await life.damage(services, MC, "Brunhild", 3, "a rockfall")
    set_reply = await sheet.set_field(services, MC, "Brunhild", "Water", "+3", "a blessing")
    assert set_reply.lines[:2] == ["**Water**: +2 → +3", "Health 5 / 8."]
    assert (await sheet_of(services, "Brunhild")).max_health == 8
    before = dump(db.path)
    with pytest.raises(PawpostError, match="^That does not fit the sheet"):
        await sheet.set_field(services, MC, "Brunhild", "Water", "+5", "too much")
    assert dump(db.path) == before
    await undo.undo(services, MC)
    back = await sheet_of(services, "Brunhild")
    assert (back.water, back.health, back.max_health) == (2, 4, 7)


async def test_the_mc_s_kill_waits_for_the_next_rest_and_revive_brings_back(services, dice) -> None:
    await party_of_three(services)
    killed = await life.kill(services, MC, "Ilsa", "a trap")
    assert killed.lines[0] == "Ilsa dies, and comes back by Vitae at the party's next rest."
    assert (await character(services, "Ilsa")).life is Life.DEAD
    with pytest.raises(PawpostError, match="^Ilsa is dead"):
        await market.ask(services, actor(BOB), "Helmet")
    dice.load(5, 5)
    rested = await rests.rest_short(services, actor(ALICE))
    assert rested.lines[1] == "Ilsa marks off 1 Vitae (5 left) and comes back at full Health."
    assert (await character(services, "Ilsa")).life is Life.ACTIVE
    await life.kill(services, MC, "Piper", "a fall")
    revived = await life.revive(services, MC, "Piper", "the MC's mercy")
    assert revived.lines[0] == "Piper marks off 1 Vitae (5 left) and comes back at full Health."
    lasting = await life.damage(services, MC, "Brunhild", 2, "a Viscanti's knife", "viscanti")
    assert lasting.lines[0] == "Brunhild loses 2 Health: 5 / 7."
    with pytest.raises(PawpostError, match="^The kind of damage is one of: viscanti, illusion"):
        await life.damage(services, MC, "Brunhild", 2, "a curse", "curse")


async def test_the_battle_is_a_scene_the_mc_skips_and_ends(services, dice) -> None:
    await party_of_three(services)
    await battle.start(services, MC)
    await battle.join(services, actor(ALICE), "front")
    await battle.join(services, actor(CAROL), "back")
    await battle.add_enemy(services, MC, "Urchin")
    await battle.set_order(services, MC, "Brunhild, Piper")
    status = await scenes.status(services, MC)
    assert "Brunhild's turn" in status.lines[0]
    skipped = await scenes.skip(services, MC)
    assert skipped.lines[0] == "The MC skips the turn: Brunhild's turn."
    await life.kill(services, MC, "Piper", "the ceiling")
    ended = await scenes.end(services, MC, "the party runs")
    assert ended.lines[0] == "The MC ends the battle: the party runs"
    assert "Piper marks off 1 Vitae (5 left) and returns at full Health." in ended.lines


async def test_a_roll_s_outcomes_are_offered_for_adjudication(services, dice) -> None:
    await party_of_three(services)
    dice.load(3, 4)
    asked = await market.ask(services, actor(CAROL), "Helmet")
    roll = int(asked.footer.removeprefix("roll #"))  # type: ignore[union-attr]

    def offered(tx):  # type: ignore[no-untyped-def]
        return complete.outcomes(services, tx, GUILD, ADMIN, "", {"roll": roll})

    assert [value for _label, value in await services.db.transact(offered)] == [
        "10+",
        "7-9",
        "6-",
    ]
