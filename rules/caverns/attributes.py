"""The five elemental attributes and Harmony, and reading attributes as a player types them."""

from __future__ import annotations

import re
from collections.abc import Mapping
from enum import StrEnum

from rules.caverns.wording import is_are, joined, signed
from rules.errors import PawpostError


class Attribute(StrEnum):
    """Book l. 65-71: the five elements in the book's order, then Harmony."""

    WIND = "wind"
    WATER = "water"
    WOOD = "wood"
    FIRE = "fire"
    METAL = "metal"
    HARMONY = "harmony"

    @property
    def label(self) -> str:
        """The name players see: "Wind"."""
        return self.value.capitalize()


# The five that creation assigns and races raise; Harmony is special (book l. 65, 94).
ELEMENTS: tuple[Attribute, ...] = (
    Attribute.WIND,
    Attribute.WATER,
    Attribute.WOOD,
    Attribute.FIRE,
    Attribute.METAL,
)

# What each element is rolled for (book l. 66-71), shown in help and the builder.
ATTRIBUTE_USES: Mapping[Attribute, str] = {
    Attribute.WIND: "swiftness and perception: doing or noticing something before it is too late",
    Attribute.WATER: "endurance and bravery: resisting injury or fatigue",
    Attribute.WOOD: "strength and willpower: proving your mind, body or spirit stronger",
    Attribute.FIRE: "passion and charisma: inspiring others with your words or deeds",
    Attribute.METAL: "intellect and guile: relying on your cunning and skill",
    Attribute.HARMONY: "attunement with the world and other minds; it changes through the day",
}

# The bestiary's abbreviations (book l. 436) are accepted too.
_NAMES: Mapping[str, Attribute] = {
    **{attribute.value: attribute for attribute in Attribute},
    "wi": Attribute.WIND,
    "wa": Attribute.WATER,
    "wo": Attribute.WOOD,
    "fi": Attribute.FIRE,
    "me": Attribute.METAL,
}

_PAIR = re.compile(r"^\s*([a-z]+)\s*[:=]?\s*([+-]?)\s*(\d+)\s*$")


def parse_attribute(text: str) -> Attribute:
    """An attribute from its name or the bestiary's two-letter abbreviation, any case."""
    found = _NAMES.get(text.strip().lower())
    if found is None:
        raise PawpostError(
            f'"{text.strip()}" is not an attribute; choose Wind, Water, Wood, Fire, Metal '
            "or Harmony."
        )
    return found


def parse_element(text: str) -> Attribute:
    """One of the five elements (not Harmony), for a race's bonus, the extra +1 or an
    implement."""
    found = parse_attribute(text)
    if found is Attribute.HARMONY:
        raise PawpostError("Harmony is not an element; choose Wind, Water, Wood, Fire or Metal.")
    return found


def parse_attributes(text: str) -> dict[Attribute, int]:
    """Read "wind +2, water +1, wood +1, fire 0, metal -1": each of the five elements exactly
    once, separated by commas or semicolons, each with a whole number (a sign is optional, and
    "−" counts as minus). The values are not judged here (see `sheet.validate_new_sheet`)."""
    cleaned = text.replace("−", "-").replace("–", "-").lower()
    parts = [part for part in re.split(r"[,;\n]", cleaned) if part.strip()]
    values: dict[Attribute, int] = {}
    for part in parts:
        match = _PAIR.match(part)
        if match is None:
            raise PawpostError(
                f'"{part.strip()}" is not an attribute and a number; write them like '
                '"wind +2, water +1, wood +1, fire 0, metal -1".'
            )
        name, sign, digits = match.groups()
        attribute = parse_element(name)
        if attribute in values:
            raise PawpostError(f"{attribute.label} is given twice; give each attribute once.")
        values[attribute] = -int(digits) if sign == "-" else int(digits)
    missing = [attribute.label for attribute in ELEMENTS if attribute not in values]
    if missing:
        raise PawpostError(f"{joined(missing)} {is_are(missing)} missing; give all five.")
    return {attribute: values[attribute] for attribute in ELEMENTS}


def format_attributes(values: Mapping[Attribute, int]) -> str:
    """The inverse of `parse_attributes`: "wind +2, water +1, wood +1, fire +0, metal -1"."""
    return ", ".join(
        f"{attribute.value} {signed(values[attribute])}"
        for attribute in Attribute
        if attribute in values
    )
