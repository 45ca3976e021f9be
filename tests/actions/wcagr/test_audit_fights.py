"""The WCAGR audit's fight defects (audits/wcagr.md D1-D4, D9, D11, D14, D15 and §3 item 5),
each against a real database with scripted dice."""

from __future__ import annotations

import logging
from datetime import timedelta

import pytest

from bot.actions import buttons
from bot.actions.wcagr import (
    checks,
    defence,
    fight_moves,
    fight_timeouts,
    fights,
    knacks,
    wrestling,
)
from bot.actions.wcagr.fight_timeouts import overdue_fights
from bot.commands.wcagr import ALONE_KNACKS
from rules.errors import PawpostError
from rules.wcagr import Ability
from tests.actions.wcagr.helpers import button, make, sheet_of, wcagr_server
from tests.conftest import ADMIN, ALICE, BOB, CAROL, actor, dump


async def wrestling_pair(services, dice) -> None:
    """Firepaw (on turn first) pounces Graypaw, who jumps plain: they wrestle; Graypaw's turn."""
    asked = await fights.start(services, actor(ALICE), "Graypaw")
    dice.load(5, 2)
    await buttons.press(services, actor(BOB), button(asked, "accept"))
    dice.load(4, 4, 4, 3, 3, 2)  # Pounce 12 + 2 + 1 = 15 against Jump 8 + 3 + 1 = 12
    await fight_moves.pounce(services, actor(ALICE), "Graypaw")
    await defence.jump(services, actor(BOB))


async def test_d1_a_wrestle_choice_that_cannot_be_made_is_refused_at_once(
    services, dice, db, three
):
    await wrestling_pair(services, dice)
    before = dump(db.path)
    with pytest.raises(PawpostError, match="Alertness only helps Listen, See or Smell checks"):
        await wrestling.wrestle(services, actor(BOB), "wrestle", knacks="Alertness")
    with pytest.raises(PawpostError, match="That needs 9 Strength points but only 4 are left"):
        await wrestling.wrestle(services, actor(BOB), "wrestle", spend=9)
    with pytest.raises(PawpostError, match="needs 5 Strength points but only 4 are left"):
        await wrestling.wrestle(services, actor(BOB), "wrestle", damage_spend=5)
    assert dump(db.path) == before
    # A choice that can be made is kept; the other wrestler's choice rolls them.
    await wrestling.wrestle(services, actor(BOB), "wrestle", spend=1)
    dice.load(4, 4, 5, 2, 2, 2, 3, 3, 3, 1)
    rolled = await wrestling.wrestle(services, actor(ALICE), "wrestle")
    assert "Graypaw: 3d6 [2, 2, 2] + Strength 4 + Wrestle 1 + 1 spent = **12**" in rolled.lines


async def test_d1_a_wrestler_who_spent_its_points_elsewhere_rolls_plain_and_no_fight_jams(
    services, dice, clock, three
):
    """The choice was good when made; the points went on a check outside the fight before the
    timeout. The timeout roll goes on without them, and the next fight's wait is reminded in
    the same pass."""
    await make(services, ADMIN, name="Lionpaw")
    await wrestling_pair(services, dice)
    await wrestling.wrestle(services, actor(BOB), "wrestle", spend=2)
    dice.load(3, 3, 3)
    await checks.check(services, actor(BOB), ability="strength", spend=4)  # all 4 gone
    clock.advance(hours=1)
    await fights.start(services, actor(ADMIN, admin=True), "Ravenpaw")
    # Firepaw wrestles on by default: 4+4+5 + 4 = 17 against Graypaw's plain 6 + 4 + 1 = 11;
    # Firepaw's damage 9 + 4 = 13 > 8: 1d4 (1) + 3.
    dice.load(4, 4, 5, 2, 2, 2, 3, 3, 3, 1)
    notices, _ = await overdue_fights(services, clock.now + timedelta(hours=25))
    [(_, rolled), (_, reminder)] = notices
    assert rolled.lines[:2] == [
        "After 24 h without a choice, Firepaw wrestles on.",
        "Graypaw rolls without its points and knacks: That needs 2 Strength points but only 0 "
        "are left; convert other points or wait for the GM's refresh.",
    ]
    assert "**Firepaw has the upper paw** against Graypaw." in rolled.lines
    assert reminder.lines[:2] == ["This fight has waited 24 h.", "Waiting for Ravenpaw to accept."]


