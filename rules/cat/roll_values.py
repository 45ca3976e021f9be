"""A Taking Risks cat's values by name for saved rolls (`{legs}d6 evens`): each trait's dice."""

from __future__ import annotations

from rules.cat.sheet import CatSheet, Trait


def roll_values(sheet: CatSheet) -> dict[str, int]:
    return {trait.value: sheet.dice(trait) for trait in Trait}
