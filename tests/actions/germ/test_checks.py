"""Germ rolls outside combat: checks, contests with the defender's button, trust, overrides."""

from __future__ import annotations

import asyncio

import pytest

from bot.actions import admin, buttons, characters, contests, log
from bot.actions.germ import cats as germ_cats
from bot.actions.germ import checks
from rules.errors import PawpostError
from tests.conftest import (
    ADMIN,
    ALICE,
    BOB,
    CAROL,
    FIREPAW,
    OTHER_GUILD,
    TIGERCLAW,
    actor,
    cat,
    dump,
)


@pytest.fixture
async def two_cats(services):
    await germ_cats.create(services, actor(ALICE), **FIREPAW)
    await germ_cats.create(services, actor(BOB), **TIGERCLAW)


async def test_check_against_a_dc_succeeds_on_equal(services, dice, two_cats) -> None:
    dice.load(5)
    reply = await checks.check(services, actor(ALICE), "stealth", dc=8)
    assert reply.lines == ["d20 **5** + Stealth 3 = **8**", "**Success** against DC 8."]
    dice.load(4)
    reply = await checks.check(services, actor(ALICE), "stealth", dc=8)
    assert reply.lines[-1] == "**Failure** against DC 8."


async def test_the_kit_with_4_points_rolls_at_minus_6(services, dice) -> None:
    await germ_cats.create(services, actor(ALICE), **cat("Smallkit", age=3))
    dice.load(10)
    reply = await checks.check(services, actor(ALICE), "strength")
    assert reply.lines == ["d20 **10** + Strength 4 − 10 kit = **4**"]


async def test_a_blind_starving_elder_takes_only_the_largest_penalty(services, dice) -> None:
    await germ_cats.create(services, actor(ALICE), **cat("Oldclaw", age=130))
    await germ_cats.add_condition(services, actor(ALICE), "blind")
    dice.load(10)
    reply = await checks.check(services, actor(ALICE), "agility")
    assert reply.lines == ["d20 **10** + Agility 4 − 5 elder = **9**"]


async def test_contest_waits_for_the_defender_and_only_they_or_an_admin_roll(
    services, dice, db, two_cats
) -> None:
    dice.load(10)
    posted = await checks.start_contest(services, actor(ALICE), "strength", "Tigerclaw")
    assert posted.mentions == [BOB]
    assert [b.label for b in posted.buttons] == ["Roll Agility"]
    custom_id = posted.buttons[0].custom_id
    before = dump(db)
    with pytest.raises(PawpostError, match="Only Tigerclaw's player or an admin can roll this."):
        await buttons.press(services, actor(CAROL), custom_id)
    with pytest.raises(PawpostError, match="Only Tigerclaw's player"):
        await buttons.press(services, actor(ALICE), custom_id)
    assert dump(db) == before
    dice.load(9)
    settled = await buttons.press(services, actor(BOB), custom_id)
    assert settled.update
    assert settled.lines[:3] == [
        "Firepaw: d20 **10** + Strength 4 = **14**",
        "Tigerclaw: d20 **9** + Agility 4 = **13**",
        "**Firepaw wins against Tigerclaw by 1.**",
    ]
    with pytest.raises(PawpostError, match="That contest is already settled."):
        await buttons.press(services, actor(BOB), custom_id)


async def test_a_strength_tie_outside_combat_goes_to_the_defender(services, dice, two_cats) -> None:
    dice.load(10)
    posted = await checks.start_contest(services, actor(ALICE), "strength", "Tigerclaw")
    dice.load(10)
    settled = await buttons.press(services, actor(BOB), posted.buttons[0].custom_id)
    assert settled.lines[2] == "**Tigerclaw wins the tie.**"


async def test_charisma_18_vs_intelligence_8_is_believed_to_extent_10(services, dice) -> None:
    await germ_cats.create(services, actor(ALICE), **cat("Speaker", charisma=8, strength=0))
    await germ_cats.create(services, actor(BOB), **cat("Listener", intelligence=2, strength=6))
    dice.load(10)
    posted = await checks.start_contest(services, actor(ALICE), "charisma", "Listener")
    dice.load(6)
    settled = await buttons.press(services, actor(BOB), posted.buttons[0].custom_id)
    assert settled.lines[2] == (
        "**Listener believes Speaker to an extent of 10: Believes but has a small tinge of doubt.**"
    )


