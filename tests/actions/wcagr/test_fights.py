"""WCAGR fights against a real database with scripted dice: a challenge accepted by button,
initiative, a Swat with its damage, a three-cat wrestle with a tie, a cat squeezing in, a win
that knocks a cat out, pins, refusals that change nothing."""

from __future__ import annotations

import pytest

from bot.actions import buttons
from bot.actions.wcagr import checks, defence, fight_moves, fights, wrestling
from bot.actions.wcagr.export import export_section
from bot.actions.wcagr.fight_timeouts import overdue_fights
from rules.errors import PawpostError
from rules.wcagr import Ability
from tests.actions.wcagr.helpers import button, make, sheet_of
from tests.conftest import ALICE, BOB, CAROL, GUILD, actor, dump


async def wound(services, name: str, hp_lost: int) -> None:
    def change(tx):
        found = tx.characters.by_name(GUILD, name)
        found.sheet = found.sheet.changed(hp_lost=hp_lost)
        tx.characters.save_sheet(found)

    await services.db.transact(change)


async def test_a_challenge_accepted_rolls_initiative_and_a_swat_hits(services, dice, three):
    asked = await fights.start(services, actor(ALICE), "Graypaw")
    assert asked.lines[-1] == "Waiting for Graypaw to accept."
    assert asked.mentions == [BOB]
    with pytest.raises(PawpostError, match="for another player's cat"):
        await buttons.press(services, actor(CAROL), button(asked, "accept"))
    with pytest.raises(PawpostError, match="has not begun"):
        await fight_moves.swat(services, actor(ALICE), "Graypaw")
    dice.load(5, 2)
    begun = await buttons.press(services, actor(BOB), button(asked, "accept"))
    assert begun.lines == [
        "Graypaw accepts.",
        "Firepaw: d6 **5** + Spirit 3 = **8**",
        "Graypaw: d6 **2** + Spirit 3 = **5**",
        "Firepaw's turn: /swat, /bite or /pounce a cat, or /fight flee.",
    ]
    with pytest.raises(PawpostError, match="It is Firepaw's turn, not Graypaw's"):
        await fight_moves.swat(services, actor(BOB), "Firepaw")
    # Swat 14 + Int 2 = 16 vs Jump 7 + Spirit 3 + Jump 1 = 11: a hit, not more than double.
    # Damage: 9 + Strength 4 = 13, more than double Graypaw's Strength 4: 1d4 (2) + 3 = 5.
    dice.load(5, 5, 4, 2, 2, 3, 3, 3, 3, 2)
    swung = await fight_moves.swat(services, actor(ALICE), "Graypaw")
    assert swung.lines == [
        "Firepaw swats at Graypaw.",
        "Firepaw: 3d6 [5, 5, 4] + Intelligence 2 + Swat 0 = **16**",
        "Graypaw: Jump against Firepaw's swat (16): press Jump, or /jump with Spirit points "
        "(3 left) and knacks.",
    ]
    assert swung.mentions == [BOB]
    hit = await buttons.press(services, actor(BOB), button(swung, "defend"))
    assert hit.lines == [
        "Graypaw jumps.",
        "Graypaw: 3d6 [2, 2, 3] + Spirit 3 + Jump 1 = **11**",
        "**A hit.**",
        "Firepaw: 3d6 [3, 3, 3] + Strength 4 = **13**",
        "d4 **2** + 3 more than double Strength 4 = **5**",
        "Graypaw loses 5 HP: 14 of 19 left.",
        "Graypaw's turn: /swat, /bite or /pounce a cat, or /fight flee.",
    ]
    assert (await sheet_of(services, "Graypaw")).hp_lost == 5


