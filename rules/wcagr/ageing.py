"""Growing up: each moon's gains, the player's choices for them, great deeds, and retiring."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pydantic import BaseModel, ConfigDict

from rules.errors import PawpostError
from rules.wcagr.abilities import ABILITIES, Ability
from rules.wcagr.age_table import FIXED_GAINS, Gain, PendingGain, gains_at
from rules.wcagr.constants import (
    ABILITY_MAX,
    ABILITY_MIN,
    AGE_ABILITY_CHANGE,
    AGE_SKILL_POINTS,
    RETIREMENT_AGE_MOONS,
    SKILL_MAX,
    STARTING_KNACKS,
)
from rules.wcagr.knacks import KNACKS, Knack, can_pick_again
from rules.wcagr.ranks import Rank, is_rank_of
from rules.wcagr.sheet import KNACK_ORDER, WcagrSheet, with_score
from rules.wcagr.skills import SKILLS, Skill

# What a player answers a gain with: a skill, a knack, an ability, or three knacks at 10 moons.
GainChoice = Ability | Skill | Knack | Sequence[Knack]
Option = Ability | Skill | Knack

_INTELLIGENCE_OR_SPIRIT = (Ability.INTELLIGENCE, Ability.SPIRIT)
_NEEDS = {
    Gain.SKILL: "a skill",
    Gain.KNACK: "a knack",
    Gain.ANY_ABILITY: "an ability",
    Gain.INTELLIGENCE_OR_SPIRIT: "Intelligence or Spirit",
}


# The part of the sheet each gain's options are read from (the moon in SQL reads only that one).
OPTIONS_FROM: dict[Gain, str] = {
    Gain.SKILL: "skills",
    Gain.KNACK: "knacks",
    Gain.THREE_KNACKS: "knacks",
    Gain.ANY_ABILITY: "abilities",
    Gain.INTELLIGENCE_OR_SPIRIT: "abilities",
}


def gain_options(sheet: WcagrSheet, gain: Gain) -> tuple[Option, ...]:
    """What the player may choose for `gain` now (RULINGS): a skill below 5, a knack not at its
    maximum, an ability below 10, or for the first three knacks one the cat does not know. An
    empty answer means the gain is lost; fixed gains have no options."""
    return options_of(gain, sheet.skill, sheet.picks, sheet.score)


def options_of(
    gain: Gain,
    skill: Callable[[Skill], int],
    picks: Callable[[Knack], int],
    score: Callable[[Ability], int],
) -> tuple[Option, ...]:
    """`gain_options` from a sheet's levels, picks and scores however they are read (the
    moon in SQL reads them from the sheet's JSON)."""
    if gain is Gain.SKILL:
        return tuple(s for s in SKILLS if skill(s) < SKILL_MAX)
    if gain is Gain.KNACK:
        return tuple(k for k in KNACK_ORDER if can_pick_again(k, picks(k)))
    if gain is Gain.ANY_ABILITY:
        return tuple(a for a in ABILITIES if score(a) < ABILITY_MAX)
    if gain is Gain.INTELLIGENCE_OR_SPIRIT:
        return tuple(a for a in _INTELLIGENCE_OR_SPIRIT if score(a) < ABILITY_MAX)
    if gain is Gain.THREE_KNACKS:
        new = tuple(knack for knack in KNACK_ORDER if picks(knack) == 0)
        return new if len(new) >= STARTING_KNACKS else ()
    return ()


def _wrong_kind(gain: Gain, choice: GainChoice) -> PawpostError:
    shown = choice.label if isinstance(choice, Ability | Skill | Knack) else "that"
    return PawpostError(f"{gain.label} needs {_NEEDS[gain]}; {shown} is not one.")


def _raise_ability(sheet: WcagrSheet, gain: Gain, choice: GainChoice) -> WcagrSheet:
    if not isinstance(choice, Ability):
        raise _wrong_kind(gain, choice)
    if gain is Gain.INTELLIGENCE_OR_SPIRIT and choice not in _INTELLIGENCE_OR_SPIRIT:
        raise PawpostError(f"This gain goes to Intelligence or Spirit, not {choice.label}.")
    if sheet.score(choice) >= ABILITY_MAX:
        raise PawpostError(
            f"{choice.label} is already {ABILITY_MAX}, the most an ability can have; "
            "choose another."
        )
    return with_score(sheet, choice, sheet.score(choice) + AGE_ABILITY_CHANGE)


