"""Using knacks: on a check (fit, per-check limit, cost, bonus) or on their own (l.227-359)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from pydantic import BaseModel, ConfigDict

from rules.errors import PawpostError
from rules.wcagr.abilities import Ability
from rules.wcagr.constants import (
    BELLY_RAKE_EXTRA_DAMAGE,
    DASH_DISTANCE_MULTIPLIER,
    MIGHTY_SWAT_EXTRA_DAMAGE,
)
from rules.wcagr.knacks import (
    KNACKS,
    Knack,
    launch_distance,
    leap_extra_lengths,
    pathfinder_facts,
    spring_height,
)
from rules.wcagr.points import pay
from rules.wcagr.sheet import WcagrSheet, refuse_check
from rules.wcagr.skills import Skill


class KnackUse(BaseModel):
    """One knack used `uses` times: the points it cost from its pool, what it adds to the check
    (0 for knacks that do something else), and what else it does, in words for the post."""

    model_config = ConfigDict(frozen=True)

    knack: Knack
    uses: int
    cost: int
    bonus: int = 0
    effect: str | None = None

    @property
    def pool(self) -> Ability:
        return KNACKS[self.knack].pool

    @property
    def label(self) -> str:
        """The name shown on the roll: "Alertness", or "Alertness (2 uses)" for two uses, so
        that the count does not read as the bonus ("Alertness ×2 2")."""
        return self.knack.label + (f" ({self.uses} uses)" if self.uses > 1 else "")


def _check_words(ability: Ability, skill: Skill | None) -> str:
    if skill is None:
        return f"a plain {ability.label} check"
    if ability is skill.ability:
        return f"a {skill.label} check"
    return f"a {skill.label} check made with {ability.label}"


def _lengths(count: int) -> str:
    return f"{count} body length" + ("" if count == 1 else "s")


def _effect(knack: Knack, picks: int, uses: int, *, alone: bool) -> str | None:
    """What a knack does besides adding to a check; None for the pure bonuses."""
    label = knack.label + (f" ×{uses}" if uses > 1 else "")
    if knack is Knack.BELLY_RAKE:
        return f"{label}: if the rake hits, it does {BELLY_RAKE_EXTRA_DAMAGE} extra damage."
    if knack is Knack.CHOMP:
        return (
            f"{label}: if the Bite succeeds it does normal damage and pins the target until "
            "your next turn; then hold on to keep it pinned, or let go to do a second Bite's "
            "damage. The points stay spent if the Bite fails."
        )
    if knack is Knack.LAUNCH:
        return (
            f"{label}: if the Wrestle check wins, the opponent lands "
            f"{_lengths(launch_distance(uses))} away and cannot attack on its next action."
        )
    if knack is Knack.LEAP:
        return (
            f"{label}: the Pounce covers up to {_lengths(leap_extra_lengths(uses))} more, with "
            "an uncontrolled landing the GM may rule hurts."
        )
    if knack is Knack.MIGHTY_SWAT:
        return (
            f"{label}: {MIGHTY_SWAT_EXTRA_DAMAGE * uses} extra damage if the Swat hits; the "
            "points stay spent if it misses."
        )
    if knack is Knack.PUMMEL:
        return f"{label}: the Swat is rolled as a Strength check; damage is as usual."
    if knack is Knack.SPRING:
        return (
            f"{label}: the Pounce reaches up to {_lengths(spring_height())} high, twice as "
            "high as usual."
        )
    if knack is Knack.DASH:
        return (
            f"{label}: this turn the cat moves up to {DASH_DISTANCE_MULTIPLIER} times as far as "
            "usual, unless thick mud, something to climb or something it cannot leap or avoid "
            "is in the way."
        )
    if knack is Knack.PATHFINDER:
        facts = "one" if pathfinder_facts(picks) == 1 else "two"
        return (
            f"{label}: the GM tells {facts} of: the distance to a known place, the direction "
            "to a known place, which known places are near."
        )
    if knack is Knack.INTERPRET_DREAMS:
        return (
            f"{label}: the GM tells what sense there is in the dream or prophecy, if there is "
            "any to be found."
        )
    if knack is Knack.PIN:
        return (
            f"{label}: the opponent is pinned until it wins a Wrestle check or the pinner gets "
            "up or is forced off; while pinned it may only Wrestle, Launch, Swat or Bite its "
            "pinner."
        )
    if knack is Knack.YOWL and alone:
        reach = (
            "as far as a cat can travel in an hour"
            if picks == KNACKS[Knack.YOWL].max_picks
            else "farther with each pick of Yowl"
        )
        return (
            f"{label}: one basic message (\u201cDanger\u201d, \u201cHelp me\u201d, "
            f"\u201cEnemies are here\u201d) reaches every cat within hearing, {reach}."
        )
    return None


def _known(sheet: WcagrSheet, knack: Knack) -> int:
    picks = sheet.picks(knack)
    if picks == 0:
        raise PawpostError(f"This cat does not know the {knack.label} knack.")
    return picks


def _fight_conditions(knack: Knack, *, wrestling: bool, pinned: bool) -> None:
    info = KNACKS[knack]
    if info.while_wrestling and not wrestling:
        raise PawpostError(f"{knack.label} can only be used while wrestling.")
    if info.not_while_pinned and pinned:
        raise PawpostError(f"{knack.label} cannot be used while your opponent pins you.")


def knacks_on_check(
    sheet: WcagrSheet,
    knacks: Mapping[Knack, int],
    *,
    ability: Ability,
    skill: Skill | None,
    wrestling: bool = False,
    pinned: bool = False,
) -> tuple[KnackUse, ...]:
    """Each knack (with how many uses) the player puts on a check with `ability` and `skill`
    (None: a plain ability check), refused with the reason when it does not fit. Knacks are
    never added on their own (l.359): only those the player names and pays for. Costs are not
    taken here (see `rules.wcagr.checks`)."""
    if Knack.HIDE in knacks and Knack.STALK in knacks:
        # l.279 and l.339: Hide holds only while the cat keeps still, Stalk only while it moves.
        raise PawpostError(
            "Hide needs the cat to keep still and Stalk needs it moving, so they cannot help "
            "the same Sneak check."
        )
    used: list[KnackUse] = []
    for knack in Knack:  # the book's order, whatever order the player typed
        if knack not in knacks:
            continue
        uses = knacks[knack]
        info = KNACKS[knack]
        picks = _known(sheet, knack)
        if uses < 1:
            raise PawpostError(f"Use {knack.label} at least once, or leave it out.")
        if not info.on_checks:
            raise PawpostError(f"{knack.label} is used on its own, not on a check.")
        if not info.fits(ability, skill):
            raise PawpostError(
                f"{knack.label} only helps {info.fits_words}; this is "
                f"{_check_words(ability, skill)}."
            )
        _fight_conditions(knack, wrestling=wrestling, pinned=pinned)
        if info.per_check is not None and uses > info.per_check:
            limit = "once" if info.per_check == 1 else f"at most {info.per_check} times"
            raise PawpostError(
                f"{knack.label} can be used {limit} on a check; you asked for {uses}."
            )
        used.append(
            KnackUse(
                knack=knack,
                uses=uses,
                cost=info.cost(picks) * uses,
                bonus=info.bonus_per_use(picks) * uses,
                effect=_effect(knack, picks, uses, alone=False),
            )
        )
    return tuple(used)


def knack_costs(uses: Iterable[KnackUse]) -> dict[Ability, int]:
    """The points the knacks take, by the pool each knack names (RULINGS: "whatever the check's
    ability")."""
    costs: dict[Ability, int] = {}
    for use in uses:
        costs[use.pool] = costs.get(use.pool, 0) + use.cost
    return costs


class KnackOnItsOwn(BaseModel):
    """A knack used without a check: the sheet after paying, and what it does. When
    `asks_admin` is set the GM answers (Pathfinder, Interpret Dreams)."""

    model_config = ConfigDict(frozen=True)

    sheet: WcagrSheet
    use: KnackUse
    asks_admin: bool


def use_knack(
    sheet: WcagrSheet, knack: Knack, *, wrestling: bool = False, pinned: bool = False
) -> KnackOnItsOwn:
    """Use Dash, Pathfinder, Interpret Dreams, Pin (while wrestling) or Yowl's message once:
    pay its cost from its pool and say what it does (RULINGS)."""
    refuse_check(sheet)
    info = KNACKS[knack]
    picks = _known(sheet, knack)
    if not info.alone:
        raise PawpostError(f"{knack.label} is used on {info.fits_words}, not on its own.")
    _fight_conditions(knack, wrestling=wrestling, pinned=pinned)
    use = KnackUse(
        knack=knack, uses=1, cost=info.cost(picks), effect=_effect(knack, picks, 1, alone=True)
    )
    return KnackOnItsOwn(
        sheet=pay(sheet, {info.pool: use.cost}), use=use, asks_admin=info.asks_admin
    )
