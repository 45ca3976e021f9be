"""Posting as a character (`/say`, "Say as…"), and the message commands on such a post: "Edit
as character", "Delete", "Who posted this?". The transport sends through the channel's webhook;
these verbs decide what may be posted and record what was."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from bot.actions import audit
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.lookup import acting_character
from bot.actions.reply import CharacterPost, Modal, ModalField, PostKind, Reply
from rules.errors import PawpostError
from storage.models import Character
from storage.profiles import Post
from storage.repositories import Transaction
from storage.settings import Guild

if TYPE_CHECKING:
    from bot.actions.buttons import ButtonHandler, Press

# Discord's limit on a message's text.
MAX_POST_LENGTH = 2000
# A user named explicitly: <@123> or <@!123>. Roles (<@&…>), @everyone and @here never ping.
USER_MENTION = re.compile(r"<@!?(\d{1,20})>")
NOT_A_POST = "That message was not posted as a character through Pawpost."


def clean_text(text: str) -> str:
    cleaned = text.strip()
    if not cleaned:
        raise PawpostError("Say something: the text is empty.")
    if len(cleaned) > MAX_POST_LENGTH:
        raise PawpostError(
            f"A post can be at most {MAX_POST_LENGTH} characters; that one has {len(cleaned)}."
        )
    return cleaned


def named_users(text: str) -> list[int]:
    """The users the text mentions explicitly, in order, each once."""
    return list(dict.fromkeys(int(found) for found in USER_MENTION.findall(text)))


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


def _speaker(tx: Transaction, actor: Actor, guild: Guild, name: str | None) -> Character:
    """The character a member posts as: their own only (an admin speaks as no one else's)."""
    found = acting_character(tx, actor, guild, name)
    if found.owner_id != actor.user_id:
        raise PawpostError(f"{safe(found.name)} belongs to another player.")
    return found


def _post_of(tx: Transaction, character: Character, text: str) -> CharacterPost:
    profile = tx.profiles.get(character.guild_id, character.id)
    return CharacterPost(
        character_id=character.id,
        name=character.name,
        avatar_url=None if profile is None else profile.avatar_url,
        text=text,
        mentions=named_users(text),
    )


@runs_in_database
def say(
    services: Services, actor: Actor, character: str | None = None, text: str | None = None
) -> Reply:
    """Post as one's character; without text, open the form for a long one."""
    if text is None:
        return _form(services, actor, character)
    return _say_now(services, actor, character or "", text)


@runs_in_database
def say_from_form(services: Services, actor: Actor, answers: dict[str, str]) -> Reply:
    return _say_now(services, actor, answers.get("character", ""), answers.get("text", ""))


def _say_now(services: Services, actor: Actor, name: str, text: str) -> Reply:
    with services.db.transaction(write=False) as tx:
        guild = tx.guilds.get(actor.guild_id)
        found = _speaker(tx, actor, guild, name.strip() or None)
        post = _post_of(tx, found, clean_text(text))
    return Reply(lines=[f"Posted as {safe(found.name)}."], ephemeral=True, post=post)


@runs_in_database
def say_as_form(services: Services, actor: Actor) -> Reply:
    """The "Say as…" message command: the form, filled in with the active character."""
    return _form(services, actor, None)


def _form(services: Services, actor: Actor, name: str | None) -> Reply:
    with services.db.transaction(write=False) as tx:
        guild = tx.guilds.get(actor.guild_id)
        try:
            found: Character | None = _speaker(tx, actor, guild, name)
        except PawpostError:
            if name:
                raise  # a character named that cannot speak: say why now, not at submit
            found = None  # the form asks for the name instead
    return Reply(modal=say_form(found))


def _own_post(tx: Transaction, actor: Actor, message_id: int) -> tuple[Post, Character]:
    """A post made as a character, if the actor made it or is an admin."""
    post = tx.posts.get(actor.guild_id, message_id)
    if post is None:
        raise PawpostError(NOT_A_POST)
    guild = tx.guilds.get(actor.guild_id)
    if post.user_id != actor.user_id and not actor.admin_in(guild.settings):
        raise PawpostError("Only the player who posted that, or an admin, can change it.")
    character = tx.characters.by_id(actor.guild_id, post.character_id)
    if character is None:
        raise PawpostError("The character who posted that is gone.")
    return post, character


@runs_in_database
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


@runs_in_database
def edit(services: Services, actor: Actor, message_id: int, text: str) -> Reply:
    with services.db.transaction(write=False) as tx:
        post, character = _own_post(tx, actor, message_id)
        change = _post_of(tx, character, clean_text(text))
    change = change.model_copy(
        update={
            "kind": PostKind.edit,
            "message_id": post.message_id,
            "webhook_id": post.webhook_id,
            "thread_id": post.thread_id,
        }
    )
    return Reply(lines=[f"{safe(character.name)}'s post is edited."], ephemeral=True, post=change)


@runs_in_database
def delete(services: Services, actor: Actor, message_id: int) -> Reply:
    with services.db.transaction(write=False) as tx:
        post, character = _own_post(tx, actor, message_id)
    change = CharacterPost(
        kind=PostKind.delete,
        character_id=character.id,
        name=character.name,
        message_id=post.message_id,
        webhook_id=post.webhook_id,
        thread_id=post.thread_id,
    )
    return Reply(lines=[f"{safe(character.name)}'s post is deleted."], ephemeral=True, post=change)


@runs_in_database
def who(services: Services, actor: Actor, message_id: int) -> Reply:
    """ "Who posted this?": for anyone, answered only to them."""
    with services.db.transaction(write=False) as tx:
        post = tx.posts.get(actor.guild_id, message_id)
        if post is None:
            raise PawpostError(NOT_A_POST)
        character = tx.characters.by_id(actor.guild_id, post.character_id)
    name = "a deleted character" if character is None else safe(character.name)
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
        character = tx.characters.by_id(actor.guild_id, post.character_id)
        if post.kind is PostKind.send:
            tx.posts.add(
                Post(
                    message_id=message_id,
                    guild_id=actor.guild_id,
                    channel_id=channel_id,
                    thread_id=post.thread_id,
                    webhook_id=webhook_id,
                    character_id=post.character_id,
                    user_id=actor.user_id,
                    created_at=now,
                )
            )
        else:
            stored = tx.posts.get(actor.guild_id, message_id)
            if stored is None:
                return
            if post.kind is PostKind.edit:
                tx.posts.mark_edited(stored, now)
            else:
                tx.posts.mark_deleted(stored, now)
        tx.audit.add(
            audit.entry(
                actor, "say", f"{post.kind.value} post {message_id}", now, character=character
            )
        )


async def _say_button(services: Services, actor: Actor, press: Press) -> Reply:
    return await say_from_form(services, actor, dict(press.fields))


async def _post_button(services: Services, actor: Actor, press: Press) -> Reply:
    return await edit(services, actor, press.id, press.fields.get("text", ""))


POST_BUTTONS: dict[tuple[str, str], ButtonHandler] = {
    ("say", "post"): _say_button,
    ("post", "edit"): _post_button,
}