def first_knacks(sheet: WcagrSheet, knacks: Sequence[Knack]) -> WcagrSheet:
    """Book l.229: "three separate Knacks, you cannot choose a single Knack more than once"."""
    if len(knacks) != STARTING_KNACKS:
        raise PawpostError(f"Choose exactly three knacks; you gave {len(knacks)}.")
    for index, knack in enumerate(knacks):
        if knack in knacks[:index]:
            raise PawpostError(
                f"The three knacks must be different; {knack.label} is chosen twice."
            )
        if sheet.picks(knack):
            raise PawpostError(
                f"This cat already knows {knack.label}; its first three knacks are all new."
            )
    return sheet.changed(knacks={**sheet.knacks, **dict.fromkeys(knacks, 1)})


def apply_gain(sheet: WcagrSheet, gain: Gain, choice: GainChoice) -> WcagrSheet:
    """The sheet with one gain taken as the player chose, refused with the reason when the
    choice does not fit (a skill at 5, a knack at its maximum, an ability at 10)."""
    if gain is Gain.SKILL:
        if not isinstance(choice, Skill):
            raise _wrong_kind(gain, choice)
        if sheet.skill(choice) >= SKILL_MAX:
            raise PawpostError(
                f"{choice.label} is already {SKILL_MAX}, the most a skill can have; choose another."
            )
        level = sheet.skill(choice) + AGE_SKILL_POINTS
        return sheet.changed(skills={**sheet.skills, choice: level})
    if gain is Gain.KNACK:
        if not isinstance(choice, Knack):
            raise _wrong_kind(gain, choice)
        if not can_pick_again(choice, sheet.picks(choice)):
            most = KNACKS[choice].max_picks
            times = "once" if most == 1 else f"{most} times"
            raise PawpostError(f"{choice.label} can be picked only {times}; choose another knack.")
        return sheet.changed(knacks={**sheet.knacks, choice: sheet.picks(choice) + 1})
    if gain in (Gain.ANY_ABILITY, Gain.INTELLIGENCE_OR_SPIRIT):
        return _raise_ability(sheet, gain, choice)
    if gain is Gain.THREE_KNACKS:
        if isinstance(choice, Ability | Skill | Knack):
            raise PawpostError(f"Choose three different knacks, not only {choice.label}.")
        return first_knacks(sheet, choice)
    raise ValueError(f"{gain.label} needs no choice")


def ten_moon_gains(sheet: WcagrSheet, bonus: Ability, knacks: Sequence[Knack]) -> WcagrSheet:
    """Book l.24 and l.229, for a cat made at 10 moons or more: +1 Strength, +1 Intelligence or
    Spirit (`bonus`) and three different knacks. A younger cat gets them at 10 moons, from
    `age_one_moon`."""
    stronger = _apply_fixed(sheet, Gain.STRENGTH_UP)  # None: a +1 at 10 is lost (RULINGS)
    sheet = sheet if stronger is None else stronger
    sheet = apply_gain(sheet, Gain.INTELLIGENCE_OR_SPIRIT, bonus)
    return apply_gain(sheet, Gain.THREE_KNACKS, knacks)


def _same(waiting: PendingGain, asked: PendingGain) -> bool:
    """The waiting gain `asked` means: by its number, or the first of its gain and moon."""
    if asked.number:
        return waiting.number == asked.number
    return (waiting.gain, waiting.moon) == (asked.gain, asked.moon)


def answer_gain(sheet: WcagrSheet, pending: PendingGain, choice: GainChoice) -> WcagrSheet:
    """The player answers one waiting gain (by its number; an unnumbered one: the first of
    that gain and moon); it stops waiting."""
    index = next((i for i, waiting in enumerate(sheet.pending) if _same(waiting, pending)), None)
    if index is None:
        raise PawpostError(f"No {pending.gain.label} gain from {pending.source} is waiting.")
    answered = apply_gain(sheet, pending.gain, choice)
    # The told gains are the first `gains_told` of the list: answering one leaves one fewer told.
    told = sheet.gains_told - 1 if index < sheet.gains_told else sheet.gains_told
    return answered.changed(
        pending=sheet.pending[:index] + sheet.pending[index + 1 :], gains_told=told
    )


def grant(sheet: WcagrSheet, gain: Gain) -> WcagrSheet:
    """Book l.192: the GM may reward great deeds with a knack or a skill point; it waits for
    the player's choice like a moon's."""
    if gain not in (Gain.SKILL, Gain.KNACK):
        raise PawpostError("An admin grants a skill point or a knack for great deeds.")
    if not gain_options(sheet, gain):
        raise PawpostError(f"This cat has nothing left to gain from a {gain.label.lower()}.")
    return sheet.waiting(PendingGain(gain=gain))


