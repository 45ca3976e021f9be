"""Melding with the land (Magery 5a, Nature 5a, book l. 172, 181) and the Mushroom Circle
(Nature 5b, l. 183): chosen at a rest for the party's site, and what they do in battle there."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pydantic import BaseModel, ConfigDict

from rules.caverns.attributes import Attribute
from rules.caverns.catalogue import Range
from rules.caverns.conditions import Condition
from rules.caverns.constants import MELD_DAMAGE
from rules.caverns.moves import FleeResult, FleeRoute, flee
from rules.caverns.sheet import CavernsSheet
from rules.caverns.skills import SKILLS
from rules.caverns.skillsets import Skillset
from rules.dice import DiceSource
from rules.errors import PawpostError
from rules.rolls import Modifier

MOST_SITE_LENGTH = 60


class Melding(BaseModel):
    """One Melding skill: the skillset whose attacks it changes and the Flourish they gain."""

    model_config = ConfigDict(frozen=True)

    key: str
    skillset: Skillset
    flourish: Condition


# "all of your Magery attacks ... gain the Confused Flourish" (l. 172); Nature's, Fatigue (l. 181).
MELDINGS: Mapping[str, Melding] = {
    melding.key: melding
    for melding in (
        Melding(key="magery:melding", skillset=Skillset.MAGERY, flourish=Condition.CONFUSED),
        Melding(key="nature:melding", skillset=Skillset.NATURE, flourish=Condition.FATIGUE),
    )
}
MUSHROOM_CIRCLE = "nature:mushroom-circle"
LAND_SKILLS: tuple[str, ...] = (*MELDINGS, MUSHROOM_CIRCLE)
# "this may be used to Flee from any Row by rolling Wood" (l. 183).
CIRCLE_FLEE_ATTRIBUTE = Attribute.WOOD
CIRCLE_WAY = "mushroom circle"
# The circle takes the fleer out of the battle, as the route out of the back row does.
CIRCLE_ROUTE = FleeRoute.BACK_TO_OUT


def clean_site(text: str) -> str:
    """A site's name as the MC types it, spaces tidied; 1 to 60 characters."""
    cleaned = " ".join(text.split())
    if not cleaned or len(cleaned) > MOST_SITE_LENGTH:
        raise PawpostError(f"A site's name is 1 to {MOST_SITE_LENGTH} characters.")
    return cleaned


def same_site(first: str | None, second: str | None) -> bool:
    """Two sites are the same whatever their case and spacing; no site matches nothing."""
    if first is None or second is None:
        return False
    return " ".join(first.lower().split()) == " ".join(second.lower().split())


def melding_of(sheet: CavernsSheet) -> Melding | None:
    return next((m for m in MELDINGS.values() if sheet.has_skill(m.key)), None)


def land_skill_names(sheet: CavernsSheet) -> list[str]:
    """The character's Melding and Mushroom Circle, by name."""
    return [SKILLS[key].name for key in LAND_SKILLS if sheet.has_skill(key)]


def plan_land(sheet: CavernsSheet, wanted: bool) -> CavernsSheet:
    """Say whether to meld (or make the circle) at the party's next rest."""
    if not land_skill_names(sheet):
        raise PawpostError(
            "Only Melding or Mushroom Circle chooses anything of the land at a rest."
        )
    return sheet.model_copy(update={"land_planned": wanted})


class LandAtRest(BaseModel):
    """What a rest did with the land for one member: the sheet, and what it now holds."""

    model_config = ConfigDict(frozen=True)

    sheet: CavernsSheet
    melded: str | None = None  # the site melded with at this rest
    circle: str | None = None  # the site the new circle stands at
    waiting: bool = False  # planned, but the MC has not said where the party is

    @property
    def line(self) -> str | None:
        if self.waiting:
            return (
                "could not meld: the MC has not said where the party is (/admin party site); "
                "the plan waits for the next rest"
            )
        parts = [
            *([f"melded with {self.melded}"] if self.melded else []),
            *([f"made a mushroom circle at {self.circle}"] if self.circle else []),
        ]
        return "; ".join(parts) or None


def land_at_rest(sheet: CavernsSheet, site: str | None) -> LandAtRest:
    """Book l. 172, 181, 183: "whenever you rest, you may choose to meld with the land,
    removing any prior melds" (the circle likewise). The meld is with the site the party
    rests at; with no site known the choice waits for the next rest."""
    if not sheet.land_planned or not land_skill_names(sheet):
        return LandAtRest(sheet=sheet)
    if site is None:
        return LandAtRest(sheet=sheet, waiting=True)
    melds = melding_of(sheet) is not None
    circles = sheet.has_skill(MUSHROOM_CIRCLE)
    update: dict[str, object] = {"land_planned": False}
    if melds:
        update["meld_site"] = site
    if circles:
        update["circle_site"] = site
    return LandAtRest(
        sheet=sheet.model_copy(update=update),
        melded=site if melds else None,
        circle=site if circles else None,
    )


def melded_here(sheet: CavernsSheet, site: str | None) -> Melding | None:
    """The character's Melding when its attacks are Magery (or Nature) attacks, made with its
    skillset's implement, at the site it melded with."""
    melding = melding_of(sheet)
    if melding is None or sheet.implement is None or sheet.skillsets[0] is not melding.skillset:
        return None
    return melding if same_site(sheet.meld_site, site) else None


def meld_reach(sheet: CavernsSheet, site: str | None, reach: Range) -> Range:
    """ "All of your Magery attacks are Ranged" at the melded site; elsewhere the weapon's."""
    return Range.RANGED if melded_here(sheet, site) is not None else reach


def meld_damage(sheet: CavernsSheet, site: str | None) -> int:
    """The two extra Damage at the melded site."""
    return MELD_DAMAGE if melded_here(sheet, site) is not None else 0


def meld_flourish(sheet: CavernsSheet, site: str | None) -> Condition | None:
    """The Flourish the melded site gives every Magery (Confused) or Nature (Fatigue) attack."""
    melding = melded_here(sheet, site)
    return None if melding is None else melding.flourish


def circle_for(fleer: CavernsSheet, allies: Sequence[CavernsSheet]) -> str | None:
    """The mushroom circle the fleer can reach: its own, or an ally's (the party's members
    carry its spores, l. 183)."""
    for sheet in (fleer, *allies):
        if sheet.has_skill(MUSHROOM_CIRCLE) and sheet.circle_site is not None:
            return sheet.circle_site
    return None


def flee_by_circle(
    sheet: CavernsSheet,
    allies: Sequence[CavernsSheet],
    dice: DiceSource,
    *,
    modifiers: Sequence[Modifier] = (),
    fated_die: int | None = None,
) -> FleeResult:
    """Flee from any row by rolling Wood, through a mushroom circle that exists; the bands
    are Flee!'s (l. 285-287)."""
    if circle_for(sheet, allies) is None:
        raise PawpostError(
            "No mushroom circle is made for you to flee to: a Wiccan of your party makes one "
            "at a rest."
        )
    return flee(
        sheet,
        CIRCLE_ROUTE,
        dice,
        modifiers=modifiers,
        fated_die=fated_die,
        attribute=CIRCLE_FLEE_ATTRIBUTE,
        way=CIRCLE_WAY,
    )
