"""Telling players of the age-table gains that wait for their choice: at the moon that brings
them, in the channel where each cat last played (else the game-day channel), with the select
when the post is about one cat."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from bot.actions.formatting import safe
from bot.actions.reply import Reply, Select
from bot.actions.wcagr.ageing import gain_select, waiting_line, waiting_line_of
from bot.actions.wcagr.sheet import wcagr_sheet
from bot.outbox import Post
from rules.wcagr import WcagrSheet
from rules.wcagr.age_table import Gain, PendingGain
from rules.wcagr.ageing import options_of
from storage.models import Character
from storage.repositories import Transaction
from storage.settings import Guild
from storage.wcagr import wcagr

MOST_PER_POST = 20  # cats named in one post, so a big server's moon stays within a message


def untold(sheet: WcagrSheet) -> bool:
    """Whether the cat has gains waiting that no post has told its player of yet."""
    return len(sheet.pending) > sheet.gains_told and not sheet.retired and not sheet.dead


@dataclass(frozen=True)
class Telling:
    """A cat whose player a moon's post tells of its waiting gains: its line, and the select
    shown when the post is about it alone."""

    character_id: int
    owner_id: int
    line: str
    select: Callable[[], Select | None]


def _line_of(owner_id: int, name: str, age: int, waiting: int, listed: str) -> str:
    more = f" (then {waiting - 1} more)" if waiting > 1 else ""
    return f"<@{owner_id}>: {safe(name)}, {age} moons. {listed}{more}"


def _telling(cat: Character) -> Telling:
    sheet = wcagr_sheet(cat)
    listed = waiting_line(sheet, sheet.pending[0])
    return Telling(
        cat.id,
        cat.owner_id,
        _line_of(cat.owner_id, cat.name, sheet.age_moons, len(sheet.pending), listed),
        lambda: gain_select(cat.id, sheet),
    )


@lru_cache(maxsize=4096)
def _listed(gain: str, moon: int | None, skills: str, knacks: str, abilities: str) -> str:
    """`waiting_line` of a sheet read as JSON: its gain's options from the sheet's levels
    (the same rules, `options_of`), worked out once for the many sheets alike."""
    skill, picks, score = json.loads(skills), json.loads(knacks), json.loads(abilities)
    options = options_of(
        Gain(gain), lambda s: skill.get(s, 0), lambda k: picks.get(k, 0), lambda a: score[a]
    )
    return waiting_line_of(options, PendingGain(gain=Gain(gain), moon=moon))


_PART = re.compile(r'"(skills|knacks|abilities)":(\{[^{}]*\})')
_FIRST = re.compile(r'"pending":\[\{"gain":"([a-z-]+)","moon":(\d+|null)')


def telling_of_json(character_id: int, owner_id: int, name: str, text: str) -> Telling:
    """The `Telling` of a cat aged in SQL, from its sheet's JSON (the sheet model is built
    only for a select, when the post is about that cat alone). The parts the line needs are
    cut from SQLite's compact JSON; any other text is read whole."""
    parts = dict(_PART.findall(text))
    first = _FIRST.search(text)
    if len(parts) == 3 and first is not None:
        gain, moon = first.group(1), first.group(2)
        listed = _listed(
            gain,
            None if moon == "null" else int(moon),
            parts["skills"],
            parts["knacks"],
            parts["abilities"],
        )
        count = text.count('{"gain":')
        age = int(text.split('"age_moons":', 1)[1].split(",", 1)[0])
    else:  # PostgreSQL's JSON (spaced), or a sheet of another shape: read whole
        data = json.loads(text)
        head = data["pending"][0]
        listed = _listed(
            head["gain"],
            head.get("moon"),
            json.dumps(data["skills"]),
            json.dumps(data["knacks"]),
            json.dumps(data["abilities"]),
        )
        count, age = len(data["pending"]), int(data["age_moons"])
    return Telling(
        character_id,
        owner_id,
        _line_of(owner_id, name, age, count, listed),
        lambda: gain_select(character_id, WcagrSheet.model_validate_json(text)),
    )


def _post(guild: Guild, channel: int, told: Sequence[Telling]) -> Post:
    only = told[0] if len(told) == 1 else None
    lines = [t.line for t in told]
    lines.append(
        "Choose below, or with /character gains." if only else "Choose with /character gains."
    )
    reply = Reply(
        title="Gains wait for a choice",
        lines=lines,
        select=None if only is None else only.select(),
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
        [(cat.id, cat.owner_id) for cat in to_tell]
        + [(t.character_id, t.owner_id) for t in told_already],
    )
    told: list[tuple[int, Telling]] = []
    for cat in to_tell:
        channel = last.get(cat.id) or fallback
        if channel is None:
            continue
        told.append((channel, _telling(cat)))
        sheet = wcagr_sheet(cat)
        cat.sheet = sheet.changed(gains_told=len(sheet.pending))
    for telling in told_already:
        channel = last.get(telling.character_id) or fallback
        assert channel is not None  # SQL marks told only a cat with somewhere to be told
        told.append((channel, telling))
    told.sort(key=lambda pair: pair[1].character_id)
    by_channel: dict[int, list[Telling]] = {}
    for channel, telling in told:
        by_channel.setdefault(channel, []).append(telling)
    return [
        _post(guild, channel, tellings[start : start + MOST_PER_POST])
        for channel, tellings in by_channel.items()
        for start in range(0, len(tellings), MOST_PER_POST)
    ]
