"""Ability points: paying them out of the pools, converting 2 for 1, and the GM's refresh."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.errors import PawpostError
from rules.wcagr.abilities import ABILITIES, Ability, Points
from rules.wcagr.constants import CONVERSION_POINTS_GAINED, CONVERSION_POINTS_PAID
from rules.wcagr.sheet import WcagrSheet, refuse_dead


def _points(count: int, ability: Ability) -> str:
    return f"{count} {ability.label} point" + ("" if count == 1 else "s")


def pay(sheet: WcagrSheet, costs: Mapping[Ability, int]) -> WcagrSheet:
    """The sheet with `costs` taken from the pools, all or nothing (book l.224-225: once spent,
    a point is gone until the refresh)."""
    for ability in ABILITIES:
        cost = costs.get(ability, 0)
        if cost < 0:
            raise PawpostError(f"Points cannot be spent in negative numbers; you gave {cost}.")
        left = sheet.points_left(ability)
        if cost > left:
            verb = "is" if left == 1 else "are"
            raise PawpostError(
                f"That needs {_points(cost, ability)} but only {left} {verb} left; convert "
                "other points or wait for the GM's refresh."
            )
    left_after = {a.value: sheet.points_left(a) - costs.get(a, 0) for a in ABILITIES}
    return sheet.changed(points=Points(**left_after))


def spend(sheet: WcagrSheet, ability: Ability, count: int) -> WcagrSheet:
    """The sheet with `count` points taken from `ability`'s pool."""
    return pay(sheet, {ability: count})


def convert(sheet: WcagrSheet, paid_from: Sequence[Ability], to: Ability) -> WcagrSheet:
    """Book l.226: 2 points, "1 of each or 2 of a single kind", become 1 point of another kind.
    `paid_from` is one ability (2 points from it) or two (1 from each; the same one twice is 2
    from it). The new point may take the pool above its score until the refresh (RULINGS)."""
    refuse_dead(sheet)
    if len(paid_from) == 1:
        paid_from = (paid_from[0],) * CONVERSION_POINTS_PAID
    if len(paid_from) != CONVERSION_POINTS_PAID:
        raise PawpostError(
            f"Convert from one ability ({CONVERSION_POINTS_PAID} points of it) or from two "
            f"({CONVERSION_POINTS_PAID // 2} point of each); "
            f"you named {len(paid_from)}."
        )
    if to in paid_from:
        raise PawpostError(f"A {to.label} point cannot be converted into a {to.label} point.")
    costs = {ability: paid_from.count(ability) for ability in set(paid_from)}
    paid = pay(sheet, costs)
    points = paid.points.with_value(to, paid.points_left(to) + CONVERSION_POINTS_GAINED)
    return paid.changed(points=points)


def refresh(sheet: WcagrSheet) -> WcagrSheet:
    """Book l.225: when the GM says so, every pool holds its score again (converted extra points
    are gone). HP is not restored (l.419)."""
    return sheet.changed(points=Points.full(sheet.abilities))
