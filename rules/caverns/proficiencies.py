"""Whether a character is proficient with an item: the class's whole proficiencies, the
weapons chosen at creation, the race's (Dwarf: all axes; Kephera: one Monk weapon)."""

from __future__ import annotations

from collections.abc import Iterable

from rules.caverns.catalogue import CatalogueItem, Trait
from rules.caverns.classes import CLASSES, PROFICIENCY_KINDS, CharacterClass
from rules.caverns.races import Race


def proficient_with(
    item: CatalogueItem,
    *,
    character_class: CharacterClass,
    race: Race,
    weapons: Iterable[str],
    extra: Iterable[str] = (),
) -> bool:
    """True when the class covers the item's kind (shields, poisons, implements, tattoos,
    musical instruments), the item is one of the chosen `weapons` (catalogue keys), a Dwarf
    holds an axe, or `extra` names it (Sharp as Steel's "you are proficient with it")."""
    row = CLASSES[character_class]
    if any(PROFICIENCY_KINDS.get(proficiency) is item.kind for proficiency in row.proficiencies):
        return True
    if item.key in set(weapons) or item.key in set(extra):
        return True
    return race is Race.DWARF and Trait.AXE in item.traits
