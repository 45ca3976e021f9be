"""Characters for the Caverns tests: a valid creation for every class, and sheets to adjust."""

from __future__ import annotations

from typing import Any

from rules.caverns.attributes import Attribute, parse_attributes
from rules.caverns.classes import CharacterClass
from rules.caverns.conditions import ActiveCondition, Condition
from rules.caverns.races import RACES, Race
from rules.caverns.records import Implement
from rules.caverns.sheet import CavernsSheet, NewCharacter, create_sheet
from rules.caverns.skills import Totem
from rules.caverns.skillsets import Skillset
from rules.dice import ScriptedDice

ARRAY = "wind +2, water +1, wood +1, fire 0, metal -1"

# A valid set of choices for each class (the race's own choices are added in `new`).
CLASS_CHOICES: dict[CharacterClass, dict[str, Any]] = {
    CharacterClass.WARRIOR: {"tertiary": Skillset.HUNTING, "advanced": "Parry"},
    CharacterClass.MONK: {
        "secondary": Skillset.ACROBATICS,
        "tertiary": Skillset.STEALTH,
        "advanced": "Parry",
    },
    CharacterClass.ELEMENTALIST: {
        "tertiary": Skillset.PSIONICS,
        "advanced": "Ignite",
        "implement": Implement(rolls=Attribute.FIRE, foes_subtract=Attribute.METAL),
    },
    CharacterClass.GUARDIAN: {
        "tertiary": Skillset.HEALING,
        "advanced": "Scry",
        "implement": Implement(rolls=Attribute.FIRE, foes_subtract=Attribute.WATER),
    },
    CharacterClass.DRUID: {
        "tertiary": Skillset.HUNTING,
        "advanced": "Vines",
        "implement": Implement(rolls=Attribute.WOOD, foes_subtract=Attribute.WIND),
        "patron_totem": Totem.SUN,
    },
    CharacterClass.WICCAN: {
        "tertiary": Skillset.HEALING,
        "advanced": "Commune",
        "implement": Implement(rolls=Attribute.WATER, foes_subtract=Attribute.WOOD),
        "patron_totem": Totem.BEAR,
    },
    CharacterClass.BARD: {
        "tertiary": Skillset.ILLUSIONS,
        "advanced": "Fugue",
        "implement": Implement(rolls=Attribute.FIRE, foes_subtract=Attribute.WIND),
        "sick_beat": (Condition.ABLAZE, Condition.BOUND, Condition.CONFUSED),
    },
}

RACE_CHOICES: dict[Race, dict[str, Any]] = {
    Race.KEPHERA: {"race_weapon": "Katar"},
    Race.ILLITHOID: {"free_poison": "Anatine"},
}


def extra_for(race: Race) -> Attribute:
    """An extra +1 the race allows: Water, or Wood for a Water race."""
    return Attribute.WOOD if RACES[race].attribute is Attribute.WATER else Attribute.WATER


def new(
    character_class: CharacterClass = CharacterClass.WARRIOR,
    race: Race = Race.HUMAN,
    *,
    attributes: str = ARRAY,
    **changes: Any,
) -> NewCharacter:
    """Valid choices for the class and race, with `changes` on top."""
    fields: dict[str, Any] = {
        "race": race,
        "character_class": character_class,
        "attributes": parse_attributes(attributes),
        "extra": extra_for(race),
        **CLASS_CHOICES[character_class],
        **RACE_CHOICES.get(race, {}),
        **changes,
    }
    return NewCharacter(**fields)


def make(
    character_class: CharacterClass = CharacterClass.WARRIOR,
    race: Race = Race.HUMAN,
    *,
    dice: tuple[int, ...] = (),
    **changes: Any,
) -> CavernsSheet:
    """A freshly created character (no dice rolled unless given)."""
    return create_sheet(new(character_class, race, **changes), ScriptedDice(dice))


def adjusted(sheet: CavernsSheet, **update: Any) -> CavernsSheet:
    """The sheet with fields replaced, checked again by the model."""
    return CavernsSheet.model_validate({**sheet.model_dump(), **update})


def afflicted(sheet: CavernsSheet, *conditions: Condition) -> CavernsSheet:
    """The sheet with the conditions on it (no immunity check)."""
    active = tuple(ActiveCondition(condition=c) for c in conditions)
    return adjusted(sheet, conditions=active)


def with_attributes(sheet: CavernsSheet, **values: int) -> CavernsSheet:
    """The sheet with the given elements (e.g. wood=2), Health kept within its new maximum."""
    changed = sheet.model_copy(update=values)
    return adjusted(
        changed,
        health=min(changed.health, changed.max_health),
        vitae=min(changed.vitae, changed.max_vitae),
    )
