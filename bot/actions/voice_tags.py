"""Proxy tags and autoproxy: `/character proxy set|show|clear` (a member's message written in a
character's tag is re-posted as that character) and `/autoproxy mode:latch|front|off` (plain
messages too, in one channel). Refused, saying what is missing, while proxying is off."""

from __future__ import annotations

from collections.abc import Sequence

from bot.actions import audit
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.lookup import acting_character
from bot.actions.reply import Reply
from bot.actions.speaker_names import name_note
from rules.errors import PawpostError
from rules.proxy_tags import read_tags, same_tag, shown
from storage.models import Character
from storage.repositories import Transaction
from storage.settings import Guild
from storage.voices import Autoproxy, AutoproxyMode, voices

MODES = tuple(mode.value for mode in AutoproxyMode)


def require_proxying(services: Services) -> None:
    if services.proxying_off is not None:
        raise PawpostError(services.proxying_off)


def tags_line(tags: Sequence[tuple[str, str]]) -> str:
    return ", ".join(f"`{shown(prefix, suffix)}`" for prefix, suffix in tags)


def taken_tag(
    tx: Transaction,
    guild_id: int,
    tag: tuple[str, str],
    *,
    owner_id: int = 0,
    character_id: int | None = None,
    npc_id: int | None = None,
) -> str | None:
    """Whose tag it already is among the owner's characters (or, for an NPC's, among the
    NPCs'), other than the character or NPC it is for; None when it is free."""
    found = voices(tx)
    if npc_id is not None:
        others = [t for t in found.tags.of_member(guild_id, 0, True) if t.npc_id != npc_id]
    else:
        others = [
            t
            for t in found.tags.of_member(guild_id, owner_id, False)
            if t.character_id != character_id
        ]
    for other in others:
        if same_tag((other.prefix, other.suffix), tag):
            if other.npc_id is not None:
                npc = found.npcs.by_id(guild_id, other.npc_id)
                return "the NPC " + (npc.name if npc else "?")
            character = tx.characters.by_id(guild_id, other.character_id or 0)
            return character.name if character else "another character"
    return None


@runs_in_database
def set_tags(services: Services, actor: Actor, tags: str, character: str | None = None) -> Reply:
    """A character's proxy tags become these (several joined by |)."""
    require_proxying(services)
    wanted = read_tags(tags)
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        found = _own(tx, actor, guild, character)
        for tag in wanted:
            other = taken_tag(
                tx, actor.guild_id, tag, owner_id=found.owner_id, character_id=found.id
            )
            if other is not None:
                raise PawpostError(f"{tags_line([tag])} is already {safe(other)}'s tag.")
        voices(tx).tags.replace(actor.guild_id, wanted, now, character_id=found.id)
        tx.audit.add(audit.entry(actor, "proxy", f"tags {tags_line(wanted)}", now, character=found))
    note = name_note(found.name)
    lines = [
        f"Messages written as {tags_line(wanted)} are posted as {safe(found.name)}.",
        *([note] if note else []),
    ]
    return Reply(title=f"{safe(found.name)}'s proxy tags", lines=lines, ephemeral=True)


@runs_in_database(read_only=True)
def show_tags(services: Services, actor: Actor, character: str | None = None) -> Reply:
    require_proxying(services)
    with services.db.transaction(write=False) as tx:
        found = _own(tx, actor, tx.guilds.get(actor.guild_id), character)
        tags = voices(tx).tags.of(character_id=found.id)
    if not tags:
        line = f"{safe(found.name)} has no proxy tags; set some with /character proxy set."
    else:
        line = f"{safe(found.name)}: {tags_line([(t.prefix, t.suffix) for t in tags])}"
    return Reply(lines=[line], ephemeral=True)


@runs_in_database
def clear_tags(services: Services, actor: Actor, character: str | None = None) -> Reply:
    require_proxying(services)
    now = services.clock()
    with services.db.transaction() as tx:
        found = _own(tx, actor, tx.guilds.get(actor.guild_id), character)
        voices(tx).tags.replace(actor.guild_id, [], now, character_id=found.id)
        tx.audit.add(audit.entry(actor, "proxy", "tags cleared", now, character=found))
    return Reply(lines=[f"{safe(found.name)} has no proxy tags now."], ephemeral=True)


def _own(tx: Transaction, actor: Actor, guild: Guild, name: str | None) -> Character:
    """The character whose tags these are: the member's own (an admin may set anyone's)."""
    return acting_character(tx, actor, guild, name)


@runs_in_database
def autoproxy(services: Services, actor: Actor, mode: str, character: str | None = None) -> Reply:
    """This member's autoproxy in this channel: latch (the last character they proxied as says
    their plain messages), front (the character named, or their active one) or off."""
    require_proxying(services)
    chosen = AutoproxyMode(mode.lower()) if mode.lower() in MODES else None
    if chosen is None:
        raise PawpostError(f"Autoproxy is one of {', '.join(MODES)}.")
    now = services.clock()
    where = f"<#{actor.channel_id}>"
    with services.db.transaction() as tx:
        found = voices(tx).autoproxy
        if chosen is AutoproxyMode.OFF:
            found.clear(actor.guild_id, actor.user_id, actor.channel_id)
            line = f"Autoproxy is off in {where}: only tagged messages are posted as characters."
        elif chosen is AutoproxyMode.LATCH:
            if character is not None:
                raise PawpostError("Latch follows your tags; name a character with mode:front.")
            found.set(actor.guild_id, actor.user_id, actor.channel_id, Autoproxy(mode=chosen), now)
            line = (
                f"Autoproxy latches in {where}: after a tagged message, your plain messages are "
                "posted as the same character (start one with \\\\ to leave it as it is)."
            )
        else:
            guild = tx.guilds.get(actor.guild_id)
            speaker = acting_character(tx, actor, guild, character)
            if speaker.owner_id != actor.user_id:
                raise PawpostError(f"{safe(speaker.name)} belongs to another player.")
            found.set(
                actor.guild_id,
                actor.user_id,
                actor.channel_id,
                Autoproxy(mode=chosen, character_id=speaker.id),
                now,
            )
            line = (
                f"Your plain messages in {where} are posted as {safe(speaker.name)} (start one "
                "with \\\\ to leave it as it is)."
            )
    return Reply(lines=[line], ephemeral=True)
