"""The twenty races of book l. 74-93: each raises one attribute by 1 and has a trait."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from rules.caverns.attributes import Attribute
from rules.caverns.conditions import Condition
from rules.caverns.constants import ILLITHOID_VITAE, KEPHERA_ARMOUR, LOBOSHIGARU_ARMOUR
from rules.errors import PawpostError


class Race(StrEnum):
    ASLARAN = "aslaran"
    DRACNARI = "dracnari"
    DWARF = "dwarf"
    ELFEN = "elfen"
    FAELING = "faeling"
    FURRIKIN = "furrikin"
    HUMAN = "human"
    IGASHO = "igasho"
    ILLITHOID = "illithoid"
    KEPHERA = "kephera"
    KROKANI = "krokani"
    LOBOSHIGARU = "loboshigaru"
    LUCIDIAN = "lucidian"
    MERIAN = "merian"
    MUGWUMP = "mugwump"
    ORCLACH = "orclach"
    TAEDAE = "taedae"
    TAURIAN = "taurian"
    TRILL = "trill"
    VISCANTI = "viscanti"

    @property
    def label(self) -> str:
        """The name players see: "Tae'dae"."""
        return RACES[self].name


class RaceRow(BaseModel):
    """One race: its attribute, its trait as the book words it, and the trait's numbers."""

    model_config = ConfigDict(frozen=True)

    race: Race
    name: str
    line: int
    attribute: Attribute
    trait: str
    bonus_armour: int = 0  # "+1 Armour": not counted towards heavy armour (l. 386)
    bonus_vitae: int = 0
    immune_to: tuple[Condition, ...] = ()
    breathes_water: bool = False
    flies: bool = False


RACES: Mapping[Race, RaceRow] = {
    row.race: row
    for row in (
        RaceRow(
            race=Race.ASLARAN,
            name="Aslaran",
            line=74,
            attribute=Attribute.WIND,
            trait="Cannot roll less than a 7 when using the Flee! skill.",
        ),
        RaceRow(
            race=Race.DRACNARI,
            name="Dracnari",
            line=75,
            attribute=Attribute.FIRE,
            trait="Can breathe fire, setting people Ablaze as an action. Immune to Ablaze.",
            immune_to=(Condition.ABLAZE,),
        ),
        RaceRow(
            race=Race.DWARF,
            name="Dwarf",
            line=76,
            attribute=Attribute.FIRE,
            trait="Proficient with all axes and gains an extra point of Vitae while drunk.",
        ),
        RaceRow(
            race=Race.ELFEN,
            name="Elfen",
            line=77,
            attribute=Attribute.WIND,
            trait="Harmony resets to 3 after a Long Rest, not to 0.",
        ),
        RaceRow(
            race=Race.FAELING,
            name="Faeling",
            line=78,
            attribute=Attribute.WOOD,
            trait="You can take flight with nimble grace and never need to roll to climb.",
            flies=True,
        ),
        RaceRow(
            race=Race.FURRIKIN,
            name="Furrikin",
            line=79,
            attribute=Attribute.WIND,
            trait="When Bound, you may always take an action to free yourself.",
        ),
        RaceRow(
            race=Race.HUMAN,
            name="Human",
            line=80,
            attribute=Attribute.METAL,
            trait="Gain 2 Harmony (instead of 1) on a Short Rest.",
        ),
        RaceRow(
            race=Race.IGASHO,
            name="Igasho",
            line=81,
            attribute=Attribute.WOOD,
            trait="You have Forceful and Destructive on all attacks.",
        ),
        RaceRow(
            race=Race.ILLITHOID,
            name="Illithoid",
            line=82,
            attribute=Attribute.METAL,
            trait="+1 Vitae. Starts the game with a free Poison.",
            bonus_vitae=ILLITHOID_VITAE,
        ),
        RaceRow(
            race=Race.KEPHERA,
            name="Kephera",
            line=83,
            attribute=Attribute.WATER,
            trait="+1 Armour. Proficient in any one Monk Weapon.",
            bonus_armour=KEPHERA_ARMOUR,
        ),
        RaceRow(
            race=Race.KROKANI,
            name="Krokani",
            line=84,
            attribute=Attribute.FIRE,
            trait="Immune to Blindness and all forms of Illusion.",
            immune_to=(Condition.BLIND,),
        ),
        RaceRow(
            race=Race.LOBOSHIGARU,
            name="Loboshigaru",
            line=85,
            attribute=Attribute.WOOD,
            trait="+1 Armour. Armour blocks 5 damage for you instead of 3.",
            bonus_armour=LOBOSHIGARU_ARMOUR,
        ),
        RaceRow(
            race=Race.LUCIDIAN,
            name="Lucidian",
            line=86,
            attribute=Attribute.WATER,
            trait="Take one less damage from every source while in sunlight.",
        ),
        RaceRow(
            race=Race.MERIAN,
            name="Merian",
            line=87,
            attribute=Attribute.WATER,
            trait="You can breathe water. You never need to roll to buy something.",
            breathes_water=True,
        ),
        RaceRow(
            race=Race.MUGWUMP,
            name="Mugwump",
            line=88,
            attribute=Attribute.METAL,
            trait="You can breathe water. You never need to roll to use a library.",
            breathes_water=True,
        ),
        RaceRow(
            race=Race.ORCLACH,
            name="Orclach",
            line=89,
            attribute=Attribute.WATER,
            trait="Whenever you kill something, regain one Health.",
        ),
        RaceRow(
            race=Race.TAEDAE,
            name="Tae'dae",
            line=90,
            attribute=Attribute.WOOD,
            trait="You can take an action to hug someone, making them Bound.",
        ),
        RaceRow(
            race=Race.TAURIAN,
            name="Taurian",
            line=91,
            attribute=Attribute.FIRE,
            trait="Sacrifice one Armour to make your attack Destructive.",
        ),
        RaceRow(
            race=Race.TRILL,
            name="Trill",
            line=92,
            attribute=Attribute.WIND,
            trait="You can take flight with great speed and never need to roll to escape.",
            flies=True,
        ),
        RaceRow(
            race=Race.VISCANTI,
            name="Viscanti",
            line=93,
            attribute=Attribute.METAL,
            trait="Damage you inflict does not heal on a Short Rest.",
        ),
    )
}


def parse_race(text: str) -> Race:
    """A race by name, any case, with or without the apostrophe ("Tae'dae", "taedae")."""
    key = text.strip().lower().replace("'", "").replace("’", "")
    for race in Race:
        if key == race.value:
            return race
    raise PawpostError(f'"{text.strip()}" is not a race of Caverns and Cloiers.')