async def test_a_bite_is_dishonourable_and_more_than_double_adds_two(services, dice, three):
    asked = await fights.start(services, actor(ALICE), "Graypaw")
    dice.load(5, 2)
    await buttons.press(services, actor(BOB), button(asked, "accept"))
    # Bite 3d6 (6, 5, 4) + Strength 4 + Bite 0 = 19 vs Jump 2+2+1... wait: 1 and 1 would be a
    # critical failure; Jump 2, 1, 2 + 4 = 9: 19 > 18, more than double: +2 on the damage check.
    # Damage 2, 2, 3 + 4 = 11 + 2 = 13 > 8: 1d4 (1) + 3 + Bite 1 = 5.
    dice.load(6, 5, 4, 2, 1, 2, 2, 2, 3, 1)
    asked_jump = await fight_moves.bite(services, actor(ALICE), "Graypaw")
    assert asked_jump.lines[0] == "Firepaw bites at Graypaw (dishonourable)."
    bit = await defence.jump(services, actor(BOB))
    assert "+2 for more than double the Jump: 13." in bit.lines
    assert "d4 **1** + 3 more than double Strength 4 + 1 extra = **5**" in bit.lines


async def test_a_three_cat_wrestle_with_a_tie_then_a_knockout(services, dice, three):
    await wound(services, "Ravenpaw", 12)  # 7 HP left
    asked = await fights.start(services, actor(ALICE), "Graypaw, Ravenpaw")
    await buttons.press(services, actor(BOB), button(asked, "accept"))
    dice.load(6, 3, 1)  # Firepaw 9, Graypaw 6, Ravenpaw 4
    await buttons.press(services, actor(CAROL), button(asked, "accept"))
    # Firepaw pounces: 12 + Int 2 + Pounce 1 = 15 vs Graypaw's Jump 8 + 4 = 12: wrestling.
    dice.load(4, 4, 4, 3, 3, 2)
    await fight_moves.pounce(services, actor(ALICE), "Graypaw")
    pounced = await defence.jump(services, actor(BOB))
    assert "**Firepaw and Graypaw are wrestling.**" in pounced.lines
    assert pounced.lines[-1] == "Graypaw's turn, wrestling: /wrestle to start the roll."
    with pytest.raises(PawpostError, match="is wrestling: /wrestle, or strike with the Belly"):
        await fight_moves.swat(services, actor(BOB), "Firepaw")
    waiting = await wrestling.wrestle(services, actor(BOB), "wrestle")
    assert waiting.lines[-1].startswith("Wrestling: Firepaw chooses /wrestle")
    # Firepaw 10 + Strength 4 = 14, Graypaw 9 + 4 + Wrestle 1 = 14: a tie, nothing happens.
    dice.load(3, 3, 4, 3, 3, 3)
    tied = await buttons.press(services, actor(ALICE), button(waiting, "wrestle"))
    assert "A tie for the highest: nobody gets the upper paw; the wrestle goes on." in tied.lines
    assert tied.lines[-1] == "Ravenpaw's turn: /swat, /bite or /pounce a cat, or /fight flee."
    # Ravenpaw squeezes in: Pounce 7 + 3 = 10 >= the 2 cats wrestling.
    dice.load(2, 2, 3)
    joined = await fight_moves.pounce(services, actor(CAROL), "Firepaw")
    assert "**Ravenpaw squeezes into the wrestle** (3 cats)." in joined.lines
    # Round 2, Firepaw's turn: all three choose; Firepaw wins and hurts Ravenpaw.
    await wrestling.wrestle(services, actor(ALICE), "wrestle", target="Ravenpaw")
    await wrestling.wrestle(services, actor(BOB), "jump")
    dice.load(5, 5, 4, 2, 2, 3, 2, 3, 4, 3, 3, 3, 4)
    won = await wrestling.wrestle(services, actor(CAROL), "wrestle")
    assert won.lines[1:5] == [
        "Firepaw: 3d6 [5, 5, 4] + Strength 4 + Wrestle 0 = **18**",
        "Graypaw: 3d6 [2, 2, 3] + Spirit 3 + Jump 1 = **11**",
        "Ravenpaw: 3d6 [2, 3, 4] + Strength 4 + Wrestle 1 = **14**",
        "**Firepaw has the upper paw** against Ravenpaw.",
    ]
    assert "Ravenpaw loses 7 HP: 0 of 19 left." in won.lines
    assert "**Ravenpaw is knocked out** until healed to at least 1 HP." in won.lines
    assert won.lines[-1] == "Graypaw's turn, wrestling: /wrestle to start the roll."
    status = await fights.status(services, actor(BOB))
    assert status.lines[2] == "Ravenpaw: initiative 4, HP 0 of 19 (out)"
    with pytest.raises(PawpostError, match="knocked out"):
        await fight_moves.swat(services, actor(CAROL), "Firepaw")


