"""A Caverns and Cloiers character sheet and the creation rule (book l. 65-152)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from rules.caverns.attributes import ELEMENTS, Attribute
from rules.caverns.catalogue import (
    STARTER_CATALOGUE,
    STARTING_KIT,
    CatalogueItem,
    ItemKind,
    find_item,
)
from rules.caverns.choices import NewCharacter
from rules.caverns.classes import CLASSES, CharacterClass, ClassRow
from rules.caverns.conditions import ActiveCondition, Condition
from rules.caverns.constants import (
    ATTRIBUTE_ARRAY,
    ATTRIBUTE_MAX,
    ATTRIBUTE_MIN,
    DWARF_DRUNK_VITAE,
    EXTRA_BONUS,
    HEAVY_ARMOUR_ALLOWANCE,
    HEAVY_ARMOUR_DAMAGE_PENALTY,
    IMMOBILE_ARMOUR_ALLOWANCE,
    MIN_MAX_HEALTH,
    RACE_BONUS,
    SICK_BEAT_CONDITIONS,
    SLEEPING_DAMAGE,
    STARTING_GOLD,
    STARTING_HARMONY,
    STARTING_LEVEL,
    STARTING_RATIONS,
    STARTING_TORCHES,
)
from rules.caverns.moon import roll_moon_bond
from rules.caverns.party.harmony_skills import HarmonyBenefit
from rules.caverns.proficiencies import proficient_with
from rules.caverns.races import RACES, Race, RaceRow
from rules.caverns.records import (
    BenefitRecord,
    Envenoming,
    FatedOffer,
    HarmonyPick,
    Implement,
    Item,
    MarketOrder,
    MoonAspect,
    MoonBond,
    Poisoning,
)
from rules.caverns.skills import (
    SKILLS,
    Skill,
    SkillKind,
    Totem,
    basic_skill,
    find_skill,
)
from rules.caverns.skillsets import Skillset
from rules.caverns.starting_equipment import check_equipment, check_race_choices, chosen_weapons
from rules.caverns.wording import a_or_an, joined, signed
from rules.dice import DiceSource
from rules.errors import PawpostError
from rules.rolls import Roll

# Book l. 185: the six conditions a Sick Beat may be built from.
SICK_BEAT_OPTIONS: tuple[Condition, ...] = (
    Condition.ABLAZE,
    Condition.BOUND,
    Condition.CONFUSED,
    Condition.DISLOYALTY,
    Condition.FATIGUE,
    Condition.SICKNESS,
)

# The primary skillsets whose Basic skill gives an implement (Music's instrument "functions
# exactly like an Implement", l. 185).
IMPLEMENT_SKILLSETS: tuple[Skillset, ...] = (Skillset.MAGERY, Skillset.NATURE, Skillset.MUSIC)

DREAMBODY = "dreamweaving:dreambody"  # asleep, it acts and deals Damage as a Dream Body

# Divination's Reversal (l. 236): the lowest attribute counts as +3, the highest as -3.
REVERSAL_LOWEST = 3
REVERSAL_HIGHEST = -3

_Attribute = Field(ge=ATTRIBUTE_MIN, le=ATTRIBUTE_MAX)
T = TypeVar("T")


class CavernsSheet(BaseModel):
    """One adventurer's game numbers. Immutable: every change returns a new sheet.

    The five elements are stored as the character's own values; a Moon bond shifts them
    while it lasts (see `attribute`). Health and Vitae are the current values; their
    maximums follow from the class, the attributes, the race and the skills."""

    model_config = ConfigDict(frozen=True)

    race: Race
    character_class: CharacterClass
    wind: int = _Attribute
    water: int = _Attribute
    wood: int = _Attribute
    fire: int = _Attribute
    metal: int = _Attribute
    harmony: int = _Attribute
    health: int = Field(ge=0)
    vitae: int = Field(ge=0)
    skillsets: tuple[Skillset, Skillset, Skillset]  # primary, secondary, tertiary
    skills: tuple[str, ...]  # skill keys, see rules.caverns.skills
    weapon_proficiencies: tuple[str, ...] = ()  # catalogue keys chosen at creation
    race_weapon: str | None = None  # of those, a Kephera's Monk weapon (l. 83)
    implement: Implement | None = None
    sick_beat: tuple[Condition, ...] = ()
    patron_totem: Totem | None = None
    bound_totem: Totem | None = None  # the second totem bound at the last Long Rest
    totem_vitae: int = Field(default=0, ge=0)  # +2 Vitae for binding no second totem
    moon: MoonBond | None = None
    equipment: tuple[Item, ...] = ()
    gold: int = Field(default=0, ge=0)
    rations: int = Field(default=0, ge=0)
    torches: int = Field(default=0, ge=0)
    level: int = Field(default=STARTING_LEVEL, ge=1)
    advanced_skills_owed: int = Field(default=0, ge=0)  # level-ups whose skill is not picked
    conditions: tuple[ActiveCondition, ...] = ()
    harmony_picks: tuple[HarmonyPick, ...] = ()  # Harmony skills rolled, benefits unchosen
    harmony_benefits: tuple[BenefitRecord, ...] = ()  # in force until the next rest
    fated_dice: tuple[int, ...] = ()  # Twist Fate's dice, until the next Short Rest
    fated_offers: tuple[FatedOffer, ...] = ()  # others' dice offered for this one's rolls
    meld_site: str | None = None  # Melding: the site melded with at a rest (l. 172, 181)
    circle_site: str | None = None  # Mushroom Circle: where the circle stands (l. 183)
    land_planned: bool = False  # meld (or make the circle) at the party's next rest
    lasting_wounds: int = Field(default=0, ge=0)  # Health lost to a Viscanti (l. 93)
    crow_damage: int = Field(default=0, ge=0)  # Crow's +1 Damages, until the next rest (l. 211)
    bonus_armour_spent: int = Field(default=0, ge=0)  # the race's pieces expended, until repaired
    drunk: bool = False
    orders: tuple[MarketOrder, ...] = ()
    retired: bool = False
    poisoning: Poisoning | None = None  # book l. 389: the pooled duration and effects
    envenomed: Envenoming | None = None  # the weapon envenomed at a Short Rest (l. 389)
    envenom_rest: int | None = None  # the Short Rest (its id) whose envenoming is spent
    reversal: tuple[Attribute, Attribute] | None = None  # Reversal's (lowest, highest)

    @field_validator("skills")
    @classmethod
    def _known_skills(cls, skills: tuple[str, ...]) -> tuple[str, ...]:
        unknown = [key for key in skills if key not in SKILLS]
        if unknown:
            raise ValueError(f"unknown skill {unknown[0]}")
        if len(set(skills)) != len(skills):
            raise ValueError("a skill is listed twice")
        return skills

    @field_validator("conditions")
    @classmethod
    def _each_condition_once(
        cls, conditions: tuple[ActiveCondition, ...]
    ) -> tuple[ActiveCondition, ...]:
        kinds = [active.condition for active in conditions]
        if len(set(kinds)) != len(kinds):
            raise ValueError("a condition is listed twice")
        return conditions

    @model_validator(mode="after")
    def _within_maximums(self) -> CavernsSheet:
        if self.health > self.max_health:
            raise ValueError(f"Health {self.health} is above its maximum {self.max_health}")
        if self.vitae > self.max_vitae:
            raise ValueError(f"Vitae {self.vitae} is above its maximum {self.max_vitae}")
        if self.lasting_wounds > self.max_health:
            raise ValueError("lasting wounds exceed the maximum Health")
        return self

    # --- What the sheet is made of ----------------------------------------------------------

    @property
    def race_row(self) -> RaceRow:
        return RACES[self.race]

    @property
    def class_row(self) -> ClassRow:
        return CLASSES[self.character_class]

    def own(self, attribute: Attribute) -> int:
        """The character's own value, without a Moon bond."""
        return int(getattr(self, attribute.value))

    def attribute(self, attribute: Attribute) -> int:
        """The value rolled: the character's own, shifted by a Moon bond; under Reversal the
        lowest counts as +3 and the highest as -3 (until the next Long Rest)."""
        if self.reversal is not None and attribute in self.reversal:
            return REVERSAL_LOWEST if attribute is self.reversal[0] else REVERSAL_HIGHEST
        value = self.own(attribute)
        if self.moon is not None and attribute is not Attribute.HARMONY:
            value += self.moon.shift(MoonAspect(attribute.value))
        return value

    @property
    def attributes(self) -> dict[Attribute, int]:
        return {attribute: self.attribute(attribute) for attribute in Attribute}

    # --- Skills -----------------------------------------------------------------------------

    def has_skill(self, key: str) -> bool:
        return key in self.skills

    @property
    def skill_list(self) -> tuple[Skill, ...]:
        return tuple(SKILLS[key] for key in self.skills)

    def skills_by_skillset(self) -> dict[Skillset, tuple[Skill, ...]]:
        """The character's skills under each of their three skillsets, Basic first."""
        return {
            skillset: tuple(
                skill
                for skill in sorted(self.skill_list, key=lambda s: s.kind is not SkillKind.BASIC)
                if skill.skillset is skillset
            )
            for skillset in self.skillsets
        }

    @property
    def bonded_totems(self) -> tuple[Totem, ...]:
        """The Patron Totem (always bonded, l. 206) and any second totem bound this day."""
        return tuple(t for t in (self.patron_totem, self.bound_totem) if t is not None)

    def has_benefit(self, benefit: HarmonyBenefit) -> bool:
        return any(record.benefit is benefit for record in self.harmony_benefits)

    # --- Conditions -------------------------------------------------------------------------

    def condition(self, condition: Condition) -> ActiveCondition | None:
        return next((a for a in self.conditions if a.condition is condition), None)

    def has_condition(self, condition: Condition) -> bool:
        return self.condition(condition) is not None

    # --- Derived numbers --------------------------------------------------------------------

    @property
    def max_health(self) -> int:
        """Book l. 106: class base + Water; Tree Form adds Wood (l. 180). Never below 1: a
        character with no Health could not adventure, which the book never intends."""
        health = self.class_row.health_base + self.attribute(Attribute.WATER)
        if self.has_skill("nature:tree-form"):
            health += self.attribute(Attribute.WOOD)
        return max(MIN_MAX_HEALTH, health)

    @property
    def max_vitae(self) -> int:
        """Book l. 107: class base + Fire; Illithoid +1 (l. 82); a drunk Dwarf +1 (l. 76);
        +2 while a Patron Totem binds no second totem (l. 206)."""
        vitae = self.class_row.vitae_base + self.attribute(Attribute.FIRE)
        vitae += self.race_row.bonus_vitae + self.totem_vitae
        if self.race is Race.DWARF and self.drunk:
            vitae += DWARF_DRUNK_VITAE
        return max(0, vitae)

    @property
    def base_damage(self) -> int:
        """The class's Damage, shifted by a Moon bond."""
        shift = self.moon.shift(MoonAspect.DAMAGE) if self.moon is not None else 0
        return self.class_row.damage + shift

    @property
    def damage(self) -> int:
        """Damage dealt: the class's (with Moon and Crow's feasts), -1 when heavily armoured
        (l. 386), zero while Sleeping (l. 367) unless a Dream Body fights (l. 238)."""
        if self.has_condition(Condition.SLEEPING) and not self.has_skill(DREAMBODY):
            return SLEEPING_DAMAGE
        damage = self.base_damage + self.crow_damage
        if self.heavily_armoured:
            damage -= HEAVY_ARMOUR_DAMAGE_PENALTY
        return max(0, damage)

    @property
    def is_dead(self) -> bool:
        """Book l. 97: at zero Health a character dies."""
        return self.health == 0

    # --- Equipment --------------------------------------------------------------------------

    @property
    def armour(self) -> tuple[Item, ...]:
        return tuple(item for item in self.equipment if item.kind is ItemKind.ARMOUR)

    @property
    def intact_armour(self) -> int:
        return sum(1 for item in self.armour if not item.broken)

    @property
    def broken_items(self) -> tuple[Item, ...]:
        return tuple(item for item in self.equipment if item.broken)

    @property
    def bonus_armour(self) -> int:
        """The race's "+1 Armour" (Kephera, Loboshigaru), which heavy armour does not count."""
        return self.race_row.bonus_armour

    @property
    def intact_bonus_armour(self) -> int:
        """The race's pieces not yet expended: they block like any piece (l. 83, 85, 385)."""
        return max(0, self.bonus_armour - self.bonus_armour_spent)

    @property
    def free_armour(self) -> int:
        """Strong as the Tallest Tree's free pieces still to expend (l. 341)."""
        return sum(
            r.uses for r in self.harmony_benefits if r.benefit is HarmonyBenefit.TWO_FREE_ARMOUR
        )

    @property
    def armour_left(self) -> int:
        """Every piece that can still be expended: intact items, the race's own, and the
        Tallest Tree's free ones."""
        return self.intact_armour + self.intact_bonus_armour + self.free_armour

    @property
    def heavily_armoured(self) -> bool:
        """Book l. 386: more pieces than Metal + 3. Every piece carried counts, broken or not:
        a dented helmet weighs as much as a whole one."""
        return len(self.armour) > self.attribute(Attribute.METAL) + HEAVY_ARMOUR_ALLOWANCE

    @property
    def immobile(self) -> bool:
        """Book l. 386: more pieces than Metal + 7: the character cannot move or adventure."""
        return len(self.armour) > self.attribute(Attribute.METAL) + IMMOBILE_ARMOUR_ALLOWANCE

    def carries(self, name: str) -> bool:
        return any(item.name.lower() == name.strip().lower() for item in self.equipment)

    def proficient_with(self, item: CatalogueItem) -> bool:
        """Class, chosen weapons, race, and Sharp as Steel's benefit until the next rest."""
        extra = [
            record.detail.lower()
            for record in self.harmony_benefits
            if record.benefit is HarmonyBenefit.PROFICIENT_WITH_ITEM
        ]
        return proficient_with(
            item,
            character_class=self.character_class,
            race=self.race,
            weapons=self.weapon_proficiencies,
            extra=extra,
        )

    @property
    def market_barred(self) -> bool:
        """Book l. 306: an unpaid delivery bars Ask on Market until the item is returned."""
        return any(order.unpaid for order in self.orders)


