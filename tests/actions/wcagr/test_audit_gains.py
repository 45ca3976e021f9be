"""The WCAGR audit's gains items: a select kept for the gain it was shown for (D12), and
`/character gains` showing every waiting gain, a wrong answer said briefly, and an older cat's
select posted when it is made (§3 item 7)."""

from __future__ import annotations

import pytest

from bot.actions import buttons
from bot.actions import clock as clock_actions
from bot.actions.wcagr import ageing, cats
from rules.errors import PawpostError
from rules.wcagr import Skill
from tests.actions.wcagr.helpers import FIREPAW, make, sheet_of, wcagr_server
from tests.conftest import ADMIN, ALICE, actor

BOSS = actor(ADMIN, admin=True)


async def test_d12_a_stale_gain_select_answers_no_other_gain(services, dice) -> None:
    await wcagr_server(services)
    await make(services, ALICE)
    await clock_actions.admin_age(services, BOSS, "Firepaw", 1, "a moon")  # Skill (11 moons)
    shown = await ageing.gains(services, actor(ALICE))
    old_select = shown.select.custom_id
    await ageing.gains(services, actor(ALICE), "sneak")  # answered by typing
    await ageing.admin_grant(services, BOSS, "Firepaw", "skill", "saved a kit")  # another Skill
    with pytest.raises(PawpostError, match="^That gain was already chosen; see /character gains.$"):
        await buttons.press(services, actor(ALICE), old_select, ["listen"])
    sheet = await sheet_of(services, "Firepaw")
    assert sheet.skill(Skill.LISTEN) == 1 and len(sheet.pending) == 1
    fresh = (await ageing.gains(services, actor(ALICE))).select.custom_id
    taken = await buttons.press(services, actor(ALICE), fresh, ["listen"])
    assert taken.lines[0] == "Firepaw takes its Skill gain of a great deed."


async def test_ux7_every_waiting_gain_is_listed_and_a_wrong_answer_is_one_short_sentence(
    services,
) -> None:
    await wcagr_server(services)
    await make(services, ALICE)
    await clock_actions.admin_age(services, BOSS, "Firepaw", 3, "three moons")
    listed = await ageing.gains(services, actor(ALICE))
    assert listed.lines[1] == "Then, in order: +1 any ability (12 moons), Knack (13 moons)."
    with pytest.raises(PawpostError, match="^Skill needs a skill; Dash is not one.$"):
        await ageing.gains(services, actor(ALICE), "dash")
    with pytest.raises(
        PawpostError, match="^Skill needs a skill; see the choices with /character gains.$"
    ):
        await ageing.gains(services, actor(ALICE), "sneek")


async def test_ux7_an_older_cat_made_without_its_choices_gets_its_select_at_once(services) -> None:
    await wcagr_server(services)
    made = await cats.create(services, BOSS, **{**FIREPAW, "age": 12})
    assert made.lines[-1].startswith("2 gain(s) of the age table wait for your choice: the first")
    assert made.select is not None and made.select.placeholder == "Skill (11 moons)"
