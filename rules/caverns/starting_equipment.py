"""A new character's weapons and starting equipment: the weapons a class lets them choose,
the race's own picks (Kephera, Illithoid), and the class's equipment slots (book l. 102-152)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.caverns.catalogue import (
    STARTER_CATALOGUE,
    CatalogueItem,
    ItemKind,
    Trait,
    find_item,
    item_key,
)
from rules.caverns.choices import NewCharacter
from rules.caverns.classes import CLASSES, CharacterClass, EquipmentSlot
from rules.caverns.proficiencies import proficient_with
from rules.caverns.races import Race
from rules.caverns.wording import a_or_an, joined
from rules.errors import PawpostError


def chosen_weapons(new: NewCharacter, catalogue: Mapping[str, CatalogueItem]) -> tuple[str, ...]:
    """The weapons the class lets the player choose proficiency with, checked (catalogue
    keys); the class's standard picks when the player named none."""
    row = CLASSES[new.character_class]
    names = row.default_weapons if new.weapons is None else new.weapons
    plural = new.character_class.plural
    if not row.weapon_choices:
        if names:
            raise PawpostError(f"{plural} choose no weapons to be proficient with.")
        return ()
    items = [_standard(name, catalogue, new.weapons is None, "weapons") for name in names]
    keys = [item.key for item in items]
    for item in items:
        if Trait.MONK in item.traits and not row.may_learn_monk_weapons:
            raise PawpostError(f"Only Monks may be proficient with the {item.name}, a Monk weapon.")
    for key in keys:
        if keys.count(key) > 1:
            raise PawpostError(
                f"You named the {catalogue[key].name} twice; name different weapons."
            )
    for choice in row.weapon_choices:
        count = sum(1 for item in items if item.kind is choice.kind)
        if count != choice.count:
            wanted = "one" if choice.count == 1 else "two"
            kind = choice.kind.value + ("s" if choice.count > 1 else "")
            raise PawpostError(
                f"{plural} are proficient with {wanted} {kind} of their choice; you named {count}."
            )
    wrong = [item for item in items if item.kind not in {c.kind for c in row.weapon_choices}]
    if wrong:
        raise PawpostError(f"The {wrong[0].name} is not a weapon {plural} choose proficiency with.")
    return tuple(keys)


def _standard(
    name: str, catalogue: Mapping[str, CatalogueItem], standard: bool, option: str
) -> CatalogueItem:
    """A catalogue item; one of the class's standard picks the server removed says which
    option names another."""
    if not standard or item_key(name) in catalogue:
        return find_item(name, catalogue)
    raise PawpostError(
        f"The class's standard {option} includes the {name}, which the server's catalogue no "
        f"longer has: name yours with the {option} option (/catalogue lists what there is)."
    )


def check_race_choices(new: NewCharacter, catalogue: Mapping[str, CatalogueItem]) -> None:
    """A Kephera's Monk weapon (l. 83) and an Illithoid's free poison (l. 82): each race
    must choose its own, and no other race may."""
    if new.race is Race.KEPHERA:
        if new.race_weapon is None:
            raise PawpostError("A Kephera is proficient with one Monk weapon: choose it.")
        item = find_item(new.race_weapon, catalogue)
        if Trait.MONK not in item.traits:
            raise PawpostError(f"The {item.name} is not a Monk weapon.")
    elif new.race_weapon is not None:
        raise PawpostError("Only a Kephera chooses a Monk weapon from their race.")
    if new.race is Race.ILLITHOID:
        if new.free_poison is None:
            raise PawpostError("An Illithoid starts with a free poison: choose it.")
        if find_item(new.free_poison, catalogue).kind is not ItemKind.POISON:
            raise PawpostError(f"The {new.free_poison.strip()} is not a poison.")
    elif new.free_poison is not None:
        raise PawpostError("Only an Illithoid starts with a free poison.")


