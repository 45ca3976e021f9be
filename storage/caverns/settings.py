"""Caverns' own server settings (RULINGS, Caverns, rests: what a character can carry, config:
10 rations and 3 torches), kept in the server's settings under `rulesets.caverns`."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from rules.caverns.constants import MAX_RATIONS_CARRIED, MAX_TORCHES_CARRIED, SALE_PERCENT
from storage.settings import GuildSettings

RULESET = "caverns"


class CavernsSettings(BaseModel):
    model_config = ConfigDict(extra="ignore")

    max_rations: int = MAX_RATIONS_CARRIED
    max_torches: int = MAX_TORCHES_CARRIED
    sale_percent: int = SALE_PERCENT  # what the market pays, of the catalogue price
    # Where each party is, by party id, as the MC said (/admin party site): Melding's site.
    party_sites: dict[int, str] = Field(default_factory=dict)
    # The parties the MC said are in sunlight now (/admin party sunlight): the Lucidian's trait.
    sunlit_parties: list[int] = Field(default_factory=list)

    @classmethod
    def of(cls, settings: GuildSettings) -> CavernsSettings:
        """The server's Caverns settings (the defaults where none were set)."""
        return cls.model_validate(settings.rulesets.get(RULESET, {}))

    def store_in(self, settings: GuildSettings) -> None:
        settings.rulesets[RULESET] = self.model_dump(mode="json")
