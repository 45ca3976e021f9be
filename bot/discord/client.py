"""The Discord bot: the client, per-server command sets, the persistent buttons and start-up."""

from __future__ import annotations

import asyncio
import collections
import contextlib
import functools
import gc
import logging
import math
import random
import re
import signal
import time
from collections.abc import Awaitable, Callable, Coroutine, Mapping
from datetime import datetime, timedelta
from typing import Any

import aiohttp
import discord
import yarl
from discord import app_commands

from bot.actions import buttons, proxying, saved_rolls
from bot.actions.context import NO_MESSAGE_CONTENT, Actor, Services
from bot.actions.formatting import safe
from bot.actions.reply import PostFile, Reply, ReplyQuote
from bot.actions.server_config import zone_choices
from bot.actions.welcome import post_welcome
from bot.commands.spec import Command, Completion, MessageCommand
from bot.config import Settings
from bot.discord import render
from bot.discord.attachments import AttachmentLinks, may_link_avatars, refresh_through
from bot.discord.cards import CardDrawer
from bot.discord.errors import answer_error
from bot.discord.fetching import NotAnImage, fetch_image
from bot.discord.tree import (
    AUTOCOMPLETE_LIMIT,
    CommandSet,
    build_command_set,
    character_choices,
    command_set_hash,
)
from bot.discord.webhooks import Webhooks
from bot.health import answering, socket_path, timed
from bot.jobs import jobs
from bot.outbox import Delivery, PostRefused
from bot.process import tune_process
from bot.ruleset import Ruleset
from bot.scheduler import Scheduler
from rules.dice import ScriptedDice
from rules.errors import PawpostError
from storage.database import COMMAND_BUDGET_S, Database, time_budget
from storage.repositories import Transaction
from storage.running import hold
from storage.settings import DEFAULT_RULESET
from storage.timers import SoonestTimer
from storage.voices import voices

log = logging.getLogger(__name__)
SCHEDULER_STOP_TIMEOUT_S = 5.0
# Discord drops an interaction not answered within 3 s of when it made it (the time its id
# carries). One whose answer is not ready when it is this old is deferred ("thinking", or a
# deferred update of a button's message) and answered later ...
DISCORD_DEADLINE_S = 3.0
DEFER_AT_AGE_S = 2.0
# ... or sooner while many wait: the oldest are deferred at once when they are due within this
# long for each interaction waiting for its first answer (each is one more request for the event
# loop to send), so that under a burst (thousands of commands behind a lock) the last of them
# is still deferred in time.
DEFER_EACH_S = 0.005
# More interactions than this waiting for their answer is a burst: a quick unit (a sheet's read,
# a roll and its audit row) then runs in its thread, with the others, not on the event loop.
CROWDED_AT = 4
# Events discord.py dispatches for every command that the bot has no handler for and never
# waits for: discord.py would look each handler up, and fail, twice a command.
UNHEARD_EVENTS = frozenset({"socket_event_type", "app_command_completion"})
# At most this many defers are sent at once: beyond it, each waits its turn (the most urgent
# first) and reuses a connection, instead of all of them crawling along together, every one
# late, each on a connection of its own.
DEFERS_AT_ONCE = 64
# What Discord answers for an interaction it no longer knows (not answered within 3 s) ...
UNKNOWN_INTERACTION = 10062
# ... and how long past that deadline the bot takes an interaction for gone without asking (a
# clock ahead of Discord's by less than this loses no answerable interaction).
GONE_AFTER_S = 0.5
# Autocomplete cannot be deferred: its database work gets this long, else no suggestions.
AUTOCOMPLETE_BUDGET_S = 2.0
# Reaching Discord at start-up (or again after its connection failed): the first wait, doubled
# after each failure up to the last.
RETRY_FIRST_S = 1.0
RETRY_MAX_S = 60.0
# What a network failure or a Discord outage raises (a refused token is LoginFailure instead).
OUTAGE = (
    OSError,
    aiohttp.ClientError,
    discord.DiscordServerError,
    discord.GatewayNotFound,
    TimeoutError,
)

# What the bot needs in a channel: read it, post, embed, attach exports, post as characters.
INVITE_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    embed_links=True,
    attach_files=True,
    manage_webhooks=True,
)
# With proxying on: delete the member's message once its post exists, and look back for a post
# a try before may have made.
PROXYING_PERMISSIONS = discord.Permissions(manage_messages=True, read_message_history=True)
REPLY_EXCERPT = 100  # characters of the message a proxied reply answers


def intents_for(settings: Settings) -> discord.Intents:
    """No privileged intent, unless proxying is on: then members' messages and their text."""
    intents = discord.Intents(guilds=True)
    if settings.proxying:
        intents.guild_messages = True
        intents.message_content = True
    return intents


def incoming_of(message: discord.Message) -> proxying.Incoming | None:
    """A member's message as the proxying verb reads it; None for what is never proxied (the
    bot's own, webhooks', system messages, direct messages)."""
    channel: Any = message.channel
    if message.guild is None or message.author.bot or message.webhook_id is not None:
        return None
    if message.type not in (discord.MessageType.default, discord.MessageType.reply):
        return None
    thread = channel if isinstance(channel, discord.Thread) else None
    parent = thread.parent if thread is not None else channel
    if not isinstance(parent, discord.TextChannel | discord.ForumChannel):
        return None
    files = tuple(
        PostFile(url=found.url, filename=found.filename, content_type=found.content_type)
        for found in message.attachments
    )
    return proxying.Incoming(
        message_id=message.id,
        channel_id=channel.id,
        webhook_channel_id=parent.id,
        content=message.content,
        thread_id=None if thread is None else thread.id,
        files=files,
        reply_to=_answered(message),
    )


