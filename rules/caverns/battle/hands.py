"""Main hand and off hand (book l. 370): a two-handed weapon takes both hands and applies its
traits to both; a one-handed one is held in either. The main hand's weapon (or shield) is used
on the offense, the off hand's when being attacked, and a one-handed weapon wielded in the off
hand does one less Damage. Pure: the battle keeps a character's hands on its combatant."""

from __future__ import annotations

from collections.abc import Mapping

from rules.caverns.catalogue import CatalogueItem, ItemKind, item_key
from rules.caverns.sheet import CavernsSheet
from rules.errors import PawpostError

HELD_KINDS = (
    ItemKind.MELEE_WEAPON,
    ItemKind.RANGED_WEAPON,
    ItemKind.SHIELD,
    ItemKind.IMPLEMENT,
    ItemKind.INSTRUMENT,
)
TWO_HANDED = 2


def held(sheet: CavernsSheet, catalogue: Mapping[str, CatalogueItem], name: str) -> CatalogueItem:
    """An intact item the character carries that can be held in a hand."""
    key = item_key(name)
    if not any(item_key(i.name) == key and not i.broken for i in sheet.equipment):
        raise PawpostError(f"You carry no intact {name.strip()}.")
    found = catalogue.get(key)
    if found is None or found.kind not in HELD_KINDS:
        raise PawpostError(f"{name.strip()} is not a weapon, shield or implement to hold.")
    return found


def check_hands(
    sheet: CavernsSheet, catalogue: Mapping[str, CatalogueItem], main: str, off: str | None
) -> tuple[str, str | None]:
    """The items for the main and the off hand, by their catalogue names: a two-handed one in
    the main hand fills both; the off hand holds a one-handed item, not the main hand's."""
    first = held(sheet, catalogue, main)
    if off is None or not off.strip():
        return first.name, None
    if first.hands == TWO_HANDED:
        raise PawpostError(f"The {first.name} takes both hands.")
    second = held(sheet, catalogue, off)
    if second.hands == TWO_HANDED:
        raise PawpostError(f"The {second.name} takes both hands: hold it in the main hand.")
    carried = sum(1 for i in sheet.equipment if item_key(i.name) == first.key and not i.broken)
    if second.key == first.key and carried < TWO_HANDED:
        raise PawpostError(f"You carry one {first.name}: it is in one hand only.")
    return first.name, second.name


def off_hand_damage(item: CatalogueItem | None) -> bool:
    """Whether an attack with this item is a one-handed weapon wielded in the off hand."""
    return item is not None and item.is_weapon and item.hands != TWO_HANDED
