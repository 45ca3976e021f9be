"""A small fake of Discord's REST API and gateway, for end-to-end tests.

``FakeDiscord`` is an aiohttp server on 127.0.0.1 (free port) that speaks enough of Discord's
HTTP API (v10) and gateway for an unmodified discord.py 2.7 client: login, READY/GUILD_CREATE,
command sync, interaction callbacks, webhook followups/edits and channel messages (JSON or
multipart with files).  Tests inject interactions (slash commands, autocomplete, button clicks,
selects, modal submits) and read back what the bot answered::

    async with FakeDiscord() as fake:
        # point the bot at fake.base_url / fake.gateway_url, start it, wait until it is ready
        inter = await fake.slash("character create", {"name": "Rook"}, user=fake.player1)
        body = await inter.response()                  # {"type": 4, "data": {...}}
        msg = await fake.wait_for_message(lambda m: "Rook" in m["content"])

Every request is kept in ``.requests``; a route the fake does not know answers 404 and lands in
``.unhandled``; every error reply it gave is in ``.errors``.  State (messages, synced commands,
sessions) survives bot restarts: a new IDENTIFY simply starts a new session, a RESUME of a known
session continues it.  It is a plain server on a port, so the bot may run in the test's event
loop or as a subprocess.  Injected slash commands are checked against the *synced* command
tree (names, subcommands, option types, required options), so sync before injecting.

Gateway frames are plain JSON text unless ``FakeDiscord(compress=True)``, which sends
zlib-stream binary frames when the client asks for them (discord.py 2.7 always puts
``compress=zlib-stream`` in the gateway URL).  The guild, users and messages live in
``fake_discord_state.FakeGuildState``, which this class extends.
"""

# ruff: noqa: ASYNC109  (a `timeout=` argument on the wait helpers is the intended test API)
from __future__ import annotations

import asyncio
import contextlib
import json
import re
import secrets
import time
import zlib
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from aiohttp import WSMsgType, web

from tests.e2e.fake_discord_state import (
    EPHEMERAL_FLAG,
    LOADING_FLAG,
    FakeGuildState,
    Json,
    UploadedFile,
    walk_components,
)
from tests.e2e.fake_discord_webhooks import FakeWebhooks

API_PREFIX = "/api/v10"
GUILD_MESSAGES_INTENT = 1 << 9
MESSAGE_CONTENT_INTENT = 1 << 15
GATEWAY_MESSAGE_CONTENT_LIMITED = 1 << 19  # an unverified app's Message Content toggle
# callback types each interaction type may answer with (PING 1 is never injected)
VALID_CALLBACKS = {2: {4, 5, 9}, 3: {4, 5, 6, 7, 9}, 4: {8}, 5: {4, 5, 6, 7}}


def json_response(data: Any, status: int = 200) -> web.Response:
    """A JSON reply with ``Content-Type: application/json`` exactly (no charset)."""
    return web.Response(
        status=status, body=json.dumps(data).encode(), headers={"Content-Type": "application/json"}
    )


