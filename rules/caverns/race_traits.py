"""The race traits that act (book l. 75-93): the Tae'dae's hug and the Dracnari's fire breath
as actions, the Orclach's Health per kill, the Lucidian's sunlight, the Dwarf's drunk Vitae and
the Krokani's immunity to illusions. Pure: the bot says when each applies."""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import BaseModel, ConfigDict

from rules.caverns.catalogue import Range
from rules.caverns.conditions import Condition
from rules.caverns.constants import (
    DWARF_DRUNK_VITAE,
    LUCIDIAN_SUNLIGHT_REDUCTION,
    ORCLACH_HEALTH_PER_KILL,
)
from rules.caverns.health import heal
from rules.caverns.races import RACES, Race
from rules.caverns.sheet import CavernsSheet
from rules.errors import PawpostError


class RaceAction(BaseModel):
    """An action a race takes that puts a condition on someone (l. 75, 90), within `reach`."""

    model_config = ConfigDict(frozen=True)

    race: Race
    name: str
    noun: str  # "Ilsa is Bound by Tuk's hug"
    verb: str  # "Tuk hugs Ilsa"
    words: tuple[str, ...]  # what a player may type for it
    condition: Condition
    reach: Range
    line: int


# RULINGS (ours): a hug needs the adjacent row (Melee), fire breath reaches as a Reach weapon.
RACE_ACTIONS: Mapping[Race, RaceAction] = {
    Race.TAEDAE: RaceAction(
        race=Race.TAEDAE, name="Hug", noun="hug", verb="hugs", words=("hug",),
        condition=Condition.BOUND, reach=Range.MELEE, line=90,
    ),
    Race.DRACNARI: RaceAction(
        race=Race.DRACNARI, name="Breathe fire", noun="fire breath", verb="breathes fire on",
        words=("breathe fire", "fire breath", "breathe"),
        condition=Condition.ABLAZE, reach=Range.REACH, line=75,
    ),
}  # fmt: skip


def race_action(sheet: CavernsSheet, name: str) -> RaceAction | None:
    """The race's action a player named (None when the name is no race's action); refused
    for a character of another race."""
    typed = " ".join(name.strip().lower().split())
    for action in RACE_ACTIONS.values():
        if typed in action.words:
            if sheet.race is not action.race:
                raise PawpostError(f"Only {RACES[action.race].name} can {action.name.lower()}.")
            return action
    return None


def kill_heals(sheet: CavernsSheet) -> CavernsSheet:
    """Orclach (l. 89): whenever it kills something it regains one Health (to its maximum)."""
    if sheet.race is not Race.ORCLACH or sheet.is_dead:
        return sheet
    return heal(sheet, ORCLACH_HEALTH_PER_KILL)


def sunlit_damage(sheet: CavernsSheet, amount: int, in_sunlight: bool) -> int:
    """Lucidian (l. 86): one less damage from every source while in sunlight."""
    if sheet.race is not Race.LUCIDIAN or not in_sunlight:
        return amount
    return max(0, amount - LUCIDIAN_SUNLIGHT_REDUCTION)


def drink(sheet: CavernsSheet, drunk: bool) -> CavernsSheet:
    """Dwarf (l. 76): an extra point of Vitae while drunk, gained as it drinks and lost as it
    sobers (never below 0)."""
    if sheet.race is not Race.DWARF:
        raise PawpostError("Only a Dwarf's Vitae cares whether it is drunk.")
    if sheet.drunk is drunk:
        raise PawpostError("Already drunk." if drunk else "Already sober.")
    change = DWARF_DRUNK_VITAE if drunk else -DWARF_DRUNK_VITAE
    sober = sheet.model_copy(update={"drunk": drunk})
    return sober.model_copy(update={"vitae": max(0, min(sober.max_vitae, sheet.vitae + change))})


def illusion_immunity(sheet: CavernsSheet) -> str | None:
    """Krokani (l. 84): immune to all forms of Illusion; what makes it so, or None."""
    return sheet.race_row.name if sheet.race is Race.KROKANI else None
