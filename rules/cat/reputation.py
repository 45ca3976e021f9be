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


def times_at_risk(sheet: CatSheet, name: str) -> int:
    """How many points the Reputation (as the sheet spells it) stands to lose: once for each
    time the cat acted against it and did not set it right (0: not at risk)."""
    if name not in sheet.reputations_at_risk:
        return 0
    return sheet.times_at_risk.get(name, 1)


def _at_risk(sheet: CatSheet, name: str, times: int, day: int | None) -> CatSheet:
    """The sheet with `name` at risk `times` times from `day` (0 times: no longer at risk)."""
    at_risk = {n: d for n, d in sheet.reputations_at_risk.items() if n != name}
    counts = {n: t for n, t in sheet.times_at_risk.items() if n != name}
    if times > 0 and day is not None:
        at_risk[name] = day
        if times > 1:
            counts[name] = times
    return sheet.model_copy(update={"reputations_at_risk": at_risk, "times_at_risk": counts})


def lose_reputation_point(
    sheet: CatSheet, name: str, points: int = REPUTATION_POINTS_LOST
) -> ReputationsSettled:
    """The Reputation loses `points` now (book l. 88-90); one at 0 is gone."""
    found = reputation_named(sheet, name)
    before = sheet.reputations[found]
    after = max(before - points, 0)
    reputations = dict(sheet.reputations)
    sheet = _at_risk(sheet, found, 0, None)
    if after > 0:
        reputations[found] = after
    else:
        del reputations[found]
    lost = {**sheet.reputation_points_lost}
    lost[found] = lost.get(found, 0) + before - after
    sheet = sheet.model_copy(update={"reputations": reputations, "reputation_points_lost": lost})
    return ReputationsSettled(
        sheet=sheet, losses=(ReputationLoss(name=found, before=before, after=after),)
    )


def act_against(sheet: CatSheet, name: str, *, today: int) -> CatSheet:
    """The cat acted against a Reputation (an admin rules): it loses a point at the end of the
    game day unless set right first (book l. 88, "the very same session"; RULINGS: game day).
    Each action against it is one more point at stake (book l. 88 speaks of each action)."""
    require_alive(sheet)
    found = reputation_named(sheet, name)
    times = times_at_risk(sheet, found)
    if times >= sheet.reputations[found]:
        raise PawpostError(
            f"{found} already stands to lose all its {sheet.reputations[found]} "
            f"{'point' if sheet.reputations[found] == 1 else 'points'} today."
        )
    day = sheet.reputations_at_risk.get(found, today)
    return _at_risk(sheet, found, times + 1, day)


def set_right(sheet: CatSheet, name: str, *, today: int) -> CatSheet:
    """The cat made up for acting against a Reputation on the same game day: one point at stake
    is saved (each action against it needs its own making up)."""
    found = reputation_named(sheet, name)
    day = sheet.reputations_at_risk.get(found)
    if day is None:
        raise PawpostError(f"{found} is not at risk, so there is nothing to set right.")
    if day != today:
        raise PawpostError(f"{found} had to be set right on the game day the cat acted against it.")
    return _at_risk(sheet, found, times_at_risk(sheet, found) - 1, day)


def give_back_point(sheet: CatSheet, name: str) -> CatSheet:
    """The Narrator, "the final judge of when a cat may ... restore his Reputation" (book
    l. 90), gives back a point it lost on an earlier day; one that was gone comes back at 1."""
    require_alive(sheet)
    wanted = " ".join(name.split())
    found = find_reputation(sheet.reputation_points_lost, wanted)
    if found is None:
        known = find_reputation(sheet.reputations, wanted)
        if known is None:
            raise PawpostError(f"The cat has no Reputation called {wanted}.")
        raise PawpostError(f"{known} has lost no point, so there is none to give back.")
    rank = sheet.reputations.get(found, 0)
    if not rank and len(sheet.reputations) >= MAX_REPUTATIONS:
        raise PawpostError(
            f"The cat already has {MAX_REPUTATIONS} Reputations, so {found} cannot come back."
        )
    lost = {**sheet.reputation_points_lost, found: sheet.reputation_points_lost[found] - 1}
    if not lost[found]:
        del lost[found]
    return sheet.model_copy(
        update={
            "reputations": {**sheet.reputations, found: rank + 1},
            "reputation_points_lost": lost,
        }
    )


def settle_reputations(sheet: CatSheet, *, today: int) -> ReputationsSettled:
    """At a new game day: each Reputation acted against on an earlier day and not set right
    loses a point for each time. Running it again on the same day changes nothing."""
    losses: list[ReputationLoss] = []
    for name, day in sorted(sheet.reputations_at_risk.items(), key=lambda item: item[1]):
        if day < today:
            settled = lose_reputation_point(sheet, name, times_at_risk(sheet, name))
            sheet = settled.sheet
            losses.extend(settled.losses)
    return ReputationsSettled(sheet=sheet, losses=tuple(losses))
