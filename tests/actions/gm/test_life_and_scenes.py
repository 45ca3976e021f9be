"""`/admin damage|heal|kill|revive` and `/admin scene status|skip|end`, played on Germ: harm
read on the ruleset's own table, a dead cat that cannot act and leaves its combat, and the
scenes (a combat, a contest) an admin passes or closes."""

from __future__ import annotations

import pytest

from bot.actions import buttons, characters
from bot.actions.germ import checks, combat
from bot.actions.gm import life, scenes, undo
from rules.errors import PawpostError
from rules.life import Life
from tests.actions.germ.combat_helpers import fighting, make_cats, text
from tests.actions.germ.hunting_helpers import boss, two_cats
from tests.actions.germ.hunting_helpers import sheet as germ_sheet
from tests.actions.germ.test_combat_many import three_cats
from tests.conftest import ALICE, BOB, GUILD, actor, dump


async def _life(db, name: str) -> Life:
    found = await db.transact(lambda tx: tx.characters.by_name(GUILD, name), write=False)
    return found.life


async def test_germ_damage_is_a_hit_on_the_power_table(services, db) -> None:
    await two_cats(services)
    small = await life.damage(services, boss(), "Firepaw", 8, "a bramble")
    assert small.lines[0] == "A hit of 8 leaves Firepaw no scar: nothing on the sheet changes."
    scarred = await life.damage(services, boss(), "Firepaw", 12, "a fox")
    assert scarred.lines[0] == "A hit of 12 leaves Firepaw a scar (1 in all)."
    before = dump(db)
    with pytest.raises(PawpostError, match="A hit of 22 disables: name it with kind"):
        await life.damage(services, boss(), "Firepaw", 22, "a badger")
    with pytest.raises(PawpostError, match="Only a hit of 21 or more leaves a disability."):
        await life.damage(services, boss(), "Firepaw", 12, "a badger", kind="blinded")
    with pytest.raises(PawpostError, match="The kind of damage is one of: blinded"):
        await life.damage(services, boss(), "Firepaw", 22, "a badger", kind="bruised")
    assert dump(db) == before
    disabled = await life.damage(services, boss(), "Firepaw", 22, "a badger", kind="tail-torn-off")
    assert disabled.lines == [
        "A hit of 22 leaves Firepaw a scar (2 in all).",
        "Firepaw is tail torn off for good.",
        "Reason: a badger",
    ]
    hurt = await germ_sheet(db, "Firepaw")
    assert (hurt.scars, [c.value for c in hurt.conditions]) == (2, ["no-tail"])
    entry = int(disabled.footer.split("#")[1].split(" ")[0])
    await undo.undo(services, boss(), entry)
    back = await germ_sheet(db, "Firepaw")
    assert (back.scars, back.conditions) == (1, ())


async def test_healing_means_nothing_in_germ(services, db) -> None:
    await two_cats(services)
    before = dump(db)
    with pytest.raises(PawpostError, match="Germ has nothing to heal: correct the sheet"):
        await life.heal(services, boss(), "Firepaw", 3, "rest")
    assert dump(db) == before


async def test_a_dead_cat_cannot_act_and_lives_again_when_revived(services, db, dice) -> None:
    await two_cats(services)
    killed = await life.kill(services, boss(), "Firepaw", "agreed in OOC")
    assert killed.title == "Firepaw is dead"
    assert await _life(db, "Firepaw") is Life.DEAD
    before = dump(db)
    with pytest.raises(PawpostError, match="^Firepaw is dead.$"):
        await checks.check(services, actor(ALICE), "strength", 10)
    with pytest.raises(PawpostError, match="^Firepaw is dead.$"):
        await checks.start_contest(services, actor(BOB), "strength", "Firepaw")
    with pytest.raises(PawpostError, match="Firepaw is already dead."):
        await life.kill(services, boss(), "Firepaw", "again")
    with pytest.raises(PawpostError, match="Firepaw is dead; /admin revive comes first."):
        await life.damage(services, boss(), "Firepaw", 12, "kick")
    assert dump(db) == before
    shown = await characters.show(services, actor(ALICE))
    assert "State: **dead**" in shown.lines
    await life.revive(services, boss(), "Firepaw", "it was a dream")
    assert await _life(db, "Firepaw") is Life.ACTIVE
    dice.load(10)
    await checks.check(services, actor(ALICE), "strength", 10)
    with pytest.raises(PawpostError, match="Firepaw is not dead."):
        await life.revive(services, boss(), "Firepaw", "twice")


