"""The coughs (l.433-458) over game days: the cough season's Strength checks, each sunrise's
death roll, the deadlines and progressions (RULINGS' order), red- and yellowcough on entering
green- and blackcough, and the herbs that cure."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from pydantic import BaseModel, ConfigDict, Field

from rules.dice import DiceSource
from rules.errors import PawpostError
from rules.rolls import Roll, roll_dice
from rules.wcagr.abilities import Ability
from rules.wcagr.checks import CheckResult, roll_check
from rules.wcagr.constants import (
    BLACKCOUGH_DIES_BELOW,
    GREENCOUGH_DIES_BELOW,
    HALF_MOON_SUNRISES,
    ILLNESS_DIE,
    KITTEN_COUGH_CURED_ABOVE,
    KITTEN_COUGH_DC,
    KITTEN_COUGH_DIES_BELOW,
    KITTEN_COUGH_UNDER_MOONS,
    QUARTER_MOON_SUNRISES,
    REDCOUGH_DIES_BELOW,
    WHITECOUGH_DC,
    WORSENS_BELOW,
    YELLOWCOUGH_DIES_BELOW,
)
from rules.wcagr.death import dies
from rules.wcagr.herbs import find_herb, herb_key
from rules.wcagr.sheet import Illness, WcagrSheet

DIES_BELOW: Mapping[Illness, int] = {
    Illness.GREENCOUGH: GREENCOUGH_DIES_BELOW,
    Illness.BLACKCOUGH: BLACKCOUGH_DIES_BELOW,
    Illness.KITTEN_COUGH: KITTEN_COUGH_DIES_BELOW,
    Illness.REDCOUGH: REDCOUGH_DIES_BELOW,
    Illness.YELLOWCOUGH: YELLOWCOUGH_DIES_BELOW,
}
# The cures by the herb list's own entries (l.499 Catmint, l.630 Tansy, l.483 Borage Leaves,
# l.509 Chickweed; Lungwort from l.457), so a name /herb finds is the herb /treat takes.
CATMINT = herb_key("Catmint")
CHICKWEED = herb_key("Chickweed")  # RULINGS (config): may stand in for catmint
SECOND_HERBS = frozenset({herb_key("Tansy"), herb_key("Borage Leaves")})
LUNGWORT = herb_key("Lungwort")
SEEDS = "white seeds"  # l.445: the rumoured plant's white seeds; an admin's ruling


def sick(sheet: WcagrSheet, illness: Illness, day: int) -> WcagrSheet:
    return sheet.changed(illness=illness, illness_day=day)


def cured(sheet: WcagrSheet) -> WcagrSheet:
    return sheet.changed(illness=None, illness_day=None)


class Sunrise(BaseModel):
    """One sick cat's sunrise: the sheet after it, what happened in words, and the rolls."""

    model_config = ConfigDict(frozen=True)

    sheet: WcagrSheet
    lines: tuple[str, ...] = ()
    rolls: tuple[Roll, ...] = Field(default=())

    @property
    def died(self) -> bool:
        return self.sheet.dead


def _d100(dice: DiceSource, label: str) -> Roll:
    return Roll(label=label, dice=roll_dice(dice, 1, ILLNESS_DIE))


def _worsened(sheet: WcagrSheet, into: Illness, day: int, dice: DiceSource) -> Sunrise:
    """Entering green- or blackcough: d100 < 20 for redcough, then (if not) for yellowcough
    (RULINGS); either replaces the cough and starts its own quarter-moon."""
    rolls = []
    red = _d100(dice, "Redcough")
    rolls.append(red)
    if red.total < WORSENS_BELOW:
        return Sunrise(
            sheet=sick(sheet, Illness.REDCOUGH, day),
            lines=(
                f"sickens with redcough instead of {into.label.lower()} "
                f"(d100 {red.total} < {WORSENS_BELOW}).",
            ),
            rolls=tuple(rolls),
        )
    yellow = _d100(dice, "Yellowcough")
    rolls.append(yellow)
    if yellow.total < WORSENS_BELOW:
        return Sunrise(
            sheet=sick(sheet, Illness.YELLOWCOUGH, day),
            lines=(
                f"sickens with yellowcough instead of {into.label.lower()} "
                f"(d100 {yellow.total} < {WORSENS_BELOW}).",
            ),
            rolls=tuple(rolls),
        )
    return Sunrise(
        sheet=sick(sheet, into, day),
        lines=(f"worsens to {into.label.lower()}.",),
        rolls=tuple(rolls),
    )


def _death(sheet: WcagrSheet, text: str, rolls: tuple[Roll, ...], lives_save: bool) -> Sunrise:
    after, life_lost = dies(sheet, lives_save=lives_save)
    if life_lost:
        text = f"{text.removesuffix('.')}, and loses a life: {after.lives} left."
    return Sunrise(sheet=after, lines=(text,), rolls=rolls)


