"""The one place a failed interaction is answered: a domain error's sentence, or an apology."""

from __future__ import annotations

import logging
import secrets

import discord

from rules.errors import PawpostError

log = logging.getLogger(__name__)


async def _send(interaction: discord.Interaction, text: str) -> None:
    mentions = discord.AllowedMentions.none()
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, allowed_mentions=mentions)
    else:
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=mentions)


async def answer_error(interaction: discord.Interaction, error: BaseException, what: str) -> None:
    """Tell the user what went wrong: the sentence of a `PawpostError`, or, for a bug, a short
    apology with a code that is also in the log next to the traceback."""
    if isinstance(error, PawpostError):
        text = error.message
    else:
        code = secrets.token_hex(3)
        log.error("bug %s while handling %s", code, what, exc_info=error)
        text = (
            f"Sorry, something went wrong on our side (error code {code}). "
            "Nothing was changed; an admin can find the details in the bot's log."
        )
    try:
        await _send(interaction, text)
    except discord.HTTPException:
        log.warning("could not tell the user about an error in %s", what, exc_info=True)
