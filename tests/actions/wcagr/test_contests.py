"""WCAGR contests through the shared flow: the defender's player rolls by button, criticals
decide first, a tie is the defender's."""

from __future__ import annotations

import pytest

from bot.actions import buttons
from bot.actions.wcagr import contests
from rules.errors import PawpostError
from rules.wcagr import Ability, WcagrSheet
from tests.actions.wcagr.helpers import make, wcagr_server
from tests.conftest import ALICE, BOB, CAROL, GUILD, actor


@pytest.fixture
async def two_cats(services) -> None:
    await wcagr_server(services)
    await make(services, ALICE)  # Sneak 1, Spirit 3
    await make(services, BOB, name="Graystripe", skills="See, Swim, Bite")  # See 1, Int 2


async def sheet_of(services, name: str) -> WcagrSheet:
    found = await services.db.transact(lambda tx: tx.characters.by_name(GUILD, name), write=False)
    assert isinstance(found.sheet, WcagrSheet)
    return found.sheet


async def test_sneak_against_see_with_the_defenders_button(services, dice, two_cats) -> None:
    dice.load(3, 4, 5)
    reply = await contests.start_contest(
        services, actor(ALICE), "sneak", "Graystripe", "see", spend=1, knacks="Hide"
    )
    assert reply.title == "Firepaw contests Graystripe: Sneak vs See"
    assert reply.lines[:2] == [
        f"<@{BOB}>, Graystripe must roll See.",
        "Firepaw: 3d6 [3, 4, 5] + Spirit 3 + Sneak 1 + 1 spent + Hide 2 = **19**",
    ]
    assert (await sheet_of(services, "Firepaw")).points_left(Ability.SPIRIT) == 1
    custom_id = reply.buttons[0].custom_id
    with pytest.raises(PawpostError, match="Only Graystripe's player or an admin"):
        await buttons.press(services, actor(CAROL), custom_id)
    dice.load(6, 5, 4)
    answer = await buttons.press(services, actor(BOB), custom_id)
    assert answer.lines[1] == "Graystripe: 3d6 [6, 5, 4] + Intelligence 2 + See 1 = **18**"
    assert answer.lines[2] == "**Firepaw wins: 19 against 18**"
    with pytest.raises(PawpostError, match="already settled"):
        await buttons.press(services, actor(BOB), custom_id)


@pytest.mark.parametrize(
    ("mine", "theirs", "reading"),
    [
        (
            (6, 6, 1),
            (6, 5, 6),
            "**Graystripe wins: 20 (critical success) against 17 (critical success)**",
        ),
        ((6, 6, 1), (5, 5, 6), "**Firepaw wins: 17 (critical success) against 19**"),
        ((1, 1, 6), (1, 2, 3), "**Graystripe wins: 9 against 12 (critical failure)**"),
        ((3, 3, 3), (3, 3, 4), "**Graystripe wins: 13 against 13**"),
    ],
)
async def test_criticals_decide_first_and_a_tie_is_the_defenders(
    services, dice, two_cats, mine, theirs, reading
) -> None:
    dice.load(*mine)
    reply = await contests.start_contest(services, actor(ALICE), "sneak", "Graystripe", "see")
    dice.load(*theirs)
    answer = await buttons.press(services, actor(BOB), reply.buttons[0].custom_id)
    assert answer.lines[2] == reading


async def test_contest_refusals(services, two_cats) -> None:
    with pytest.raises(PawpostError, match="cannot contest itself"):
        await contests.start_contest(services, actor(ALICE), "sneak", "Firepaw", "see")
    with pytest.raises(PawpostError, match="is not a WCAGR skill"):
        await contests.start_contest(services, actor(ALICE), "stealth", "Graystripe", "see")
