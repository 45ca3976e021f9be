"""Sheets and rolls for the Germ tests."""

from __future__ import annotations

from rules.germ import Condition, GermSheet
from rules.rolls import Die, Modifier, Roll

GROWN_AGE = 24  # moons: neither a kit nor an elder


def cat(
    *,
    strength: int = 0,
    agility: int = 0,
    charisma: int = 0,
    intelligence: int = 0,
    stealth: int = 0,
    perception: int = 0,
    age_moons: int = GROWN_AGE,
    conditions: tuple[Condition, ...] = (),
    starving: bool = False,
) -> GermSheet:
    """A sheet with the given stats (0 elsewhere); not held to the creation rule."""
    return GermSheet(
        strength=strength,
        agility=agility,
        charisma=charisma,
        intelligence=intelligence,
        stealth=stealth,
        perception=perception,
        age_moons=age_moons,
        conditions=conditions,
        starving=starving,
    )


def rolled(face: int, *modifiers: int, label: str = "test roll") -> Roll:
    """A d20 roll with the given face and modifiers."""
    return Roll(
        label=label,
        dice=(Die(sides=20, face=face),),
        modifiers=tuple(Modifier(value=m, reason="test") for m in modifiers),
    )
