"""`/party`: the party's members, level and experience, and who carries the torches."""

from __future__ import annotations

from datetime import datetime

from bot.actions.caverns.common import (
    caverns_sheet,
    party_label,
    party_members,
    party_title,
    require_caverns,
)
from bot.actions.caverns.melding import party_site
from bot.actions.caverns.party.rests import resting_party
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.lookup import named
from bot.actions.reply import Reply
from rules.caverns.wording import counted
from rules.errors import PawpostError
from storage.caverns import caverns
from storage.caverns.parties import Party
from storage.repositories import Transaction
from storage.settings import Guild


def _party(
    tx: Transaction, actor: Actor, guild: Guild, character: str | None, now: datetime
) -> Party:
    """The party to show: the actor's own, or that of any character named (showing it
    changes nothing, so another player's character may be named)."""
    if not character:
        return resting_party(tx, actor, guild, character, now)
    found = named(tx, guild.guild_id, character)
    if found.owner_id == actor.user_id:
        return resting_party(tx, actor, guild, character, now)
    tables = caverns(tx).parties
    membership = tables.membership(found.id)
    party = None if membership is None else tables.get(guild.guild_id, membership[0])
    if party is None:
        raise PawpostError(f"{safe(found.name)} has not joined a party yet.")
    return party


@runs_in_database
def show(services: Services, actor: Actor, character: str | None = None) -> Reply:
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_caverns(guild)
        party = _party(tx, actor, guild, character, now)
        members = party_members(tx, guild, party)
    progress = party.progress
    lines = [
        f"{party_label(party)}: level {progress.level}, experience {progress.experience} of "
        f"{progress.needed}.",
    ]
    torches = 0
    for member in members:
        sheet = caverns_sheet(member)
        torches += sheet.torches
        state = " (retired)" if sheet.retired else ""
        lines.append(
            f"**{safe(member.name)}**{state}: {sheet.race_row.name} {sheet.character_class.label} "
            f"{sheet.level}, Health {sheet.health}/{sheet.max_health}, Harmony "
            f"{sheet.harmony:+d}, {counted(sheet.rations, 'ration')}, "
            f"{counted(sheet.torches, 'torch', 'torches')}"
        )
    site = party_site(guild, party)
    if site is not None:
        lines.append(f"The party is at {safe(site)}.")
    if not members:
        lines.append("No adventurer is in this party yet.")
    carriers = [safe(m.name) for m in members if caverns_sheet(m).torches]
    lines.append(
        f"{counted(torches, 'torch', 'torches').capitalize()}, carried by "
        f"{', '.join(carriers) or 'nobody'}."
    )
    return Reply(title=party_title(party), lines=lines)
