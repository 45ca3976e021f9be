"""The party's rests through `/rest`: both rests' three bands on a party of three with rations
and torches, Make Camp, who is in the party, the experience questions as the admins' buttons,
and the level-up's Advanced skill, picked even after a restart."""

from __future__ import annotations

import pytest

from bot.actions import buttons
from bot.actions.caverns import admin, characters, moves
from bot.actions.caverns.party import members, rests
from bot.actions.reply import Reply
from rules.caverns.catalogue import ItemKind
from rules.caverns.records import Item
from rules.errors import PawpostError
from storage.database import Database
from tests.actions.caverns.helpers import (
    BRUNHILD,
    hurt,
    ids,
    kill,
    party_of_three,
    set_sheet,
    sheet,
)
from tests.conftest import ADMIN, ALICE, BOB, CAROL, actor, dump

ADMIN_ACTOR = actor(ADMIN, admin=True)


async def worn_out(services) -> None:  # type: ignore[no-untyped-def]
    """After a hard fight: Health, Harmony, Vitae down; few rations; torches spread unevenly."""
    await set_sheet(services, "Brunhild", health=2, harmony=0, rations=1, torches=1)
    await set_sheet(services, "Ilsa", health=1, harmony=1, rations=0, torches=3, vitae=1)
    await set_sheet(services, "Piper", health=1, harmony=-1, rations=5, torches=0, vitae=2)


def member(reply: Reply, name: str) -> str:
    return next(field.value for field in reply.fields if field.name == name)


async def numbers(services, name: str) -> tuple[int, int, int, int, int]:  # type: ignore[no-untyped-def]
    found = await sheet(services, name)
    return found.health, found.harmony, found.vitae, found.rations, found.torches


async def test_a_short_rest_10_plus_restores_everyone_for_free(services, dice) -> None:
    await party_of_three(services)
    await worn_out(services)
    dice.load(5, 5)
    reply = await rests.rest_short(services, actor(BOB))
    assert reply.title == "The channel's party: a Short Rest"
    assert reply.lines[:3] == [
        "<#10>'s party rests.",
        "2d6 [5, 5] = **10**",
        "**10+**: Everyone recovers all Health and regains one Harmony, at no cost.",
    ]
    assert await numbers(services, "Brunhild") == (7, 2, 3, 1, 1)  # a Human gains 2 Harmony
    assert await numbers(services, "Ilsa") == (4, 2, 1, 0, 3)
    assert await numbers(services, "Piper") == (3, 0, 2, 5, 0)


async def test_a_short_rest_7_to_9_costs_one_torch_and_a_ration_each(services, dice) -> None:
    await party_of_three(services)
    await worn_out(services)
    dice.load(3, 4)
    reply = await rests.rest_short(services, actor(BOB))
    assert reply.lines[2].startswith("**7-9**: Everyone recovers all Health and regains one")
    assert await numbers(services, "Brunhild") == (7, 2, 3, 0, 1)
    assert await numbers(services, "Ilsa") == (4, 2, 1, 0, 2)  # the most torches: Ilsa's burns
    assert await numbers(services, "Piper") == (3, 0, 2, 4, 0)
    assert "lit the party's torch" in member(reply, "Ilsa")
    assert "**had no ration to eat: the MC decides what that costs**" in member(reply, "Ilsa")
    assert "ate a ration" in member(reply, "Brunhild")


async def test_a_short_rest_6_or_less_heals_only_water_at_the_same_cost(services, dice) -> None:
    await party_of_three(services)
    await worn_out(services)
    dice.load(1, 2)
    reply = await rests.rest_short(services, actor(ALICE))
    assert reply.lines[2] == (
        "**6-**: Everyone recovers Health equal to their Water, for the same torch and rations."
    )
    assert await numbers(services, "Brunhild") == (4, 0, 3, 0, 1)  # Water +2
    assert await numbers(services, "Ilsa") == (2, 1, 1, 0, 2)  # Water +1
    assert await numbers(services, "Piper") == (2, -1, 2, 4, 0)


async def test_nobody_carrying_a_torch_is_flagged(services, dice) -> None:
    await party_of_three(services)
    for name in ("Brunhild", "Ilsa", "Piper"):
        await set_sheet(services, name, torches=0)
    dice.load(3, 4)
    reply = await rests.rest_short(services, actor(ALICE))
    assert "**Nobody carried a torch to burn: the MC decides what the dark costs.**" in reply.lines


