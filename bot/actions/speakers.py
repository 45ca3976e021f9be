"""Who a post speaks as: a member's own character, or (for an admin) one of the server's NPCs,
with the name, avatar and colour the post carries."""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.actions.context import Actor
from bot.actions.formatting import safe
from bot.actions.lookup import acting_character
from bot.actions.reply import CharacterPost
from bot.actions.speaker_names import webhook_name
from rules.errors import PawpostError
from storage.models import Character
from storage.repositories import Transaction
from storage.settings import Guild
from storage.voices import Npc, voices

# A user named explicitly: <@123> or <@!123>. Roles (<@&…>), @everyone and @here never ping.
USER_MENTION = re.compile(r"<@!?(\d{1,20})>")
NPCS_ARE_ADMINS = "Only an admin can speak as an NPC."


@dataclass(frozen=True)
class Speaker:
    """A character or an NPC, as a post shows it."""

    name: str
    avatar_url: str | None = None
    colour: int | None = None
    character: Character | None = None
    npc: Npc | None = None

    @property
    def character_id(self) -> int | None:
        return None if self.character is None else self.character.id

    @property
    def npc_id(self) -> int | None:
        return None if self.npc is None else self.npc.id

    def post(self, text: str) -> CharacterPost:
        return CharacterPost(
            character_id=self.character_id,
            npc_id=self.npc_id,
            name=webhook_name(self.name),
            avatar_url=self.avatar_url,
            colour=self.colour,
            text=text,
            mentions=named_users(text),
        )


def named_users(text: str) -> list[int]:
    """The users the text mentions explicitly, in order, each once."""
    return list(dict.fromkeys(int(found) for found in USER_MENTION.findall(text)))


def of_character(tx: Transaction, character: Character) -> Speaker:
    profile = tx.profiles.get(character.guild_id, character.id)
    return Speaker(
        name=character.name,
        avatar_url=None if profile is None else profile.avatar_url,
        colour=None if profile is None else profile.colour,
        character=character,
    )


def of_npc(npc: Npc) -> Speaker:
    return Speaker(name=npc.name, avatar_url=npc.avatar_url, colour=npc.colour, npc=npc)


def own_character(tx: Transaction, actor: Actor, guild: Guild, name: str | None) -> Character:
    """The character a member posts as: their own only (an admin speaks as no one else's)."""
    found = acting_character(tx, actor, guild, name)
    if found.owner_id != actor.user_id:
        raise PawpostError(f"{safe(found.name)} belongs to another player.")
    return found


def npc_named(tx: Transaction, actor: Actor, guild: Guild, name: str) -> Npc:
    """An NPC an admin speaks as."""
    if not actor.admin_in(guild.settings):
        raise PawpostError(NPCS_ARE_ADMINS)
    found = voices(tx).npcs.named(actor.guild_id, name)
    if found is None:
        raise PawpostError(f"There is no NPC named {safe(name.strip())}; /npc add makes one.")
    return found


def speaker_of(
    tx: Transaction, character_id: int | None, npc_id: int | None, guild_id: int
) -> Speaker | None:
    """A post's speaker by id, None when it is gone."""
    if npc_id is not None:
        npc = voices(tx).npcs.by_id(guild_id, npc_id)
        return None if npc is None else of_npc(npc)
    if character_id is None:
        return None
    character = tx.characters.by_id(guild_id, character_id)
    return None if character is None else of_character(tx, character)
