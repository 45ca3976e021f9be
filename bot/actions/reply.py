"""What an action answers, whatever shows it: Discord renders an embed, the console text."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from pydantic import BaseModel, Field


class Style(StrEnum):
    primary = "primary"
    secondary = "secondary"
    success = "success"
    danger = "danger"


class Button(BaseModel):
    label: str
    custom_id: str
    style: Style = Style.secondary
    disabled: bool = False
    row: int | None = None  # None: five buttons a row, in order


class SelectOption(BaseModel):
    label: str
    value: str
    description: str | None = None  # what picking it gives, under the label (100 characters)


class Select(BaseModel):
    custom_id: str
    placeholder: str
    options: list[SelectOption]


class ModalField(BaseModel):
    """One text box of a modal; `key` names its answer."""

    key: str
    label: str
    value: str = ""  # filled in already
    required: bool = True
    max_length: int = 100
    placeholder: str = ""
    long: bool = False  # several lines (a paragraph box)


class Modal(BaseModel):
    """A form the player fills in; its custom id names the action its answers go to."""

    custom_id: str
    title: str
    fields: list[ModalField]


@dataclass(frozen=True, slots=True)
class ReplyField:
    """One named part of an embed. Plain data, not a model: a sheet makes a dozen for each
    `/character show`, and what makes them has typed them already."""

    name: str
    value: str
    inline: bool = False


class Attachment(BaseModel):
    filename: str
    content: bytes


class Tone(StrEnum):
    """What an embed's colour says when its character has none of their own."""

    success = "success"
    failure = "failure"
    neutral = "neutral"


class PostKind(StrEnum):
    send = "send"
    edit = "edit"
    delete = "delete"


class PostFile(BaseModel):
    """A file a proxied message carried, re-uploaded with the post (Discord deletes the
    original's files with it)."""

    url: str
    filename: str
    content_type: str | None = None


class ReplyQuote(BaseModel):
    """The message a proxied reply answers: who wrote it, its first words and a link to it."""

    name: str
    excerpt: str
    jump_url: str


class ProxiedFrom(BaseModel):
    """The member's message a proxied post replaces, deleted once the post exists."""

    message_id: int
    channel_id: int  # where it is: the channel, or the thread
    user_id: int


class CharacterPost(BaseModel):
    """Text posted as a character (or an NPC) through the channel's webhook, or such a post
    changed.

    `mentions` are the users the text names explicitly: the only ones it may ping. `rolls` are
    its inline rolls shown in full, `reply_to` the message it answers; both are drawn in the
    speaker's `colour`. `origin` is the member's message it replaces (a proxied message)."""

    kind: PostKind = PostKind.send
    character_id: int | None = None
    npc_id: int | None = None
    name: str
    avatar_url: str | None = None
    colour: int | None = None
    text: str = ""
    mentions: list[int] = Field(default_factory=list)
    rolls: list[str] = Field(default_factory=list)
    files: list[PostFile] = Field(default_factory=list)
    reply_to: ReplyQuote | None = None
    origin: ProxiedFrom | None = None
    message_id: int | None = None  # the post an edit or a delete is about
    webhook_id: int | None = None  # the webhook that made it
    thread_id: int | None = None  # the thread it is in


class Meter(BaseModel):
    """A number out of its most: drawn as a bar, or as pips when it is small and counted.
    `least` is where the bar starts (below zero for a signed score: Caverns' -3..+3)."""

    label: str
    value: int
    most: int
    pips: bool = False
    least: int = 0


class Card(BaseModel):
    """What a character's card shows, as its ruleset declares it; `avatar_url` and `colour` are
    the core's, from the profile."""

    name: str
    group: str | None = None  # the clan or the party
    subtitle: str | None = None  # age, rank: one short line
    stats: list[Meter] = Field(default_factory=list)
    health: Meter | None = None  # HP or lives
    reserve: Meter | None = None  # a second pool drawn under the health (Caverns' Vitae)
    conditions: list[str] = Field(default_factory=list)
    scars: str | None = None
    avatar_url: str | None = None
    colour: int | None = None


class KeptUpload(BaseModel):
    """An avatar a member attached to the command. Discord removes a command's attachment after
    a while, so the transport keeps a copy as an attachment of the reply's own message and
    stores that copy's link in place of `url`, on the character's profile or the NPC
    (`bot.actions.profiles.keep_avatar`)."""

    url: str
    filename: str = ""
    character_id: int | None = None
    npc_id: int | None = None


class Reply(BaseModel):
    """An action's answer.

    `mentions` are the user ids the message pings, and the only ones it may ping. `update` asks a
    button's transport to replace the message the button sits on instead of posting a new one.
    `modal` asks a button's transport to open that form instead of answering with a message.
    """

    title: str | None = None
    lines: list[str] = Field(default_factory=list)
    fields: list[ReplyField] = Field(default_factory=list)
    buttons: list[Button] = Field(default_factory=list)
    select: Select | None = None
    mentions: list[int] = Field(default_factory=list)
    ephemeral: bool = False
    update: bool = False
    attachment: Attachment | None = None
    footer: str | None = None
    modal: Modal | None = None
    # A message for the whole channel, posted after this answer (which may be one only its
    # player sees): what others must see or answer, such as a mother's Accept button.
    announce: Reply | None = None
    # More messages, posted after this answer: (channel, reply), None for this channel (for
    # all to see, as `announce`), else another one (the admins').
    elsewhere: list[tuple[int | None, Reply]] = Field(default_factory=list)
    # The character the reply is about, as the core fills it in: avatar, colour, and the
    # outcome's tone when the character has no colour; when it was said and its audit id.
    avatar_url: str | None = None
    colour: int | None = None
    tone: Tone | None = None
    timestamp: datetime | None = None
    audit_id: int | None = None
    # Text to post as a character (`/say`), which the transport sends through a webhook before
    # it answers with this reply.
    post: CharacterPost | None = None
    # A character's card, which the transport draws as the attachment (bot.actions.card_drawing),
    # with the avatar fetched when it can be.
    card: Card | None = None
    # An attached avatar the transport keeps a copy of, once this reply is posted.
    keep: KeptUpload | None = None
