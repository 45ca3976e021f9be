"""What every Caverns verb needs: the server plays it, the character's sheet, its party (the
characters of one channel unless an admin grouped them) and the server's item catalogue."""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import datetime

from bot.actions.context import Actor
from bot.actions.formatting import safe
from bot.actions.lookup import living, named, require_built
from rules.caverns.catalogue import CatalogueItem
from rules.caverns.sheet import CavernsSheet
from rules.caverns.skill_uses import accept_fated_die, give_fated_die
from rules.errors import PawpostError
from storage.caverns import caverns
from storage.caverns.parties import Party
from storage.models import Character
from storage.repositories import Transaction
from storage.settings import Guild

CAVERNS = "caverns"
NONE_WORDS = frozenset({"", "none", "no", "-", "—"})


def require_caverns(guild: Guild) -> None:
    """Refuse a Caverns verb on a server that plays another ruleset."""
    require_built(guild)
    if guild.ruleset != CAVERNS:
        raise PawpostError(
            "This server does not play Caverns and Cloiers, so that command does nothing."
        )


def caverns_sheet(character: Character) -> CavernsSheet:
    if not isinstance(character.sheet, CavernsSheet):
        raise PawpostError(f"{safe(character.name)} is not a Caverns and Cloiers character.")
    return character.sheet


def save(tx: Transaction, character: Character, sheet: CavernsSheet) -> None:
    character.sheet = sheet
    tx.characters.save_sheet(character)


def catalogue(tx: Transaction, guild: Guild) -> Mapping[str, CatalogueItem]:
    return caverns(tx).catalogue.of(guild.guild_id)


def items(text: str | None) -> list[str]:
    """A typed list: "sword, axe; shortbow" (commas or semicolons); "none" is empty."""
    if text is None or text.strip().lower() in NONE_WORDS:
        return []
    return [part.strip() for part in re.split(r"[,;]", text) if part.strip()]


def party_of(
    tx: Transaction, guild: Guild, character: Character, actor: Actor, now: datetime
) -> Party:
    """The character's party: the one an admin put it in, else the party of the channel its
    player plays it in now (it follows its player from channel to channel; an admin acting
    for it elsewhere does not move it)."""
    parties = caverns(tx).parties
    membership = parties.membership(character.id)
    if membership is not None:
        party_id, pinned = membership
        party = parties.get(guild.guild_id, party_id)
        follows = not pinned and character.owner_id == actor.user_id
        if party is not None and (not follows or party.channel_id == actor.channel_id):
            return party
    party = parties.of_channel(guild.guild_id, actor.channel_id, now)
    parties.join(guild.guild_id, character.id, party.id, pinned=False)
    return party


def party_members(tx: Transaction, guild: Guild, party: Party) -> list[Character]:
    """The party's live characters, in id order (its members' order at a rest)."""
    ids = caverns(tx).parties.member_ids(guild.guild_id, party.id)
    found = tx.characters.by_ids(guild.guild_id, ids)
    return [found[i] for i in ids if i in found]


def hand_fated_die(
    tx: Transaction,
    actor: Actor,
    guild: Guild,
    roller: Character,
    face: int | None,
    holder_name: str | None,
) -> int | None:
    """Twist Fate (l. 219): one of the dice a character holds becomes this roll's doubles. The
    holder is the roller unless named; its player (or an admin) gives the die, or has offered
    it to the roller with `/twist-fate`, which this roll accepts."""
    if face is None:
        return None
    holder = roller
    if holder_name and named(tx, guild.guild_id, holder_name).id != roller.id:
        holder = living(tx, guild.guild_id, holder_name)
    given = give_fated_die(caverns_sheet(holder), face)
    offered = holder.id != roller.id and holder.owner_id != actor.user_id
    if offered and not actor.admin_in(guild.settings):
        accepted = accept_fated_die(caverns_sheet(roller), holder.id, safe(holder.name), face)
        save(tx, roller, accepted)
    save(tx, holder, given)
    return face


def party_label(party: Party) -> str:
    """The party in a message's text: its channel's mention, or its name."""
    return f"<#{party.channel_id}>'s party" if party.channel_id is not None else safe(party.name)


def party_title(party: Party) -> str:
    """The party in a title, where Discord shows no mention."""
    return "The channel's party" if party.channel_id is not None else safe(party.name)
