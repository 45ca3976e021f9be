"""Posting as a character (`/say`, "Say as…") or, for an admin, as an NPC (`/say npc:`), and the
message commands on such a post: "Edit as character", "Delete", "Who posted this?". The
transport sends through the channel's webhook; these verbs decide what may be posted and record
what was (with the server's post log, when it has one)."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from bot.actions import audit
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.inline_rolls import log_inline, roll_inline
from bot.actions.reply import CharacterPost, Modal, ModalField, PostKind, Reply
from bot.actions.roll import words_of
from bot.actions.sheet_values import sheet_values
from bot.actions.speaker_names import name_note
from bot.actions.speakers import (
    Speaker,
    npc_named,
    of_character,
    of_npc,
    own_character,
    speaker_of,
)
from bot.outbox import Post as OutboxPost
from bot.outbox import record_posts
from rules.errors import PawpostError
from storage.models import Character
from storage.profiles import Post
from storage.repositories import Transaction

if TYPE_CHECKING:
    from bot.actions.buttons import ButtonHandler, Press

# Discord's limit on a message's text.
MAX_POST_LENGTH = 2000
LOG_EXCERPT = 300  # characters of a post quoted in the post log
NOT_A_POST = "That message was not posted as a character through Pawpost."


def clean_text(text: str) -> str:
    cleaned = text.strip()
    if not cleaned:
        raise PawpostError("Say something: the text is empty.")
    return within_limit(cleaned)


def within_limit(text: str) -> str:
    if len(text) > MAX_POST_LENGTH:
        raise PawpostError(
            f"A post can be at most {MAX_POST_LENGTH} characters; that one has {len(text)}."
        )
    return text


def say_form(character: Character | None) -> Modal:
    """The "Say as…" form: which character, and the text (long)."""
    return Modal(
        custom_id="pawpost:say:0:post",
        title="Say as…",
        fields=[
            ModalField(
                key="character",
                label="Character",
                value="" if character is None else character.name,
                max_length=32,
            ),
            ModalField(key="text", label="Text", max_length=MAX_POST_LENGTH, long=True),
        ],
    )


@runs_in_database
def say(
    services: Services,
    actor: Actor,
    character: str | None = None,
    text: str | None = None,
    npc: str | None = None,
) -> Reply:
    """Post as one's character, or as an NPC (admins); without text, open the form for a long
    one (as a character)."""
    if text is None and npc is None:
        return _form(services, actor, character)
    if text is None:
        raise PawpostError("Say what the NPC says: give the text.")
    if npc is not None and character is not None:
        raise PawpostError("Speak as a character or as an NPC, not both.")
    return _say_now(services, actor, character or "", text, npc)


@runs_in_database
def say_from_form(services: Services, actor: Actor, answers: dict[str, str]) -> Reply:
    return _say_now(services, actor, answers.get("character", ""), answers.get("text", ""))


def _say_now(
    services: Services, actor: Actor, name: str, text: str, npc: str | None = None
) -> Reply:
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        if npc is not None:
            speaker = of_npc(npc_named(tx, actor, guild, npc))
        else:
            speaker = of_character(tx, own_character(tx, actor, guild, name.strip() or None))
        values = (
            {} if speaker.character is None else sheet_values(services, guild, speaker.character)
        )
        words = words_of(services, guild)
        inline = roll_inline(services, words, clean_text(text), strict=True, values=values)
        log_inline(tx, actor, speaker.character, inline, services)
        post = speaker.post(within_limit(inline.text))
    post = post.model_copy(update={"rolls": inline.lines})
    note = name_note(speaker.name)
    lines = [f"Posted as {safe(speaker.name)}.", *([note] if note else [])]
    return Reply(lines=lines, ephemeral=True, post=post)


@runs_in_database
def say_as_form(services: Services, actor: Actor) -> Reply:
    """The "Say as…" message command: the form, filled in with the active character."""
    return _form(services, actor, None)


def _form(services: Services, actor: Actor, name: str | None) -> Reply:
    with services.db.transaction(write=False) as tx:
        guild = tx.guilds.get(actor.guild_id)
        try:
            found: Character | None = own_character(tx, actor, guild, name)
        except PawpostError:
            if name:
                raise  # a character named that cannot speak: say why now, not at submit
            found = None  # the form asks for the name instead
    return Reply(modal=say_form(found))


def _own_post(tx: Transaction, actor: Actor, message_id: int) -> tuple[Post, Speaker]:
    """A post made as a character or an NPC, if the actor made it or is an admin."""
    post = tx.posts.get(actor.guild_id, message_id)
    if post is None:
        raise PawpostError(NOT_A_POST)
    guild = tx.guilds.get(actor.guild_id)
    if post.user_id != actor.user_id and not actor.admin_in(guild.settings):
        raise PawpostError("Only the player who posted that, or an admin, can change it.")
    speaker = speaker_of(tx, post.character_id, post.npc_id, actor.guild_id)
    if speaker is None:
        raise PawpostError("The character who posted that is gone.")
    return post, speaker


@runs_in_database(read_only=True)
def edit_form(services: Services, actor: Actor, message_id: int, current: str) -> Reply:
    """ "Edit as character": the form, filled in with the post's text."""
    with services.db.transaction(write=False) as tx:
        _own_post(tx, actor, message_id)
    return Reply(
        modal=Modal(
            custom_id=f"pawpost:post:{message_id}:edit",
            title="Edit as character",
            fields=[
                ModalField(
                    key="text",
                    label="Text",
                    value=current[:MAX_POST_LENGTH],
                    max_length=MAX_POST_LENGTH,
                    long=True,
                )
            ],
        )
    )


