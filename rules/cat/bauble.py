"""The Bauble Curse (book l. 134-138): while the bauble is in sight and active the cat is
helpless and takes no Risk but three Hard Tail Risks; after the third it is free whatever they
rolled (RULINGS), or at the first success on servers that choose so, or when an admin ends it.

A cat whose Tail is Crippled cannot take those Risks (book l. 41), so the curse holds it until
the bauble is gone from sight or an admin ends it.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from rules.cat.constants import BAUBLE_CURSE_RISKS
from rules.cat.risks import AdvantageSource, Difficulty, RiskPurpose, RiskResult, roll_risk
from rules.cat.sheet import CatSheet, Rank, Trait, require_alive
from rules.dice import DiceSource
from rules.errors import PawpostError


class BreakFreeAttempt(BaseModel):
    """The sheet after one try, the Risk, which try it was (from 1) and whether the cat is
    free now."""

    model_config = ConfigDict(frozen=True)

    sheet: CatSheet
    result: RiskResult
    attempt: int
    freed: bool


def start_bauble_curse(sheet: CatSheet) -> CatSheet:
    """An admin puts the cat under the curse: a bauble is in its sight and active."""
    require_alive(sheet)
    if sheet.cursed:
        raise PawpostError("The cat is already under the Bauble Curse.")
    return sheet.model_copy(update={"bauble_risks_taken": 0})


def end_bauble_curse(sheet: CatSheet) -> CatSheet:
    """An admin frees the cat (the bauble is out of sight or no longer active)."""
    if not sheet.cursed:
        raise PawpostError("The cat is not under the Bauble Curse.")
    return sheet.model_copy(update={"bauble_risks_taken": None})


def break_free(
    sheet: CatSheet,
    dice: DiceSource,
    *,
    advantage: int = 0,
    advantage_source: AdvantageSource = AdvantageSource.GRANTED,
    claimed: int = 0,
    reputation: str | None = None,
    style: int = 0,
    free_at_first_success: bool = False,
) -> BreakFreeAttempt:
    """One of the three Hard Tail Risks against the curse."""
    require_alive(sheet)
    if sheet.bauble_risks_taken is None:
        raise PawpostError("The cat is not under the Bauble Curse.")
    if sheet.rank(Trait.TAIL) is Rank.CRIPPLED:
        raise PawpostError(
            "The cat's Tail is Crippled, so it cannot try to break free; the curse holds until "
            "the bauble is out of sight or an admin ends it."
        )
    attempt = sheet.bauble_risks_taken + 1
    taken = roll_risk(
        sheet,
        Trait.TAIL,
        Difficulty.HARD.evens,
        dice,
        label=f"Breaking the Bauble Curse ({attempt} of {BAUBLE_CURSE_RISKS})",
        advantage=advantage,
        advantage_source=advantage_source,
        claimed=claimed,
        reputation=reputation,
        style=style,
        purpose=RiskPurpose.BREAK_FREE,
    )
    freed = attempt >= BAUBLE_CURSE_RISKS or (free_at_first_success and taken.result.succeeded)
    sheet = taken.sheet.model_copy(update={"bauble_risks_taken": None if freed else attempt})
    return BreakFreeAttempt(sheet=sheet, result=taken.result, attempt=attempt, freed=freed)
