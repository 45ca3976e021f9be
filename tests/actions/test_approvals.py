"""Sheet approval: a new character held until an admin approves, refused rolls that change
nothing, Reject with a reason, asking again, edit requests and the queue."""

from __future__ import annotations

import pytest

from bot.actions import approvals, buttons, characters
from bot.actions.germ import cats as germ_cats
from bot.actions.germ import checks as germ_checks
from bot.actions.germ import combat
from bot.actions.germ import hunting as germ_hunting
from rules.errors import PawpostError
from storage.approvals import ApprovalKind
from storage.repositories import Transaction
from tests.conftest import ADMIN, ALICE, BOB, FIREPAW, GUILD, TIGERCLAW, actor, dump

ADMIN_ACTOR = actor(ADMIN, admin=True)
ADMIN_CHANNEL = 77


def _admin_channel(tx: Transaction) -> None:
    guild = tx.guilds.get(GUILD)
    guild.settings.admin_channel_id = ADMIN_CHANNEL
    tx.guilds.save(guild)


def _button(reply, label: str) -> str:  # type: ignore[no-untyped-def]
    return next(b.custom_id for b in reply.buttons if b.label == label)


async def test_with_approval_off_a_new_cat_rolls_at_once(services, dice) -> None:
    made = await germ_cats.create(services, actor(ALICE), **FIREPAW)
    assert not made.elsewhere
    dice.load(10)
    assert (await germ_checks.check(services, actor(ALICE), "stealth")).title == "Firepaw: Stealth"


async def test_a_held_cat_cannot_roll_until_an_admin_approves(services, db, dice) -> None:
    await approvals.set_approval(services, ADMIN_ACTOR, "on")
    made = await germ_cats.create(services, actor(ALICE), **FIREPAW)
    assert "Firepaw waits for an admin's approval before it rolls." in made.lines
    # no admin channel: the request is posted for all to see where the cat was made
    [(channel, request)] = made.elsewhere
    assert channel is None and request.title == "Approve Firepaw's sheet?"
    assert any(f.name == "Stats" for f in request.fields)  # the sheet, for the admins to read
    shown = await characters.show(services, actor(ALICE))
    assert "Sheet pending: it cannot roll until an admin approves it." in shown.lines

    dice.load(10)
    before = dump(db.path)
    with pytest.raises(PawpostError) as refused:
        await germ_checks.check(services, actor(ALICE), "stealth")
    assert refused.value.message == (
        "Firepaw waits for an admin's approval and cannot roll, hunt or fight yet."
    )
    assert dump(db.path) == before

    approve = _button(request, "Approve")
    with pytest.raises(PawpostError, match="^Only an admin of this server can do that.$"):
        await buttons.press(services, actor(ALICE), approve)
    decided = await buttons.press(services, ADMIN_ACTOR, approve)
    assert decided.update and decided.mentions == [ALICE]
    assert decided.lines[0] == f"<@{ALICE}>: Firepaw's sheet is approved by <@{ADMIN}>."
    with pytest.raises(PawpostError, match="^An admin already decided that request.$"):
        await buttons.press(services, ADMIN_ACTOR, approve)

    dice.load(10)
    assert (await germ_checks.check(services, actor(ALICE), "stealth")).title == "Firepaw: Stealth"


async def test_reject_asks_why_and_the_player_asks_again(services, db, dice) -> None:
    await approvals.set_approval(services, ADMIN_ACTOR, "on")
    made = await germ_cats.create(services, actor(ALICE), **FIREPAW)
    [(_, request)] = made.elsewhere
    form = await buttons.press(services, ADMIN_ACTOR, _button(request, "Reject"))
    assert form.modal is not None and form.modal.fields[0].key == "reason"
    before = dump(db.path)
    with pytest.raises(PawpostError, match="^Say why, so the player knows what to change.$"):
        await buttons.press(services, ADMIN_ACTOR, form.modal.custom_id, fields={"reason": " "})
    assert dump(db.path) == before
    rejected = await buttons.press(
        services, ADMIN_ACTOR, form.modal.custom_id, fields={"reason": "Too strong for a kit."}
    )
    assert rejected.mentions == [ALICE] and "Reason: Too strong for a kit." in rejected.lines
    shown = await characters.show(services, actor(ALICE), "Firepaw")
    assert (
        "Sheet rejected: it cannot roll until an admin approves it; change it with /character "
        "new, or send it again as it is with /character submit." in shown.lines
    )

    dice.load(10)
    with pytest.raises(PawpostError, match="^An admin turned down Firepaw's sheet"):
        await germ_checks.check(services, actor(ALICE), "stealth")
    with pytest.raises(PawpostError, match="^Firepaw belongs to another player.$"):
        await approvals.submit(services, actor(BOB), "Firepaw")
    again = await approvals.submit(services, actor(ALICE))
    [(_, request)] = again.elsewhere
    assert request.title == "Approve Firepaw's sheet?"
    with pytest.raises(PawpostError, match="already waiting for an admin"):
        await approvals.submit(services, actor(ALICE))


