"""The market's goods: the book's poisons (l. 390-402) and, because its weapon and armour tables
are missing (l. 368, 385), a starter catalogue that is the server's own and admins may edit."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from rules.caverns.conditions import Condition
from rules.errors import PawpostError
from rules.nearest import did_you_mean


class ItemKind(StrEnum):
    MELEE_WEAPON = "melee weapon"
    RANGED_WEAPON = "ranged weapon"
    SHIELD = "shield"
    ARMOUR = "armour"
    IMPLEMENT = "implement"
    INSTRUMENT = "musical instrument"
    TATTOOS = "tattoos"
    POISON = "poison"
    GEAR = "gear"


class Range(StrEnum):
    """Book l. 372, 408: Melee the adjacent row, Reach two rows, Ranged any row."""

    MELEE = "melee"
    REACH = "reach"
    RANGED = "ranged"


class Special(StrEnum):
    """The Flourishes that are not conditions (book l. 375-378)."""

    AREA = "area"
    DESTRUCTIVE = "destructive"
    FORCEFUL = "forceful"


class Trait(StrEnum):
    """Weapon traits that are not Flourishes: Concealed and Monk (book l. 376, 379), and the
    catalogue's own Axe, so that a Dwarf is proficient with every axe (l. 76)."""

    CONCEALED = "concealed"
    MONK = "monk"
    AXE = "axe"


Flourish = Condition | Special


class CatalogueItem(BaseModel):
    """Something a character can carry and the market can sell."""

    model_config = ConfigDict(frozen=True)

    name: str
    kind: ItemKind
    price: int = Field(ge=0)  # gold pieces, the item's base price
    rare: bool = False
    hands: int | None = Field(default=None, ge=1, le=2)  # weapons, shields and implements
    range: Range | None = None
    flourishes: tuple[Flourish, ...] = ()
    traits: tuple[Trait, ...] = ()
    blocks: tuple[Condition, ...] = ()  # armour that can be expended against an affliction
    note: str = ""

    @property
    def key(self) -> str:
        return item_key(self.name)

    @property
    def is_weapon(self) -> bool:
        return self.kind in (ItemKind.MELEE_WEAPON, ItemKind.RANGED_WEAPON)


class Poison(BaseModel):
    """One row of the poisons list (book l. 390-402). Potency adds to the victim's one pooled
    duration (l. 389); `condition` comes at once (`after_turns` 0) or on the third turn."""

    model_config = ConfigDict(frozen=True)

    name: str
    line: int
    potency: int
    price: int
    effect: str
    condition: Condition | None = None
    after_turns: int | None = None
    health_per_turn: int = 0
    harmony_per_turn: int = 0
    cannot_stand: bool = False
    ends_after_damage: bool = False  # Charybdon: lose Health equal to the duration, then end


POISONS: tuple[Poison, ...] = (
    Poison(
        name="Anatine",
        line=390,
        potency=1,
        price=500,
        effect="Causes Clumsiness.",
        condition=Condition.CLUMSINESS,
        after_turns=0,
    ),
    Poison(
        name="Niricol",
        line=391,
        potency=3,
        price=800,
        effect="After three turns poisoned, the victim goes Blind.",
        condition=Condition.BLIND,
        after_turns=3,
    ),
    Poison(
        name="Morphite",
        line=392,
        potency=2,
        price=1000,
        effect="After three turns poisoned, the victim falls Asleep.",
        condition=Condition.SLEEPING,
        after_turns=3,
    ),
    Poison(
        name="Dulak",
        line=393,
        potency=3,
        price=700,
        effect="After three turns poisoned, the victim becomes Confused.",
        condition=Condition.CONFUSED,
        after_turns=3,
    ),
    # Hadrudin is printed twice with the same numbers (l. 394 and 396): one poison.
    Poison(
        name="Hadrudin",
        line=394,
        potency=3,
        price=700,
        effect="After three turns poisoned, the victim becomes Disloyal.",
        condition=Condition.DISLOYALTY,
        after_turns=3,
    ),
    Poison(
        name="Botulinum",
        line=395,
        potency=3,
        price=700,
        effect="After three turns poisoned, the victim becomes Sickened.",
        condition=Condition.SICKNESS,
        after_turns=3,
    ),
    Poison(
        name="Aleutian",
        line=397,
        potency=4,
        price=300,
        effect="The victim instantly becomes Paranoid.",
        condition=Condition.PARANOIA,
        after_turns=0,
    ),
    Poison(
        name="Mantakya",
        line=398,
        potency=2,
        price=500,
        effect="The victim instantly falls Prone and cannot stand.",
        condition=Condition.PRONE,
        after_turns=0,
        cannot_stand=True,
    ),
    Poison(
        name="Crotamine",
        line=399,
        potency=2,
        price=1000,
        effect="Lose one Health each turn.",
        health_per_turn=1,
    ),
    Poison(
        name="Escozul",
        line=400,
        potency=1,
        price=8000,
        effect="Lose one Harmony each turn.",
        harmony_per_turn=1,
    ),
    Poison(
        name="Anerod",
        line=401,
        potency=6,
        price=800,
        effect="No special effects; very high Potency.",
    ),
    Poison(
        name="Charybdon",
        line=402,
        potency=1,
        price=1000,
        effect="Lose Health equal to current duration, then end the poisoning.",
        ends_after_damage=True,
    ),
)


