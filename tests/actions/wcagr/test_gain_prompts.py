"""Age-table gains reach their player at the moon that brings them: a post (kept in the outbox)
in the channel where the cat last played, else the game-day channel, with the gain's select;
told once, even on a server without a game-day channel."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.actions import clock as clock_actions
from bot.actions.clock import game_clock
from bot.actions.reply import Reply
from bot.actions.wcagr import ageing, checks
from bot.actions.wcagr.gain_prompts import gain_prompts
from rules.wcagr import WcagrSheet, age_one_moon
from tests.actions.wcagr.helpers import make, wcagr_server
from tests.conftest import ADMIN, ALICE, BOB, GUILD, actor

PLAYED = 77  # the channel Firepaw last played in
SUMMARIES = 66
MONDAY = datetime(2026, 12, 7, 6, tzinfo=UTC)  # the week's moon
NEXT_MONDAY = datetime(2026, 12, 14, 6, tzinfo=UTC)


async def firepaw(services):
    found = await services.db.transact(lambda tx: tx.characters.by_name(GUILD, "Firepaw"))
    assert isinstance(found.sheet, WcagrSheet)
    return found


async def outbox(services, when: datetime) -> list[tuple[int, Reply]]:
    rows = await services.db.transact(lambda tx: tx.outbox.claim(when, 50, when))
    return [(row.channel_id, Reply.model_validate_json(row.body)) for row in rows]


async def test_the_moon_asks_in_the_channel_the_cat_last_played_in(services, clock, dice) -> None:
    await wcagr_server(services)
    await make(services, ALICE)
    dice.load(3, 4, 5)
    await checks.check(services, actor(ALICE, channel=PLAYED), skill="sneak")
    assert (await game_clock(services, clock.now)).posts == []  # first seen: counts from now

    clock.now = MONDAY
    result = await game_clock(services, MONDAY)
    [post] = result.posts  # no game-day channel: no summaries, only the prompt
    cat = await firepaw(services)
    assert (post.channel_id, post.guild_id) == (PLAYED, GUILD)
    assert post.reply.mentions == [ALICE]
    assert post.reply.lines[0].startswith(
        "<@101>: Firepaw, 11 moons. Skill (11 moons): choose one of Arch, Bite,"
    )
    assert post.reply.select is not None
    assert post.reply.select.custom_id == f"pawpost:wcagr-gain:{cat.id}:choose:1"
    assert [channel for channel, _ in await outbox(services, MONDAY)] == [PLAYED]
    assert cat.sheet.gains_told == 1

    # Told once: the next sunrise and a later pass say nothing more.
    clock.now = datetime(2026, 12, 8, 6, tzinfo=UTC)
    assert (await game_clock(services, clock.now)).posts == []
    took = await ageing.choose_gain(services, actor(ALICE), cat.id, 1, "bite")
    assert took.lines[0] == "Firepaw takes its Skill gain of 11 moons."

    clock.now = NEXT_MONDAY
    [post] = (await game_clock(services, NEXT_MONDAY)).posts
    assert post.reply.lines[0].startswith("<@101>: Firepaw, 12 moons. +1 any ability (12 moons)")


async def test_nowhere_to_ask_leaves_it_for_the_summary(services, clock) -> None:
    await wcagr_server(services)
    await make(services, ALICE)
    # Handed to Bob, who never played it, on a server without a game-day channel yet.
    cat = await firepaw(services)
    cat.sheet = age_one_moon(cat.sheet).sheet  # 11 moons: a Skill gain waits
    cat.owner_id = BOB
    posts = await services.db.transact(lambda tx: gain_prompts(tx, tx.guilds.get(GUILD), [cat]))
    assert posts == [] and cat.sheet.gains_told == 0

    await clock_actions.game_day_channel(services, actor(ADMIN, admin=True), SUMMARIES)
    [post] = await services.db.transact(lambda tx: gain_prompts(tx, tx.guilds.get(GUILD), [cat]))
    assert post.channel_id == SUMMARIES and post.reply.mentions == [BOB]
    assert cat.sheet.gains_told == 1


async def test_an_admin_ageing_a_cat_asks_its_player(services, clock) -> None:
    await wcagr_server(services)
    await make(services, ALICE, name="Firepaw")
    await clock_actions.admin_age(services, actor(ADMIN, admin=True), "Firepaw", 2, "two moons")
    [(channel, reply)] = await outbox(services, clock.now)
    assert channel == 10  # where Alice made it
    assert reply.lines[0].startswith("<@101>: Firepaw, 12 moons. Skill (11 moons):")
    assert reply.lines[0].endswith("(then 1 more)")
    assert (await firepaw(services)).sheet.gains_told == 2