async def test_requests_go_to_the_admin_channel_and_wait_in_the_queue(services) -> None:
    await germ_cats.create(services, actor(BOB), **TIGERCLAW)  # before approval: plays at once
    await approvals.set_approval(services, ADMIN_ACTOR, "on")
    await services.db.transact(_admin_channel)
    made = await germ_cats.create(services, actor(ALICE), **FIREPAW)
    [(channel, request)] = made.elsewhere
    assert channel == ADMIN_CHANNEL and request.title == "Approve Firepaw's sheet?"
    asked = await approvals.request_edit(
        services, actor(BOB), "Conditions", "blind", "an old wound"
    )
    assert asked.ephemeral
    [(channel, request)] = asked.elsewhere
    assert channel == ADMIN_CHANNEL and request.title == "Approve an edit of Tigerclaw?"
    assert "Asks: Conditions → blind (an old wound)" in request.lines
    queue = await approvals.queue(services, ADMIN_ACTOR)
    assert [line.split(" —")[0] for line in queue.lines] == [
        "1. Firepaw: sheet",
        "2. Tigerclaw: Conditions → blind (an old wound)",
    ]
    # issue 30: each with its Approve and Refuse, side by side
    assert [(b.label, b.row) for b in queue.buttons] == [
        ("Approve Firepaw", 0),
        ("Refuse Firepaw", 0),
        ("Approve Tigerclaw's edit", 0),
        ("Refuse Tigerclaw's edit", 0),
    ]
    approved = await buttons.press(services, ADMIN_ACTOR, queue.buttons[0].custom_id)
    assert "Firepaw may roll now." in approved.lines
    form = await buttons.press(services, ADMIN_ACTOR, queue.buttons[3].custom_id)
    assert form.modal is not None and form.modal.title == "Reject: why?"
    with pytest.raises(PawpostError, match="^Only an admin of this server can do that.$"):
        await approvals.queue(services, actor(ALICE))


async def test_a1_1_an_edit_request_does_not_say_the_cat_waits_before_it_rolls(
    services, dice
) -> None:
    """An edit request holds nothing: the cat goes on rolling, and the answer says only that
    the request waits (germ-and-frame.md A1.1)."""
    await germ_cats.create(services, actor(BOB), **TIGERCLAW)
    await approvals.set_approval(services, ADMIN_ACTOR, "on")
    asked = await approvals.request_edit(services, actor(BOB), "Age", "30", "a typo")
    assert asked.lines == [
        "Your request for Tigerclaw (Age → 30 (a typo)) waits for an admin; it is set when "
        "approved."
    ]
    dice.load(2, 5)
    await germ_hunting.hunt(services, actor(BOB))  # and it does roll


async def test_a_held_cat_cannot_hunt_or_fight(services, db, dice, clock) -> None:
    await germ_cats.create(services, actor(BOB), **TIGERCLAW)  # made before: plays on
    await approvals.set_approval(services, ADMIN_ACTOR, "on")
    await germ_cats.create(services, actor(ALICE), **FIREPAW)
    before = dump(db.path)
    dice.load(2, 5)
    with pytest.raises(PawpostError, match="^Firepaw waits for an admin's approval"):
        await germ_hunting.hunt(services, actor(ALICE))
    assert dump(db.path) == before

    # the ambush: both cats roll when Tigerclaw accepts, and the held one's roll is refused
    challenge = await combat.challenge(services, actor(BOB), "Firepaw", ambush="yes")
    dice.load(20, 1, 10)
    with pytest.raises(PawpostError, match="^Firepaw waits for an admin's approval"):
        await buttons.press(services, actor(ALICE), _button(challenge, "Accept"))


# --- Edit requests set the sheet when approved (issue 24) ----------------------------------------


