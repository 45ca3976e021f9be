"""Cat against cat through the shared contest flow: the defender picks Claws, Fangs or Dodge by
button, each side takes the other's evens as scars and places them (or spends a Life), most
evens wins, a tie goes to the defender, a dodger inflicts none and loses; an admin rolls for an
absent defender after the timeout."""

from __future__ import annotations

import pytest

from bot.actions import buttons, characters, log
from bot.actions.cat import fights
from bot.actions.contests import overdue_contest_notices
from rules.errors import PawpostError
from tests.actions.cat.helpers import FIREPAW, TIGERCLAW, cat_server, ids, make
from tests.conftest import ADMIN, ALICE, BOB, actor, dump


@pytest.fixture
async def cats(services):
    await cat_server(services)
    await make(services, ALICE, **FIREPAW)
    await make(services, BOB, **TIGERCLAW)


async def _traits(services, name: str) -> str:  # type: ignore[no-untyped-def]
    shown = await characters.show(services, actor(ALICE), name)
    return next(f.value for f in shown.fields if f.name == "Traits")


async def _lives(services, name: str) -> str:  # type: ignore[no-untyped-def]
    shown = await characters.show(services, actor(ALICE), name)
    return next(f.value for f in shown.fields if f.name == "Lives")


async def test_each_takes_the_other_s_evens_and_most_evens_wins(services, dice, cats) -> None:
    dice.load(2, 4, 6, 1)  # Firepaw's Claws (Strong, 4 dice): 3 evens
    started = await fights.challenge(services, actor(ALICE), "Tigerclaw", "claws")
    assert started.title == "Firepaw picks a fight with Tigerclaw"
    assert started.lines[0] == "Firepaw has rolled Claws; the dice show when Tigerclaw answers."
    assert list(ids(started)) == ["Roll Claws", "Roll Fangs", "Roll Legs (dodge)"]
    assert started.mentions == [BOB]
    before = dump(services.db.path)
    with pytest.raises(PawpostError, match="Only Tigerclaw's player or an admin can roll this."):
        await buttons.press(services, actor(ALICE), ids(started)["Roll Fangs"])
    assert dump(services.db.path) == before
    dice.load(2, 2, 1, 1)  # Tigerclaw's Fangs (Strong, 4 dice): 2 evens
    answered = await buttons.press(services, actor(BOB), ids(started)["Roll Fangs"])
    assert answered.lines[0] == "Firepaw: 4d6 [**2**, **4**, **6**, 1] evens 3 = **3**"
    assert answered.lines[1] == "Tigerclaw: 4d6 [**2**, **2**, 1, 1] evens 2 = **2**"
    assert answered.lines[2:4] == [
        "**Firepaw wins: 3 evens against 2**",
        "Tigerclaw answers with Fangs.",
    ]
    assert list(ids(answered)) == ["Place Firepaw's 2 scars", "Place Tigerclaw's 3 scars"]
    with pytest.raises(PawpostError, match="already settled"):
        await buttons.press(services, actor(BOB), ids(started)["Roll Claws"])
    # Firepaw's player spends a Life: no scars, the fight stays won.
    with pytest.raises(PawpostError, match="Only Firepaw's player or an admin"):
        await buttons.press(services, actor(BOB), ids(answered)["Place Firepaw's 2 scars"])
    panel = await buttons.press(services, actor(ALICE), ids(answered)["Place Firepaw's 2 scars"])
    assert list(ids(panel))[:2] == ["Spend a Life: no scars this round", "2 scars in Claws"]
    assert panel.select is not None
    spent = await buttons.press(
        services, actor(ALICE), ids(panel)["Spend a Life: no scars this round"]
    )
    assert spent.lines == [
        "Firepaw spends a Life and takes no scars (2 scars cancelled). 8 Lives left."
    ]
    assert await _lives(services, "Firepaw") == "8"
    assert "scars" not in await _traits(services, "Firepaw")
    with pytest.raises(PawpostError, match="A Life was spent on those scars"):
        await buttons.press(services, actor(ALICE), ids(panel)["2 scars in Claws"])
    # Tigerclaw's player places all three in Fangs: it drops a rank.
    panel = await buttons.press(services, actor(BOB), ids(answered)["Place Tigerclaw's 3 scars"])
    assert list(ids(panel))[1] == "3 scars in Fangs"
    placed = await buttons.press(services, actor(BOB), ids(panel)["3 scars in Fangs"])
    assert placed.lines == [
        "Tigerclaw takes 3 in Fangs.",
        "Three scars: Fangs drops from Strong to Good.",
    ]
    assert "**Fangs** Good → 3 dice" in await _traits(services, "Tigerclaw")


async def test_a_dodger_takes_only_the_evens_beyond_its_own_and_loses(services, dice, cats) -> None:
    dice.load(2, 4, 6, 1)  # Claws: 3 evens
    started = await fights.challenge(services, actor(ALICE), "Tigerclaw", "claws")
    dice.load(2, 1, 1, 1)  # Tigerclaw's Legs (Strong, 4 dice): 1 even
    answered = await buttons.press(services, actor(BOB), ids(started)["Roll Legs (dodge)"])
    assert answered.lines[1] == "Tigerclaw: 4d6 [**2**, 1, 1, 1] evens 1 = **1**"
    assert answered.lines[2] == "**Tigerclaw dodges and loses: Firepaw wins**"
    assert answered.lines[3:5] == [
        "Tigerclaw answers with a dodge (Legs).",
        "Firepaw takes no scars.",
    ]
    assert list(ids(answered)) == ["Place Tigerclaw's 2 scars"]


