"""The fake's channel webhooks answer as Discord does: 403 without Manage Webhooks, one channel's
webhooks listed, messages in a thread only with its id, only a webhook's own messages changed."""

from __future__ import annotations

from typing import Any

import aiohttp

from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.fake_discord_webhooks import add_thread

HEADERS = {"Authorization": "Bot fake"}


async def _call(
    session: aiohttp.ClientSession, fake: FakeDiscord, method: str, path: str, **kwargs: Any
) -> tuple[int, Any]:
    async with session.request(method, fake.base_url + path, headers=HEADERS, **kwargs) as reply:
        return reply.status, (await reply.json() if reply.status != 204 else None)


async def test_webhook_routes() -> None:
    async with FakeDiscord() as fake, aiohttp.ClientSession() as session:
        general, hunting = fake.channel_ids["general"], fake.channel_ids["hunting"]
        thread = add_thread(fake, "general", "a scene")

        fake.bot_manage_webhooks = False
        status, body = await _call(session, fake, "GET", f"/channels/{general}/webhooks")
        assert (status, body["code"]) == (403, 50013)
        fake.bot_manage_webhooks = True

        status, hook = await _call(
            session, fake, "POST", f"/channels/{general}/webhooks", json={"name": "Pawpost"}
        )
        assert status == 200 and hook["channel_id"] == str(general) and hook["token"]
        _, other = await _call(session, fake, "POST", f"/channels/{hunting}/webhooks", json={})
        _, listed = await _call(session, fake, "GET", f"/channels/{general}/webhooks")
        assert [h["id"] for h in listed] == [hook["id"]]

        path = f"/webhooks/{hook['id']}/{hook['token']}"
        status, sent = await _call(
            session, fake, "POST", path, params={"wait": "true", "thread_id": str(thread)},
            json={"content": "hi", "username": "Rook"},
        )  # fmt: skip
        assert status == 200 and sent["channel_id"] == str(thread)
        assert sent["author"]["username"] == "Rook" and sent["webhook_id"] == hook["id"]
        status, _ = await _call(
            session, fake, "POST", path, params={"thread_id": str(hunting)}, json={"content": "x"}
        )
        assert status == 400  # not a thread of the webhook's channel

        message = f"{path}/messages/{sent['id']}"
        status, _ = await _call(session, fake, "PATCH", message, json={"content": "changed"})
        assert status == 404  # in a thread: only with its id
        status, edited = await _call(
            session, fake, "PATCH", message, params={"thread_id": str(thread)},
            json={"content": "changed"},
        )  # fmt: skip
        assert status == 200 and edited["content"] == "changed"
        foreign = f"/webhooks/{other['id']}/{other['token']}/messages/{sent['id']}"
        status, _ = await _call(session, fake, "DELETE", foreign)
        assert status == 404  # another webhook's message
        status, _ = await _call(session, fake, "DELETE", message, params={"thread_id": str(thread)})
        assert status == 204 and fake.message(sent["id"]) is None
