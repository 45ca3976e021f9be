"""The party's Short and Long Rests (book l. 307-323): one plain 2d6 for everyone, the bands'
effects on each member, torches and rations, Harmony skills, totems, orders and restocking."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from rules.caverns.afflictions import Moment, end_conditions
from rules.caverns.attributes import Attribute
from rules.caverns.battle.poisons import after_rest
from rules.caverns.conditions import Condition
from rules.caverns.constants import (
    ELFEN_LONG_REST_HARMONY,
    HUMAN_SHORT_REST_HARMONY,
    LONG_REST_HARMONY,
    LONG_REST_WEAK_VITAE,
    MAKE_CAMP_BONUS,
    MAX_RATIONS_CARRIED,
    MAX_TORCHES_CARRIED,
    PATRON_TOTEM_VITAE,
    SHORT_REST_HARMONY,
    SHORT_REST_RATIONS,
    SHORT_REST_TORCHES,
)
from rules.caverns.health import heal, restore_health
from rules.caverns.moon import roll_moon_bond
from rules.caverns.party.harmony import (
    HarmonySkillRoll,
    gain_harmony,
    set_harmony,
    use_harmony_skills,
)
from rules.caverns.party.harmony_skills import HarmonySkill
from rules.caverns.party.market import (
    BOOK_CARRYING,
    Carrying,
    OrderReport,
    orders_at_long_rest,
    orders_at_short_rest,
)
from rules.caverns.race_traits import drink
from rules.caverns.races import Race
from rules.caverns.rolling import Band, band_of, plain_roll
from rules.caverns.sheet import CavernsSheet, moon_values
from rules.caverns.skills import Totem
from rules.dice import DiceSource
from rules.errors import PawpostError
from rules.rolls import Modifier, Roll

MAKE_CAMP = Modifier(value=MAKE_CAMP_BONUS, reason="Make Camp")

SHORT_REST_RESULTS: Mapping[Band, str] = {
    Band.STRONG: "Everyone recovers all Health and regains one Harmony, at no cost.",
    Band.WEAK: (
        "Everyone recovers all Health and regains one Harmony, for one torch (total) and one "
        "ration (each)."
    ),
    Band.MISS: "Everyone recovers Health equal to their Water, for the same torch and rations.",
}

LONG_REST_RESULTS: Mapping[Band, str] = {
    Band.STRONG: "Everyone restores all Health and Vitae, and their broken items are repaired.",
    Band.WEAK: "Everyone restores one Vitae and all Health, and Harmony resets to 0.",
    Band.MISS: "Everyone restores all Health and Harmony resets to 0; Vitae is unchanged.",
}


class RestKind(StrEnum):
    SHORT = "short"
    LONG = "long"


class MemberRest(BaseModel):
    """What the rest did for one member."""

    model_config = ConfigDict(frozen=True)

    sheet: CavernsSheet
    health_gained: int
    harmony_change: int
    vitae_gained: int = 0
    ration_spent: bool = False
    without_ration: bool = False  # owed a ration and had none: the MC is told
    torch_spent: bool = False
    repaired: tuple[str, ...] = ()
    conditions_ended: tuple[Condition, ...] = ()
    harmony_rolls: tuple[HarmonySkillRoll, ...] = ()
    orders: OrderReport = OrderReport()
    rations_added: int = 0
    torches_added: int = 0
    bound_totem: Totem | None = None
    moon_rolls: tuple[Roll, ...] = ()


class RestResult(BaseModel):
    model_config = ConfigDict(frozen=True)

    kind: RestKind
    roll: Roll
    members: tuple[MemberRest, ...]
    no_torch: bool = False  # a torch was due and nobody carried one

    @property
    def band(self) -> Band:
        return band_of(self.roll.total)

    @property
    def result(self) -> str:
        results = SHORT_REST_RESULTS if self.kind is RestKind.SHORT else LONG_REST_RESULTS
        return results[self.band]

    @property
    def sheets(self) -> tuple[CavernsSheet, ...]:
        return tuple(member.sheet for member in self.members)


def _check_party(members: Sequence[CavernsSheet], indexes: Collection[int]) -> None:
    if not members:
        raise PawpostError("A rest needs at least one member of the party.")
    if any(member.retired for member in members):
        raise PawpostError("A retired character no longer rests with the party.")
    if any(member.is_dead for member in members):
        raise PawpostError(
            "A dead member must come back by Vitae (or retire) before the party can rest."
        )
    wrong = [index for index in indexes if not 0 <= index < len(members)]
    if wrong:
        raise ValueError(f"no party member number {wrong[0]}")


def rest_roll(members: Sequence[CavernsSheet], dice: DiceSource, kind: RestKind) -> Roll:
    """2d6 with no modifiers (l. 310, 315), +3 when anyone in the party has Make Camp."""
    camp = any(member.has_skill("hunting:make-camp") for member in members)
    label = "Short Rest" if kind is RestKind.SHORT else "Long Rest"
    return plain_roll(dice, label, [MAKE_CAMP] if camp else [])


def _begin(sheet: CavernsSheet, moment: Moment) -> tuple[CavernsSheet, tuple[Condition, ...]]:
    """What every rest ends first: last rest's Harmony benefits (and unchosen picks), Twist
    Fate's dice ("before your next short rest", l. 219; a Long Rest wastes them as well), Crow's
    Damage ("until you next rest", l. 211), an envenomed weapon and a poisoning
    (poisons.after_rest), and the conditions that end at a rest."""
    cleared = sheet.model_copy(
        update={
            "harmony_benefits": (),
            "harmony_picks": (),
            "fated_dice": (),
            "fated_offers": (),
            "crow_damage": 0,
        }
    )
    if moment is Moment.LONG_REST:  # Reversal lasts "until your next Long Rest" (l. 236)
        cleared = cleared.model_copy(update={"reversal": None})
        if cleared.drunk:  # RULINGS (ours): a day in the open sobers a Dwarf up
            cleared = drink(cleared, False)
    return end_conditions(after_rest(cleared), moment)


def _torch_carrier(members: Sequence[CavernsSheet], chosen: int | None) -> int | None:
    """Who spends the party's torch: the one named, or else whoever carries the most (the
    first of them in party order), so the torches stay spread out."""
    if chosen is not None:
        if members[chosen].torches < SHORT_REST_TORCHES:
            raise PawpostError("That member carries no torch to spend.")
        return chosen
    most = max(member.torches for member in members)
    if most < SHORT_REST_TORCHES:
        return None
    return next(index for index, member in enumerate(members) if member.torches == most)


def short_rest(
    members: Sequence[CavernsSheet],
    dice: DiceSource,
    *,
    harmony_skills: Mapping[int, Sequence[HarmonySkill]] | None = None,
    torch_carrier: int | None = None,
    carrying: Carrying = BOOK_CARRYING,
) -> RestResult:
    """A Short Rest for the party (l. 310-313). The rest's roll comes first, then each
    member's Harmony skills (by party index, in party order), then the band: 10+ all Health
    and +1 Harmony (a Human +2) for free; 7-9 the same for one torch and a ration each; 6-
    Health equal to Water, no Harmony (the bands win over l. 325, RULINGS), same cost. A
    Viscanti's wounds do not heal (l. 93); deliveries arrive (l. 303)."""
    skills = harmony_skills or {}
    _check_party(members, skills)
    roll = rest_roll(members, dice, RestKind.SHORT)
    band = band_of(roll.total)
    paying = band is not Band.STRONG
    carrier = _torch_carrier(members, torch_carrier) if paying else None
    results: list[MemberRest] = []
    for index, member in enumerate(members):
        sheet, ended = _begin(member, Moment.SHORT_REST)
        used = use_harmony_skills(sheet, skills.get(index, ()), dice)
        sheet = used.sheet
        before_health, before_harmony = sheet.health, sheet.harmony
        if band is Band.MISS:
            sheet = heal(sheet, max(0, sheet.attribute(Attribute.WATER)), short_rest=True)
        else:
            sheet = restore_health(sheet, short_rest=True)
            gain = HUMAN_SHORT_REST_HARMONY if sheet.race is Race.HUMAN else SHORT_REST_HARMONY
            sheet = gain_harmony(sheet, gain)
        ration = paying and sheet.rations >= SHORT_REST_RATIONS
        if ration:
            sheet = sheet.model_copy(update={"rations": sheet.rations - SHORT_REST_RATIONS})
        torch = index == carrier
        if torch:
            sheet = sheet.model_copy(update={"torches": sheet.torches - SHORT_REST_TORCHES})
        sheet, orders = orders_at_short_rest(sheet, carrying)
        results.append(
            MemberRest(
                sheet=sheet,
                health_gained=sheet.health - before_health,
                harmony_change=sheet.harmony - before_harmony,
                ration_spent=ration,
                without_ration=paying and not ration,
                torch_spent=torch,
                conditions_ended=ended,
                harmony_rolls=used.rolls,
                orders=orders,
            )
        )
    return RestResult(
        kind=RestKind.SHORT, roll=roll, members=tuple(results), no_torch=paying and carrier is None
    )


