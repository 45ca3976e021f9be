"""Taking Risks' own server settings (RULINGS, Cat, each marked config), kept in the server's
settings under `rulesets.cat`."""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import BaseModel, ConfigDict

from rules.cat.constants import (
    CLAIMED_ADVANTAGE_MOST,
    SCAR_TIMEOUT_HOURS,
    TRICK_EVENS_BEST,
    TRICK_EVENS_GOOD,
    TRICK_EVENS_STRONG,
)
from rules.cat.sheet import Rank
from storage.settings import GuildSettings

RULESET = "cat"


class CatSettings(BaseModel):
    model_config = ConfigDict(extra="ignore")

    trick_evens_good: int = TRICK_EVENS_GOOD
    trick_evens_strong: int = TRICK_EVENS_STRONG
    trick_evens_best: int = TRICK_EVENS_BEST
    bauble_free_at_first_success: bool = True  # RULINGS: "(config: free at the first success)"
    claimed_advantage_most: int = CLAIMED_ADVANTAGE_MOST  # a player's own Advantage dice a roll
    scar_timeout_hours: int = SCAR_TIMEOUT_HOURS  # owed scars then go where the Narrator puts them

    @property
    def trick_evens(self) -> Mapping[Rank, int]:
        """Evens a Trick needs by the tier used."""
        return {
            Rank.GOOD: self.trick_evens_good,
            Rank.STRONG: self.trick_evens_strong,
            Rank.BEST: self.trick_evens_best,
        }

    @classmethod
    def of(cls, settings: GuildSettings) -> CatSettings:
        """The server's Taking Risks settings (the defaults where none were set)."""
        return cls.model_validate(settings.rulesets.get(RULESET, {}))

    def store_in(self, settings: GuildSettings) -> None:
        settings.rulesets[RULESET] = self.model_dump(mode="json")
