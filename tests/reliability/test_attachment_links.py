"""Attached avatars kept working (issue 30): Discord's signed attachment links read for their
expiry, refreshed before use when they are expired or near it (together, once, remembered
until they near their own end), and left out, logged, when they cannot be refreshed. Discord's
refresh endpoint is stood in for by a function that answers as it does."""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime, timedelta
from typing import Any

import discord
import pytest

from bot.actions.reply import Card, CharacterPost, Reply
from bot.discord.attachments import (
    BATCH,
    MARGIN,
    RETRY_AFTER,
    AttachmentLinks,
    expires_at,
    identity,
    kept_name,
    may_link_avatars,
    needs_refresh,
)

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
CDN = "https://cdn.discordapp.com"


def link(path: str, ends: datetime | None, host: str = CDN) -> str:
    """A signed attachment link ending at `ends` (None: an old, unsigned one)."""
    if ends is None:
        return f"{host}{path}"
    return f"{host}{path}?ex={int(ends.timestamp()):x}&is={int(NOW.timestamp()):x}&hm=ab12"


ROOK = "/attachments/111/222/avatar.png"
SABLE = "/attachments/111/333/avatar.png"


class Clock:
    def __init__(self) -> None:
        self.now = NOW

    def __call__(self) -> datetime:
        return self.now


