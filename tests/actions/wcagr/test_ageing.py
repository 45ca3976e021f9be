"""WCAGR cats on the game clock: sprains rest each sunrise, moons level a cat (choices wait for
`/character gains`), great deeds, retiring."""

from __future__ import annotations

import pytest

from bot.actions import buttons
from bot.actions import clock as game_clock
from bot.actions.game_time import game_day_numbered
from bot.actions.wcagr import ageing, checks
from bot.actions.wcagr.clock import on_sunrise
from rules.errors import PawpostError
from rules.wcagr import Ability, Gain, Knack, Skill, WcagrSheet
from tests.actions.wcagr.helpers import make, wcagr_server
from tests.conftest import ADMIN, ALICE, BOB, GUILD, actor

ADMIN_ACTOR = actor(ADMIN, admin=True)


@pytest.fixture
async def firepaw(services) -> None:
    await wcagr_server(services)
    await make(services, ALICE)


async def sheet_of(services, name: str = "Firepaw") -> WcagrSheet:
    found = await services.db.transact(lambda tx: tx.characters.by_name(GUILD, name), write=False)
    assert isinstance(found.sheet, WcagrSheet)
    return found.sheet


async def sunrise(services) -> list[str]:
    def work(tx):
        guild = tx.guilds.get(GUILD)
        return on_sunrise(tx, guild, game_day_numbered(800_000, guild.settings), services.dice)

    return await services.db.transact(work)


async def test_a_sprain_heals_after_three_sunrises(services, dice, firepaw) -> None:
    dice.load(1, 1, 2)
    await checks.check(services, actor(ALICE), skill="sneak")
    assert (await sheet_of(services)).sprain_sunrises_left == 3
    assert await sunrise(services) == []  # resting: 2 sunrises left
    assert (await sheet_of(services)).sprain_sunrises_left == 2
    await sunrise(services)
    assert await sunrise(services) == ["Sprains healed after 3 sunrises of rest: Firepaw."]
    assert not (await sheet_of(services)).sprained
    assert await sunrise(services) == []


async def test_twelve_moons_of_ageing_with_the_choices_answered(services, firepaw) -> None:
    await game_clock.admin_age(services, ADMIN_ACTOR, "Firepaw", 12, "a year passes")
    sheet = await sheet_of(services)
    assert sheet.age_moons == 22
    # 11 Skill, 12 +1 any, 13 Knack, 14 +1 Int or Spi, 15 Skill, 16 Knack, 17 +1 any,
    # 19 Skill and Knack, 21 +1 any, 22 Knack.
    assert [p.gain for p in sheet.pending] == [
        Gain.SKILL, Gain.ANY_ABILITY, Gain.KNACK, Gain.INTELLIGENCE_OR_SPIRIT, Gain.SKILL,
        Gain.KNACK, Gain.ANY_ABILITY, Gain.SKILL, Gain.KNACK, Gain.ANY_ABILITY, Gain.KNACK,
    ]  # fmt: skip
    listed = await ageing.gains(services, actor(ALICE))
    assert listed.lines[0].startswith("Skill (11 moons): choose one of Arch, Bite,")
    with pytest.raises(PawpostError, match="is not a WCAGR skill"):
        await ageing.gains(services, actor(ALICE), "strength")
    answers = [
        "Sneak", "strength", "Track", "spirit", "Sneak", "Alertness", "intelligence", "Bite",
        "Stalk", "spirit", "Balance",
    ]  # fmt: skip
    for answer in answers:
        await ageing.gains(services, actor(ALICE), answer)
    sheet = await sheet_of(services)
    assert sheet.pending == ()
    assert sheet.abilities.as_dict() == {
        Ability.STRENGTH: 5,
        Ability.INTELLIGENCE: 3,
        Ability.SPIRIT: 5,
    }
    assert sheet.skills[Skill.SNEAK] == 3 and sheet.skills[Skill.BITE] == 1
    assert sheet.knacks[Knack.ALERTNESS] == 2 and Knack.TRACK in sheet.knacks
    assert sheet.hp_max == 5 + 22 + 5
    done = await ageing.gains(services, actor(ALICE))
    assert done.lines == ["Firepaw has no gain waiting for a choice."]


