"""Sheet approval: with `/config approval on`, a new character waits for an admin's Approve or
Reject (with a reason) before it rolls; a turned-down sheet is changed in the builder
(`/character new` reopens on it) and sent again; players can also ask for edits through the
same queue, set on the sheet when an admin approves them (`bot.actions.gm.requests`)."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from bot.actions import audit
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.gm import requests
from bot.actions.gm.requests import described
from bot.actions.gm.state import tools_of
from bot.actions.lookup import acting_character, require_admin, require_built
from bot.actions.reply import Button, Modal, ModalField, Reply, ReplyField, Style
from rules.errors import PawpostError
from storage.approvals import Approval, ApprovalKind, ApprovalStatus
from storage.models import Character
from storage.repositories import Transaction

if TYPE_CHECKING:
    from bot.actions.buttons import ButtonHandler, Press

QUEUE_PAGE = 20
# The requests of `/admin approvals` given Approve and Refuse buttons (two each, within
# Discord's 25 a message); the rest are listed, and get theirs once these are answered.
WITH_BUTTONS = 10
PAIRS_PER_ROW = 2  # a request's two buttons side by side, two requests a row
MAX_REASON_LENGTH = 300
MAX_REQUEST_LENGTH = 300


def _request_post(tx: Transaction, services: Services, approval: Approval) -> Reply | None:
    """The admins' post for one request: the sheet (or the asked edit) and the two buttons."""
    character = tx.characters.by_id(approval.guild_id, approval.character_id)
    if character is None:
        return None
    ruleset = services.ruleset(character.ruleset)
    fields: list[ReplyField] = [] if ruleset is None else ruleset.sheet_fields(tx, character)
    if approval.kind is ApprovalKind.SHEET:
        title = f"Approve {safe(character.name)}'s sheet?"
        lines = [f"Player: <@{character.owner_id}>"]
    else:
        title = f"Approve an edit of {safe(character.name)}?"
        lines = [
            f"Player: <@{approval.requested_by}>",
            f"Asks: {safe(described(approval.request))}",
        ]
    return Reply(
        title=title,
        lines=lines,
        fields=fields,
        buttons=[
            Button(
                label="Approve",
                custom_id=f"pawpost:approval:{approval.id}:approve",
                style=Style.success,
            ),
            Button(
                label="Reject",
                custom_id=f"pawpost:approval:{approval.id}:reject",
                style=Style.danger,
            ),
        ],
        footer=f"request #{approval.id}",
    )


def _posted(tx: Transaction, services: Services, reply: Reply, approval_ids: list[int]) -> Reply:
    """The reply with each request's post, for the admins' channel (else this one)."""
    posts, held_names = [], []
    channel = None
    for approval_id in approval_ids:
        approval = tx.approvals.get_any(approval_id)
        if approval is None:
            continue
        channel = tx.guilds.get(approval.guild_id).settings.admin_channel_id
        post = _request_post(tx, services, approval)
        if post is not None:
            posts.append(post)
        if post is not None and approval.kind is ApprovalKind.SHEET:  # an edit holds nothing
            character = tx.characters.by_id(approval.guild_id, approval.character_id)
            if approval.kind is ApprovalKind.SHEET:  # an edit request holds nothing
                held_names.append(safe(character.name) if character else "")
    lines = [f"{name} waits for an admin's approval before it rolls." for name in held_names]
    # the admins' channel, else this one (for all to see, even after a private answer)
    elsewhere = [*reply.elsewhere, *((channel, post) for post in posts)]
    return reply.model_copy(update={"lines": [*reply.lines, *lines], "elsewhere": elsewhere})


def announce_held(services: Services, reply: Reply, approval_ids: list[int]) -> Reply:
    """After a unit of work held new sheets: tell the player, and post them for the admins.
    Runs in the database thread, after the verb's transaction."""
    with services.db.transaction(write=False) as tx:
        return _posted(tx, services, reply, approval_ids)


@runs_in_database
def set_approval(services: Services, actor: Actor, approval: str) -> Reply:
    on = approval == "on"
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_admin(actor, guild)
        guild.settings.approval = on
        tx.guilds.save(guild)
        tx.audit.add(audit.entry(actor, "config", f"approval {approval}", services.clock()))
    if on:
        return Reply(
            lines=[
                "Sheet approval is on: a new character waits for an admin's Approve before it "
                "rolls, hunts or fights. The requests go to the admin channel "
                "(/config admin-channel), else to the channel the character was made in."
            ]
        )
    return Reply(lines=["Sheet approval is off: new characters play at once."])


