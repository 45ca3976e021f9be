"""Issue 30, Caverns and Cloiers: a turned-down adventurer reopens in the builder with every
choice read back from the sheet (Create unchanged makes the very same sheet), a changed choice
replaces it, and a Moon bond rolled at creation is kept, not rolled again."""

from __future__ import annotations

from typing import Any

import pytest

from bot.actions.builder import verbs as builder
from bot.actions.caverns import characters
from rules.caverns.records import MoonAspect, MoonBond
from storage.approvals import ApprovalKind, ApprovalStatus
from tests.actions.caverns.helpers import BRUNHILD, ILSA, PIPER, caverns_server, character, sheet
from tests.actions.refusals import (
    approval_on,
    choose,
    fill,
    in_audit,
    press,
    request_of,
    turn_down,
)
from tests.conftest import ADMIN, ALICE, GUILD, actor, dump

KHET: dict[str, Any] = {
    "name": "Khet",
    "race": "kephera",
    "character_class": "monk",
    "attributes": "wind +2, water +1, wood +1, fire 0, metal -1",
    "extra": "wind",
    "secondary": "acrobatics",
    "tertiary": "stealth",
    "advanced": "Parry",
    "race_item": "Katar",
}
SLITH: dict[str, Any] = {
    "name": "Slith",
    "race": "illithoid",
    "character_class": "warrior",
    "attributes": "wind +1, water +1, wood +2, fire 0, metal -1",
    "extra": "water",
    "tertiary": "hunting",
    "advanced": "Parry",
    "race_item": "Anatine",
    "weapons": "Sword, Spear, Sling",
}
LUNA: dict[str, Any] = {
    "name": "Luna",
    "race": "dwarf",
    "character_class": "warrior",
    "attributes": "wind +1, water +1, wood +2, fire 0, metal -1",
    "extra": "water",
    "tertiary": "totems",
    "advanced": "Sun",
    "patron_totem": "moon",
}


async def _turned_down(services, choices: dict[str, Any]):  # type: ignore[no-untyped-def]
    await caverns_server(services)
    await approval_on(services)
    made = await characters.create(services, actor(ALICE), **choices)
    await turn_down(services, made, "Not this one.")
    return await builder.new(services, actor(ALICE))


@pytest.mark.parametrize("choices", [BRUNHILD, ILSA, PIPER, KHET, SLITH], ids=lambda c: c["name"])
async def test_every_choice_is_read_back_so_create_unchanged_makes_the_same_sheet(
    services, choices
) -> None:
    reply = await _turned_down(services, choices)
    before = await character(services, choices["name"])
    assert reply.title == f"Changing {choices['name']}'s turned-down sheet"
    assert reply.lines[0] == "An admin turned this sheet down: Not this one."
    assert any(line.startswith("Ready: press Create") for line in reply.lines), reply.lines
    done = await press(services, reply, "Create", ALICE)
    assert done.lines[0] == f"{choices['name']}'s changed sheet is sent to the admins again."
    after = await character(services, choices["name"])
    assert after.id == before.id and after.sheet == before.sheet


async def test_a_changed_advanced_skill_and_extra_replace_the_sheet(services, db) -> None:
    reply = await _turned_down(services, BRUNHILD)
    reply = await press(services, reply, "Extra +1", ALICE)
    reply = await choose(services, reply, "wind", ALICE)
    reply = await press(services, reply, "Advanced skill", ALICE)
    options = [o.value for o in reply.select.options]  # type: ignore[union-attr]
    other = next(value for value in options if value != "combat:parry")
    reply = await choose(services, reply, other, ALICE)
    done = await press(services, reply, "Create", ALICE)
    assert request_of(done).title == "Approve Brunhild's sheet?"
    made = await sheet(services, "Brunhild")
    assert made.wind == 2 and made.water == 1  # the extra +1 moved from Water to Wind
    assert other in made.skills and "combat:parry" not in made.skills
    assert in_audit(dump(db.path), "changed the turned-down sheet of Brunhild")


async def test_a_moon_bond_rolled_at_creation_is_kept(services, dice) -> None:
    """Made before approval was on (a Moon Patron's creation roll is refused to a held
    character today), then its sheet turned down."""
    await caverns_server(services)
    dice.load(4, 6)  # Moon: +1 Metal, -1 Damage
    await characters.create(services, actor(ALICE), **LUNA)
    luna = await character(services, "Luna")

    def refused(tx):  # type: ignore[no-untyped-def]
        approval_id = tx.approvals.add(GUILD, luna.id, ApprovalKind.SHEET, ALICE, services.clock())
        approval = tx.approvals.get(GUILD, approval_id)
        tx.approvals.decide(approval, ApprovalStatus.REJECTED, ADMIN, services.clock(), "No.")

    await services.db.transact(refused)
    reply = await builder.new(services, actor(ALICE))
    reply = await fill(services, reply, "Name", ALICE, name="Selene")
    done = await press(services, reply, "Create", ALICE)  # no dice loaded: none rolled
    assert "The Moon bond rolled before is kept: +1 Metal, -1 Damage." in done.lines
    made = await sheet(services, "Selene")
    assert made.moon == MoonBond(raised=MoonAspect.METAL, lowered=MoonAspect.DAMAGE)


async def test_values_are_swapped_and_a_bond_that_no_longer_fits_is_rolled_again(
    services, dice, db
) -> None:
    await caverns_server(services)
    dice.load(4, 6)  # Moon: +1 Metal, -1 Damage
    await characters.create(services, actor(ALICE), **LUNA)
    luna = await character(services, "Luna")

    def refused(tx):  # type: ignore[no-untyped-def]
        approval_id = tx.approvals.add(GUILD, luna.id, ApprovalKind.SHEET, ALICE, services.clock())
        approval = tx.approvals.get(GUILD, approval_id)
        tx.approvals.decide(approval, ApprovalStatus.REJECTED, ADMIN, services.clock(), "No.")

    await services.db.transact(refused)
    reply = await builder.new(services, actor(ALICE))
    reply = await press(services, reply, "Metal", ALICE)
    assert [o.value for o in reply.select.options] == ["2", "1", "0", "-1"]  # type: ignore[union-attr]
    reply = await choose(services, reply, "2", ALICE)  # taken from Wood, which is dropped
    assert "• Give each of the five attributes a value." in reply.lines
    reply = await press(services, reply, "Wood", ALICE)
    assert [o.value for o in reply.select.options] == ["-1"]  # type: ignore[union-attr]
    reply = await choose(services, reply, "-1", ALICE)
    reply = await press(services, reply, "Extra +1", ALICE)
    reply = await choose(services, reply, "metal", ALICE)  # Metal +3: +1 Metal no longer fits
    dice.load(1, 6)  # +1 Fire, -1 Damage
    done = await press(services, reply, "Create", ALICE)
    assert "Moon's bond: +1 Fire, -1 Damage" in done.lines
    made = await sheet(services, "Luna")
    assert made.metal == 3 and made.moon == MoonBond(
        raised=MoonAspect.FIRE, lowered=MoonAspect.DAMAGE
    )
    assert in_audit(dump(db.path), "rolled Luna")  # its Moon bond, with the dice
