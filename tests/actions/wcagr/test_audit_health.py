"""The WCAGR audit's health defects: herbs by the list's own names (D10), dead cats (D6), the
sunrise's dice shown and logged (D7), and a contest that cannot be answered (D13)."""

from __future__ import annotations

import pytest

from bot.actions.wcagr import ageing, checks, contests, freshkill, hunting, illness, ranks
from bot.actions.wcagr import clock as wcagr_clock
from rules.errors import PawpostError
from tests.actions.wcagr.helpers import make, sheet_of, wcagr_server
from tests.conftest import ADMIN, ALICE, BOB, GUILD, actor, dump

ADMIN_ACTOR = actor(ADMIN, admin=True)


async def test_d10_treat_takes_the_herb_lists_own_names(services) -> None:
    await wcagr_server(services)
    await make(services, ALICE, name="Jaypaw", rank="medicine-cat-apprentice")
    await make(services, ADMIN, name="Ravenkit", age=5, knacks="none", ten_moon_bonus=None)
    await illness.admin_give(services, ADMIN_ACTOR, "Ravenkit", "whitecough", "a cold den")
    cured = await illness.treat_cat(
        services, actor(ALICE), "Ravenkit", "Catmint, Borage Leaves", character="Jaypaw"
    )
    assert cured.lines == ["Ravenkit is cured of whitecough."]
    await illness.admin_give(services, ADMIN_ACTOR, "Ravenkit", "greencough", "again")
    with pytest.raises(PawpostError, match="^Several herbs start so: Catchweed, Catmint.$"):
        await illness.treat_cat(services, actor(ALICE), "Ravenkit", "cat, tansy", "Jaypaw")
    with pytest.raises(PawpostError, match="The herb list has no mousetail"):
        await illness.treat_cat(services, actor(ALICE), "Ravenkit", "catmint, mousetail", "Jaypaw")
    await illness.treat_cat(services, actor(ALICE), "Ravenkit", "catm; bor", character="Jaypaw")
    assert (await sheet_of(services, "Ravenkit")).illness is None


async def kill(services, name: str) -> None:
    """The cat is dead (as a cough or the death roll leaves it)."""

    def change(tx):
        found = tx.characters.by_name(GUILD, name)
        found.sheet = found.sheet.changed(dead=True)
        tx.characters.save_sheet(found)

    await services.db.transact(change)


async def test_d6_a_dead_cat_neither_ages_nor_is_asked_for_gains(services, db) -> None:
    await wcagr_server(services)
    await make(services, BOB, name="Gray")
    await kill(services, "Gray")

    def moon(tx):
        guild = tx.guilds.get(GUILD)
        return wcagr_clock.on_moon(tx, guild, 1, None)

    assert await services.db.transact(moon) == []
    assert (await sheet_of(services, "Gray")).age_moons == 10
    with pytest.raises(PawpostError, match="^This cat is dead; its player may make a new cat.$"):
        await ageing.gains(services, actor(BOB))


async def test_d6_a_dead_leader_frees_the_slot_and_a_dead_cat_takes_no_rank(services) -> None:
    await wcagr_server(services)
    await make(services, ALICE, name="Bluestar")
    await make(services, ALICE, name="Lionheart")
    await ranks.admin_rank(services, ADMIN_ACTOR, "Bluestar", "leader", "old leader")
    await kill(services, "Bluestar")
    made = await ranks.admin_rank(services, ADMIN_ACTOR, "Lionheart", "leader", "new leader")
    assert made.lines == ["Lionheart's rank is now Leader, with 9 lives."]
    with pytest.raises(PawpostError, match="^This cat is dead; its player may make a new cat.$"):
        await ranks.set_own_rank(services, actor(ALICE), "medicine-cat", character="Bluestar")


async def test_d6_a_dead_cat_neither_eats_nor_treats(services, dice) -> None:
    await wcagr_server(services)
    await make(services, ALICE, name="Jay", rank="medicine-cat")
    await make(services, ALICE, name="Firepaw")
    dice.load(6, 5, 5, 6, 5, 5, 6, 5, 5, 6, 5, 5, 5)  # a small bird onto the pile
    await hunting.hunt(services, actor(ALICE), "small-birds", "listen", character="Firepaw")
    await illness.admin_give(services, ADMIN_ACTOR, "Firepaw", "whitecough", "a cold den")
    await kill(services, "Jay")
    dead = "^This cat is dead; its player may make a new cat.$"
    with pytest.raises(PawpostError, match=dead):
        await freshkill.eat(services, actor(ALICE), character="Jay")
    with pytest.raises(PawpostError, match=dead):
        await illness.treat_cat(services, actor(ALICE), "Firepaw", "catmint, tansy", "Jay")
    with pytest.raises(PawpostError, match=dead):
        await checks.convert_points(services, actor(ALICE), "strength", "spirit", "Jay")


@pytest.mark.parametrize(
    ("state", "word"),
    [({"dead": True}, "dead"), ({"retired": True}, "retired"), ({"hp_lost": 19}, "knocked out")],
)
async def test_d13_a_contest_against_a_cat_that_cannot_roll_back_is_refused_before_any_roll(
    services, dice, db, state, word
) -> None:
    await wcagr_server(services)
    await make(services, ALICE, name="Kitty")
    await make(services, BOB, name="Gray")

    def change(tx):
        found = tx.characters.by_name(GUILD, "Gray")
        found.sheet = found.sheet.changed(**state)
        tx.characters.save_sheet(found)

    await services.db.transact(change)
    before = dump(db.path)
    with pytest.raises(PawpostError, match=f"^Gray is {word} and cannot roll back: no contest.$"):
        await contests.start_contest(services, actor(ALICE), "sneak", "Gray", "see")
    assert dump(db.path) == before  # no die rolled (none is loaded), nothing logged