async def test_a_kit_gets_its_ten_moon_gains_on_reaching_ten(services, firepaw) -> None:
    await make(services, ALICE, name="Smallkit", age=9, knacks="none", ten_moon_bonus=None)
    await game_clock.admin_age(services, ADMIN_ACTOR, "Smallkit", 1, "grows")
    sheet = await sheet_of(services, "Smallkit")
    assert sheet.abilities.as_dict()[Ability.STRENGTH] == 4
    assert [p.gain for p in sheet.pending] == [Gain.INTELLIGENCE_OR_SPIRIT, Gain.THREE_KNACKS]
    await ageing.gains(services, actor(ALICE), "intelligence", "Smallkit")
    await ageing.gains(services, actor(ALICE), "Dash, Hide, Track", "Smallkit")
    sheet = await sheet_of(services, "Smallkit")
    assert set(sheet.knacks) == {Knack.DASH, Knack.HIDE, Knack.TRACK}


async def test_retirement_at_71_moons_and_earlier(services, dice, firepaw) -> None:
    await make(services, ALICE, name="Oldpaw")
    await game_clock.admin_age(services, ADMIN_ACTOR, "Oldpaw", 61, "the years go by")
    sheet = await sheet_of(services, "Oldpaw")
    assert sheet.age_moons == 71 and sheet.retired and sheet.rank is not None
    with pytest.raises(PawpostError, match="^Oldpaw is retired: out of play, it cannot act.$"):
        await checks.check(services, actor(ALICE), skill="listen", character="Oldpaw")
    asked = await ageing.retire_cat(services, actor(ALICE), "Firepaw")
    assert not (await sheet_of(services)).retired  # only the button retires
    confirm, keep = (button.custom_id for button in asked.buttons)
    kept = await buttons.press(services, actor(ALICE), keep)
    assert kept.lines == ["Nothing changed: the cat keeps playing."]
    with pytest.raises(PawpostError, match="belongs to another player"):
        await buttons.press(services, actor(BOB), confirm)
    assert not (await sheet_of(services)).retired
    done = await buttons.press(services, actor(ALICE), confirm)
    assert done.lines[0].startswith("Firepaw retires: an elder out of play")
    assert (await sheet_of(services)).retired
    with pytest.raises(PawpostError, match="already retired"):
        await ageing.retire_cat(services, actor(ALICE), "Firepaw")
    with pytest.raises(PawpostError, match="This cat is already retired"):
        await buttons.press(services, actor(ALICE), confirm)  # a stale button


async def test_an_admin_grants_a_great_deed(services, firepaw) -> None:
    with pytest.raises(PawpostError, match="Only an admin"):
        await ageing.admin_grant(services, actor(ALICE), "Firepaw", "knack", "saved the Clan")
    reply = await ageing.admin_grant(services, ADMIN_ACTOR, "Firepaw", "knack", "saved the Clan")
    assert "chooses it with /character gains" in reply.lines[0]
    await ageing.gains(services, actor(ALICE), "Alertness")
    assert (await sheet_of(services)).knacks[Knack.ALERTNESS] == 2


async def test_a_gain_is_chosen_from_its_select(services, firepaw) -> None:
    await game_clock.admin_age(services, ADMIN_ACTOR, "Firepaw", 2, "two moons")
    shown = await ageing.gains(services, actor(ALICE))
    assert shown.select is not None and shown.select.placeholder == "Skill (11 moons)"
    assert [o.value for o in shown.select.options][:3] == ["arch", "bite", "climb"]
    select = shown.select.custom_id
    with pytest.raises(PawpostError, match="belongs to another player"):
        await buttons.press(services, actor(BOB), select, ["climb"])
    took = await buttons.press(services, actor(ALICE), select, ["climb"])
    assert took.lines[0] == "Firepaw takes its Skill gain of 11 moons."
    assert took.select is not None and took.select.placeholder == "+1 any ability (12 moons)"
    with pytest.raises(PawpostError, match="already chosen"):
        await buttons.press(services, actor(ALICE), select, ["bite"])  # the old select
    await buttons.press(services, actor(ALICE), took.select.custom_id, ["spirit"])
    sheet = await sheet_of(services)
    assert sheet.skill(Skill.CLIMB) == 1 and sheet.pending == ()
