"""A card reply made into its PNG: the avatar fetched (https only, public addresses only, an
image of bounded size), the drawing done off the event loop, a few cards at a time."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from bot.actions.card_drawing import draw_card
from bot.actions.reply import Attachment, Reply
from bot.discord.fetching import NotAnImage, fetch_image

log = logging.getLogger(__name__)
Fetch = Callable[[str], Awaitable[bytes]]
CARDS_AT_ONCE = 2  # the default of `cards_at_once`: drawing is CPU work, off the event loop


async def fetch_avatar(url: str | None, fetch: Fetch = fetch_image) -> bytes | None:
    """The avatar's bytes, or None (the card then shows a placeholder) when it cannot be had."""
    if not url:
        return None
    try:
        return await fetch(url)
    except NotAnImage as error:
        log.info("could not fetch the avatar %s for a card: %s", url, error)
        return None


class CardDrawer:
    """Draws cards at most `at_once` at a time; the others wait their turn."""

    def __init__(self, at_once: int = CARDS_AT_ONCE, fetch: Fetch = fetch_image) -> None:
        self._turns = asyncio.Semaphore(at_once)
        self._fetch = fetch  # the bot's: Discord's attachments as well as links

    async def attach(self, reply: Reply) -> Reply:
        """The reply with its card drawn as the attachment."""
        card = reply.card
        assert card is not None
        picture = await fetch_avatar(card.avatar_url, self._fetch)
        async with self._turns:
            png = await asyncio.to_thread(draw_card, card, picture)
        name = "".join(c if c.isalnum() else "-" for c in card.name.lower()).strip("-") or "card"
        attachment = Attachment(filename=f"{name}-card.png", content=png)
        return reply.model_copy(update={"card": None, "attachment": attachment})
