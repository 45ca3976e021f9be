"""Scars owed past the server's timeout (`/config scar-timeout`, 24 h by default) are placed where
the Narrator puts them, "usually in the Trait you tried to use" (book l. 37), each wound once,
told in the channel it came from; a fight against a non-cat then goes on to its next round."""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.actions.cat.common import CAT
from bot.actions.cat.owed import place_by_default, where_from
from bot.actions.cat.wounds import after_placing
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.reply import Reply
from bot.outbox import Post, record_posts
from bot.scheduler import JobResult
from storage.cat import cat
from storage.cat.settings import CatSettings
from storage.cat.wounds import Wound
from storage.models import Character
from storage.repositories import Transaction
from storage.settings import Guild

PLACED_PER_WAKE = 50
SOONEST_WAKE = timedelta(minutes=1)  # the job never asks to run again sooner than this
BOT_USER_ID = 0  # the audit log's "user" for what the job does by itself


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _timeout(guild: Guild) -> timedelta:
    return timedelta(hours=CatSettings.of(guild.settings).scar_timeout_hours)


def _place(
    tx: Transaction, guild: Guild, wound: Wound, found: Character, now: datetime
) -> Post | None:
    """Place one overdue wound's scars where the Narrator puts them; the post that tells its
    channel (None when it has none, or nothing was placed: the cat had died)."""
    actor = Actor(wound.guild_id, wound.channel_id or 0, BOT_USER_ID)
    source, left = where_from(tx, wound), wound.left
    wound, lines = place_by_default(tx, actor, guild, wound, found, now)
    then = after_placing(tx, actor, wound, found, now)
    if wound.channel_id is None or not lines:
        return None
    hours = CatSettings.of(guild.settings).scar_timeout_hours
    reply = Reply(
        title=f"{safe(found.name)}'s scars are placed",
        lines=[
            f"<@{found.owner_id}>, {safe(found.name)}'s {_plural(left, 'scar')} from "
            f"{source} waited {hours} h: the Narrator places them, in the trait it used first.",
            *lines,
            *then.lines,
        ],
        buttons=then.buttons,
        mentions=sorted({found.owner_id, *then.mentions}),
    )
    return Post(wound.channel_id, reply, guild_id=wound.guild_id)


@runs_in_database
def place_overdue_scars(
    services: Services, now: datetime, limit: int = PLACED_PER_WAKE
) -> tuple[list[Post], datetime | None]:
    """Place each overdue wound's scars by the Narrator's default (claimed, so two processes
    place it once), server by server by each one's own timeout, and say when the next one falls
    due."""
    posts: list[Post] = []
    with services.db.transaction() as tx:
        wounds = cat(tx).wounds
        guilds: dict[int, Guild] = {}
        placed = 0
        for guild_id, oldest in wounds.oldest_open(CAT):
            guild = guilds[guild_id] = tx.guilds.get(guild_id)
            if placed >= limit or oldest + _timeout(guild) > now:
                continue
            for wound in wounds.overdue(guild_id, now - _timeout(guild), limit - placed, CAT):
                found = tx.characters.by_id(wound.guild_id, wound.character_id)
                if found is None:
                    continue
                placed += 1
                post = _place(tx, guild, wound, found, now)
                if post is not None:
                    posts.append(post)
        record_posts(tx, posts, now)
        next_due = None
        for guild_id, oldest in wounds.oldest_open(CAT):
            guild = guilds.get(guild_id) or tx.guilds.get(guild_id)
            due = max(oldest + _timeout(guild), now + SOONEST_WAKE)
            next_due = due if next_due is None else min(next_due, due)
    return posts, next_due


async def scar_timeouts(services: Services, now: datetime) -> JobResult:
    """The scheduler's job: scars owed past the timeout go where the Narrator puts them."""
    posts, next_due = await place_overdue_scars(services, now)
    return JobResult(posts, next_due, in_outbox=True)