def _end_last_days_totem(sheet: CavernsSheet) -> CavernsSheet:
    """Yesterday's second totem (and its Moon bond) or +2 Vitae end as the new day's choice
    is made; Health and Vitae are kept within the maximums that remain."""
    moon = sheet.moon if sheet.patron_totem is Totem.MOON else None
    return _within_maximums(
        sheet.model_copy(update={"bound_totem": None, "totem_vitae": 0, "moon": moon})
    )


def _within_maximums(sheet: CavernsSheet) -> CavernsSheet:
    return sheet.model_copy(
        update={
            "health": min(sheet.health, sheet.max_health),
            "vitae": min(sheet.vitae, sheet.max_vitae),
            "lasting_wounds": min(sheet.lasting_wounds, sheet.max_health),
        }
    )


def _bind_totem(
    sheet: CavernsSheet, second: Totem | None, dice: DiceSource
) -> tuple[CavernsSheet, tuple[Roll, ...]]:
    """Patron Totem (l. 206): bind a second, learned totem, or take +2 Vitae instead."""
    if sheet.patron_totem is None:
        if second is not None:
            raise PawpostError("Only a character with a Patron Totem binds a second totem.")
        return sheet, ()
    if second is None:
        return (
            sheet.model_copy(
                update={
                    "totem_vitae": PATRON_TOTEM_VITAE,
                    "vitae": sheet.vitae + PATRON_TOTEM_VITAE,
                }
            ),
            (),
        )
    if second is sheet.patron_totem:
        raise PawpostError(f"{second.label} is your Patron Totem already; bind another.")
    if not sheet.has_skill(second.skill_key):
        raise PawpostError(f"You have not learned the {second.label} totem, so cannot bind it.")
    sheet = sheet.model_copy(update={"bound_totem": second})
    if second is not Totem.MOON:
        return sheet, ()
    moon = roll_moon_bond(moon_values(sheet.attributes, sheet.base_damage), dice)
    return _within_maximums(sheet.model_copy(update={"moon": moon.bond})), moon.rolls


