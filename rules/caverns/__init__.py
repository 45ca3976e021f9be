"""Caverns and Cloiers, part 1: characters, moves, the party's rests, Harmony, conditions and
the market, as pure rules (dice are always passed in)."""

from rules.caverns.afflictions import Moment, cure, cure_roll, end_conditions, immunity, inflict
from rules.caverns.attributes import ELEMENTS, Attribute, parse_attributes
from rules.caverns.classes import CLASSES, CharacterClass
from rules.caverns.conditions import CONDITIONS, Condition
from rules.caverns.moves import FleeRoute, Foe, advance, do_battle, flee, move
from rules.caverns.party.experience import (
    PartyProgress,
    answer_experience_questions,
    learn_advanced_skill,
    level_up,
)
from rules.caverns.party.market import ask_on_market, return_delivery, sell
from rules.caverns.party.rests import long_rest, short_rest
from rules.caverns.races import RACES, Race
from rules.caverns.rolling import Band
from rules.caverns.sheet import CavernsSheet, NewCharacter, create_sheet, validate_new_sheet
from rules.caverns.skills import SKILLS, Skill
from rules.caverns.skillsets import Skillset

__all__ = [
    "CLASSES",
    "CONDITIONS",
    "ELEMENTS",
    "RACES",
    "SKILLS",
    "Attribute",
    "Band",
    "CavernsSheet",
    "CharacterClass",
    "Condition",
    "FleeRoute",
    "Foe",
    "Moment",
    "NewCharacter",
    "PartyProgress",
    "Race",
    "Skill",
    "Skillset",
    "advance",
    "answer_experience_questions",
    "ask_on_market",
    "create_sheet",
    "cure",
    "cure_roll",
    "do_battle",
    "end_conditions",
    "flee",
    "immunity",
    "inflict",
    "learn_advanced_skill",
    "level_up",
    "long_rest",
    "move",
    "parse_attributes",
    "return_delivery",
    "sell",
    "short_rest",
    "validate_new_sheet",
]
