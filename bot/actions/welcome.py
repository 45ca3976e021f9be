"""The one post the bot makes when it joins a server: what it plays and the three first steps,
kept in the outbox so it is sent once."""

from __future__ import annotations

from bot.actions.context import Services, runs_in_database
from bot.actions.reply import Reply
from bot.outbox import Post, record_posts
from rules.rulesets import RULESETS


def welcome(ruleset_id: str) -> Reply:
    info = RULESETS[ruleset_id]
    return Reply(
        title="Pawpost is here",
        lines=[
            f"This server plays **{info.name}** for now: {info.summary}.",
            "1. An admin picks the game with `/config ruleset`; `/help topic:setup` lists the"
            " rest of the set-up, and `/config show` what is not set up yet.",
            "2. Everyone makes a character with `/character new` (step by step).",
            "3. `/help` explains every command, and `/help topic:<command>` one of them.",
        ],
    )


@runs_in_database
def post_welcome(services: Services, guild_id: int, channel_id: int) -> None:
    """Keep the welcome in the outbox (the scheduler sends it, once)."""
    with services.db.transaction() as tx:
        guild = tx.guilds.get(guild_id)
        post = Post(channel_id, welcome(guild.ruleset), guild_id)
        record_posts(tx, [post], services.clock())
