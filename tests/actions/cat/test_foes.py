"""A cat against a non-cat: an admin sets the foe's dice and scars; rounds go on by button, the
cat's scars placed (or cancelled by a Life) between them, until the foe is out, the cat is dead
or an admin ends it; stale buttons do nothing; Fighting Frenzy gives more actions a round."""

from __future__ import annotations

import pytest

from bot.actions import buttons, characters
from bot.actions.cat import foe_flow, magic
from rules.errors import PawpostError
from storage.database import Database
from tests.actions.cat.helpers import FIREPAW, cat_server, ids, make
from tests.conftest import ADMIN, ALICE, BOB, GUILD, actor, dump

ADMIN_ACTOR = actor(ADMIN, admin=True)


@pytest.fixture
async def firepaw(services):
    await cat_server(services)
    await make(services, ALICE, **FIREPAW)


async def _field(services, field: str) -> str:  # type: ignore[no-untyped-def]
    shown = await characters.show(services, actor(ALICE), "Firepaw")
    return next(f.value for f in shown.fields if f.name == field)


async def test_rounds_go_on_until_the_foe_is_out(services, dice, firepaw, tmp_path) -> None:
    with pytest.raises(PawpostError, match="Only an admin"):
        await foe_flow.start(services, actor(ALICE), "Boggin", 2, 3)
    started = await foe_flow.start(services, ADMIN_ACTOR, "Boggin", 2, 3, character="Firepaw")
    assert started.title == "Fight 1: Firepaw against Boggin"
    assert list(ids(started)) == ["Claws", "Fangs", "Dodge", "End the fight (admin)"]
    with pytest.raises(PawpostError, match="Only Firepaw's player or an admin"):
        await buttons.press(services, actor(BOB), ids(started)["Claws"])
    # Round 1: Claws 2 evens, the Boggin 1: it takes 2 scars, Firepaw 1 to place.
    dice.load(2, 2, 1, 1, 2, 1)
    first = await buttons.press(services, actor(ALICE), ids(started)["Claws"])
    assert first.lines[:4] == [
        "**Round 1**",
        "Firepaw: 4d6 [**2**, **2**, 1, 1] evens 2 = **2**",
        "Boggin: 2d6 [**2**, 1] evens 1 = **1**",
        "Firepaw deals 2 scars and takes 1.",
    ]
    assert first.lines[4] == "Boggin has taken 2 of 3 scars."
    assert list(ids(first))[:2] == ["Spend a Life: no scars this round", "1 scar in Claws"]
    with pytest.raises(PawpostError, match="out of date"):
        await buttons.press(services, actor(ALICE), ids(started)["Fangs"])  # a stale click
    where = services.db.path
    await services.db.close()  # a restart between the round and its scars
    services.db = await Database.open(where)
    placed = await buttons.press(services, actor(ALICE), ids(first)["1 scar in Claws"])
    assert placed.lines[0] == "Firepaw takes 1 in Claws."
    assert placed.lines[-1] == f"<@{ALICE}>, round 2: how does Firepaw fight?"
    # Round 2: a dodge, Legs 1 even against the Boggin's 2: one scar; a Life cancels it.
    dice.load(2, 1, 1, 1, 1, 2, 2)
    second = await buttons.press(services, actor(ALICE), ids(placed)["Dodge"])
    assert second.lines[3] == (
        "Firepaw deals 0 scars (a dodge deals none) and takes 1 (the foe's evens beyond the "
        "dodge's)."
    )
    spared = await buttons.press(
        services, actor(ALICE), ids(second)["Spend a Life: no scars this round"]
    )
    assert (
        spared.lines[0]
        == "Firepaw spends a Life and takes no scars (1 scar cancelled). 8 Lives left."
    )
    # Round 3: Fangs 1 even puts the Boggin out; it rolls no evens.
    dice.load(2, 1, 1, 1, 1, 1)
    third = await buttons.press(services, actor(ALICE), ids(spared)["Fangs"])
    assert third.lines[-1] == "**Boggin is out of the fight: Firepaw wins.**"
    assert third.buttons == []
    with pytest.raises(PawpostError, match="That fight is over."):
        await buttons.press(services, actor(ALICE), ids(spared)["Fangs"])
    assert "**Claws** Strong → 4 dice · 1 of 3 scars" in await _field(services, "Traits")
    # Over, the cat may fight again.
    again = await foe_flow.start(services, ADMIN_ACTOR, "Rat", 1, 1, character="Firepaw")
    assert again.title == "Fight 2: Firepaw against Rat"