def moon_values(attributes: Mapping[Attribute, int], damage: int) -> dict[MoonAspect, int]:
    """What Moon's dice may shift: the five elements and Damage (book l. 208)."""
    return {
        aspect: damage if aspect.attribute is None else attributes[aspect.attribute]
        for aspect in MoonAspect
    }


def final_attributes(new: NewCharacter) -> dict[Attribute, int]:
    """The five elements after the race's +1 and the extra +1 (book l. 73, 94)."""
    race_attribute = RACES[new.race].attribute
    return {
        attribute: new.attributes[attribute]
        + RACE_BONUS * (attribute is race_attribute)
        + EXTRA_BONUS * (attribute is new.extra)
        for attribute in ELEMENTS
    }


def _check_attributes(new: NewCharacter, array: Sequence[int]) -> None:
    given = set(new.attributes)
    if given != set(ELEMENTS):
        raise PawpostError(
            "Give each of the five attributes once: Wind, Water, Wood, Fire and Metal."
        )
    values = [new.attributes[attribute] for attribute in ELEMENTS]
    if sorted(values) != sorted(array):
        wanted = joined([signed(v) for v in sorted(array, reverse=True)])
        gave = joined([signed(v) for v in sorted(values, reverse=True)])
        raise PawpostError(f"Your attributes must be {wanted} in some order; you gave {gave}.")
    race = RACES[new.race]
    if new.extra is Attribute.HARMONY:
        raise PawpostError("The extra +1 goes to Wind, Water, Wood, Fire or Metal, not Harmony.")
    if new.extra is race.attribute:
        raise PawpostError(
            f"Your extra +1 must go to an attribute other than {race.attribute.label}, which "
            f"being {race.name} already raises."
        )
    for attribute, value in final_attributes(new).items():
        if not ATTRIBUTE_MIN <= value <= ATTRIBUTE_MAX:
            raise PawpostError(
                f"{attribute.label} would be {signed(value)}, outside the "
                f"{signed(ATTRIBUTE_MIN)} to {signed(ATTRIBUTE_MAX)} every attribute keeps."
            )


