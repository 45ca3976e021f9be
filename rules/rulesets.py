"""The four rulesets a server can pick, and the pure part of those the bot can play.

With `bot/registry.py`, this is the one place that names a ruleset's package: storage reads a
sheet's model from here, the bot everything else from the registry.
"""

from __future__ import annotations

from typing import NamedTuple

from pydantic import BaseModel

from rules.cat.sheet import CatSheet
from rules.caverns.sheet import CavernsSheet
from rules.errors import PawpostError
from rules.germ.sheet import GermSheet
from rules.wcagr.sheet import WcagrSheet


class RulesetInfo(NamedTuple):
    id: str
    name: str
    sheet: type[BaseModel] | None  # None: not built yet
    summary: str = ""  # what a player of it keeps and rolls, in a line (`/help`)

    @property
    def built(self) -> bool:
        return self.sheet is not None


RULESETS: dict[str, RulesetInfo] = {
    ruleset.id: ruleset
    for ruleset in (
        RulesetInfo(
            "germ",
            "Germ",
            GermSheet,
            "cats with 22 points over six stats, rolling d20 + a stat; daily hunts,"
            " contests and fights in turns",
        ),
        RulesetInfo(
            "wcagr",
            "WCAGR",
            WcagrSheet,
            "Clan cats with Strength, Intelligence and Spirit points to spend, skills and"
            " knacks; hunts, herbs, illnesses and wrestling",
        ),
        RulesetInfo(
            "cat",
            "Taking Risks",
            CatSheet,
            "cats whose traits roll pools of dice, with nine Lives, Magic Points, Style,"
            " Reputations and scars",
        ),
        RulesetInfo(
            "caverns",
            "Caverns and Cloiers",
            CavernsSheet,
            "a party of adventurers with signed attributes, skills and levels; rests, and"
            " battles in rows against the bestiary, the admins as the MC",
        ),
    )
}


class RulesetNotBuilt(PawpostError):
    def __init__(self, ruleset: str) -> None:
        name = RULESETS[ruleset].name if ruleset in RULESETS else ruleset
        super().__init__(
            f"{name} is not built into Pawpost yet, so this server cannot play it; "
            "an admin can switch back with /config ruleset ruleset:germ."
        )


def sheet_model(ruleset: str) -> type[BaseModel]:
    """The pydantic model of a ruleset's character sheet."""
    found = RULESETS.get(ruleset)
    if found is None or found.sheet is None:
        raise RulesetNotBuilt(ruleset)
    return found.sheet
