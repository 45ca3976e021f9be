"""Sharing and stealing a catch, an admin clearing starvation, the log, status and away."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.actions import buttons, hunting, hunting_config, seasons
from bot.actions.germ import cats as germ_cats
from bot.actions.germ import hunting as germ_hunting
from rules.errors import PawpostError
from tests.actions.germ.hunting_helpers import (
    CATCH,
    FIND,
    MISS,
    MONDAY_NOON,
    boss,
    hunt_on,
    set_hunger,
    sheet,
    two_cats,
)
from tests.conftest import ALICE, BOB, CAROL, GUILD, actor, cat, dump


@pytest.fixture
async def cats(services):
    await two_cats(services)
    await germ_cats.create(services, actor(CAROL), **cat("Graystripe"))


async def refused(db, action, message: str) -> None:
    """The action is refused with exactly this one sentence and the database is unchanged."""
    before = dump(db)
    with pytest.raises(PawpostError) as error:
        await action
    assert error.value.message == message
    assert "\n" not in message and message.endswith(".")
    assert dump(db) == before


async def test_a_catch_shared_feeds_a_starving_cat_once(services, dice, clock, db, cats) -> None:
    await set_hunger(db, "Graystripe", streak=3, starving=True)
    await hunt_on(services, dice, clock, FIND, CATCH, days=0)
    reply = await germ_hunting.share(services, actor(ALICE), "Graystripe")
    assert reply.lines == [
        "Firepaw shares its catch with Graystripe, who eats it.",
        "Graystripe is no longer starving.",
    ]
    assert reply.mentions == [CAROL]
    fed = await sheet(db, "Graystripe")
    assert (fed.fail_streak, fed.starving) == (0, False)
    await refused(
        db,
        germ_hunting.share(services, actor(ALICE), "Tigerclaw"),
        "Firepaw's last catch was already shared with Graystripe.",
    )
    log = await germ_hunting.hunting_log(services, actor(ALICE))
    assert log.lines[0].endswith("· shared with Graystripe")


async def test_sharing_a_failed_old_or_missing_catch_is_refused(
    services, dice, clock, db, cats
) -> None:
    await refused(
        db,
        germ_hunting.share(services, actor(ALICE), "Graystripe"),
        "Firepaw has not hunted yet, so there is no catch to share.",
    )
    await hunt_on(services, dice, clock, FIND, CATCH)
    await hunt_on(services, dice, clock, MISS, days=0)
    # The older catch is still fresh, so it is the one shared.
    await germ_hunting.share(services, actor(ALICE), "Graystripe")
    await refused(
        db,
        germ_hunting.share(services, actor(ALICE), "Tigerclaw"),
        "Firepaw's last hunt failed, so there is no catch to share.",
    )
    clock.advance(days=1)
    await hunt_on(services, dice, clock, FIND, CATCH, days=8)
    await refused(
        db,
        germ_hunting.share(services, actor(ALICE), "Graystripe"),
        "Firepaw's last catch is 8 days old; only a catch from the last 7 days can be shared.",
    )


async def test_sharing_with_itself_or_someone_elses_catch_is_refused(
    services, dice, clock, db, cats
) -> None:
    await hunt_on(services, dice, clock, FIND, CATCH, days=0)
    await refused(
        db,
        germ_hunting.share(services, actor(ALICE), "Firepaw"),
        "Firepaw cannot share a catch with itself; name the cat to give it to.",
    )
    await refused(
        db,
        germ_hunting.share(services, actor(BOB), "Tigerclaw", character="Firepaw"),
        "Firepaw belongs to another player.",
    )
    await refused(
        db,
        germ_hunting.share(services, actor(BOB), "Firepaw"),
        "Tigerclaw has not hunted yet, so there is no catch to share.",
    )


async def test_a_steal_rolls_both_sides_and_mentions_the_hunter(
    services, dice, clock, db, cats
) -> None:
    await hunt_on(services, dice, clock, FIND, CATCH, user=ALICE, days=0)
    await set_hunger(db, "Tigerclaw", streak=3, starving=True)
    dice.load(10, 10)  # Stealth 4 + 10 = 14 against Perception 3 + 10 = 13
    reply = await germ_hunting.steal(services, actor(BOB), "Firepaw")
    assert reply.mentions == [ALICE]
    assert reply.lines == [
        f"<@{ALICE}>, Tigerclaw is after Firepaw's catch.",
        "Tigerclaw: d20 **10** + Stealth 4 = **14**",
        "Firepaw: d20 **10** + Perception 3 = **13**",
        "**Tigerclaw steals the catch unseen** (by 1) and eats it.",
        "Tigerclaw is no longer starving.",
    ]
    assert not (await sheet(db, "Tigerclaw")).starving
    await refused(
        db,
        germ_hunting.steal(services, actor(CAROL), "Firepaw"),
        "Firepaw's last catch was already stolen by Tigerclaw.",
    )
    await refused(
        db,
        germ_hunting.share(services, actor(ALICE), "Graystripe"),
        "Firepaw's last catch was already stolen by Tigerclaw.",
    )
    recent = await db.transact(lambda tx: tx.audit.recent(GUILD, limit=10), write=False)
    entries = [e for e in recent if e.action == "steal"]
    assert [(e.character_name, e.outcome, len(e.rolls)) for e in entries] == [
        ("Tigerclaw", "stolen", 2)
    ]


async def test_a_tie_goes_to_the_hunter_and_a_thief_tries_each_catch_once(
    services, dice, clock, db, cats
) -> None:
    await hunt_on(services, dice, clock, FIND, CATCH, user=ALICE, days=0)
    dice.load(9, 10)  # 13 against 13
    reply = await germ_hunting.steal(services, actor(BOB), "Firepaw")
    assert reply.lines[-1] == (
        "**Firepaw spots Tigerclaw** (a tie goes to the hunter) and keeps the catch."
    )
    await refused(
        db,
        germ_hunting.steal(services, actor(BOB), "Firepaw"),
        "Tigerclaw already tried to steal Firepaw's catch of 2026-11-30; "
        "a thief gets one try at each catch.",
    )
    dice.load(20, 1)
    stolen = await germ_hunting.steal(services, actor(CAROL), "Firepaw")
    assert "Graystripe steals the catch" in stolen.lines[-1]


async def test_stealing_from_yourself_or_an_old_catch_is_refused(
    services, dice, clock, db, cats
) -> None:
    await germ_cats.create(services, actor(ALICE), **cat("Sandstorm"))
    dice.load(FIND, CATCH)
    await germ_hunting.hunt(services, actor(ALICE), "Firepaw")
    await refused(
        db,
        germ_hunting.steal(services, actor(ALICE), "Firepaw", character="Firepaw"),
        "Firepaw cannot steal from itself.",
    )
    await refused(
        db,
        germ_hunting.steal(services, actor(ALICE), "Firepaw", character="Sandstorm"),
        "Sandstorm and Firepaw belong to the same player; "
        "a cat cannot steal from its own player's cats.",
    )
    clock.advance(days=7, seconds=1)
    await refused(
        db,
        germ_hunting.steal(services, actor(BOB), "Firepaw"),
        "Firepaw's last catch is 7 days old; only a catch from the last 7 days can be stolen.",
    )


async def test_an_admin_clears_starvation_with_a_reason(services, db, cats) -> None:
    await set_hunger(db, "Firepaw", streak=4, starving=True)
    await refused(
        db,
        germ_hunting.clear_starving(services, actor(ALICE), "Firepaw", "pity"),
        "Only an admin of this server can do that.",
    )
    await refused(
        db,
        germ_hunting.clear_starving(services, boss(), "Firepaw", "  "),
        "An admin change needs a reason, so the log can say why.",
    )
    reply = await germ_hunting.clear_starving(
        services, boss(), "Firepaw", "agreed out of character"
    )
    assert reply.lines == ["Firepaw is fed again: not starving, no failed hunts in a row."]
    fed = await sheet(db, "Firepaw")
    assert (fed.fail_streak, fed.starving) == (0, False)
    [entry] = await db.transact(lambda tx: tx.audit.recent(GUILD, limit=1), write=False)
    assert entry.reason == "agreed out of character"
    await refused(
        db,
        germ_hunting.clear_starving(services, boss(), "Firepaw", "again"),
        "Firepaw is not starving and has no failed hunts to clear.",
    )


async def test_the_hunting_log_pages_newest_first(services, dice, clock, db, cats) -> None:
    for _ in range(7):
        await hunt_on(services, dice, clock, MISS)
    first = await germ_hunting.hunting_log(services, actor(BOB), "Firepaw", limit=3)
    assert first.title == "Hunting log of Firepaw"
    assert [line.split("`")[1] for line in first.lines] == ["#7", "#6", "#5"]
    assert "Newleaf: no prey (4 vs DC 5) · 7 failures in a row" in first.lines[0]
    [older] = first.buttons
    second = await buttons.press(services, actor(BOB), older.custom_id)
    assert second.update
    # Older pages are the default size: the rest here.
    assert [line.split("`")[1] for line in second.lines] == ["#4", "#3", "#2", "#1"]
    assert second.lines[1].endswith("Newleaf: no prey (4 vs DC 5) · became starving")
    assert second.buttons == []


async def test_status_shows_each_cat_of_a_player_this_week(services, dice, clock, db, cats) -> None:
    await germ_cats.create(services, actor(ALICE), **cat("Sandstorm"))
    dice.load(MISS)
    await germ_hunting.hunt(services, actor(ALICE), "Sandstorm")
    await set_hunger(db, "Firepaw", streak=3, starving=True)
    reply = await hunting.status(services, actor(BOB), user=ALICE)
    week_end = int(datetime(2026, 12, 7, tzinfo=UTC).timestamp())
    assert reply.lines[0] == f"<@{ALICE}>'s cats; this week ends <t:{week_end}:R>."
    assert reply.lines[1] == (
        "**Firepaw**: **not hunted this week** · **starving** (3 failed hunts in a row)"
    )
    assert reply.lines[2] == (
        f"**Sandstorm**: hunted this week · last hunt <t:{int(MONDAY_NOON.timestamp())}:R>: "
        "found no prey · "
        "1 failed hunt in a row (2 more failures would starve it)"
    )
    assert reply.mentions == []


async def test_away_waits_for_an_admin_when_the_server_says_so(services, db, cats) -> None:
    await hunting_config.away_needs_approval(services, boss(), "on")
    asked = await hunting.away(services, actor(ALICE), "2026-12-10", reason="a trip")
    assert asked.lines[0] == "Firepaw asks to be away until 2026-12-10 (a trip)."
    approve, deny = asked.buttons
    await refused(
        db,
        buttons.press(services, actor(ALICE), approve.custom_id),
        "Only an admin can approve or deny an away request.",
    )
    done = await buttons.press(services, boss(), approve.custom_id)
    assert done.lines == ["<@900> approved Firepaw's away until 2026-12-10."]
    assert done.mentions == [ALICE]
    await refused(
        db,
        buttons.press(services, boss(), deny.custom_id),
        "That away request was already approved.",
    )
    status = await hunting.status(services, actor(ALICE))
    assert status.lines[1].endswith("· away until 2026-12-10")


async def test_an_admins_away_needs_no_approval(services, db, cats) -> None:
    await hunting_config.away_needs_approval(services, boss(), "on")
    reply = await hunting.away(services, boss(), "2026-11-30", character="Tigerclaw")
    assert reply.buttons == []
    assert reply.lines[0].startswith("Tigerclaw is away until the end of 2026-11-30")


@pytest.mark.parametrize(
    ("until", "message"),
    [
        (
            "2026-02-30",
            "The away date must be a real date written YYYY-MM-DD, such as 2026-12-24; "
            "2026-02-30 is not.",
        ),
        (
            "next week",
            "The away date must be a real date written YYYY-MM-DD, such as 2026-12-24; "
            "next week is not.",
        ),
        (
            "2026-11-29",
            "The away date must be today or later; today is 2026-11-30 in this server's time zone.",
        ),
        ("2028-01-01", "A cat can be marked away for at most 365 days."),
    ],
)
async def test_a_bad_away_date_is_refused(services, db, cats, until, message) -> None:
    await refused(db, hunting.away(services, actor(ALICE), until), message)


async def test_bad_season_settings_are_refused(services, db, cats) -> None:
    await refused(
        db,
        seasons.set_automatic(services, boss(), "30/11/2026", 13),
        "The start date must be a real date written YYYY-MM-DD, such as 2026-12-24; "
        "30/11/2026 is not.",
    )
    await refused(
        db,
        seasons.set_automatic(services, boss(), "2026-11-30", 0),
        "A season can last 1 to 52 weeks; you gave 0.",
    )
    await refused(
        db,
        seasons.set_season(services, boss(), "winter"),
        "That is not a season; pick one of newleaf, greenleaf, leaf-fall, leaf-bare.",
    )
    await refused(
        db,
        seasons.set_season(services, actor(ALICE), "leaf-bare"),
        "Only an admin of this server can do that.",
    )
    await refused(
        db, seasons.set_manual(services, boss()), "Seasons are already set by hand on this server."
    )


async def test_seasons_turn_from_newleaf_on_the_start_date(services, clock) -> None:
    reply = await seasons.set_automatic(services, boss(), "2026-11-02", 4)
    assert reply.lines[1] == "It is **Greenleaf** now; Leaf-fall begins <t:1798416000:D>."
    clock.advance(days=28)
    shown = await seasons.show(services, actor(ALICE))
    assert shown.lines[0].startswith("It is **Leaf-fall**.")
    back = await seasons.set_manual(services, boss())
    assert "It stays **Leaf-fall**" in back.lines[0]
    clock.advance(days=100)
    assert (await seasons.show(services, actor(ALICE))).lines[0].startswith("It is **Leaf-fall**.")
