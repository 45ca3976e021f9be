"""WCAGR checks with scripted dice: every die shown, points spent and saved, knacks, criticals,
sprains; `/points`; the admins' refresh; the log keeps the rolls."""

from __future__ import annotations

import pytest

from bot.actions import characters, log
from bot.actions.wcagr import checks
from rules.errors import PawpostError
from rules.wcagr import Ability, WcagrSheet
from tests.actions.wcagr.helpers import make, wcagr_server
from tests.conftest import ADMIN, ALICE, BOB, GUILD, actor, dump


@pytest.fixture
async def firepaw(services) -> None:
    await wcagr_server(services)
    await make(services, ALICE)  # Strength 4, Intelligence 2, Spirit 3; Listen, Sneak, Pounce 1


async def sheet_of(services, name: str = "Firepaw") -> WcagrSheet:
    found = await services.db.transact(lambda tx: tx.characters.by_name(GUILD, name), write=False)
    assert isinstance(found.sheet, WcagrSheet)
    return found.sheet


async def test_a_skill_check_adds_ability_skill_spent_and_knacks(services, dice, firepaw) -> None:
    dice.load(4, 6, 1)
    reply = await checks.check(
        services, actor(ALICE), skill="listen", dc=17, spend=1, knacks="Alertness"
    )
    assert reply.title == "Firepaw: Listen"
    assert reply.lines == [
        "3d6 [4, 6, 1] + Spirit 3 + Listen 1 + 1 spent + Alertness 1 = **17** vs DC 17",
        "**Success**.",
    ]
    sheet = await sheet_of(services)
    assert sheet.points_left(Ability.SPIRIT) == 1  # 1 spent, 1 for Alertness


async def test_a_plain_ability_check_and_a_failure(services, dice, firepaw) -> None:
    dice.load(2, 3, 4)
    reply = await checks.check(services, actor(ALICE), ability="strength", dc=14)
    assert reply.lines == ["3d6 [2, 3, 4] + Strength 4 = **13** vs DC 14", "**Failure**."]


async def test_another_ability_for_a_skill(services, dice, firepaw) -> None:
    dice.load(2, 3, 4)
    reply = await checks.check(services, actor(ALICE), ability="strength", skill="sneak")
    assert reply.title == "Firepaw: Sneak (Strength)"
    assert reply.lines == ["3d6 [2, 3, 4] + Strength 4 + Sneak 1 = **14**"]


@pytest.mark.parametrize(
    ("faces", "line", "outcome"),
    [
        (
            (1, 1, 6),
            "**Critical failure**: 2 or more 1s; the check fails.",
            "failure (critical failure)",
        ),
        (
            (1, 1, 1),
            "**Critical failure**: 2 or more 1s; the check fails.",
            "failure (critical failure)",
        ),
        (
            (6, 6, 1),
            "**Critical success**: 2 or more 6s; the check succeeds.",
            "success (critical success)",
        ),
        (
            (6, 6, 6),
            "**Critical success**: 2 or more 6s; the check succeeds.",
            "success (critical success)",
        ),
    ],
)
async def test_criticals_decide_whatever_the_total(
    services, dice, firepaw, faces, line, outcome
) -> None:
    dice.load(*faces)
    reply = await checks.check(
        services, actor(ALICE), skill="listen", dc=3 if "failure" in outcome else 40
    )
    assert reply.lines[1] == line
    entries = await log.recent(services, actor(ALICE), "Firepaw")
    assert outcome in " ".join(entries.lines)


async def test_a_critical_failure_on_a_physical_check_sprains(services, dice, firepaw) -> None:
    dice.load(1, 1, 5)
    reply = await checks.check(services, actor(ALICE), skill="pounce")
    assert "Firepaw sprains a paw" in reply.lines[-1]
    assert (await sheet_of(services)).sprain_sunrises_left == 3
    shown = await characters.show(services, actor(ALICE))
    states = next(f.value for f in shown.fields if f.name == "States")
    assert states == "sprained (3 sunrises of rest left)"
    dice.load(1, 1, 5)  # Listen is not physical
    reply = await checks.check(
        services, actor(BOB, admin=True), skill="listen", character="Firepaw"
    )
    assert not any("sprains" in line for line in reply.lines)


async def test_refusals_change_nothing(services, dice, db, firepaw) -> None:
    before = dump(db)
    refusals = [
        (
            {"skill": "sneak", "knacks": "Alertness"},
            "Alertness only helps Listen, See or Smell checks; this is a Sneak check.",
        ),
        ({"skill": "listen", "knacks": "Alertness x4"}, "That needs 4 Spirit points but only 3"),
        ({"skill": "sneak", "knacks": "Hide, Stalk"}, "Hide needs the cat to keep still"),
        (
            {"ability": "strength", "spend": 5},
            "That needs 5 Strength points but only 4 are left; convert other points or wait for "
            "the GM's refresh.",
        ),
        ({"skill": "listen", "knacks": "Track"}, "This cat does not know the Track knack."),
        ({"skill": "listen", "knacks": "Flying"}, "Flying is not a WCAGR knack"),
        ({}, "Choose a skill or an ability to check."),
        ({"skill": "listen", "knacks": "Dash"}, "Dash is used on its own, not on a check."),
    ]
    for options, sentence in refusals:
        with pytest.raises(PawpostError) as refused:
            await checks.check(services, actor(ALICE), **options)
        assert refused.value.message.startswith(sentence), refused.value.message
    with pytest.raises(PawpostError, match="belongs to another player"):
        await checks.check(services, actor(BOB), skill="listen", character="Firepaw")
    assert dump(db) == before


async def test_the_log_keeps_the_rolls(services, dice, firepaw) -> None:
    dice.load(3, 4, 5)
    reply = await checks.check(services, actor(ALICE), skill="sneak", dc=10, reason="stalking")
    entry_id = int(reply.footer.removeprefix("roll #"))
    entry = await services.db.transact(lambda tx: tx.audit.get(GUILD, entry_id), write=False)
    assert entry.outcome == "success" and entry.reason == "stalking"
    assert [die.face for die in entry.rolls[0].dice] == [3, 4, 5]
    assert entry.summary == "Sneak check DC 10"


async def test_convert_both_ways_and_refresh(services, dice, firepaw) -> None:
    reply = await checks.convert_points(services, actor(ALICE), "strength", "intelligence")
    assert reply.lines[:2] == [
        "**Strength** 4 · points 2 left of 4",
        "**Intelligence** 2 · points 3 left of 2",
    ]
    await checks.convert_points(services, actor(ALICE), "strength, intelligence", "spirit")
    sheet = await sheet_of(services)
    assert sheet.points.as_dict() == {
        Ability.STRENGTH: 1,
        Ability.INTELLIGENCE: 2,
        Ability.SPIRIT: 4,
    }
    with pytest.raises(PawpostError, match="cannot be converted into a Spirit point"):
        await checks.convert_points(services, actor(ALICE), "spirit", "spirit")
    with pytest.raises(PawpostError, match="Only an admin"):
        await checks.refresh_points(services, actor(ALICE))
    reply = await checks.refresh_points(services, actor(ADMIN, admin=True))
    assert reply.lines == [
        "Ability points refreshed for 1 cat(s) of the server (HP is not restored)."
    ]
    assert (await sheet_of(services)).points.as_dict() == sheet.abilities.as_dict()
    shown = await checks.show_points(services, actor(ALICE))
    assert shown.lines[0] == "**Strength** 4 · points 4 left of 4"
