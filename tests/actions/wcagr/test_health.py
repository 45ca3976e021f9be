"""WCAGR health over game days against a real database: each sunrise heals wounds and moves
illnesses on, summed up once per game day across a restart and a downtime; `/heal` once a day
with herbs; `/treat` by a medicine cat or an admin; an admin's illness and cough season."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.actions import clock as clock_actions
from bot.actions.clock import game_clock
from bot.actions.context import Services
from bot.actions.wcagr import healing, hunting, illness
from bot.registry import RULESETS
from rules.errors import PawpostError
from rules.wcagr import Illness, WcagrSheet
from storage.database import Database
from tests.actions.wcagr.helpers import make, wcagr_server
from tests.conftest import ADMIN, ALICE, BOB, GUILD, Clock, Dice, actor, dump

ADMIN_ACTOR = actor(ADMIN, admin=True)
SUMMARIES = 66


async def sheet_of(services, name: str = "Firepaw") -> WcagrSheet:
    found = await services.db.transact(lambda tx: tx.characters.by_name(GUILD, name), write=False)
    assert isinstance(found.sheet, WcagrSheet)
    return found.sheet


async def wound(services, name: str, hp_lost: int) -> None:
    def change(tx):
        found = tx.characters.by_name(GUILD, name)
        found.sheet = found.sheet.changed(hp_lost=hp_lost)
        tx.characters.save_sheet(found)

    await services.db.transact(change)


async def tick(services: Services, clock: Clock, when: datetime) -> list[tuple[str, list[str]]]:
    clock.now = when
    result = await game_clock(services, when)
    for post in result.posts:  # a summary pings exactly the players it names
        assert post.reply.mentions == ([ALICE] if "<@" in " ".join(post.reply.lines) else [])
    return [(post.reply.title or "", post.reply.lines) for post in result.posts]


@pytest.fixture
async def cats(services) -> None:
    await wcagr_server(services)
    await make(services, ALICE)  # Firepaw: 19 HP
    await make(services, BOB, name="Cinderpaw", rank="medicine-cat")


async def test_days_heal_and_worsen_once_each_across_a_restart_and_downtime(
    tmp_path: Path, clock: Clock, dice: Dice
) -> None:
    path = tmp_path / "days.sqlite3"
    db = await Database.open(path)
    services = Services(rulesets=RULESETS, db=db, dice=dice, clock=clock)
    await wcagr_server(services)
    await make(services, ALICE)
    await clock_actions.game_day_channel(services, ADMIN_ACTOR, SUMMARIES)
    await wound(services, "Firepaw", 3)
    await illness.admin_give(services, ADMIN_ACTOR, "Firepaw", "whitecough", "a cold wind")
    assert await tick(services, clock, clock.now) == []  # day 1 is running: its onset
    dawn = datetime(2026, 12, 1, 6, tzinfo=UTC)
    assert await tick(services, clock, dawn) == [("Day 2 dawns", ["Healed 1 HP: Firepaw (17/19)."])]
    assert await tick(services, clock, dawn + timedelta(minutes=5)) == []
    await db.close()

    # Restarted after two days down: each missed sunrise once, in order, in one digest.
    db = await Database.open(path)
    services = Services(rulesets=RULESETS, db=db, dice=dice, clock=clock)
    caught_up = await tick(services, clock, datetime(2026, 12, 3, 9, tzinfo=UTC))
    assert caught_up == [
        (
            "Days 3–4, caught up after downtime",
            [
                "The bot was away while these game days dawned; each one's work is done.",
                "**Day 3:** Healed 1 HP: Firepaw (18/19).",
                "**Day 4:** Healed 1 HP: Firepaw (19/19).",
            ],
        )
    ]
    # Days 5-7 nothing; day 8 is whitecough's 7th sunrise: greencough (no red, no yellow).
    dice.load(50, 50)
    week = await tick(services, clock, datetime(2026, 12, 7, 6, tzinfo=UTC))
    # Monday's moon made Firepaw 11 moons: its Skill gain is told to its player at once, once.
    (_, days), (prompt, asked) = week
    assert days[1:] == [
        "**Days 5–7:** A quiet day.",
        "**Day 8:** **Worse:** Firepaw worsens to greencough; dice: Redcough d100 **50**, "
        "Yellowcough d100 **50**.",
    ]
    assert prompt == "Gains wait for a choice"
    assert asked[0].startswith("<@101>: Firepaw, 11 moons. Skill (11 moons): choose one of Arch,")
    sheet = await sheet_of(services)
    assert sheet.illness is Illness.GREENCOUGH
    dice.load(60)  # greencough's sunrise roll: lives
    [(_, lines)] = await tick(services, clock, datetime(2026, 12, 8, 6, tzinfo=UTC))
    # The gain was told by the moon's post: the summary does not repeat it; the die is shown.
    assert lines == [
        "**Ill:** Firepaw is ill with greencough (day 1); dice: Greencough at sunrise d100 **60**."
    ]
    dice.load(60)
    [(_, lines)] = await tick(services, clock, datetime(2026, 12, 9, 6, tzinfo=UTC))
    assert lines[0].startswith("**Ill:** Firepaw is ill with greencough (day 2)")
    await db.close()


async def test_heal_once_a_day_with_herbs(services, dice, db, cats) -> None:
    await wound(services, "Firepaw", 6)  # target 11
    with pytest.raises(PawpostError, match="say herbs:yes"):
        await healing.heal(services, actor(BOB), "Firepaw", "no")
    # Cinderpaw: Intelligence 2 + Ponder 1 (ThunderClan): 3d6 (4, 3, 2) + 3 = 12 >= 11: 2 HP.
    dice.load(4, 3, 2)
    reply = await healing.heal(services, actor(BOB), "Firepaw", "yes")
    assert reply.lines == [
        "3d6 [4, 3, 2] + Intelligence 2 + Ponder 1 = **12** vs 11 (HP lost + 5)",
        "Firepaw heals 2 HP: 15 of 19.",
    ]
    before = dump(db.path)
    with pytest.raises(PawpostError, match="has had its herb healing today"):
        await healing.heal(services, actor(ALICE), "Firepaw", "yes")
    assert dump(db.path) == before


async def test_a_medicine_cat_treats_and_others_cannot(services, db, cats) -> None:
    await illness.admin_give(services, ADMIN_ACTOR, "Firepaw", "whitecough", "cold")
    await make(services, BOB, name="Graypaw")
    before = dump(db.path)
    with pytest.raises(PawpostError, match="Graypaw is no medicine cat"):
        await illness.treat_cat(services, actor(BOB), "Firepaw", "catmint, tansy", "Graypaw")
    with pytest.raises(PawpostError, match="needs catmint with tansy or borage"):
        await illness.treat_cat(services, actor(BOB), "Firepaw", "tansy", "Cinderpaw")
    assert dump(db.path) == before
    done = await illness.treat_cat(services, actor(BOB), "Firepaw", "catmint, tansy", "Cinderpaw")
    assert done.lines == ["Firepaw is cured of whitecough."]
    assert (await sheet_of(services)).illness is None


async def test_the_cough_season_called_by_an_admin(services, dice, cats) -> None:
    # Firepaw: Strength 4: 2, 2, 1 + 4 = 9 fails; Cinderpaw: 3, 3, 3 + 4 = 13 passes DC 10,
    # and at 10 moons also DC 12 against kitten-cough with 13.
    dice.load(2, 2, 1, 3, 3, 3, 3, 3, 3)
    reply = await illness.admin_season(services, ADMIN_ACTOR, "leaf-bare is here")
    assert reply.lines == [
        "The cough season begins: 2 cat(s) rolled Strength against it; ill: Firepaw (whitecough).",
        "Firepaw: Whitecough 3d6 [2, 2, 1] + Strength 4 = **9** vs DC 10: falls ill.",
        "Cinderpaw: Whitecough 3d6 [3, 3, 3] + Strength 4 = **13** vs DC 10: keeps well.",
        "Cinderpaw: Kitten-cough 3d6 [3, 3, 3] + Strength 4 = **13** vs DC 12: keeps well.",
    ]
    with pytest.raises(PawpostError, match="whitecough and cannot hunt or fight"):
        await hunting.hunt(services, actor(ALICE), "vole", "listen")