@runs_in_database(read_only=True)
def edit(services: Services, actor: Actor, message_id: int, text: str) -> Reply:
    with services.db.transaction(write=False) as tx:
        post, speaker = _own_post(tx, actor, message_id)
    change = speaker.post(clean_text(text)).model_copy(
        update={
            "kind": PostKind.edit,
            "message_id": post.message_id,
            "webhook_id": post.webhook_id,
            "thread_id": post.thread_id,
        }
    )
    return Reply(lines=[f"{safe(speaker.name)}'s post is edited."], ephemeral=True, post=change)


@runs_in_database(read_only=True)
def delete(services: Services, actor: Actor, message_id: int) -> Reply:
    with services.db.transaction(write=False) as tx:
        post, speaker = _own_post(tx, actor, message_id)
    change = CharacterPost(
        kind=PostKind.delete,
        character_id=speaker.character_id,
        npc_id=speaker.npc_id,
        name=speaker.name,
        message_id=post.message_id,
        webhook_id=post.webhook_id,
        thread_id=post.thread_id,
    )
    return Reply(lines=[f"{safe(speaker.name)}'s post is deleted."], ephemeral=True, post=change)


@runs_in_database(read_only=True)
def who(services: Services, actor: Actor, message_id: int) -> Reply:
    """ "Who posted this?": for anyone, answered only to them."""
    with services.db.transaction(write=False) as tx:
        post = tx.posts.get(actor.guild_id, message_id)
        if post is None:
            raise PawpostError(NOT_A_POST)
        speaker = speaker_of(tx, post.character_id, post.npc_id, actor.guild_id)
    if speaker is None:
        name = "a deleted character"
    elif speaker.npc is not None:
        name = f"the NPC {safe(speaker.name)}"
    else:
        name = safe(speaker.name)
    when = int(post.created_at.timestamp())
    return Reply(lines=[f"Posted as {name} by <@{post.user_id}> <t:{when}:R>."], ephemeral=True)


@runs_in_database
def record(
    services: Services,
    actor: Actor,
    post: CharacterPost,
    message_id: int,
    webhook_id: int,
    channel_id: int,
) -> None:
    """Keep what the transport posted, edited or deleted through the webhook, with its log."""
    now = services.clock()
    with services.db.transaction() as tx:
        if post.kind is PostKind.send:
            keep_post(
                tx, actor.guild_id, post, message_id, webhook_id, channel_id, actor.user_id, now
            )
            character = _character(tx, actor.guild_id, post)
        else:
            stored = tx.posts.get(actor.guild_id, message_id)
            if stored is None:
                return
            if post.kind is PostKind.edit:
                tx.posts.mark_edited(stored, now)
            else:
                tx.posts.mark_deleted(stored, now)
            character = _character(tx, actor.guild_id, post)
        tx.audit.add(
            audit.entry(
                actor, "say", f"{post.kind.value} post {message_id}", now, character=character
            )
        )


def _character(tx: Transaction, guild_id: int, post: CharacterPost) -> Character | None:
    return None if post.character_id is None else tx.characters.by_id(guild_id, post.character_id)


def keep_post(
    tx: Transaction,
    guild_id: int,
    post: CharacterPost,
    message_id: int,
    webhook_id: int,
    channel_id: int,
    user_id: int,
    now: datetime,
    nonce: str | None = None,
) -> None:
    """Record a post made through a webhook and, when the server logs them, its log entry (in
    the outbox, in this transaction)."""
    guild = tx.guilds.get(guild_id)
    tx.posts.add(
        Post(
            message_id=message_id,
            guild_id=guild.guild_id,
            channel_id=channel_id,
            thread_id=post.thread_id,
            webhook_id=webhook_id,
            character_id=post.character_id,
            npc_id=post.npc_id,
            user_id=user_id,
            created_at=now,
            nonce=nonce,
        )
    )
    log_channel = guild.settings.voices.log_channel_id
    if log_channel is not None:
        where = post.thread_id or channel_id
        link = f"https://discord.com/channels/{guild.guild_id}/{where}/{message_id}"
        excerpt = post.text if len(post.text) <= LOG_EXCERPT else post.text[:LOG_EXCERPT] + "…"
        entry = Reply(
            title=f"{safe(post.name)} in <#{where}>",
            lines=[f"By <@{user_id}>: [the post]({link})", *([safe(excerpt)] if excerpt else [])],
        )
        record_posts(tx, [OutboxPost(log_channel, entry, guild.guild_id)], now)


async def _say_button(services: Services, actor: Actor, press: Press) -> Reply:
    return await say_from_form(services, actor, dict(press.fields))


async def _post_button(services: Services, actor: Actor, press: Press) -> Reply:
    return await edit(services, actor, press.id, press.fields.get("text", ""))


POST_BUTTONS: dict[tuple[str, str], ButtonHandler] = {
    ("say", "post"): _say_button,
    ("post", "edit"): _post_button,
}