def _pick_skillset(
    character_class: CharacterClass,
    place: str,
    options: tuple[Skillset, ...],
    given: Skillset | None,
) -> Skillset:
    names = [option.label for option in options]
    if len(options) == 1:
        if given is not None and given is not options[0]:
            raise PawpostError(
                f"{a_or_an(character_class.label, capital=True)}'s {place} skillset is "
                f"{options[0].label}, not {given.label}."
            )
        return options[0]
    if given is None:
        raise PawpostError(
            f"{character_class.plural} choose a {place} skillset: {joined(names, 'or')}."
        )
    if given not in options:
        raise PawpostError(
            f"{given.label} is not a {place} skillset for {a_or_an(character_class.label)}; "
            f"choose {joined(names, 'or')}."
        )
    return given


def chosen_skillsets(new: NewCharacter) -> tuple[Skillset, Skillset, Skillset]:
    """Primary, secondary and tertiary, the player's choices checked against the class."""
    row = CLASSES[new.character_class]
    secondary = _pick_skillset(new.character_class, "secondary", row.secondary, new.secondary)
    tertiary = _pick_skillset(new.character_class, "tertiary", row.tertiary, new.tertiary)
    return (row.primary, secondary, tertiary)


def _check_patron(new: NewCharacter, skillsets: Sequence[Skillset]) -> None:
    if Skillset.TOTEMS in skillsets and new.patron_totem is None:
        totems = joined([totem.label for totem in Totem], "or")
        raise PawpostError(f"Choose a Patron Totem for the Totems skillset: {totems}.")
    if Skillset.TOTEMS not in skillsets and new.patron_totem is not None:
        raise PawpostError("Only a character with the Totems skillset has a Patron Totem.")


