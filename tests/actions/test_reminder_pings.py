"""The weekly reminder pings each player once (issue 13: one player with many cats got a ping
per line, 66 pings; 10,000 unhunted cats made 250 posts), listing their cats together."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

from bot.actions import hunting_config
from bot.actions.germ import cats as germ_cats
from bot.actions.hunting_jobs import (
    MENTIONS_PER_POST,
    PLAYER_LINE_LIMIT,
    POST_TEXT_LIMIT,
    reminder_posts,
    weekly_hunting,
)
from bot.actions.weeks import Span
from bot.registry import RULESETS
from storage.hunting import WeeklyCat
from tests.actions.germ.hunting_helpers import boss, set_hunger
from tests.conftest import ALICE, BOB, actor, cat

REMINDERS = 55
START = datetime(2026, 12, 7, tzinfo=UTC)
WEEK = Span(date(2026, 12, 7), START, START + timedelta(days=7))


async def test_a_player_with_many_cats_is_pinged_once_with_their_cats_on_one_line(
    services, clock
) -> None:
    for number in range(12):
        await germ_cats.create(services, actor(ALICE), **cat(f"Cat{number:02d}"))
    await germ_cats.create(services, actor(BOB), **cat("Tigerclaw"))
    await set_hunger(services.db, "Cat05", streak=3, starving=True)
    clock.advance(days=7)
    await hunting_config.reminders_on(services, boss(), REMINDERS, "monday", 13)
    clock.now = datetime(2026, 12, 7, 13, tzinfo=UTC)
    result = await weekly_hunting(services, clock.now)
    [post] = result.posts
    others = "; ".join(f"**Cat{number:02d}**" for number in range(12) if number != 5)
    assert post.reply.lines[1:] == [
        f"**Cat05** — <@{ALICE}> · **starving**; {others}",
        f"**Tigerclaw** — <@{BOB}>",
    ]
    assert post.reply.mentions == [ALICE, BOB]


def weekly_cat(number: int, owner: int, name: str = "") -> WeeklyCat:
    return WeeklyCat(1, number, name or f"Cat{number:05d}", owner, False, 0, None, "2026-12-07")


def test_thousands_of_one_players_cats_ping_them_once() -> None:
    hunger = RULESETS["germ"].hunger
    assert hunger is not None
    cats = [weekly_cat(n, 10**17) for n in range(3000)]
    cats += [weekly_cat(3000 + n, 10**17 + 1 + n) for n in range(MENTIONS_PER_POST + 5)]
    posts = reminder_posts(cats, WEEK, hunger)
    pinged = [user for post in posts for user in post.mentions]
    assert sorted(pinged) == sorted(set(pinged)) == sorted({cat.owner_id for cat in cats})
    for post in posts:
        assert len("\n".join(post.lines)) <= POST_TEXT_LIMIT
        assert all(len(line) <= PLAYER_LINE_LIMIT + 40 for line in post.lines[1:])
        assert len(post.mentions) <= MENTIONS_PER_POST
    listed = "\n".join(line for post in posts for line in post.lines)
    assert all(f"**{cat.name}**" in listed for cat in cats)
    continued = [line for post in posts for line in post.lines if line.startswith("<@")]
    assert continued and all(line.startswith(f"<@{10**17}>, more: ") for line in continued)