class Discord:
    """Discord's `POST /attachments/refresh-urls`: each link asked for gets one ending a day
    after the clock, except those it no longer holds (given back as they were sent)."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self.asked: list[list[str]] = []
        self.gone: set[str] = set()  # paths of files no longer kept
        self.failure: Exception | None = None
        self.answer: Any = None  # an odd answer, given instead when set
        self.held: asyncio.Event | None = None  # when set, an ask waits for it
        self.asking = asyncio.Event()  # set once a first ask came

    async def __call__(self, urls: list[str]) -> Any:
        self.asked.append(urls)
        self.asking.set()
        if self.held is not None:
            await self.held.wait()
        if self.failure is not None:
            raise self.failure
        if self.answer is not None:
            return self.answer
        fresh = []
        for url in urls:
            path = identity(url)
            new = url if path in self.gone else link(path, self.clock.now + timedelta(days=1))
            fresh.append({"original": url, "refreshed": new})
        return {"refreshed_urls": fresh}


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def discord_api(clock: Clock) -> Discord:
    return Discord(clock)


@pytest.fixture
def links(clock: Clock, discord_api: Discord) -> AttachmentLinks:
    return AttachmentLinks(discord_api, clock)


# --- Reading a link -----------------------------------------------------------------------------


def test_the_expiry_is_the_ex_parameter_in_hex_unix_seconds() -> None:
    # a link of February 2024, given on the 10th (`is`) for 14 days, as Discord then did
    url = f"{CDN}{ROOK}?ex=65d98d0a&is=65c7180a&hm=79027d47a646"
    assert expires_at(url) == datetime(2024, 2, 24, 6, 30, 34, tzinfo=UTC)


@pytest.mark.parametrize(
    "url",
    [
        f"{CDN}{ROOK}",  # an old link, from before Discord signed them
        f"{CDN}{ROOK}?is=65c7180a&hm=79",
        f"{CDN}{ROOK}?ex=&is=1",
        f"{CDN}{ROOK}?ex=zz&is=1",
        f"{CDN}{ROOK}?ex={'f' * 40}",  # past any date Python can hold
    ],
)
def test_a_link_without_a_readable_expiry_has_none_and_is_refreshed(url: str) -> None:
    assert expires_at(url) is None
    assert needs_refresh(url, NOW)


def test_a_link_is_refreshed_once_it_expires_within_the_margin() -> None:
    assert timedelta(hours=1) == MARGIN
    assert not needs_refresh(link(ROOK, NOW + MARGIN + timedelta(seconds=1)), NOW)
    assert needs_refresh(link(ROOK, NOW + MARGIN), NOW)
    assert needs_refresh(link(ROOK, NOW + timedelta(minutes=5)), NOW)
    assert needs_refresh(link(ROOK, NOW - timedelta(days=3)), NOW)
    assert not needs_refresh(link(ROOK, NOW + timedelta(minutes=5)), NOW, timedelta(0))


def test_an_attachment_is_named_by_its_path_whatever_its_signature() -> None:
    a = link(ROOK, NOW)
    b = link(ROOK, NOW + timedelta(days=1))
    assert a != b and identity(a) == identity(b) == ROOK


def test_only_discords_attachment_links_are_refreshed(links: AttachmentLinks) -> None:
    assert links.is_attachment(link(ROOK, NOW))
    assert links.is_attachment(link(ROOK, NOW, "https://media.discordapp.net"))
    assert links.is_attachment(link("/ephemeral-attachments/1/2/a.png", NOW))
    assert not links.is_attachment("https://images.example/attachments/1/2/a.png")
    assert not links.is_attachment(f"{CDN}/avatars/1/abc.png")  # a user's avatar: no expiry
    assert not links.is_attachment(link(ROOK, NOW, "http://cdn.discordapp.com"))
    assert not links.is_attachment(link(ROOK, NOW, "http://127.0.0.1:4321"))
    fake = AttachmentLinks(Discord(Clock()), Clock(), test_cdn="http://127.0.0.1:4321")
    assert fake.is_attachment(link(ROOK, NOW, "http://127.0.0.1:4321"))
    assert not fake.is_attachment(link(ROOK, NOW, "http://127.0.0.1:9999"))


def test_the_kept_copy_is_named_avatar_with_the_uploads_image_suffix() -> None:
    assert kept_name("Rook in the snow.PNG") == "avatar.png"
    assert kept_name("rook.webp") == "avatar.webp"
    assert kept_name("rook.exe") == "avatar.png"
    assert kept_name("") == "avatar.png"


# --- Refreshing ---------------------------------------------------------------------------------


async def test_a_good_link_is_used_as_it_is_without_asking(
    links: AttachmentLinks, discord_api: Discord
) -> None:
    good = link(ROOK, NOW + timedelta(hours=5))
    other = "https://images.example/rook.png"
    assert await links.fresh_links([good, other]) == {good: good, other: other}
    assert discord_api.asked == []


async def test_expired_links_are_refreshed_together_and_remembered(
    links: AttachmentLinks, discord_api: Discord, clock: Clock
) -> None:
    rook, sable = link(ROOK, NOW - timedelta(days=2)), link(SABLE, NOW + timedelta(minutes=10))
    found = await links.fresh_links([rook, sable, rook])
    assert discord_api.asked == [[rook, sable]]  # one request, each link once
    assert found[rook] == link(ROOK, NOW + timedelta(days=1))
    assert found[sable] == link(SABLE, NOW + timedelta(days=1))

    # the stored (expired) links are asked for again and again: the fresh ones are remembered
    clock.now = NOW + timedelta(hours=20)
    assert await links.fresh_links([rook]) == {rook: found[rook]}
    assert len(discord_api.asked) == 1
    # until they near their own end
    clock.now = NOW + timedelta(hours=23, minutes=30)
    again = await links.fresh_links([rook])
    assert discord_api.asked[-1] == [found[rook]]  # the latest link is the one sent
    assert again[rook] == link(ROOK, clock.now + timedelta(days=1))


async def test_more_links_than_a_request_takes_are_asked_in_batches(
    links: AttachmentLinks, discord_api: Discord
) -> None:
    urls = [link(f"/attachments/1/{n}/a.png", NOW - timedelta(days=1)) for n in range(BATCH + 3)]
    found = await links.fresh_links(urls)
    assert [len(batch) for batch in discord_api.asked] == [BATCH, 3]
    assert all(not needs_refresh(found[url] or "", NOW) for url in urls)


async def test_a_link_discord_no_longer_holds_is_left_out_logged_and_not_asked_again_soon(
    links: AttachmentLinks, discord_api: Discord, clock: Clock, caplog: pytest.LogCaptureFixture
) -> None:
    rook, sable = link(ROOK, NOW - timedelta(days=2)), link(SABLE, NOW - timedelta(days=2))
    discord_api.gone.add(ROOK)  # the message holding it was deleted: given back unchanged
    with caplog.at_level(logging.WARNING, "bot.discord.attachments"):
        found = await links.fresh_links([rook, sable])
    assert found[rook] is None and found[sable] is not None
    assert f"could not refresh the attachment link {rook}" in caplog.text
    assert "Discord gave no fresh link" in caplog.text

    clock.now = NOW + RETRY_AFTER - timedelta(seconds=1)
    assert await links.fresh_links([rook]) == {rook: None}
    assert len(discord_api.asked) == 1  # not asked again within RETRY_AFTER
    clock.now = NOW + RETRY_AFTER
    discord_api.gone.clear()
    assert await links.fresh_links([rook]) == {rook: link(ROOK, clock.now + timedelta(days=1))}


@pytest.mark.parametrize(
    ("failure", "answer", "reason"),
    [
        (discord.DiscordServerError(type("R", (), {"status": 503, "reason": "x"})(), "down"), None,
         "Discord's refresh failed"),
        (TimeoutError(), None, "Discord's refresh failed"),
        (None, {"nothing": []}, "Discord's refresh answered oddly"),
        (None, {"refreshed_urls": [{"original": "x"}]}, "Discord gave no fresh link"),
        (None, {"refreshed_urls": [{"original": f"{CDN}{ROOK}", "refreshed": f"{CDN}{SABLE}"}]},
         "Discord gave no fresh link"),
        (None, {"refreshed_urls": [{"original": f"{CDN}{ROOK}",
                                    "refreshed": link(ROOK, NOW - timedelta(seconds=1))}]},
         "Discord gave no fresh link"),
    ],
)  # fmt: skip
async def test_a_failed_refresh_leaves_the_link_out_with_the_reason_logged(
    links: AttachmentLinks,
    discord_api: Discord,
    caplog: pytest.LogCaptureFixture,
    failure: Exception | None,
    answer: Any,
    reason: str,
) -> None:
    discord_api.failure, discord_api.answer = failure, answer
    rook = link(ROOK, NOW - timedelta(days=2))
    with caplog.at_level(logging.WARNING, "bot.discord.attachments"):
        assert await links.fresh_links([rook]) == {rook: None}
    assert reason in caplog.text


async def test_uses_at_the_same_moment_share_one_ask(
    links: AttachmentLinks, discord_api: Discord
) -> None:
    discord_api.held = asyncio.Event()
    rook = link(ROOK, NOW - timedelta(days=2))
    first = asyncio.create_task(links.fresh_links([rook]))
    second = asyncio.create_task(links.fresh_links([rook]))
    await discord_api.asking.wait()
    await asyncio.sleep(0)
    discord_api.held.set()
    assert (await first)[rook] == (await second)[rook] == link(ROOK, NOW + timedelta(days=1))
    assert len(discord_api.asked) == 1


async def test_a_cancelled_ask_frees_those_waiting_on_it(
    links: AttachmentLinks, discord_api: Discord
) -> None:
    discord_api.held = asyncio.Event()
    rook = link(ROOK, NOW - timedelta(days=2))
    first = asyncio.create_task(links.fresh_links([rook]))
    await discord_api.asking.wait()
    second = asyncio.create_task(links.fresh_links([rook]))
    await asyncio.sleep(0)
    first.cancel()
    assert await second == {rook: None}
    # nothing is left pending: the next use asks again
    discord_api.held.set()
    assert (await links.fresh_links([rook]))[rook] is not None
    assert len(discord_api.asked) == 2


async def test_every_avatar_a_reply_uses_is_refreshed_in_one_ask(
    links: AttachmentLinks, discord_api: Discord
) -> None:
    rook, sable = link(ROOK, NOW - timedelta(days=2)), link(SABLE, NOW - timedelta(days=2))
    gone = link("/attachments/111/444/avatar.png", NOW - timedelta(days=2))
    discord_api.gone.add(identity(gone))
    reply = Reply(
        title="Rook",
        avatar_url=rook,
        post=CharacterPost(name="Rook", avatar_url=rook),
        card=Card(name="Rook", avatar_url=rook),
        announce=Reply(title="Sable", avatar_url=sable),
        elsewhere=[(5, Reply(title="Gone", avatar_url=gone)), (None, Reply(title="Plain"))],
    )
    fresh = await links.fresh(reply)
    assert discord_api.asked == [[rook, sable, gone]]
    new_rook = link(ROOK, NOW + timedelta(days=1))
    assert fresh.avatar_url == new_rook
    assert fresh.post is not None and fresh.post.avatar_url == new_rook
    assert fresh.card is not None and fresh.card.avatar_url == new_rook
    assert fresh.announce is not None
    assert fresh.announce.avatar_url == link(SABLE, NOW + timedelta(days=1))
    assert fresh.elsewhere[0] == (5, Reply(title="Gone", avatar_url=None))
    assert fresh.elsewhere[1] == (None, Reply(title="Plain"))
    assert fresh.title == "Rook" and fresh.post.name == "Rook"


async def test_a_reply_without_attachment_links_is_left_alone(
    links: AttachmentLinks, discord_api: Discord
) -> None:
    reply = Reply(title="Rook", avatar_url="https://images.example/rook.png")
    assert await links.fresh(reply) is reply
    assert discord_api.asked == []


def test_only_a_reply_with_an_avatar_link_is_refreshed() -> None:
    """`answer()` awaits the refresh only when a link is found, wherever in the reply it is."""
    link = "https://cdn.discordapp.com/attachments/1/2/rook.png"
    assert not may_link_avatars(Reply(title="Rook"))
    assert may_link_avatars(Reply(title="Rook", avatar_url=link))
    assert may_link_avatars(Reply(title="Rook", announce=Reply(title="Kit", avatar_url=link)))
    assert may_link_avatars(Reply(elsewhere=[(None, Reply(avatar_url=link))]))
