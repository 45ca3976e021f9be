"""The eighteen conditions of book l. 350-367: what each does, its cure roll and when it ends."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from rules.caverns.attributes import Attribute
from rules.caverns.constants import (
    ABLAZE_DIFFICULTY,
    BOUND_DIFFICULTY,
    CONFUSED_DIFFICULTY,
    DISLOYALTY_DIFFICULTY,
    FATIGUE_DIFFICULTY,
    ROLLS_TO_CURE,
    SICKNESS_DIFFICULTY,
    SLEEPING_DIFFICULTY,
)
from rules.errors import PawpostError


class Condition(StrEnum):
    """In the book's (alphabetical) order."""

    ABLAZE = "ablaze"
    AEON = "aeon"
    BLIND = "blind"
    BOUND = "bound"
    BROKEN_LIMB = "broken-limb"
    CLUMSINESS = "clumsiness"
    CONFUSED = "confused"
    DISARM = "disarm"
    DISLOYALTY = "disloyalty"
    ENTRANCEMENT = "entrancement"
    FATIGUE = "fatigue"
    FEAR = "fear"
    PACIFISM = "pacifism"
    PARANOIA = "paranoia"
    PRONE = "prone"
    SENSITIVITY = "sensitivity"
    SICKNESS = "sickness"
    SLEEPING = "sleeping"

    @property
    def label(self) -> str:
        """The name players see: "Broken Limb"."""
        return self.value.replace("-", " ").title()

    @property
    def state(self) -> str:
        """What follows "is" in a sentence: "Entranced", "lost in Aeon"."""
        return _STATES.get(self, self.label)


_STATES: Mapping[Condition, str] = {
    Condition.AEON: "lost in Aeon",
    Condition.BROKEN_LIMB: "nursing a Broken Limb",
    Condition.CLUMSINESS: "Clumsy",
    Condition.DISARM: "Disarmed",
    Condition.DISLOYALTY: "Disloyal",
    Condition.ENTRANCEMENT: "Entranced",
    Condition.FATIGUE: "Fatigued",
    Condition.FEAR: "Afraid",
    Condition.PACIFISM: "a Pacifist",
    Condition.PARANOIA: "Paranoid",
    Condition.SENSITIVITY: "Sensitive",
    Condition.SICKNESS: "Sick",
    Condition.SLEEPING: "Asleep",
}


class Ending(StrEnum):
    """What ends a condition (book l. 350-367)."""

    CURE_ROLL = "a successful cure roll"  # Ablaze (Water 5), Bound (Wind 9), Sleeping (Harmony 7)
    THREE_ROLLS = "three cure rolls"  # Confused, Disloyalty, Fatigue, Sickness
    NEXT_ROLL = "the character's next roll"  # Clumsiness
    NEXT_TURN = "the lost turn"  # Aeon
    ANY_REST = "the next rest"  # Blind, Broken Limb, Paranoia
    BATTLE_END = "the end of the battle"  # Entrancement, Fear
    SUCCESSFUL_FLEE = "a successful Flee"  # Fear
    FRONT_ROW = "reaching the front row"  # Entrancement
    SIDE_ATTACKED = "the enemy or an ally of it being attacked"  # Pacifism
    TURN_WITHOUT_DAMAGE = "a turn without damage"  # Sensitivity
    STANDING_UP = "an action to stand up"  # Prone
    RETRIEVED = "retrieving the item at the end of the next turn"  # Disarm
    WATER = "being put out with water"  # Ablaze
    WOKEN = "another character's action, or any damage"  # Sleeping


class CureRoll(BaseModel):
    """The roll a sufferer makes against a condition, and what a failure costs them."""

    model_config = ConfigDict(frozen=True)

    attribute: Attribute
    difficulty: int
    failure: str


class ConditionRule(BaseModel):
    """One row of the conditions chapter."""

    model_config = ConfigDict(frozen=True)

    condition: Condition
    line: int
    effect: str
    cure: CureRoll | None = None
    rolls_to_cure: int | None = None  # "After three such rolls, they are cured"
    ends: tuple[Ending, ...] = ()


