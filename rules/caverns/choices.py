"""What a player chooses when creating a Caverns and Cloiers character (book l. 65-152)."""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import BaseModel, ConfigDict

from rules.caverns.attributes import Attribute
from rules.caverns.classes import CharacterClass
from rules.caverns.conditions import Condition
from rules.caverns.races import Race
from rules.caverns.records import Implement
from rules.caverns.skills import Totem
from rules.caverns.skillsets import Skillset


class NewCharacter(BaseModel):
    """Everything a player chooses at creation. `attributes` is the book's array as the
    player assigned it, before the race's +1 and the extra +1. Weapons and equipment left as
    None get the class's standard picks."""

    model_config = ConfigDict(frozen=True)

    race: Race
    character_class: CharacterClass
    attributes: Mapping[Attribute, int]
    extra: Attribute
    secondary: Skillset | None = None
    tertiary: Skillset | None = None
    advanced: str
    weapons: tuple[str, ...] | None = None
    equipment: tuple[str, ...] | None = None
    implement: Implement | None = None
    sick_beat: tuple[Condition, ...] = ()
    patron_totem: Totem | None = None
    race_weapon: str | None = None  # a Kephera's Monk weapon (l. 83)
    free_poison: str | None = None  # an Illithoid's free poison (l. 82)