async def test_a_pin_holds_the_target_to_its_pinner(services, dice, db, three):
    asked = await fights.start(services, actor(ALICE), "Graypaw")
    dice.load(5, 2)
    await buttons.press(services, actor(BOB), button(asked, "accept"))
    dice.load(4, 4, 4, 3, 3, 2)
    await fight_moves.pounce(services, actor(ALICE), "Graypaw")
    await defence.jump(services, actor(BOB))
    dice.load(5, 5, 4, 2, 2, 3, 1, 2, 3, 1)  # Firepaw wins the roll-off and hurts Graypaw
    await wrestling.wrestle(services, actor(BOB), "wrestle")
    await wrestling.wrestle(services, actor(ALICE), "wrestle")
    before = dump(db.path)
    with pytest.raises(PawpostError, match="does not know the Pin knack"):
        await fight_moves.pin(services, actor(ALICE), "Graypaw")
    assert dump(db.path) == before


async def test_pin_then_the_pinned_cat_may_only_strike_its_pinner(services, dice, three):
    await make(services, ALICE, name="Lionpaw", knacks="Pin, Dash, Hide")
    asked = await fights.start(services, actor(ALICE), "Graypaw, Ravenpaw", character="Lionpaw")
    await buttons.press(services, actor(BOB), button(asked, "accept"))
    dice.load(6, 3, 1)  # Lionpaw, Graypaw, Ravenpaw
    await buttons.press(services, actor(CAROL), button(asked, "accept"))
    with pytest.raises(PawpostError, match="already answered"):
        await buttons.press(services, actor(CAROL), button(asked, "accept"))  # a stale button
    dice.load(4, 4, 4, 3, 3, 2)
    await fight_moves.pounce(services, actor(ALICE), "Graypaw", character="Lionpaw")
    await defence.jump(services, actor(BOB))
    dice.load(5, 5, 4, 2, 2, 3, 3, 1, 2, 3)  # Lionpaw 18 beats Graypaw 12; damage 10: 6 HP
    await wrestling.wrestle(services, actor(BOB), "wrestle")
    await wrestling.wrestle(services, actor(ALICE), "wrestle", character="Lionpaw")
    left = await fights.flee(services, actor(CAROL))  # Ravenpaw's turn: it leaves
    assert left.lines[0] == "Ravenpaw leaves the fight."
    pinned = await fight_moves.pin(services, actor(ALICE), "Graypaw", character="Lionpaw")
    assert pinned.lines[0] == "Lionpaw spends 3 Strength: **Graypaw is pinned**."
    assert pinned.lines[-1] == (
        "Graypaw's turn, wrestling: /wrestle to start the roll. Pinned by Lionpaw: it may only "
        "/wrestle (Wrestle, or Launch), or /swat or /bite its pinner."
    )
    with pytest.raises(PawpostError, match=r"^Pinned, Graypaw can only Wrestle to get free\.$"):
        await wrestling.wrestle(services, actor(BOB), "jump")
    with pytest.raises(PawpostError, match="Graypaw is wrestling: Jump away"):
        await fights.flee(services, actor(BOB))
    # The pinned cat swats its pinner: 3d6 + Int 2 + Swat 1 vs Lionpaw's Jump: a miss.
    dice.load(2, 2, 3, 5, 5, 4)
    await fight_moves.swat(services, actor(BOB), "Lionpaw")
    missed = await defence.jump(services, actor(ALICE), character="Lionpaw")
    assert "**A miss**: Lionpaw jumps clear." in missed.lines
    status = await fights.status(services, actor(BOB))
    assert status.lines[1] == "Graypaw: initiative 6, HP 13 of 19 wrestling pinned"


