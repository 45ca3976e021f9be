"""Reputations after creation: losing a point for acting against one unless it is set right the
same game day, and a witness granting a new one at half its own rank (book l. 80-94, RULINGS).

A Reputation that loses its last point is gone: a rank 0 Reputation would add no dice and
would only block one of the cat's five places.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from rules.cat.constants import (
    GRANT_DIVISOR,
    MAX_REPUTATIONS,
    MIN_GRANTED_RANK,
    REPUTATION_POINTS_LOST,
)
from rules.cat.sheet import CatSheet, clean_reputation_name, find_reputation, require_alive
from rules.errors import PawpostError


class ReputationLoss(BaseModel):
    """A point lost: the rank before and after (0: the Reputation is gone)."""

    model_config = ConfigDict(frozen=True)

    name: str
    before: int
    after: int

    @property
    def gone(self) -> bool:
        return self.after == 0


class ReputationsSettled(BaseModel):
    model_config = ConfigDict(frozen=True)

    sheet: CatSheet
    losses: tuple[ReputationLoss, ...] = ()


class ReputationGranted(BaseModel):
    """The receiver's sheet with its new Reputation; the granter keeps its own (RULINGS)."""

    model_config = ConfigDict(frozen=True)

    sheet: CatSheet
    name: str
    rank: int
    granted_from: str


def reputation_named(sheet: CatSheet, name: str, whose: str = "The cat") -> str:
    """The Reputation's name as the sheet spells it; refused when the cat has none by that name."""
    found = find_reputation(sheet.reputations, name)
    if found is None:
        raise PawpostError(f"{whose} has no Reputation called {' '.join(name.split())}.")
    return found


def granted_rank(granter_rank: int) -> int:
    """Half the granter's rank, rounded down, at least 1 (book l. 94, RULINGS)."""
    return max(granter_rank // GRANT_DIVISOR, MIN_GRANTED_RANK)


def grant_reputation(
    receiver: CatSheet, granter: CatSheet, *, from_reputation: str, name: str
) -> ReputationGranted:
    """A witness "spends" one of its Reputations that fits (the Narrator judges the fit, book
    l. 94) to give the receiver a new Reputation at half its rank."""
    require_alive(granter, "The granting cat")
    require_alive(receiver, "The receiving cat")
    source = reputation_named(granter, from_reputation, "The granting cat")
    new_name = clean_reputation_name(name)
    if find_reputation(receiver.reputations, new_name) is not None:
        raise PawpostError(f"The receiving cat already has the Reputation {new_name}.")
    if len(receiver.reputations) >= MAX_REPUTATIONS:
        raise PawpostError(
            f"The receiving cat already has {MAX_REPUTATIONS} Reputations, the most a cat can have."
        )
    rank = granted_rank(granter.reputations[source])
    sheet = receiver.model_copy(update={"reputations": {**receiver.reputations, new_name: rank}})
    return ReputationGranted(sheet=sheet, name=new_name, rank=rank, granted_from=source)


def lose_reputation_point(sheet: CatSheet, name: str) -> ReputationsSettled:
    """The Narrator's ruling: the Reputation loses a point now (book l. 88-90)."""
    found = reputation_named(sheet, name)
    before = sheet.reputations[found]
    after = before - REPUTATION_POINTS_LOST
    reputations = dict(sheet.reputations)
    at_risk = {n: day for n, day in sheet.reputations_at_risk.items() if n != found}
    if after > 0:
        reputations[found] = after
    else:
        del reputations[found]
    sheet = sheet.model_copy(update={"reputations": reputations, "reputations_at_risk": at_risk})
    return ReputationsSettled(
        sheet=sheet, losses=(ReputationLoss(name=found, before=before, after=after),)
    )


def act_against(sheet: CatSheet, name: str, *, today: int) -> CatSheet:
    """The cat acted against a Reputation (an admin rules): it loses a point at the end of the
    game day unless set right first (book l. 88, "the very same session"; RULINGS: game day)."""
    require_alive(sheet)
    found = reputation_named(sheet, name)
    if found in sheet.reputations_at_risk:
        return sheet
    return sheet.model_copy(
        update={"reputations_at_risk": {**sheet.reputations_at_risk, found: today}}
    )


def set_right(sheet: CatSheet, name: str, *, today: int) -> CatSheet:
    """The cat made up for acting against a Reputation on the same game day: no point is lost."""
    found = reputation_named(sheet, name)
    day = sheet.reputations_at_risk.get(found)
    if day is None:
        raise PawpostError(f"{found} is not at risk, so there is nothing to set right.")
    if day != today:
        raise PawpostError(f"{found} had to be set right on the game day the cat acted against it.")
    at_risk = {n: d for n, d in sheet.reputations_at_risk.items() if n != found}
    return sheet.model_copy(update={"reputations_at_risk": at_risk})


def settle_reputations(sheet: CatSheet, *, today: int) -> ReputationsSettled:
    """At a new game day: each Reputation acted against on an earlier day and not set right
    loses a point. Running it again on the same day changes nothing."""
    losses: list[ReputationLoss] = []
    for name, day in sorted(sheet.reputations_at_risk.items(), key=lambda item: item[1]):
        if day < today:
            settled = lose_reputation_point(sheet, name)
            sheet = settled.sheet
            losses.extend(settled.losses)
    return ReputationsSettled(sheet=sheet, losses=tuple(losses))
