"""Germ's own server settings (RULINGS.md, Germ, each item marked config), kept in the server's
settings under `rulesets.germ`."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from rules.germ.constants import MAX_POINTS_IN_STAT, MOTHER_MIN_AGE_GAP_MOONS, POINTS_TO_SPEND
from storage.settings import GuildSettings

RULESET = "germ"
STEAL_WINDOW_DAYS = 7  # how old a catch may be and still be stolen


class GermSettings(BaseModel):
    model_config = ConfigDict(extra="ignore")

    points_to_spend: int = POINTS_TO_SPEND
    max_points_in_stat: int = MAX_POINTS_IN_STAT
    steal_window_days: int = STEAL_WINDOW_DAYS
    free_attack_agility_cuts_damage: bool = True
    mother_min_age_gap_moons: int = MOTHER_MIN_AGE_GAP_MOONS

    @classmethod
    def of(cls, settings: GuildSettings) -> GermSettings:
        """The server's Germ settings (the defaults where none were set)."""
        return cls.model_validate(settings.rulesets.get(RULESET, {}))

    def store_in(self, settings: GuildSettings) -> None:
        settings.rulesets[RULESET] = self.model_dump(mode="json")
