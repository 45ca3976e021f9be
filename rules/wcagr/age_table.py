"""What a cat gains at each moon of age: the 10-moon gains and the age table (book l.159-222)."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from rules.wcagr.abilities import Ability
from rules.wcagr.constants import (
    AGE_ABILITY_CHANGE,
    AGE_TABLE_FIRST_MOON,
    AGE_TABLE_LAST_MOON,
    TEN_MOONS,
)


class Gain(StrEnum):
    """One entry of a moon's row. The first five need the player's choice."""

    SKILL = "skill"  # one skill point: a new skill, or +1 to one below 5
    KNACK = "knack"  # a new knack, or a repeat pick within its maximum
    ANY_ABILITY = "any-ability"  # +1 to an ability the player chooses
    INTELLIGENCE_OR_SPIRIT = "intelligence-or-spirit"  # +1 to one of the two
    THREE_KNACKS = "three-knacks"  # at 10 moons: three different new knacks (l.229)
    STRENGTH_UP = "strength-up"
    INTELLIGENCE_UP = "intelligence-up"
    SPIRIT_UP = "spirit-up"
    STRENGTH_DOWN = "strength-down"

    @property
    def label(self) -> str:
        return _GAIN_LABELS[self]

    @property
    def needs_choice(self) -> bool:
        return self not in FIXED_GAINS


_GAIN_LABELS: Mapping[Gain, str] = {
    Gain.SKILL: "Skill",
    Gain.KNACK: "Knack",
    Gain.ANY_ABILITY: f"+{AGE_ABILITY_CHANGE} any ability",
    Gain.INTELLIGENCE_OR_SPIRIT: f"+{AGE_ABILITY_CHANGE} Intelligence or Spirit",
    Gain.THREE_KNACKS: "Three knacks",
    Gain.STRENGTH_UP: f"+{AGE_ABILITY_CHANGE} Strength",
    Gain.INTELLIGENCE_UP: f"+{AGE_ABILITY_CHANGE} Intelligence",
    Gain.SPIRIT_UP: f"+{AGE_ABILITY_CHANGE} Spirit",
    Gain.STRENGTH_DOWN: f"−{AGE_ABILITY_CHANGE} Strength",
}

# The gains that need no choice: the ability and by how much it changes.
FIXED_GAINS: Mapping[Gain, tuple[Ability, int]] = {
    Gain.STRENGTH_UP: (Ability.STRENGTH, AGE_ABILITY_CHANGE),
    Gain.INTELLIGENCE_UP: (Ability.INTELLIGENCE, AGE_ABILITY_CHANGE),
    Gain.SPIRIT_UP: (Ability.SPIRIT, AGE_ABILITY_CHANGE),
    Gain.STRENGTH_DOWN: (Ability.STRENGTH, -AGE_ABILITY_CHANGE),
}

# Book l.24 and l.229: at 10 moons, +1 Strength, +1 Intelligence or Spirit, and three knacks.
# A cat created at 10 moons or more has them from the start; RULINGS: "A younger cat gets the
# 10-moon gains when it reaches 10 moons."
TEN_MOON_GAINS: tuple[Gain, ...] = (
    Gain.STRENGTH_UP,
    Gain.INTELLIGENCE_OR_SPIRIT,
    Gain.THREE_KNACKS,
)

_S, _K, _ANY, _INT_SPI = Gain.SKILL, Gain.KNACK, Gain.ANY_ABILITY, Gain.INTELLIGENCE_OR_SPIRIT

# Book l.159-222 (the levelling paragraph at l.191-192 sits inside the table, between 40 and
# 41). A row the book leaves blank gains nothing. Two-gain rows keep the book's order.
AGE_TABLE: Mapping[int, tuple[Gain, ...]] = {
    11: (_S,),  # l.161
    12: (_ANY,),  # l.162
    13: (_K,),  # l.163
    14: (_INT_SPI,),  # l.164
    15: (_S,),  # l.165
    16: (_K,),  # l.166
    17: (_ANY,),  # l.167
    18: (),  # l.168
    19: (_S, _K),  # l.169 "Skill and Knack"
    20: (),  # l.170
    21: (_ANY,),  # l.171
    22: (_K,),  # l.172
    23: (_S,),  # l.173
    24: (),  # l.174
    25: (_K,),  # l.175
    26: (_INT_SPI,),  # l.176
    27: (_S,),  # l.177
    28: (_K,),  # l.178
    29: (),  # l.179
    30: (_S,),  # l.180
    31: (_K,),  # l.181
    32: (_ANY,),  # l.182
    33: (),  # l.183
    34: (_K,),  # l.184
    35: (_S,),  # l.185
    36: (),  # l.186
    37: (_K,),  # l.187
    38: (Gain.INTELLIGENCE_UP,),  # l.188
    39: (_S,),  # l.189
    40: (_K,),  # l.190
    41: (),  # l.193
    42: (_S,),  # l.194
    43: (_K,),  # l.195
    44: (),  # l.196
    45: (_ANY,),  # l.197 "+1 Any Ability"
    46: (_K,),  # l.198
    47: (_S,),  # l.199
    48: (),  # l.200
    49: (_K,),  # l.201
    50: (Gain.SPIRIT_UP,),  # l.202
    51: (_S,),  # l.203 "SKill"
    52: (_K,),  # l.204
    53: (),  # l.205
    54: (),  # l.206
    55: (_K, _S),  # l.207 "Knack and Skill"
    56: (),  # l.208
    57: (Gain.STRENGTH_DOWN,),  # l.209
    58: (_K,),  # l.210
    59: (_S,),  # l.211
    60: (),  # l.212
    61: (_K,),  # l.213
    62: (_ANY,),  # l.214 "+1 Any Ability"
    63: (_S,),  # l.215
    64: (_K,),  # l.216
    65: (),  # l.217
    66: (),  # l.218
    67: (_K, _S),  # l.219 "Knack and Skill"
    68: (Gain.STRENGTH_DOWN,),  # l.220
    69: (Gain.SPIRIT_UP,),  # l.221
    70: (_K,),  # l.222
}


def gains_at(moon: int) -> tuple[Gain, ...]:
    """What a cat gains on reaching `moon` moons of age (nothing outside 10 and 11-70)."""
    if moon == TEN_MOONS:
        return TEN_MOON_GAINS
    if AGE_TABLE_FIRST_MOON <= moon <= AGE_TABLE_LAST_MOON:
        return AGE_TABLE[moon]
    return ()


class PendingGain(BaseModel):
    """A gain waiting for its player's choice: from a moon of age, or (moon None) granted by an
    admin for a great deed (l.192)."""

    model_config = ConfigDict(frozen=True)

    gain: Gain
    moon: int | None = Field(default=None, ge=0)
    number: int = Field(default=0, ge=0)  # the sheet's count of gains put to wait: its select's key

    @property
    def source(self) -> str:
        """Where the gain came from: "13 moons" or "a great deed"."""
        return "a great deed" if self.moon is None else f"{self.moon} moons"