class DiscordHTTPError(Exception):
    """Raised by a route handler; becomes a Discord-style JSON error reply (with `extra` keys
    in its body and `headers`, as a 429's `retry_after` and Cloudflare's `Via`)."""

    def __init__(
        self, status: int, code: int, message: str, *, extra: Json | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:  # fmt: skip
        super().__init__(f"{status} {code}: {message}")
        self.status, self.code, self.message = status, code, message
        self.extra, self.headers = extra or {}, headers or {}


class DropConnection(Exception):
    """Raised by a route handler: the connection is closed with no answer (a network failure
    after the request went out), which discord.py raises as `aiohttp.ServerDisconnectedError`."""


@dataclass
class RequestRecord:
    method: str
    path: str  # relative to /api/v10, e.g. "/channels/123/messages"
    query: dict[str, str]
    json: Any
    files: list[str] = field(default_factory=list)  # multipart field names, e.g. ["files[0]"]


@dataclass(eq=False)
class GatewayConnection:
    """One websocket connection from a client."""

    ws: web.WebSocketResponse
    query: dict[str, str]
    compressed: bool
    session_id: str | None = None
    identify: Json | None = None
    intents: int = 0  # what its IDENTIFY asked for
    resumed: bool = False
    received: list[Json] = field(default_factory=list)  # every payload but heartbeats
    _zlib: Any = field(default_factory=zlib.compressobj)
    _lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    @property
    def closed(self) -> bool:
        return self.ws.closed

    async def send(self, payload: Json) -> None:
        raw = json.dumps(payload)
        async with self._lock:  # the zlib stream must stay in order
            if self.compressed:
                data = self._zlib.compress(raw.encode()) + self._zlib.flush(zlib.Z_SYNC_FLUSH)
                await self.ws.send_bytes(data)
            else:
                await self.ws.send_str(raw)


@dataclass(eq=False)
class Interaction:
    """An interaction injected by a test, and everything the bot did with it."""

    fake: FakeDiscord = field(repr=False)
    id: int
    token: str
    type: int
    channel_id: int
    user_id: int
    payload: Json = field(repr=False)
    message_id: int | None = None  # the message a component sits on
    callbacks: list[Json] = field(default_factory=list)  # every callback body, even rejected ones
    response_body: Json | None = None  # the accepted (first) callback
    original_message_id: int | None = None
    followups: list[Json] = field(default_factory=list)  # messages made by POST /webhooks/...
    edits: list[Json] = field(default_factory=list)  # bodies of PATCH /webhooks/.../messages/...
    created_at: float = field(default_factory=time.monotonic)  # when Discord made it (monotonic)
    answered_at: float | None = None  # when the accepted callback arrived

    async def response(self, timeout: float = 5.0) -> Json:
        """The first callback body: ``{"type": 4|5|6|7|8|9, "data": {...}}``."""
        await self.fake.wait_until(
            lambda: self.response_body is not None, timeout, f"response to {self}"
        )
        assert self.response_body is not None
        return self.response_body

    def metadata(self) -> Json:
        """``interaction_metadata`` for messages created in answer to this interaction."""
        return {
            "id": str(self.id), "type": self.type, "user": self.fake.users[self.user_id],
            "authorizing_integration_owners": {"0": str(self.fake.guild_id)},
        }  # fmt: skip

    def original(self) -> Json | None:
        """The current original response message (None for autocomplete/modal/no response)."""
        if self.original_message_id is None:
            return None
        return self.fake.message(self.original_message_id)

    async def wait_followup(self, n: int = 1, timeout: float = 5.0) -> Json:
        """Wait until ``n`` followups were sent; return the n-th."""
        await self.fake.wait_until(lambda: len(self.followups) >= n, timeout, f"followup {n}")
        return self.followups[n - 1]

    async def wait_edit(self, n: int = 1, timeout: float = 5.0) -> Json:
        """Wait until ``n`` webhook edits were made; return the n-th PATCH body."""
        await self.fake.wait_until(lambda: len(self.edits) >= n, timeout, f"edit {n}")
        return self.edits[n - 1]


Handler = Callable[["Call"], Awaitable[Any]]


@dataclass
class Call:
    method: str
    path: str
    params: dict[str, str]
    query: dict[str, str]
    json: Any
    files: dict[str, UploadedFile]


class FakeDiscord(FakeGuildState):
    """Fake Discord REST API + gateway with one guild, three channels and a few members."""

    def __init__(
        self,
        *,
        compress: bool = False,
        heartbeat_interval: float = 1.0,
        channels: Sequence[str] = ("general", "hunting", "admin"),
        guild_name: str = "Pawpost Test Den",
    ) -> None:
        # compress=True sends zlib-stream binary frames when the client's query asks for it
        # (discord.py 2.7 always asks for compress=zlib-stream); otherwise plain JSON text frames.
        self.compress = compress
        self.heartbeat_interval = heartbeat_interval
        super().__init__(channels, guild_name)
        # records and state
        self.requests: list[RequestRecord] = []
        self.unhandled: list[RequestRecord] = []
        self.errors: list[tuple[RequestRecord, int, Json]] = []  # every error reply we gave
        self.connections: list[GatewayConnection] = []
        self.identify_count = 0
        self.refused_identifies = 0  # IDENTIFYs closed with 4014 (an intent not granted)
        self.resume_count = 0
        self.global_commands: list[Json] = []
        self.guild_commands: dict[int, list[Json]] = {}
        self.sync_count: Counter[int | str] = Counter()  # "global" or a guild id -> PUTs
        # Whether the bot is a member of the guild: kicked, it is told GUILD_DELETE, Discord
        # drops its guild commands, and the guild's REST routes answer Missing Access.
        self.bot_in_guild = True
        self.interactions: dict[int, Interaction] = {}
        self._by_token: dict[str, Interaction] = {}
        self._command_ids: dict[tuple[Any, ...], int] = {}
        self._sessions: dict[str, int] = {}  # session id -> last sequence number
        self._active: GatewayConnection | None = None
        self._changed_event = asyncio.Event()
        self._runner: web.AppRunner | None = None
        self.port = 0
        self._routes: list[tuple[str, re.Pattern[str], Handler]] = []
        self.webhooks = FakeWebhooks(self)  # channel webhooks (fake_discord_webhooks.py)
        self._add_routes()
        # Like Discord, refuse a first callback later than this many seconds (None: never).
        self.interaction_deadline: float | None = None
        # Discord delivers each interaction this many seconds after it made it (a slow gateway):
        # the interaction's id carries the time it was made, and the deadline counts from then.
        self.delivery_delay = 0.0
        # An outage: every REST request answers 503 and the gateway refuses to connect.
        self.down = False
        # When set, REST requests (not webhooks) with another bot token get 401.
        self.accepted_token: str | None = None
        # Channel posts: the next this many are refused with 503 (nothing stored); the next
        # this many are stored but answered 503, as if the answer was lost on its way back.
        self.refuse_channel_posts = 0
        self.lose_channel_post_answers = 0
        # (channel, nonce) -> message id, for `enforce_nonce` as Discord does it: a second post
        # with the same nonce returns the first message instead of making another.
        self._nonces: dict[tuple[int, str], int] = {}
        # The application's flags as `GET /oauth2/applications/@me` tells them (None: as the
        # Message Content toggle says); a test may make them say what the gateway refuses.
        self.application_flags: int | None = None
        # Called with each new channel message once it is stored, before the answer goes back
        # (a test can kill the bot there: Discord took the post, the bot never heard).
        self.after_channel_post: Callable[[Json], Awaitable[None]] | None = None
        # The CDN: each file asked for (path, and why it was refused or None), and each
        # `POST /attachments/refresh-urls` (the links asked for).
        self.cdn_fetches: list[tuple[str, str | None]] = []
        self.refreshes: list[list[str]] = []

    # ------------------------------------------------------------------ lifecycle
    async def start(self) -> FakeDiscord:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self._handle_gateway)
        app.router.add_get("/attachments/{cid}/{aid}/{filename}", self._handle_attachment)
        app.router.add_get("/ephemeral-attachments/{cid}/{aid}/{filename}", self._handle_attachment)
        app.router.add_route("*", API_PREFIX + "/{tail:.*}", self._handle_api)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=0.5)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = self._runner.addresses[0][1]
        return self

    async def stop(self) -> None:
        for conn in self.connections:
            if not conn.closed:
                await conn.ws.close(code=1001, message=b"fake discord stopping")
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}{API_PREFIX}"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    # ------------------------------------------------------------------ waiting
    def _changed(self) -> None:
        self._changed_event.set()
        self._changed_event = asyncio.Event()

    async def wait_until(
        self, predicate: Callable[[], Any], timeout: float = 5.0, what: str = ""
    ) -> Any:
        """Wait until ``predicate()`` is truthy; return it.

        Re-checked after every change in the fake, and every 20 ms (for predicates on bot state).
        """
        deadline = time.monotonic() + timeout
        while not (result := predicate()):
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"fake discord: {what or predicate} not reached in {timeout}s")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed_event.wait(), min(remaining, 0.02))
        return result

    async def wait_for_message(
        self,
        predicate: Callable[[Json], bool],
        timeout: float = 5.0,
        *,
        channel: int | str | None = None,
    ) -> Json:
        """First stored message (already posted or future) matching ``predicate``."""
        cid = None if channel is None else self._channel_id(channel)

        def find() -> Json | None:
            msgs = self._messages.values() if cid is None else self.messages(cid)
            return next((m for m in msgs if predicate(m)), None)

        return await self.wait_until(find, timeout, "matching message")

    async def wait_for_connection(
        self, identifies: int = 1, timeout: float = 5.0
    ) -> GatewayConnection:
        """Wait for ``identifies`` IDENTIFYs in total and an open session; return the connection."""
        await self.wait_until(
            lambda: self.identify_count >= identifies and self.connected, timeout, "gateway session"
        )
        assert self._active is not None
        return self._active

    @property
    def connected(self) -> bool:
        """True while a gateway session is open."""
        return self._active is not None and not self._active.closed

    @property
    def cdn_base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    # ------------------------------------------------------------------ HTTP plumbing
    def _add_routes(self) -> None:
        table: list[tuple[str, str, Handler]] = [
            ("GET", "/users/@me", self._get_me),
            ("GET", "/users/{uid}", self._get_user),
            ("POST", "/users/@me/channels", self._create_dm),
            ("GET", "/oauth2/applications/@me", self._get_application),
            ("GET", "/applications/@me", self._get_application),
            ("GET", "/gateway", self._get_gateway),
            ("GET", "/gateway/bot", self._get_gateway),
            ("GET", "/applications/{app}/commands", self._get_commands),
            ("PUT", "/applications/{app}/commands", self._put_commands),
            ("GET", "/applications/{app}/guilds/{gid}/commands", self._get_commands),
            ("PUT", "/applications/{app}/guilds/{gid}/commands", self._put_commands),
            ("POST", "/interactions/{iid}/{token}/callback", self._interaction_callback),
            ("POST", "/webhooks/{app}/{token}", self._followup),
            ("GET", "/webhooks/{app}/{token}/messages/{mid}", self._webhook_message),
            ("PATCH", "/webhooks/{app}/{token}/messages/{mid}", self._webhook_message),
            ("DELETE", "/webhooks/{app}/{token}/messages/{mid}", self._webhook_message),
            ("GET", "/channels/{cid}", self._get_channel),
            ("POST", "/channels/{cid}/typing", self._typing),
            ("GET", "/channels/{cid}/messages", self._history),
            ("POST", "/channels/{cid}/messages", self._post_message),
            ("GET", "/channels/{cid}/messages/{mid}", self._channel_message),
            ("PATCH", "/channels/{cid}/messages/{mid}", self._channel_message),
            ("DELETE", "/channels/{cid}/messages/{mid}", self._channel_message),
            ("GET", "/guilds/{gid}", self._get_guild),
            ("GET", "/guilds/{gid}/channels", self._get_guild),
            ("GET", "/guilds/{gid}/roles", self._get_guild),
            ("GET", "/guilds/{gid}/members/{uid}", self._get_member),
            ("POST", "/attachments/refresh-urls", self._refresh_urls),
            *self.webhooks.routes(),
        ]
        for method, pattern, handler in table:
            regex = re.sub(r"\{(\w+)\}", r"(?P<\1>[^/]+)", pattern)
            self._routes.append((method, re.compile(regex), handler))

    async def _handle_api(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["tail"]
        body, files = await self._read_body(request)
        rec = RequestRecord(request.method, path, dict(request.query), body, sorted(files))
        self.requests.append(rec)
        try:
            if self.down:
                return self._error(rec, DiscordHTTPError(503, 0, "Service Unavailable"))
            token = request.headers.get("Authorization")
            if (
                self.accepted_token is not None
                and not path.startswith(("/webhooks/", "/interactions/"))
                and token != f"Bot {self.accepted_token}"
            ):
                return self._error(rec, DiscordHTTPError(401, 0, "401: Unauthorized"))
            for method, regex, handler in self._routes:
                match = regex.fullmatch(path)
                if method == request.method and match:
                    try:
                        result = await handler(
                            Call(rec.method, path, match.groupdict(), rec.query, body, files)
                        )
                    except DiscordHTTPError as exc:
                        return self._error(rec, exc)
                    except DropConnection:
                        assert request.transport is not None
                        request.transport.close()
                        return web.Response(status=204)  # never sent: the connection is gone
                    except (LookupError, TypeError, ValueError) as exc:
                        # a body the fake cannot digest gets Discord's 400 (a 500 would make
                        # discord.py retry for seconds)
                        return self._error(rec, DiscordHTTPError(400, 50035, f"Bad body: {exc!r}"))
                    return web.Response(status=204) if result is None else json_response(result)
            self.unhandled.append(rec)
            return json_response({"message": "404: Not Found", "code": 0}, 404)
        finally:
            self._changed()

    def _error(self, rec: RequestRecord, exc: DiscordHTTPError) -> web.Response:
        error = {"message": exc.message, "code": exc.code, **exc.extra}
        self.errors.append((rec, exc.status, error))
        response = json_response(error, exc.status)
        response.headers.update(exc.headers)
        return response

    @staticmethod
    async def _read_body(request: web.Request) -> tuple[Any, dict[str, UploadedFile]]:
        if request.content_type.startswith("multipart/"):
            body: Any = None
            files: dict[str, UploadedFile] = {}
            reader = await request.multipart()
            while (part := await reader.next()) is not None:
                data = await part.read()  # type: ignore[union-attr]
                if part.name == "payload_json":
                    body = json.loads(data)
                else:
                    ctype = part.headers.get("Content-Type", "application/octet-stream")
                    files[part.name or ""] = UploadedFile(part.filename or "", bytes(data), ctype)  # type: ignore[union-attr]
            return body, files
        raw = await request.read()
        if not raw:
            return None, {}
        try:
            return json.loads(raw), {}
        except ValueError:
            return raw.decode(errors="replace"), {}

    async def _handle_attachment(self, request: web.Request) -> web.Response:
        """A file at a signed link, as Discord's CDN serves it: an expired, unsigned or wrongly
        signed link, or a file no longer kept, gets 404 with Discord's text."""
        problem = self.cdn_problem(str(request.rel_url))
        self.cdn_fetches.append((request.path, problem))
        self._changed()
        if problem is not None:
            return web.Response(status=404, text="This content is no longer available.")
        aid = int(request.match_info["aid"])
        content_type = self.file_types.get(aid, "application/octet-stream")
        return web.Response(body=self.files[aid], headers={"Content-Type": content_type})

    # ------------------------------------------------------------------ REST routes
    async def _refresh_urls(self, c: Call) -> Json:
        """`POST /attachments/refresh-urls` `{"attachment_urls": [...]}` (at most 50): a file
        still kept gets a new signed link; any other link comes back as it was sent (Discord
        does not document that case; the bot must not take such a link for a fresh one)."""
        urls = (c.json or {}).get("attachment_urls")
        if not isinstance(urls, list) or not urls or len(urls) > 50:
            raise DiscordHTTPError(400, 50035, "Invalid Form Body (attachment_urls)")
        self.refreshes.append(list(urls))
        refreshed = []
        for url in urls:
            path = urlsplit(str(url)).path
            fresh = self.signed(path) if self.file_exists(path) else str(url)
            refreshed.append({"original": url, "refreshed": fresh})
        return {"refreshed_urls": refreshed}

    async def _get_me(self, c: Call) -> Json:
        return self.bot_user_payload()

    async def _get_user(self, c: Call) -> Json:
        if int(c.params["uid"]) not in self.users:
            raise DiscordHTTPError(404, 10013, "Unknown User")
        return self.users[int(c.params["uid"])]

    async def _create_dm(self, c: Call) -> Json:
        if int(c.json["recipient_id"]) not in self.users:
            raise DiscordHTTPError(400, 50007, "Cannot send messages to this user")
        return self.dm_channel(int(c.json["recipient_id"]))

    async def _get_application(self, c: Call) -> Json:
        flags = GATEWAY_MESSAGE_CONTENT_LIMITED if self.message_content_intent else 0
        if self.application_flags is not None:
            flags = self.application_flags
        return {
            "id": str(self.application_id), "name": "Pawpost", "description": "", "icon": None,
            "bot_public": False, "bot_require_code_grant": False, "owner": self.users[self.owner],
            "verify_key": "00" * 32, "flags": flags, "team": None, "summary": "",
        }  # fmt: skip

    async def _get_gateway(self, c: Call) -> Json:
        limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
        return {"url": self.gateway_url, "shards": 1, "session_start_limit": limit}

    def _command_scope(self, c: Call) -> tuple[int | None, list[Json]]:
        if int(c.params["app"]) != self.application_id:
            raise DiscordHTTPError(403, 50001, "Missing Access")
        if "gid" not in c.params:
            return None, self.global_commands
        gid = int(c.params["gid"])
        if gid != self.guild_id or not self.bot_in_guild:
            raise DiscordHTTPError(403, 50001, "Missing Access")
        return gid, self.guild_commands.get(gid, [])

    async def _get_commands(self, c: Call) -> list[Json]:
        return self._command_scope(c)[1]

    async def _put_commands(self, c: Call) -> list[Json]:
        gid, _ = self._command_scope(c)
        stored = []
        for cmd in c.json or []:
            ctype = cmd.get("type", 1)
            cid = self._command_ids.setdefault((gid, cmd["name"], ctype), self._snowflake())
            stored.append({
                "options": [], "default_member_permissions": None, "nsfw": False, "description": "",
                **cmd, "id": str(cid), "application_id": str(self.application_id), "type": ctype,
                "version": str(self._snowflake()), **({"guild_id": str(gid)} if gid else {}),
            })  # fmt: skip
        if gid is None:
            self.global_commands = stored
        else:
            self.guild_commands[gid] = stored
        self.sync_count["global" if gid is None else gid] += 1
        return stored

    async def _interaction_callback(self, c: Call) -> Json | None:
        inter = self.interactions.get(int(c.params["iid"]))
        if inter is None or inter.token != c.params["token"]:
            raise DiscordHTTPError(404, 10062, "Unknown interaction")
        body = c.json or {}
        inter.callbacks.append(body)
        if inter.response_body is not None:
            raise DiscordHTTPError(400, 40060, "Interaction has already been acknowledged.")
        late = self.interaction_deadline is not None and (
            time.monotonic() - inter.created_at > self.interaction_deadline
        )
        if late:
            raise DiscordHTTPError(404, 10062, "Unknown interaction")
        rtype, data = body.get("type"), body.get("data") or {}
        if rtype not in VALID_CALLBACKS[inter.type] or (
            rtype in (6, 7) and inter.message_id is None
        ):
            raise DiscordHTTPError(400, 50035, f"Invalid Form Body (callback type {rtype})")
        message: Json | None = None
        if rtype in (4, 5):
            loading = LOADING_FLAG if rtype == 5 else 0
            message = self._new_message(
                inter.channel_id, data, c.files, flags=loading, interaction=inter.metadata()
            )
        elif rtype in (6, 7):
            message = self._messages[inter.message_id]  # type: ignore[index]
            if rtype == 7:
                self._edit_message(message, data, c.files)
        inter.response_body = body
        inter.answered_at = time.monotonic()
        inter.original_message_id = int(message["id"]) if message else None
        if c.query.get("with_response") not in ("1", "true", "True"):
            return None
        info: Json = {"id": str(inter.id), "type": inter.type}
        if message is not None:
            info |= {
                "response_message_id": message["id"],
                "response_message_loading": bool(message["flags"] & LOADING_FLAG),
                "response_message_ephemeral": bool(message["flags"] & EPHEMERAL_FLAG),
            }  # fmt: skip
        return {
            "interaction": info,
            "resource": {"type": rtype, **({"message": message} if message else {})},
        }

    def _interaction_for(self, c: Call) -> Interaction:
        inter = self._by_token.get(c.params["token"])
        if inter is None or int(c.params["app"]) != self.application_id:
            raise DiscordHTTPError(404, 10015, "Unknown Webhook")
        return inter

    async def _followup(self, c: Call) -> Json | None:
        hook = self.webhooks.by_token(c)
        if hook is not None:  # a channel webhook's, not an interaction's
            return await self.webhooks.execute(hook, c)
        inter = self._interaction_for(c)
        if inter.response_body is None:
            raise DiscordHTTPError(404, 10015, "Unknown Webhook")  # not acknowledged yet
        original = inter.original()
        if original is not None and original["flags"] & LOADING_FLAG and not inter.followups:
            # Like Discord: the first followup after a "thinking" defer fills in that message
            # (which keeps the defer's ephemerality).
            body = {k: v for k, v in (c.json or {}).items() if k != "flags"}
            message = self._edit_message(original, body, c.files)
        else:
            body = c.json or {}
            message = self._new_message(
                inter.channel_id, body, c.files, interaction=inter.metadata()
            )
        inter.followups.append(message)
        return message if c.query.get("wait") in ("1", "true", "True") else None

    async def _webhook_message(self, c: Call) -> Json | None:
        hook = self.webhooks.by_token(c)
        if hook is not None:
            return await self.webhooks.message_op(hook, c)
        inter = self._interaction_for(c)
        mid = inter.original_message_id if c.params["mid"] == "@original" else int(c.params["mid"])
        own = {inter.original_message_id, *(int(m["id"]) for m in inter.followups)}
        if mid is None or mid not in own or mid not in self._messages:
            raise DiscordHTTPError(404, 10008, "Unknown Message")
        return self._message_op(c, mid, inter)

    def _message_op(self, c: Call, mid: int, inter: Interaction | None = None) -> Json | None:
        """GET / PATCH / DELETE on a stored message, by whichever route."""
        if c.method == "GET":
            return self._messages[mid]
        if c.method == "PATCH":
            if inter is not None:
                inter.edits.append(c.json or {})
            return self._edit_message(self._messages[mid], c.json or {}, c.files)
        self.deleted_messages.append(self._messages.pop(mid))
        return None

    def _known_channel(self, c: Call) -> int:
        cid = int(c.params["cid"])
        if cid not in self.channels:
            raise DiscordHTTPError(404, 10003, "Unknown Channel")
        return cid

    async def _get_channel(self, c: Call) -> Json:
        return self.channels[self._known_channel(c)]

    async def _typing(self, c: Call) -> None:
        self._known_channel(c)

    async def _history(self, c: Call) -> list[Json]:
        msgs = list(reversed(self.messages(self._known_channel(c))))  # newest first
        if "before" in c.query:
            msgs = [m for m in msgs if int(m["id"]) < int(c.query["before"])]
        if "after" in c.query:
            msgs = [m for m in msgs if int(m["id"]) > int(c.query["after"])]
        return msgs[: int(c.query.get("limit", 50))]

    async def _post_message(self, c: Call) -> Json:
        cid, body = self._known_channel(c), c.json or {}
        if self.refuse_channel_posts > 0:
            self.refuse_channel_posts -= 1
            raise DiscordHTTPError(503, 0, "Service Unavailable")
        nonce = None if body.get("nonce") is None else str(body["nonce"])
        if nonce is not None and body.get("enforce_nonce"):
            known = self._nonces.get((cid, nonce))
            if known is not None and known in self._messages:
                return self._messages[known]
        msg = self._new_message(cid, body, c.files)
        if nonce is not None:
            msg["nonce"] = nonce
            self._nonces[(cid, nonce)] = int(msg["id"])
        if self.after_channel_post is not None:
            await self.after_channel_post(msg)
        if self.lose_channel_post_answers > 0:
            self.lose_channel_post_answers -= 1
            raise DiscordHTTPError(503, 0, "Service Unavailable")
        return msg

    async def _channel_message(self, c: Call) -> Json | None:
        cid, mid = self._known_channel(c), int(c.params["mid"])
        if mid not in self._messages or self._messages[mid]["channel_id"] != str(cid):
            raise DiscordHTTPError(404, 10008, "Unknown Message")
        own = self._messages[mid]["author"]["id"] == str(self.bot_user)
        if c.method == "DELETE" and not own and not self.bot_manage_messages:
            raise DiscordHTTPError(403, 50013, "Missing Permissions")
        return self._message_op(c, mid)

    async def _get_guild(self, c: Call) -> Any:
        if int(c.params["gid"]) != self.guild_id:
            raise DiscordHTTPError(404, 10004, "Unknown Guild")
        guild = self.guild_payload()
        tail = c.path.rsplit("/", 1)[-1]
        return guild[tail] if tail in ("channels", "roles") else guild

    async def _get_member(self, c: Call) -> Json:
        uid = int(c.params["uid"])
        if int(c.params["gid"]) != self.guild_id or uid not in self.member_roles:
            raise DiscordHTTPError(404, 10007, "Unknown Member")
        return self.member(uid)

    # ------------------------------------------------------------------ gateway
    async def _handle_gateway(self, request: web.Request) -> web.StreamResponse:
        if self.down:
            return web.Response(status=503, text="Service Unavailable")
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        compressed = self.compress and request.query.get("compress") == "zlib-stream"
        conn = GatewayConnection(ws=ws, query=dict(request.query), compressed=compressed)
        self.connections.append(conn)
        try:
            await conn.send(
                {"op": 10, "d": {"heartbeat_interval": int(self.heartbeat_interval * 1000)}}
            )
            async for msg in ws:
                if msg.type == WSMsgType.TEXT:
                    await self._on_gateway_payload(conn, json.loads(msg.data))
        except ConnectionResetError:
            pass  # the bot hung up first: the session simply ends
        finally:
            self._changed()
        return ws

    async def _on_gateway_payload(self, conn: GatewayConnection, payload: Json) -> None:
        op, d = payload.get("op"), payload.get("d")
        if op == 1:
            await conn.send({"op": 11})
            return
        conn.received.append(payload)
        if op == 2:
            conn.intents = int((d or {}).get("intents") or 0)
            if conn.intents & MESSAGE_CONTENT_INTENT and not self.message_content_intent:
                self.refused_identifies += 1
                await conn.ws.close(code=4014, message=b"Disallowed intent(s).")
                return
            conn.identify, conn.session_id = d, secrets.token_hex(16)
            self._sessions[conn.session_id] = 0
            self.identify_count += 1
            self._active = conn
            ready = {
                "v": 10, "user": self.bot_user_payload(),
                "guilds": (
                    [{"id": str(self.guild_id), "unavailable": True}] if self.bot_in_guild else []
                ),
                "session_id": conn.session_id, "resume_gateway_url": self.gateway_url,
                "application": {"id": str(self.application_id), "flags": 0},
                "private_channels": [], "relationships": [], "_trace": ["fake-discord"],
            }  # fmt: skip
            if d and "shard" in d:
                ready["shard"] = d["shard"]
            await self._send_dispatch(conn, "READY", ready)
            if self.bot_in_guild:
                await self._send_dispatch(conn, "GUILD_CREATE", self.guild_payload())
        elif op == 6:
            if d and d.get("session_id") in self._sessions:
                conn.session_id, conn.resumed = d["session_id"], True
                self.resume_count += 1
                self._active = conn
                await self._send_dispatch(conn, "RESUMED", {"_trace": ["fake-discord"]})
            else:
                await conn.send({"op": 9, "d": False})
        elif op == 8:
            members = [self.member(uid) for uid in self.member_roles]
            chunk = {
                "guild_id": str(self.guild_id), "members": members, "chunk_index": 0,
                "chunk_count": 1, "not_found": [], "nonce": (d or {}).get("nonce"),
            }  # fmt: skip
            await self._send_dispatch(conn, "GUILD_MEMBERS_CHUNK", chunk)
        self._changed()

    async def _send_dispatch(self, conn: GatewayConnection, event: str, data: Json) -> None:
        assert conn.session_id is not None
        self._sessions[conn.session_id] += 1
        await conn.send({"op": 0, "t": event, "s": self._sessions[conn.session_id], "d": data})

    async def dispatch(self, event: str, data: Json, timeout: float = 5.0) -> None:
        """Send a dispatch event to the current session (waits for one to exist)."""
        conn = await self.wait_for_connection(1, timeout)
        await self._send_dispatch(conn, event, data)

    async def kick_bot(self, *, connected: bool = True) -> None:
        """The guild removes the bot, as Discord does it: its guild commands are dropped and
        (when it is connected) it gets GUILD_DELETE without `unavailable`."""
        self.bot_in_guild = False
        self.guild_commands.pop(self.guild_id, None)
        if connected:
            await self.dispatch("GUILD_DELETE", {"id": str(self.guild_id)})
        self._changed()

    async def invite_bot(self, *, connected: bool = True) -> None:
        """The guild adds the bot again: a GUILD_CREATE for a guild it was not in (a join,
        which carries no `unavailable`: discord.py reads `false` as back from an outage)."""
        self.bot_in_guild = True
        if connected:
            joined = {k: v for k, v in self.guild_payload().items() if k != "unavailable"}
            await self.dispatch("GUILD_CREATE", joined)
        self._changed()

    async def request_reconnect(self) -> None:
        """Send op 7 RECONNECT: the client should come back with a RESUME."""
        conn = await self.wait_for_connection(1)
        await conn.send({"op": 7, "d": None})

    # ------------------------------------------------------------------ injection
    async def post_user_message(
        self, channel: int | str, content: str, *, user: int,
        files: Sequence[UploadedFile] = (), reply_to: Json | None = None,
    ) -> Json:  # fmt: skip
        """A member posts a message (with files, as a reply to a stored message): stored, and sent
        as MESSAGE_CREATE to a session that asked for GUILD_MESSAGES, its text, embeds and files
        emptied unless it asked for MESSAGE_CONTENT too, as Discord does."""
        cid = self._channel_id(channel)
        body: Json = {"content": content}
        if reply_to is not None:
            body["message_reference"] = {
                "message_id": reply_to["id"], "channel_id": reply_to["channel_id"],
                "guild_id": str(self.guild_id),
            }  # fmt: skip
        uploads = {f"files[{n}]": upload for n, upload in enumerate(files)}
        msg = self._new_message(cid, body, uploads, author=user)
        if reply_to is not None:
            msg["type"] = 19  # REPLY
        conn = await self.wait_for_connection(1)
        if not conn.intents & GUILD_MESSAGES_INTENT:
            return msg
        member = {k: v for k, v in self.member(user).items() if k != "user"}
        event = {**msg, "member": member}
        if reply_to is not None:
            event["referenced_message"] = self._messages.get(int(reply_to["id"]))
        if not conn.intents & MESSAGE_CONTENT_INTENT:
            event |= {"content": "", "embeds": [], "attachments": [], "components": []}
        await self.dispatch("MESSAGE_CREATE", event)
        return msg

    async def slash(
        self, name: str, options: Json | None = None, *, user: int | Json,
        channel: int | str | None = None, group: str | None = None, subcommand: str | None = None,
    ) -> Interaction:  # fmt: skip
        """Run a CHAT_INPUT command. ``name`` may hold the path: ``"admin combat skip"``."""
        path = [*name.split(), *(p for p in (group, subcommand) if p)]
        return await self._command(2, path, options or {}, None, user, channel)

    async def autocomplete(
        self, name: str, options: Json, focused: str, *, user: int | Json,
        channel: int | str | None = None,
    ) -> Interaction:  # fmt: skip
        """Ask for autocomplete choices; ``options[focused]`` is the partial text typed so far."""
        return await self._command(4, name.split(), options, focused, user, channel)

    async def _command(
        self, itype: int, path: list[str], options: Json, focused: str | None,
        user: int | Json, channel: int | str | None,
    ) -> Interaction:  # fmt: skip
        cmd, gid = self._find_command(path[0])
        schema, kinds = cmd.get("options") or [], []
        for part in path[1:]:
            spec = next((o for o in schema if o["name"] == part and o["type"] in (1, 2)), None)
            if spec is None:
                raise ValueError(f"/{' '.join(path)}: no subcommand {part!r} in the synced command")
            schema, kinds = spec.get("options") or [], [*kinds, spec["type"]]
        if any(o["type"] in (1, 2) for o in schema):
            raise ValueError(f"/{' '.join(path)} is a group: name a subcommand")
        resolved: Json = {}
        opts = [
            self.option_payload(o, options, focused, resolved)
            for o in schema
            if o["name"] in options
        ]
        unknown = set(options) - {o["name"] for o in schema}
        missing = [o["name"] for o in schema if o.get("required") and o["name"] not in options]
        if unknown or (missing and itype == 2):
            raise ValueError(f"/{' '.join(path)}: unknown options {unknown}, missing {missing}")
        for part, kind in reversed(list(zip(path[1:], kinds, strict=True))):
            opts = [{"type": kind, "name": part, "options": opts}]
        data: Json = {"id": cmd["id"], "name": path[0], "type": 1, "options": opts}
        if gid is not None:
            data["guild_id"] = str(gid)
        if resolved:
            data["resolved"] = resolved
        return await self._inject(itype, data, user, channel)

    def _find_command(self, name: str) -> tuple[Json, int | None]:
        for cmd in self.guild_commands.get(self.guild_id, []):
            if cmd["name"] == name and cmd["type"] == 1:
                return cmd, self.guild_id
        for cmd in self.global_commands:
            if cmd["name"] == name and cmd["type"] == 1:
                return cmd, None
        synced = [
            c["name"] for c in [*self.global_commands, *self.guild_commands.get(self.guild_id, [])]
        ]
        raise ValueError(f"/{name} was never synced (synced: {synced})")

    async def click(
        self, message: Json | int | str, custom_id: str, *, user: int | Json
    ) -> Interaction:
        """Click the button ``custom_id`` on a stored message."""
        return await self._component(message, custom_id, {}, user)

    async def select(
        self, message: Json | int | str, custom_id: str, values: list[str], *, user: int | Json
    ) -> Interaction:
        """Pick ``values`` in the select menu ``custom_id`` on a stored message."""
        return await self._component(message, custom_id, {"values": values}, user)

    async def _component(
        self, message: Json | int | str, custom_id: str, extra: Json, user: int | Json
    ) -> Interaction:
        mid = int(message["id"]) if isinstance(message, dict) else int(message)
        msg = self._messages.get(mid)
        if msg is None:
            raise ValueError(f"message {mid} is not stored (deleted?)")
        found = {c.get("custom_id"): c for c in walk_components(msg["components"])}
        comp = found.get(custom_id)
        if comp is None or comp.get("disabled"):
            raise ValueError(
                f"no enabled component {custom_id!r} on message {mid}; has {list(found)}"
            )
        data = {"custom_id": custom_id, "component_type": comp["type"], **extra}
        return await self._inject(3, data, user, int(msg["channel_id"]), msg)

    async def submit_modal(
        self, shown_by: Interaction, values: dict[str, Any], *, user: int | Json | None = None
    ) -> Interaction:
        """Submit the modal that ``shown_by`` answered with (callback type 9)."""
        body = await shown_by.response()
        if body.get("type") != 9:
            raise ValueError(f"{shown_by} did not answer with a modal: {body}")
        modal = body["data"]

        def fill(comp: Json) -> Json:
            if comp["type"] == 1:
                return {"type": 1, "components": [fill(c) for c in comp["components"]]}
            if comp["type"] == 18:
                return {"type": 18, "component": fill(comp["component"])}
            value = values.get(comp.get("custom_id", ""), "")
            key = "values" if isinstance(value, list) else "value"
            return {"type": comp["type"], "custom_id": comp.get("custom_id"), key: value}

        ids = {c.get("custom_id") for c in walk_components(modal["components"])}
        if set(values) - ids:
            raise ValueError(f"modal {modal['custom_id']!r} has no fields {set(values) - ids}")
        data = {
            "custom_id": modal["custom_id"],
            "components": [fill(c) for c in modal["components"]],
        }
        message = self._messages.get(shown_by.message_id) if shown_by.message_id else None
        return await self._inject(5, data, user or shown_by.user_id, shown_by.channel_id, message)

    async def _inject(
        self,
        itype: int,
        data: Json,
        user: int | Json,
        channel: int | str | None,
        message: Json | None = None,
    ) -> Interaction:
        uid, cid = self._user_id(user), self._channel_id(channel)
        made, made_at = time.time() - self.delivery_delay, time.monotonic() - self.delivery_delay
        iid, token = self._snowflake_at(made), "fake-itoken-" + secrets.token_urlsafe(24)
        payload = self.interaction_payload(iid, token, itype, data, uid, cid, message)
        inter = Interaction(
            self, iid, token, itype, cid, uid, payload, int(message["id"]) if message else None,
            created_at=made_at,
        )  # fmt: skip
        self.interactions[iid] = inter
        self._by_token[token] = inter
        await self.dispatch("INTERACTION_CREATE", payload)
        return inter


@contextlib.contextmanager
def discord_py_pointed_at(fake: FakeDiscord) -> Iterator[None]:
    """Point discord.py (in this process) at the fake; restore the real URLs afterwards."""
    import discord.gateway
    import discord.http
    import yarl

    old_base, old_gateway = (
        discord.http.Route.BASE,
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY,
    )
    discord.http.Route.BASE = fake.base_url
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(fake.gateway_url)
    try:
        yield
    finally:
        discord.http.Route.BASE = old_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = old_gateway
