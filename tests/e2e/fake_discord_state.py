"""The world behind FakeDiscord: one guild, its users, roles, channels and stored messages.

``FakeGuildState`` holds the data and builds Discord-shaped JSON payloads (users, members,
roles, channels, the GUILD_CREATE guild, messages with attachments).  It knows nothing about
HTTP or the gateway; ``tests.e2e.fake_discord.FakeDiscord`` subclasses it and serves it.
Payloads follow discord.py 2.7's needs (see /work/shared/FAKE-DISCORD.md).
"""

from __future__ import annotations

import hashlib
import hmac
import itertools
import mimetypes
import secrets
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

Json = dict[str, Any]

DISCORD_EPOCH_MS = 1_420_070_400_000
MANAGE_GUILD = 1 << 5
# VIEW_CHANNEL, SEND_MESSAGES, EMBED_LINKS, ATTACH_FILES, READ_MESSAGE_HISTORY, ADD_REACTIONS,
# USE_APPLICATION_COMMANDS
EVERYONE_PERMISSIONS = (
    (1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 16) | (1 << 6) | (1 << 31)
)
ALL_PERMISSIONS = (1 << 53) - 1
STR, INT, BOOL, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = 3, 4, 5, 6, 7, 8, 9, 10, 11
CONVERTERS: dict[int, Callable[[Any], Any]] = {STR: str, INT: int, BOOL: bool, NUMBER: float}
MANAGE_WEBHOOKS = 1 << 29
MANAGE_MESSAGES = 1 << 13
THREAD = 11  # a public thread's channel type
EPHEMERAL_FLAG = 1 << 6
LOADING_FLAG = 1 << 7  # the "thinking" message of a deferred interaction response
EDITABLE_FIELDS: tuple[tuple[str, Any], ...] = (
    ("content", ""), ("embeds", []), ("components", []), ("allowed_mentions", None),
)  # fmt: skip


def now_iso() -> str:
    return datetime.now(UTC).isoformat()


def walk_components(components: list[Json]) -> Iterator[Json]:
    """Every component, depth first (action rows, containers, sections, labels)."""
    for comp in components:
        yield comp
        yield from walk_components(comp.get("components") or [])
        for key in ("accessory", "component"):
            if isinstance(comp.get(key), dict):
                yield from walk_components([comp[key]])


@dataclass
class UploadedFile:
    filename: str
    data: bytes
    content_type: str


