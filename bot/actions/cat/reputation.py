"""`/reputation grant`: a witness gives another cat a new Reputation at half its own rank."""

from __future__ import annotations

from bot.actions import audit
from bot.actions.cat.common import cat_sheet, require_cat
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.lookup import acting_character, named
from bot.actions.reply import Reply
from rules.cat.reputation import grant_reputation
from rules.errors import PawpostError


@runs_in_database
def grant(
    services: Services,
    actor: Actor,
    to: str,
    name: str,
    from_reputation: str,
    character: str | None = None,
) -> Reply:
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_cat(guild)
        granter = acting_character(tx, actor, guild, character)
        receiver = named(tx, actor.guild_id, to)
        if receiver.id == granter.id:
            raise PawpostError("A cat cannot grant a Reputation to itself.")
        if receiver.owner_id == granter.owner_id and not actor.admin_in(guild.settings):
            # book l. 94: "If another cat sees your act": another player's cat is the witness.
            raise PawpostError(
                f"{safe(receiver.name)} and {safe(granter.name)} are both your cats; another "
                "player's cat must witness the deed."
            )
        granted = grant_reputation(
            cat_sheet(receiver), cat_sheet(granter), from_reputation=from_reputation, name=name
        )
        receiver.sheet = granted.sheet
        tx.characters.save_sheet(receiver)
        summary = (
            f"{granted.name} {granted.rank} granted by {granter.name} (from {granted.granted_from})"
        )
        tx.audit.add(audit.entry(actor, "reputation", summary, now, character=receiver))
    return Reply(
        lines=[
            f"{safe(granter.name)} grants {safe(receiver.name)} the Reputation "
            f"{safe(granted.name)} at rank {granted.rank} (from its own "
            f"{safe(granted.granted_from)}, which it keeps)."
        ],
        mentions=[receiver.owner_id],
    )
