"""Attached avatars kept working.

Discord's attachment links are signed: `?ex=…&is=…&hm=…`, where `ex` is when the link stops
working (hex unix seconds, a day after it was given). And a file a member attaches to a
command is an *ephemeral* attachment, which Discord removes after a while unless a message
holds it. So:

- **Keeping.** Once the reply to `/character profile avatar:` or `/npc add avatar:` is posted,
  the bot uploads the image again as an attachment of that reply (its embed's thumbnail), and
  stores that copy's link in place of the upload's. The copy lives as long as the message.
- **Refreshing.** Before a reply, a post as a character, a card or a scheduled post uses an
  attachment link, a link that has expired or expires within `MARGIN` is refreshed through
  Discord's `POST /attachments/refresh-urls` (all of a reply's links in one request), and the
  fresh link is remembered until it nears its own end, so one avatar costs one request a day
  (and one after a restart), not one per use. A link that cannot be refreshed (the message
  holding it was deleted, Discord does not answer) is left out: the post goes without the
  avatar, the reason is logged, and it is not asked again for `RETRY_AFTER`.
"""

from __future__ import annotations

import asyncio
import collections
import io
import ipaddress
import logging
from collections.abc import Awaitable, Callable, Iterable, Iterator
from contextlib import suppress
from datetime import UTC, datetime, timedelta
from pathlib import PurePosixPath
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, urlsplit

import aiohttp
import discord

from bot.actions.profiles import keep_avatar
from bot.actions.reply import Reply
from bot.discord import render
from bot.discord.fetching import MAX_IMAGE_BYTES, NotAnImage, fetch_image
from rules.errors import PawpostError

if TYPE_CHECKING:
    from bot.actions.context import Services

log = logging.getLogger(__name__)
# Where Discord serves attachments; the e2e tests' fake Discord adds its own address.
CDN_HOSTS = frozenset({"cdn.discordapp.com", "media.discordapp.net"})
ATTACHMENT_PATHS = ("/attachments/", "/ephemeral-attachments/")
# A link is refreshed when it expires within this long: time enough for Discord to fetch a
# webhook post's avatar or an embed's thumbnail after the bot sent it.
MARGIN = timedelta(hours=1)
# After a link could not be refreshed, it is used without asking again for this long.
RETRY_AFTER = timedelta(minutes=10)
BATCH = 50  # links asked for in one request
REMEMBERED = 4096  # fresh links kept in memory (the least recently refreshed go first)
# The kept copy of an attached avatar: within every server's upload limit (10 MB at least).
MAX_KEPT_BYTES = 8 * 1024 * 1024
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".gif", ".webp")
NOT_KEPT = (
    "Pawpost could not keep a copy of that avatar ({reason}), so it stops showing once Discord "
    "removes the upload; attach a smaller image, or give an avatar-url link."
)

Ask = Callable[[list[str]], Awaitable[Any]]
Fetch = Callable[[str, int], Awaitable[bytes]]


def expires_at(url: str) -> datetime | None:
    """When a signed attachment link stops working (its `ex`); None when it carries none."""
    values = parse_qs(urlsplit(url).query).get("ex")
    if not values:
        return None
    try:
        return datetime.fromtimestamp(int(values[0], 16), UTC)
    except (ValueError, OverflowError, OSError):
        return None


def needs_refresh(url: str, now: datetime, margin: timedelta = MARGIN) -> bool:
    """Whether a signed link has expired or expires within `margin` (one without `ex` is
    asked for a signed one)."""
    ends = expires_at(url)
    return ends is None or ends - now <= margin


def identity(url: str) -> str:
    """An attachment's lasting name: its link's path (channel, attachment id, file name),
    the same in every signed link to it."""
    return urlsplit(url).path


def refresh_through(http: discord.http.HTTPClient) -> Ask:
    """Discord's refresh endpoint through the client's own HTTP layer (authentication and
    rate limits handled as for every other request). discord.py does not wrap it."""

    async def ask(urls: list[str]) -> Any:
        route = discord.http.Route("POST", "/attachments/refresh-urls")
        return await http.request(route, json={"attachment_urls": urls})

    return ask


