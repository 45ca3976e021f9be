"""WCAGR's part of the GM toolkit (audit D16, issue 24): an admin's skip for an absent fighter
in each wait of a fight, wounds as HP with the death roll, a kill and a revival, and every
sheet value set through the sheet's own model, each undoable."""

from __future__ import annotations

import pytest

from bot.actions import buttons
from bot.actions.gm import life, scenes, undo
from bot.actions.gm import sheet as gm_sheet
from bot.actions.wcagr import fight_moves, fights, hunting, ranks, wrestling
from rules.errors import PawpostError
from rules.life import Life
from rules.wcagr import Ability, Skill
from tests.actions.wcagr.helpers import button, sheet_of
from tests.conftest import ADMIN, ALICE, BOB, CAROL, GUILD, actor, dump
from tests.query_plans import planned, recorded

BOSS = actor(ADMIN, admin=True)


def entry_of(reply) -> int:
    return int(reply.footer.split("#")[1].split(" ")[0])


async def life_of(services, name: str) -> Life:
    found = await services.db.transact(lambda tx: tx.characters.by_name(GUILD, name), write=False)
    return found.life


async def started(services, dice) -> None:
    asked = await fights.start(services, actor(ALICE), "Graypaw")
    dice.load(5, 2)  # Firepaw 8, Graypaw 5
    await buttons.press(services, actor(BOB), button(asked, "accept"))


async def test_a_skip_before_the_fight_begins_names_who_has_not_accepted(
    services, db, three
) -> None:
    await fights.start(services, actor(ALICE), "Graypaw")
    before = dump(db.path)
    with pytest.raises(
        PawpostError,
        match=r"^The fight has not begun: it waits for Graypaw to accept; /admin scene end",
    ):
        await scenes.skip(services, BOSS, "Firepaw")
    assert dump(db.path) == before


async def test_d16_an_admin_skips_an_absent_fighter_in_each_wait(services, dice, three) -> None:
    await started(services, dice)
    with pytest.raises(PawpostError, match="The fight waits for Firepaw, not that cat"):
        await scenes.skip(services, BOSS, "Graypaw")
    passed = await scenes.skip(services, BOSS, "Firepaw")  # Firepaw's turn passes
    assert passed.lines[:2] == [
        "An admin passes Firepaw's turn.",
        "Graypaw's turn: /swat, /bite or /pounce a cat, or /fight flee.",
    ]
    dice.load(4, 4, 4)  # Graypaw pounces: 12 + 2 + 0 = 14
    await fight_moves.pounce(services, actor(BOB), "Firepaw")
    dice.load(2, 2, 2)  # Firepaw's player is away: the admin's skip jumps plain, 6 + 3 + 0 = 9
    jumped = await scenes.skip(services, BOSS)
    assert jumped.lines[:2] == [
        "On an admin's skip, Firepaw jumps as it stands.",
        "Firepaw: 3d6 [2, 2, 2] + Spirit 3 + Jump 0 = **9**",
    ]
    assert "**Graypaw and Firepaw are wrestling.**" in jumped.lines
    await wrestling.wrestle(services, actor(ALICE), "wrestle")  # round 2, Firepaw's turn
    # Graypaw never chooses: the skip has it wrestle on, and the wrestle is rolled.
    dice.load(3, 3, 3, 3, 3, 4)  # Graypaw 9 + 4 + 1 = 14, Firepaw 10 + 4 = 14: a tie
    rolled = await scenes.skip(services, BOSS, "Graypaw")
    assert rolled.lines[0] == "An admin passes on: Graypaw wrestles on."
    assert "A tie for the highest: nobody gets the upper paw; the wrestle goes on." in rolled.lines
    ended = await scenes.end(services, BOSS, "the patrol arrives", "Firepaw")
    assert ended.lines == ["The fight is over: an admin ended it (the patrol arrives)."]
    with pytest.raises(PawpostError, match="Firepaw is in no open scene"):
        await scenes.end(services, BOSS, "again", "Firepaw")


async def test_the_older_fight_end_stays_as_an_alias_of_scene_end(services, dice, three) -> None:
    await started(services, dice)
    ended = await fights.admin_end(services, BOSS, "Graypaw", "a storm")
    assert ended.lines == ["The fight is over: an admin ended it (a storm)."]


