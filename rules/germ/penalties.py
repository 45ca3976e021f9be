"""The penalty table: only the largest penalty that applies to a stat counts, never the sum."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from rules.germ.constants import (
    BLIND_PENALTY,
    BLIND_STEALTH_PENALTY,
    ELDER_PENALTY,
    KIT_PENALTY,
    LOST_LIMB_PENALTY,
    NO_SENSE_OF_SMELL_PENALTY,
    NO_TAIL_PENALTY,
    STARVING_AGILITY_PENALTY,
    STARVING_STRENGTH_PENALTY,
)
from rules.germ.sheet import STATS, Condition, GermSheet, LifeStage, Stat
from rules.rolls import Modifier

# Condition -> stat -> size of the penalty (subtracted from the roll), in the book's order.
PENALTY_TABLE: Mapping[Condition, Mapping[Stat, int]] = {
    Condition.KIT: dict.fromkeys(STATS, KIT_PENALTY),
    Condition.ELDER: dict.fromkeys((Stat.STRENGTH, Stat.AGILITY, Stat.PERCEPTION), ELDER_PENALTY),
    Condition.BLIND: {
        Stat.PERCEPTION: BLIND_PENALTY,
        Stat.AGILITY: BLIND_PENALTY,
        Stat.STEALTH: BLIND_STEALTH_PENALTY,
    },
    Condition.NO_SENSE_OF_SMELL: {Stat.PERCEPTION: NO_SENSE_OF_SMELL_PENALTY},
    Condition.LOST_LIMB: dict.fromkeys((Stat.AGILITY, Stat.STEALTH), LOST_LIMB_PENALTY),
    Condition.NO_TAIL: {Stat.AGILITY: NO_TAIL_PENALTY},
    Condition.STARVING: {
        Stat.STRENGTH: STARVING_STRENGTH_PENALTY,
        Stat.AGILITY: STARVING_AGILITY_PENALTY,
    },
}


BOOK_ORDER: tuple[Condition, ...] = tuple(Condition)  # iterating the enum itself is slow


def effective_conditions(sheet: GermSheet) -> tuple[Condition, ...]:
    """Every condition the cat has now, in the book's order: the set-by-hand ones plus kit or
    elder (from age) and starving (from hunger)."""
    present = set(sheet.conditions)
    stage = sheet.life_stage
    if stage is LifeStage.KIT:
        present.add(Condition.KIT)
    if stage is LifeStage.ELDER:
        present.add(Condition.ELDER)
    if sheet.starving:
        present.add(Condition.STARVING)
    return tuple(condition for condition in BOOK_ORDER if condition in present)


def largest_penalty(cat: GermSheet | Iterable[Condition], stat: Stat) -> Modifier | None:
    """The one penalty a roll of `stat` takes: the largest that applies (on equal sizes, the
    condition listed first in the book), with the condition as its reason; None if none does."""
    conditions = effective_conditions(cat) if isinstance(cat, GermSheet) else tuple(cat)
    best: tuple[int, Condition] | None = None
    for condition in BOOK_ORDER:  # so the first of equal penalties wins
        if condition not in conditions:
            continue
        size = PENALTY_TABLE[condition].get(stat, 0)
        if size and (best is None or size > best[0]):
            best = (size, condition)
    if best is None:
        return None
    return Modifier(value=-best[0], reason=best[1].label)