async def test_a_cat_that_dies_leaves_its_combat(services, db) -> None:
    await make_cats(services)
    await fighting(services, actor(ALICE), actor(BOB), "Tigerclaw")
    killed = await life.kill(services, boss(), "Tigerclaw", "agreed")
    assert "Tigerclaw's combat ends with its death." in killed.lines
    with pytest.raises(PawpostError, match="There is no combat here"):
        await combat.status(services, actor(ALICE))


async def test_of_three_cats_one_dying_leaves_the_others_fighting(services) -> None:
    await three_cats(services)
    killed = await life.kill(services, boss(), "Longtail", "agreed")
    assert "Longtail leaves its combat; the others fight on." in killed.lines
    status = await scenes.status(services, boss())
    assert "Firepaw's turn" in status.lines[0]
    died_on_turn = await life.kill(services, boss(), "Firepaw", "agreed too")
    assert "Firepaw's combat ends with its death." in died_on_turn.lines


async def test_the_state_field_retires_and_sends_away_and_back(services, db) -> None:
    from bot.actions.gm import sheet

    await two_cats(services)
    await sheet.set_field(services, boss(), "Firepaw", "State", "retired", "an elder now")
    assert await _life(db, "Firepaw") is Life.RETIRED
    with pytest.raises(PawpostError, match="^Firepaw is retired: out of play, it cannot act.$"):
        await checks.check(services, actor(ALICE), "strength", 10)
    await sheet.set_field(services, boss(), "Firepaw", "State", "away", "travelling")
    assert await _life(db, "Firepaw") is Life.AWAY
    await sheet.set_field(services, boss(), "Firepaw", "State", "dead", "the end")
    assert await _life(db, "Firepaw") is Life.DEAD
    await sheet.set_field(services, boss(), "Firepaw", "State", "active", "not the end")
    assert await _life(db, "Firepaw") is Life.ACTIVE


async def test_scene_status_skip_and_end_a_germ_combat(services, clock) -> None:
    await make_cats(services)
    await fighting(services, actor(ALICE), actor(BOB), "Tigerclaw")
    clock.advance(hours=3)
    status = await scenes.status(services, boss())
    assert status.lines[0].startswith("Fight #")
    assert "Firepaw's turn, waiting 3 h 0 min" in status.lines[0]
    with pytest.raises(PawpostError, match="It is Firepaw's turn, not that cat's."):
        await scenes.skip(services, boss(), "Tigerclaw")
    skipped = await scenes.skip(services, boss())
    assert "Firepaw's turn is skipped" in text(skipped) or "Tigerclaw" in text(skipped)
    assert "Tigerclaw's turn" in (await scenes.status(services, boss())).lines[0]
    ended = await scenes.end(services, boss(), "the players agreed", "Firepaw")
    assert "The combat ends" in text(ended) or "ended" in text(ended).lower()
    assert (await scenes.status(services, boss())).lines == ["No scene is open in this server."]


async def test_scene_skip_and_end_a_contest(services, dice) -> None:
    await two_cats(services)
    dice.load(12)
    await checks.start_contest(services, actor(ALICE), "charisma", "Tigerclaw")
    status = await scenes.status(services, boss())
    assert "Contest #" in status.lines[0]
    assert "waiting for Tigerclaw's roll" in status.lines[0]
    dice.load(3)
    settled = await scenes.skip(services, boss())
    assert settled.title == "Contest: Firepaw vs Tigerclaw"
    dice.load(12)
    await checks.start_contest(services, actor(ALICE), "charisma", "Tigerclaw")
    ended = await scenes.end(services, boss(), "scene moved on")
    assert ended.lines == ["Nobody wins. Reason: scene moved on"]
    assert (await scenes.status(services, boss())).lines == ["No scene is open in this server."]


