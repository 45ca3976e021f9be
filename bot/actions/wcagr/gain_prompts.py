"""Telling players of the age-table gains that wait for their choice: at the moon that brings
them, in the channel where each cat last played (else the game-day channel), with the select
when the post is about one cat."""

from __future__ import annotations

from collections.abc import Sequence

from bot.actions.formatting import safe
from bot.actions.reply import Reply
from bot.actions.wcagr.ageing import gain_select, waiting_line
from bot.actions.wcagr.sheet import wcagr_sheet
from bot.outbox import Post
from rules.wcagr import WcagrSheet
from storage.models import Character
from storage.repositories import Transaction
from storage.settings import Guild
from storage.wcagr import wcagr

MOST_PER_POST = 20  # cats named in one post, so a big server's moon stays within a message


def untold(sheet: WcagrSheet) -> bool:
    """Whether the cat has gains waiting that no post has told its player of yet."""
    return len(sheet.pending) > sheet.gains_told and not sheet.retired and not sheet.dead


def _line(cat: Character) -> str:
    sheet = wcagr_sheet(cat)
    more = f" (then {len(sheet.pending) - 1} more)" if len(sheet.pending) > 1 else ""
    return (
        f"<@{cat.owner_id}>: {safe(cat.name)}, {sheet.age_moons} moons. "
        f"{waiting_line(sheet, sheet.pending[0])}{more}"
    )


def _post(guild: Guild, channel: int, cats: Sequence[Character]) -> Post:
    only = cats[0] if len(cats) == 1 else None
    lines = [_line(cat) for cat in cats]
    lines.append(
        "Choose below, or with /character gains." if only else "Choose with /character gains."
    )
    reply = Reply(
        title="Gains wait for a choice",
        lines=lines,
        select=None if only is None else gain_select(only.id, wcagr_sheet(only)),
        mentions=sorted({cat.owner_id for cat in cats}),
    )
    return Post(channel, reply, guild.guild_id)


def gain_prompts(tx: Transaction, guild: Guild, cats: Sequence[Character]) -> list[Post]:
    """Posts telling each cat's player of its untold gains, grouped by channel; the cats told
    are marked so (saved by the caller). A cat with nowhere to be told stays untold: the next
    game-day summary or `/character gains` shows it."""
    fallback = guild.settings.clock.game_day_channel_id
    to_tell = [cat for cat in cats if untold(wcagr_sheet(cat))]
    # Where each last played, in a few statements (not one per cat: a big server's moon).
    last = wcagr(tx).last_channels(guild.guild_id, [(cat.id, cat.owner_id) for cat in to_tell])
    by_channel: dict[int, list[Character]] = {}
    for cat in to_tell:
        channel = last.get(cat.id) or fallback
        if channel is None:
            continue
        by_channel.setdefault(channel, []).append(cat)
        sheet = wcagr_sheet(cat)
        cat.sheet = sheet.changed(gains_told=len(sheet.pending))
    return [
        _post(guild, channel, told[start : start + MOST_PER_POST])
        for channel, told in by_channel.items()
        for start in range(0, len(told), MOST_PER_POST)
    ]