async def test_a_long_rest_s_three_bands_and_the_restocking(services, dice) -> None:
    await party_of_three(services)
    await worn_out(services)
    broken = Item(name="Helmet", kind=ItemKind.ARMOUR, broken=True)
    kit = (await sheet(services, "Brunhild")).equipment
    await set_sheet(services, "Brunhild", equipment=(*kit[:-1], broken))
    dice.load(6, 4)
    strong = await rests.rest_long(services, actor(ALICE))
    assert strong.lines[2] == (
        "**10+**: Everyone restores all Health and Vitae, and their broken items are repaired."
    )
    assert await numbers(services, "Brunhild") == (7, 0, 3, 10, 3)
    assert await numbers(services, "Ilsa") == (4, 1, 6, 10, 3)
    assert await numbers(services, "Piper") == (3, 0, 6, 10, 3)  # -1 rises to 0 (RULINGS)
    assert "repaired: Helmet" in member(strong, "Brunhild")
    assert "restocked +9 rations and +2 torches" in member(strong, "Brunhild")
    assert not (await sheet(services, "Brunhild")).broken_items

    await worn_out(services)
    dice.load(4, 4)
    weak = await rests.rest_long(services, actor(ALICE))
    assert weak.lines[2] == (
        "**7-9**: Everyone restores one Vitae and all Health, and Harmony resets to 0."
    )
    assert await numbers(services, "Ilsa") == (4, 0, 2, 10, 3)
    assert await numbers(services, "Piper") == (3, 0, 3, 10, 3)

    await worn_out(services)
    dice.load(2, 3)
    miss = await rests.rest_long(services, actor(ALICE))
    assert miss.lines[2] == (
        "**6-**: Everyone restores all Health and Harmony resets to 0; Vitae is unchanged."
    )
    assert await numbers(services, "Ilsa") == (4, 0, 1, 10, 3)
    assert await numbers(services, "Piper") == (3, 0, 2, 10, 3)


async def test_the_carrying_limit_is_the_server_s(services, dice, db) -> None:
    await party_of_three(services)
    await worn_out(services)
    reply = await admin.carrying(services, ADMIN_ACTOR, rations=5, torches=2)
    assert reply.lines == ["A Long Rest now restocks up to 5 rations and 2 torches each."]
    dice.load(4, 4)
    await rests.rest_long(services, actor(ALICE))
    assert (await numbers(services, "Brunhild"))[3:] == (5, 2)
    assert (await numbers(services, "Ilsa"))[3:] == (5, 3)  # more than the limit: kept
    before = dump(db.path)
    with pytest.raises(PawpostError, match="^Only an admin"):
        await admin.carrying(services, actor(ALICE), rations=50, torches=9)
    assert dump(db.path) == before


async def test_make_camp_adds_3_and_an_elfen_s_harmony_resets_to_3(services, dice) -> None:
    await party_of_three(services)
    await characters.create(
        services,
        actor(ALICE),
        **{**BRUNHILD, "name": "Lark", "race": "elfen", "advanced": "Make Camp"},
    )
    dice.load(2, 3)
    reply = await rests.rest_long(services, actor(ALICE), character="Lark")
    assert reply.lines[1:3] == [
        "2d6 [2, 3] + Make Camp 3 = **8**",
        "**7-9**: Everyone restores one Vitae and all Health, and Harmony resets to 0.",
    ]
    assert (await sheet(services, "Lark")).harmony == 3
    assert (await sheet(services, "Brunhild")).harmony == 0


async def test_a_party_is_a_channel_unless_an_admin_groups_it(services, dice) -> None:
    await party_of_three(services)
    reply = await admin.set_party(services, ADMIN_ACTOR, "Piper", "The Lanterns")
    assert reply.lines == ["Piper is now in The Lanterns."]
    shown = await members.show(services, actor(ALICE))
    assert shown.title == "The channel's party"
    assert [line.split(":")[0] for line in shown.lines[1:3]] == ["**Brunhild**", "**Ilsa**"]
    assert shown.lines[-1] == "6 torches, carried by Brunhild, Ilsa."
    dice.load(5, 5)
    rested = await rests.rest_short(services, actor(ALICE))
    assert [field.name for field in rested.fields] == ["Brunhild", "Ilsa"]
    # Playing in another channel, Ilsa follows; Piper stays in her party wherever she plays.
    await members.show(services, actor(BOB, channel=11))
    await members.show(services, actor(CAROL, channel=11))
    theirs = await members.show(services, actor(CAROL, channel=11))
    assert theirs.title == "The Lanterns" and "**Piper**" in theirs.lines[1]
    elsewhere = await members.show(services, actor(BOB, channel=11))
    assert (
        elsewhere.lines[0].startswith("<#11>'s party: level 1") and "**Ilsa**" in elsewhere.lines[1]
    )
    await admin.set_party(services, actor(ADMIN, admin=True, channel=11), "Piper", "channel")
    joined = await members.show(services, actor(CAROL, channel=11))
    assert joined.lines[0].startswith("<#11>'s party") and len(joined.lines) == 4
    with pytest.raises(PawpostError, match="^Only an admin"):
        await admin.set_party(services, actor(ALICE), "Piper", "Mine")
    # an admin rolling for Brunhild from another channel does not move her
    dice.load(3, 4)
    await moves.roll_move(
        services, actor(ADMIN, admin=True, channel=12), "wood", character="Brunhild"
    )
    home = await members.show(services, actor(ALICE))
    assert home.lines[0].startswith("<#10>'s party") and "**Brunhild**" in home.lines[1]


