"""Sheets for the Taking Risks tests."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.cat import TRAITS, CatSheet, Rank, Trait, TraitState, max_magic_points

# A typical new cat: Best Legs; Strong Claws, Fangs and Tail; Good Coat and Face.
NEW_CAT_RANKS: Mapping[Trait, Rank] = {
    Trait.CLAWS: Rank.STRONG,
    Trait.COAT: Rank.GOOD,
    Trait.FACE: Rank.GOOD,
    Trait.FANGS: Rank.STRONG,
    Trait.LEGS: Rank.BEST,
    Trait.TAIL: Rank.STRONG,
}


def a_cat(
    ranks: Mapping[Trait, Rank] | None = None,
    *,
    scars: Mapping[Trait, int] | None = None,
    reputations: Mapping[str, int] | None = None,
    magic_points: int | None = None,
    **fields: Any,
) -> CatSheet:
    """A sheet with the given ranks (the new cat's elsewhere) and scars; not held to the
    creation rule. Magic Points default to the Tail's maximum."""
    chosen = {**NEW_CAT_RANKS, **(ranks or {})}
    given_scars = scars or {}
    return CatSheet(
        traits={
            trait: TraitState(rank=chosen[trait], scars=given_scars.get(trait, 0))
            for trait in TRAITS
        },
        reputations=dict(reputations) if reputations is not None else {"Brave": 3, "Sly": 2},
        magic_points=(
            max_magic_points(chosen[Trait.TAIL]) if magic_points is None else magic_points
        ),
        **fields,
    )
