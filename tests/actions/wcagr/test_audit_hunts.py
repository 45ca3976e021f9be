"""The WCAGR audit's hunting items: every cost checked before the first die (D11) and the team's
hunt (§3 item 4: sharing stages, points saved for a later stage, another sense on a retry,
giving a hunt up), with a real database and scripted dice."""

from __future__ import annotations

import pytest

from bot.actions.wcagr import checks, hunting
from rules.errors import PawpostError
from rules.wcagr import Ability
from tests.actions.wcagr.helpers import make, sheet_of, wcagr_server
from tests.conftest import ALICE, BOB, actor, dump


@pytest.fixture
async def hunters(services) -> None:
    """Firepaw: Strength 4, Intelligence 2, Spirit 3; Sneak, Pounce, Listen 1; Alertness, Leap,
    Hide. Graypaw: Smell, Bite, Sneak 1. Vole: Locate 16, Approach 10, Grab 10, Kill 9."""
    await wcagr_server(services)
    await make(services, ALICE, knacks="Alertness, Leap, Hide")
    await make(services, BOB, name="Graypaw", skills="Smell, Bite, Sneak")


async def test_d11_a_hunt_whose_later_knack_cannot_be_paid_is_refused_before_any_die(
    services, dice, db, hunters
) -> None:
    await checks.convert_points(services, actor(ALICE), "strength", "spirit")
    await checks.convert_points(services, actor(ALICE), "strength", "spirit")
    assert (await sheet_of(services, "Firepaw")).points_left(Ability.STRENGTH) == 0
    before = dump(db.path)
    with pytest.raises(PawpostError, match="That needs 1 Strength point but only 0 are left"):
        await hunting.hunt(services, actor(ALICE), "vole", "listen", knacks="Leap")
    assert dump(db.path) == before  # no die was rolled: none is loaded, and nothing changed
    with pytest.raises(PawpostError, match="on no hunt"):
        await hunting.status(services, actor(ALICE))


async def test_ux4_a_hunter_stops_after_a_stage_and_a_teammate_takes_the_next(
    services, dice, hunters
) -> None:
    dice.load(4, 4, 4)  # Locate 12 + Spirit 3 + Listen 1 = 16: found
    found = await hunting.hunt(services, actor(ALICE), "vole", "listen", stages=1)
    assert found.lines[-1] == (
        "Firepaw stops there; any cat of the hunt may /hunt continue at Approach."
    )
    await hunting.join_hunt(services, actor(BOB), 1)
    dice.load(2, 2, 3)  # Graypaw's Approach: 7 + Spirit 3 + Sneak 1 = 11 >= 10
    approached = await hunting.continue_hunt(services, actor(BOB), stages=1)
    assert approached.lines[0] == "Graypaw: 3d6 [2, 2, 3] + Spirit 3 + Sneak 1 = **11** vs DC 10"
    assert approached.lines[-1].endswith("may /hunt continue at Grab.")


async def test_ux4_points_saved_for_a_later_stage(services, dice, hunters) -> None:
    # Locate 16 and Approach 10 without points; Grab 2+2+2 + Int 2 + Pounce 1 + 2 spent = 11.
    dice.load(4, 4, 4, 2, 2, 2, 2, 2, 2, 3, 3, 3, 5)
    caught = await hunting.hunt(services, actor(ALICE), "vole", "listen", spend=2, spend_on="grab")
    assert caught.lines[4] == (
        "Firepaw: 3d6 [2, 2, 2] + Intelligence 2 + Pounce 1 + 2 spent = **11** vs DC 10"
    )
    assert (await sheet_of(services, "Firepaw")).points_left(Ability.INTELLIGENCE) == 0
    with pytest.raises(PawpostError, match="The points go on a stage this roll may reach"):
        await hunting.hunt(
            services, actor(BOB), "vole", "smell", spend=1, spend_on="kill", stages=2
        )


async def test_ux4_another_sense_on_a_retry_and_the_hunt_given_up(services, dice, hunters) -> None:
    dice.load(2, 2, 2)  # Listen 6 + 4 = 10 < 16
    await hunting.hunt(services, actor(ALICE), "vole", "listen")
    dice.load(5, 5, 5)  # Smell 15 + Intelligence 2 + Smell 0 = 17
    again = await hunting.continue_hunt(services, actor(ALICE), locate_with="smell", stages=1)
    assert again.lines[0] == "Firepaw: 3d6 [5, 5, 5] + Intelligence 2 + Smell 0 = **17** vs DC 16"
    with pytest.raises(PawpostError, match="The sense is chosen for Locate"):
        await hunting.continue_hunt(services, actor(ALICE), locate_with="see")
    given_up = await hunting.abandon(services, actor(ALICE))
    assert given_up.lines == [
        "Firepaw leaves hunt 1.",
        "No cat is left on it: the vole is given up.",
    ]
    status = await hunting.status(services, actor(ALICE), hunt=1)
    assert status.lines[-1] == "Over: the prey was abandoned."
    dice.load(1, 2, 3)
    await hunting.hunt(services, actor(ALICE), "mice", "listen")  # free to hunt again