def _weapon(
    name: str,
    kind: ItemKind,
    price: int,
    hands: int,
    range_: Range,
    flourishes: Iterable[Flourish],
    traits: Iterable[Trait] = (),
    *,
    rare: bool = False,
) -> CatalogueItem:
    return CatalogueItem(
        name=name,
        kind=kind,
        price=price,
        hands=hands,
        range=range_,
        flourishes=tuple(flourishes),
        traits=tuple(traits),
        rare=rare,
    )


_MELEE = ItemKind.MELEE_WEAPON
_RANGED = ItemKind.RANGED_WEAPON

# The starter catalogue: the server's own (the book's tables are missing), so the choices
# below (prices, Flourishes, hands) are Pawpost's, picked so that a starting character's 100
# gold buys ordinary gear without a Market penalty, while fine arms cost 100 gp or more (-1 to
# Ask on Market, l. 302) and poisons keep the book's prices.
STARTER_CATALOGUE_ITEMS: tuple[CatalogueItem, ...] = (
    _weapon("Dagger", _MELEE, 20, 1, Range.MELEE, [Condition.SENSITIVITY], [Trait.CONCEALED]),
    _weapon("Sword", _MELEE, 80, 1, Range.MELEE, [Condition.DISARM]),
    _weapon("Scimitar", _MELEE, 120, 1, Range.MELEE, [Special.AREA]),
    _weapon("Axe", _MELEE, 60, 1, Range.MELEE, [Condition.BROKEN_LIMB], [Trait.AXE]),
    _weapon("Greataxe", _MELEE, 150, 2, Range.MELEE, [Special.DESTRUCTIVE], [Trait.AXE]),
    _weapon("Mace", _MELEE, 60, 1, Range.MELEE, [Condition.CONFUSED]),
    _weapon("Warhammer", _MELEE, 150, 2, Range.MELEE, [Special.FORCEFUL]),
    _weapon("Spear", _MELEE, 50, 2, Range.REACH, [Condition.PRONE]),
    _weapon("Whip", _MELEE, 40, 1, Range.REACH, [Condition.BOUND]),
    _weapon("Kraken beak spear", _MELEE, 300, 2, Range.REACH, [Condition.SENSITIVITY], rare=True),
    _weapon("Bo staff", _MELEE, 40, 2, Range.MELEE, [Condition.PRONE], [Trait.MONK]),
    _weapon("Nunchaku", _MELEE, 60, 1, Range.MELEE, [Condition.CONFUSED], [Trait.MONK]),
    _weapon("Katar", _MELEE, 80, 1, Range.MELEE, [Condition.SENSITIVITY], [Trait.MONK]),
    _weapon("Sling", _RANGED, 10, 1, Range.RANGED, [Condition.CLUMSINESS]),
    _weapon("Throwing knives", _RANGED, 40, 1, Range.RANGED, [Condition.DISARM], [Trait.CONCEALED]),
    _weapon("Shortbow", _RANGED, 80, 2, Range.RANGED, [Condition.SENSITIVITY]),
    _weapon("Longbow", _RANGED, 150, 2, Range.RANGED, [Condition.PRONE]),
    _weapon("Crossbow", _RANGED, 200, 2, Range.RANGED, [Special.DESTRUCTIVE]),
    _weapon("Buckler", ItemKind.SHIELD, 30, 1, Range.MELEE, [Condition.DISARM]),
    _weapon("Tower shield", ItemKind.SHIELD, 120, 1, Range.MELEE, [Special.FORCEFUL]),
    CatalogueItem(name="Leather jerkin", kind=ItemKind.ARMOUR, price=40),
    CatalogueItem(name="Helmet", kind=ItemKind.ARMOUR, price=50),
    CatalogueItem(name="Gauntlets", kind=ItemKind.ARMOUR, price=40),
    CatalogueItem(name="Greaves", kind=ItemKind.ARMOUR, price=40),
    CatalogueItem(name="Chainmail", kind=ItemKind.ARMOUR, price=150),
    CatalogueItem(name="Breastplate", kind=ItemKind.ARMOUR, price=200),
    # Implements are melee weapons with no Flourishes unless a skill says otherwise (l. 381).
    CatalogueItem(name="Staff", kind=ItemKind.IMPLEMENT, price=100, hands=2, range=Range.MELEE),
    CatalogueItem(name="Wand", kind=ItemKind.IMPLEMENT, price=100, hands=1, range=Range.MELEE),
    CatalogueItem(name="Talisman", kind=ItemKind.IMPLEMENT, price=100, hands=1, range=Range.MELEE),
    CatalogueItem(name="Garland", kind=ItemKind.IMPLEMENT, price=100, hands=1, range=Range.MELEE),
    # Instruments work like implements but at Range (l. 185).
    CatalogueItem(name="Lute", kind=ItemKind.INSTRUMENT, price=100, hands=2, range=Range.RANGED),
    CatalogueItem(name="Flute", kind=ItemKind.INSTRUMENT, price=60, hands=2, range=Range.RANGED),
    CatalogueItem(name="Drum", kind=ItemKind.INSTRUMENT, price=60, hands=2, range=Range.RANGED),
    CatalogueItem(name="Set of tattoos", kind=ItemKind.TATTOOS, price=100),
    CatalogueItem(name="Posh robes", kind=ItemKind.GEAR, price=50),
    CatalogueItem(name="Pointy hat", kind=ItemKind.GEAR, price=20),
    CatalogueItem(name="Tent", kind=ItemKind.GEAR, price=40),
    CatalogueItem(name="Divination instruments", kind=ItemKind.GEAR, price=60),
    CatalogueItem(name="Basic clothing", kind=ItemKind.GEAR, price=5),
    CatalogueItem(name="Backpack", kind=ItemKind.GEAR, price=5),
    CatalogueItem(name="Torch", kind=ItemKind.GEAR, price=1),
    CatalogueItem(name="Ration", kind=ItemKind.GEAR, price=2),
    *(
        CatalogueItem(
            name=poison.name, kind=ItemKind.POISON, price=poison.price, note=poison.effect
        )
        for poison in POISONS
    ),
)