async def test_a_declined_fight_is_over(services, three):
    asked = await fights.start(services, actor(ALICE), "Graypaw")
    over = await buttons.press(services, actor(BOB), button(asked, "decline"))
    assert over.lines == ["Graypaw declines the fight.", "The fight is over: a cat declined."]
    again = await fights.start(services, actor(ALICE), "Graypaw")  # both are free again
    assert again.lines[-1] == "Waiting for Graypaw to accept."
    section = await services.db.transact(lambda tx: export_section(tx, GUILD), write=False)
    assert [f["state"]["phase"] for f in section["fights"]] == ["over", "asked"]


async def test_a_cat_sprained_elsewhere_cannot_strike_but_limps_away(services, dice, three):
    asked = await fights.start(services, actor(ALICE), "Graypaw")
    dice.load(5, 2)
    await buttons.press(services, actor(BOB), button(asked, "accept"))
    dice.load(1, 1, 3)
    await checks.check(services, actor(ALICE), skill="climb")  # a sprain, outside the fight
    with pytest.raises(PawpostError, match="has a sprain and cannot hunt or fight"):
        await fight_moves.swat(services, actor(ALICE), "Graypaw")
    left = await fights.flee(services, actor(ALICE))
    assert left.lines == [
        "Firepaw leaves the fight.",
        "The fight is over: only one cat is left fighting.",
    ]


async def test_timeouts_remind_once_and_roll_a_waiting_wrestle(services, dice, clock, three):
    from datetime import timedelta

    from bot.actions.germ import combat as germ_combat

    asked = await fights.start(services, actor(ALICE), "Graypaw")
    dice.load(5, 2)
    await buttons.press(services, actor(BOB), button(asked, "accept"))
    later = clock.now + timedelta(hours=25)
    notices, _ = await overdue_fights(services, later)
    [(_, reminder)] = notices
    assert reminder.lines[0] == "This fight has waited 24 h."
    assert reminder.mentions == [ALICE]
    assert (await overdue_fights(services, later))[0] == []  # once
    # Germ's timeouts never read a WCAGR fight from the shared table.
    assert (await germ_combat.overdue_combat_notices(services, later))[0] == []
    clock.now = later
    dice.load(4, 4, 4, 3, 3, 2)
    await fight_moves.pounce(services, actor(ALICE), "Graypaw")
    await defence.jump(services, actor(BOB))
    await wrestling.wrestle(services, actor(BOB), "jump")  # Graypaw's turn; Firepaw never chooses
    # Firepaw wrestles by default: 13 + 4 against Graypaw's Jump 6 + 4: damage 3, 3, 3 + 4.
    dice.load(4, 4, 5, 2, 2, 2, 3, 3, 3, 1)
    notices, _ = await overdue_fights(services, later + timedelta(hours=25))
    [(_, rolled)] = notices
    assert rolled.lines[0] == "After 24 h without a choice, Firepaw wrestles on."
    assert "**Firepaw has the upper paw** against Graypaw." in rolled.lines


async def test_feint_and_mighty_swat(services, dice, knacky):
    # Swat 12 + Int 2 + Swat 1 + Feint 1 = 16 vs Jump 9 + Spirit 3 + Jump 1 = 13: a hit.
    # Damage 9 + 4 = 13 > 8: 1d4 (2) + 3 + Mighty Swat 1 = 6. Feint adds nothing to it.
    dice.load(4, 4, 4, 3, 3, 3, 3, 3, 3, 2)
    swung = await fight_moves.swat(services, actor(ALICE), "Tigerpaw", knacks="Feint, Mighty Swat")
    assert "Lionheart: 3d6 [4, 4, 4] + Intelligence 2 + Swat 1 + Feint 1 = **16**" in swung.lines
    hit = await defence.jump(services, actor(BOB))
    assert "d4 **2** + 3 more than double Strength 4 + 1 extra = **6**" in hit.lines
    assert any("Mighty Swat: 1 extra damage" in line for line in swung.lines)
    sheet = await sheet_of(services, "Lionheart")
    assert sheet.points_left(Ability.STRENGTH) == 2 and sheet.points_left(Ability.INTELLIGENCE) == 1