def _answered(message: discord.Message) -> ReplyQuote | None:
    reference = message.reference
    if reference is None or reference.message_id is None:
        return None
    answered = reference.resolved if isinstance(reference.resolved, discord.Message) else None
    name = answered.author.display_name if answered is not None else "a message"
    text = " ".join((answered.content if answered is not None else "").split())
    excerpt = text if len(text) <= REPLY_EXCERPT else text[:REPLY_EXCERPT] + "…"
    return ReplyQuote(name=name, excerpt=safe(excerpt), jump_url=reference.jump_url)


def actor_of(interaction: discord.Interaction) -> Actor:
    if interaction.guild_id is None or interaction.channel_id is None:
        raise PawpostError(
            "Pawpost's commands work in a server's channels, not in direct messages."
        )
    member = interaction.user
    roles = frozenset(role.id for role in getattr(member, "roles", ()))
    return Actor(
        guild_id=interaction.guild_id,
        channel_id=interaction.channel_id,
        user_id=member.id,
        is_admin=interaction.permissions.manage_guild,
        role_ids=roles,
        display_name=member.display_name,
        upload_limit=interaction.filesize_limit,
    )


async def send_reply(
    interaction: discord.Interaction, reply: Reply, *, thinking: bool | None = None
) -> None:
    """Answer an interaction with a reply: a new message, the clicked message replaced, or a
    modal opened. After a deferral, `thinking` is the ephemerality of the "thinking" message
    (None: a deferred update of a button's message)."""
    if interaction.response.is_done():
        await _send_deferred(interaction, reply, thinking)
        return
    if reply.modal is not None:
        await interaction.response.send_modal(render.modal(reply.modal))
        return
    if reply.update and interaction.message is not None:
        await interaction.response.edit_message(**render.edit_kwargs(reply))
        pings = render.content(reply)
        if pings:
            await interaction.followup.send(
                content=pings, allowed_mentions=render.allowed_mentions(reply)
            )
    else:
        await interaction.response.send_message(
            ephemeral=reply.ephemeral, **render.message_kwargs(reply)
        )
    if reply.announce is not None or reply.elsewhere:
        await _announce(interaction, reply)


async def _send_deferred(
    interaction: discord.Interaction, reply: Reply, thinking: bool | None
) -> None:
    """The answer to a deferred interaction: the clicked message edited, the "thinking" message
    filled in, or a new followup (after deleting a "thinking" message whose ephemerality the
    answer does not share)."""
    if reply.modal is not None:  # a form opens only as the first answer
        raise PawpostError("That took too long to open its form; please press the button again.")
    if thinking is None and reply.update and interaction.message is not None:
        await interaction.edit_original_response(**render.edit_kwargs(reply))
        pings = render.content(reply)
        if pings:
            await interaction.followup.send(
                content=pings, allowed_mentions=render.allowed_mentions(reply)
            )
    else:
        if thinking is not None and thinking != reply.ephemeral:
            await interaction.delete_original_response()
        await interaction.followup.send(ephemeral=reply.ephemeral, **render.message_kwargs(reply))
    if reply.announce is not None or reply.elsewhere:
        await _announce(interaction, reply)


async def _announce(interaction: discord.Interaction, reply: Reply) -> None:
    if reply.announce is not None:
        await interaction.followup.send(ephemeral=False, **render.message_kwargs(reply.announce))
    for channel_id, other in reply.elsewhere:
        if channel_id is None:
            await interaction.followup.send(ephemeral=False, **render.message_kwargs(other))
            continue
        try:
            client = interaction.client
            channel = client.get_channel(channel_id) or await client.fetch_channel(channel_id)
            assert isinstance(channel, discord.abc.Messageable)
            await channel.send(**render.message_kwargs(other))
        except discord.HTTPException:  # the answer stands; the admins' post is logged as lost
            log.exception("could not post in channel %s", channel_id)


class InteractionExpired(Exception):
    """Discord no longer knows the interaction (it was not answered within 3 s of being made):
    nothing can be sent for it any more."""


async def defer(interaction: discord.Interaction, *, ephemeral: bool) -> bool | None:
    """Tell Discord the answer is coming: a button's (or a form's) message will be updated, or
    the bot is "thinking" (ephemerally or not). Returns what `send_reply` takes as `thinking`;
    raises `InteractionExpired` when Discord no longer knows the interaction."""
    kind = interaction.type
    update = kind is discord.InteractionType.component or (
        kind is discord.InteractionType.modal_submit and interaction.message is not None
    )
    try:
        if update:
            await interaction.response.defer()
            return None
        await interaction.response.defer(ephemeral=ephemeral, thinking=True)
    except discord.NotFound as error:
        if error.code != UNKNOWN_INTERACTION:
            log.warning("could not defer interaction %s: %s", interaction.id, error)
            return ephemeral
        raise InteractionExpired(str(error)) from error
    except discord.HTTPException as error:
        log.warning("could not defer interaction %s: %s", interaction.id, error)
    return ephemeral