def item_key(name: str) -> str:
    """How an item is looked up: its name in lower case, spaces collapsed."""
    return " ".join(name.lower().split())


def catalogue_of(items: Iterable[CatalogueItem]) -> dict[str, CatalogueItem]:
    """A catalogue (name key -> item) from a list of items; a name may appear only once."""
    found: dict[str, CatalogueItem] = {}
    for item in items:
        if item.key in found:
            raise ValueError(f"{item.name} is listed twice in the catalogue")
        found[item.key] = item
    return found


STARTER_CATALOGUE: Mapping[str, CatalogueItem] = catalogue_of(STARTER_CATALOGUE_ITEMS)

# The starting kit every adventurer carries (book l. 103), besides torches and rations.
STARTING_KIT: tuple[str, ...] = ("Basic clothing", "Backpack")


def find_item(name: str, catalogue: Mapping[str, CatalogueItem]) -> CatalogueItem:
    """An item of the server's catalogue by name, any case."""
    found = catalogue.get(item_key(name))
    if found is None:
        known = [item.name for item in catalogue.values()]
        raise PawpostError(
            f'There is no "{name.strip()}" in the market\'s catalogue.{did_you_mean(name, known)}'
        )
    return found


def find_poison(name: str) -> Poison:
    """A poison of the book's list by name, any case."""
    for poison in POISONS:
        if poison.name.lower() == name.strip().lower():
            return poison
    known = [poison.name for poison in POISONS]
    raise PawpostError(
        f'"{name.strip()}" is not one of the book\'s poisons.{did_you_mean(name, known)}'
    )
