"""The fake Discord's CDN behaves as the bot's attachment handling needs it to: signed links
that stop working at `ex` on the fake's CDN clock, `POST /attachments/refresh-urls` signing a
kept file's link anew, and files gone with their message (or, for a command's upload, once
dropped)."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from urllib.parse import urlsplit

import aiohttp

from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.fake_discord_state import UploadedFile

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
PNG = UploadedFile("a cat.png", b"\x89PNG not really", "image/png")


async def status(session: aiohttp.ClientSession, url: str) -> int:
    async with session.get(url) as answer:
        return answer.status


async def refresh(session: aiohttp.ClientSession, fake: FakeDiscord, urls: list[str]) -> list[str]:
    body = {"attachment_urls": urls}
    async with session.post(f"{fake.base_url}/attachments/refresh-urls", json=body) as answer:
        assert answer.status == 200, await answer.text()
        given = (await answer.json())["refreshed_urls"]
    assert [item["original"] for item in given] == urls
    return [item["refreshed"] for item in given]


async def test_signed_links_expire_and_are_refreshed_while_the_file_is_kept() -> None:
    async with FakeDiscord() as fake, aiohttp.ClientSession() as session:
        fake.cdn_clock = T0
        form = aiohttp.FormData()
        form.add_field("payload_json", json.dumps({"content": "a file"}))
        form.add_field("files[0]", PNG.data, filename=PNG.filename, content_type=PNG.content_type)
        channel = fake.channel_ids["general"]
        async with session.post(f"{fake.base_url}/channels/{channel}/messages", data=form) as made:
            message = await made.json()
        [attachment] = message["attachments"]
        url = attachment["url"]
        async with session.get(url) as answer:
            assert answer.status == 200 and answer.content_type == "image/png"
            assert await answer.read() == PNG.data
        assert await status(session, url.split("?")[0]) == 404  # unsigned
        assert await status(session, url.replace("ex=", "ex=f")) == 404  # tampered with

        fake.cdn_clock = T0 + fake.cdn_lifetime
        assert fake.cdn_problem(url) == "expired" and await status(session, url) == 404
        [fresh] = await refresh(session, fake, [url])
        assert fresh != url and urlsplit(fresh).path == urlsplit(url).path
        assert await status(session, fresh) == 200
        assert fake.refreshes == [[url]]

        # once the message is deleted, the link comes back as it was sent, and stays dead
        fake.delete_message(message["id"])
        fake.cdn_clock += timedelta(days=2)
        assert await refresh(session, fake, [fresh]) == [fresh]
        assert fake.cdn_problem(fresh) == "expired"
        fake.cdn_clock = T0
        assert fake.cdn_problem(url) == "no such file"

        async with session.post(
            f"{fake.base_url}/attachments/refresh-urls", json={"attachment_urls": [url] * 51}
        ) as refused:
            assert refused.status == 400
    assert fake.unhandled == []


async def test_a_commands_upload_is_served_until_it_is_dropped() -> None:
    async with FakeDiscord() as fake, aiohttp.ClientSession() as session:
        upload = fake.command_upload(PNG)
        assert upload["ephemeral"] is True and "/ephemeral-attachments/" in upload["url"]
        assert await status(session, upload["url"]) == 200
        fake.drop_command_uploads()
        assert await status(session, upload["url"]) == 404
        assert fake.cdn_fetches[-1][1] == "no such file"