def _apply_fixed(sheet: WcagrSheet, gain: Gain) -> WcagrSheet | None:
    """A fixed change, or None when it is lost: a +1 at 10, or a −1 at 1 (RULINGS)."""
    ability, change = FIXED_GAINS[gain]
    score = sheet.score(ability) + change
    if not ABILITY_MIN <= score <= ABILITY_MAX:
        return None
    return with_score(sheet, ability, score)


class AgeingStep(BaseModel):
    """One moon of age: the sheet after, the fixed changes made, the gains lost (at a bound or
    with nothing left to choose), the gains now waiting for the player, and whether the cat
    retired on this moon."""

    model_config = ConfigDict(frozen=True)

    sheet: WcagrSheet
    moon: int
    applied: tuple[Gain, ...] = ()
    lost: tuple[Gain, ...] = ()
    waiting: tuple[PendingGain, ...] = ()
    retired_now: bool = False


def retire(sheet: WcagrSheet) -> WcagrSheet:
    """Book l.432 and l.119: the cat becomes an elder, out of play. Groups without an elder rank
    (BloodClan, l.143; loners, rogues, kittypets) keep no rank. A leader's lives go with the
    leadership."""
    if sheet.retired:
        raise PawpostError("This cat is already retired.")
    rank = Rank.ELDER if is_rank_of(sheet.clan, Rank.ELDER) else None
    return sheet.changed(retired=True, rank=rank, lives=None)


def age_one_moon(sheet: WcagrSheet) -> AgeingStep:
    """The cat is a moon older and gains that moon's row (RULINGS: "Ageing is levelling"):
    fixed changes at once, choices waiting for the player. Reaching 71 moons retires it. A
    retired cat still ages but gains nothing, since it is out of play and a prompt would only
    trouble its player; a dead cat does not age at all."""
    if sheet.dead:  # l.425: beyond the help of medicine, it grows no older
        return AgeingStep(sheet=sheet, moon=sheet.age_moons)
    moon = sheet.age_moons + 1
    older = sheet.changed(age_moons=moon)
    if sheet.retired:
        return AgeingStep(sheet=older, moon=moon)
    applied: list[Gain] = []
    lost: list[Gain] = []
    waiting: list[PendingGain] = []
    for gain in gains_at(moon):
        if not gain.needs_choice:
            changed = _apply_fixed(older, gain)
            if changed is None:
                lost.append(gain)
            else:
                older = changed
                applied.append(gain)
        elif gain_options(older, gain):
            waiting.append(PendingGain(gain=gain, moon=moon))
        else:
            lost.append(gain)
    older = older.waiting(*waiting)
    numbered = older.pending[len(older.pending) - len(waiting) :]
    retired_now = moon >= RETIREMENT_AGE_MOONS
    if retired_now:
        older = retire(older)
    return AgeingStep(
        sheet=older,
        moon=moon,
        applied=tuple(applied),
        lost=tuple(lost),
        waiting=tuple(numbered),
        retired_now=retired_now,
    )


def choices_needed(from_age: int, to_age: int) -> tuple[PendingGain, ...]:
    """The gains that ask for a choice between `from_age` (exclusive) and `to_age`, in order:
    what a player creating an older cat answers."""
    return tuple(
        PendingGain(gain=gain, moon=moon)
        for moon in range(from_age + 1, to_age + 1)
        for gain in gains_at(moon)
        if gain.needs_choice
    )


def grow_up(sheet: WcagrSheet, to_age: int, choices: Sequence[GainChoice]) -> WcagrSheet:
    """The cat aged moon by moon to `to_age`, answering each gain that asks for a choice with
    the next of `choices` as it comes (RULINGS: an older cat "gains every age-table row from 11
    up to its age, each chosen by its player"). A gain with nothing left to choose is lost and
    takes no choice."""
    remaining = list(choices)
    while sheet.age_moons < to_age:
        step = age_one_moon(sheet)
        sheet = step.sheet
        for pending in step.waiting:
            if not remaining:
                raise PawpostError(
                    f"Growing to {to_age} moons needs more choices than the {len(choices)} "
                    f"given; the first missing one is {pending.gain.label} at {pending.source}."
                )
            try:
                sheet = answer_gain(sheet, pending, remaining.pop(0))
            except PawpostError as refused:
                raise PawpostError(
                    f"At {pending.source} ({pending.gain.label}): {refused.message}"
                ) from refused
    if remaining:
        raise PawpostError(
            f"Growing to {to_age} moons takes {len(choices) - len(remaining)} choices; "
            f"you gave {len(choices)}."
        )
    return sheet