def check_advanced_skill(
    name: str,
    character_class: CharacterClass,
    skillsets: Sequence[Skillset],
    *,
    known: Sequence[str] = (),
    patron_totem: Totem | None = None,
) -> Skill:
    """The Advanced skill named, if this character may take it: from one of their skillsets,
    not a Basic one, not another class's a/b skill, not one they have (nor their Patron)."""
    skill = find_skill(name, skillsets)
    if skill.kind is SkillKind.BASIC:
        raise PawpostError(
            f"{skill.name} is the Basic skill of {skill.skillset.label}, which comes with the "
            "skillset; choose an Advanced skill."
        )
    if skill.only is not None and skill.only is not character_class:
        raise PawpostError(f"{skill.name} is for {skill.only.plural} only.")
    if patron_totem is not None and skill.key == patron_totem.skill_key:
        raise PawpostError(f"{skill.name} is already your Patron Totem; choose another skill.")
    if skill.key in known:
        raise PawpostError(f"You already have {skill.name}; choose another skill.")
    return skill


def _check_implement(new: NewCharacter, primary: Skillset) -> None:
    label = new.character_class.label
    if primary not in IMPLEMENT_SKILLSETS:
        if new.implement is not None:
            raise PawpostError(f"{new.character_class.plural} have no implement to choose.")
        return
    implement = new.implement
    thing = "instrument" if primary is Skillset.MUSIC else "implement"
    if implement is None:
        raise PawpostError(
            f"{a_or_an(label, capital=True)} needs {a_or_an(thing)}: choose the element it "
            "rolls to Do Battle and the element foes subtract."
        )
    elements = (implement.rolls, implement.foes_subtract)
    if Attribute.HARMONY in elements:
        raise PawpostError(f"Your {thing}'s elements are two of Wind, Water, Wood, Fire and Metal.")
    if implement.rolls is implement.foes_subtract:
        raise PawpostError(
            f"Your {thing}'s two elements must differ; you chose {implement.rolls.label} twice."
        )
    if primary is Skillset.MAGERY and Attribute.WOOD in elements:
        raise PawpostError("A Magery implement may never have Wood as either of its elements.")
    if primary is Skillset.NATURE and Attribute.WOOD not in elements:
        raise PawpostError("A Nature implement must have Wood as one of its elements.")