async def test_a_tie_goes_to_the_defender(services, dice, cats) -> None:
    dice.load(2, 1, 1, 1)  # Firepaw's Fangs: 1 even
    started = await fights.challenge(services, actor(ALICE), "Tigerclaw", "fangs")
    dice.load(4, 1, 1, 1, 1)  # Tigerclaw's Claws (Best, 5 dice): 1 even
    answered = await buttons.press(services, actor(BOB), ids(started)["Roll Claws"])
    assert answered.lines[2] == "**Tigerclaw wins: 1 even against 1 (a tie goes to the defender)**"


async def test_the_split_select_puts_one_scar_at_a_time(services, dice, cats) -> None:
    dice.load(2, 4, 6, 1)
    started = await fights.challenge(services, actor(ALICE), "Tigerclaw", "claws")
    dice.load(1, 1, 1, 1, 1)  # Tigerclaw's Claws: no evens, so Firepaw takes none
    answered = await buttons.press(services, actor(BOB), ids(started)["Roll Claws"])
    panel = await buttons.press(services, actor(BOB), ids(answered)["Place Tigerclaw's 3 scars"])
    select = panel.select
    assert select is not None and select.placeholder.startswith("Or split them")
    assert [o.label for o in select.options][:2] == ["One scar in Claws", "One scar in Coat"]
    asked = await buttons.press(services, actor(BOB), select.custom_id, ["legs"])
    assert asked.modal is not None and asked.modal.title == "Why a scar in Legs?"
    one = await buttons.press(
        services, actor(BOB), asked.modal.custom_id, fields={"reason": "landed badly"}
    )
    assert one.lines[0] == "Tigerclaw takes 1 in Legs: landed badly"
    assert one.update and one.title == "Tigerclaw: 2 scars to place"
    assert "Spend a Life: no scars this round" not in ids(one)  # some are placed already
    before = dump(services.db.path)
    with pytest.raises(PawpostError, match="out of date"):
        await buttons.press(services, actor(BOB), select.custom_id, ["legs"])  # a double click
    with pytest.raises(PawpostError, match="out of date"):
        await buttons.press(services, actor(BOB), asked.modal.custom_id, fields={"reason": "x"})
    assert dump(services.db.path) == before
    form = await buttons.press(services, actor(BOB), ids(one)["2 scars in Coat"])
    assert form.modal is not None
    rest = await buttons.press(
        services, actor(BOB), form.modal.custom_id, fields={"reason": "rolled in the thorns"}
    )
    assert rest.lines == ["Tigerclaw takes 2 in Coat: rolled in the thorns"]
    traits = await _traits(services, "Tigerclaw")
    assert "**Legs** Strong → 4 dice · 1 of 3 scars" in traits
    assert "**Coat** Strong → 4 dice · 2 of 3 scars" in traits


async def test_refusals_leave_nothing_behind(services, dice, cats) -> None:
    before = dump(services.db.path)
    with pytest.raises(PawpostError, match="cannot fight itself"):
        await fights.challenge(services, actor(ALICE), "Firepaw", "claws")
    with pytest.raises(PawpostError, match="with claws or fangs"):
        await fights.challenge(services, actor(ALICE), "Tigerclaw", "legs")
    with pytest.raises(PawpostError, match="There is no character named Nobody"):
        await fights.challenge(services, actor(ALICE), "Nobody", "claws")
    assert dump(services.db.path) == before


async def test_an_admin_rolls_for_an_absent_defender_after_the_timeout(
    services, dice, clock, cats
) -> None:
    dice.load(2, 1, 1, 1)
    await fights.challenge(services, actor(ALICE), "Tigerclaw", "claws")
    clock.advance(hours=25)
    notices, _ = await overdue_contest_notices(services, clock())
    (_channel, notice), *_ = notices
    assert "Tigerclaw has not rolled Claws, Fangs or Dodge" in notice.lines[0]
    with pytest.raises(PawpostError, match="Only an admin can roll for the defender."):
        await buttons.press(services, actor(BOB), ids(notice)["Roll for the defender"])
    dice.load(2, 2, 1, 1, 1)  # Tigerclaw's better attack: Claws (Best, 5 dice), 2 evens
    rolled = await buttons.press(
        services, actor(ADMIN, admin=True), ids(notice)["Roll for the defender"]
    )
    assert rolled.lines[1] == "Tigerclaw: 5d6 [**2**, **2**, 1, 1, 1] evens 2 = **2**"
    assert rolled.lines[2] == "**Tigerclaw wins: 2 evens against 1**"


async def test_the_log_keeps_the_challenger_s_dice_hidden_until_the_answer(
    services, dice, cats
) -> None:
    """docs/rulings.md: the challenger's dice are hidden until the defender answers, so the
    answer is not picked with hindsight; /log must not show them meanwhile (an admin sees all)."""
    dice.load(2, 4, 6, 1)  # Firepaw's Claws: 3 evens
    started = await fights.challenge(services, actor(ALICE), "Tigerclaw", "claws")
    opening = "4d6 [**2**, **4**, **6**, 1] evens 3 = **3**"
    for player in (BOB, ALICE):
        seen = "\n".join((await log.recent(services, actor(player))).lines)
        assert "Claws fight with Tigerclaw (contest 1)\n  the dice show with the answer" in seen
        assert opening not in seen
    as_admin = "\n".join((await log.recent(services, actor(ADMIN, admin=True))).lines)
    assert opening in as_admin
    dice.load(2, 2, 1, 1)  # Tigerclaw's Fangs: 2 evens
    await buttons.press(services, actor(BOB), ids(started)["Roll Fangs"])
    answered = (await log.recent(services, actor(BOB))).lines[0]
    assert "Claws, Fangs or Dodge against Firepaw (contest 1)" in answered
    assert f"{opening}; 4d6 [**2**, **2**, 1, 1] evens 2 = **2**; → Firepaw wins" in answered