@runs_in_database(read_only=True)
def queue(services: Services, actor: Actor) -> Reply:
    """`/admin approvals`: what waits, oldest first."""
    with services.db.transaction(write=False) as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_admin(actor, guild)
        waiting = tx.approvals.waiting(actor.guild_id, QUEUE_PAGE + 1)
        names = tx.characters.by_ids(actor.guild_id, [a.character_id for a in waiting])
        ruleset = services.ruleset(guild.ruleset)
        own = (
            []
            if ruleset is None or ruleset.waiting is None
            else ruleset.waiting(tx, actor.guild_id, None, QUEUE_PAGE + 1)
        )
    entries: list[tuple[datetime, str, str, str, str]] = []  # when, line, label, ids
    for approval in waiting:
        found = names.get(approval.character_id)
        name = safe(found.name) if found else "a deleted character"
        what = "sheet" if approval.kind is ApprovalKind.SHEET else safe(described(approval.request))
        when = int(approval.created_at.timestamp())
        line = f"{name}: {what} — <@{approval.requested_by}> <t:{when}:R>"
        label = found.name if found else "?"
        if approval.kind is ApprovalKind.EDIT:
            label += "'s edit"
        verb = f"pawpost:approval:{approval.id}"
        entries.append((approval.created_at, line, label, f"{verb}:approve", f"{verb}:reject"))
    for sheet in own:
        when = int(sheet.created_at.timestamp())
        line = f"{safe(sheet.name)}: new, {sheet.what} — <@{sheet.user_id}> <t:{when}:R>"
        entries.append((sheet.created_at, line, sheet.name, sheet.approve_id, sheet.refuse_id))
    entries.sort(key=lambda entry: entry[0])
    lines, buttons = [], []
    for number, (_when, line, label, approve_id, refuse_id) in enumerate(entries[:QUEUE_PAGE]):
        lines.append(f"{number + 1}. {line}")
        if number < WITH_BUTTONS:
            row = number // PAIRS_PER_ROW
            buttons += [
                Button(
                    label=f"Approve {label}"[:80],
                    custom_id=approve_id,
                    style=Style.success,
                    row=row,
                ),
                Button(
                    label=f"Refuse {label}"[:80], custom_id=refuse_id, style=Style.danger, row=row
                ),
            ]
    if len(entries) > QUEUE_PAGE:
        lines.append(f"…and more; answer these {QUEUE_PAGE} first.")
    elif len(entries) > WITH_BUTTONS:
        lines.append(f"The first {WITH_BUTTONS} have buttons; the rest get theirs after.")
    return Reply(
        title="Waiting for approval",
        lines=lines or ["Nothing waits for approval."],
        buttons=buttons,
        ephemeral=True,
    )


def _own(tx: Transaction, actor: Actor, name: str | None) -> Character:
    guild = tx.guilds.get(actor.guild_id)
    found = acting_character(tx, actor, guild, name, managing=True)
    if found.owner_id != actor.user_id:
        raise PawpostError(f"{safe(found.name)} belongs to another player.")
    return found


@runs_in_database
def submit(services: Services, actor: Actor, character: str | None = None) -> Reply:
    """Ask again for a turned-down sheet, once it is changed."""
    now = services.clock()
    with services.db.transaction() as tx:
        found = _own(tx, actor, character)
        tx.characters.lock(found)  # one at a time with the builder's Create of a changed sheet
        status = tx.approvals.sheet_status(found.id)
        if status is not ApprovalStatus.REJECTED:
            raise PawpostError(
                f"{safe(found.name)}'s sheet is already waiting for an admin."
                if status is ApprovalStatus.PENDING
                else f"{safe(found.name)}'s sheet needs no approval."
            )
        approval_id = tx.approvals.add(
            actor.guild_id, found.id, ApprovalKind.SHEET, actor.user_id, now
        )
        tx.audit.add(audit.entry(actor, "approval", "asked again", now, character=found))
        tx.notes.held.append(approval_id)
    return Reply(lines=[f"{safe(found.name)}'s sheet is sent to the admins again."])