class AttachmentLinks:
    """Attachment links made fresh before use, and attached avatars kept (see the module)."""

    def __init__(
        self,
        ask: Ask,
        clock: Callable[[], datetime],
        *,
        test_cdn: str | None = None,
        margin: timedelta = MARGIN,
    ) -> None:
        self._ask = ask
        self._clock = clock
        self._margin = margin
        # Test-only: the fake Discord (tests/e2e) serves attachments over http on 127.0.0.1.
        self._test_host = urlsplit(test_cdn).netloc.lower() if test_cdn else None
        self._known: collections.OrderedDict[str, str] = collections.OrderedDict()
        self._failed: dict[str, datetime] = {}
        self._pending: dict[str, asyncio.Future[str | None]] = {}

    def is_attachment(self, url: str) -> bool:
        """A link to a file on Discord's CDN, which expires."""
        parts = urlsplit(url)
        host = parts.netloc.lower()
        on_cdn = (parts.scheme == "https" and host in CDN_HOSTS) or (
            self._test_host is not None and host == self._test_host
        )
        return on_cdn and parts.path.startswith(ATTACHMENT_PATHS)

    async def fetch(self, url: str, max_bytes: int = MAX_IMAGE_BYTES) -> bytes:
        """The image a link serves (https, public addresses only, at most `max_bytes`); the
        fake Discord's files are fetched from it on 127.0.0.1."""
        if self._test_host is not None and urlsplit(url).netloc.lower() == self._test_host:
            return await fetch_image(url, allowed=_loopback, schemes=("http",), max_bytes=max_bytes)
        return await fetch_image(url, max_bytes=max_bytes)

    # --- Refreshing ---------------------------------------------------------------------------

    async def fresh(self, reply: Reply) -> Reply:
        """The reply with every avatar link it uses (its own, its post's, its card's, and those
        of the messages it adds) fresh, or left out where it cannot be refreshed."""
        links = [url for url in _avatar_links(reply) if self.is_attachment(url)]
        if not links:
            return reply
        return _with_links(reply, await self.fresh_links(links))

    async def fresh_links(self, urls: Iterable[str]) -> dict[str, str | None]:
        """Each link as it may be used now: itself while it is good for longer than the margin,
        else a refreshed one (asked for together; a link another use is asking for already is
        waited for, not asked again), else None."""
        now = self._clock()
        found: dict[str, str | None] = {}
        asking: dict[str, str] = {}  # identity -> the link to refresh
        waiting: dict[str, asyncio.Future[str | None]] = {}  # identity -> another use's ask
        for url in dict.fromkeys(urls):
            if not self.is_attachment(url):
                found[url] = url
                continue
            key = identity(url)
            best = self._latest(key, url)
            if not needs_refresh(best, now, self._margin):
                found[url] = best
            elif key in self._pending:
                waiting[key] = self._pending[key]
            elif now < self._failed.get(key, now - RETRY_AFTER) + RETRY_AFTER:
                found[url] = None
            else:
                asking.setdefault(key, best)
        got: dict[str, str | None] = {}
        if asking:
            loop = asyncio.get_running_loop()
            mine = {key: loop.create_future() for key in asking}
            self._pending.update(mine)
            refreshed: dict[str, str] = {}
            try:
                refreshed = await self._refresh(asking, now)
            finally:  # those waiting get the answer, or None if this ask was cancelled
                for key, future in mine.items():
                    del self._pending[key]
                    if not future.done():
                        future.set_result(refreshed.get(key))
            got.update(refreshed)
        for key, future in waiting.items():
            got[key] = await asyncio.shield(future)
        for url in dict.fromkeys(urls):
            if url not in found:
                found[url] = got.get(identity(url))
        return found

    def _latest(self, key: str, url: str) -> str:
        """The later-expiring of a stored link and the one refreshed last."""
        known = self._known.get(key)
        if known is None:
            return url
        never = datetime.min.replace(tzinfo=UTC)
        return known if (expires_at(known) or never) > (expires_at(url) or never) else url

    async def _refresh(self, asking: dict[str, str], now: datetime) -> dict[str, str]:
        """Ask Discord for fresh links (BATCH at a time); returns those it gave, by identity."""
        fresh: dict[str, str] = {}
        keys = list(asking)
        for start in range(0, len(keys), BATCH):
            chunk = keys[start : start + BATCH]
            reason = "Discord gave no fresh link for it"
            try:
                given = _read(await self._ask([asking[key] for key in chunk]))
            except (discord.HTTPException, aiohttp.ClientError, OSError, TimeoutError) as error:
                given, reason = {}, f"Discord's refresh failed: {_first_line(error)}"
            except (KeyError, TypeError, ValueError, AttributeError) as error:
                given, reason = {}, f"Discord's refresh answered oddly: {_first_line(error)}"
            for key in chunk:
                link = given.get(key)
                if link is not None and self.is_attachment(link) and identity(link) == key:
                    ends = expires_at(link)
                    if ends is not None and ends > now:
                        fresh[key] = link
                        self._remember(key, link)
                        continue
                self._failed[key] = now
                log.warning(
                    "could not refresh the attachment link %s (%s); it is left out until it can"
                    " be refreshed",
                    asking[key],
                    reason,
                )
        self._forget_old_failures(now)
        return fresh

    def _remember(self, key: str, link: str) -> None:
        self._failed.pop(key, None)
        self._known[key] = link
        self._known.move_to_end(key)
        while len(self._known) > REMEMBERED:
            self._known.popitem(last=False)

    def _forget_old_failures(self, now: datetime) -> None:
        if len(self._failed) > REMEMBERED:
            self._failed = {k: t for k, t in self._failed.items() if now < t + RETRY_AFTER}

    # --- Keeping ------------------------------------------------------------------------------

    async def keep(
        self, interaction: discord.Interaction, reply: Reply, services: Services
    ) -> None:
        """After a reply with an attached avatar was posted: upload the image again as that
        message's attachment (its embed's thumbnail) and store the copy's link in place of the
        upload's. On failure the member is told, and the upload's link stays while it lasts."""
        kept = reply.keep
        if kept is None or interaction.guild_id is None:
            return
        try:
            if reply.ephemeral:  # an ephemeral message's files are as short-lived as the upload
                raise PawpostError("the answer was only for you")
            data = await self.fetch(kept.url, MAX_KEPT_BYTES)
            name = kept_name(kept.filename)
            shown = reply.model_copy(update={"avatar_url": f"attachment://{name}", "keep": None})
            message = await interaction.edit_original_response(
                embed=render.embed(shown),
                attachments=[discord.File(io.BytesIO(data), name)],
                allowed_mentions=render.allowed_mentions(shown),
            )
            copy = next(iter(message.attachments), None)
            if copy is None:
                raise PawpostError("Discord did not keep the file")
            stored = await keep_avatar(services, interaction.guild_id, kept, copy.url)
        except (NotAnImage, PawpostError, discord.HTTPException) as error:
            reason = error.message if isinstance(error, PawpostError) else _first_line(error)
            log.warning("could not keep a copy of the avatar %s: %s", kept.url, reason)
            with suppress(discord.HTTPException):
                await interaction.followup.send(NOT_KEPT.format(reason=reason), ephemeral=True)
            return
        if stored:
            log.info("kept the avatar %s as %s", kept.url, copy.url)
        else:
            log.info("the avatar %s was changed before its copy was kept", kept.url)