def age_of(interaction: discord.Interaction) -> float | None:
    """Seconds since Discord made the interaction (its id's time), by this machine's clock;
    None when the clocks disagree past belief: a negative age, or one past Discord's deadline,
    which no interaction still answerable has (the bot then counts from the interaction's
    arrival, as if it had just been made)."""
    # A snowflake's top bits are its milliseconds since Discord's epoch (snowflake_time's
    # arithmetic, without the datetime it builds).
    made = ((interaction.id >> 22) + discord.utils.DISCORD_EPOCH) / 1000
    age = time.time() - made
    return age if 0.0 <= age < DISCORD_DEADLINE_S else None


class FirstAnswers:
    """The interactions of this process still waiting for their first answer, and when each is
    deferred: when it is `defer_at_age` old, or sooner while many wait, oldest first (each
    defer is a request the event loop sends in turn). At most DEFERS_AT_ONCE defers are sent at
    once; the others wait their turn in the order they were due."""

    def __init__(self, defer_at_age: float = DEFER_AT_AGE_S) -> None:
        self.defer_at_age = defer_at_age
        self.waiting = 0
        self.sending = asyncio.Semaphore(DEFERS_AT_ONCE)
        # The deferrals not sent yet, in the order the interactions came.
        self.planned: collections.OrderedDict[int, Deferral] = collections.OrderedDict()
        # One timer, for the earliest of them, serves all; an answer only leaves `planned`.
        self.timer = SoonestTimer(self._due)

    def crowded(self) -> bool:
        """Whether a burst of commands is being answered (`Database.run_quick`)."""
        return self.waiting > CROWDED_AT

    def watch(self, interaction: discord.Interaction, *, ephemeral: bool) -> Deferral:
        """Plan the interaction's defer at its deadline (in the task that answers it)."""
        now = time.monotonic()
        age = age_of(interaction)
        wait = min(max(self.defer_at_age - (age or 0.0), 0.0), self.defer_at_age)
        # past Discord's deadline by this much, by a clock that agrees with Discord's, it is gone
        gone = None if age is None else time.time() - age + DISCORD_DEADLINE_S + GONE_AFTER_S
        deferral = Deferral(self, interaction, ephemeral, now + wait, gone)
        self.waiting += 1
        self.planned[id(deferral)] = deferral
        self._hurry(now)
        if not deferral.deferred:
            self.timer.need(deferral.due)
        return deferral

    def _due(self) -> float:
        """The timer: defer every interaction whose time has come, oldest first; the earliest
        due time left."""
        now = time.monotonic()
        for late in [d for d in self.planned.values() if d.due <= now]:
            late.fire()
        return min((d.due for d in self.planned.values()), default=math.inf)

    def _hurry(self, now: float) -> None:
        """Defer at once, oldest first, every interaction due before the event loop could send
        a defer for each of those waiting (DEFER_EACH_S apiece)."""
        horizon = now + self.waiting * DEFER_EACH_S
        while self.planned:
            oldest = next(iter(self.planned.values()))
            if oldest.due > horizon:
                return
            oldest.fire()


class Deferral:
    """One interaction's deadline: `FirstAnswers`' timer defers the interaction at `due` if its
    reply is not ready by then.

    Should Discord answer the defer that it no longer knows the interaction, nothing can reach
    the user any more: the command's work is dropped if it has not begun (its task is
    cancelled while it produces its reply), and `expired` says so."""

    __slots__ = (
        "_answers",
        "_deferring",
        "_ephemeral",
        "_gone",
        "_interaction",
        "_sending",
        "_task",
        "_waiting",
        "due",
        "expired",
        "producing",
    )

    def __init__(
        self,
        answers: FirstAnswers,
        interaction: discord.Interaction,
        ephemeral: bool,
        due: float,
        gone: float | None,
    ) -> None:
        self._answers = answers
        self._gone = gone
        self._interaction = interaction
        self._ephemeral = ephemeral
        self._waiting = True
        self._sending = False
        self._task = asyncio.current_task()
        self._deferring: asyncio.Task[bool | None] | None = None
        self.due = due  # when the defer is sent (time.monotonic()), unless the reply is first
        self.expired = False
        self.producing = True  # the command's work may still be dropped whole

    @property
    def deferred(self) -> bool:
        return self._deferring is not None

    def fire(self) -> None:
        """Defer now (the timer fired, or many interactions wait)."""
        self._unplan()
        self._deferring = asyncio.ensure_future(self._send())
        self._deferring.add_done_callback(self._sent)

    def _unplan(self) -> None:
        self._answers.planned.pop(id(self), None)

    async def _send(self) -> bool | None:
        async with self._answers.sending:
            if self._gone is not None and time.time() > self._gone:  # no request: it is dead
                raise InteractionExpired("past Discord's deadline before its turn to be deferred")
            self._sending = True
            return await defer(self._interaction, ephemeral=self._ephemeral)

    def _sent(self, sent: asyncio.Task[bool | None]) -> None:
        self.answered()
        if sent.cancelled() or not isinstance(sent.exception(), InteractionExpired):
            return
        self.expired = True
        if self.producing and self._task is not None:
            self._task.cancel()

    async def settled(self) -> bool | None:
        """The reply is ready (or failed): no defer from now on (one still waiting its turn is
        not sent); wait for one under way. Returns what `send_reply` takes as `thinking`."""
        self._unplan()
        self.producing = False
        deferring = self._deferring
        if deferring is None:
            return None
        if not self._sending and not deferring.done():
            deferring.cancel()
            self._deferring = None
            return None
        try:
            return await deferring
        except InteractionExpired:
            self.expired = True
            return None
        except Exception as error:  # the answer is tried all the same, and fails if it must
            log.warning("could not defer interaction %s: %s", self._interaction.id, error)
            return self._ephemeral

    def cancel(self) -> None:
        self._unplan()
        if self._deferring is not None:
            self._deferring.cancel()
        self.answered()

    def answered(self) -> None:
        """The interaction's first answer is out (or never will be): it waits no more."""
        if self._waiting:
            self._waiting = False
            self._answers.waiting -= 1

    def dropped(self, what: str) -> None:
        """Say, in one line, that the interaction expired before it could be answered."""
        log.warning(
            "%s: interaction %s expired before it could be answered (Discord answers in 3 s);"
            " its work was dropped if it had not begun",
            what,
            self._interaction.id,
        )


