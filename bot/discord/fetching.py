"""Fetching an image someone named (an avatar link): https only, every redirect followed by hand
and checked again, and a connection only to public addresses, checked after DNS (the resolver
itself drops private, loopback, link-local and other special addresses, so a name that points
inside the host's network is never reached, even when it changes between two looks)."""

from __future__ import annotations

import ipaddress
import logging
import socket
from collections.abc import Callable, Sequence
from typing import Any
from urllib.parse import urljoin, urlsplit

import aiohttp
from aiohttp.abc import AbstractResolver, ResolveResult

log = logging.getLogger(__name__)
FETCH_TIMEOUT_S = 3.0
MAX_IMAGE_BYTES = 4 * 1024 * 1024
MAX_REDIRECTS = 3
# Whether an address may be connected to: public ones only, unless a test says otherwise.
Allowed = Callable[[ipaddress.IPv4Address | ipaddress.IPv6Address], bool]


def public(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    """An address on the internet: not private, loopback, link-local, multicast, reserved or
    unspecified (an IPv4 address mapped into IPv6 is judged as itself)."""
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return address.is_global and not address.is_multicast


class PublicResolver(AbstractResolver):
    """DNS as usual, with every address that is not allowed dropped; none left is an error."""

    def __init__(self, allowed: Allowed = public) -> None:
        self._inner = aiohttp.DefaultResolver()
        self._allowed = allowed

    async def resolve(
        self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET
    ) -> list[ResolveResult]:
        found = await self._inner.resolve(host, port, family)
        kept = [one for one in found if self._allowed(ipaddress.ip_address(one["host"]))]
        if not kept:
            raise OSError(0, f"{host} has no public address")
        return kept

    async def close(self) -> None:
        await self._inner.close()


class NotAnImage(Exception):
    """What a link served is not an image the bot takes (the sentence says why)."""


async def fetch_image(
    url: str,
    *,
    allowed: Allowed = public,
    schemes: Sequence[str] = ("https",),
    max_bytes: int = MAX_IMAGE_BYTES,
) -> bytes:
    """The image a link serves, by what it serves (an image/* type, at most `max_bytes`), not by
    its file name. Raises NotAnImage with the reason."""
    connector = aiohttp.TCPConnector(resolver=PublicResolver(allowed), use_dns_cache=False)
    timeout = aiohttp.ClientTimeout(total=FETCH_TIMEOUT_S)
    async with aiohttp.ClientSession(connector=connector, timeout=timeout) as session:
        for _ in range(MAX_REDIRECTS + 1):
            parts = urlsplit(url)
            if parts.scheme not in schemes:
                raise NotAnImage("the link (or a redirect) is not https")
            _check_literal(parts.hostname or "", allowed)
            try:
                async with session.get(url, allow_redirects=False) as answer:
                    if answer.status in (301, 302, 303, 307, 308):
                        url = urljoin(url, answer.headers.get("Location", ""))
                        continue
                    return await _image_of(answer, max_bytes)
            except (aiohttp.ClientError, OSError, TimeoutError) as error:
                raise NotAnImage(f"it could not be fetched ({_reason(error)})") from error
        raise NotAnImage(f"it redirects more than {MAX_REDIRECTS} times")


def _check_literal(host: str, allowed: Allowed) -> None:
    """A host written as an address is never looked up, so the resolver never sees it: check it
    here, as the resolver checks a name's addresses."""
    try:
        address = ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return  # a name: the resolver checks what it resolves to
    if not allowed(address):
        raise NotAnImage(f"{host} has no public address")


async def _image_of(answer: aiohttp.ClientResponse, max_bytes: int) -> bytes:
    if answer.status != 200:
        raise NotAnImage(f"it answered {answer.status}")
    if not answer.content_type.startswith("image/"):
        raise NotAnImage(f"it serves {answer.content_type or 'no type'}, not an image")
    if (answer.content_length or 0) > max_bytes:
        raise NotAnImage(f"it is over {max_bytes // (1024 * 1024)} MB")
    data = await answer.content.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise NotAnImage(f"it is over {max_bytes // (1024 * 1024)} MB")
    return data


def _reason(error: BaseException) -> str:
    text: Any = str(error).strip().splitlines()
    return (text[0] if text else type(error).__name__)[:120]
