"""Telling players of the age-table gains that wait for their choice: at the moon that brings
them, in the channel where each cat last played (else the game-day channel), with the select
when the post is about one cat."""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from bot.actions.formatting import safe
from bot.actions.reply import Reply
from bot.actions.wcagr.ageing import gain_select, waiting_line, waiting_line_of
from bot.actions.wcagr.sheet import cats_by_id, wcagr_sheet
from bot.outbox import Post
from rules.wcagr import WcagrSheet
from rules.wcagr.age_table import PendingGain, gains_at
from rules.wcagr.ageing import options_of
from storage.models import Character
from storage.repositories import Transaction
from storage.settings import Guild
from storage.wcagr import wcagr
from storage.wcagr.moon import ToldRow

MOST_PER_POST = 20  # cats named in one post, so a big server's moon stays within a message


def untold(sheet: WcagrSheet) -> bool:
    """Whether the cat has gains waiting that no post has told its player of yet."""
    return len(sheet.pending) > sheet.gains_told and not sheet.retired and not sheet.dead


class Telling(NamedTuple):
    """A cat whose player a moon's post tells of its waiting gains: its line, and its sheet
    for the select shown when the post is about it alone (None: read then, as saved)."""

    character_id: int
    owner_id: int
    line: str
    sheet: WcagrSheet | None


def _line_of(owner_id: int, name: str, age: int, waiting: str) -> str:
    return f"<@{owner_id}>: {safe(name)}, {age} moons. {waiting}"


def _waiting(listed: str, count: int) -> str:
    return f"{listed} (then {count - 1} more)" if count > 1 else listed


def _telling(cat: Character) -> Telling:
    sheet = wcagr_sheet(cat)
    waiting = _waiting(waiting_line(sheet, sheet.pending[0]), len(sheet.pending))
    return Telling(
        cat.id, cat.owner_id, _line_of(cat.owner_id, cat.name, sheet.age_moons, waiting), sheet
    )


@lru_cache(maxsize=4096)
def _waiting_at(age: int, part: str) -> str:
    """What a cat the moon in SQL brought to `age` waits for (its row's choices, the first
    with its options from `part`, the sheet's JSON they are read from by the rules' own
    `options_of`), worked out once for the many sheets alike."""
    choices = [gain for gain in gains_at(age) if gain.needs_choice]
    values = json.loads(part)
    # Each gain reads only its own part: the one given.
    options = options_of(
        choices[0], lambda s: values.get(s, 0), lambda k: values.get(k, 0), lambda a: values[a]
    )
    return _waiting(waiting_line_of(options, PendingGain(gain=choices[0], moon=age)), len(choices))


def told_in_sql(rows: Sequence[ToldRow]) -> list[Telling]:
    """The `Telling` of each cat the moon in SQL told of its gains (`MoonQueries.age`)."""
    # `_line_of` written out: this runs for most of a big server's cats.
    waiting = _waiting_at
    return [
        Telling(id_, owner, f"<@{owner}>: {safe(name)}, {age} moons. {waiting(age, part)}", None)
        for id_, owner, name, age, part, _ in rows
    ]


def _post(tx: Transaction, guild: Guild, channel: int, told: Sequence[Telling]) -> Post:
    only = told[0] if len(told) == 1 else None
    lines = [t.line for t in told]
    lines.append(
        "Choose below, or with /character gains." if only else "Choose with /character gains."
    )
    select = None
    if only is not None:
        sheet = only.sheet
        if sheet is None:
            [cat] = cats_by_id(tx, guild.guild_id, [only.character_id])
            sheet = wcagr_sheet(cat)
        select = gain_select(only.character_id, sheet)
    reply = Reply(
        title="Gains wait for a choice",
        lines=lines,
        select=select,
        mentions=sorted({t.owner_id for t in told}),
    )
    return Post(channel, reply, guild.guild_id)


def gain_prompts(
    tx: Transaction,
    guild: Guild,
    cats: Sequence[Character],
    told_already: Sequence[Telling] = (),
) -> list[Post]:
    """Posts telling each cat's player of its untold gains, grouped by channel, in id order;
    the cats told are marked so (saved by the caller). A cat with nowhere to be told stays
    untold: the next game-day summary or `/character gains` shows it. `told_already`: cats
    the moon in SQL marked told (it tells only those that have somewhere to be told)."""
    fallback = guild.settings.clock.game_day_channel_id
    to_tell = [cat for cat in cats if untold(wcagr_sheet(cat))]
    # Where each last played, in a few statements (not one per cat: a big server's moon).
    last = wcagr(tx).last_channels(
        guild.guild_id,
        [(cat.id, cat.owner_id) for cat in to_tell] + [t[:2] for t in told_already],
    )
    told: list[tuple[int, Telling]] = []
    for cat in to_tell:
        channel = last.get(cat.id) or fallback
        if channel is None:
            continue
        told.append((channel, _telling(cat)))
        sheet = wcagr_sheet(cat)
        cat.sheet = sheet.changed(gains_told=len(sheet.pending))
    if fallback is None:  # SQL marks told only a cat with somewhere to be told
        in_sql = [(last[t[0]], t) for t in told_already]
    else:
        in_sql = [(last.get(t[0], fallback), t) for t in told_already]
    # Both in id order: sorted together only when both hold cats.
    told = sorted(told + in_sql, key=lambda pair: pair[1].character_id) if told else in_sql
    by_channel: dict[int, list[Telling]] = {}
    for channel, telling in told:
        by_channel.setdefault(channel, []).append(telling)
    return [
        _post(tx, guild, channel, tellings[start : start + MOST_PER_POST])
        for channel, tellings in by_channel.items()
        for start in range(0, len(tellings), MOST_PER_POST)
    ]
