"""The weekly hunting job, called directly with a `now`: reminders across daylight-saving
changes, restarts before and after the due time, the end-of-week report, away cats, missed weeks,
ageing and seasons."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.actions import clock as clock_actions
from bot.actions import hunting, hunting_config, seasons
from bot.actions.clock import game_clock
from bot.actions.context import Services
from bot.actions.germ import cats as germ_cats
from bot.actions.germ import hunting as germ_hunting
from bot.actions.hunting_jobs import MENTIONS_PER_POST, POST_TEXT_LIMIT, split_posts, weekly_hunting
from bot.registry import RULESETS
from bot.scheduler import JobResult
from rules.errors import PawpostError
from storage.database import Database
from tests.actions.germ.hunting_helpers import CATCH, FIND, MISS, boss, set_hunger, set_zone, sheet
from tests.conftest import ALICE, BOB, CAROL, GUILD, TIGERCLAW, Clock, Dice, actor, cat, dump

REMINDERS = 55
ADMINS = 77


async def run(services: Services, clock: Clock, when: datetime) -> JobResult:
    clock.now = when
    return await weekly_hunting(services, when)


async def run_with_clock(services: Services, clock: Clock, when: datetime) -> None:
    """The weekly job and the game clock, which ages the cats, as the scheduler runs them."""
    await run(services, clock, when)
    await game_clock(services, when)


async def three_cats(services: Services) -> None:
    await germ_cats.create(services, actor(ALICE), **cat("Firepaw"))
    await germ_cats.create(services, actor(BOB), **TIGERCLAW)
    await germ_cats.create(services, actor(CAROL), **cat("Graystripe"))


def texts(result: JobResult) -> list[tuple[int, str]]:
    return [(post.channel_id, "\n".join(post.reply.lines)) for post in result.posts]


async def test_a_reminder_at_sunday_6_pm_in_new_york_as_daylight_saving_ends(
    services, dice, clock, db
) -> None:
    clock.now = datetime(2026, 10, 20, 12, tzinfo=UTC)
    await set_zone(services, "America/New_York")
    await three_cats(services)
    await hunting_config.reminders_on(services, boss(), REMINDERS, "sunday", 18)
    first = await run(services, clock, clock.now)
    assert first.posts == []
    # Sunday 25 October 18:00 EDT is 22:00 UTC.
    assert first.next_due == datetime(2026, 10, 25, 22, tzinfo=UTC)
    await run(services, clock, datetime(2026, 10, 25, 22, tzinfo=UTC))  # that week's reminder
    clock.now = datetime(2026, 10, 27, 12, tzinfo=UTC)
    dice.load(MISS, MISS)
    await germ_hunting.hunt(services, actor(BOB))
    await set_hunger(services.db, "Graystripe", streak=3, starving=True)
    # Clocks went back an hour on Sunday 1 November: 18:00 EST is 23:00 UTC, not 22:00.
    early = await run(services, clock, datetime(2026, 11, 1, 22, 59, tzinfo=UTC))
    assert early.posts == []
    assert early.next_due == datetime(2026, 11, 1, 23, tzinfo=UTC)
    due = await run(services, clock, datetime(2026, 11, 1, 23, tzinfo=UTC))
    [post] = due.posts
    assert post.channel_id == REMINDERS
    assert post.reply.title == "Hunting reminder"
    assert post.reply.lines[1:] == [
        f"**Graystripe** — <@{CAROL}> · **starving**",
        f"**Firepaw** — <@{ALICE}>",
    ]
    assert "the week ends <t:1793595600:R>" in post.reply.lines[0]  # Monday 00:00 EST
    assert post.reply.mentions == [CAROL, ALICE]
    again = await run(services, clock, datetime(2026, 11, 1, 23, 30, tzinfo=UTC))
    assert again.posts == []
    assert again.next_due == datetime(2026, 11, 8, 23, tzinfo=UTC)


async def test_in_london_the_week_is_167_hours_when_the_clocks_go_forward(
    services, clock, db
) -> None:
    clock.now = datetime(2026, 3, 20, 12, tzinfo=UTC)
    await set_zone(services, "Europe/London")
    await three_cats(services)
    await hunting_config.reminders_on(services, boss(), REMINDERS, "sunday", 18)
    await hunting_config.set_admin_channel(services, boss(), ADMINS)
    await run(services, clock, clock.now)
    await run(services, clock, datetime(2026, 3, 22, 18, tzinfo=UTC))  # 18:00 GMT
    # The cats were made during that week, so they did not owe it a hunt.
    first_report = await run(services, clock, datetime(2026, 3, 23, 0, 30, tzinfo=UTC))
    assert texts(first_report) == [(ADMINS, "Every cat hunted this week (or was away).")]
    early = await run(services, clock, datetime(2026, 3, 29, 16, 59, tzinfo=UTC))
    assert early.posts == []
    assert early.next_due == datetime(2026, 3, 29, 17, tzinfo=UTC)  # 18:00 BST
    due = await run(services, clock, datetime(2026, 3, 29, 17, tzinfo=UTC))
    assert [channel for channel, _ in texts(due)] == [REMINDERS]
    # The week ends at Monday 00:00 BST, which is 23:00 UTC on Sunday.
    assert due.next_due == datetime(2026, 3, 29, 23, tzinfo=UTC)
    not_yet = await run(services, clock, datetime(2026, 3, 29, 22, 59, tzinfo=UTC))
    assert not_yet.posts == []
    report = await run(services, clock, datetime(2026, 3, 29, 23, tzinfo=UTC))
    [(channel, text)] = texts(report)
    assert channel == ADMINS
    assert report.posts[0].reply.title == "Week of 2026-03-23: who missed the hunt"
    assert text.startswith("3 cats did not hunt in the week that ended")
    assert report.posts[0].reply.mentions == []  # the report pings no one


async def test_a_restart_before_and_after_the_due_time_neither_repeats_nor_skips(
    tmp_path: Path, clock: Clock, dice: Dice
) -> None:
    path = tmp_path / "restart.sqlite3"

    async def start() -> tuple[Database, Services]:
        db = await Database.open(path)
        return db, Services(rulesets=RULESETS, db=db, dice=dice, clock=clock)

    db, services = await start()
    await three_cats(services)
    clock.advance(days=7)  # Monday 7 December, noon: the cats are older than this week
    await hunting_config.reminders_on(services, boss(), REMINDERS, "friday", 9)
    await hunting_config.set_admin_channel(services, boss(), ADMINS)
    before = await run(services, clock, clock.now)
    assert before.posts == []
    assert before.next_due == datetime(2026, 12, 11, 9, tzinfo=UTC)
    await db.close()

    # Down over the due time, back before the week ends: the reminder comes now, once.
    db, services = await start()
    late = await run(services, clock, datetime(2026, 12, 12, 15, tzinfo=UTC))
    assert [channel for channel, _ in texts(late)] == [REMINDERS]
    await db.close()
    db, services = await start()
    assert (await run(services, clock, datetime(2026, 12, 12, 16, tzinfo=UTC))).posts == []
    report = await run(services, clock, datetime(2026, 12, 14, 0, 5, tzinfo=UTC))
    assert [channel for channel, _ in texts(report)] == [ADMINS]
    await db.close()

    # Down for the whole next week: its reminder is not posted late, its report is, once.
    db, services = await start()
    back = await run(services, clock, datetime(2026, 12, 22, 8, tzinfo=UTC))
    assert [post.reply.title for post in back.posts] == ["Week of 2026-12-14: who missed the hunt"]
    assert back.next_due == datetime(2026, 12, 25, 9, tzinfo=UTC)
    await db.close()
    db, services = await start()
    assert (await run(services, clock, datetime(2026, 12, 22, 9, tzinfo=UTC))).posts == []
    rows = await db.transact(
        lambda tx: tx.characters._db.execute_fetchall(
            "SELECT kind, week_key, posts FROM hunting_posts ORDER BY kind, week_key"
        ),
        write=False,
    )
    assert [tuple(row) for row in rows] == [
        ("reminder", "2026-12-07", 1),
        ("week-end", "2026-11-30", 0),  # the starting point: that week ended before /config
        ("week-end", "2026-12-07", 1),
        ("week-end", "2026-12-14", 1),
    ]
    await db.close()


async def test_an_away_cat_is_not_reminded_reported_or_failed(services, dice, clock, db) -> None:
    await three_cats(services)
    clock.advance(days=7)
    await hunting_config.reminders_on(services, boss(), REMINDERS, "saturday", 12)
    await hunting_config.set_admin_channel(services, boss(), ADMINS)
    await hunting_config.missed_week_counts_as_failure(services, boss(), "on")
    await run(services, clock, clock.now)
    await hunting.away(services, actor(BOB), "2026-12-09", reason="holiday")
    dice.load(FIND, CATCH)
    await germ_hunting.hunt(services, actor(CAROL))
    reminder = await run(services, clock, datetime(2026, 12, 12, 12, tzinfo=UTC))
    [(_, text)] = texts(reminder)
    assert "Firepaw" in text and "Tigerclaw" not in text and "Graystripe" not in text
    report = await run(services, clock, datetime(2026, 12, 14, tzinfo=UTC))
    [post] = report.posts
    assert post.reply.lines == [
        "1 cat did not hunt in the week that ended <t:1797206400:f>, "
        "which counts as a failed hunt.",
        f"**Firepaw** — <@{ALICE}> · 1 failed hunt in a row",
    ]
    assert (await sheet(db, "Firepaw")).fail_streak == 1
    assert (await sheet(db, "Tigerclaw")).fail_streak == 0
    log = await germ_hunting.hunting_log(services, actor(ALICE))
    assert log.lines[0].endswith(
        "missed the week of 2026-12-07: counts as a failed hunt · 1 failure in a row"
    )


async def test_a_missed_week_starves_a_nursing_mother_and_her_young_kit(
    services, clock, db
) -> None:
    await germ_cats.create(services, actor(ALICE), **cat("Sandstorm", age=30))
    await germ_cats.create(services, actor(ALICE), **cat("Dapplekit", age=1, mother="Sandstorm"))
    await set_hunger(db, "Sandstorm", streak=1)
    clock.advance(days=7)
    await hunting_config.set_admin_channel(services, boss(), ADMINS)
    await hunting_config.missed_week_counts_as_failure(services, boss(), "on")
    await run(services, clock, clock.now)
    report = await run(services, clock, datetime(2026, 12, 14, tzinfo=UTC))
    lines = report.posts[0].reply.lines
    assert f"**Sandstorm** — <@{ALICE}> · now **starving**" in lines
    assert lines[-1] == "Kits starving with their mothers: Dapplekit."
    mother, kit = await sheet(db, "Sandstorm"), await sheet(db, "Dapplekit")
    assert (mother.fail_streak, mother.starving) == (2, True)
    assert (kit.fail_streak, kit.starving) == (1, True)


async def test_without_the_setting_a_missed_week_is_only_reported(services, clock, db) -> None:
    await three_cats(services)
    clock.advance(days=7)
    await hunting_config.set_admin_channel(services, boss(), ADMINS)
    await run(services, clock, clock.now)
    before = await sheet(db, "Firepaw")
    report = await run(services, clock, datetime(2026, 12, 14, 1, tzinfo=UTC))
    assert report.posts[0].reply.lines[0].endswith(".")
    assert "counts as a failed hunt" not in report.posts[0].reply.lines[0]
    assert await sheet(db, "Firepaw") == before


async def test_ageing_adds_a_moon_each_week_once_even_after_a_restart(
    tmp_path: Path, clock: Clock, dice: Dice
) -> None:
    path = tmp_path / "ageing.sqlite3"
    db = await Database.open(path)
    services = Services(rulesets=RULESETS, db=db, dice=dice, clock=clock)
    await three_cats(services)
    await clock_actions.ageing(services, boss(), "on")
    await run_with_clock(services, clock, clock.now)
    assert (await sheet(db, "Firepaw")).age_moons == 12
    await run_with_clock(services, clock, datetime(2026, 12, 7, tzinfo=UTC))
    assert (await sheet(db, "Firepaw")).age_moons == 13
    await run_with_clock(services, clock, datetime(2026, 12, 7, 1, tzinfo=UTC))
    await db.close()
    db = await Database.open(path)
    services = Services(rulesets=RULESETS, db=db, dice=dice, clock=clock)
    await run_with_clock(services, clock, datetime(2026, 12, 8, tzinfo=UTC))
    assert (await sheet(db, "Firepaw")).age_moons == 13
    # Down for two week starts: both are counted when the bot comes back.
    await run_with_clock(services, clock, datetime(2026, 12, 21, 10, tzinfo=UTC))
    assert (await sheet(db, "Firepaw")).age_moons == 15
    assert (await sheet(db, "Tigerclaw")).age_moons == 43
    await clock_actions.ageing(services, boss(), "off")
    await run_with_clock(services, clock, datetime(2026, 12, 28, 10, tzinfo=UTC))
    assert (await sheet(db, "Firepaw")).age_moons == 15
    await db.close()


async def test_seasons_turn_by_themselves_and_are_announced_once(services, clock, db) -> None:
    await hunting_config.reminders_on(services, boss(), REMINDERS, "sunday", 18)
    await seasons.set_automatic(services, boss(), "2026-11-02", 4)
    first = await run(services, clock, clock.now)
    assert first.next_due == datetime(2026, 12, 6, 18, tzinfo=UTC)  # the reminder comes first
    turned = await run(services, clock, datetime(2026, 12, 28, 0, 1, tzinfo=UTC))
    titles = [post.reply.title for post in turned.posts]
    assert "Leaf-fall has begun" in titles
    guild = await db.transact(lambda tx: tx.guilds.get(GUILD), write=False)
    assert guild.settings.seasons.season == "leaf-fall"
    again = await run(services, clock, datetime(2026, 12, 28, 0, 2, tzinfo=UTC))
    assert again.posts == []


async def test_a_settings_change_anywhere_rearms_the_schedule(services, clock, db) -> None:
    await hunting_config.reminders_on(services, boss(), REMINDERS, "sunday", 18)
    assert (await run(services, clock, clock.now)).next_due == datetime(2026, 12, 6, 18, tzinfo=UTC)
    await set_zone(services, "Asia/Tokyo")  # another command, which knows nothing of hunting
    result = await run(services, clock, clock.now)
    assert result.next_due == datetime(2026, 12, 6, 9, tzinfo=UTC)  # 18:00 in Tokyo


async def test_a_server_with_nothing_scheduled_is_not_looked_at_again(services, clock, db) -> None:
    await germ_cats.create(services, actor(ALICE), **cat("Firepaw"))
    await set_zone(services, "Europe/Paris")
    result = await run(services, clock, clock.now)
    assert result == JobResult([], None)
    due = await db.transact(
        lambda tx: tx.hunting.due_guilds(clock.now + timedelta(days=400), 10), write=False
    )
    assert due == []


async def test_many_cats_are_split_into_posts_within_discords_limits(services, clock) -> None:
    for number in range(MENTIONS_PER_POST + 5):
        await germ_cats.create(services, actor(5000 + number), **cat(f"Cat{number:03d}"))
    clock.advance(days=7)
    await hunting_config.reminders_on(services, boss(), REMINDERS, "monday", 13)
    result = await run(services, clock, datetime(2026, 12, 7, 13, tzinfo=UTC))
    assert [len(post.reply.mentions) for post in result.posts] == [MENTIONS_PER_POST, 5]
    assert [post.reply.title for post in result.posts] == [
        "Hunting reminder (1/2)",
        "Hunting reminder (2/2)",
    ]


def test_split_posts_keeps_text_and_pings_within_limits() -> None:
    items = [(f"**{'Longname' * 6}{n}** — <@{10**17 + n}>", 10**17 + n) for n in range(300)]
    posts = split_posts("Reminder", ["header line"], items, ping=True)
    assert len(posts) > 1
    for post in posts:
        assert len("\n".join(post.lines)) <= POST_TEXT_LIMIT
        assert len(post.mentions) <= MENTIONS_PER_POST
        assert len(" ".join(f"<@{user}>" for user in post.mentions)) <= 2000
    seen = [line for post in posts for line in post.lines]
    assert seen == ["header line"] + [line for line, _ in items]
    assert {user for post in posts for user in post.mentions} == {user for _, user in items}


async def test_a_reminder_channel_the_bot_cannot_post_in(services, clock, db) -> None:
    allowed = {REMINDERS: False, ADMINS: True}

    async def can_post(guild_id: int, channel_id: int) -> bool:
        return allowed.get(channel_id, True)

    services.can_post = can_post  # type: ignore[attr-defined]
    await three_cats(services)
    await hunting_config.set_admin_channel(services, boss(), ADMINS)
    before = dump(db)
    with pytest.raises(PawpostError) as refused:
        await hunting_config.reminders_on(services, boss(), REMINDERS, "sunday", 18)
    assert refused.value.message == (
        f"I cannot post in <#{REMINDERS}>: give Pawpost View Channel, Send Messages and "
        "Embed Links there, or pick another channel."
    )
    assert dump(db) == before
    allowed[REMINDERS] = True
    clock.advance(days=7)
    await hunting_config.reminders_on(services, boss(), REMINDERS, "sunday", 18)
    allowed[REMINDERS] = False  # the permission was taken away afterwards
    result = await run(services, clock, datetime(2026, 12, 13, 18, tzinfo=UTC))
    [post] = [post for post in result.posts if "Week of" not in (post.reply.title or "")]
    assert post.channel_id == ADMINS
    assert post.reply.title == "Hunting reminder not posted"


async def test_bad_reminder_settings_are_refused(services, db) -> None:
    before = dump(db)
    with pytest.raises(
        PawpostError, match=r"^funday is not a day of the week; pick one of monday to sunday\.$"
    ):
        await hunting_config.reminders_on(services, boss(), REMINDERS, "funday", 18)
    with pytest.raises(PawpostError, match=r"^The hour must be 0 to 23; you gave 24\.$"):
        await hunting_config.reminders_on(services, boss(), REMINDERS, "sunday", 24)
    with pytest.raises(PawpostError, match=r"^Only an admin of this server can do that\.$"):
        await hunting_config.reminders_on(services, actor(ALICE), REMINDERS, "sunday", 18)
    with pytest.raises(PawpostError, match=r"^Hunting reminders are already off\.$"):
        await hunting_config.reminders_off(services, boss())
    with pytest.raises(PawpostError, match=r"^Say on or off\.$"):
        await clock_actions.ageing(services, boss(), "maybe")
    assert dump(db) == before
