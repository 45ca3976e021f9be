"""Channel webhooks for FakeDiscord: list and create a channel's webhooks, execute one (with
``thread_id`` and ``wait``), and get, edit or delete the messages it made.

Discord answers a bot without Manage Webhooks with 403 (code 50013); set
``fake.bot_manage_webhooks = False`` to see it, which also drops the bit from the interactions'
``app_permissions``.  Message commands (right-click → Apps) are injected with
``message_command(name, message, user=)``.  Payloads follow /work/shared/FAKE-DISCORD.md.
"""

from __future__ import annotations

import asyncio
import re
import secrets
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tests.e2e.fake_discord_state import THREAD, Json

if TYPE_CHECKING:
    from tests.e2e.fake_discord import Call, FakeDiscord, Interaction

GUILD_TEXT = 0
# Discord refuses a webhook post's name holding either word (case aside).
REFUSED_NAMES = re.compile("clyde|discord", re.IGNORECASE)


@dataclass
class Execution:
    """One message sent through a channel webhook: the request as the bot made it."""

    webhook_id: int
    query: dict[str, str]
    body: Json
    message: Json | None = None


@dataclass
class FakeWebhooks:
    """The fake's channel webhooks (id -> payload with token) and what was sent through them."""

    fake: FakeDiscord
    hooks: dict[int, Json] = field(default_factory=dict)
    executions: list[Execution] = field(default_factory=list)
    # Like Discord's per-webhook bucket: at most `count` posts per `seconds`, the next answered
    # 429 with `retry_after` (and Cloudflare's `Via`, without which discord.py suspects a ban).
    rate_limit: tuple[int, float] | None = None
    limited: int = 0  # posts answered 429
    # Called with each message a webhook made once it is stored, before the answer goes back (a
    # test can kill the bot there: Discord has the post, the bot never heard).
    after_post: Callable[[Json], Awaitable[None]] | None = None
    # Discord in trouble: each post through a webhook (and each change of one) is answered with
    # this status (503: Discord is down), or, with 0, the connection is closed unanswered; not
    # before `hold` is set, when one is given. `failed` counts them.
    failing: int | None = None
    hold: asyncio.Event | None = None
    failed: int = 0
    _recent: dict[int, deque[float]] = field(default_factory=dict)

    def routes(self) -> list[tuple[str, str, Any]]:
        return [
            ("GET", "/channels/{cid}/webhooks", self._list),
            ("POST", "/channels/{cid}/webhooks", self._create),
        ]

    def by_token(self, c: Call) -> Json | None:
        """The channel webhook a `/webhooks/{id}/{token}` path names, if it is one."""
        hook = self.hooks.get(int(c.params["app"]))
        if hook is None or hook["token"] != c.params["token"]:
            return None
        return hook

    def _require_permission(self) -> None:
        from tests.e2e.fake_discord import DiscordHTTPError

        if not self.fake.bot_manage_webhooks:
            raise DiscordHTTPError(403, 50013, "Missing Permissions")

    def _text_channel(self, c: Call) -> int:
        cid = self.fake._known_channel(c)
        if self.fake.channels[cid]["type"] != GUILD_TEXT:
            from tests.e2e.fake_discord import DiscordHTTPError

            raise DiscordHTTPError(400, 50035, "Invalid Form Body (not a text channel)")
        return cid

    async def _list(self, c: Call) -> list[Json]:
        self._require_permission()
        cid = self._text_channel(c)
        return [h for h in self.hooks.values() if h["channel_id"] == str(cid)]

    async def _create(self, c: Call) -> Json:
        self._require_permission()
        cid = self._text_channel(c)
        wid = self.fake._snowflake()
        self.hooks[wid] = {
            "id": str(wid), "type": 1, "token": "fake-wtoken-" + secrets.token_urlsafe(24),
            "channel_id": str(cid), "guild_id": str(self.fake.guild_id),
            "name": (c.json or {}).get("name") or "Captain Hook", "avatar": None,
            "application_id": str(self.fake.application_id),
            "user": self.fake.users[self.fake.bot_user],
        }  # fmt: skip
        return self.hooks[wid]

    def _target(self, hook: Json, query: dict[str, str]) -> int:
        """The channel a webhook call lands in: the thread named by ``thread_id``, which must
        be a thread of the webhook's channel."""
        from tests.e2e.fake_discord import DiscordHTTPError

        if "thread_id" not in query:
            return int(hook["channel_id"])
        thread = self.fake.channels.get(int(query["thread_id"]))
        if thread is None or thread.get("parent_id") != hook["channel_id"]:
            raise DiscordHTTPError(400, 50035, "Invalid Form Body (thread_id)")
        return int(thread["id"])

    async def _in_trouble(self) -> None:
        """Fail as `failing` says, once `hold` lets it (nothing is stored)."""
        from tests.e2e.fake_discord import DiscordHTTPError, DropConnection

        if self.failing is None:
            return
        if self.hold is not None:
            await self.hold.wait()
        self.failed += 1
        if self.failing == 0:
            raise DropConnection()
        raise DiscordHTTPError(self.failing, 0, "Service Unavailable")

    def _within_rate_limit(self, hook: Json) -> None:
        from tests.e2e.fake_discord import DiscordHTTPError

        if self.rate_limit is None:
            return
        count, seconds = self.rate_limit
        now = time.monotonic()
        recent = self._recent.setdefault(int(hook["id"]), deque())
        while recent and now - recent[0] >= seconds:
            recent.popleft()
        if len(recent) >= count:
            self.limited += 1
            retry = round(seconds - (now - recent[0]), 3)
            raise DiscordHTTPError(
                429, 0, "You are being rate limited.",
                extra={"retry_after": retry, "global": False},
                headers={"Via": "1.1 google", "Retry-After": str(retry),
                         "X-RateLimit-Scope": "user"},
            )  # fmt: skip
        recent.append(now)

    async def execute(self, hook: Json, c: Call) -> Json | None:
        """POST /webhooks/{id}/{token}: a message authored by the webhook, named as asked."""
        from tests.e2e.fake_discord import DiscordHTTPError

        self._require_permission()
        await self._in_trouble()
        body = c.json or {}
        found = REFUSED_NAMES.search(str(body.get("username") or ""))
        if found:
            raise DiscordHTTPError(
                400, 50035, "Invalid Form Body",
                extra={"errors": {"username": {"_errors": [{
                    "code": "USERNAME_INVALID_CONTAINS",
                    "message": f'Username cannot contain "{found.group(0).lower()}"',
                }]}}},
            )  # fmt: skip
        self._within_rate_limit(hook)
        channel_id = self._target(hook, c.query)
        message = self.fake._new_message(channel_id, body, c.files)
        message["author"] = {
            "id": hook["id"], "username": body.get("username") or hook["name"],
            "avatar": None, "discriminator": "0000", "bot": True,
        }  # fmt: skip
        message["webhook_id"] = hook["id"]
        self.executions.append(Execution(int(hook["id"]), dict(c.query), body, message))
        if self.after_post is not None:
            await self.after_post(message)
        return message if c.query.get("wait") in ("1", "true", "True") else None

    async def message_op(self, hook: Json, c: Call) -> Json | None:
        """GET / PATCH / DELETE /webhooks/{id}/{token}/messages/{mid}: only its own messages,
        in the thread named by ``thread_id`` when they are in one."""
        from tests.e2e.fake_discord import DiscordHTTPError

        self._require_permission()
        await self._in_trouble()
        mid = int(c.params["mid"])
        message = self.fake.message(mid)
        channel_id = self._target(hook, c.query)
        if (
            message is None
            or message.get("webhook_id") != hook["id"]
            or message["channel_id"] != str(channel_id)
        ):
            raise DiscordHTTPError(404, 10008, "Unknown Message")
        return self.fake._message_op(c, mid)


