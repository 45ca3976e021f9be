"""The moves through their verbs: `/move` (the book's squeeze), Flee!'s three routes and the
Aslaran's floor, Advance!'s added-up results, and Do Battle with one foe."""

from __future__ import annotations

import pytest

from bot.actions.caverns import admin, characters, moves
from rules.caverns.conditions import Condition
from rules.errors import PawpostError
from tests.actions.caverns.helpers import ILSA, party_of_three, sheet
from tests.conftest import ALICE, BOB, CAROL, actor


async def test_the_squeeze_example_8_meets_8_and_5_fails(services, dice) -> None:
    await party_of_three(services)
    dice.load(4, 2)  # "I rolled a 4 and a 2, and my Wood is +2. That's 8, which is just enough."
    made = await moves.roll_move(services, actor(ALICE), "wood", 8, "squeeze through")
    assert made.title == "Brunhild rolls +Wood to squeeze through"
    assert made.lines[:2] == ["2d6 [4, 2] + Wood 2 = **8**", "**Success**: 8 meets 8."]
    dice.load(2, 1)  # "I only rolled a total of 5"
    failed = await moves.roll_move(services, actor(ALICE), "wood", 8, "squeeze through")
    assert failed.lines[1] == "**Failure**: 5 is under 8."


async def test_a_move_defaults_to_difficulty_7_and_shows_doubles(services, dice) -> None:
    await party_of_three(services)
    dice.load(3, 3)
    reply = await moves.roll_move(services, actor(BOB), "wind")
    assert reply.lines == ["2d6 [3, 3] + Wind 0 = **6**", "**Failure**: 6 is under 7.",
                           "Doubles (3 and 3)."]  # fmt: skip
    dice.load(3, 4)
    assert (await moves.roll_move(services, actor(BOB), "harmony")).lines[1] == (
        "**Success**: 10 meets 7."
    )


@pytest.mark.parametrize(
    ("route", "faces", "rolled", "band"),
    [
        ("front-to-back", (5, 5), "2d6 [5, 5] + Wind 0 = **10**", "**10+**: You escape at the end"),
        ("back-to-out", (3, 3), "2d6 [3, 3] + Water 1 = **7**", "**7-9**: You escape at the start"),
        ("front-to-out", (1, 2), "2d6 [1, 2] + Metal 0 = **3**", "**6-**: You fail to escape"),
    ],
)
async def test_flee_rolls_the_route_s_attribute_with_its_band(
    services, dice, route, faces, rolled, band
) -> None:
    await party_of_three(services)
    dice.load(*faces)
    reply = await moves.flee_move(services, actor(BOB), route)
    assert reply.lines[0] == rolled
    assert reply.lines[1].startswith(band)


async def test_an_aslaran_never_flees_below_7_and_a_trill_never_rolls(services, dice) -> None:
    await party_of_three(services)
    await characters.create(
        services, actor(ALICE), **{**ILSA, "name": "Sable", "race": "aslaran", "extra": "water"}
    )
    dice.load(1, 1)
    reply = await moves.flee_move(services, actor(ALICE), "front-to-back", character="Sable")
    assert reply.lines[0] == "2d6 [1, 1] + Wind 1 + 4 to the Aslaran's floor of 7 = **7**"
    assert reply.lines[1].startswith("**7-9**")
    await characters.create(
        services, actor(ALICE), **{**ILSA, "name": "Wisp", "race": "trill", "extra": "water"}
    )
    reply = await moves.flee_move(services, actor(ALICE), "front-to-out", character="Wisp")
    assert reply.lines[0].startswith("A Trill never needs to roll")
    assert reply.lines[1].startswith("**10+**")


async def test_advance_adds_up_its_results(services, dice) -> None:
    await party_of_three(services)
    dice.load(5, 5, 4, 3, 1, 2)
    strong = await moves.advance_move(services, actor(ALICE))
    assert strong.lines[1:] == [
        "**10+**",
        "An awe-inspiring charge: +1 Damage for the rest of the turn.",
        "You advance at a sensible pace and may then take an action as normal.",
    ]
    weak = await moves.advance_move(services, actor(ALICE))
    assert weak.lines[1:] == [
        "**7-9**",
        "You advance at a sensible pace and may then take an action as normal.",
    ]
    miss = await moves.advance_move(services, actor(ALICE))
    assert miss.lines[1:] == [
        "**6-**",
        "You advance slowly: it takes your action for the turn, but you still advance.",
    ]


async def test_s3_6_do_battle_says_what_it_subtracts_and_what_doubles_give(services, dice) -> None:
    # The displays say what they subtract, what armour there is to spend, what doubles give.
    await party_of_three(services)
    dice.load(3, 3)  # 6 + Wood 2 - Urchin's Wind -2 = 10: hit, safe, a Flourish
    reply = await moves.battle(services, actor(ALICE), "urchin")
    assert reply.lines == [
        "2d6 [3, 3] + Wood 2 + 2 minus Urchin's Wind of -2 = **10**",
        "**5+**: Urchin loses 2 Health.",
        "**8+**: you are safe.",
        "Doubles: a Flourish of your weapon.",
    ]
    dice.load(1, 2)  # 3 + 2 + 2 = 7: hit, but the Urchin's Damage 1 comes back
    reply = await moves.battle(services, actor(ALICE), "urchin")
    assert reply.lines[1:] == [
        "**5+**: Urchin loses 2 Health.",
        "**Under 8**: you lose 1 Health (spend a piece of armour to block 3).",
    ]
    dice.load(1, 1)  # 2 + Fire 3 + 2 for the Urchin's Metal -2 = 7; Ilsa wears no armour
    reply = await moves.battle(services, actor(BOB), "urchin")
    assert reply.lines[2] == "**Under 8**: you lose 1 Health (no armour to spend)."
    dice.load(1, 1)  # an implement: Fire 3 minus the foe's Metal; out of its reach
    reply = await moves.battle(services, actor(BOB), "Shade", wind=0, damage=4, in_reach="no")
    assert reply.lines == [
        "2d6 [1, 1] + Fire 3 − 0 Shade's Metal = **5**",
        "**5+**: Shade loses 3 Health.",
        "Under 8, but you are out of its reach.",
        "Doubles: a Flourish from your skills, if any (an implement has no Flourish of its own).",
    ]
    dice.load(6, 5)  # a Bard's Sick Beat inflicts conditions, not damage
    reply = await moves.battle(services, actor(CAROL), "urchin")
    assert reply.lines[1] == "**5+**: the Sick Beat lands: 1 of your chosen conditions."
    with pytest.raises(PawpostError, match="not in the bestiary; give its wind and damage"):
        await moves.battle(services, actor(ALICE), "Shade")


async def test_a_sleeping_character_cannot_move(services, dice) -> None:
    await party_of_three(services)
    await admin.add_condition(services, actor(900, admin=True), "Brunhild", "sleeping")
    with pytest.raises(PawpostError, match="asleep"):
        await moves.advance_move(services, actor(ALICE))
    assert (await sheet(services, "Brunhild")).has_condition(Condition.SLEEPING)
