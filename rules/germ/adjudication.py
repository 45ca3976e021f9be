"""What an admin's override of a hunt, a steal or an attack means: the outcomes an admin may
give, and what changes with them (the starvation, the scar, the 16+ wound, the disability)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from rules.errors import PawpostError
from rules.germ.constants import BADLY_WOUNDED_POWER, DISABILITY_POWER, SCAR_POWER
from rules.germ.hunting import StarvationUpdate, after_hunt, fails_to_starve
from rules.germ.sheet import Disability

HUNT_OUTCOMES = ("caught", "failed")
STEAL_OUTCOMES = ("stolen", "spotted")
DISABILITY_NAMES = ", ".join(d.value for d in Disability)


def _words(outcome: str) -> list[str]:
    return outcome.strip().lower().split()


def hunt_caught(outcome: str) -> bool:
    """`caught` or `failed`, or one sentence."""
    words = _words(outcome)
    if words not in (["caught"], ["failed"]):
        raise PawpostError("A hunt's outcome is caught or failed.")
    return words == ["caught"]


def steal_stolen(outcome: str) -> bool:
    """`stolen` or `spotted`, or one sentence."""
    words = _words(outcome)
    if words not in (["stolen"], ["spotted"]):
        raise PawpostError("A steal's outcome is stolen or spotted.")
    return words == ["stolen"]


class AttackOverride(NamedTuple):
    power: int | None  # None: a miss
    disability: Disability | None  # named for a power of 21 or more


def attack_override(outcome: str) -> AttackOverride:
    """`miss`, `power N` (N 0 or more), or `power N <disability>` for 21+."""
    words = _words(outcome)
    if words == ["miss"]:
        return AttackOverride(None, None)
    if len(words) in (2, 3) and words[0] == "power" and words[1].isdigit():
        power = int(words[1])
        if len(words) == 3:
            if power < DISABILITY_POWER:
                raise PawpostError(f"Only a power of {DISABILITY_POWER} or more disables a cat.")
            try:
                return AttackOverride(power, Disability(words[2]))
            except ValueError:
                raise PawpostError(f"The disability is one of {DISABILITY_NAMES}.") from None
        return AttackOverride(power, None)
    raise PawpostError(
        "An attack's outcome is miss, power N, or for 21+ power N with the disability "
        f"({DISABILITY_NAMES})."
    )


def streak_before(failed: bool, left: int, before_it: int | None) -> int:
    """The failed hunts in a row before a logged hunt: one less than a failure left; before a
    catch (which leaves none), what the hunt before it left (`before_it`, None: no hunt)."""
    if failed:
        return max(left - 1, 0)
    return before_it or 0


def replay_hunts(before: int, catches: Sequence[bool], *, nursing: bool) -> list[StarvationUpdate]:
    """Hunger hunt by hunt from a streak, as the hunts fell (True: a catch): what each hunt
    leaves. A cat with enough failures in a row to starve starts out starving."""
    starving = before >= fails_to_starve(nursing=nursing)
    streak, updates = before, []
    for caught in catches:
        update = after_hunt(streak, starving, caught, nursing=nursing)
        updates.append(update)
        streak, starving = update.fail_streak, update.starving
    return updates


class AttackChange(NamedTuple):
    """What an attack's new power changes against its old: scars to add (−1 removes one),
    the 16+ wound (True adds, False removes, None leaves it), the disability (same)."""

    scars: int
    badly_wounded: bool | None
    disables: bool | None


def _reaches(power: int | None, lowest: int) -> bool:
    return power is not None and power >= lowest


def _change(old: bool, new: bool) -> bool | None:
    return None if old == new else new


def attack_change(old: int | None, new: int | None) -> AttackChange:
    """The difference between two powers (None: a miss) read on the power table."""
    return AttackChange(
        scars=int(_reaches(new, SCAR_POWER)) - int(_reaches(old, SCAR_POWER)),
        badly_wounded=_change(
            _reaches(old, BADLY_WOUNDED_POWER), _reaches(new, BADLY_WOUNDED_POWER)
        ),
        disables=_change(_reaches(old, DISABILITY_POWER), _reaches(new, DISABILITY_POWER)),
    )