def add_thread(fake: FakeDiscord, parent: int | str, name: str) -> int:
    """A public thread in a text channel (before the bot starts: it comes in GUILD_CREATE)."""
    parent_id = fake._channel_id(parent)
    tid = fake._snowflake()
    fake.channels[tid] = {
        "id": str(tid), "type": THREAD, "name": name, "guild_id": str(fake.guild_id),
        "parent_id": str(parent_id), "owner_id": str(fake.owner), "last_message_id": None,
        "message_count": 0, "member_count": 1, "rate_limit_per_user": 0, "flags": 0,
        "thread_metadata": {
            "archived": False, "auto_archive_duration": 1440, "locked": False,
            "archive_timestamp": "2024-01-01T00:00:00+00:00",
        },
    }  # fmt: skip
    fake.channel_ids[name] = tid
    return tid


async def message_command(
    fake: FakeDiscord, name: str, message: Json, *, user: int | Json
) -> Interaction:
    """Run the message command ``name`` (right-click → Apps) on a stored message."""
    commands = [*fake.guild_commands.get(fake.guild_id, []), *fake.global_commands]
    cmd = next((c for c in commands if c["name"] == name and c["type"] == 3), None)
    if cmd is None:
        raise ValueError(f"message command {name!r} was never synced")
    data = {
        "id": cmd["id"], "name": name, "type": 3, "target_id": message["id"],
        "guild_id": str(fake.guild_id), "resolved": {"messages": {message["id"]: message}},
    }  # fmt: skip
    return await fake._inject(2, data, user, int(message["channel_id"]))