def sunrise(sheet: WcagrSheet, today: int, dice: DiceSource, *, lives_save: bool = True) -> Sunrise:
    """RULINGS' order for one sick cat: its death roll, then its deadline or progression. Day 0
    is the onset, so the 7th sunrise after it is `today - illness_day == 7`."""
    illness, onset = sheet.illness, sheet.illness_day
    if illness is None or sheet.dead:
        return Sunrise(sheet=sheet)
    days = today - (onset if onset is not None else today)
    rolls: list[Roll] = []
    if illness in DIES_BELOW:
        roll = _d100(dice, f"{illness.label} at sunrise")
        rolls.append(roll)
        if roll.total < DIES_BELOW[illness]:
            text = f"dies of {illness.label.lower()} (d100 {roll.total} < {DIES_BELOW[illness]})."
            return _death(sheet, text, tuple(rolls), lives_save)
        if illness is Illness.KITTEN_COUGH and roll.total > KITTEN_COUGH_CURED_ABOVE:
            return Sunrise(
                sheet=cured(sheet),
                lines=(
                    f"is cured of kitten-cough (d100 {roll.total} > {KITTEN_COUGH_CURED_ABOVE}).",
                ),
                rolls=tuple(rolls),
            )
    step = _deadline(sheet, illness, days, today, dice)
    if step.sheet.dead:
        step = _death(sheet, step.lines[0], step.rolls, lives_save)
    return step.model_copy(update={"rolls": (*rolls, *step.rolls)})


def _deadline(
    sheet: WcagrSheet, illness: Illness, days: int, today: int, dice: DiceSource
) -> Sunrise:
    if illness is Illness.WHITECOUGH and days >= QUARTER_MOON_SUNRISES:
        return _worsened(sheet, Illness.GREENCOUGH, today, dice)
    if illness is Illness.GREENCOUGH and days >= HALF_MOON_SUNRISES:
        return _worsened(sheet, Illness.BLACKCOUGH, today, dice)
    if illness is Illness.KITTEN_COUGH and days >= QUARTER_MOON_SUNRISES:
        return Sunrise(sheet=cured(sheet), lines=("lives through kitten-cough and is cured.",))
    deadly = illness in (Illness.BLACKCOUGH, Illness.REDCOUGH, Illness.YELLOWCOUGH)
    if deadly and days >= QUARTER_MOON_SUNRISES:
        return Sunrise(
            sheet=sheet.changed(dead=True),
            lines=(f"dies of {illness.label.lower()}: its quarter-moon is over.",),
        )
    return Sunrise(sheet=sheet, lines=(f"is ill with {illness.label.lower()} (day {days}).",))


class SeasonRoll(BaseModel):
    """A cat's checks when the cough season starts (l.437, 449)."""

    model_config = ConfigDict(frozen=True)

    sheet: WcagrSheet
    checks: tuple[CheckResult, ...]
    caught: Illness | None


def cough_season(sheet: WcagrSheet, today: int, dice: DiceSource) -> SeasonRoll:
    """A DC 10 Strength check (failure: whitecough), and under 12 moons a DC 12 one too
    (failure: kitten-cough). A cat already ill, retired, knocked out or dead does not roll."""
    if sheet.ill or sheet.retired or sheet.knocked_out or sheet.dead:
        return SeasonRoll(sheet=sheet, checks=(), caught=None)
    white = roll_check(sheet, dice, ability=Ability.STRENGTH, dc=WHITECOUGH_DC, label="Whitecough")
    checks = [white]
    after = white.sheet
    if not white.succeeded:
        return SeasonRoll(
            sheet=sick(after, Illness.WHITECOUGH, today),
            checks=tuple(checks),
            caught=Illness.WHITECOUGH,
        )
    if sheet.age_moons < KITTEN_COUGH_UNDER_MOONS:
        kitten = roll_check(
            after, dice, ability=Ability.STRENGTH, dc=KITTEN_COUGH_DC, label="Kitten-cough"
        )
        checks.append(kitten)
        after = kitten.sheet
        if not kitten.succeeded:
            return SeasonRoll(
                sheet=sick(after, Illness.KITTEN_COUGH, today),
                checks=tuple(checks),
                caught=Illness.KITTEN_COUGH,
            )
    return SeasonRoll(sheet=after, checks=tuple(checks), caught=None)


def treat(
    sheet: WcagrSheet, herbs: Iterable[str], *, chickweed_for_catmint: bool, by_admin: bool
) -> WcagrSheet:
    """White- and greencough: catmint with tansy or borage (l.438, 441); yellowcough: lungwort
    (l.457); blackcough: the rumoured white seeds, an admin's ruling (l.445). Kitten-cough and
    redcough have no cure (l.449, 453). Each herb is read as `/herb` reads it: its name in the
    herb list, or the start of it ("borage" is Borage Leaves)."""
    illness = sheet.illness
    if sheet.dead:
        raise PawpostError("This cat is dead: no herb can help it now.")
    if illness is None:
        raise PawpostError("This cat is not ill.")
    typed = [herb.strip().lower() for herb in herbs if herb.strip()]
    given = {SEEDS if herb == SEEDS else find_herb(herb).key for herb in typed}
    if illness in (Illness.WHITECOUGH, Illness.GREENCOUGH):
        first = CATMINT in given or (chickweed_for_catmint and CHICKWEED in given)
        if first and given & SECOND_HERBS:
            return cured(sheet)
        stand_in = " (or chickweed)" if chickweed_for_catmint else ""
        raise PawpostError(f"{illness.label} needs catmint{stand_in} with tansy or borage.")
    if illness is Illness.YELLOWCOUGH:
        if LUNGWORT in given:
            return cured(sheet)
        raise PawpostError("Yellowcough needs lungwort.")
    if illness is Illness.BLACKCOUGH:
        if SEEDS in given and by_admin:
            return cured(sheet)
        raise PawpostError(
            "Blackcough has no known cure; only an admin may rule the rumoured white seeds found."
        )
    raise PawpostError(f"{illness.label} has no known cure.")