def _loopback(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    return address.is_loopback


def kept_name(filename: str) -> str:
    """The kept copy's file name: `avatar` with the upload's image suffix (a name Discord
    keeps as it is, so the embed's `attachment://` finds it)."""
    suffix = PurePosixPath(filename).suffix.lower()
    return f"avatar{suffix if suffix in IMAGE_SUFFIXES else '.png'}"


def _read(answer: Any) -> dict[str, str]:
    """Discord's answer, `{"refreshed_urls": [{"original", "refreshed"}, …]}`, by identity."""
    return {
        identity(str(item["original"])): str(item["refreshed"])
        for item in answer["refreshed_urls"]
        if item.get("refreshed")
    }


def may_link_avatars(reply: Reply) -> bool:
    """Whether the reply has any avatar link to keep fresh (most have none: no coroutine then)."""
    return next(_avatar_links(reply), None) is not None


def _avatar_links(reply: Reply) -> Iterator[str]:
    for url in (
        reply.avatar_url,
        reply.post.avatar_url if reply.post else None,
        reply.card.avatar_url if reply.card else None,
    ):
        if url:
            yield url
    for other in _others(reply):
        yield from _avatar_links(other)


def _others(reply: Reply) -> list[Reply]:
    return [*([reply.announce] if reply.announce else []), *(r for _, r in reply.elsewhere)]


def _with_links(reply: Reply, links: dict[str, str | None]) -> Reply:
    """The reply with each link replaced by its fresh one (None: left out)."""

    def swap(url: str | None) -> str | None:
        return links.get(url, url) if url else url

    update: dict[str, Any] = {"avatar_url": swap(reply.avatar_url)}
    if reply.post is not None:
        update["post"] = reply.post.model_copy(update={"avatar_url": swap(reply.post.avatar_url)})
    if reply.card is not None:
        update["card"] = reply.card.model_copy(update={"avatar_url": swap(reply.card.avatar_url)})
    if reply.announce is not None:
        update["announce"] = _with_links(reply.announce, links)
    if reply.elsewhere:
        update["elsewhere"] = [(where, _with_links(r, links)) for where, r in reply.elsewhere]
    return reply.model_copy(update=update)


def _first_line(error: BaseException) -> str:
    lines = str(error).strip().splitlines()
    return (lines[0] if lines else type(error).__name__)[:200]