def _check_sick_beat(new: NewCharacter, primary: Skillset) -> None:
    if primary is not Skillset.MUSIC:
        if new.sick_beat:
            raise PawpostError("Only Music's Sick Beat chooses conditions to inflict.")
        return
    chosen = new.sick_beat
    if len(chosen) != SICK_BEAT_CONDITIONS or len(set(chosen)) != len(chosen):
        options = joined([c.label for c in SICK_BEAT_OPTIONS])
        raise PawpostError(f"Choose three different Sick Beat conditions from {options}.")
    wrong = [c for c in chosen if c not in SICK_BEAT_OPTIONS]
    if wrong:
        options = joined([c.label for c in SICK_BEAT_OPTIONS], "or")
        raise PawpostError(f"{wrong[0].label} is not a Sick Beat condition; choose {options}.")


def validate_new_sheet(
    new: NewCharacter,
    *,
    catalogue: Mapping[str, CatalogueItem] = STARTER_CATALOGUE,
    array: Sequence[int] = ATTRIBUTE_ARRAY,
) -> None:
    """Refuse a new character unless every creation rule holds; the message is one sentence
    naming what is wrong. `array` is the attribute values to assign (book l. 72)."""
    _check(new, catalogue, array)


def creation_problems(
    new: NewCharacter,
    *,
    catalogue: Mapping[str, CatalogueItem] = STARTER_CATALOGUE,
    array: Sequence[int] = ATTRIBUTE_ARRAY,
) -> list[str]:
    """Every creation rule the choices break, one sentence each (the builder shows them all
    at once); the checks that build on a refused choice are left until it is put right."""
    problems: list[str] = []

    def attempt(check: Callable[[], T]) -> T | None:
        try:
            return check()
        except PawpostError as error:
            problems.append(error.message)
            return None

    primary = CLASSES[new.character_class].primary
    attempt(lambda: _check_attributes(new, array))
    skillsets = attempt(lambda: chosen_skillsets(new))
    if skillsets is not None:
        attempt(lambda: _check_patron(new, skillsets))
        attempt(
            lambda: check_advanced_skill(
                new.advanced, new.character_class, skillsets, patron_totem=new.patron_totem
            )
        )
    attempt(lambda: _check_implement(new, primary))
    attempt(lambda: _check_sick_beat(new, primary))
    before = len(problems)
    attempt(lambda: check_race_choices(new, catalogue))
    race_ok = len(problems) == before
    weapons = attempt(lambda: chosen_weapons(new, catalogue))
    if weapons is not None and race_ok:
        attempt(lambda: check_equipment(new, weapons, catalogue))
    return problems