def default_equipment(
    character_class: CharacterClass,
    weapons: Sequence[str],
    catalogue: Mapping[str, CatalogueItem] = STARTER_CATALOGUE,
) -> tuple[str, ...]:
    """The class's standard starting equipment. A Warrior's or Monk's weapon slots hold the
    weapons they chose proficiency with (a Warrior's first melee weapon, then the standard
    shield); the other slots take the class's standard picks."""
    row = CLASSES[character_class]
    if not row.weapon_choices:
        return row.default_equipment
    kinds = (ItemKind.MELEE_WEAPON, ItemKind.RANGED_WEAPON)
    chosen = [catalogue[key] for key in weapons]
    melee = [item.name for item in chosen if item.kind is ItemKind.MELEE_WEAPON]
    ranged = [item.name for item in chosen if item.kind is ItemKind.RANGED_WEAPON]
    others = [
        name for name in row.default_equipment if find_item(name, catalogue).kind not in kinds
    ]
    if character_class is CharacterClass.WARRIOR:
        return (melee[0], others[0], *ranged, *others[1:])
    return (*melee, *others)


def _fits(item: CatalogueItem, slot: EquipmentSlot, proficient: bool) -> bool:
    if item.kind not in slot.kinds and item.key not in slot.names:
        return False
    return proficient or not slot.proficient


def _assign(
    items: Sequence[CatalogueItem], slots: Sequence[EquipmentSlot], proficient: Sequence[bool]
) -> bool:
    """True when every item goes in a free place of the slots (each slot holds `count`)."""
    room = [slot.count for slot in slots]

    def place(index: int) -> bool:
        if index == len(items):
            return True
        for number, slot in enumerate(slots):
            if room[number] and _fits(items[index], slot, proficient[index]):
                room[number] -= 1
                if place(index + 1):
                    return True
                room[number] += 1
        return False

    return place(0)


def check_equipment(
    new: NewCharacter,
    weapons: Sequence[str],
    catalogue: Mapping[str, CatalogueItem] = STARTER_CATALOGUE,
) -> tuple[CatalogueItem, ...]:
    """The class's starting equipment as chosen (or its standard picks), each item in one of
    the class's slots (book l. 102)."""
    row = CLASSES[new.character_class]
    if new.equipment is not None:
        names = new.equipment
    else:
        try:
            names = default_equipment(new.character_class, weapons, catalogue)
        except PawpostError:  # a standard pick the server removed: say which option
            for name in row.default_equipment:
                _standard(name, catalogue, True, "equipment")
            raise
    items = [_standard(name, catalogue, new.equipment is None, "equipment") for name in names]
    race_weapons = [find_item(new.race_weapon, catalogue).key] if new.race_weapon else []
    proficient = [
        proficient_with(
            item,
            character_class=new.character_class,
            race=new.race,
            weapons=[*weapons, *race_weapons],
        )
        for item in items
    ]
    slots_text = joined([slot.text for slot in row.equipment])
    wanted = sum(slot.count for slot in row.equipment)
    if len(items) != wanted:
        raise PawpostError(
            f"{a_or_an(new.character_class.label, capital=True)} starts with {wanted} "
            f"item{'s' if wanted > 1 else ''} ({slots_text}); you chose {len(items)}."
        )
    if not _assign(items, row.equipment, proficient):
        for item, is_proficient in zip(items, proficient, strict=True):
            if any(_fits(item, slot, is_proficient) for slot in row.equipment):
                continue
            if any(_fits(item, slot, True) for slot in row.equipment):
                raise PawpostError(
                    f"You are not proficient with the {item.name}, so it cannot be part of "
                    "your starting equipment."
                )
            raise PawpostError(
                f"The {item.name} does not fit {a_or_an(new.character_class.label)}'s starting "
                f"equipment: {slots_text}."
            )
        raise PawpostError(
            f"Your equipment does not fill {a_or_an(new.character_class.label)}'s slots: "
            f"{slots_text}."
        )
    return tuple(items)
