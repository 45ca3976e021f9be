"""Contested rolls (Strength, Charisma or Stealth against its counter stat) and the belief table."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pydantic import BaseModel, ConfigDict

from rules.dice import DiceSource
from rules.germ.bands import Band, read_band
from rules.germ.checks import roll_stat
from rules.germ.constants import (
    DOUBTFUL_BELIEF_EXTENT,
    FULL_TRUST_BONUS,
    FULL_TRUST_EXTENT,
    NO_DOUBT_EXTENT,
    SLIGHT_BELIEF_EXTENT,
)
from rules.germ.sheet import COUNTER_STAT, GermSheet, Stat
from rules.germ.ties import Contest, Side, winner
from rules.rolls import Modifier, Roll

BELIEF_BANDS: tuple[Band, ...] = (
    Band(
        lowest=SLIGHT_BELIEF_EXTENT,
        name="believes slightly",
        sentence="Believes only slightly. Still suspicious.",
    ),
    Band(
        lowest=DOUBTFUL_BELIEF_EXTENT,
        name="believes with a little doubt",
        sentence="Believes but has a small tinge of doubt.",
    ),
    Band(lowest=NO_DOUBT_EXTENT, name="believes", sentence="Believes with no doubt."),
    Band(
        lowest=FULL_TRUST_EXTENT,
        name="fully trusts",
        sentence=(
            "Fully trusts the words of this individual. Subsequent Charisma rolls on this target "
            f"are at +{FULL_TRUST_BONUS} bonus. "
            "Bonus remains until target's trust is lost via RP or combat."
        ),
    ),
)

# Which contest an initiator's stat starts outside combat.
CONTEST_FOR_STAT: Mapping[Stat, Contest] = {
    Stat.STRENGTH: Contest.STRENGTH,
    Stat.CHARISMA: Contest.PERSUADE,
    Stat.STEALTH: Contest.SNEAK,
}


def belief_band(extent: int) -> Band:
    """The belief table's row for an extent of 0 or more."""
    return read_band(extent, BELIEF_BANDS)


class ContestResult(BaseModel):
    """Both rolls of a contest and what they mean. `margin` is initiator total − defender total.
    For Charisma, `belief` is the belief table's row when the words are believed (extent =
    margin) and `full_trust` is set at 21+. For Stealth, the initiator winning means hidden."""

    model_config = ConfigDict(frozen=True)

    stat: Stat
    initiator_roll: Roll
    defender_roll: Roll
    winner: Side
    margin: int
    belief: Band | None = None
    full_trust: bool = False

    @property
    def initiator_won(self) -> bool:
        return self.winner is Side.INITIATOR

    @property
    def believed(self) -> bool:
        return self.stat is Stat.CHARISMA and self.initiator_won

    @property
    def hidden(self) -> bool:
        return self.stat is Stat.STEALTH and self.initiator_won


def contest_outcome(initiator_roll: Roll, defender_roll: Roll, stat: Stat) -> ContestResult:
    """Read a contest started with `stat` (Strength, Charisma or Stealth) against the counter
    stat's roll. Ties follow `rules.germ.ties`."""
    if stat not in CONTEST_FOR_STAT:
        raise ValueError(f"{stat.label} does not start a contest; it counters one")
    side = winner(CONTEST_FOR_STAT[stat], initiator_roll.total, defender_roll.total)
    margin = initiator_roll.total - defender_roll.total
    believed = stat is Stat.CHARISMA and side is Side.INITIATOR
    return ContestResult(
        stat=stat,
        initiator_roll=initiator_roll,
        defender_roll=defender_roll,
        winner=side,
        margin=margin,
        belief=belief_band(margin) if believed else None,
        full_trust=believed and margin >= FULL_TRUST_EXTENT,
    )


def roll_contest(
    initiator: GermSheet,
    defender: GermSheet,
    stat: Stat,
    dice: DiceSource,
    *,
    initiator_situational: Sequence[Modifier] = (),
    defender_situational: Sequence[Modifier] = (),
) -> ContestResult:
    """Roll both sides at once (inside a combat, or a steal): the initiator's `stat` first,
    then the defender's counter stat. Pass `FULL_TRUST` for a trusted speaker's Charisma."""
    if stat not in CONTEST_FOR_STAT:
        raise ValueError(f"{stat.label} does not start a contest; it counters one")
    initiator_roll = roll_stat(initiator, stat, dice, situational=initiator_situational)
    defender_roll = roll_stat(defender, COUNTER_STAT[stat], dice, situational=defender_situational)
    return contest_outcome(initiator_roll, defender_roll, stat)
