"""Changing the Dreamscape (book l. 190-212): Tail Risks needing 1 to 5 evens, each with the
Tail it takes (RULINGS: Good, Good, Best, Legendary, Legendary); the fifth drains every Magic
Point.

Choices where the book and RULINGS are silent:
- Dream changes are the Tail's magic (book l. 120), so a drenched cat cannot make them, like
  Tricks; being Risks, they take Advantage dice, a Reputation, Style and a Life as any Risk does.
- Completely changing one place "demands every bit of magic a cat's got": it needs at least one
  Magic Point, and drains them all when tried, whatever the dice say.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import NamedTuple

from pydantic import BaseModel, ConfigDict

from rules.cat.constants import (
    ALTER_SOMETHING_ELSE_EVENS,
    CHANGE_ONE_PLACE_EVENS,
    CHANGE_SOMETHING_ELSE_EVENS,
    CHANGE_YOURSELF_EVENS,
    CREATE_OR_DESTROY_EVENS,
)
from rules.cat.magic import require_magic
from rules.cat.risks import AdvantageSource, RiskPurpose, RiskResult, roll_risk
from rules.cat.sheet import CatSheet, Rank, Trait
from rules.dice import DiceSource
from rules.errors import PawpostError


class _Change(NamedTuple):
    name: str
    line: int
    evens: int
    tail: Rank


class DreamChange(StrEnum):
    CHANGE_YOURSELF = "change-yourself"
    CHANGE_SOMETHING_ELSE = "change-something-else"
    ALTER_SOMETHING_ELSE = "alter-something-else"
    CREATE_OR_DESTROY = "create-or-destroy"
    CHANGE_ONE_PLACE = "change-one-place"

    @property
    def label(self) -> str:
        return _CHANGES[self].name

    @property
    def line(self) -> int:
        """Where the book lists it."""
        return _CHANGES[self].line

    @property
    def evens(self) -> int:
        return _CHANGES[self].evens

    @property
    def tail(self) -> Rank:
        """The Tail it takes at least."""
        return _CHANGES[self].tail

    @property
    def drains_magic(self) -> bool:
        return self is DreamChange.CHANGE_ONE_PLACE


_CHANGES: Mapping[DreamChange, _Change] = {
    DreamChange.CHANGE_YOURSELF: _Change("Change Yourself", 194, CHANGE_YOURSELF_EVENS, Rank.GOOD),
    DreamChange.CHANGE_SOMETHING_ELSE: _Change(
        "Change Something Else", 198, CHANGE_SOMETHING_ELSE_EVENS, Rank.GOOD
    ),
    DreamChange.ALTER_SOMETHING_ELSE: _Change(
        "Alter Something Else", 202, ALTER_SOMETHING_ELSE_EVENS, Rank.BEST
    ),
    DreamChange.CREATE_OR_DESTROY: _Change(
        "Create or Destroy Something", 206, CREATE_OR_DESTROY_EVENS, Rank.LEGENDARY
    ),
    DreamChange.CHANGE_ONE_PLACE: _Change(
        "Completely Change One Place", 210, CHANGE_ONE_PLACE_EVENS, Rank.LEGENDARY
    ),
}


class DreamChanged(BaseModel):
    """The sheet after the change was tried, the Tail Risk, and the Magic Points it drained."""

    model_config = ConfigDict(frozen=True)

    sheet: CatSheet
    change: DreamChange
    result: RiskResult
    magic_points_drained: int = 0


def change_dream(
    sheet: CatSheet,
    change: DreamChange,
    dice: DiceSource,
    *,
    today: int,
    advantage: int = 0,
    advantage_source: AdvantageSource = AdvantageSource.GRANTED,
    claimed: int = 0,
    reputation: str | None = None,
    style: int = 0,
) -> DreamChanged:
    """Alter the Dreamscape "only ... by taking Risks" (book l. 192) with the Tail."""
    require_magic(sheet, today)
    tail = sheet.rank(Trait.TAIL)
    if not tail.at_least(change.tail):
        raise PawpostError(
            f"{change.label} needs a {change.tail.label} Tail; this cat's Tail is {tail.label}."
        )
    if change.drains_magic and not sheet.magic_points:
        raise PawpostError(
            f"{change.label} demands every bit of magic a cat has, and this cat has no Magic "
            "Points left."
        )
    taken = roll_risk(
        sheet,
        Trait.TAIL,
        change.evens,
        dice,
        label=f"{change.label} (dream)",
        advantage=advantage,
        advantage_source=advantage_source,
        claimed=claimed,
        reputation=reputation,
        style=style,
        purpose=RiskPurpose.DREAM,
    )
    drained = taken.sheet.magic_points if change.drains_magic else 0
    return DreamChanged(
        sheet=taken.sheet.model_copy(update={"magic_points": taken.sheet.magic_points - drained}),
        change=change,
        result=taken.result,
        magic_points_drained=drained,
    )