async def test_an_admin_ends_a_fight(services, dice, firepaw) -> None:
    started = await foe_flow.start(services, ADMIN_ACTOR, "Dog", 3, 5, character="Firepaw")
    with pytest.raises(PawpostError, match="Only an admin"):
        await buttons.press(services, actor(ALICE), ids(started)["End the fight (admin)"])
    dice.load(1, 1, 1, 1, 1, 1, 1)  # a round with no evens: the fight moves on a version
    await buttons.press(services, actor(ALICE), ids(started)["Claws"])
    # The first message's End still ends it: ending is never out of date.
    ended = await buttons.press(services, ADMIN_ACTOR, ids(started)["End the fight (admin)"])
    assert ended.lines[-1] == "**An admin ended the fight.**"
    before = dump(services.db.path)
    with pytest.raises(PawpostError, match="That fight is over."):
        await buttons.press(services, actor(ALICE), ids(started)["Claws"])
    assert dump(services.db.path) == before


async def test_fighting_frenzy_gives_the_tail_s_dice_in_actions(services, dice, firepaw) -> None:
    started = await foe_flow.start(services, ADMIN_ACTOR, "Boggin", 1, 10, character="Firepaw")
    dice.load(2, 1, 1)  # Tail (Good, 3 dice): 1 even, the Good tier's need
    frenzy = await magic.trick(services, actor(ALICE), "fighting-frenzy")
    assert "Firepaw takes 3 actions a round for the rest of fight 1." in frenzy.lines
    assert frenzy.lines[-1] == "Magic Points: 7 / 8; 8 Lives left."
    assert list(ids(frenzy))[:2] == ["Claws ×3", "Fangs ×3"]
    with pytest.raises(PawpostError, match="out of date"):
        await buttons.press(services, actor(ALICE), ids(started)["Claws"])
    with pytest.raises(PawpostError, match="already in a Fighting Frenzy"):
        await magic.trick(services, actor(ALICE), "fighting-frenzy")
    dice.load(2, 1, 1, 1, 2, 2, 1, 1, 2, 2, 2, 1, 1)  # three Claws rolls, then the Boggin's die
    round_ = await buttons.press(services, actor(ALICE), ids(frenzy)["Claws ×3"])
    assert round_.lines[1:4] == [
        "Firepaw: 4d6 [**2**, 1, 1, 1] evens 1 = **1**",
        "Firepaw: 4d6 [**2**, **2**, 1, 1] evens 2 = **2**",
        "Firepaw: 4d6 [**2**, **2**, **2**, 1] evens 3 = **3**",
    ]
    assert "Boggin has taken 6 of 10 scars." in round_.lines


async def test_a_failed_frenzy_still_costs_its_life_and_magic(services, dice, firepaw) -> None:
    await foe_flow.start(services, ADMIN_ACTOR, "Boggin", 1, 10, character="Firepaw")
    dice.load(1, 1, 1)
    failed = await magic.trick(services, actor(ALICE), "fighting-frenzy")
    assert failed.lines[2] == "**It fails**: 0 evens against 1 needed."
    assert failed.lines[-1] == "Magic Points: 7 / 8; 8 Lives left."
    assert failed.buttons == []


async def test_the_last_life_spent_on_a_round_kills_the_cat_and_ends_the_fight(
    services, dice, firepaw
) -> None:
    def one_life_left(tx):  # type: ignore[no-untyped-def]
        found = tx.characters.by_name(GUILD, "Firepaw")
        found.sheet = found.sheet.model_copy(update={"lives": 1})
        tx.characters.save_sheet(found)

    await services.db.transact(one_life_left)
    started = await foe_flow.start(services, ADMIN_ACTOR, "Dog", 2, 9, character="Firepaw")
    dice.load(1, 1, 1, 1, 2, 2)  # Claws: no evens; the dog: 2
    fought = await buttons.press(services, actor(ALICE), ids(started)["Claws"])
    asked = await buttons.press(
        services, actor(ALICE), ids(fought)["Spend a Life: no scars this round"]
    )
    assert asked.ephemeral and asked.lines[0].startswith("This is the cat's last Life")
    assert await _field(services, "Lives") == "1"
    died = await buttons.press(
        services, actor(ALICE), ids(asked)["Spend the last Life on these scars (the cat dies)"]
    )
    assert died.lines[:2] == [
        "Firepaw spends a Life and takes no scars (2 scars cancelled). 0 Lives left.",
        "That was Firepaw's last Life: it dies.",
    ]
    assert died.lines[-1] == "**Firepaw is dead: the fight is over.**"
    assert await _field(services, "States") == "dead"
