"""A card reply made into its PNG: the avatar fetched (briefly, https only, an image of bounded
size), the drawing done off the event loop."""

from __future__ import annotations

import asyncio
import logging
from urllib.parse import urlsplit

import aiohttp

from bot.actions.card_drawing import draw_card
from bot.actions.reply import Attachment, Reply

log = logging.getLogger(__name__)
FETCH_TIMEOUT_S = 3.0
MAX_AVATAR_BYTES = 4 * 1024 * 1024


async def fetch_avatar(url: str | None) -> bytes | None:
    """The avatar's bytes, or None (the card then shows a placeholder) when it cannot be had."""
    if not url or urlsplit(url).scheme != "https":
        return None
    try:
        timeout = aiohttp.ClientTimeout(total=FETCH_TIMEOUT_S)
        async with aiohttp.ClientSession(timeout=timeout) as session, session.get(url) as answer:
            if answer.status != 200 or not answer.content_type.startswith("image/"):
                return None
            if (answer.content_length or 0) > MAX_AVATAR_BYTES:
                return None
            data = await answer.content.read(MAX_AVATAR_BYTES + 1)
            return data if len(data) <= MAX_AVATAR_BYTES else None
    except (aiohttp.ClientError, TimeoutError, ValueError) as error:
        log.info("could not fetch the avatar %s for a card: %s", url, error)
        return None


async def attach_card(reply: Reply) -> Reply:
    """The reply with its card drawn as the attachment."""
    card = reply.card
    assert card is not None
    picture = await fetch_avatar(card.avatar_url)
    png = await asyncio.to_thread(draw_card, card, picture)
    filename = "".join(c if c.isalnum() else "-" for c in card.name.lower()).strip("-") or "card"
    attachment = Attachment(filename=f"{filename}-card.png", content=png)
    return reply.model_copy(update={"card": None, "attachment": attachment})
