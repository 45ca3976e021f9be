"""Posting as a character through a channel's webhook: one webhook per channel, found or made
once and kept; in a thread, the parent channel's webhook with the thread's id. `/say` posts at
once; a proxied message's post comes from the outbox, in order, and replaces the member's
message only once it exists."""

from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING, Any

import aiohttp
import discord

from bot.actions import posts, proxying
from bot.actions.context import Actor
from bot.actions.formatting import safe
from bot.actions.reply import CharacterPost, PostKind, Reply
from bot.outbox import Delivery, PostRefused
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
REFUSED_POST = (
    "Discord refused that post ({reason}); the name is posted as it is shown, so check the "
    "avatar link with /character profile."
)
# Channels whose webhooks post there or, with a thread's id, in their threads.
WebhookChannel = discord.TextChannel | discord.ForumChannel
WEBHOOK_GONE = "The webhook that made that post is gone, so Pawpost can no longer change it."
# Discord in trouble, once discord.py has stopped trying (five tries over about 25 s for a 5xx):
# it answered with an error, so nothing changed ...
DISCORD_TROUBLE = "Discord is having trouble right now, so {outcome}; try again in a few minutes."
TROUBLE_OUTCOMES = {
    PostKind.send: "nothing was posted as {name}",
    PostKind.edit: "{name}'s post was not edited",
    PostKind.delete: "{name}'s post was not deleted",
}
ROLLS_KEPT = " (its inline rolls are kept in /log)"
# ... or no answer came back at all, so it may have reached Discord.
CONNECTION_LOST = (
    "Pawpost lost its connection to Discord while {doing}, so it may or may not have gone"
    " through: look in the channel before trying again."
)
LOST_DOING = {
    PostKind.send: "posting as {name}",
    PostKind.edit: "editing {name}'s post",
    PostKind.delete: "deleting {name}'s post",
}
HISTORY_LOOK = 50  # messages after a proxied message looked through for a post already made
EXCERPT = 100  # characters of the message a reply answers


def allowed_mentions(post: CharacterPost) -> discord.AllowedMentions:
    """Only the users the text names explicitly; never everyone, here or a role."""
    return discord.AllowedMentions(
        everyone=False,
        roles=False,
        replied_user=False,
        users=[discord.Object(id=user_id) for user_id in post.mentions],
    )


