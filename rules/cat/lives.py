"""Lives: nine of them, never regained; one succeeds at a Risk or dodges a round's scars, and
spending the last one kills the cat once its effect applies (book l. 98-103, RULINGS)."""

from __future__ import annotations

from rules.cat.constants import LIVES_PER_USE
from rules.cat.sheet import CatSheet, require_alive
from rules.errors import PawpostError


class LastLifeNeedsConfirmation(PawpostError):
    """Spending the cat's last Life kills it, so the player confirms first (RULINGS); the bot
    answers this refusal with a confirmation button."""

    def __init__(self) -> None:
        super().__init__(
            "This is the cat's last Life: spending it kills the cat once its effect applies, "
            "so confirm to spend it."
        )


def spend_life(sheet: CatSheet, *, confirm_last: bool = False) -> CatSheet:
    """The sheet with one Life spent. Refused for a dead cat, and for its last Life unless
    `confirm_last`; with the last one spent the sheet is dead."""
    require_alive(sheet)
    if sheet.lives <= LIVES_PER_USE and not confirm_last:
        raise LastLifeNeedsConfirmation
    return sheet.model_copy(update={"lives": sheet.lives - LIVES_PER_USE})


def dodge_round_with_life(sheet: CatSheet, scars: int, *, confirm_last: bool = False) -> CatSheet:
    """Spend a Life to take none of the `scars` of one fight round (book l. 101); the fight's
    winner does not change (book l. 56). Refused when the round gave the cat no scars."""
    require_alive(sheet)
    if scars <= 0:
        raise PawpostError("This round gave the cat no scars, so there is nothing to dodge.")
    return spend_life(sheet, confirm_last=confirm_last)