async def _cat_age(db, name: str) -> int:  # type: ignore[no-untyped-def]
    found = await db.transact(lambda tx: tx.characters.by_name(GUILD, name), write=False)
    return found.sheet.age_moons


async def test_an_approved_edit_request_sets_the_sheet_and_can_be_undone(services, db) -> None:
    from bot.actions.gm import undo

    await germ_cats.create(services, actor(BOB), **TIGERCLAW)
    asked = await approvals.request_edit(services, actor(BOB), "age", "30", "a typo")
    [(_, request)] = asked.elsewhere
    assert await _cat_age(db, "Tigerclaw") == 40  # nothing until approved
    approved = await buttons.press(services, ADMIN_ACTOR, _button(request, "Approve"))
    assert approved.lines[1] == "**Age**: 40 → 30"
    entry = int(approved.lines[2].removeprefix("admin change #").split(" ")[0])
    assert approved.lines[2] == f"admin change #{entry} · /admin undo entry:{entry} takes it back"
    assert await _cat_age(db, "Tigerclaw") == 30
    shown = await characters.show(services, actor(BOB), "Tigerclaw")
    assert "30 moons" in "\n".join([*shown.lines, *(f.value for f in shown.fields)])
    logged = await db.transact(lambda tx: tx.audit.get(GUILD, entry))
    assert (logged.action, logged.reason) == ("sheet-set", "request #1: a typo")
    await undo.undo(services, ADMIN_ACTOR, entry)
    assert await _cat_age(db, "Tigerclaw") == 40


async def test_a_rejected_edit_request_changes_nothing(services, db) -> None:
    await germ_cats.create(services, actor(BOB), **TIGERCLAW)
    await approvals.request_edit(services, actor(BOB), "Age", "30")
    await approvals.reject(services, ADMIN_ACTOR, 1, "it is 40")
    assert await _cat_age(db, "Tigerclaw") == 40


@pytest.mark.parametrize(
    ("field", "value", "refusal"),
    [
        ("Age", "601", "Age can be 0 to 600 moons; you gave 601."),
        ("Age", "old", "Age is a whole number; you gave old."),
        ("Age", "40", "Tigerclaw's Age is already 40."),
        ("Wings", "2", "Tigerclaw's sheet has no field Wings; it has State, Strength"),
        ("State", "asleep", "State is one of active, dead, retired, away; you gave asleep."),
        ("Age", " ", "Give the field a value."),
    ],
)
async def test_an_edit_request_is_checked_when_asked(
    services, db, field: str, value: str, refusal: str
) -> None:
    await germ_cats.create(services, actor(BOB), **TIGERCLAW)
    before = dump(db.path)
    with pytest.raises(PawpostError) as refused:
        await approvals.request_edit(services, actor(BOB), field, value)
    assert refused.value.message.startswith(refusal)
    assert dump(db.path) == before


async def test_only_its_player_asks_and_an_approval_that_no_longer_fits_waits(services, db) -> None:
    from bot.actions.gm import sheet

    await germ_cats.create(services, actor(BOB), **TIGERCLAW)
    before = dump(db.path)
    with pytest.raises(PawpostError, match="^Tigerclaw belongs to another player.$"):
        await approvals.request_edit(services, actor(ALICE), "Age", "30", character="Tigerclaw")
    assert dump(db.path) == before
    await approvals.request_edit(services, actor(BOB), "Age", "30")
    await sheet.set_field(services, ADMIN_ACTOR, "Tigerclaw", "Age", "30", "done by hand")
    with pytest.raises(PawpostError, match="^Tigerclaw's Age is already 30.$"):
        await approvals.approve(services, ADMIN_ACTOR, 1)
    queue = await approvals.queue(services, ADMIN_ACTOR)
    assert queue.lines[0].startswith("1. Tigerclaw: Age → 30")  # still waiting


async def test_a_free_text_request_kept_from_before_is_applied_by_hand(services, db) -> None:
    await germ_cats.create(services, actor(BOB), **TIGERCLAW)

    def ask(tx: Transaction) -> None:
        cat = tx.characters.by_name(GUILD, "Tigerclaw")
        tx.approvals.add(GUILD, cat.id, ApprovalKind.EDIT, BOB, cat.created_at, request="Less limp")

    await db.transact(ask)
    approved = await approvals.approve(services, ADMIN_ACTOR, 1)
    assert approved.lines[1] == "An admin applies the change with /admin sheet set."
