"""Text shared by every reply: rolls as players read them, and names made safe for Markdown."""

from __future__ import annotations

import re

from rules.rolls import Roll

_SPECIAL = "\\*_~`|>#[]<@"
_ESCAPES = str.maketrans({char: "\\" + char for char in _SPECIAL})
_NEEDS_ESCAPING = re.compile(f"[{re.escape(_SPECIAL)}]")


def safe(text: str) -> str:
    """User-written text escaped so it renders literally and cannot form a mention or link."""
    # Most names need nothing, and looking costs a tenth of translating (the weekly job makes
    # a hundred thousand of these).
    return text.translate(_ESCAPES) if _NEEDS_ESCAPING.search(text) else text


def plural(count: int, word: str) -> str:
    """The count and the word: 1 failed hunt, 2 failed hunts."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def for_reason(reason: str | None) -> str:
    """ " for <reason>" after a roll's title, without doubling a "for" the player typed."""
    if not reason:
        return ""
    cleaned = re.sub(r"^for\s+", "", reason.strip(), flags=re.IGNORECASE) or reason.strip()
    return f" for {safe(cleaned)}"


def signed(value: int) -> str:
    return f"+ {value}" if value >= 0 else f"− {-value}"


def describe_roll(roll: Roll) -> str:
    """Each die, each modifier with its reason, and the total: "d20 **14** + Stealth 8 − 5
    hiding in combat = **17**". A roll of typed notation reads as it was shown when rolled."""
    if roll.shown is not None:
        return roll.shown
    if roll.counts_evens:
        faces = ", ".join(
            f"**{die.face}**" if die.face % 2 == 0 else str(die.face) for die in roll.dice
        )
        dice_text = f"{len(roll.dice)}d6 [{faces}] evens {roll.dice_value}"
    elif len(roll.dice) == 1:
        die = roll.dice[0]
        dice_text = f"d{die.sides} **{die.face}**"
    else:
        groups: dict[int, list[int]] = {}
        for die in roll.dice:
            groups.setdefault(die.sides, []).append(die.face)
        dice_text = " + ".join(
            f"{len(faces)}d{sides} [{', '.join(map(str, faces))}]"
            for sides, faces in groups.items()
        )
    parts = [dice_text]
    for modifier in roll.modifiers:
        reason = f" {modifier.reason}" if modifier.reason else ""
        if modifier.subtracted and modifier.value == 0:
            parts.append(f"− 0{reason}")
        elif modifier.reason and modifier.value >= 0 and modifier.reason[0].isupper():
            parts.append(f"+ {modifier.reason} {modifier.value}")
        else:
            parts.append(f"{signed(modifier.value)}{reason}")
    text = " ".join(parts)
    if roll.dice and (roll.modifiers or len(roll.dice) > 1 or roll.counts_evens):
        text += f" = **{roll.total}**"
    return text