async def test_scene_commands_refuse_where_there_is_no_scene(services, db) -> None:
    await two_cats(services)
    before = dump(db)
    with pytest.raises(PawpostError, match="No scene is open in this channel"):
        await scenes.skip(services, boss())
    with pytest.raises(PawpostError, match="Firepaw is in no open scene."):
        await scenes.end(services, boss(), "why", "Firepaw")
    with pytest.raises(PawpostError, match="Only an admin of this server can do that."):
        await scenes.status(services, actor(ALICE))
    assert dump(db) == before


async def test_only_cats_in_play_are_reminded_failed_and_aged(services, clock, db) -> None:
    """The week's reminder, its missed-hunt failure and the moon pass over a dead cat and a
    retired one (out of play) and an away one (excused); the active cat is reminded, counted
    and ages."""
    from datetime import UTC, datetime

    from bot.actions import clock as clock_actions
    from bot.actions import hunting_config
    from bot.actions.clock import game_clock
    from bot.actions.germ import cats as germ_cats
    from bot.actions.gm import sheet
    from bot.actions.hunting_jobs import weekly_hunting
    from tests.conftest import CAROL, cat

    for user, name in ((ALICE, "Firepaw"), (BOB, "Deadpaw"), (BOB, "Oldpaw"), (CAROL, "Farpaw")):
        await germ_cats.create(services, actor(user), **cat(name))
    await life.kill(services, boss(), "Deadpaw", "agreed")
    await sheet.set_field(services, boss(), "Oldpaw", "State", "retired", "an elder now")
    await sheet.set_field(services, boss(), "Farpaw", "State", "away", "travelling")
    await clock_actions.ageing(services, boss(), "on")
    clock.advance(days=7)
    await hunting_config.reminders_on(services, boss(), 55, "saturday", 12)
    await hunting_config.set_admin_channel(services, boss(), 77)
    await hunting_config.missed_week_counts_as_failure(services, boss(), "on")
    await weekly_hunting(services, clock())
    await game_clock(services, clock())
    reminder = await weekly_hunting(services, datetime(2026, 12, 12, 12, tzinfo=UTC))
    [post] = reminder.posts
    assert "Firepaw" in "\n".join(post.reply.lines)
    assert post.reply.mentions == [ALICE]
    clock.now = datetime(2026, 12, 14, tzinfo=UTC)
    report = await weekly_hunting(services, clock())
    await game_clock(services, clock())
    [post] = report.posts
    assert post.reply.lines[1:] == [f"**Firepaw** — <@{ALICE}> · 1 failed hunt in a row"]
    ages = {
        n: (await germ_sheet(db, n)).age_moons for n in ("Firepaw", "Deadpaw", "Oldpaw", "Farpaw")
    }
    failed = {n: (await germ_sheet(db, n)).fail_streak for n in ages}
    assert ages == {"Firepaw": 14, "Deadpaw": 12, "Oldpaw": 14, "Farpaw": 14}
    assert failed == {"Firepaw": 1, "Deadpaw": 0, "Oldpaw": 0, "Farpaw": 0}


async def test_a_dead_cat_is_not_aged_by_hand(services, db) -> None:
    from bot.actions import clock as clock_actions

    await two_cats(services)
    await life.kill(services, boss(), "Firepaw", "agreed")
    before = dump(db)
    with pytest.raises(PawpostError, match="^Firepaw is dead.$"):
        await clock_actions.admin_age(services, boss(), "Firepaw", 3, "a birthday")
    assert dump(db) == before


async def test_a_death_calls_off_the_contests_the_cat_waits_in(services, dice) -> None:
    await two_cats(services)
    dice.load(12)
    started = await checks.start_contest(services, actor(ALICE), "charisma", "Tigerclaw")
    killed = await life.kill(services, boss(), "Tigerclaw", "agreed")
    contest = int(started.buttons[0].custom_id.split(":")[2])
    assert f"Contest #{contest} is called off with Tigerclaw's death." in killed.lines
    assert (await scenes.status(services, boss())).lines == ["No scene is open in this server."]
    with pytest.raises(PawpostError, match="already settled"):
        await buttons.press(services, boss(), started.buttons[0].custom_id)
