"""WCAGR ranks after creation: a player's own change; for the ranks admins approve (leader,
deputy, a Tribe's Healer) a request an admin approves or refuses by button; an admin's own
change; each within the book's counts per clan."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from bot.actions import audit
from bot.actions.admin import required_reason
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.lookup import (
    acting_character,
    named,
    require_admin,
    require_alive,
    require_built,
)
from bot.actions.reply import Button, Reply, Style
from bot.actions.wcagr import parse
from bot.actions.wcagr.sheet import wcagr_sheet
from rules.errors import PawpostError
from rules.life import Life
from rules.wcagr import Rank, WcagrSheet, change_rank, rank_info
from storage.models import Character
from storage.repositories import Transaction
from storage.wcagr import wcagr
from storage.wcagr.requests import RequestOutcome

if TYPE_CHECKING:
    from bot.actions.buttons import ButtonHandler, Press

NO_RANK = "none"


def _changed(tx: Transaction, found: Character, chosen: Rank, previous_leader_lives: int) -> str:
    """Give `found` the rank within its group's counts; returns the rank's label."""
    sheet = wcagr_sheet(found)
    holders = wcagr(tx).rank_holders(
        found.guild_id, sheet.clan.value, chosen.value, excluding=found.id
    )
    found.sheet = change_rank(
        sheet, chosen, holders=holders, previous_leader_lives=previous_leader_lives
    )
    return rank_info(sheet.clan, chosen).label


def _change(
    tx: Transaction, found: Character, rank: str, previous_leader_lives: int, *, admin: bool
) -> str:
    """Give `found` the rank (or none), refusing one admins approve unless `admin`; returns
    the rank's label."""
    sheet = wcagr_sheet(found)
    if rank.strip().lower() == NO_RANK:
        found.sheet = change_rank(sheet, None)
        return "no rank"
    chosen = parse.rank(rank)
    if rank_info(sheet.clan, chosen).needs_approval and not admin:
        raise PawpostError(f"An admin approves a {chosen.value}.")
    return _changed(tx, found, chosen, previous_leader_lives)


