"""The seven classes of book l. 95-152: Damage, Health, Vitae, proficiencies, skillsets and
starting equipment."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from rules.caverns.catalogue import ItemKind
from rules.caverns.constants import BARD_EXTRA_GOLD
from rules.caverns.skillsets import Skillset
from rules.errors import PawpostError


class CharacterClass(StrEnum):
    WARRIOR = "warrior"
    MONK = "monk"
    ELEMENTALIST = "elementalist"
    GUARDIAN = "guardian"
    DRUID = "druid"
    WICCAN = "wiccan"
    BARD = "bard"

    @property
    def label(self) -> str:
        """The name players see: "Elementalist"."""
        return self.value.capitalize()

    @property
    def plural(self) -> str:
        return f"{self.label}s"


class Proficiency(StrEnum):
    """The proficiencies a class gives whole (book l. 108-150); weapons are chosen one by one."""

    SHIELDS = "shields"
    POISONS = "poisons"
    IMPLEMENTS = "implements"
    RIDING = "riding"
    GRAPPLES = "grapples"
    TATTOOS = "tattoos"
    MUSICAL_INSTRUMENTS = "musical instruments"


# Which kind of item each proficiency covers (riding and grapples cover no item).
PROFICIENCY_KINDS: Mapping[Proficiency, ItemKind] = {
    Proficiency.SHIELDS: ItemKind.SHIELD,
    Proficiency.POISONS: ItemKind.POISON,
    Proficiency.IMPLEMENTS: ItemKind.IMPLEMENT,
    Proficiency.TATTOOS: ItemKind.TATTOOS,
    Proficiency.MUSICAL_INSTRUMENTS: ItemKind.INSTRUMENT,
}


class WeaponChoice(BaseModel):
    """ "Any two melee weapons": the player names that many weapons of that kind."""

    model_config = ConfigDict(frozen=True)

    kind: ItemKind
    count: int = Field(ge=1)


class EquipmentSlot(BaseModel):
    """One numbered entry of a class's Equipment: `count` items, each of one of `kinds` or one
    of the named items; `proficient` when the class must be proficient with it."""

    model_config = ConfigDict(frozen=True)

    text: str
    count: int = Field(default=1, ge=1)
    kinds: tuple[ItemKind, ...] = ()
    names: tuple[str, ...] = ()  # catalogue keys
    proficient: bool = False


class ClassRow(BaseModel):
    """One class block of chapter 5."""

    model_config = ConfigDict(frozen=True)

    character_class: CharacterClass
    line: int
    damage: int
    health_base: int  # Health is this + Water (l. 105-106)
    vitae_base: int  # Vitae is this + Fire (l. 107)
    proficiencies: tuple[Proficiency, ...]
    weapon_choices: tuple[WeaponChoice, ...] = ()
    proficiency_text: str
    primary: Skillset
    secondary: tuple[Skillset, ...]  # more than one: the player picks one (Monk, l. 116)
    tertiary: tuple[Skillset, ...]  # "3. Hunting OR Rituals OR Totems"
    skills_text: str
    equipment: tuple[EquipmentSlot, ...]
    equipment_text: str
    extra_gold: int = 0
    may_learn_monk_weapons: bool = False  # "only Monks may become proficient" (l. 379)
    default_weapons: tuple[str, ...] = ()  # the weapon picks used when a player names none
    default_equipment: tuple[str, ...] = ()  # what is picked when a player names none


_MELEE = ItemKind.MELEE_WEAPON
_RANGED = ItemKind.RANGED_WEAPON
_IMPLEMENT_SLOT = EquipmentSlot(text="an implement", kinds=(ItemKind.IMPLEMENT,))

# The starter picks below follow the book's slots with the starter catalogue's items; Pawpost
# chooses them so that a one-line /character create without equipment still gets the class's
# full kit. For Warriors and Monks they are worked out from the weapons chosen (see sheet.py).
CLASSES: Mapping[CharacterClass, ClassRow] = {
    row.character_class: row
    for row in (
        ClassRow(
            character_class=CharacterClass.WARRIOR,
            line=104,
            damage=2,
            health_base=5,
            vitae_base=3,
            proficiencies=(Proficiency.SHIELDS, Proficiency.POISONS),
            weapon_choices=(
                WeaponChoice(kind=_MELEE, count=2),
                WeaponChoice(kind=_RANGED, count=1),
            ),
            proficiency_text=(
                "1. Any two melee weapons. 2. Shields. 3. Poisons. 4. Any one ranged weapon."
            ),
            primary=Skillset.COMBAT,
            secondary=(Skillset.ATHLETICS,),
            tertiary=(Skillset.HUNTING, Skillset.RITUALS, Skillset.TOTEMS),
            skills_text="1. Combat. 2. Athletics. 3. Hunting OR Rituals OR Totems.",
            equipment=(
                EquipmentSlot(
                    text="one melee weapon you are proficient with",
                    kinds=(_MELEE,),
                    proficient=True,
                ),
                EquipmentSlot(
                    text="one melee weapon or shield you are proficient with",
                    kinds=(_MELEE, ItemKind.SHIELD),
                    proficient=True,
                ),
                EquipmentSlot(
                    text="one ranged weapon you are proficient with",
                    kinds=(_RANGED,),
                    proficient=True,
                ),
                EquipmentSlot(text="two pieces of armour", count=2, kinds=(ItemKind.ARMOUR,)),
            ),
            equipment_text=(
                "1. Any one melee weapon they are proficient in. 2. Any one melee weapon or "
                "shield they are proficient in. 3. Any one ranged weapon they are proficient in. "
                "4. Any two pieces of armour."
            ),
            default_weapons=("Sword", "Axe", "Shortbow"),
            default_equipment=("Sword", "Buckler", "Shortbow", "Leather jerkin", "Helmet"),
        ),
        ClassRow(
            character_class=CharacterClass.MONK,
            line=111,
            damage=2,
            health_base=3,
            vitae_base=2,
            proficiencies=(Proficiency.GRAPPLES, Proficiency.TATTOOS, Proficiency.POISONS),
            weapon_choices=(WeaponChoice(kind=_MELEE, count=2),),
            proficiency_text="1. Any two melee weapons. 2. Grapples. 3. Tattoos. 4. Poisons.",
            primary=Skillset.COMBAT,
            secondary=(Skillset.ACROBATICS, Skillset.PSIONICS),
            tertiary=(Skillset.STEALTH, Skillset.MYSTICISM),
            skills_text="1. Combat. 2. Acrobatics OR Psionics. 3. Stealth OR Mysticism.",
            equipment=(
                EquipmentSlot(
                    text="two melee weapons you are proficient with",
                    count=2,
                    kinds=(_MELEE,),
                    proficient=True,
                ),
                EquipmentSlot(
                    text="one piece of armour or a set of tattoos",
                    kinds=(ItemKind.ARMOUR, ItemKind.TATTOOS),
                ),
            ),
            equipment_text=(
                "1. Any two melee weapons they are proficient in. 2. One piece of armour, or a "
                "set of tattoos."
            ),
            may_learn_monk_weapons=True,
            default_weapons=("Nunchaku", "Bo staff"),
            default_equipment=("Nunchaku", "Bo staff", "Set of tattoos"),
        ),
        ClassRow(
            character_class=CharacterClass.ELEMENTALIST,
            line=118,
            damage=3,
            health_base=3,
            vitae_base=3,
            proficiencies=(Proficiency.IMPLEMENTS, Proficiency.SHIELDS, Proficiency.RIDING),
            proficiency_text="1. Implements. 2. Shields. 3. Riding.",
            primary=Skillset.MAGERY,
            secondary=(Skillset.ILLUSIONS,),
            # The class block (l. 123) offers three; the overview's example (l. 99) names only
            # Psionics or Divination. The class block wins (RULINGS, checklist).
            tertiary=(Skillset.PSIONICS, Skillset.DREAMWEAVING, Skillset.DIVINATION),
            skills_text="1. Magery. 2. Illusions. 3. Psionics OR Dreameaving OR Divination.",
            equipment=(
                _IMPLEMENT_SLOT,
                EquipmentSlot(
                    text="a melee weapon or divination instruments",
                    kinds=(_MELEE,),
                    names=("divination instruments",),
                ),
            ),
            equipment_text="1. An Implement. 2. A melee weapon OR divination instruments.",
            default_equipment=("Staff", "Divination instruments"),
        ),
        ClassRow(
            character_class=CharacterClass.GUARDIAN,
            line=125,
            damage=1,
            health_base=2,
            vitae_base=5,
            proficiencies=(Proficiency.IMPLEMENTS, Proficiency.SHIELDS),
            proficiency_text="1. Implements. 2. Shields.",
            primary=Skillset.MAGERY,
            secondary=(Skillset.RITUALS,),
            tertiary=(Skillset.MYSTICISM, Skillset.DIVINATION, Skillset.HEALING),
            skills_text="1. Magery. 2. Rituals. 3. Mysticism OR Divination OR Healing.",
            equipment=(_IMPLEMENT_SLOT, EquipmentSlot(text="posh robes", names=("posh robes",))),
            equipment_text="1. An Implement. 2. Posh robes.",
            default_equipment=("Staff", "Posh robes"),
        ),
        ClassRow(
            character_class=CharacterClass.DRUID,
            line=132,
            damage=3,
            health_base=3,
            vitae_base=3,
            proficiencies=(Proficiency.IMPLEMENTS, Proficiency.SHIELDS, Proficiency.RIDING),
            proficiency_text="1. Implements. 2. Shields. 3. Riding.",
            primary=Skillset.NATURE,
            secondary=(Skillset.TOTEMS,),
            tertiary=(Skillset.HUNTING, Skillset.DREAMWEAVING, Skillset.DIVINATION),
            skills_text="1. Nature. 2. Totems. 3. Hunting OR Dreameaving OR Divination.",
            equipment=(
                _IMPLEMENT_SLOT,
                EquipmentSlot(
                    text="a tent or divination instruments",
                    names=("tent", "divination instruments"),
                ),
            ),
            equipment_text="1. An Implement. 2. A tent or divination instruments.",
            default_equipment=("Staff", "Tent"),
        ),
        ClassRow(
            character_class=CharacterClass.WICCAN,
            line=139,
            damage=1,
            health_base=2,
            vitae_base=5,
            proficiencies=(Proficiency.IMPLEMENTS, Proficiency.SHIELDS),
            proficiency_text="1. Implements. 2. Shields.",
            primary=Skillset.NATURE,
            secondary=(Skillset.TOTEMS,),
            tertiary=(Skillset.MYSTICISM, Skillset.DIVINATION, Skillset.HEALING),
            skills_text="1. Nature. 2. Totems. 3. Mysticism OR Divination OR Healing.",
            equipment=(_IMPLEMENT_SLOT, EquipmentSlot(text="a pointy hat", names=("pointy hat",))),
            equipment_text="1. An Implement. 2. Pointy hat.",
            default_equipment=("Staff", "Pointy hat"),
        ),
        ClassRow(
            character_class=CharacterClass.BARD,
            line=146,
            damage=1,
            health_base=2,
            vitae_base=3,
            proficiencies=(Proficiency.MUSICAL_INSTRUMENTS, Proficiency.SHIELDS),
            proficiency_text="1. All Musical Instruments. 2. Shields.",
            primary=Skillset.MUSIC,
            secondary=(Skillset.ACROBATICS,),
            tertiary=(Skillset.ILLUSIONS, Skillset.DIVINATION, Skillset.HUNTING),
            skills_text="1. Music. 2. Acrobatics. 3. Illusions OR Divination OR Hunting.",
            equipment=(
                EquipmentSlot(
                    text="one musical instrument of your choice", kinds=(ItemKind.INSTRUMENT,)
                ),
            ),
            equipment_text="1. Any one musical instrument of choice. 2. An extra 100 gold.",
            extra_gold=BARD_EXTRA_GOLD,
            default_equipment=("Lute",),
        ),
    )
}


def parse_class(text: str) -> CharacterClass:
    """A class by name, singular or plural ("Warrior", "warriors"), any case."""
    key = text.strip().lower()
    for character_class in CharacterClass:
        if key in (character_class.value, f"{character_class.value}s"):
            return character_class
    raise PawpostError(f'"{text.strip()}" is not a class of Caverns and Cloiers.')
