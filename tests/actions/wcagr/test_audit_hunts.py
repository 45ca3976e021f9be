"""The WCAGR audit's hunting items: every cost checked before the first die (D11) and the team's
hunt (§3 item 4: sharing stages, points saved for a later stage, another sense on a retry,
giving a hunt up), with a real database and scripted dice."""

from __future__ import annotations

import pytest

from bot.actions import admin
from bot.actions.gm import undo
from bot.actions.wcagr import checks, freshkill, hunting
from rules.errors import PawpostError
from rules.wcagr import Ability
from tests.actions.wcagr.helpers import make, sheet_of, wcagr_server
from tests.conftest import ADMIN, ALICE, BOB, GUILD, actor, dump

BOSS = actor(ADMIN, admin=True)


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


async def hunt_rolls(services, name: str = "Firepaw") -> list[int]:
    """The ids of the cat's logged hunting stages, oldest first."""
    entries = await services.db.transact(
        lambda tx: tx.audit.recent(GUILD, character_id=None, channel_id=None, limit=50),
        write=False,
    )
    return sorted(e.id for e in entries if e.action == "hunt" and e.character_name == name)


async def test_d5_a_stage_ruled_passed_moves_the_hunt_and_takes_the_sprain_back(
    services, dice, hunters
) -> None:
    # Locate 6+6+6 + 4: a critical success; Approach 1+1+2 + 4: a critical failure, sprained.
    dice.load(6, 6, 6, 1, 1, 2)
    await hunting.hunt(services, actor(ALICE), "vole", "listen")
    assert (await sheet_of(services, "Firepaw")).sprained
    approach = (await hunt_rolls(services))[-1]
    ruled = await admin.adjudicate(services, BOSS, approach, "success", "a soft landing")
    assert ruled.lines[1:3] == [
        "Firepaw's sprain from that critical failure is taken back.",
        "Hunt 1 moves on to Grab: any cat of it may /hunt continue.",
    ]
    assert not (await sheet_of(services, "Firepaw")).sprained
    status = await hunting.status(services, actor(ALICE))
    assert status.lines[1] == "At **Grab** (Pounce vs DC 10), 0 of 2 tries spent."
    locate = (await hunt_rolls(services))[0]
    older = await admin.adjudicate(services, BOSS, locate, "failure", "it never heard it")
    assert older.lines[1].startswith("Hunt 1 has rolled since, so the ruling does not move it")


async def test_d5_a_kill_ruled_failed_takes_its_prey_off_the_pile(services, dice, hunters) -> None:
    dice.load(4, 4, 4, 2, 2, 2, 3, 2, 2, 2, 2, 3, 5)  # every stage passes; an average vole
    await hunting.hunt(services, actor(ALICE), "vole", "listen")
    kill = (await hunt_rolls(services))[-1]
    ruled = await admin.adjudicate(services, BOSS, kill, "failure", "it wriggled free")
    assert ruled.lines[1:3] == [
        "The vole (piece 1) leaves the pile.",
        "Hunt 1 is back at Kill: 1 of 2 tries spent.",
    ]
    pile = await freshkill.show_pile(services, actor(ALICE))
    assert pile.lines[0] == "0 rations on the pile."
    await undo.undo(services, BOSS, int(ruled.footer.split("#")[1]))  # the ruling taken back
    pile = await freshkill.show_pile(services, actor(ALICE))
    assert pile.lines[1] == "#1 average vole: 1 ration left, caught today"
    assert (await hunting.status(services, actor(ALICE), hunt=1)).lines[-1] == (
        "Over: the prey was killed."
    )
    ruled = await admin.adjudicate(services, BOSS, kill, "failure", "it wriggled free")
    again = await admin.adjudicate(services, BOSS, kill, "success", "it did not")
    assert again.lines[1] == "Hunt 1: the kill stands; /hunt continue rolls the prey's weight."
    dice.load(8)
    weighed = await hunting.continue_hunt(services, actor(ALICE))
    assert weighed.lines == [
        "d10 **8**: **plump**.",
        "Firepaw carries the vole to the ThunderClan fresh-kill pile: 2 rations.",
    ]
