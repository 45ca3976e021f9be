"""Rituals in battle (book l. 216-221), the pure part: Time Curse and Defection, 2d6 with no
modifiers. Twist Fate's dice are skill_uses.py's."""

from __future__ import annotations

from collections.abc import Mapping

from rules.caverns.conditions import Condition
from rules.caverns.rolling import plain_roll
from rules.dice import DiceSource
from rules.rolls import Roll

RITUAL_STRONG = 8  # l. 218, 220: "On an 8+"

# Time Curse and Defection (l. 218, 220): 2d6 with no modifiers, 8+ the first, 7- the second.
RITUALS: Mapping[str, tuple[Condition, Condition]] = {
    "rituals:time-curse": (Condition.AEON, Condition.FATIGUE),
    "rituals:defection": (Condition.PACIFISM, Condition.DISLOYALTY),
}


def ritual_roll(key: str, name: str, dice: DiceSource) -> tuple[Roll, Condition]:
    """Time Curse or Defection: 2d6 with no modifiers; 8+ the strong condition, else the weak."""
    strong, weak = RITUALS[key]
    roll = plain_roll(dice, name, target=RITUAL_STRONG)
    return roll, strong if roll.succeeded else weak