def long_rest(
    members: Sequence[CavernsSheet],
    dice: DiceSource,
    *,
    harmony_skills: Mapping[int, Sequence[HarmonySkill]] | None = None,
    second_totems: Mapping[int, Totem] | None = None,
    refuse_to_pay: Collection[int] = (),
    max_rations: int = MAX_RATIONS_CARRIED,
    max_torches: int = MAX_TORCHES_CARRIED,
) -> RestResult:
    """A Long Rest for the party (l. 315-319): the roll, then each member's Harmony skills,
    then the band: 10+ all Health and Vitae and broken items repaired; 7-9 one Vitae, all
    Health, Harmony to 0; 6- all Health, Harmony to 0 (an Elfen's Harmony resets to 3, l. 77);
    on a 10+ a Harmony below that reset rises to it (RULINGS: never worse than a 7-9).
    Before the band, a Patron Totem binds a second totem (as named in `second_totems`) or
    gives +2 Vitae, so that the day's maximums hold. Whatever the roll, rations and torches
    are restocked up to what can be carried, and orders are delivered, paid or bought
    (l. 303-306). The experience questions follow (experience.py)."""
    skills = harmony_skills or {}
    totems = second_totems or {}
    _check_party(members, [*skills, *totems, *refuse_to_pay])
    roll = rest_roll(members, dice, RestKind.LONG)
    band = band_of(roll.total)
    results: list[MemberRest] = []
    for index, member in enumerate(members):
        sheet, ended = _begin(member, Moment.LONG_REST)
        sheet = _end_last_days_totem(sheet)
        used = use_harmony_skills(sheet, skills.get(index, ()), dice)
        sheet = used.sheet
        before_health, before_harmony, before_vitae = sheet.health, sheet.harmony, sheet.vitae
        sheet, moon_rolls = _bind_totem(sheet, totems.get(index), dice)
        sheet = restore_health(sheet)
        repaired: tuple[str, ...] = ()
        reset = ELFEN_LONG_REST_HARMONY if sheet.race is Race.ELFEN else LONG_REST_HARMONY
        if band is Band.STRONG:
            repaired = tuple(item.name for item in sheet.broken_items)
            fixed = tuple(item.model_copy(update={"broken": False}) for item in sheet.equipment)
            sheet = sheet.model_copy(
                update={"vitae": sheet.max_vitae, "equipment": fixed, "bonus_armour_spent": 0}
            )
            # RULINGS: never worse than a 7-9: Harmony below its reset rises to it.
            sheet = set_harmony(sheet, max(sheet.harmony, reset))
        else:
            if band is Band.WEAK:
                vitae = min(sheet.max_vitae, sheet.vitae + LONG_REST_WEAK_VITAE)
                sheet = sheet.model_copy(update={"vitae": vitae})
            sheet = set_harmony(sheet, reset)
        rations = max(sheet.rations, max_rations) - sheet.rations
        torches = max(sheet.torches, max_torches) - sheet.torches
        sheet = sheet.model_copy(
            update={"rations": sheet.rations + rations, "torches": sheet.torches + torches}
        )
        sheet, orders = orders_at_long_rest(
            sheet,
            pays=index not in refuse_to_pay,
            carrying=Carrying(rations=max_rations, torches=max_torches),
        )
        results.append(
            MemberRest(
                sheet=sheet,
                health_gained=sheet.health - before_health,
                harmony_change=sheet.harmony - before_harmony,
                vitae_gained=sheet.vitae - before_vitae,
                repaired=repaired,
                conditions_ended=ended,
                harmony_rolls=used.rolls,
                orders=orders,
                rations_added=rations,
                torches_added=torches,
                bound_totem=sheet.bound_totem,
                moon_rolls=moon_rolls,
            )
        )
    return RestResult(kind=RestKind.LONG, roll=roll, members=tuple(results))