async def test_d1_a_fight_that_fails_in_the_timeout_job_is_set_aside_and_the_others_go_on(
    services, dice, clock, three, monkeypatch, caplog
):
    await make(services, ADMIN, name="Lionpaw")
    await wrestling_pair(services, dice)
    await wrestling.wrestle(services, actor(BOB), "wrestle")
    clock.advance(hours=1)
    await fights.start(services, actor(ADMIN, admin=True), "Ravenpaw")

    def broken(services, scene, group):
        raise RuntimeError("a bug in this fight")

    monkeypatch.setattr(fight_timeouts, "roll_wrestle", broken)
    later = clock.now + timedelta(hours=25)
    with caplog.at_level(logging.ERROR, logger="bot.scheduler"):
        notices, _ = await overdue_fights(services, later)
    [(_, reminder)] = notices
    assert reminder.lines[:2] == ["This fight has waited 24 h.", "Waiting for Ravenpaw to accept."]
    assert "fight 1 of server 1000 failed and is set aside" in caplog.text
    assert (await overdue_fights(services, later))[0] == []  # not met again until it moves
    status = await fights.status(services, actor(ALICE))
    assert (
        status.lines[-1]
        == "Wrestling: Firepaw chooses /wrestle (Wrestle to fight on, Jump to get away)."
    )


async def test_d2_the_target_puts_dodge_and_spirit_points_on_its_jump(services, dice, knacky):
    # Lionheart: Swat 4+4+4 + Int 2 + Swat 1 = 15. Tigerpaw's plain Jump would be 3+3+4 + 3 +
    # Jump 1 = 14 (a hit); with a Spirit point and Dodge it is 16, and the swat misses (l.408).
    dice.load(4, 4, 4)
    swung = await fight_moves.swat(services, actor(ALICE), "Tigerpaw")
    assert swung.lines[-1] == (
        "Tigerpaw: Jump against Lionheart's swat (15): press Jump or Jump with Dodge, or /jump "
        "with Spirit points (3 left) and knacks."
    )
    assert [b.label for b in swung.buttons] == ["Jump", "Jump with Dodge (+1)"]
    assert swung.mentions == [BOB]
    with pytest.raises(PawpostError, match="waits for Tigerpaw's Jump"):
        await fight_moves.swat(services, actor(ALICE), "Tigerpaw")
    with pytest.raises(PawpostError, match="No attack waits for Lionheart's Jump"):
        await defence.jump(services, actor(ALICE))
    with pytest.raises(PawpostError, match="for another player's cat"):
        await buttons.press(services, actor(CAROL), button(swung, "dodge"))
    dice.load(3, 3, 4)
    dodged = await defence.jump(services, actor(BOB), spend=1, knacks="Dodge")
    assert dodged.lines[:3] == [
        "Tigerpaw jumps with Dodge.",
        "Tigerpaw: 3d6 [3, 3, 4] + Spirit 3 + Jump 1 + 1 spent + Dodge 1 = **16**",
        "**A miss**: Tigerpaw jumps clear.",
    ]
    assert (await sheet_of(services, "Tigerpaw")).points_left(Ability.SPIRIT) == 1
    # The Dodge button: one use, its point paid; now Tigerpaw's turn has passed to Lionheart.
    dice.load(2, 2, 2)  # Tigerpaw's swat misses whatever: 6 + 2 + 0 = 8 vs Jump
    await fight_moves.swat(services, actor(BOB), "Lionheart")
    dice.load(5, 5, 5)
    await defence.jump(services, actor(ALICE))
    dice.load(4, 4, 4, 3, 3, 4, 3, 3, 3, 2)
    swung = await fight_moves.swat(services, actor(ALICE), "Tigerpaw")
    pressed = await buttons.press(services, actor(BOB), button(swung, "dodge"))
    assert "Tigerpaw: 3d6 [3, 3, 4] + Spirit 3 + Jump 1 + Dodge 1 = **15**" in pressed.lines
    assert "**A hit.**" in pressed.lines  # 15 against 15: "equal to or higher" hits
    with pytest.raises(PawpostError, match="That button is from an earlier step"):
        await buttons.press(services, actor(BOB), button(swung, "defend"))


