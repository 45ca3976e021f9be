"""WCAGR's own server settings (RULINGS.md, WCAGR, each item marked config), kept in the
server's settings under `rulesets.wcagr`."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from rules.wcagr import Illness
from rules.wcagr.constants import CROWFOOD_AFTER_GAME_DAYS, HUNT_TRIES_PER_STAGE
from rules.wcagr.hunting import WEIGHTS, WeightTable
from storage.settings import GuildSettings

RULESET = "wcagr"
MOST_TRIES_PER_STAGE = 10
MOST_CROWFOOD_DAYS = 28


class WcagrSettings(BaseModel):
    model_config = ConfigDict(extra="ignore")

    tries_per_stage: int = Field(default=HUNT_TRIES_PER_STAGE, ge=1, le=MOST_TRIES_PER_STAGE)
    crowfood_after_days: int = Field(default=CROWFOOD_AFTER_GAME_DAYS, ge=0, le=MOST_CROWFOOD_DAYS)
    crowfood_illness: Illness = Illness.WHITECOUGH
    once_a_day: bool = False  # RULINGS: Germ's once-a-day hunting, off for WCAGR (config: on)
    leader_lives_save: bool = True  # RULINGS (config): a leader's death takes a life instead
    chickweed_for_catmint: bool = False  # RULINGS (config): chickweed may stand in for catmint
    # RULINGS (config): Mighty Swat's and Belly Rake's +1 as +1 to the damage check, not +1 HP
    knack_damage_on_check: bool = False
    pin_after_win: bool = False  # RULINGS (config): Pin only after winning the wrestle roll
    # RULINGS (config): the highest 1d10 face of each weight but Massive (1, 2-3, 4-7, 8-9, 10)
    prey_weights: WeightTable = WEIGHTS
    # docs/rulings.md (config): the book's "extra healing rules" (l.275), healers keeping herbs
    herb_stocks: bool = False

    @classmethod
    def of(cls, settings: GuildSettings) -> WcagrSettings:
        """The server's WCAGR settings (the defaults where none were set)."""
        return cls.model_validate(settings.rulesets.get(RULESET, {}))

    def store_in(self, settings: GuildSettings) -> None:
        settings.rulesets[RULESET] = self.model_dump(mode="json")