def _uncancelled() -> bool:
    """Take back the cancellation that `Deferral` made; False when another is pending too (a
    shutdown), which must go on."""
    task = asyncio.current_task()
    return task is not None and task.uncancel() == 0


async def answer(
    bot: PawpostBot,
    interaction: discord.Interaction,
    produce: Callable[[], Awaitable[Reply]],
    what: str,
    *,
    ephemeral: bool = False,
) -> Reply | None:
    """Run an interaction's action within the command's time budget and answer it: at once if
    its reply is ready before its deadline (see `FirstAnswers`), else deferred and
    then followed up. `ephemeral` is the guess for a "thinking" message. Returns the reply, or
    None when the user got an error's sentence instead."""

    deferral = bot.first_answers.watch(interaction, ephemeral=ephemeral)
    try:
        with time_budget(bot.command_budget):
            reply = await produce()
            if may_link_avatars(reply):  # avatar links still working
                reply = await bot.attachments.fresh(reply)
            deferral.producing = False  # what follows (a post, a card) is never dropped halfway
            if reply.post is not None:  # posted as a character, through the channel's webhook
                reply = await bot.webhooks.deliver(interaction, actor_of(interaction), reply)
            if reply.card is not None:
                reply = await bot.cards.attach(reply)
        thinking = await deferral.settled()
        if deferral.expired:
            deferral.dropped(what)
            return None
        await send_reply(interaction, reply, thinking=thinking)
    except asyncio.CancelledError:
        deferral.cancel()
        if deferral.expired and _uncancelled():
            deferral.dropped(what)
            return None
        raise
    except Exception as error:
        thinking = await deferral.settled()
        if deferral.expired:
            deferral.dropped(what)
            return None
        if deferral.deferred and thinking is False:
            # the sentence is for the user alone: the public "thinking" message goes
            with contextlib.suppress(discord.HTTPException):
                await interaction.delete_original_response()
        await answer_error(interaction, error, what)
        return None
    finally:
        deferral.answered()
    return reply


def welcome_channel(guild: discord.Guild) -> discord.TextChannel | None:
    """The first channel the bot may post its welcome in: the server's system channel, else the
    first text channel from the top."""
    me = guild.me
    if me is None:
        return None

    def may_post(channel: discord.TextChannel) -> bool:
        allowed = channel.permissions_for(me)
        return allowed.view_channel and allowed.send_messages and allowed.embed_links

    system = guild.system_channel
    if system is not None and may_post(system):
        return system
    return next(
        (c for c in sorted(guild.text_channels, key=lambda c: c.position) if may_post(c)), None
    )


def _kind(command: Any) -> int:
    """A command of a set as Discord numbers its type (1 slash, 2 user, 3 message)."""
    if isinstance(command, app_commands.ContextMenu):
        return int(command.type.value)
    return int(discord.AppCommandType.chat_input.value)


def _store_command_hash(tx: Transaction, *, guild_id: int, command_hash: str) -> None:
    tx.guilds.set_command_hash(guild_id, command_hash)


class PawpostComponent(discord.ui.DynamicItem[discord.ui.Item[Any]], template=r"pawpost:.+"):
    """Every Pawpost button and select, old or new: the custom id says what to do."""

    def __init__(self, item: discord.ui.Item[Any]) -> None:
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PawpostComponent:
        return cls(item)

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = interaction.client
        assert isinstance(bot, PawpostBot)
        custom_id = str(self.custom_id)
        data: Any = interaction.data or {}
        values: list[str] = list(data.get("values", []))

        async def produce() -> Reply:
            return await buttons.press(bot.services, actor_of(interaction), custom_id, values)

        await answer(bot, interaction, produce, f"button {custom_id}")


def modal_answers(components: list[Any]) -> dict[str, str]:
    """A modal submission's answers by field, from its rows (or labels) of text inputs."""
    found: dict[str, str] = {}
    for component in components:
        inner = [*component.get("components", []), *filter(None, [component.get("component")])]
        found.update(modal_answers(inner))
        if "custom_id" in component and "value" in component:
            found[str(component["custom_id"])] = str(component["value"])
    return found