class FakeGuildState:
    """One guild (roles @everyone + Admin, text channels, owner/admin/2 players/bot) and messages.

    Ids are real-looking snowflakes (so ``created_at`` works) and attributes are plain ints:
    ``guild_id``, ``application_id``, ``bot_user``, ``owner``, ``admin``, ``player1``,
    ``player2``, ``admin_role_id``; ``channel_ids`` maps channel name -> id.  Wherever a
    channel is expected, a name (``"hunting"``) or an id works.
    """

    def __init__(self, channels: Sequence[str], guild_name: str) -> None:
        self._seq = itertools.count()
        self._last_ms = 0
        self.application_id = self._snowflake()
        self.guild_id = self._snowflake()
        self.guild_name = guild_name
        self.users: dict[int, Json] = {}
        self.bot_user = self._add_user("Pawpost", bot=True, uid=self.application_id)
        self.owner = self._add_user("den_owner")
        self.admin = self._add_user("ada_admin")
        self.player1 = self._add_user("player_one")
        self.player2 = self._add_user("player_two")
        self.admin_role_id = self._snowflake()
        self.roles: dict[int, Json] = {
            self.guild_id: self._role(self.guild_id, "@everyone", EVERYONE_PERMISSIONS, 0),
            self.admin_role_id: self._role(self.admin_role_id, "Admin", MANAGE_GUILD, 1),
        }
        self.member_roles: dict[int, list[int]] = {
            self.owner: [], self.admin: [self.admin_role_id], self.player1: [],
            self.player2: [], self.bot_user: [],
        }  # fmt: skip
        self.channel_ids: dict[str, int] = {name: self._snowflake() for name in channels}
        self.channels: dict[int, Json] = {
            cid: {
                "id": str(cid), "type": 0, "name": name, "position": pos,
                "guild_id": str(self.guild_id), "parent_id": None, "topic": None, "nsfw": False,
                "permission_overwrites": [], "rate_limit_per_user": 0, "last_message_id": None,
            }
            for pos, (name, cid) in enumerate(self.channel_ids.items())
        }  # fmt: skip
        self.files: dict[int, bytes] = {}  # attachment id -> bytes
        self.file_types: dict[int, str] = {}  # attachment id -> content type
        # Attachments are served at signed links, as Discord's CDN does since 2024: `ex` (hex
        # unix seconds) is when the link stops working, `hm` signs the path, `ex` and `is`. The
        # CDN's clock is `cdn_clock` when a test sets it (to move time on with the bot's test
        # clock), else the real one. A message's file is served while the message holds it; a
        # command's upload (an ephemeral attachment) until `drop_command_uploads()`.
        self.cdn_clock: datetime | None = None
        self.cdn_lifetime = timedelta(hours=24)
        self._cdn_key = secrets.token_bytes(16)
        self._homes: dict[int, int] = {}  # attachment id -> the message holding it
        self._uploads: set[int] = set()  # attachment ids of commands' uploads, not dropped
        self.bot_manage_webhooks = True  # the bot may manage webhooks (Discord: else 403)
        self.bot_manage_messages = True  # the bot may delete members' messages (else 403)
        # The Developer Portal's Message Content toggle: off, an IDENTIFY asking for the intent
        # is closed with 4014 and the application's flags do not carry it.
        self.message_content_intent = True
        self.deleted_messages: list[Json] = []
        self._messages: dict[int, Json] = {}  # insertion order == posting order

    @property
    def attachment_base_url(self) -> str:
        """Attachment URLs start with this (FakeDiscord serves them)."""
        return f"{self.cdn_base_url}/attachments"

    @property
    def cdn_base_url(self) -> str:
        return "http://127.0.0.1"

    # ------------------------------------------------------------------ the CDN's signed links
    def cdn_now(self) -> datetime:
        return self.cdn_clock or datetime.now(UTC)

    def _signature(self, path: str, ex: str, issued: str) -> str:
        text = f"{path}|{ex}|{issued}".encode()
        return hmac.new(self._cdn_key, text, hashlib.sha256).hexdigest()

    def signed(self, path: str) -> str:
        """A link to the file at `path` (`/attachments/…`), good for `cdn_lifetime` from now."""
        now = self.cdn_now()
        ex, issued = f"{int((now + self.cdn_lifetime).timestamp()):x}", f"{int(now.timestamp()):x}"
        signature = self._signature(unquote(path), ex, issued)  # the path as it is served
        return f"{self.cdn_base_url}{path}?ex={ex}&is={issued}&hm={signature}"

    def cdn_problem(self, url: str) -> str | None:
        """Why the CDN would not serve this link now (None: it would)."""
        parts = urlsplit(url)
        path = unquote(parts.path)  # as it was signed, however a client quoted it
        query = {key: values[0] for key, values in parse_qs(parts.query).items()}
        if not {"ex", "is", "hm"} <= set(query):
            return "unsigned"
        signature = self._signature(path, query["ex"], query["is"])
        if not hmac.compare_digest(query["hm"], signature):
            return "bad signature"
        if int(query["ex"], 16) <= self.cdn_now().timestamp():
            return "expired"
        if not self.file_exists(path):
            return "no such file"
        return None

    def file_exists(self, path: str) -> bool:
        """Whether the file a CDN path names is still kept: on the message holding it (not
        deleted, not edited away), or a command's upload not dropped yet."""
        kind, _, rest = path.strip("/").partition("/")
        try:
            aid = int(rest.split("/")[1])
        except (IndexError, ValueError):
            return False
        if kind == "ephemeral-attachments":
            return aid in self._uploads
        home = self._messages.get(self._homes.get(aid, 0))
        return (
            kind == "attachments"
            and home is not None
            and any(a["id"] == str(aid) for a in home["attachments"])
        )

    def command_upload(self, upload: UploadedFile) -> Json:
        """A file a member attaches to a command's option: an ephemeral attachment."""
        aid = self._snowflake()
        self.files[aid], self.file_types[aid] = upload.data, upload.content_type
        self._uploads.add(aid)
        url = self.signed(f"/ephemeral-attachments/{self.application_id}/{aid}/{upload.filename}")
        return {
            "id": str(aid), "filename": upload.filename, "size": len(upload.data), "url": url,
            "proxy_url": url, "content_type": upload.content_type, "ephemeral": True,
        }  # fmt: skip

    def delete_message(self, message_id: int | str) -> None:
        """A moderator deletes a message (its files go with it)."""
        self.deleted_messages.append(self._messages.pop(int(message_id)))

    def drop_command_uploads(self) -> None:
        """Discord removes commands' uploads after a while: their links stop working."""
        self._uploads.clear()

    # ------------------------------------------------------------------ state accessors
    def messages(self, channel: int | str) -> list[Json]:
        """Messages in a channel (id or name), oldest first; deleted ones are excluded,
        ephemeral ones (``flags & 64``) included.  These are the live stored dicts."""
        cid = str(self._channel_id(channel))
        return [m for m in self._messages.values() if m["channel_id"] == cid]

    def message(self, message_id: int | str) -> Json | None:
        return self._messages.get(int(message_id))

    def attachment_bytes(self, attachment: Json) -> bytes:
        return self.files[int(attachment["id"])]

    def guild_channels(self) -> list[Json]:
        return [c for c in self.channels.values() if "guild_id" in c and c["type"] != THREAD]

    def guild_threads(self) -> list[Json]:
        return [c for c in self.channels.values() if c["type"] == THREAD]

    def dm_channel(self, user_id: int) -> Json:
        """The bot's DM channel with a user (created on first use)."""
        for channel in self.channels.values():
            if channel["type"] == 1 and channel["recipients"][0]["id"] == str(user_id):
                return channel
        cid = self._snowflake()
        self.channels[cid] = {
            "id": str(cid), "type": 1, "recipients": [self.users[user_id]], "last_message_id": None,
        }  # fmt: skip
        return self.channels[cid]

    def member(self, user_id: int) -> Json:
        """Guild member payload (with ``user``) for a member id."""
        return {
            "user": self.users[user_id], "roles": [str(r) for r in self.member_roles[user_id]],
            "nick": None, "avatar": None, "joined_at": "2024-01-01T00:00:00+00:00",
            "deaf": False, "mute": False, "flags": 0, "pending": False,
        }  # fmt: skip

    def permissions(self, user_id: int) -> int:
        """Guild-level permission bits of a member (the owner has all)."""
        if user_id == self.owner:
            return ALL_PERMISSIONS
        perms = int(self.roles[self.guild_id]["permissions"])
        if user_id == self.bot_user and self.bot_manage_webhooks:
            perms |= MANAGE_WEBHOOKS
        if user_id == self.bot_user and self.bot_manage_messages:
            perms |= MANAGE_MESSAGES
        for rid in self.member_roles[user_id]:
            perms |= int(self.roles[rid]["permissions"])
        return perms

    def guild_payload(self) -> Json:
        """The full guild, as in GUILD_CREATE (``member_count`` == members sent: no chunking)."""
        members = [self.member(uid) for uid in self.member_roles]
        return {
            "id": str(self.guild_id), "name": self.guild_name, "icon": None, "splash": None,
            "owner_id": str(self.owner), "roles": list(self.roles.values()), "emojis": [],
            "stickers": [], "features": [], "channels": self.guild_channels(),
            "threads": self.guild_threads(), "members": members, "member_count": len(members),
            "presences": [],
            "voice_states": [], "stage_instances": [], "guild_scheduled_events": [],
            "large": False, "unavailable": False, "joined_at": "2024-01-01T00:00:00+00:00",
            "verification_level": 0, "default_message_notifications": 0,
            "explicit_content_filter": 0, "mfa_level": 0, "nsfw_level": 0, "premium_tier": 0,
            "preferred_locale": "en-US", "system_channel_id": None, "afk_timeout": 300,
        }  # fmt: skip

    def bot_user_payload(self) -> Json:
        return {**self.users[self.bot_user], "verified": True, "mfa_enabled": False, "flags": 0}

    def option_payload(
        self, spec: Json, options: Json, focused: str | None, resolved: Json
    ) -> Json:
        """One command option as sent in ``data.options``; user/role/channel go in ``resolved``."""
        name, otype, value = spec["name"], spec["type"], options[spec["name"]]
        if name == focused:
            return {"name": name, "type": otype, "value": str(value), "focused": True}
        if otype == USER and self._user_id(value) not in self.users:
            raise ValueError(f"option {name!r}: unknown user {value!r}")
        if otype in (USER, MENTIONABLE) and self._user_id(value) in self.users:
            uid = self._user_id(value)
            resolved.setdefault("users", {})[str(uid)] = self.users[uid]
            if uid in self.member_roles:
                member = {k: v for k, v in self.member(uid).items() if k != "user"}
                resolved.setdefault("members", {})[str(uid)] = {
                    **member,
                    "permissions": str(self.permissions(uid)),
                }
            value = str(uid)
        elif otype in (ROLE, MENTIONABLE):
            resolved.setdefault("roles", {})[str(int(value))] = self.roles[int(value)]
            value = str(int(value))
        elif otype == CHANNEL:
            cid = self._channel_id(value)
            resolved.setdefault("channels", {})[str(cid)] = {
                **self.channels[cid],
                "permissions": str(ALL_PERMISSIONS),
            }
            value = str(cid)
        elif otype in (STR, INT, BOOL, NUMBER):
            value = CONVERTERS[otype](value)
        elif otype == ATTACHMENT:
            attachment = self.command_upload(value)
            resolved.setdefault("attachments", {})[attachment["id"]] = attachment
            value = attachment["id"]
        else:
            raise ValueError(f"option {name!r}: type {otype} is not supported by the fake")
        choices = [c["value"] for c in spec.get("choices") or []]
        if choices and value not in choices:
            raise ValueError(f"option {name!r}: {value!r} is not one of the choices {choices}")
        return {"name": name, "type": otype, "value": value}

    def interaction_payload(
        self, iid: int, token: str, itype: int, data: Json, user_id: int, channel_id: int,
        message: Json | None,
    ) -> Json:  # fmt: skip
        """An INTERACTION_CREATE payload by a member in a guild channel."""
        uid, cid = user_id, channel_id
        perms = str(self.permissions(uid))
        payload: Json = {
            "id": str(iid), "application_id": str(self.application_id), "type": itype,
            "token": token, "version": 1, "data": data, "guild_id": str(self.guild_id),
            "guild": {"id": str(self.guild_id), "locale": "en-US", "features": []},
            "channel_id": str(cid), "channel": {**self.channels[cid], "permissions": perms},
            "member": {**self.member(uid), "permissions": perms},
            "app_permissions": str(self.permissions(self.bot_user)), "locale": "en-US",
            "guild_locale": "en-US", "entitlements": [], "context": 0,
            "authorizing_integration_owners": {"0": str(self.guild_id)},
            "attachment_size_limit": getattr(self, "attachment_size_limit", 10 * 1024 * 1024),
        }  # fmt: skip
        if message is not None:
            payload["message"] = message
        return payload

    # ------------------------------------------------------------------ builders
    def _snowflake(self) -> int:
        ms = max(int(time.time() * 1000), self._last_ms)
        self._last_ms = ms
        return ((ms - DISCORD_EPOCH_MS) << 22) | (next(self._seq) & 0x3FFFFF)

    def _snowflake_at(self, made: float) -> int:
        """An id whose time is `made` (a wall-clock time, maybe past), unique all the same."""
        ms = int(made * 1000)
        return ((ms - DISCORD_EPOCH_MS) << 22) | (next(self._seq) & 0x3FFFFF)

    def _add_user(self, name: str, *, bot: bool = False, uid: int | None = None) -> int:
        uid = uid or self._snowflake()
        self.users[uid] = {
            "id": str(uid), "username": name, "global_name": name, "discriminator": "0",
            "avatar": None, "bot": bot, "public_flags": 0,
        }  # fmt: skip
        return uid

    @staticmethod
    def _role(rid: int, name: str, perms: int, position: int) -> Json:
        return {
            "id": str(rid), "name": name, "permissions": str(perms), "position": position,
            "color": 0, "hoist": False, "managed": False, "mentionable": False, "flags": 0,
        }  # fmt: skip

    def _channel_id(self, channel: int | str | None) -> int:
        if channel is None:
            return next(iter(self.channel_ids.values()))
        if isinstance(channel, str) and not channel.isdigit():
            return self.channel_ids[channel]
        return int(channel)

    @staticmethod
    def _user_id(user: int | str | Json) -> int:
        return int(user["id"]) if isinstance(user, dict) else int(user)

    def _new_message(
        self, channel_id: int, body: Json, files: dict[str, UploadedFile], *,
        author: int | None = None, flags: int = 0, interaction: Json | None = None,
    ) -> Json:  # fmt: skip
        """Store a new message; ``interaction`` is the metadata of the interaction it answers."""
        mid = self._snowflake()
        channel = self.channels.get(channel_id, {})
        msg: Json = {
            "id": str(mid), "channel_id": str(channel_id),
            "author": self.users[author or self.bot_user], "content": body.get("content") or "",
            "embeds": body.get("embeds") or [], "components": body.get("components") or [],
            "flags": int(body.get("flags") or 0) | flags, "tts": bool(body.get("tts")),
            "allowed_mentions": body.get("allowed_mentions"), "attachments": [],
            "timestamp": now_iso(), "edited_timestamp": None, "type": 0, "pinned": False,
            "mention_everyone": False, "mentions": [], "mention_roles": [],
        }  # fmt: skip
        if "guild_id" in channel:
            msg["guild_id"] = channel["guild_id"]
        if "message_reference" in body:
            msg["message_reference"] = body["message_reference"]
        if interaction is not None:
            msg["webhook_id"] = msg["application_id"] = str(self.application_id)
            msg["type"] = 20 if interaction["type"] == 2 else 0  # CHAT_INPUT_COMMAND or DEFAULT
            msg["interaction_metadata"] = interaction
        msg["attachments"] = self._attachments(msg, body, files)
        if channel:
            channel["last_message_id"] = str(mid)
        self._messages[mid] = msg
        return msg

    def _edit_message(self, msg: Json, body: Json, files: dict[str, UploadedFile]) -> Json:
        """Apply a PATCH body (or a followup filling a deferred message) to a stored message."""
        for key, empty in EDITABLE_FIELDS:
            if key in body:
                msg[key] = body[key] if body[key] is not None else empty
        if body.get("flags") is not None:  # ephemerality cannot change after posting
            msg["flags"] = int(body["flags"]) & ~EPHEMERAL_FLAG | msg["flags"] & EPHEMERAL_FLAG
        msg["flags"] &= ~LOADING_FLAG
        if "attachments" in body or files:
            msg["attachments"] = self._attachments(msg, body, files)
        msg["edited_timestamp"] = now_iso()
        return msg

    def _attachments(self, msg: Json, body: Json, files: dict[str, UploadedFile]) -> list[Json]:
        """Apply a body's ``attachments`` list (kept ones by id, new ones by file index)."""
        existing = {a["id"]: a for a in msg["attachments"]}
        wanted = body.get("attachments")
        if wanted is None:  # no list: keep what is there and add every uploaded file
            wanted = [
                *existing.values(),
                *({"id": k[6:-1]} for k in files if k.startswith("files[")),
            ]
        result: list[Json] = []
        for att in wanted:
            upload = files.get(f"files[{att['id']}]")
            if upload is None:
                if str(att["id"]) in existing:
                    result.append(existing[str(att["id"])])
                continue
            aid = self._snowflake()
            # like Discord, a file sent as octet-stream is typed by its name
            content_type = upload.content_type
            if content_type == "application/octet-stream":
                content_type = mimetypes.guess_type(upload.filename)[0] or content_type
            self.files[aid], self.file_types[aid] = upload.data, content_type
            self._homes[aid] = int(msg["id"])
            url = self.signed(f"/attachments/{msg['channel_id']}/{aid}/{upload.filename}")
            result.append({
                "id": str(aid), "filename": att.get("filename") or upload.filename,
                "description": att.get("description"), "size": len(upload.data), "url": url,
                "proxy_url": url, "content_type": content_type,
            })  # fmt: skip
        return result
