"""The four rulesets a server can pick, and the pure part of those the bot can play.

With `bot/registry.py`, this is the one place that names a ruleset's package: storage reads a
sheet's model from here, the bot everything else from the registry.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from pydantic import BaseModel

from rules.cat.sheet import CatSheet
from rules.caverns.sheet import CavernsSheet
from rules.errors import PawpostError
from rules.germ.sheet import GermSheet
from rules.life import Life
from rules.wcagr.sheet import WcagrSheet

# A character's life once its sheet changes, from the sheet and the life it had: a Cat with no
# Lives left is dead, and one whose Lives are given back lives again.
SheetLife = Callable[[Any, Life], Life]


def decided(life: Life, *, dead: bool, retired: bool | None = None) -> Life:
    """Life as a sheet decides it: dead (and retired, where the sheet keeps it) follow the
    sheet both ways; whatever the sheet does not decide stays as the core set it."""
    if dead:
        return Life.DEAD
    if retired:
        return Life.RETIRED
    if life is Life.DEAD or (retired is not None and life is Life.RETIRED):
        return Life.ACTIVE
    return life


class RulesetInfo(NamedTuple):
    id: str
    name: str
    sheet: type[BaseModel] | None  # None: not built yet
    life: SheetLife | None = None  # None: the sheet never decides life (Germ)

    @property
    def built(self) -> bool:
        return self.sheet is not None


RULESETS: dict[str, RulesetInfo] = {
    ruleset.id: ruleset
    for ruleset in (
        RulesetInfo("germ", "Germ", GermSheet),
        RulesetInfo(
            "wcagr",
            "WCAGR",
            WcagrSheet,
            lambda s, life: decided(life, dead=s.dead, retired=s.retired),
        ),
        RulesetInfo("cat", "Taking Risks", CatSheet, lambda s, life: decided(life, dead=s.dead)),
        RulesetInfo(
            "caverns",
            "Caverns and Cloiers",
            CavernsSheet,
            lambda s, life: decided(life, dead=s.is_dead, retired=s.retired),
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


def follow_sheet(ruleset: str, sheet: BaseModel, life: Life) -> Life:
    """A character's life once its sheet is saved (as it was, where the sheet never decides)."""
    found = RULESETS.get(ruleset)
    return life if found is None or found.life is None else found.life(sheet, life)
