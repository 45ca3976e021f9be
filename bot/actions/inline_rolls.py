"""Inline rolls in a post's text: `[[2d6+1]]` is rolled with the bot's dice, its total shown in
bold where it stood and the whole roll under the post, each logged like `/roll`."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from bot.actions import audit
from bot.actions.context import Actor, Services
from bot.actions.formatting import safe
from bot.actions.roll import read_notation, roll_notation
from bot.actions.sheet_values import filled
from rules.dice import DiceWord
from rules.errors import PawpostError
from rules.rolls import Roll
from storage.models import Character
from storage.repositories import Transaction

# `[[…]]`, annotations in single brackets allowed inside: `[[1d20+5 [fire]]]`.
INLINE = re.compile(r"\[\[((?:[^\[\]\n]|\[[^\[\]\n]*\])+)\]\]")
MAX_INLINE_ROLLS = 10  # in one post: Discord's limits, and a bounded amount of work


@dataclass
class InlineRolls:
    """The text with each roll's total in place, each roll shown in full, and the rolls."""

    text: str
    lines: list[str] = field(default_factory=list)
    rolls: list[tuple[str, Roll]] = field(default_factory=list)  # (notation, roll)


def roll_inline(
    services: Services,
    words: tuple[DiceWord, ...],
    text: str,
    *,
    strict: bool,
    values: Mapping[str, int] | None = None,
) -> InlineRolls:
    """Roll every `[[…]]`, the speaker's sheet values by name in them (`[[1d20+{stealth}]]`).
    `strict` (a command): one that cannot be read refuses the post in its sentence; otherwise
    (a proxied message) it stays as typed with the sentence under it."""
    found = list(INLINE.finditer(text))
    if len(found) > MAX_INLINE_ROLLS:
        raise PawpostError(f"A post can hold at most {MAX_INLINE_ROLLS} inline rolls.")
    result = InlineRolls(text="")
    pieces: list[str] = []
    last = 0
    for match in found:
        pieces.append(text[last : match.start()])
        last = match.end()
        try:
            notation = read_notation(filled(match.group(1).strip(), values or {}), words)
            rolled, record = roll_notation(services, notation)
        except PawpostError as error:
            if strict:
                raise PawpostError(
                    f"[[{match.group(1)}]] cannot be rolled: {error.message}"
                ) from None
            pieces.append(match.group(0))
            result.lines.append(f"{safe(match.group(0))} is not a roll: {safe(error.message)}")
            continue
        pieces.append(f"**{rolled.total}**")
        result.lines.append(f"{safe(notation.text)}: {record.shown}")
        result.rolls.append((notation.text, record))
    pieces.append(text[last:])
    result.text = "".join(pieces)
    return result


def log_inline(
    tx: Transaction,
    actor: Actor,
    character: Character | None,
    rolls: InlineRolls,
    services: Services,
) -> None:
    """Each inline roll in the log, as `/roll` keeps it, for the character who said it."""
    now = services.clock()
    tx.audit.add_many(
        [
            audit.entry(
                actor,
                "roll",
                f"{notation}: {roll.total}",
                now,
                character=character,
                rolls=[roll],
                reason="inline roll",
            )
            for notation, roll in rolls.rolls
        ]
    )