async def test_d2_an_absent_target_jumps_plain_after_the_timeout_and_no_points_no_question(
    services, dice, clock, knacky
):
    dice.load(4, 4, 4)
    await fight_moves.swat(services, actor(ALICE), "Tigerpaw")
    dice.load(3, 3, 3)  # Jump 9 + 3 + 1 = 13 < 15: a hit; damage 3+3+3 + 4 = 13: 1d4 2 + 3
    dice.load(3, 3, 3, 2)
    notices, _ = await overdue_fights(services, clock.now + timedelta(hours=25))
    [(_, jumped)] = notices
    assert jumped.lines[:3] == [
        "After 24 h without an answer, Tigerpaw jumps as it stands.",
        "Tigerpaw: 3d6 [3, 3, 3] + Spirit 3 + Jump 1 = **13**",
        "**A hit.**",
    ]
    # A cat with no Spirit point left has nothing to choose: its Jump is rolled at once.
    dice.load(2, 2, 2)
    await fight_moves.swat(services, actor(BOB), "Lionheart")  # Tigerpaw's turn
    dice.load(6, 5, 6)
    await defence.jump(services, actor(ALICE), spend=3)  # Lionheart spends all 3 Spirit
    dice.load(2, 2, 2, 5, 5, 5)  # Lionheart's turn: its swat misses Tigerpaw
    await fight_moves.swat(services, actor(ALICE), "Tigerpaw")
    await defence.jump(services, actor(BOB))
    dice.load(2, 2, 2, 6, 5, 4)
    swung = await fight_moves.swat(services, actor(BOB), "Lionheart")
    assert swung.lines[2:4] == [
        "Lionheart: 3d6 [6, 5, 4] + Spirit 3 + Jump 0 = **18**",
        "**A miss**: Lionheart jumps clear.",
    ]


async def pinned_pair(services, dice) -> None:
    """Lionpaw pounces Graypaw (both know Pin), their first roll-off ties, and on its second
    turn Lionpaw pins Graypaw: Graypaw's turn."""
    await wcagr_server(services)
    await make(services, ALICE, name="Lionpaw", knacks="Pin, Dash, Hide")
    await make(
        services, BOB, name="Graypaw", skills="Swat, Jump, Wrestle", knacks="Pin, Dash, Hide"
    )
    asked = await fights.start(services, actor(ALICE), "Graypaw")
    dice.load(6, 1)
    await buttons.press(services, actor(BOB), button(asked, "accept"))
    dice.load(4, 4, 4, 2, 2, 2)  # Pounce 15 against Jump 10: they wrestle
    await fight_moves.pounce(services, actor(ALICE), "Graypaw")
    await defence.jump(services, actor(BOB))
    await wrestling.wrestle(services, actor(BOB), "wrestle")
    dice.load(3, 3, 4, 3, 3, 3)  # Lionpaw 10 + 4 = 14, Graypaw 9 + 4 + 1 = 14: a tie
    await wrestling.wrestle(services, actor(ALICE), "wrestle")
    await fight_moves.pin(services, actor(ALICE), "Graypaw")


async def test_d3_a_pinned_cat_cannot_pin_its_pinner(services, dice, db):
    await pinned_pair(services, dice)
    before = dump(db.path)
    with pytest.raises(
        PawpostError,
        match="^Pinned, Graypaw may only Wrestle, Launch, or Swat or Bite its pinner.$",
    ):
        await fight_moves.pin(services, actor(BOB), "Lionpaw")
    assert dump(db.path) == before


