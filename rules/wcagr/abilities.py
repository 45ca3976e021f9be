"""The three abilities, their scores (1-10) and their pools of ability points."""

from __future__ import annotations

from enum import StrEnum
from typing import Self

from pydantic import BaseModel, ConfigDict, Field

from rules.wcagr.constants import ABILITY_MAX, ABILITY_MIN


class Ability(StrEnum):
    """Strength, Intelligence and Spirit, in the book's order (l.24)."""

    STRENGTH = "strength"
    INTELLIGENCE = "intelligence"
    SPIRIT = "spirit"

    @property
    def label(self) -> str:
        """The name players see: "Strength"."""
        return self.value.capitalize()


ABILITIES: tuple[Ability, ...] = tuple(Ability)


class _ByAbility(BaseModel):
    """One whole number per ability; immutable, changes return a copy."""

    model_config = ConfigDict(frozen=True)

    strength: int
    intelligence: int
    spirit: int

    def __getitem__(self, ability: Ability) -> int:
        return int(getattr(self, ability.value))

    def with_value(self, ability: Ability, value: int) -> Self:
        """A copy with `ability` set to `value` (validated)."""
        return self.model_validate({**self.model_dump(), ability.value: value})

    def as_dict(self) -> dict[Ability, int]:
        return {ability: self[ability] for ability in ABILITIES}


class Scores(_ByAbility):
    """Ability scores: always 1-10 (book l.24)."""

    strength: int = Field(ge=ABILITY_MIN, le=ABILITY_MAX)
    intelligence: int = Field(ge=ABILITY_MIN, le=ABILITY_MAX)
    spirit: int = Field(ge=ABILITY_MIN, le=ABILITY_MAX)


class Points(_ByAbility):
    """Ability points left in each pool. A full pool holds the score; converted points may take
    a pool above its score until the next refresh (RULINGS), so there is no upper bound."""

    strength: int = Field(ge=0)
    intelligence: int = Field(ge=0)
    spirit: int = Field(ge=0)

    @classmethod
    def full(cls, scores: Scores) -> Points:
        """Every pool refreshed: as many points as the score."""
        return cls(**scores.model_dump())