async def test_full_trust_at_21_gives_plus_5_until_revoked(services, dice) -> None:
    await germ_cats.create(services, actor(ALICE), **cat("Speaker", charisma=8, strength=0))
    await germ_cats.create(services, actor(BOB), **cat("Listener", intelligence=0, strength=8))
    dice.load(20)
    posted = await checks.start_contest(services, actor(ALICE), "charisma", "Listener")
    dice.load(7)
    settled = await buttons.press(services, actor(BOB), posted.buttons[0].custom_id)
    assert "to an extent of 21: Fully trusts" in settled.lines[2]
    assert "Listener now fully trusts Speaker" in settled.lines[3]
    shown = await characters.show(services, actor(ALICE))
    assert {f.name: f.value for f in shown.fields}["Fully trusted by"] == "Listener"
    dice.load(3)
    again = await checks.start_contest(services, actor(ALICE), "charisma", "Listener")
    assert again.lines[1] == "Speaker: d20 **3** + Charisma 8 + 5 full trust = **16**"
    dice.load(10)  # settled, so that Speaker may contest Listener again below
    await buttons.press(services, actor(BOB), again.buttons[0].custom_id)
    with pytest.raises(PawpostError, match="belongs to another player"):
        await checks.revoke_trust(services, actor(CAROL), "Speaker", "Listener")
    await checks.revoke_trust(services, actor(BOB), "Speaker", "Listener")
    with pytest.raises(PawpostError, match="There is no full trust"):
        await checks.revoke_trust(services, actor(ALICE), "Listener")
    dice.load(3)
    after = await checks.start_contest(services, actor(ALICE), "charisma", "Listener")
    assert after.lines[1] == "Speaker: d20 **3** + Charisma 8 = **11**"


async def test_stealth_reads_hidden_or_spotted(services, dice, two_cats) -> None:
    dice.load(15)
    posted = await checks.start_contest(services, actor(ALICE), "stealth", "Tigerclaw")
    dice.load(2)
    settled = await buttons.press(services, actor(BOB), posted.buttons[0].custom_id)
    assert settled.lines[2] == "**Firepaw stays hidden from Tigerclaw (by 12).**"


@pytest.mark.parametrize(
    ("who", "arguments", "message"),
    [
        (ALICE, ("strength", "Firepaw"), "Firepaw cannot contest itself."),
        (ALICE, ("agility", "Tigerclaw"), "A contest starts with strength, charisma, stealth"),
        (ALICE, ("strength", "Nobody"), "There is no character named Nobody in this server."),
        (BOB, ("strength", "Tigerclaw", "Firepaw"), "Firepaw belongs to another player."),
    ],
)
async def test_bad_contests_change_nothing(services, db, two_cats, who, arguments, message) -> None:
    before = dump(db)
    with pytest.raises(PawpostError, match=message):
        await checks.start_contest(services, actor(who), *arguments)
    assert dump(db) == before


async def test_contesting_your_own_other_cat_or_another_servers_is_refused(services, db) -> None:
    await germ_cats.create(services, actor(ALICE), **FIREPAW)
    await germ_cats.create(services, actor(ALICE), **cat("Sandpaw"))
    await germ_cats.create(services, actor(BOB, guild=OTHER_GUILD), **TIGERCLAW)
    await characters.use(services, actor(ALICE), "Firepaw")
    before = dump(db)
    with pytest.raises(PawpostError, match="You cannot contest your own character."):
        await checks.start_contest(services, actor(ALICE), "strength", "Sandpaw")
    with pytest.raises(PawpostError, match="no character named Tigerclaw"):
        await checks.start_contest(services, actor(ALICE), "strength", "Tigerclaw")
    assert dump(db) == before


async def test_a_button_of_another_servers_contest_is_refused(services, dice, two_cats) -> None:
    dice.load(10)
    posted = await checks.start_contest(services, actor(ALICE), "strength", "Tigerclaw")
    with pytest.raises(PawpostError, match="That contest does not exist in this server."):
        await buttons.press(services, actor(BOB, guild=OTHER_GUILD), posted.buttons[0].custom_id)