async def test_d4_a_chomp_lets_go_when_the_biter_takes_its_turn_with_wrestle(
    services, dice, knacky
):
    # Bite 17 against Jump 13: a hit; damage 13: 1d4 (2) + 3 + Bite 1 = 6, and the Chomp pins.
    dice.load(4, 4, 4, 3, 3, 3, 3, 3, 3, 2)
    await fight_moves.bite(services, actor(ALICE), "Tigerpaw", knacks="Chomp")
    await defence.jump(services, actor(BOB))
    await wrestling.wrestle(services, actor(BOB), "wrestle")  # Tigerpaw's turn, pinned
    dice.load(2, 2, 3, 2, 2, 3)  # Lionheart 7 + 4 + 1 = 12, Tigerpaw 7 + 4 + 1 = 12: a tie
    tied = await wrestling.wrestle(services, actor(ALICE), "wrestle")
    assert tied.lines[-1] == (
        "Lionheart's turn, wrestling: /wrestle to start the roll. Lionheart holds Tigerpaw in "
        "a Chomp: /chomp hold or /chomp let-go (any other move lets go)."
    )
    opened = await wrestling.wrestle(services, actor(ALICE), "wrestle")
    assert opened.lines[0] == "Lionheart lets go of Tigerpaw (no second bite)."
    status = await fights.status(services, actor(BOB))
    assert "pinned" not in status.lines[1]
    dice.load(2, 2, 2, 5, 4, 5)  # free again, it may jump: 14 + 3 + 1 = 18 against 11
    escaped = await wrestling.wrestle(services, actor(BOB), "jump")
    assert "**Tigerpaw escapes the wrestle.**" in escaped.lines


async def test_d9_a_wrestle_button_of_an_earlier_wrestle_is_refused(services, dice, db, three):
    await wrestling_pair(services, dice)
    first = await wrestling.wrestle(services, actor(BOB), "wrestle")
    dice.load(3, 3, 4, 3, 3, 3)  # Firepaw 10 + 4 = 14, Graypaw 9 + 4 + 1 = 14: a tie
    await buttons.press(services, actor(ALICE), button(first, "wrestle"))
    second = await wrestling.wrestle(services, actor(ALICE), "wrestle")  # round 2, Firepaw
    before = dump(db.path)
    with pytest.raises(
        PawpostError, match="^That button is from an earlier step; see /fight status.$"
    ):
        await buttons.press(services, actor(BOB), button(first, "wrestle"))
    assert dump(db.path) == before
    dice.load(3, 3, 4, 3, 3, 3)
    chosen = await buttons.press(services, actor(BOB), button(second, "wrestle"))
    assert chosen.lines[0] == "Graypaw chooses to wrestle."


async def test_d11_the_damage_points_are_checked_before_the_swat_is_rolled(
    services, dice, db, three
):
    asked = await fights.start(services, actor(ALICE), "Graypaw")
    dice.load(5, 2)
    await buttons.press(services, actor(BOB), button(asked, "accept"))
    before = dump(db.path)
    with pytest.raises(PawpostError, match="That needs 20 Strength points but only 4 are left"):
        await fight_moves.swat(services, actor(ALICE), "Graypaw", damage_spend=20)
    assert dump(db.path) == before  # no die rolled, nothing logged


