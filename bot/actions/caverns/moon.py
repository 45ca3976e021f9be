"""The Moon totem's bond as the bot shows it: each die (rerolls too) and what it shifts."""

from __future__ import annotations

from collections.abc import Sequence

from bot.actions.formatting import describe_roll
from rules.caverns.constants import MOON_SHIFT
from rules.caverns.records import MoonBond
from rules.rolls import Roll


def moon_lines(rolls: Sequence[Roll], bond: MoonBond | None) -> list[str]:
    """ "Moon: raise Fire: d6 **1**" for each die, then "Moon's bond: +1 Fire, -1 Metal"."""
    lines = [f"{roll.label}: {describe_roll(roll)}" for roll in rolls]
    if bond is not None and rolls:
        lines.append(
            f"Moon's bond: +{MOON_SHIFT} {bond.raised.label}, -{MOON_SHIFT} {bond.lowered.label}"
        )
    return lines
