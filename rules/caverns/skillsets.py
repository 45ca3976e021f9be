"""The sixteen skillsets (book l. 25-33, chapters 6-9), which a class offers in three places."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

from rules.errors import PawpostError


class Skillset(StrEnum):
    """In the order of the book's chapters (l. 30-33)."""

    COMBAT = "combat"
    MAGERY = "magery"
    MUSIC = "music"
    NATURE = "nature"
    ATHLETICS = "athletics"
    ACROBATICS = "acrobatics"
    TOTEMS = "totems"
    RITUALS = "rituals"
    HEALING = "healing"
    DIVINATION = "divination"
    DREAMWEAVING = "dreamweaving"
    MYSTICISM = "mysticism"
    ILLUSIONS = "illusions"
    PSIONICS = "psionics"
    STEALTH = "stealth"
    HUNTING = "hunting"

    @property
    def label(self) -> str:
        """The name players see: "Dreamweaving"."""
        return self.value.capitalize()


# The class blocks misspell Dreamweaving as "Dreameaving" (book l. 123, 137).
_ALIASES: Mapping[str, Skillset] = {"dreameaving": Skillset.DREAMWEAVING}


def parse_skillset(text: str) -> Skillset:
    """A skillset by name, any case."""
    key = text.strip().lower()
    for skillset in Skillset:
        if key == skillset.value:
            return skillset
    found = _ALIASES.get(key)
    if found is None:
        raise PawpostError(f'"{text.strip()}" is not a skillset of Caverns and Cloiers.')
    return found