CONDITIONS: Mapping[Condition, ConditionRule] = {
    rule.condition: rule
    for rule in (
        ConditionRule(
            condition=Condition.ABLAZE,
            line=350,
            effect="on fire: takes one damage every turn",
            cure=CureRoll(
                attribute=Attribute.WATER,
                difficulty=ABLAZE_DIFFICULTY,
                failure="is still on fire",
            ),
            ends=(Ending.CURE_ROLL, Ending.WATER),
        ),
        ConditionRule(
            condition=Condition.AEON,
            line=351,
            effect="loses their next turn",
            ends=(Ending.NEXT_TURN,),
        ),
        ConditionRule(
            condition=Condition.BLIND,
            line=352,
            effect="cannot see: fails to notice anything and makes all attack rolls at -3",
            ends=(Ending.ANY_REST,),
        ),
        ConditionRule(
            condition=Condition.BOUND,
            line=353,
            effect="tied up: cannot take any action without first freeing themselves",
            cure=CureRoll(
                attribute=Attribute.WIND,
                difficulty=BOUND_DIFFICULTY,
                failure="stays tied up and cannot act this turn",
            ),
            ends=(Ending.CURE_ROLL,),
        ),
        ConditionRule(
            condition=Condition.BROKEN_LIMB,
            line=354,
            effect=(
                "a broken limb cannot be used: half speed for each broken leg, no weapons with "
                "a broken arm"
            ),
            ends=(Ending.ANY_REST,),
        ),
        ConditionRule(
            condition=Condition.CLUMSINESS,
            line=355,
            effect="makes their next roll at -3",
            ends=(Ending.NEXT_ROLL,),
        ),
        ConditionRule(
            condition=Condition.CONFUSED,
            line=356,
            effect="must make a Metal roll each turn or waste it",
            cure=CureRoll(
                attribute=Attribute.METAL,
                difficulty=CONFUSED_DIFFICULTY,
                failure="wastes the turn doing something unhelpful, like yodeling",
            ),
            rolls_to_cure=ROLLS_TO_CURE,
            ends=(Ending.THREE_ROLLS,),
        ),
        ConditionRule(
            condition=Condition.DISARM,
            line=357,
            effect="drops one item on their person, chosen by the attacker (or the MC)",
            ends=(Ending.RETRIEVED,),
        ),
        ConditionRule(
            condition=Condition.DISLOYALTY,
            line=358,
            effect="filled with thoughts of treachery: must make a Fire roll each turn",
            cure=CureRoll(
                attribute=Attribute.FIRE,
                difficulty=DISLOYALTY_DIFFICULTY,
                failure="spends the turn attacking an ally",
            ),
            rolls_to_cure=ROLLS_TO_CURE,
            ends=(Ending.THREE_ROLLS,),
        ),
        ConditionRule(
            condition=Condition.ENTRANCEMENT,
            line=359,
            effect=(
                "cannot move further from the source: in battle, cannot Flee and must Advance "
                "as soon as possible"
            ),
            ends=(Ending.FRONT_ROW, Ending.BATTLE_END),
        ),
        ConditionRule(
            condition=Condition.FATIGUE,
            line=360,
            effect="extremely tired: must make a Wood roll each turn",
            cure=CureRoll(
                attribute=Attribute.WOOD,
                difficulty=FATIGUE_DIFFICULTY,
                failure="falls Prone, too tired to act",
            ),
            rolls_to_cure=ROLLS_TO_CURE,
            ends=(Ending.THREE_ROLLS,),
        ),
        ConditionRule(
            condition=Condition.FEAR,
            line=361,
            effect=(
                "cannot move closer to the source: in battle, cannot advance beyond the back "
                "row and must Flee as soon as possible"
            ),
            ends=(Ending.SUCCESSFUL_FLEE, Ending.BATTLE_END),
        ),
        ConditionRule(
            condition=Condition.PACIFISM,
            line=362,
            effect="refuses to Do Battle: cannot attack and inflicts no retaliatory damage",
            ends=(Ending.SIDE_ATTACKED,),
        ),
        ConditionRule(
            condition=Condition.PARANOIA,
            line=363,
            effect=(
                "has no allies: what would affect an ally affects nobody, what would affect an "
                "enemy affects everybody"
            ),
            ends=(Ending.ANY_REST,),
        ),
        ConditionRule(
            condition=Condition.PRONE,
            line=364,
            effect="can only crawl; Advance, Flee and Do Battle take -3",
            ends=(Ending.STANDING_UP,),
        ),
        ConditionRule(
            condition=Condition.SENSITIVITY,
            line=365,
            effect="loses one extra Health each time they take damage",
            ends=(Ending.TURN_WITHOUT_DAMAGE,),
        ),
        ConditionRule(
            condition=Condition.SICKNESS,
            line=366,
            effect="violently ill: must make a Water roll each time they wish to act",
            cure=CureRoll(
                attribute=Attribute.WATER,
                difficulty=SICKNESS_DIFFICULTY,
                failure="wastes the turn being messily sick",
            ),
            rolls_to_cure=ROLLS_TO_CURE,
            ends=(Ending.THREE_ROLLS,),
        ),
        ConditionRule(
            condition=Condition.SLEEPING,
            line=367,
            effect="cannot move or act, and their Damage is zero",
            cure=CureRoll(
                attribute=Attribute.HARMONY,
                difficulty=SLEEPING_DIFFICULTY,
                failure="sleeps on",
            ),
            ends=(Ending.CURE_ROLL, Ending.WOKEN),
        ),
    )
}

