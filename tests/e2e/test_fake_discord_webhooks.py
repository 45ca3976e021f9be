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


async def test_webhook_names_discord_refuses_and_its_rate_limit() -> None:
    async with FakeDiscord() as fake, aiohttp.ClientSession() as session:
        general = fake.channel_ids["general"]
        _, hook = await _call(session, fake, "POST", f"/channels/{general}/webhooks", json={})
        path = f"/webhooks/{hook['id']}/{hook['token']}"
        for name in ("Clyde", "my DISCORD cat"):
            status, body = await _call(
                session, fake, "POST", path, json={"content": "hi", "username": name}
            )
            assert (status, body["code"]) == (400, 50035)
            assert "USERNAME_INVALID_CONTAINS" in str(body["errors"])
        status, _ = await _call(
            session, fake, "POST", path, json={"content": "hi", "username": "\u0421lyde"}
        )
        assert status == 204  # without wait, no message back

        fake.webhooks.rate_limit = (2, 60.0)
        for _ in range(2):
            status, _ = await _call(session, fake, "POST", path, json={"content": "ok"})
            assert status == 204
        async with session.post(
            fake.base_url + path, headers=HEADERS, json={"content": "one too many"}
        ) as reply:
            assert reply.status == 429 and reply.headers["Via"]
            body = await reply.json()
        assert 0 < body["retry_after"] <= 60 and body["global"] is False
        assert fake.webhooks.limited == 1


async def test_members_messages_follow_the_intents_asked_for() -> None:
    from tests.e2e.fake_discord import GatewayConnection

    async with FakeDiscord() as fake:
        seen: list[Any] = []

        class Socket:  # a gateway session without a websocket: what is dispatched is kept
            closed = False

        conn = GatewayConnection(ws=Socket(), query={}, compressed=False)  # type: ignore[arg-type]
        conn.session_id = "s"
        fake._sessions["s"] = 0
        fake._active = conn
        fake.identify_count = 1

        async def keep(payload: dict[str, Any]) -> None:
            seen.append(payload)

        conn.send = keep  # type: ignore[method-assign]
        conn.intents = 1  # guilds only: no messages at all
        stored = await fake.post_user_message("general", "hello", user=fake.player1)
        assert seen == [] and fake.message(stored["id"]) is not None
        conn.intents = 1 | (1 << 9)  # messages, without their text
        await fake.post_user_message("general", "secret words", user=fake.player1)
        assert seen[-1]["d"]["content"] == "" and seen[-1]["t"] == "MESSAGE_CREATE"
        conn.intents |= 1 << 15  # and their text
        asked = await fake.post_user_message("general", "who?", user=fake.player2)
        await fake.post_user_message("general", "me", user=fake.player1, reply_to=asked)
        event = seen[-1]["d"]
        assert event["content"] == "me" and event["type"] == 19
        assert event["message_reference"]["message_id"] == asked["id"]
        assert event["referenced_message"]["content"] == "who?"
