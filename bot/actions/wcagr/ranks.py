"""WCAGR ranks after creation: a player's own change, an admin's for the ranks admins approve,
with the book's counts per clan."""

from __future__ import annotations

from bot.actions import audit
from bot.actions.admin import required_reason
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.lookup import acting_character, named, require_admin, require_built
from bot.actions.reply import Reply
from bot.actions.wcagr import parse
from bot.actions.wcagr.sheet import wcagr_sheet
from rules.errors import PawpostError
from rules.wcagr import change_rank, rank_info
from storage.models import Character
from storage.repositories import Transaction
from storage.wcagr import wcagr

NO_RANK = "none"


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
    info = rank_info(sheet.clan, chosen)
    if info.needs_approval and not admin:
        raise PawpostError(f"An admin approves a {info.label.lower()}: ask one to use /admin rank.")
    holders = wcagr(tx).rank_holders(
        found.guild_id, sheet.clan.value, chosen.value, excluding=found.id
    )
    found.sheet = change_rank(
        sheet, chosen, holders=holders, previous_leader_lives=previous_leader_lives
    )
    return info.label


@runs_in_database
def set_own_rank(
    services: Services, actor: Actor, rank: str, character: str | None = None
) -> Reply:
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        found = acting_character(tx, actor, guild, character)
        label = _change(tx, found, rank, 0, admin=False)
        tx.characters.save_sheet(found)
        tx.audit.add(
            audit.entry(actor, "character", f"rank: {label}", services.clock(), character=found)
        )
    return Reply(lines=[f"{safe(found.name)}'s rank is now {label}."])


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
    sheet = wcagr_sheet(found)
    word = "life" if sheet.lives == 1 else "lives"
    lives = "" if sheet.lives is None else f", with {sheet.lives} {word}"
    return Reply(
        lines=[f"{safe(found.name)}'s rank is now {label}{lives}."], footer=f"reason: {reason}"
    )