@runs_in_database
def request_edit(
    services: Services,
    actor: Actor,
    field: str,
    value: str,
    reason: str | None = None,
    character: str | None = None,
) -> Reply:
    """Ask the admins to set a field a player may not set alone (a lasting condition, the age):
    checked now as `/admin sheet set` checks it, set when an admin approves."""
    why = " ".join((reason or "").split()) or None
    if why is not None and len(why) > MAX_REQUEST_LENGTH:
        raise PawpostError(f"A request's reason can be at most {MAX_REQUEST_LENGTH} characters.")
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        found = _own(tx, actor, character)
        edit = requests.checked(tx, guild, tools_of(services, guild), found, field, value, why, now)
        approval_id = tx.approvals.add(
            actor.guild_id, found.id, ApprovalKind.EDIT, actor.user_id, now, request=edit.stored()
        )
        tx.audit.add(
            audit.entry(actor, "approval", f"asked: {edit.described()}", now, character=found)
        )
        reply = Reply(
            lines=[
                f"Your request for {safe(found.name)} ({safe(edit.described())}) waits for an "
                "admin; it is set when approved."
            ],
            ephemeral=True,
        )
        return _posted(tx, services, reply, [approval_id])


def _decide(
    services: Services,
    actor: Actor,
    approval_id: int,
    status: ApprovalStatus,
    reason: str | None,
) -> Reply:
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_admin(actor, guild)
        approval = tx.approvals.get(actor.guild_id, approval_id, lock=True)
        if approval is None:
            raise PawpostError("That request is no longer in the queue.")
        if not tx.approvals.decide(approval, status, actor.user_id, now, reason):
            raise PawpostError("An admin already decided that request.")
        applied = (
            requests.applied(
                tx, actor, guild, tools_of(services, guild), approval, services.dice, now
            )
            if status is ApprovalStatus.APPROVED and approval.kind is ApprovalKind.EDIT
            else []
        )
        found = tx.characters.by_id(actor.guild_id, approval.character_id)
        name = safe(found.name) if found else "a deleted character"
        word = "approved" if status is ApprovalStatus.APPROVED else "rejected"
        what = "sheet" if approval.kind is ApprovalKind.SHEET else "edit"
        tx.audit.add(
            audit.entry(
                actor, "approval", f"{what} {word}", now, character=found, outcome=word,
                reason=reason,
            )
        )  # fmt: skip
    lines = [f"<@{approval.requested_by}>: {name}'s {what} is {word} by <@{actor.user_id}>."]
    if reason:
        lines.append(f"Reason: {safe(reason)}")
    if status is ApprovalStatus.APPROVED and approval.kind is ApprovalKind.SHEET:
        lines.append(f"{name} may roll now.")
    lines += applied
    buttons = []
    if status is ApprovalStatus.REJECTED and approval.kind is ApprovalKind.SHEET:
        lines.append(
            f"Change the sheet with /character new (or Change the sheet below): the builder "
            f"reopens on {name}'s sheet, and its Create sends it to the admins again."
        )
        if found is not None:
            buttons.append(
                Button(
                    label="Change the sheet",
                    custom_id=f"pawpost:draft:{found.id}:edit",
                    style=Style.primary,
                )
            )
    return Reply(
        title=f"{name}: {what} {word}",
        lines=lines,
        buttons=buttons,
        mentions=[approval.requested_by],
        update=True,
    )


@runs_in_database
def approve(services: Services, actor: Actor, approval_id: int) -> Reply:
    return _decide(services, actor, approval_id, ApprovalStatus.APPROVED, None)


@runs_in_database(read_only=True)
def reject_form(services: Services, actor: Actor, approval_id: int) -> Reply:
    with services.db.transaction(write=False) as tx:
        require_admin(actor, tx.guilds.get(actor.guild_id))
        approval = tx.approvals.get(actor.guild_id, approval_id)
        if approval is None or approval.status is not ApprovalStatus.PENDING:
            raise PawpostError("That request is no longer waiting.")
    return Reply(
        modal=Modal(
            custom_id=f"pawpost:approval:{approval_id}:reason",
            title="Reject: why?",
            fields=[
                ModalField(key="reason", label="Reason", max_length=MAX_REASON_LENGTH, long=True)
            ],
        )
    )


@runs_in_database
def reject(services: Services, actor: Actor, approval_id: int, reason: str) -> Reply:
    cleaned = reason.strip()
    if not cleaned:
        raise PawpostError("Say why, so the player knows what to change.")
    return _decide(services, actor, approval_id, ApprovalStatus.REJECTED, cleaned)


async def _approval_button(services: Services, actor: Actor, press: Press) -> Reply:
    if press.verb == "approve":
        return await approve(services, actor, press.id)
    if press.verb == "reject":
        return await reject_form(services, actor, press.id)
    return await reject(services, actor, press.id, press.fields.get("reason", ""))


APPROVAL_BUTTONS: dict[tuple[str, str], ButtonHandler] = {
    ("approval", "approve"): _approval_button,
    ("approval", "reject"): _approval_button,
    ("approval", "reason"): _approval_button,
}
