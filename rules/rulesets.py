"""The four rulesets a server can pick, and which of them the bot can already play."""

from __future__ import annotations

from typing import NamedTuple

from pydantic import BaseModel

from rules.errors import PawpostError
from rules.germ.sheet import GermSheet


class Ruleset(NamedTuple):
    id: str
    name: str
    sheet: type[BaseModel] | None  # None: not built yet


RULESETS: dict[str, Ruleset] = {
    ruleset.id: ruleset
    for ruleset in (
        Ruleset("germ", "Germ", GermSheet),
        Ruleset("wcagr", "WCAGR", None),
        Ruleset("cat", "Taking Risks", None),
        Ruleset("caverns", "Caverns and Cloiers", None),
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
