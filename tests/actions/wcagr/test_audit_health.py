"""The WCAGR audit's health defects: herbs by the list's own names (D10), dead cats (D6), the
sunrise's dice shown and logged (D7), and a contest that cannot be answered (D13)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.actions import buttons, log
from bot.actions import clock as clock_actions
from bot.actions.clock import game_clock
from bot.actions.reply import Reply
from bot.actions.wcagr import (
    ageing,
    checks,
    contests,
    fights,
    freshkill,
    hunting,
    illness,
    ranks,
)
from bot.actions.wcagr import clock as wcagr_clock
from rules.errors import PawpostError
from tests.actions.wcagr.helpers import button, make, sheet_of, wcagr_server
from tests.conftest import ADMIN, ALICE, BOB, CAROL, CHANNEL, GUILD, actor, dump

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


async def retire(services, name: str) -> None:
    def change(tx):
        found = tx.characters.by_name(GUILD, name)
        found.sheet = found.sheet.changed(retired=True, rank=None)
        tx.characters.save_sheet(found)

    await services.db.transact(change)


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
    with pytest.raises(PawpostError, match="^Gray is dead.$"):
        await ageing.gains(services, actor(BOB))


async def test_d6_a_dead_leader_frees_the_slot_and_a_dead_cat_takes_no_rank(services) -> None:
    await wcagr_server(services)
    await make(services, ALICE, name="Bluestar")
    await make(services, ALICE, name="Lionheart")
    await ranks.admin_rank(services, ADMIN_ACTOR, "Bluestar", "leader", "old leader")
    await kill(services, "Bluestar")
    made = await ranks.admin_rank(services, ADMIN_ACTOR, "Lionheart", "leader", "new leader")
    assert made.lines == ["Lionheart's rank is now Leader, with 9 lives."]
    with pytest.raises(PawpostError, match="^Bluestar is dead.$"):
        await ranks.set_own_rank(services, actor(ALICE), "medicine-cat", character="Bluestar")
    with pytest.raises(PawpostError, match="^Bluestar is dead.$"):  # as every command says it
        await ranks.admin_rank(services, ADMIN_ACTOR, "Bluestar", "elder", "a ruling")


async def test_d6_a_dead_cat_neither_eats_nor_treats(services, dice) -> None:
    await wcagr_server(services)
    await make(services, ALICE, name="Jay", rank="medicine-cat")
    await make(services, ALICE, name="Firepaw")
    dice.load(6, 5, 5, 6, 5, 5, 6, 5, 5, 6, 5, 5, 5)  # a small bird onto the pile
    await hunting.hunt(services, actor(ALICE), "small-birds", "listen", character="Firepaw")
    await illness.admin_give(services, ADMIN_ACTOR, "Firepaw", "whitecough", "a cold den")
    await kill(services, "Jay")
    dead = "^Jay is dead.$"
    with pytest.raises(PawpostError, match=dead):
        await freshkill.eat(services, actor(ALICE), character="Jay")
    with pytest.raises(PawpostError, match=dead):
        await illness.treat_cat(services, actor(ALICE), "Firepaw", "catmint, tansy", "Jay")
    with pytest.raises(PawpostError, match=dead):
        await checks.convert_points(services, actor(ALICE), "strength", "spirit", "Jay")
    await retire(services, "Firepaw")  # an elder, though, is the first to eat (l.119)
    ate = await freshkill.eat(services, actor(ALICE), character="Firepaw")
    assert ate.lines[0].startswith("Firepaw eats 1 ration from the pile")


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


async def outbox(services, when) -> list[tuple[int, Reply]]:
    posts = await services.db.transact(
        lambda tx: tx.outbox.claim(when, 50, when + timedelta(minutes=5))
    )
    return [(post.channel_id, Reply.model_validate_json(post.body)) for post in posts]


async def test_d7_every_sunrise_die_is_in_the_summary_and_the_log(services, dice, clock) -> None:
    await wcagr_server(services)
    await make(services, BOB, name="Gray")
    await clock_actions.game_day_channel(services, ADMIN_ACTOR, 66)
    await illness.admin_give(services, ADMIN_ACTOR, "Gray", "redcough", "test")
    await game_clock(services, clock.now)  # the calendar starts: today is day 1
    dice.load(95)  # redcough's sunrise roll: it lives
    dawn = datetime(2026, 12, 1, 6, tzinfo=UTC)
    clock.now = dawn
    [summary] = (await game_clock(services, dawn)).posts
    assert summary.reply.lines == [
        "**Ill:** Gray is ill with redcough (day 1); dice: Redcough at sunrise d100 **95**."
    ]
    dice.load(5)
    clock.now = dawn + timedelta(days=1)
    [summary] = (await game_clock(services, clock.now)).posts
    assert summary.reply.lines == [
        "**Died:** Gray dies of redcough (d100 5 < 90); dice: Redcough at sunrise d100 **5**."
    ]
    logged = await log.recent(services, actor(BOB), "Gray")
    text = "\n".join(logged.lines)
    assert "Gray — at sunrise: is ill with redcough (day 1)." in text
    assert "d100 **95**" in text and "d100 **5**" in text


async def test_d7_the_cough_season_shows_each_check_and_its_sprain(services, dice) -> None:
    await wcagr_server(services)
    await make(services, ALICE, name="Jay")
    dice.load(1, 1, 2)  # Jay: 4 + Strength 4 = 8 < 10, a critical failure on a Strength check
    reply = await illness.admin_season(services, ADMIN_ACTOR, "leaf-bare")
    assert reply.lines[1:] == [
        "Jay: Whitecough 3d6 [1, 1, 2] + Strength 4 = **8** vs DC 10: falls ill (critical "
        "failure).",
        "Jay sprains a paw on the critical failure: no hunting or fighting for 3 sunrises of rest.",
    ]
    logged = await log.recent(services, actor(ALICE), "Jay")
    assert any("cough season: Whitecough DC 10" in line for line in logged.lines)


async def test_d7_with_no_game_day_channel_a_death_is_posted_where_the_cat_last_played(
    services, dice, clock
) -> None:
    await wcagr_server(services)
    await make(services, BOB, name="Gray")
    dice.load(3, 3, 3)
    await checks.check(services, actor(BOB, channel=77), skill="see")  # Gray plays in #77
    await illness.admin_give(services, ADMIN_ACTOR, "Gray", "redcough", "test")
    await game_clock(services, clock.now)
    dice.load(5)
    dawn = datetime(2026, 12, 1, 6, tzinfo=UTC)
    clock.now = dawn
    assert (await game_clock(services, dawn)).posts == []  # no summary channel
    [(channel, told)] = await outbox(services, dawn)
    assert channel == 77 and told.mentions == [BOB]
    assert told.lines == [
        "<@102>: **Died:** Gray dies of redcough (d100 5 < 90); dice: Redcough at sunrise d100 "
        "**5**."
    ]


async def test_ux6_with_no_game_day_channel_a_healed_sprain_is_posted_where_the_cat_last_played(
    services, dice, clock
) -> None:
    await wcagr_server(services)
    await make(services, BOB, name="Gray")
    dice.load(1, 1, 2)  # a critical failure on a Strength check: Gray sprains a paw (l.463)
    await checks.check(services, actor(BOB, channel=77), ability="strength")
    await game_clock(services, clock.now)
    dawn = datetime(2026, 12, 1, 6, tzinfo=UTC)
    for day in range(3):  # l.464: "rest for 3 sunrises"
        clock.now = dawn + timedelta(days=day)
        assert (await game_clock(services, clock.now)).posts == []  # no summary channel
    [(channel, told)] = await outbox(services, clock.now)
    assert channel == 77 and told.mentions == [BOB]
    assert told.lines == ["<@102>: Gray's sprain is healed after 3 sunrises of rest."]
    assert not (await sheet_of(services, "Gray")).sprained


async def test_d6_a_cat_that_dies_at_sunrise_leaves_its_fight_and_its_hunt(
    services, dice, clock
) -> None:
    await wcagr_server(services)
    await make(services, ALICE, name="Firepaw")
    await make(services, BOB, name="Gray")
    await make(services, CAROL, name="Ravenpaw")
    dice.load(4, 4, 4)  # Gray finds a vole and stops there
    await hunting.hunt(services, actor(BOB), "vole", "listen", stages=1)
    asked = await fights.start(services, actor(ALICE), "Gray")
    dice.load(5, 2)
    await buttons.press(services, actor(BOB), button(asked, "accept"))
    await illness.admin_give(services, ADMIN_ACTOR, "Gray", "redcough", "test")
    await game_clock(services, clock.now)
    dice.load(5)
    dawn = datetime(2026, 12, 1, 6, tzinfo=UTC)
    clock.now = dawn
    await game_clock(services, dawn)
    posts = dict((reply.title, (channel, reply)) for channel, reply in await outbox(services, dawn))
    assert sorted(posts) == ["At sunrise", "Fight 1, round 1"]
    channel, told = posts["Fight 1, round 1"]
    assert channel == CHANNEL
    assert told.lines[-2:] == [
        "Gray leaves the fight: it is dead.",
        "The fight is over: only one cat is left fighting.",
    ]
    status = await hunting.status(services, actor(BOB), hunt=1)
    assert status.lines == ["Hunters: none left.", "Over: the prey was abandoned."]
    await fights.start(services, actor(ALICE), "Ravenpaw")  # Firepaw is free to fight again
