"""Posting as a character through a channel's webhook: one webhook per channel, found or made
once and kept; in a thread, the parent channel's webhook with the thread's id."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.actions import posts
from bot.actions.context import Actor
from bot.actions.reply import CharacterPost, PostKind, Reply
from rules.errors import PawpostError

if TYPE_CHECKING:
    from bot.discord.client import PawpostBot

log = logging.getLogger(__name__)
WEBHOOK_NAME = "Pawpost"
NEEDS_MANAGE_WEBHOOKS = (
    "Pawpost needs the Manage Webhooks permission in this channel to post as characters; "
    "an admin can give it to Pawpost's role."
)
NOT_A_TEXT_CHANNEL = "Pawpost posts as characters only in text channels and threads."
NOT_NOTED = (
    "Pawpost could not note who posted that, so it cannot be edited or deleted with the Apps "
    "menu; an admin can delete it by hand."
)
# Channels whose webhooks post there or, with a thread's id, in their threads.
WebhookChannel = discord.TextChannel | discord.ForumChannel
WEBHOOK_GONE = "The webhook that made that post is gone, so Pawpost can no longer change it."


def allowed_mentions(post: CharacterPost) -> discord.AllowedMentions:
    """Only the users the text names explicitly; never everyone, here or a role."""
    return discord.AllowedMentions(
        everyone=False,
        roles=False,
        replied_user=False,
        users=[discord.Object(id=user_id) for user_id in post.mentions],
    )


class Webhooks:
    """The bot's webhook in each channel it has posted in, kept while it runs (after a restart
    it is found again among the channel's webhooks, not made anew)."""

    def __init__(self, bot: PawpostBot) -> None:
        self._bot = bot
        self._by_channel: dict[int, discord.Webhook] = {}  # by channel id

    def _own(self, webhook: discord.Webhook) -> bool:
        me = self._bot.user
        made_by_me = me is not None and webhook.user is not None and webhook.user.id == me.id
        return webhook.token is not None and made_by_me

    async def _find(
        self, channel: WebhookChannel, webhook_id: int | None = None
    ) -> discord.Webhook | None:
        """The channel's webhook of the bot (the one of that id, if given); None if none."""
        kept = self._by_channel.get(channel.id)
        if kept is not None and webhook_id in (None, kept.id):
            return kept
        for webhook in await channel.webhooks():
            if self._own(webhook) and webhook_id in (None, webhook.id):
                if webhook_id is None or kept is None:
                    self._by_channel[channel.id] = webhook
                return webhook
        return None

    async def _for_posting(self, channel: WebhookChannel) -> discord.Webhook:
        found = await self._find(channel)
        if found is None:
            found = await channel.create_webhook(name=WEBHOOK_NAME, reason="posting as characters")
            self._by_channel[channel.id] = found
        return found

    async def deliver(self, interaction: discord.Interaction, actor: Actor, reply: Reply) -> Reply:
        """Send, edit or delete the reply's post through the webhook, record it, and return
        the reply to answer the member with."""
        post = reply.post
        assert post is not None
        channel: Any = interaction.channel
        thread = channel if isinstance(channel, discord.Thread) else None
        parent = thread.parent if thread is not None else channel
        if not isinstance(parent, discord.TextChannel | discord.ForumChannel) or (
            isinstance(parent, discord.ForumChannel) and thread is None
        ):
            raise PawpostError(NOT_A_TEXT_CHANNEL)
        if not interaction.app_permissions.manage_webhooks:
            raise PawpostError(NEEDS_MANAGE_WEBHOOKS)
        if thread is not None and post.kind is PostKind.send:
            post = post.model_copy(update={"thread_id": thread.id})
        in_thread: Any = discord.utils.MISSING
        if post.thread_id is not None:
            in_thread = discord.Object(id=post.thread_id)
        try:
            message_id, webhook_id = await self._change(parent, post, in_thread)
        except discord.Forbidden:
            raise PawpostError(NEEDS_MANAGE_WEBHOOKS) from None
        except discord.NotFound:
            if post.kind is not PostKind.delete:
                self._by_channel.pop(parent.id, None)
                raise PawpostError(WEBHOOK_GONE) from None
            message_id, webhook_id = post.message_id or 0, post.webhook_id or 0  # already gone
        try:
            await posts.record(self._bot.services, actor, post, message_id, webhook_id, parent.id)
        except Exception:  # it is on Discord already: say so rather than "nothing changed"
            log.exception("could not record the %s of post %s", post.kind.value, message_id)
            return reply.model_copy(update={"post": None, "lines": [*reply.lines, NOT_NOTED]})
        return reply.model_copy(update={"post": None})

    async def _change(
        self, parent: WebhookChannel, post: CharacterPost, in_thread: Any
    ) -> tuple[int, int]:
        """Do it on Discord; returns the message's and the webhook's ids."""
        if post.kind is PostKind.send:
            webhook = await self._for_posting(parent)
            try:
                message = await self._send(webhook, post, in_thread)
            except discord.NotFound:  # someone deleted the kept webhook: make another, once
                self._by_channel.pop(parent.id, None)
                webhook = await self._for_posting(parent)
                message = await self._send(webhook, post, in_thread)
            return message.id, webhook.id
        assert post.message_id is not None
        found = await self._find(parent, post.webhook_id)
        if found is None:
            raise PawpostError(WEBHOOK_GONE)
        if post.kind is PostKind.edit:
            await found.edit_message(
                post.message_id,
                content=post.text,
                allowed_mentions=allowed_mentions(post),
                thread=in_thread,
            )
        else:
            await found.delete_message(post.message_id, thread=in_thread)
        return post.message_id, found.id

    @staticmethod
    async def _send(
        webhook: discord.Webhook, post: CharacterPost, in_thread: Any
    ) -> discord.WebhookMessage:
        try:
            return await webhook.send(
                content=post.text,
                username=post.name,
                avatar_url=post.avatar_url or discord.utils.MISSING,
                allowed_mentions=allowed_mentions(post),
                thread=in_thread,
                wait=True,
            )
        except discord.HTTPException as error:
            if error.status == 400:  # Discord refuses some names ("clyde", "discord")
                raise PawpostError(
                    "Discord refused to post under that character's name or avatar; "
                    "try another avatar with /character profile."
                ) from error
            raise