async def test_a_contest_answered_twice_at_once_resolves_once(services, dice, two_cats) -> None:
    dice.load(10)
    posted = await checks.start_contest(services, actor(ALICE), "strength", "Tigerclaw")
    dice.load(5, 5)
    results = await asyncio.gather(
        buttons.press(services, actor(BOB), posted.buttons[0].custom_id),
        buttons.press(services, actor(ADMIN, admin=True), posted.buttons[0].custom_id),
        return_exceptions=True,
    )
    assert sum(isinstance(r, PawpostError) for r in results) == 1
    assert dice.remaining == 1


async def test_overdue_contest_is_announced_once_with_an_admin_button(
    services, dice, clock, two_cats
) -> None:
    dice.load(10)
    posted = await checks.start_contest(services, actor(ALICE), "strength", "Tigerclaw")
    notices, next_due = await contests.overdue_contest_notices(services, clock())
    assert notices == []
    assert next_due == clock() + __import__("datetime").timedelta(hours=24)
    clock.advance(hours=24, seconds=1)
    notices, next_due = await contests.overdue_contest_notices(services, clock())
    assert len(notices) == 1
    assert next_due is None
    _channel, notice = notices[0]
    assert "Tigerclaw has not rolled Agility" in notice.lines[0]
    assert [b.label for b in notice.buttons] == ["Roll for the defender"]
    assert (await contests.overdue_contest_notices(services, clock()))[0] == []
    with pytest.raises(PawpostError, match="Only an admin can roll for the defender."):
        await buttons.press(services, actor(BOB), notice.buttons[0].custom_id)
    dice.load(1)
    settled = await buttons.press(services, actor(ADMIN, admin=True), notice.buttons[0].custom_id)
    assert settled.lines[2] == "**Firepaw wins against Tigerclaw by 9.**"
    assert posted.buttons[0].custom_id != notice.buttons[0].custom_id


async def test_admin_adjudicates_a_roll_and_the_log_shows_both(services, dice, two_cats) -> None:
    dice.load(2)
    checked = await checks.check(services, actor(ALICE), "stealth", dc=8)
    roll_id = int(checked.footer.removeprefix("roll #"))
    with pytest.raises(PawpostError, match="Only an admin"):
        await admin.adjudicate(services, actor(ALICE), roll_id, "success", "I said so")
    with pytest.raises(PawpostError, match="needs a reason"):
        await admin.adjudicate(services, actor(ADMIN, admin=True), roll_id, "success", "  ")
    with pytest.raises(PawpostError, match="There is no roll #999"):
        await admin.adjudicate(services, actor(ADMIN, admin=True), 999, "success", "why")
    await admin.adjudicate(
        services, actor(ADMIN, admin=True), roll_id, "success", "the ledge helped"
    )
    shown = await log.recent(services, actor(ALICE), "Firepaw")
    assert f"— override of \\#{roll_id}: Stealth check DC 8" in shown.lines[0]
    assert f"(by <@{ADMIN}>)" in shown.lines[0]
    assert shown.lines[0].count(f"#{roll_id}") == 1  # named once, not "(overrides #9 …)" too
    assert "reason: the ledge helped" in shown.lines[0]
    assert "→ failure" in shown.lines[1]


async def test_admin_sets_a_stat_with_a_reason(services, two_cats) -> None:
    with pytest.raises(PawpostError, match="Only an admin"):
        await germ_cats.set_stat(services, actor(ALICE), "Firepaw", "strength", 7, "growth")
    reply = await germ_cats.set_stat(
        services, actor(ADMIN, admin=True), "Firepaw", "strength", 7, "training arc"
    )
    assert reply.lines == ["Firepaw's Strength is now 7 (was 4)."]
    with pytest.raises(PawpostError, match="Strength can be 0 to 8; you gave 9."):
        await germ_cats.set_stat(services, actor(ADMIN, admin=True), "Firepaw", "strength", 9, "x")
    entries = await log.recent(services, actor(ALICE), "Firepaw")
    assert "Strength 4 → 7" in entries.lines[0]