async def test_an_admin_rests_the_channel_s_party_and_others_cannot(services, dice) -> None:
    await party_of_three(services)
    dice.load(5, 5)
    reply = await rests.rest_short(services, ADMIN_ACTOR)
    assert [field.name for field in reply.fields] == ["Brunhild", "Ilsa", "Piper"]
    with pytest.raises(PawpostError, match="no character in this server"):
        await rests.rest_short(services, actor(404))


async def long_rest_answered(services, dice, answers: tuple[bool, bool, bool]) -> Reply:  # type: ignore[no-untyped-def]
    dice.load(4, 4)
    reply = await rests.rest_long(services, actor(ALICE))
    buttons_by_label = ids(reply)
    answer: Reply = reply
    for number, yes in enumerate(answers, start=1):
        label = f"Question {number}: {'yes' if yes else 'no'}"
        answer = await buttons.press(services, ADMIN_ACTOR, buttons_by_label[label])
    return answer


async def test_the_experience_questions_and_a_level_up(services, dice, db) -> None:
    await party_of_three(services)
    dice.load(4, 4)
    reply = await rests.rest_long(services, actor(ALICE))
    assert reply.lines[-4:] == [
        "The MC answers the experience questions (admins, one button each):",
        "1. Has the party experienced a serious setback since our last rest?",
        "2. Has the party explored new caverns or encountered new creatures since our last rest?",
        "3. Has the party accomplished anything else significant since our last rest?",
    ]
    by_label = ids(reply)
    before = dump(db.path)
    with pytest.raises(PawpostError, match="^Only an admin"):
        await buttons.press(services, actor(ALICE), by_label["Question 1: yes"])
    assert dump(db.path) == before
    first = await buttons.press(services, ADMIN_ACTOR, by_label["Question 1: yes"])
    assert first.lines == ["Question 1: yes."]
    with pytest.raises(PawpostError, match=r"^Question 1 is answered already\.$"):
        await buttons.press(services, ADMIN_ACTOR, by_label["Question 1: no"])
    await buttons.press(services, ADMIN_ACTOR, by_label["Question 2: yes"])
    third = await buttons.press(services, ADMIN_ACTOR, by_label["Question 3: no"])
    assert third.lines == [
        "Question 3: no.",
        "The party gains 2 experience.",
        "Experience 2 of 4 for level 2.",
    ]
    with pytest.raises(PawpostError, match="counted already"):
        await buttons.press(services, ADMIN_ACTOR, by_label["Question 2: no"])
    levelled = await long_rest_answered(services, dice, (True, True, False))
    assert levelled.lines[1:] == [
        "The party gains 2 experience.",
        "**The party reaches level 2!** Each member gains a level and picks an Advanced skill "
        "of their class.",
    ]
    assert [(await sheet(services, n)).level for n in ("Brunhild", "Ilsa", "Piper")] == [2, 2, 2]
    shown = await members.show(services, actor(ALICE))
    assert shown.lines[0] == "<#10>'s party: level 2, experience 0 of 5."
    # The prompt survives a restart: its buttons name the character, the owed skill is stored.
    path = db.path
    await services.db.close()
    services.db = await Database.open(path)
    choose = ids(levelled)["Brunhild: pick an Advanced skill"]
    with pytest.raises(PawpostError, match="^Only Brunhild's player or an admin"):
        await buttons.press(services, actor(BOB), choose)
    offered = await buttons.press(services, actor(ALICE), choose)
    assert offered.select is not None and offered.ephemeral
    values = [option.value for option in offered.select.options]
    assert "combat:parry" not in values and "combat:cleave" in values
    learned = await buttons.press(
        services, actor(ALICE), offered.select.custom_id, ["combat:cleave"]
    )
    assert learned.lines == [
        "Brunhild learns Cleave (Combat): Add Area as a Flourish to your weapon attacks."
    ]
    assert "combat:cleave" in (await sheet(services, "Brunhild")).skills
    with pytest.raises(PawpostError, match="no Advanced skill to pick now"):
        await buttons.press(services, actor(ALICE), offered.select.custom_id, ["combat:crush"])
    typed = await rests.learn_skill(services, actor(BOB), "Fear")
    assert typed.lines[0].startswith("Ilsa learns Fear (Magery)")
    with pytest.raises(PawpostError, match="Greater Implement|no new Advanced skill"):
        await rests.learn_skill(services, actor(CAROL), "Greater Implement")