async def test_d16_wounds_heal_and_the_death_roll(services, dice, db, three) -> None:
    # Firepaw: 19 HP, Strength 4 + Spirit 3: at -7 or below the death roll.
    hurt = await life.damage(services, BOSS, "Firepaw", 19, "a fox")
    assert hurt.lines[:2] == [
        "Firepaw loses 19 HP: 0 of 19 left.",
        "**Firepaw is knocked out** until healed to at least 1 HP.",
    ]
    dice.load(5, 6)  # the death roll: 11, it clings to life
    worse = await life.damage(services, BOSS, "Firepaw", 7, "the fox again")
    assert worse.lines[:2] == [
        "Firepaw loses 7 HP: -7 of 19 left.",
        "Firepaw's death roll: 2d6 [5, 6] = **11**",
    ]
    healed = await life.heal(services, BOSS, "Firepaw", 10, "moss and cobwebs")
    assert healed.lines[:2] == ["Firepaw heals 10 HP: 3 of 19.", "Firepaw comes round."]
    await undo.undo(services, BOSS, entry_of(healed))
    assert (await sheet_of(services, "Firepaw")).hp == -7
    dice.load(1, 2)  # at -8, the death roll of 3: dead
    dead = await life.damage(services, BOSS, "Firepaw", 1, "a last blow")
    assert "**Firepaw dies**, beyond the help of medicine." in dead.lines
    assert await life_of(services, "Firepaw") is Life.DEAD
    with pytest.raises(PawpostError, match="Firepaw is dead; /admin revive comes first"):
        await life.heal(services, BOSS, "Firepaw", 1, "too late")


async def test_d16_kill_leaves_the_fight_and_revive_wakes_at_one_hp(services, dice, three) -> None:
    await ranks.admin_rank(services, BOSS, "Firepaw", "deputy", "the leader's choice")
    await started(services, dice)
    dice.load(4, 4, 4)
    await hunting.hunt(services, actor(CAROL), "vole", "listen", stages=1)
    killed = await life.kill(services, BOSS, "Firepaw", "a monster on the Thunderpath")
    assert killed.lines[:2] == [
        "Firepaw is dead; its player may make a new cat.",
        "Firepaw leaves the fight: it is dead.",
    ]
    status = await fights.status(services, BOSS, fight=1)
    assert status.lines[-1] == "The fight is over: only one cat is left fighting."
    await ranks.admin_rank(services, BOSS, "Graypaw", "deputy", "a new deputy")
    back = await life.revive(services, BOSS, "Firepaw", "StarClan sent it back")
    assert back.lines[:2] == [
        "Firepaw lives again.",
        "Firepaw's place as deputy was taken meanwhile: no rank.",
    ]
    revived = await sheet_of(services, "Firepaw")
    assert (revived.dead, revived.rank) == (False, None)
    assert await life_of(services, "Firepaw") is Life.ACTIVE


async def test_d16_every_sheet_value_is_set_through_the_sheets_model(
    services, dice, db, three
) -> None:
    shown = await gm_sheet.show(services, BOSS, "Firepaw")
    names = [f.name for f in shown.fields]
    assert names[:9] == [
        "State",
        "Strength",
        "Intelligence",
        "Spirit",
        "Strength points",
        "Intelligence points",
        "Spirit points",
        "HP",
        "Age",
    ]
    assert "Skill: Sneak" in shown.lines[-1] and "Knack: Yowl" in shown.lines[-1]
    stronger = await gm_sheet.set_field(services, BOSS, "Firepaw", "Strength", "5", "it grew")
    assert stronger.lines[:2] == ["**Strength**: 4 → 5", "HP: 19 of 19 → 20 of 20."]
    sheet = await sheet_of(services, "Firepaw")
    assert (sheet.score(Ability.STRENGTH), sheet.points_left(Ability.STRENGTH)) == (5, 5)
    before = dump(db.path)
    for field, value, said in (
        ("Strength", "11", "Strength is 1 to 10; you gave 11."),
        # Strength 5 + Spirit 3: below -8 HP is past the death roll's edge (l.425)
        ("HP", "-9", "HP is -8 to 20; you gave -9."),
        ("Skill: Sneak", "6", "Skill: Sneak is 0 to 5; you gave 6."),
        ("Knack: Dodge", "4", "Knack: Dodge is 0 to 3; you gave 4."),
        ("Rank", "bloodwatch-patrol", "ThunderClan has no such rank"),
        ("Lives", "3", "Only a Clan's leader has lives"),
        ("Illness", "the sniffles", "Illness is one of whitecough"),
        ("Clan", "the moon", "Clan is one of thunderclan"),
    ):
        with pytest.raises(PawpostError, match=said):
            await gm_sheet.set_field(services, BOSS, "Firepaw", field, value, "a typo")
    assert dump(db.path) == before
    await gm_sheet.set_field(services, BOSS, "Firepaw", "Skill: Sneak", "3", "trained")
    assert (await sheet_of(services, "Firepaw")).skill(Skill.SNEAK) == 3
    wounded = await gm_sheet.set_field(services, BOSS, "Firepaw", "HP", "5", "a rockfall")
    assert wounded.lines[0] == "**HP**: 20 of 20 → 5 of 20"
    edge = await gm_sheet.set_field(services, BOSS, "Firepaw", "HP", "-8", "a fall")
    assert edge.lines[0] == "**HP**: 5 of 20 → -8 of 20"
    await ranks.admin_rank(services, BOSS, "Graypaw", "leader", "the old leader")
    with pytest.raises(PawpostError, match="ThunderClan already has its leader"):
        await gm_sheet.set_field(services, BOSS, "Firepaw", "Rank", "leader", "a coup")
    made = await gm_sheet.set_field(services, BOSS, "Ravenpaw", "Rank", "elite", "chosen")
    assert made.lines[0] == "**Rank**: — → elite"
    retired = await gm_sheet.set_field(services, BOSS, "Ravenpaw", "State", "retired", "old")
    assert retired.lines[0] == "**State**: active → retired"
    assert (await sheet_of(services, "Ravenpaw")).rank.value == "elder"
    await undo.undo(services, BOSS, entry_of(retired))
    assert await life_of(services, "Ravenpaw") is Life.ACTIVE