# Other names the book uses for the same conditions ("Asleep" l. 239, "Disarmed" l. 201, ...).
_ALIASES: Mapping[str, Condition] = {
    "asleep": Condition.SLEEPING,
    "sleep": Condition.SLEEPING,
    "blindness": Condition.BLIND,
    "blinded": Condition.BLIND,
    "bound": Condition.BOUND,
    "broken limb": Condition.BROKEN_LIMB,
    "clumsy": Condition.CLUMSINESS,
    "confusion": Condition.CONFUSED,
    "disarmed": Condition.DISARM,
    "disloyal": Condition.DISLOYALTY,
    "entranced": Condition.ENTRANCEMENT,
    "fatigued": Condition.FATIGUE,
    "afraid": Condition.FEAR,
    "paranoid": Condition.PARANOIA,
    "sensitive": Condition.SENSITIVITY,
    "sick": Condition.SICKNESS,
    "sickened": Condition.SICKNESS,
}


def parse_condition(text: str) -> Condition:
    """A condition by its name or another name the book uses for it, any case."""
    key = text.strip().lower().replace("_", " ").replace("-", " ")
    for condition in Condition:
        if key == condition.value.replace("-", " "):
            return condition
    found = _ALIASES.get(key)
    if found is None:
        raise PawpostError(f'"{text.strip()}" is not a condition of Caverns and Cloiers.')
    return found


class ActiveCondition(BaseModel):
    """A condition on a character: how many cure rolls it has taken, whether a Flourish gave
    it (so it also ends at the next Short Rest, book l. 374), a difficulty other than the
    default if the MC or a skill set one (Eternal Sleep, l. 243), a note (which limb, which
    item, the source of a Fear), and when it was last rolled against (RULINGS: outside a
    battle, once a game day unless the MC calls for a roll)."""

    model_config = ConfigDict(frozen=True)

    condition: Condition
    rolls: int = Field(default=0, ge=0)
    from_flourish: bool = False
    difficulty: int | None = None
    note: str = ""
    version: int = Field(default=0, ge=0)  # one more at each roll: a cure button's freshness
    rolled_day: int | None = None  # the game day of its last roll outside a battle

    @property
    def rule(self) -> ConditionRule:
        return CONDITIONS[self.condition]