async def test_d14_points_on_a_wrestle_wins_damage_and_on_a_chomps_second_bite(
    services, dice, knacky
):
    dice.load(4, 4, 4, 3, 3, 3, 3, 3, 3, 2)  # the Chomp lands (see test_d4)
    await fight_moves.bite(services, actor(ALICE), "Tigerpaw", knacks="Chomp")
    await defence.jump(services, actor(BOB))
    dice.load(2, 2, 2, 5, 5, 5)  # pinned, Tigerpaw swats its pinner and misses
    await fight_moves.swat(services, actor(BOB), "Lionheart")
    await defence.jump(services, actor(ALICE))
    # Lionheart has 1 Strength point left after the Chomp's 3: it goes on the second bite.
    with pytest.raises(PawpostError, match="That needs 2 Strength points but only 1 is left"):
        await fight_moves.chomp(services, actor(ALICE), "let-go", damage_spend=2)
    dice.load(3, 3, 3, 3)
    again = await fight_moves.chomp(services, actor(ALICE), "let-go", damage_spend=1)
    assert "Lionheart: 3d6 [3, 3, 3] + Strength 4 + 1 spent = **14**" in again.lines
    # Tigerpaw's turn, still wrestling: it wins and puts 2 Strength points on its damage.
    await wrestling.wrestle(services, actor(BOB), "wrestle", damage_spend=2)
    dice.load(1, 2, 2, 5, 5, 4, 3, 3, 3, 1)  # Lionheart 5 + 5 = 10, Tigerpaw 14 + 5 = 19
    won = await wrestling.wrestle(services, actor(ALICE), "wrestle")
    assert "**Tigerpaw has the upper paw** against Lionheart." in won.lines
    assert "Tigerpaw: 3d6 [3, 3, 3] + Strength 4 + 2 spent = **15**" in won.lines


async def test_d15_pin_is_not_a_knack_used_on_its_own(services, three):
    assert "pin" not in ALONE_KNACKS
    await make(services, ALICE, name="Lionpaw", knacks="Pin, Dash, Hide")
    with pytest.raises(
        PawpostError, match="^Pin is used with /pin, on your cat's turn in a wrestle.$"
    ):
        await knacks.use(services, actor(ALICE), "pin", character="Lionpaw")


async def test_ux5_the_fight_prompts_say_what_each_cat_may_do(services, dice, knacky):
    # A launched cat's passing turn is said.
    dice.load(2, 2, 2)  # Lionheart's swat: 6 + 2 + 1 = 9 ...
    await fight_moves.swat(services, actor(ALICE), "Tigerpaw")
    dice.load(5, 5, 5)  # ... against Jump 19: a miss
    await defence.jump(services, actor(BOB))
    dice.load(4, 4, 4, 2, 2, 2)
    await fight_moves.pounce(services, actor(BOB), "Lionheart")
    await defence.jump(services, actor(ALICE))
    await wrestling.wrestle(services, actor(ALICE), "wrestle")
    dice.load(4, 4, 4, 2, 2, 2, 3, 3, 3, 1)
    await wrestling.wrestle(services, actor(BOB), "wrestle", knacks="Launch")
    dice.load(2, 2, 2, 5, 5, 5)  # Tigerpaw's turn again: it swats and misses
    await fight_moves.swat(services, actor(BOB), "Lionheart")
    missed = await defence.jump(services, actor(ALICE))
    assert missed.lines[-2:] == [
        "Lionheart finds its feet after the Launch: its turn passes.",
        "Tigerpaw's turn: /swat, /bite or /pounce a cat, or /fight flee.",
    ]
    # An admin without a cat reads a fight by its number.
    status = await fights.status(services, actor(ADMIN, admin=True), fight=1)
    assert status.title == "Fight 1, round 3"


async def test_ux5_a_pinned_wrestler_is_not_offered_jump_away(services, dice):
    await pinned_pair(services, dice)
    await wrestling.wrestle(services, actor(BOB), "wrestle")  # Graypaw's turn
    dice.load(3, 3, 4, 3, 3, 3)  # a tie again: the pin holds
    await wrestling.wrestle(services, actor(ALICE), "wrestle")
    opened = await wrestling.wrestle(services, actor(ALICE), "wrestle")  # Lionpaw's turn
    assert opened.lines[-1] == (
        "Wrestling: Graypaw (pinned: Wrestle only) chooses /wrestle (Wrestle to break free)."
    )
    assert [b.label for b in opened.buttons] == ["Wrestle"]
