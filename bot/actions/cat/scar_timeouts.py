"""Scars owed past the server's timeout (`/config scar-timeout`, 24 h by default) are placed where
the Narrator puts them, "usually in the Trait you tried to use" (book l. 37), each wound once,
told in the channel it came from; a fight against a non-cat then goes on to its next round."""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.actions.cat.common import CAT
from bot.actions.cat.owed import due_at, place_by_default, where_from
from bot.actions.cat.wounds import after_placing
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.reply import Reply
from bot.outbox import Post, record_posts
from bot.scheduler import JobResult
from storage.cat import cat
from storage.cat.settings import CatSettings
from storage.settings import Guild

PLACED_PER_WAKE = 50
SHORTEST_TIMEOUT = timedelta(hours=1)  # candidates are read by it; each server's own applies
BOT_USER_ID = 0  # the audit log's "user" for what the job does by itself


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


@runs_in_database
def place_overdue_scars(
    services: Services, now: datetime, limit: int = PLACED_PER_WAKE
) -> tuple[list[Post], datetime | None]:
    """Place each overdue wound's scars by the Narrator's default (claimed, so two processes
    place it once), and say when the next one falls due."""
    posts: list[Post] = []
    with services.db.transaction() as tx:
        guilds: dict[int, Guild] = {}
        for wound in cat(tx).wounds.overdue(now - SHORTEST_TIMEOUT, limit, CAT):
            guild = guilds.get(wound.guild_id) or tx.guilds.get(wound.guild_id)
            guilds[wound.guild_id] = guild
            if due_at(wound, guild) > now:
                continue
            found = tx.characters.by_id(wound.guild_id, wound.character_id)
            if found is None:
                continue
            actor = Actor(wound.guild_id, wound.channel_id or 0, BOT_USER_ID)
            source, left = where_from(tx, wound), wound.left
            wound, lines = place_by_default(tx, actor, guild, wound, found, now)
            then = after_placing(tx, actor, wound, found, now)
            if wound.channel_id is None or not lines:
                continue
            hours = CatSettings.of(guild.settings).scar_timeout_hours
            reply = Reply(
                title=f"{safe(found.name)}'s scars are placed",
                lines=[
                    f"<@{found.owner_id}>, {safe(found.name)}'s {_plural(left, 'scar')} from "
                    f"{source} waited {hours} h: the Narrator places them, in the trait it used "
                    "first.",
                    *lines,
                    *then.lines,
                ],
                buttons=then.buttons,
                mentions=sorted({found.owner_id, *then.mentions}),
            )
            posts.append(Post(wound.channel_id, reply, guild_id=wound.guild_id))
        record_posts(tx, posts, now)
        next_due = None
        for guild_id, oldest in cat(tx).wounds.oldest_open(CAT):
            guild = guilds.get(guild_id) or tx.guilds.get(guild_id)
            hours = CatSettings.of(guild.settings).scar_timeout_hours
            due = max(oldest + timedelta(hours=hours), now + SHORTEST_TIMEOUT / 60)
            next_due = due if next_due is None else min(next_due, due)
    return posts, next_due


async def scar_timeouts(services: Services, now: datetime) -> JobResult:
    """The scheduler's job: scars owed past the timeout go where the Narrator puts them."""
    posts, next_due = await place_overdue_scars(services, now)
    return JobResult(posts, next_due, in_outbox=True)
