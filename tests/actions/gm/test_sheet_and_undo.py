"""`/admin sheet show|set` and `/admin undo` in the core, played on Germ: a field set through
the sheet's own validation, the audit row with before and after, undo and redo, and refusals
that change nothing."""

from __future__ import annotations

import pytest

from bot.actions import characters
from bot.actions.germ import checks
from bot.actions.gm import sheet, undo
from rules.errors import PawpostError
from tests.actions.germ.hunting_helpers import boss, two_cats
from tests.actions.germ.hunting_helpers import sheet as germ_sheet
from tests.conftest import ALICE, BOB, actor, dump


def _values(reply) -> dict[str, str]:
    return {field.name: field.value.split("\n")[0] for field in reply.fields}


async def test_sheet_show_lists_every_settable_field_with_its_value(services) -> None:
    await two_cats(services)
    shown = await sheet.show(services, boss(), "Firepaw")
    values = _values(shown)
    assert list(values) == [
        "State",
        "Strength",
        "Agility",
        "Charisma",
        "Intelligence",
        "Stealth",
        "Perception",
        "Age",
        "Conditions",
        "Scars",
        "Failed hunts in a row",
        "Starving",
    ]
    assert (values["State"], values["Strength"], values["Conditions"], values["Starving"]) == (
        "active",
        "4",
        "none",
        "no",
    )
    assert shown.ephemeral


async def test_a_field_set_shows_on_the_sheet_and_undo_restores_it(services, db) -> None:
    await two_cats(services)
    reply = await sheet.set_field(services, boss(), "Firepaw", "strength", "7", "typo at creation")
    assert reply.lines[0] == "**Strength**: 4 → 7"
    assert (await germ_sheet(db, "Firepaw")).strength == 7
    shown = await characters.show(services, actor(ALICE), "Firepaw")
    assert "**Strength** 7 → rolls +7" in "\n".join(f.value for f in shown.fields)
    entry = int(reply.footer.split("#")[1].split(" ")[0])
    logged = await db.transact(lambda tx: tx.audit.get(actor(ALICE).guild_id, entry))
    assert (logged.action, logged.summary, logged.reason) == (
        "sheet-set",
        "Strength: 4 → 7",
        "typo at creation",
    )
    undone = await undo.undo(services, boss(), entry)
    assert undone.title == f"#{entry} undone"
    assert (await germ_sheet(db, "Firepaw")).strength == 4
    with pytest.raises(PawpostError, match=f"#{entry} was already undone by #"):
        await undo.undo(services, boss(), entry)
    redo = int(undone.footer.split("#")[1].split(" ")[0])
    await undo.undo(services, boss(), redo)
    assert (await germ_sheet(db, "Firepaw")).strength == 7


async def test_undo_with_no_entry_takes_back_the_latest_change(services, db) -> None:
    await two_cats(services)
    await sheet.set_field(services, boss(), "Firepaw", "Scars", "2", "an old fight")
    await sheet.set_field(services, boss(), "Tigerclaw", "Age", "50", "older than written")
    await undo.undo(services, boss())
    assert (await germ_sheet(db, "Tigerclaw")).age_moons == 40
    assert (await germ_sheet(db, "Firepaw")).scars == 2


async def test_undo_refuses_when_the_character_changed_since_and_names_what(services, db) -> None:
    await two_cats(services)
    first = await sheet.set_field(services, boss(), "Firepaw", "Strength", "6", "one")
    second = await sheet.set_field(services, boss(), "Firepaw", "Agility", "6", "two")
    first_id = int(first.footer.split("#")[1].split(" ")[0])
    second_id = int(second.footer.split("#")[1].split(" ")[0])
    with pytest.raises(
        PawpostError,
        match=rf"#{first_id} cannot be undone: Firepaw has changed since \(#{second_id} sheet-set",
    ):
        await undo.undo(services, boss(), first_id)
    await undo.undo(services, boss(), second_id)
    await undo.undo(services, boss(), first_id)
    restored = await germ_sheet(db, "Firepaw")
    assert (restored.strength, restored.agility) == (4, 4)


async def test_undo_says_which_later_rolls_used_the_changed_sheet(services, dice) -> None:
    await two_cats(services)
    changed = await sheet.set_field(services, boss(), "Firepaw", "Stealth", "8", "sneaky")
    dice.load(10)
    await checks.check(services, actor(ALICE), "stealth", 15)
    entry = int(changed.footer.split("#")[1].split(" ")[0])
    undone = await undo.undo(services, boss(), entry)
    assert "Logged since with the changed sheet: #" in undone.lines[1]
    assert "check" in undone.lines[1]


@pytest.mark.parametrize(
    ("field", "value", "refusal"),
    [
        ("Strength", "9", "Strength can be 0 to 8 in this server; you gave 9."),
        (
            "Strength",
            "-1",
            "Strength cannot take that value: Input should be greater than or equal to 0.",
        ),
        ("Strength", "lots", "Strength is a whole number; you gave lots."),
        ("Age", "601", "Age can be 0 to 600 moons; you gave 601."),
        (
            "Conditions",
            "kit",
            "Conditions cannot take that value: kit is worked out by the bot, not set by hand.",
        ),
        ("Conditions", "purple", "Conditions is one of kit, elder, blind"),
        ("Starving", "maybe", "Starving is yes or no; you gave maybe."),
        ("Wings", "2", "Firepaw's sheet has no field Wings; it has State, Strength"),
        ("State", "asleep", "State is one of active, dead, retired, away; you gave asleep."),
    ],
)
async def test_a_refused_value_is_one_sentence_and_changes_nothing(
    services, db, field: str, value: str, refusal: str
) -> None:
    await two_cats(services)
    before = dump(db)
    with pytest.raises(PawpostError) as refused:
        await sheet.set_field(services, boss(), "Firepaw", field, value, "a try")
    assert str(refused.value).startswith(refusal)
    assert dump(db) == before


async def test_only_an_admin_sets_shows_or_undoes(services, db) -> None:
    await two_cats(services)
    before = dump(db)
    for attempt in (
        sheet.set_field(services, actor(BOB), "Firepaw", "Strength", "8", "mine now"),
        sheet.show(services, actor(BOB), "Firepaw"),
        undo.undo(services, actor(BOB)),
    ):
        with pytest.raises(PawpostError, match="Only an admin of this server can do that."):
            await attempt
    assert dump(db) == before


async def test_a_set_needs_a_reason_and_a_change(services) -> None:
    await two_cats(services)
    with pytest.raises(PawpostError, match="needs a reason"):
        await sheet.set_field(services, boss(), "Firepaw", "Strength", "7", "  ")
    with pytest.raises(PawpostError, match="Firepaw's Strength is already 4."):
        await sheet.set_field(services, boss(), "Firepaw", "Strength", "4", "no change")


async def test_nothing_to_undo_and_a_roll_that_is_no_admin_change(services, dice) -> None:
    await two_cats(services)
    with pytest.raises(PawpostError, match="There is no admin change in this server to undo."):
        await undo.undo(services, boss())
    dice.load(10)
    rolled = await checks.check(services, actor(ALICE), "strength", 10)
    with pytest.raises(PawpostError, match=f"#{rolled.audit_id} is not an admin change"):
        await undo.undo(services, boss(), rolled.audit_id)