class PawpostBot(discord.Client):
    def __init__(self, services: Services, settings: Settings, **options: Any) -> None:
        # Pawpost has no voice: discord.py's warnings that its voice libraries are missing
        # would only alarm whoever reads the start-up log.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        # No privileged intent (slash commands and buttons carry the member with them), unless
        # the operator turned proxying on.
        super().__init__(
            intents=intents_for(settings),
            allowed_mentions=discord.AllowedMentions.none(),
            guild_ready_timeout=settings.guild_ready_timeout,
            **options,
        )
        self.services = services
        self.webhooks = Webhooks(self)
        self.attachments = AttachmentLinks(
            refresh_through(self.http), lambda: services.clock(), test_cdn=settings.test_discord_url
        )
        self.cards = CardDrawer(settings.cards_at_once, self.attachments.fetch)
        # Actions that pick a channel to post in later ask this (see hunting_config).
        services.can_post = self.can_post  # type: ignore[attr-defined]
        self.settings = settings
        self.tree = app_commands.CommandTree(self)
        self._command_sets: dict[str, CommandSet] = {}
        self._synced: set[int] = set()
        self._scheduler_task: asyncio.Task[None] | None = None
        self.first_answers = FirstAnswers(settings.test_defer_after_seconds or DEFER_AT_AGE_S)
        services.db.crowded = self.first_answers.crowded
        self.command_budget = settings.test_command_budget_seconds or COMMAND_BUDGET_S
        # Whether each command's last answer was ephemeral: how its "thinking" message is shown.
        self._answered_ephemeral: dict[str, bool] = {}
        # One channel's messages are read for proxying one at a time, so their posts keep order.
        self._channel_turns: dict[int, asyncio.Lock] = collections.defaultdict(asyncio.Lock)

    def command_set(self, ruleset: str) -> CommandSet:
        """The commands a server playing `ruleset` gets, and their hash; built when a server
        first needs them, not at start (four rulesets' worth was a tenth of a start's CPU)."""
        if ruleset not in self._command_sets:
            commands = build_command_set(ruleset, self.invoke, self, self.services.rulesets)
            self._command_sets[ruleset] = CommandSet(
                commands, command_set_hash(commands, self.tree)
            )
        return self._command_sets[ruleset]

    async def close(self) -> None:
        """Stop the scheduler first, and wait (briefly) until it has stopped: a job still
        running when the database closes would fail half-way."""
        if self._scheduler_task is not None:
            self._scheduler_task.cancel()
            await asyncio.wait({self._scheduler_task}, timeout=SCHEDULER_STOP_TIMEOUT_S)
        await super().close()

    async def setup_hook(self) -> None:
        self.add_dynamic_items(PawpostComponent)
        self._check_proxying()
        self.scheduler = Scheduler(
            self.services,
            jobs(self.services.rulesets),
            self.post,
            max_sleep_seconds=self.settings.scheduler_max_sleep_seconds,
            first_retry=timedelta(seconds=self.settings.test_outbox_retry_seconds or 30),
        )

    def _check_proxying(self) -> None:
        """With proxying on, the application must have the Message Content intent (the portal's
        toggle): without it the bot connects without it and says what is missing."""
        if not self.settings.proxying:
            return
        flags = self.application_flags
        if flags.gateway_message_content or flags.gateway_message_content_limited:
            self.services.proxying_off = None
            log.info("proxying is on: tagged messages are posted as characters")
            return
        self.drop_message_content()

    def drop_message_content(self) -> None:
        """Go on without members' messages: proxying is off until the intent is granted."""
        log.warning("%s", NO_MESSAGE_CONTENT)
        self._connection._intents = discord.Intents(guilds=True)
        self.services.proxying_off = NO_MESSAGE_CONTENT

    def poke_outbox(self) -> None:
        """Posts were added to the outbox: send them now (without running every job)."""
        scheduler = getattr(self, "scheduler", None)
        if scheduler is not None:
            scheduler.poke(outbox_only=True)

    async def on_message(self, message: discord.Message) -> None:
        """A member's message, proxied as a character when it is written in a tag (or their
        autoproxy holds one); one channel's messages one at a time, so posts keep their order."""
        if self.services.proxying_off is not None:
            return
        found = incoming_of(message)
        if found is None:
            return
        author: Any = message.author
        actor = Actor(
            guild_id=message.guild.id if message.guild else 0,
            channel_id=found.channel_id,
            user_id=author.id,
            is_admin=bool(getattr(author, "guild_permissions", None))
            and author.guild_permissions.manage_guild,
            role_ids=frozenset(role.id for role in getattr(author, "roles", ())),
            display_name=author.display_name,
        )
        async with self._channel_turns[found.channel_id]:
            try:
                queued = await proxying.incoming(self.services, actor, found)
            except PawpostError as error:  # storage busy, broken text: the message stays
                log.info("message %s not proxied: %s", message.id, error.message)
                return
            except Exception:
                log.exception("could not read message %s for proxying", message.id)
                return
        if queued:
            self.poke_outbox()

    def dispatch(self, event: str, /, *args: Any, **kwargs: Any) -> None:
        """discord.py's events, except that an interaction reaches `on_interaction` only when
        it is a form's submission (commands and buttons have their own routes): the task
        discord.py starts for each listened-to event cost every command a turn of the loop.
        The events of every command that Pawpost never hears (`UNHEARD_EVENTS`) stop here."""
        if event in UNHEARD_EVENTS:
            return
        if event == "interaction" and args[0].type is not discord.InteractionType.modal_submit:
            return
        super().dispatch(event, *args, **kwargs)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A modal's submission: its custom id names the action, like a persistent button's."""
        if interaction.type is not discord.InteractionType.modal_submit:
            return
        data: Any = interaction.data or {}
        custom_id = str(data.get("custom_id", ""))
        if not custom_id.startswith("pawpost:"):
            return

        async def produce() -> Reply:
            answers = modal_answers(list(data.get("components", [])))
            actor = actor_of(interaction)
            return await buttons.press(self.services, actor, custom_id, fields=answers)

        await answer(self, interaction, produce, f"form {custom_id}", ephemeral=True)

    async def can_post(self, guild_id: int, channel_id: int) -> bool:
        """Whether the bot may post embeds in this channel of this server; True when it cannot
        tell (the server is not cached yet), so a post is tried and its failure logged."""
        guild = self.get_guild(guild_id)
        if guild is None or guild.me is None:
            return True
        channel = guild.get_channel_or_thread(channel_id)
        if channel is None:
            return False
        permissions = channel.permissions_for(guild.me)
        return permissions.view_channel and permissions.send_messages and permissions.embed_links

    async def post(self, delivery: Delivery) -> int:
        """A scheduled message, sent to its channel with its outbox nonce (discord.py adds
        `enforce_nonce`, so a resend of a post Discord already took returns that message).
        Raises `PostRefused` for what Discord will never take. A proxied message's post goes
        through the channel's webhook instead."""
        if delivery.reply.post is not None:
            return await self.webhooks.send_queued(delivery)
        try:
            channel = self.get_channel(delivery.channel_id) or await self.fetch_channel(
                delivery.channel_id
            )
            if not isinstance(channel, discord.abc.Messageable):
                raise PostRefused(f"channel {delivery.channel_id} takes no messages")
            reply = await self.attachments.fresh(delivery.reply)
            if reply.timestamp is None:
                reply = reply.model_copy(update={"timestamp": self.services.clock()})
            message = await channel.send(nonce=delivery.nonce, **render.message_kwargs(reply))
        except (discord.Forbidden, discord.NotFound) as error:
            raise PostRefused(describe(error)) from error
        except discord.HTTPException as error:
            if 400 <= error.status < 500 and error.status != 429:
                raise PostRefused(describe(error)) from error  # the same post fails again
            raise
        return message.id

    async def invoke(
        self, interaction: discord.Interaction, command: Command, arguments: dict[str, Any]
    ) -> None:
        async def produce() -> Reply:
            return await command.handler(self.services, actor_of(interaction), **arguments)

        guess = self._answered_ephemeral.get(command.name, False)
        reply = await answer(self, interaction, produce, command.name, ephemeral=guess)
        if reply is None:
            return
        self._answered_ephemeral[command.name] = reply.ephemeral
        if reply.keep is not None:  # an attached avatar: its copy is kept on the reply
            await self.attachments.keep(interaction, reply, self.services)
        if command.path == ("config", "ruleset") and interaction.guild_id is not None:
            await self.sync_guilds([interaction.guild_id])
        if command.schedules:
            self.scheduler.poke()

    async def invoke_message(
        self, interaction: discord.Interaction, command: MessageCommand, message: discord.Message
    ) -> None:
        """A message command (right-click → Apps): the action gets the message's id and text."""

        async def produce() -> Reply:
            actor = actor_of(interaction)
            return await command.handler(self.services, actor, message.id, message.content)

        await answer(self, interaction, produce, command.name, ephemeral=True)

    async def complete_character(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        if interaction.guild_id is None:
            return []
        guild_id, user_id = interaction.guild_id, interaction.user.id
        try:
            with time_budget(AUTOCOMPLETE_BUDGET_S):
                names = await self.services.db.read(
                    lambda tx: tx.characters.name_choices(guild_id, user_id, current, 25)
                )
        except PawpostError:  # storage is slow or down: no suggestions rather than none in time
            return []
        return character_choices(names)

    def completer(
        self, completion: Completion
    ) -> Callable[[discord.Interaction, str], Coroutine[Any, Any, list[app_commands.Choice[str]]]]:
        """An option's autocomplete that reads the server's data (in the database, read-only),
        knowing the other options typed so far."""

        async def complete(
            interaction: discord.Interaction, current: str
        ) -> list[app_commands.Choice[str]]:
            if interaction.guild_id is None:
                return []
            guild_id, user_id = interaction.guild_id, interaction.user.id
            typed = {key: value for key, value in interaction.namespace}
            services = self.services
            try:
                with time_budget(AUTOCOMPLETE_BUDGET_S):
                    found = await services.db.read(
                        lambda tx: completion(services, tx, guild_id, user_id, current, typed)
                    )
            except PawpostError:  # slow storage, or nothing to suggest from what was typed
                return []
            return [
                app_commands.Choice(name=label[:100], value=value[:100])
                for label, value in found[:25]
            ]

        return complete

    async def complete_npc(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        if interaction.guild_id is None:
            return []
        guild_id = interaction.guild_id
        names = await self._suggest(
            lambda tx: voices(tx).npcs.name_choices(guild_id, current, AUTOCOMPLETE_LIMIT)
        )
        return [app_commands.Choice(name=name, value=name) for name in names]

    async def complete_saved_roll(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The saved rolls of the character the command names (or the member's active one)."""
        if interaction.guild_id is None:
            return []
        character = getattr(interaction.namespace, "character", None)
        actor = actor_of(interaction)
        try:
            with time_budget(AUTOCOMPLETE_BUDGET_S):
                names = await self.services.db.run_read_only(
                    saved_rolls.saved_roll_choices,
                    self.services,
                    actor,
                    character if isinstance(character, str) else None,
                    current,
                    AUTOCOMPLETE_LIMIT,
                )
        except PawpostError:
            return []
        return [app_commands.Choice(name=name, value=name) for name in names]

    async def _suggest(self, read: Callable[[Transaction], list[str]]) -> list[str]:
        try:
            with time_budget(AUTOCOMPLETE_BUDGET_S):
                return await self.services.db.read(read)
        except PawpostError:  # storage is slow or down: no suggestions rather than none in time
            return []

    async def complete_zone(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=zone, value=zone) for zone in zone_choices(current)]

    async def sync_guilds(self, guild_ids: list[int]) -> None:
        """Give each server its ruleset's commands; ask Discord only when the set changed."""
        known = await self.services.db.transact(
            lambda tx: tx.guilds.rulesets(guild_ids), write=False
        )
        for guild_id in guild_ids:
            ruleset, stored_hash = known.get(guild_id, (DEFAULT_RULESET, None))
            guild = discord.Object(id=guild_id)
            self.tree.clear_commands(guild=guild)
            commands = self.command_set(ruleset)
            for command in commands.commands:
                self.tree.add_command(command, guild=guild)
            wanted = commands.hash
            if stored_hash == wanted and await self._discord_has(guild, ruleset):
                continue
            try:
                await self.tree.sync(guild=guild)
            except discord.HTTPException:
                log.exception("could not sync the commands of server %s", guild_id)
                continue
            await self.services.db.transact(
                functools.partial(_store_command_hash, guild_id=guild_id, command_hash=wanted)
            )
            log.info("synced the %s commands of server %s", ruleset, guild_id)

    async def _discord_has(self, guild: discord.Object, ruleset: str) -> bool:
        """Whether Discord holds the server's commands as the stored hash says: a kick drops a
        bot's guild commands, and a bot down meanwhile never heard of it."""
        try:
            held = await self.tree.fetch_commands(guild=guild)
        except discord.HTTPException as error:
            log.warning("could not read the commands of server %s: %s", guild.id, describe(error))
            return False
        wanted = {(command.name, _kind(command)) for command in self.command_set(ruleset).commands}
        return {(command.name, command.type.value) for command in held} == wanted

    async def on_ready(self) -> None:
        assert self.user is not None
        new = [guild.id for guild in self.guilds if guild.id not in self._synced]
        await self.sync_guilds(new)
        self._synced.update(new)
        if self._scheduler_task is None:
            self._scheduler_task = asyncio.create_task(self.scheduler.run_forever())
        permissions = INVITE_PERMISSIONS
        if self.settings.proxying:
            permissions = permissions | PROXYING_PERMISSIONS
        invite = discord.utils.oauth_url(
            self.application_id or self.user.id,
            permissions=permissions,
            scopes=("bot", "applications.commands"),
        )
        log.info(
            "ready as %s in %d servers; invite it with %s", self.user, len(self.guilds), invite
        )

    async def on_guild_join(self, guild: discord.Guild) -> None:
        await self.sync_guilds([guild.id])
        self._synced.add(guild.id)
        channel = welcome_channel(guild)
        if channel is None:
            log.info("joined server %s, with no channel to post the welcome in", guild.id)
            return
        await post_welcome(self.services, guild.id, channel.id)
        self.scheduler.poke()

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """Kicked (or the server deleted): Discord drops the bot's commands there, so the stored
        hash goes too, and a new invitation syncs them again."""
        self._synced.discard(guild.id)
        await self.services.db.transact(lambda tx: tx.guilds.forget_command_hash(guild.id))
        log.info(
            "left server %s; its commands are synced again if it invites the bot back", guild.id
        )


class ShardedPawpostBot(PawpostBot, discord.AutoShardedClient):
    """The bot over a range of Discord's gateway shards: its servers are those shards' (their
    commands synced, their buttons answered here); timed work is claimed in the database, so
    whichever process takes a due item, it is done once."""


def make_bot(services: Services, settings: Settings) -> PawpostBot:
    """One process for every shard, or (`shard_count` set) for its range of them."""
    if settings.shard_count is None:
        return PawpostBot(services, settings)
    log.info("holding shards %s of %d", settings.shards or "all", settings.shard_count)
    return ShardedPawpostBot(
        services, settings, shard_count=settings.shard_count, shard_ids=settings.shard_ids
    )


def point_at_test_discord(url: str) -> None:
    """Test-only: send REST and gateway traffic to a fake Discord (tests/e2e)."""
    base = url.rstrip("/")
    discord.http.Route.BASE = f"{base}/api/v10"
    gateway = yarl.URL(base.replace("http://", "ws://", 1) + "/gateway")
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = gateway


async def checked_image(url: str) -> bytes:
    """What an avatar link serves, if it is an image; else one sentence saying why not."""
    try:
        return await fetch_image(url)
    except NotAnImage as error:
        raise PawpostError(f"That avatar link does not give an image: {error}.") from None


def clock_from(start: datetime) -> Callable[[], datetime]:
    """Test-only: a clock that reads `start` at start-up and then runs on with real time."""
    started = time.monotonic()

    def clock() -> datetime:
        return start + timedelta(seconds=time.monotonic() - started)

    return clock


def make_services(db: Database, settings: Settings, rulesets: Mapping[str, Ruleset]) -> Services:
    """The services actions get; the test-only clock and dice replace the real ones if set."""
    # Against the fake Discord (tests/e2e) nothing outside 127.0.0.1 may be reached: avatar links
    # are then taken as the console takes them (https), and what they serve is not looked at.
    checks = None if settings.test_discord_url else checked_image
    services = Services(db=db, rulesets=rulesets, fetch_image=checks)
    if settings.test_clock is not None:
        services.clock = clock_from(settings.test_clock)
    if settings.test_dice is not None:
        services.dice = ScriptedDice(settings.test_dice)
    return services


def freeze_start_up_heap() -> None:
    """What start-up made (modules, schemas, command trees) lives as long as the process: keep it
    out of the collector's full passes, which on a busy bot otherwise stall every command for
    tens of milliseconds each time (measured during a big `/admin export`)."""
    gc.collect()
    gc.freeze()


def describe(error: BaseException) -> str:
    """One line saying what went wrong, without a traceback."""
    text = str(error).strip().splitlines()
    return render.clip(text[0] if text else type(error).__name__, 200)


class OneLineReconnects(logging.Filter):
    """discord.py logs each failed reconnection with a traceback; an outage is one line each."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and str(record.msg).startswith("Attempting a reconnect"):
            error = record.exc_info[1]
            record.msg = "Lost the connection to Discord (%s); reconnecting in %.0f s."
            record.args = (describe(error) if error else "?", *(record.args or ()))
            record.exc_info, record.exc_text = None, None
            record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True


def _retry_delays() -> Any:
    delay = RETRY_FIRST_S
    while True:
        yield delay * random.uniform(0.8, 1.2)
        delay = min(delay * 2, RETRY_MAX_S)


async def log_in(bot: PawpostBot, token: str) -> None:
    """Log in, retrying with backoff while Discord cannot be reached; one line each time. A
    refused token (LoginFailure) is raised at once."""
    delays = _retry_delays()
    while True:
        try:
            await bot.login(token)
            return
        except discord.LoginFailure:
            raise
        except OUTAGE as error:
            delay = next(delays)
            log.warning(
                "Cannot reach Discord (%s); trying again in %.0f s.", describe(error), delay
            )
        # the next attempt opens a new HTTP session (and connector) of its own
        await bot.http.close()
        bot.http.connector = discord.utils.MISSING
        await asyncio.sleep(delay)


async def stay_connected(bot: PawpostBot) -> None:
    """The gateway connection; discord.py reconnects by itself, and this covers what it gives up
    on during an outage."""
    delays = _retry_delays()
    while not bot.is_closed():
        try:
            await bot.connect(reconnect=True)
            return
        except discord.PrivilegedIntentsRequired:
            # Discord closed the gateway (4014): the Message Content intent is not granted
            if not bot.intents.message_content:
                raise
            bot.drop_message_content()
            continue
        except OUTAGE as error:
            if bot.is_closed():
                return
            delay = next(delays)
            log.warning(
                "Cannot reach Discord's gateway (%s); trying again in %.0f s.",
                describe(error),
                delay,
            )
        except AttributeError:
            # discord.py 2.7: when the very first connection fails, its reconnection reads the
            # sequence of a socket that never existed. It already waited and said so.
            if bot.ws is not None:
                raise
            delay = next(delays)
        await asyncio.sleep(delay)


async def start(bot: PawpostBot, token: str) -> None:
    await log_in(bot, token)
    await stay_connected(bot)


async def serve(settings: Settings, rulesets: Mapping[str, Ruleset]) -> None:
    assert settings.token is not None
    if settings.test_discord_url:
        point_at_test_discord(settings.test_discord_url)
    reconnects = logging.getLogger("discord.client")
    if not any(isinstance(f, OneLineReconnects) for f in reconnects.filters):
        reconnects.addFilter(OneLineReconnects())
    db = await Database.open(settings.database)
    # held while the bot runs: a console on this database then leaves the timed work alone
    release = await asyncio.to_thread(hold, settings.database)
    if (problem := await db.write_problem()) is not None:
        log.warning(
            "The database takes no writes (%s): every command that changes something will"
            " answer that storage is unavailable until it does.",
            problem,
        )
    bot = make_bot(make_services(db, settings, rulesets), settings)
    freeze_start_up_heap()
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    health = socket_path(settings.database, settings.health_socket)
    try:
        async with bot, answering(health, functools.partial(_health, bot)):
            runner = asyncio.create_task(start(bot, settings.token.get_secret_value()))
            stopper = asyncio.create_task(stop.wait())
            done, _ = await asyncio.wait({runner, stopper}, return_when=asyncio.FIRST_COMPLETED)
            if runner in done:
                runner.result()
            log.info("shutting down")
            stopper.cancel()
        if not runner.done():  # still waiting to reach Discord
            runner.cancel()
    finally:
        release()
        await db.close()


async def _health(bot: PawpostBot) -> tuple[bool, str]:
    """Healthy: connected to Discord (ready) and the database answers."""
    try:
        took = await timed(lambda: bot.services.db.transact(lambda tx: None, write=False))
    except PawpostError as error:
        return False, f"the database does not answer: {error.message}"
    database = f"the database answers in {took:.0f} ms"
    if bot.is_closed() or not bot.is_ready():
        return False, f"not connected to Discord; {database}"
    return True, f"ready as {bot.user} in {len(bot.guilds)} servers; {database}"


def run_loop(main: Coroutine[Any, Any, None]) -> None:
    """Run the bot's event loop: uvloop's where it is installed (3-5 % less CPU a command than
    asyncio's own, by `bench.paired`), else asyncio's (Windows, which uvloop does not run on)."""
    try:
        import uvloop
    except ImportError:
        asyncio.run(main)
        return
    uvloop.run(main)


def run_bot(settings: Settings, rulesets: Mapping[str, Ruleset]) -> int:
    """Serve Discord with the rulesets the composition root (`bot/cli.py`) gives."""
    tune_process()
    try:
        run_loop(serve(settings, rulesets))
    except discord.LoginFailure:
        log.error("Discord refused the token; check DISCORD_TOKEN (see README, Quick start).")
        return 2
    except PawpostError as error:
        log.error("%s", error.message)
        return 2
    return 0
