"""Fetching an avatar link (issue 30): taken by what it serves (an image type, a size limit),
never following a redirect to a scheme or an address it may not reach, the addresses checked
after DNS. A real HTTP server on 127.0.0.1; loopback stands in for "public" here, and
127.0.0.2 for a private address."""

from __future__ import annotations

import io
import ipaddress
from collections.abc import AsyncIterator

import pytest
from aiohttp import web
from PIL import Image

from bot.actions import profiles
from bot.discord.fetching import NotAnImage, fetch_image, public
from rules.errors import PawpostError
from tests.conftest import ALICE, actor


def _png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (8, 8), (200, 0, 0)).save(out, format="PNG")
    return out.getvalue()


def only_first_loopback(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    return address == ipaddress.ip_address("127.0.0.1")


@pytest.fixture
async def images() -> AsyncIterator[str]:
    """A server with an image, a page, a big image, and redirects."""

    async def cat(request: web.Request) -> web.Response:
        return web.Response(body=_png(), content_type="image/png")

    async def page(request: web.Request) -> web.Response:
        return web.Response(text="<html></html>", content_type="text/html")

    async def big(request: web.Request) -> web.Response:
        return web.Response(body=b"\0" * (5 * 1024 * 1024), content_type="image/png")

    async def to_cat(request: web.Request) -> web.Response:
        raise web.HTTPFound("/cat")

    async def to_private(request: web.Request) -> web.Response:
        raise web.HTTPFound(f"http://127.0.0.2:{request.url.port}/cat")

    async def to_ftp(request: web.Request) -> web.Response:
        raise web.HTTPFound("ftp://127.0.0.1/cat")

    async def loop(request: web.Request) -> web.Response:
        raise web.HTTPFound("/loop")

    app = web.Application()
    for path, handler in (
        ("/cat", cat), ("/page.png", page), ("/big", big), ("/to-cat", to_cat),
        ("/to-private", to_private), ("/to-ftp", to_ftp), ("/loop", loop),
    ):  # fmt: skip
        app.router.add_get(path, handler)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        await runner.cleanup()


async def fetch(url: str) -> bytes:
    return await fetch_image(url, allowed=only_first_loopback, schemes=("http",))


async def test_an_image_is_taken_by_what_it_serves(images: str) -> None:
    assert await fetch(f"{images}/cat") == _png()  # no file name at all
    assert await fetch(f"{images}/to-cat") == _png()  # a redirect checked and followed
    with pytest.raises(NotAnImage, match="serves text/html, not an image"):
        await fetch(f"{images}/page.png")  # a file name is not what it serves
    with pytest.raises(NotAnImage, match="over 4 MB"):
        await fetch(f"{images}/big")


async def test_no_redirect_to_a_private_address_or_another_scheme(images: str) -> None:
    with pytest.raises(NotAnImage, match="127.0.0.2 has no public address"):
        await fetch(f"{images}/to-private")
    with pytest.raises(NotAnImage, match="is not https"):
        await fetch(f"{images}/to-ftp")
    with pytest.raises(NotAnImage, match="redirects more than 3 times"):
        await fetch(f"{images}/loop")


async def test_the_real_policy_reaches_public_addresses_only(images: str) -> None:
    with pytest.raises(NotAnImage, match="is not https"):
        await fetch_image(f"{images}/cat")
    # an address written in the link is checked as a name's addresses are
    for host in ("127.0.0.1", "[::1]", "169.254.169.254", "10.0.0.7"):
        with pytest.raises(NotAnImage, match="has no public address"):
            await fetch_image(f"https://{host}/avatar.png")
    # after DNS: a name for the host itself is refused like the address
    with pytest.raises(NotAnImage, match="localhost has no public address"):
        await fetch_image(images.replace("127.0.0.1", "localhost") + "/cat", schemes=("http",))
    for address in ("127.0.0.1", "10.1.2.3", "172.16.0.1", "192.168.1.1", "169.254.169.254",
                    "0.0.0.0", "224.0.0.1", "::1", "fc00::1", "fe80::1", "::ffff:10.0.0.1",
                    "100.64.0.1"):  # fmt: skip
        assert not public(ipaddress.ip_address(address)), address
    for address in ("93.184.216.34", "2606:4700::1111", "::ffff:8.8.8.8"):
        assert public(ipaddress.ip_address(address)), address


async def test_a_profile_link_that_is_no_image_is_refused(services, images: str) -> None:
    from bot.actions.germ import cats as germ_cats
    from tests.conftest import FIREPAW

    await germ_cats.create(services, actor(ALICE), **FIREPAW)

    async def checked(url: str) -> bytes:  # the bot's check, reaching the test server over http
        try:
            return await fetch(url.replace("https://", "http://", 1))
        except NotAnImage as error:
            raise PawpostError(f"That avatar link does not give an image: {error}.") from None

    services.fetch_image = checked
    https = images.replace("http://", "https://", 1)
    with pytest.raises(PawpostError, match="does not give an image: it serves text/html"):
        await profiles.set_profile(services, actor(ALICE), avatar_url=f"{https}/page.png")
    reply = await profiles.set_profile(services, actor(ALICE), avatar_url=f"{https}/cat")
    assert reply.avatar_url == f"{https}/cat"