async def test_scene_status_lists_a_going_hunt_and_end_gives_it_up(
    services, dice, db, clock, three
) -> None:
    """Issue 24: a WCAGR hunt is a scene of the toolkit: status lists it with its hunters and
    stage, skip says a hunt has no turns (nothing changes), end gives the prey up and each
    hunter's line in the hunting log ends as the hunt stood."""
    dice.load(4, 4, 4)  # Mice: Locate DC 17, Spirit 3 + Listen 1: 16 fails, a try left
    await hunting.hunt(services, actor(ALICE), "mice", "listen")
    await hunting.join_hunt(services, actor(BOB), 1)
    clock.advance(minutes=75)
    listed = await scenes.status(services, BOSS)
    assert listed.lines[0] == (
        f"Hunt #1 in <#{BOSS.channel_id}> (Firepaw, Graypaw): at Locate (DC 17), 1 of 2 tries "
        "spent; any hunter rolls on with /hunt continue, waiting 1 h 15 min"
    )
    before = dump(db.path)
    with pytest.raises(PawpostError, match=r"^Hunt #1 has no turns to pass: any of its hunters"):
        await scenes.skip(services, BOSS, "Graypaw")
    assert dump(db.path) == before
    ended = await scenes.end(services, BOSS, "the session is over", "Graypaw")
    assert ended.title == "Hunt 1: Mice"
    assert ended.lines == [
        "An admin ends the hunt: the mouse is given up. Reason: the session is over"
    ]
    assert (await hunting.status(services, actor(ALICE), hunt=1)).lines[-1] == (
        "Over: the prey was abandoned."
    )
    assert (await scenes.status(services, BOSS)).lines == ["No scene is open in this server."]
    logged = await services.db.transact(
        lambda tx: [
            h.outcome.value
            for cat in (1, 2)
            for h in tx.hunting.hunts_of(GUILD, cat, before_id=None, limit=5)
        ],
        write=False,
    )
    assert logged == ["no-prey", "no-prey"]
    with pytest.raises(PawpostError, match="Firepaw is on no hunt"):
        await hunting.continue_hunt(services, actor(ALICE))
    with pytest.raises(PawpostError, match="Graypaw is in no open scene"):
        await scenes.end(services, BOSS, "again", "Graypaw")


async def test_a_hunt_alone_in_its_channel_is_found_without_a_name(services, dice, three) -> None:
    dice.load(4, 4, 4)
    await hunting.hunt(services, actor(ALICE), "mice", "listen")
    ended = await scenes.end(services, BOSS, "called off")
    assert ended.lines[0].startswith("An admin ends the hunt")


async def test_the_going_hunts_are_listed_from_an_index(
    services, dice, db, monkeypatch, three
) -> None:
    dice.load(4, 4, 4)
    await hunting.hunt(services, actor(ALICE), "mice", "listen")
    async with recorded(db, monkeypatch) as statements:
        await scenes.status(services, BOSS)
    ours = [(sql, p) for sql, p in statements if "FROM wcagr_hunts WHERE" in sql]
    assert len(ours) == 1
    [(sql, plan)] = planned(db, ours).items()
    assert not plan.scans and "wcagr_hunts_going" in plan.indexes, (sql, plan)
