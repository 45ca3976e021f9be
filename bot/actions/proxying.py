"""A member's message in a channel, proxied: written in one of their characters' tags (or an
NPC's, for an admin), or said while their autoproxy holds a character, it is queued in the
outbox as that character's post through the channel's webhook, the original deleted once the
post exists. `\\` at its start leaves one message as it is."""

from __future__ import annotations

from dataclasses import dataclass

from bot.actions import audit
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.inline_rolls import log_inline, roll_inline
from bot.actions.posts import MAX_POST_LENGTH, keep_post
from bot.actions.reply import CharacterPost, PostFile, ProxiedFrom, Reply, ReplyQuote
from bot.actions.roll import words_of
from bot.actions.sheet_values import sheet_values
from bot.actions.speakers import Speaker, of_character, of_npc
from bot.outbox import Post as OutboxPost
from bot.outbox import record_posts
from rules.proxy_tags import match
from storage.repositories import Transaction
from storage.settings import Guild
from storage.voices import Autoproxy, AutoproxyMode, voices

ESCAPE = "\\"


@dataclass(frozen=True)
class Incoming:
    """A member's message as the transport saw it. `channel_id` is where it is (a thread or a
    channel), `webhook_channel_id` the channel whose webhook posts there (a thread's parent)."""

    message_id: int
    channel_id: int
    webhook_channel_id: int
    content: str
    thread_id: int | None = None
    files: tuple[PostFile, ...] = ()
    reply_to: ReplyQuote | None = None


@dataclass(frozen=True)
class Said:
    """Who a proxied message speaks as, and whether it latches that speaker."""

    character_id: int | None
    npc_id: int | None
    text: str
    latches: bool = False


@runs_in_database
def incoming(services: Services, actor: Actor, message: Incoming) -> bool:
    """Queue the message's proxied post if it is to be proxied; True when it was."""
    if services.proxying_off is not None or message.content.startswith(ESCAPE):
        return False
    with services.db.transaction(write=False) as tx:
        guild = tx.guilds.get(actor.guild_id)
        said = _said(tx, actor, guild, message)
    if said is None:
        return False
    now = services.clock()
    with services.db.transaction() as tx:
        speaker = _speaker(tx, actor, guild, said)
        if speaker is None:
            return False
        character = speaker.character
        values = {} if character is None else sheet_values(services, guild, character)
        words = words_of(services, guild)
        inline = roll_inline(services, words, said.text, strict=False, values=values)
        text = inline.text
        if len(text) > MAX_POST_LENGTH:  # a webhook posts at most 2000 characters: left as is
            return False
        log_inline(tx, actor, speaker.character, inline, services)
        if said.latches:
            voices(tx).autoproxy.set(
                actor.guild_id,
                actor.user_id,
                message.channel_id,
                Autoproxy(
                    mode=AutoproxyMode.LATCH,
                    character_id=said.character_id,
                    npc_id=said.npc_id,
                ),
                now,
            )
        post = speaker.post(text).model_copy(
            update={
                "rolls": inline.lines,
                "files": list(message.files),
                "reply_to": message.reply_to,
                "thread_id": message.thread_id,
                "origin": ProxiedFrom(
                    message_id=message.message_id,
                    channel_id=message.channel_id,
                    user_id=actor.user_id,
                ),
            }
        )
        outbox = OutboxPost(message.webhook_channel_id, Reply(post=post), actor.guild_id)
        record_posts(tx, [outbox], now)
    return True


def _said(tx: Transaction, actor: Actor, guild: Guild, message: Incoming) -> Said | None:
    """Who the message is said by, from its tag or the member's autoproxy here; None: nobody."""
    found = voices(tx)
    admin = actor.admin_in(guild.settings)
    tags = found.tags.of_member(actor.guild_id, actor.user_id, admin)
    auto = found.autoproxy.get(actor.guild_id, actor.user_id, message.channel_id)
    tagged = match(message.content, tags) if tags else None
    if tagged is not None:
        tag, text = tagged
        latches = auto is not None and auto.mode is AutoproxyMode.LATCH
        said = Said(tag.character_id, tag.npc_id, text, latches)
    elif auto is not None and (auto.character_id or auto.npc_id):
        said = Said(auto.character_id, auto.npc_id, message.content.strip())
    else:
        return None
    if not said.text and not message.files:
        return None
    return said


def _speaker(tx: Transaction, actor: Actor, guild: Guild, said: Said) -> Speaker | None:
    """The speaker, if the member may still speak as it: their own live character, or an NPC
    while they are an admin."""
    if said.npc_id is not None:
        npc = voices(tx).npcs.by_id(actor.guild_id, said.npc_id)
        if npc is None or not actor.admin_in(guild.settings):
            return None
        return of_npc(npc)
    character = tx.characters.by_id(actor.guild_id, said.character_id or 0)
    if character is None or character.owner_id != actor.user_id or character.deleted_at:
        return None
    return of_character(tx, character)


@runs_in_database
def record_proxied(
    services: Services,
    guild_id: int,
    post: CharacterPost,
    message_id: int,
    webhook_id: int,
    channel_id: int,
    nonce: str,
) -> None:
    """Keep a proxied post once it exists (with the post log's entry and an audit line)."""
    assert post.origin is not None
    now = services.clock()
    with services.db.transaction() as tx:
        if tx.posts.by_nonce(nonce) is not None:
            return
        keep_post(
            tx, guild_id, post, message_id, webhook_id, channel_id, post.origin.user_id, now, nonce
        )
        character = (
            None if post.character_id is None else tx.characters.by_id(guild_id, post.character_id)
        )
        actor = Actor(
            guild_id=guild_id, channel_id=post.origin.channel_id, user_id=post.origin.user_id
        )
        tx.audit.add(
            audit.entry(actor, "say", f"proxied post {message_id}", now, character=character)
        )


@runs_in_database(read_only=True)
def posted_for(services: Services, nonce: str) -> int | None:
    """The message an outbox post already made, if a try before this one made it."""
    with services.db.transaction(write=False) as tx:
        post = tx.posts.by_nonce(nonce)
    return None if post is None else post.message_id