async def test_health_the_mc_takes_and_a_viscanti_s_wounds(services, dice, db) -> None:
    await party_of_three(services)
    assert await hurt(services, "Brunhild", 5) == ["Brunhild loses 5 Health: 2 / 7."]
    await hurt(services, "Ilsa", 2, "viscanti")
    dice.load(5, 5)
    await rests.rest_short(services, actor(ALICE))
    assert (await sheet(services, "Brunhild")).health == 7
    assert (await sheet(services, "Ilsa")).health == 2  # a Viscanti's wounds wait for a Long Rest
    dice.load(5, 5)
    await rests.rest_long(services, actor(ALICE))
    assert (await sheet(services, "Ilsa")).health == 4
    before = dump(db.path)
    from bot.actions.gm import life

    with pytest.raises(PawpostError, match="^Only an admin"):
        await life.damage(services, actor(ALICE), "Ilsa", 1, "a blow")
    assert dump(db.path) == before


async def test_vitality_holds_against_the_mc_s_killing_blow_while_harmony_can_pay(
    services,
) -> None:
    await party_of_three(services)
    piper = await sheet(services, "Piper")
    await set_sheet(services, "Piper", skills=(*piper.skills, "athletics:vitality"), harmony=-2)
    held = await hurt(services, "Piper", 9)
    assert held == [
        "Piper loses 3 Health: 0 / 3.",
        "Piper would die, but Vitality holds: 1 Harmony spent (-3), 1 Health left.",
    ]
    after = await sheet(services, "Piper")
    assert (after.health, after.harmony, after.is_dead) == (1, -3, False)
    died = await hurt(services, "Piper", 1)  # Harmony is at -3 now
    assert died == [
        "Piper loses 1 Health: 0 / 3.",
        "Piper dies.",
        "Piper marks off 1 Vitae (5 left) and comes back at full Health.",
    ]


async def test_d1_a_death_outside_a_battle_comes_back_by_vitae_and_never_blocks_a_rest(
    services, dice
) -> None:
    from bot.actions.caverns.battle import rows as battle

    await party_of_three(services)
    died = await hurt(services, "Ilsa", 4)
    assert died == [
        "Ilsa loses 4 Health: 0 / 4.",
        "Ilsa dies.",
        "Ilsa marks off 1 Vitae (5 left) and comes back at full Health.",
    ]
    ilsa = await sheet(services, "Ilsa")
    assert (ilsa.health, ilsa.vitae) == (4, 5)
    # The MC's kill holds the return: the party's next rest brings her back, and rests.
    held = await kill(services, "Ilsa")
    assert held == ["Ilsa dies, and comes back by Vitae at the party's next rest."]
    dice.load(5, 5)
    rested = await rests.rest_short(services, actor(ALICE))
    assert rested.lines[1] == "Ilsa marks off 1 Vitae (4 left) and comes back at full Health."
    assert "Ilsa" in [f.name for f in rested.fields]
    # One with no Vitae left retires, and the others rest all the same.
    await set_sheet(services, "Ilsa", vitae=0)
    await kill(services, "Ilsa")
    dice.load(5, 5)
    rested = await rests.rest_short(services, actor(ALICE))
    assert rested.lines[1] == "Ilsa has no Vitae left and retires from adventuring."
    assert [f.name for f in rested.fields] == ["Brunhild", "Piper"]
    # Killed in a battle's middle by the MC, Piper lies dead there until its end.
    await battle.start(services, ADMIN_ACTOR)
    await battle.join(services, actor(CAROL), "back")
    fallen = await hurt(services, "Piper", 3)
    assert fallen[-2:] == [
        "Piper dies.",
        "Piper lies dead in the battle; its end brings them back by Vitae.",
    ]
    ended = await battle.end(services, ADMIN_ACTOR)
    assert "Piper marks off 1 Vitae (5 left) and returns at full Health." in ended.lines