async def test_chomp_pins_then_lets_go_for_a_second_bite(services, dice, db, knacky):
    # Bite 12 + Str 4 + Bite 1 = 17 vs 13: a hit; damage 13: 1d4 (2) + 3 + Bite 1 = 6.
    dice.load(4, 4, 4, 3, 3, 3, 3, 3, 3, 2)
    await fight_moves.bite(services, actor(ALICE), "Tigerpaw", knacks="Chomp")
    bit = await defence.jump(services, actor(BOB))
    assert "Tigerpaw is pinned by the Chomp until Lionheart's next turn." in bit.lines
    before = dump(db.path)
    with pytest.raises(PawpostError, match="Belly Rake cannot be used while your opponent pins"):
        await fight_moves.swat(services, actor(BOB), "Lionheart", knacks="Belly Rake")
    assert dump(db.path) == before
    # Pinned, Tigerpaw swats its pinner and misses (6 + 2 + 0 vs 15 + 3 + 0).
    dice.load(2, 2, 2, 5, 5, 5)
    await fight_moves.swat(services, actor(BOB), "Lionheart")
    await defence.jump(services, actor(ALICE))
    # Lionheart's turn: it lets go, biting again: 9 + 4 = 13: 1d4 (3) + 3 + 1 = 7.
    dice.load(3, 3, 3, 3)
    again = await fight_moves.chomp(services, actor(ALICE), "let-go")
    assert again.lines[0] == "Lionheart lets go of Tigerpaw, biting again."
    assert "Tigerpaw loses 7 HP: 6 of 19 left." in again.lines
    status = await fights.status(services, actor(BOB))
    assert "pinned" not in status.lines[1]


async def test_launch_throws_the_loser_who_loses_its_next_action(services, dice, knacky):
    dice.load(2, 2, 2, 5, 5, 5)  # Lionheart's Swat misses
    await fight_moves.swat(services, actor(ALICE), "Tigerpaw")
    await defence.jump(services, actor(BOB))
    dice.load(4, 4, 4, 2, 2, 2)  # Tigerpaw pounces: 15 vs Lionheart's Jump 9: wrestling
    await fight_moves.pounce(services, actor(BOB), "Lionheart")
    await defence.jump(services, actor(ALICE))
    await wrestling.wrestle(services, actor(ALICE), "wrestle")
    # Launch x2 would cost 6 Strength points of Tigerpaw's 4. With one: Tigerpaw (first in its
    # wrestle) 12 + 5 = 17, Lionheart 6 + 5 = 11; damage 9 + 4 = 13: 1d4 (1) + 3 = 4.
    dice.load(4, 4, 4, 2, 2, 2, 3, 3, 3, 1)
    with pytest.raises(PawpostError, match="needs 6 Strength"):
        await wrestling.wrestle(services, actor(BOB), "wrestle", knacks="Launch x2")
    thrown = await wrestling.wrestle(services, actor(BOB), "wrestle", knacks="Launch")
    assert (
        "Lionheart is launched 2 body lengths away and spends its next action finding its feet."
        in thrown.lines
    )
    # Round 3 skips Lionheart: Tigerpaw is on turn again.
    assert thrown.lines[-1] == "Tigerpaw's turn: /swat, /bite or /pounce a cat, or /fight flee."
    with pytest.raises(PawpostError, match="Belly Rake needs the target in your wrestle"):
        await fight_moves.swat(services, actor(BOB), "Lionheart", knacks="Belly Rake")
