"""A Germ roll: d20 + the stat's points + the largest penalty + situational modifiers."""

from __future__ import annotations

from collections.abc import Sequence

from rules.dice import DiceSource
from rules.germ.constants import (
    BADLY_WOUNDED_PENALTY,
    DIE_SIDES,
    FULL_TRUST_BONUS,
    HIDING_IN_COMBAT_PENALTY,
)
from rules.germ.penalties import largest_penalty
from rules.germ.sheet import GermSheet, Stat
from rules.rolls import Modifier, Roll, roll_dice

# Situational modifiers: unlike penalties, these add to whatever else applies.
HIDING_IN_COMBAT = Modifier(value=-HIDING_IN_COMBAT_PENALTY, reason="hiding in combat")
BADLY_WOUNDED = Modifier(value=-BADLY_WOUNDED_PENALTY, reason="badly wounded")
FULL_TRUST = Modifier(value=FULL_TRUST_BONUS, reason="full trust")


def stat_modifiers(sheet: GermSheet, stat: Stat) -> tuple[Modifier, ...]:
    """The stat's points (shown even when 0: "+ Strength 0") and the largest penalty, if any."""
    points = Modifier(value=sheet.points(stat), reason=stat.label)
    penalty = largest_penalty(sheet, stat)
    return (points,) if penalty is None else (points, penalty)


def roll_stat(
    sheet: GermSheet,
    stat: Stat,
    dice: DiceSource,
    *,
    situational: Sequence[Modifier] = (),
    label: str | None = None,
    target: int | None = None,
) -> Roll:
    """Roll a d20 for `stat`. `label` defaults to the stat's name; `target` is a DC, if any."""
    return Roll(
        label=label or stat.label,
        dice=roll_dice(dice, 1, DIE_SIDES),
        modifiers=(*stat_modifiers(sheet, stat), *situational),
        target=target,
    )


def check(
    sheet: GermSheet,
    stat: Stat,
    dice: DiceSource,
    dc: int | None = None,
    *,
    situational: Sequence[Modifier] = (),
    label: str | None = None,
) -> Roll:
    """A check against a DC: `roll.succeeded` is True when the total is equal to or greater
    than the DC (None when no DC was given)."""
    return roll_stat(sheet, stat, dice, situational=situational, label=label, target=dc)


def with_situational(roll: Roll, modifier: Modifier) -> Roll:
    """The same dice with one more situational modifier (one Charisma roll heard by several
    targets: +5 only against those who fully trust the speaker)."""
    return roll.model_copy(update={"modifiers": (*roll.modifiers, modifier)})