def embeds_of(post: CharacterPost) -> list[discord.Embed]:
    """What a post carries under its text: the message it answers, and its inline rolls."""
    colour = discord.Colour(post.colour) if post.colour is not None else None
    embeds = []
    if post.reply_to is not None:
        quote = post.reply_to
        answer = discord.Embed(
            description=f"[{quote.excerpt or 'a message'}]({quote.jump_url})", colour=colour
        )
        answer.set_author(name=f"↩ {quote.name}"[:256])
        embeds.append(answer)
    if post.rolls:
        embeds.append(discord.Embed(description="\n".join(post.rolls)[:4096], colour=colour))
    return embeds


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
        try:
            message_id, webhook_id = await self._change(parent, post, _thread(post))
        except discord.Forbidden:
            raise PawpostError(NEEDS_MANAGE_WEBHOOKS) from None
        except discord.NotFound:
            if post.kind is not PostKind.delete:
                self._by_channel.pop(parent.id, None)
                raise PawpostError(WEBHOOK_GONE) from None
            message_id, webhook_id = post.message_id or 0, post.webhook_id or 0  # already gone
        except discord.HTTPException as error:
            if error.status == 400:
                raise PawpostError(REFUSED_POST.format(reason=_reason(error))) from error
            if error.status == 429 or error.status >= 500:
                raise _in_trouble(post, parent.id, error) from error
            raise
        except (OSError, aiohttp.ClientError, TimeoutError) as error:
            raise _in_trouble(post, parent.id, error) from error
        try:
            await posts.record(self._bot.services, actor, post, message_id, webhook_id, parent.id)
        except Exception:  # it is on Discord already: say so rather than "nothing changed"
            log.exception("could not record the %s of post %s", post.kind.value, message_id)
            return reply.model_copy(update={"post": None, "lines": [*reply.lines, NOT_NOTED]})
        self._bot.poke_outbox()  # the post log's entry, if the server keeps one
        return reply.model_copy(update={"post": None})

    async def _change(
        self, parent: WebhookChannel, post: CharacterPost, in_thread: Any
    ) -> tuple[int, int]:
        """Do it on Discord; returns the message's and the webhook's ids."""
        if post.kind is PostKind.send:
            message, webhook = await self._send_anew(parent, post, in_thread)
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

    async def _send_anew(
        self, parent: WebhookChannel, post: CharacterPost, in_thread: Any
    ) -> tuple[discord.WebhookMessage, discord.Webhook]:
        webhook = await self._for_posting(parent)
        try:
            return await self._send(webhook, post, in_thread), webhook
        except discord.NotFound:  # someone deleted the kept webhook: make another, once
            self._by_channel.pop(parent.id, None)
            webhook = await self._for_posting(parent)
            return await self._send(webhook, post, in_thread), webhook

    async def _send(
        self, webhook: discord.Webhook, post: CharacterPost, in_thread: Any
    ) -> discord.WebhookMessage:
        files = [await self._file(found.url, found.filename) for found in post.files]
        return await webhook.send(
            content=post.text,
            username=post.name,
            avatar_url=post.avatar_url or discord.utils.MISSING,
            allowed_mentions=allowed_mentions(post),
            embeds=embeds_of(post),
            files=files or discord.utils.MISSING,
            thread=in_thread,
            wait=True,
        )

    async def _file(self, url: str, filename: str) -> discord.File:
        """A proxied message's attachment, fetched to post again: Discord deletes the files of
        the original with it."""
        data = await self._bot.http.get_from_cdn(url)
        return discord.File(io.BytesIO(data), filename=filename)

    # --- The outbox's webhook posts ------------------------------------------------------------

    async def send_queued(self, delivery: Delivery) -> int:
        """A proxied message's post, from the outbox: made once (a try that may have reached
        Discord is looked for first), recorded, and then the member's message deleted. Raises
        `PostRefused` for what Discord will never take (the member's message then stays)."""
        post = (await self._bot.attachments.fresh(delivery.reply)).post  # its avatar still working
        assert post is not None
        assert post.origin is not None
        parent = await self._channel(delivery.channel_id)
        in_thread = _thread(post)
        try:
            made: int | None = None
            webhook_id = 0
            if delivery.maybe_sent:
                made = await proxying.posted_for(self._bot.services, delivery.nonce)
                if made is None:
                    found = await self._already_posted(parent, post)
                    if found is not None:
                        made, webhook_id = found.id, found.webhook_id or 0
            if made is None:
                message, webhook = await self._send_anew(parent, post, in_thread)
                made, webhook_id = message.id, webhook.id
        except discord.Forbidden as error:
            raise PostRefused(
                f"cannot post as characters in channel {parent.id}: {error}"
            ) from error
        except discord.NotFound as error:  # an attachment or the thread is gone
            raise PostRefused(f"{_reason(error)}") from error
        except discord.HTTPException as error:
            if error.status == 400:
                raise PostRefused(_reason(error)) from error
            raise
        if webhook_id:
            guild_id = getattr(parent.guild, "id", 0)
            await proxying.record_proxied(
                self._bot.services, guild_id, post, made, webhook_id, parent.id, delivery.nonce
            )
            self._bot.poke_outbox()
        await self._delete_original(post)
        return made

    async def _channel(self, channel_id: int) -> WebhookChannel:
        bot = self._bot
        try:
            channel = bot.get_channel(channel_id) or await bot.fetch_channel(channel_id)
        except (discord.NotFound, discord.Forbidden) as error:
            raise PostRefused(f"channel {channel_id} is gone: {error}") from error
        if not isinstance(channel, discord.TextChannel | discord.ForumChannel):
            raise PostRefused(f"channel {channel_id} takes no webhook posts")
        return channel

    async def _already_posted(
        self, parent: WebhookChannel, post: CharacterPost
    ) -> discord.Message | None:
        """The post a try before this one made, found among the messages after the member's."""
        assert post.origin is not None
        webhook = await self._find(parent)
        if webhook is None:
            return None
        where: Any = parent if post.thread_id is None else parent.get_thread(post.thread_id)
        if where is None or not isinstance(where, discord.abc.Messageable):
            return None
        after = discord.Object(id=post.origin.message_id)
        try:
            async for message in where.history(after=after, limit=HISTORY_LOOK, oldest_first=True):
                if (
                    message.webhook_id == webhook.id
                    and message.author.name == post.name
                    and message.content == post.text
                ):
                    return message
        except discord.Forbidden:  # no Read Message History: post it (a double beats a loss)
            log.warning("cannot look back in channel %s for a post already made", parent.id)
        return None

    async def _delete_original(self, post: CharacterPost) -> None:
        assert post.origin is not None
        origin = post.origin
        try:
            await self._bot.http.delete_message(origin.channel_id, origin.message_id)
        except discord.NotFound:
            pass  # already gone: the member (or a moderator) deleted it
        except discord.Forbidden:
            log.warning(
                "posted message %s as %s, but cannot delete the original in channel %s:"
                " Pawpost needs Manage Messages there",
                origin.message_id,
                post.name,
                origin.channel_id,
            )


def _in_trouble(post: CharacterPost, channel_id: int, error: Exception) -> PawpostError:
    """The sentence for a post Discord could not take (its servers failing, a rate limit
    discord.py would not wait out, the network), logged in one line: nothing is recorded."""
    name = safe(post.name)
    if isinstance(error, discord.HTTPException):
        outcome = TROUBLE_OUTCOMES[post.kind].format(name=name)
        rolls = ROLLS_KEPT if post.kind is PostKind.send and post.rolls else ""
        sentence = DISCORD_TROUBLE.format(outcome=outcome + rolls)
        why = f"Discord answered {error.status}: {_reason(error)}"
    else:
        sentence = CONNECTION_LOST.format(doing=LOST_DOING[post.kind].format(name=name))
        why = f"no answer from Discord ({type(error).__name__}: {error})"
    log.warning(
        "could not %s a post as %s in channel %s: %s", post.kind.value, post.name, channel_id, why
    )
    return PawpostError(sentence)


def _thread(post: CharacterPost) -> Any:
    return discord.utils.MISSING if post.thread_id is None else discord.Object(id=post.thread_id)


def _reason(error: discord.HTTPException) -> str:
    return (error.text or str(error)).splitlines()[0][:200]