def _check(
    new: NewCharacter, catalogue: Mapping[str, CatalogueItem], array: Sequence[int]
) -> tuple[tuple[Skillset, Skillset, Skillset], Skill, tuple[str, ...], tuple[CatalogueItem, ...]]:
    _check_attributes(new, array)
    skillsets = chosen_skillsets(new)
    _check_patron(new, skillsets)
    advanced = check_advanced_skill(
        new.advanced, new.character_class, skillsets, patron_totem=new.patron_totem
    )
    _check_implement(new, skillsets[0])
    _check_sick_beat(new, skillsets[0])
    check_race_choices(new, catalogue)
    weapons = chosen_weapons(new, catalogue)
    equipment = check_equipment(new, weapons, catalogue)
    return skillsets, advanced, weapons, equipment


def create_sheet(
    new: NewCharacter,
    dice: DiceSource,
    *,
    catalogue: Mapping[str, CatalogueItem] = STARTER_CATALOGUE,
    array: Sequence[int] = ATTRIBUTE_ARRAY,
) -> CavernsSheet:
    """A new adventurer at level 1 with Harmony +3, full Health and Vitae, the four class
    skills, the class's equipment, and the kit everyone carries (book l. 72, 100, 103).
    `dice` is only rolled for a Moon Patron Totem (l. 208)."""
    return roll_new_sheet(new, dice, catalogue=catalogue, array=array)[0]


def roll_new_sheet(
    new: NewCharacter,
    dice: DiceSource | None,
    *,
    catalogue: Mapping[str, CatalogueItem] = STARTER_CATALOGUE,
    array: Sequence[int] = ATTRIBUTE_ARRAY,
) -> tuple[CavernsSheet, tuple[Roll, ...]]:
    """`create_sheet` with the Moon bond's dice, rerolls included, to show. With no `dice`
    (a preview) a Moon Patron's bond is not rolled yet."""
    skillsets, advanced, weapons, equipment = _check(new, catalogue, array)
    row = CLASSES[new.character_class]
    race_weapons = (find_item(new.race_weapon, catalogue).key,) if new.race_weapon else ()
    items = [
        *(find_item(name, catalogue) for name in STARTING_KIT),
        *equipment,
        *((find_item(new.free_poison, catalogue),) if new.free_poison else ()),
    ]
    skills = (*(basic_skill(skillset).key for skillset in skillsets), advanced.key)
    values = final_attributes(new)
    moon = None
    rolls: tuple[Roll, ...] = ()
    if new.patron_totem is Totem.MOON and dice is not None:
        bonded = roll_moon_bond(moon_values(values, row.damage), dice)
        moon, rolls = bonded.bond, bonded.rolls
    draft = CavernsSheet.model_validate(
        {
            **{attribute.value: value for attribute, value in values.items()},
            "race": new.race,
            "character_class": new.character_class,
            "harmony": STARTING_HARMONY,
            "health": 0,
            "vitae": 0,
            "skillsets": skillsets,
            "skills": skills,
            "weapon_proficiencies": (*weapons, *race_weapons),
            "race_weapon": race_weapons[0] if race_weapons else None,
            "implement": new.implement,
            "sick_beat": new.sick_beat,
            "patron_totem": new.patron_totem,
            "moon": moon,
            "equipment": tuple(Item(name=item.name, kind=item.kind) for item in items),
            "gold": STARTING_GOLD + row.extra_gold,
            "rations": STARTING_RATIONS,
            "torches": STARTING_TORCHES,
        }
    )
    made = draft.model_copy(update={"health": draft.max_health, "vitae": draft.max_vitae})
    return made, rolls
