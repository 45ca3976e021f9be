"""Who wins when two checks meet: criticals first, then totals (RULINGS)."""

from __future__ import annotations

from enum import StrEnum

from rules.wcagr.checks import CheckResult, Critical


class Side(StrEnum):
    INITIATOR = "initiator"
    DEFENDER = "defender"


def _standing(result: CheckResult) -> int:
    """A critical success beats a normal result, which beats a critical failure."""
    if result.critical is Critical.SUCCESS:
        return 2
    if result.critical is Critical.FAILURE:
        return 0
    return 1


def contest_winner(
    initiator: CheckResult, defender: CheckResult, *, initiator_wins_ties: bool = False
) -> Side:
    """RULINGS: "a critical success beats a normal result and a critical failure always loses;
    two criticals of the same kind compare totals". Equal totals go to the defender (RULINGS,
    general: where the book names no side a tie is the defender's, and it names none for a
    contest out of a fight such as the arching contest of l.35); a rule that says "equal to or
    higher" for the initiator, like the fight's Swat against Jump (l.409), passes
    `initiator_wins_ties`."""
    ours, theirs = _standing(initiator), _standing(defender)
    if ours != theirs:
        return Side.INITIATOR if ours > theirs else Side.DEFENDER
    if initiator.total > defender.total:
        return Side.INITIATOR
    if initiator.total == defender.total and initiator_wins_ties:
        return Side.INITIATOR
    return Side.DEFENDER