@runs_in_database
def set_own_rank(
    services: Services, actor: Actor, rank: str, character: str | None = None
) -> Reply:
    """`/character rank`: a rank of the cat's group, at once; one admins approve (leader,
    deputy, Healer) becomes a request they answer by button (the issue: "admins approve
    leader and deputy")."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        found = acting_character(tx, actor, guild, character)
        sheet = wcagr_sheet(found)
        wanted = None if rank.strip().lower() == NO_RANK else parse.rank(rank)
        admin = actor.admin_in(guild.settings)
        if wanted is not None and rank_info(sheet.clan, wanted).needs_approval and not admin:
            return _ask(tx, actor, found, wanted, now)
        label = _change(tx, found, rank, 0, admin=admin)
        tx.characters.save_sheet(found)
        tx.audit.add(audit.entry(actor, "character", f"rank: {label}", now, character=found))
    return Reply(lines=[f"{safe(found.name)}'s rank is now {label}."])


def _ask(tx: Transaction, actor: Actor, found: Character, rank: Rank, now: datetime) -> Reply:
    """A request for a rank admins approve: checked now as the change would be (the group's
    list and counts), kept with Approve and Refuse buttons for the admins."""
    sheet = wcagr_sheet(found)
    info = rank_info(sheet.clan, rank)
    holders = wcagr(tx).rank_holders(
        found.guild_id, sheet.clan.value, rank.value, excluding=found.id
    )
    change_rank(sheet, rank, holders=holders)  # refused now, with its sentence, if it cannot be
    if wcagr(tx).rank_requests.waiting_for(found.guild_id, found.id) is not None:
        raise PawpostError(f"{safe(found.name)} already has a request waiting for an admin.")
    request_id = wcagr(tx).rank_requests.open(
        found.guild_id, found.id, actor.user_id, rank.value, now
    )
    tx.audit.add(
        audit.entry(actor, "character", f"asked to be {info.label.lower()}", now, character=found)
    )
    label = info.label.lower()
    return Reply(
        lines=[f"{safe(found.name)} asks to be {label}: it waits for an admin's approval."],
        ephemeral=True,
        announce=Reply(
            title=f"Rank waiting for approval: {safe(found.name)}",
            lines=[
                f"<@{actor.user_id}> asks that {safe(found.name)} of {sheet.clan.label} become "
                f"its {label}. An admin approves or refuses it."
            ],
            buttons=[
                Button(
                    label="Approve",
                    custom_id=f"pawpost:{RANK_AREA}:{request_id}:approve",
                    style=Style.success,
                ),
                Button(
                    label="Refuse",
                    custom_id=f"pawpost:{RANK_AREA}:{request_id}:refuse",
                    style=Style.danger,
                ),
            ],
        ),
    )


RANK_AREA = "wcagr-rank"


@runs_in_database
def answer_rank_request(services: Services, actor: Actor, request_id: int, approve: bool) -> Reply:
    """An admin's Approve (the rank is given, its counts checked again) or Refuse."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        require_admin(actor, guild)
        request = wcagr(tx).rank_requests.get(guild.guild_id, request_id)
        if request is None or request.outcome is not None:
            raise PawpostError("That request was already answered.")
        found = tx.characters.by_id(guild.guild_id, request.character_id)
        outcome = RequestOutcome.APPROVED if approve else RequestOutcome.REFUSED
        if found is None or not approve:
            wcagr(tx).rank_requests.answer(request_id, RequestOutcome.REFUSED, actor.user_id, now)
            name = "the cat" if found is None else safe(found.name)
            return Reply(
                lines=[f"The rank asked for {name} was refused."],
                mentions=[request.user_id],
                update=True,
            )
        require_alive(found)
        label = _changed(tx, found, Rank(request.rank), 0)
        tx.characters.save_sheet(found)
        wcagr(tx).rank_requests.answer(request_id, outcome, actor.user_id, now)
        tx.audit.add(audit.entry(actor, "admin", f"rank: {label}", now, character=found))
    sheet = wcagr_sheet(found)
    lives = (
        ""
        if sheet.lives is None
        else f", with {sheet.lives} {'life' if sheet.lives == 1 else 'lives'}"
    )
    return Reply(
        lines=[f"<@{request.user_id}>: {safe(found.name)}'s rank is now {label}{lives}."],
        mentions=[request.user_id],
        update=True,
    )


async def _rank_button(services: Services, actor: Actor, press: Press) -> Reply:
    return await answer_rank_request(services, actor, press.id, press.verb == "approve")


RANK_BUTTONS: dict[tuple[str, str], ButtonHandler] = {
    (RANK_AREA, "approve"): _rank_button,
    (RANK_AREA, "refuse"): _rank_button,
}


@runs_in_database
def admin_rank(
    services: Services,
    actor: Actor,
    character: str,
    rank: str,
    reason: str,
    previous_leader_lives: int = 0,
) -> Reply:
    reason = required_reason(reason)
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_admin(actor, guild)
        require_built(guild)
        found = named(tx, actor.guild_id, character)
        if found.life is Life.DEAD:  # said as everywhere else; a retired cat's rule is WCAGR's
            require_alive(found)
        label = _change(tx, found, rank, previous_leader_lives, admin=True)
        tx.characters.save_sheet(found)
        tx.audit.add(
            audit.entry(
                actor,
                "admin",
                f"rank: {label}",
                services.clock(),
                character=found,
                reason=reason,
            )
        )
    return Reply(
        lines=[f"{safe(found.name)}'s rank is now {label}{_with_lives(wcagr_sheet(found))}."],
        footer=f"reason: {reason}",
    )


def _with_lives(sheet: WcagrSheet) -> str:
    """ ", with 9 lives" for a leader; nothing for any other rank."""
    if sheet.lives is None:
        return ""
    return f", with {sheet.lives} {'life' if sheet.lives == 1 else 'lives'}"
