"""Placing scars: the player shares them over the traits (an admin may instead), never into a
Crippled trait; three in a trait drop it a rank and clear, the rest carry on (book l. 37-41)."""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import BaseModel, ConfigDict

from rules.cat.constants import SCARS_PER_RANK
from rules.cat.sheet import (
    RANKS,
    TRAITS,
    CatSheet,
    Rank,
    Trait,
    TraitState,
    require_alive,
    with_trait,
)
from rules.errors import PawpostError


class RankDrop(BaseModel):
    """A trait that lost a rank to three scars."""

    model_config = ConfigDict(frozen=True)

    trait: Trait
    before: Rank
    after: Rank


class ScarsPlaced(BaseModel):
    """The sheet after the scars, each drop in the order it happened, and what it means: the
    warning at three Crippled traits (`in_real_danger`) and death at four (`died`)."""

    model_config = ConfigDict(frozen=True)

    sheet: CatSheet
    placement: dict[Trait, int]
    drops: tuple[RankDrop, ...] = ()
    newly_in_danger: bool = False
    died: bool = False

    @property
    def in_real_danger(self) -> bool:
        return self.sheet.in_real_danger


def room_for_scars(sheet: CatSheet, trait: Trait) -> int:
    """Scars the trait can still take; the one that makes it Crippled is the last."""
    state = sheet.traits[trait]
    return state.rank.steps_to_crippled * SCARS_PER_RANK - state.scars


def scars_to_place(sheet: CatSheet, owed: int) -> int:
    """The scars the player must place: all of them, unless every trait together cannot take
    that many (then the cat dies with every trait Crippled)."""
    return min(owed, sum(room_for_scars(sheet, trait) for trait in TRAITS))


def default_placement(sheet: CatSheet, trait: Trait, owed: int) -> dict[Trait, int]:
    """Where the Narrator puts scars the player did not place: "usually in the Trait you tried
    to use" (book l. 37), and what it cannot take in the other traits, in order."""
    left = scars_to_place(sheet, owed)
    placement: dict[Trait, int] = {}
    for candidate in (trait, *(t for t in TRAITS if t is not trait)):
        given = min(left, room_for_scars(sheet, candidate))
        if given:
            placement[candidate] = given
            left -= given
    return placement


def _check_placement(sheet: CatSheet, owed: int, placement: Mapping[Trait, int]) -> None:
    for trait, count in placement.items():
        if count < 0:
            raise PawpostError(f"{trait.label} cannot take a negative number of scars.")
        if count and sheet.rank(trait) is Rank.CRIPPLED:
            raise PawpostError(f"{trait.label} is Crippled and takes no more scars.")
        room = room_for_scars(sheet, trait)
        if count > room:
            raise PawpostError(
                f"{trait.label} can take only {room} more scars before it is Crippled."
            )
    placed = sum(placement.values())
    wanted = scars_to_place(sheet, owed)
    if placed != wanted:
        noun = "scar" if placed == 1 else "scars"
        raise PawpostError(f"You placed {placed} {noun}; the cat has {wanted} to place.")


def settle_healing(sheet: CatSheet, today: int) -> CatSheet:
    """Keep the healing week in step with the scars: it starts on the day a cat with no scars
    takes one, and stops (with nothing left due) once no scar is left."""
    total = sheet.total_scars
    if not total:
        return sheet.model_copy(update={"healing_since_day": None, "heals_due": 0})
    since = today if sheet.healing_since_day is None else sheet.healing_since_day
    return sheet.model_copy(
        update={"healing_since_day": since, "heals_due": min(sheet.heals_due, total)}
    )


def place_scars(
    sheet: CatSheet, owed: int, placement: Mapping[Trait, int], *, today: int
) -> ScarsPlaced:
    """Put `owed` scars where `placement` says (book l. 37); `today` is the game day, which
    starts the healing week of a cat that had no scars."""
    if owed < 0:
        raise ValueError("scars owed cannot be negative")
    require_alive(sheet)
    _check_placement(sheet, owed, placement)
    was_in_danger = sheet.in_real_danger
    drops: list[RankDrop] = []
    for trait in TRAITS:
        count = placement.get(trait, 0)
        if not count:
            continue
        rank, scars = sheet.rank(trait), sheet.scars(trait) + count
        while scars >= SCARS_PER_RANK and rank is not Rank.CRIPPLED:
            drops.append(RankDrop(trait=trait, before=rank, after=rank.next_down))
            rank, scars = rank.next_down, scars - SCARS_PER_RANK
        sheet = with_trait(sheet, trait, TraitState(rank=rank, scars=scars))
    sheet = settle_healing(sheet, today)
    return ScarsPlaced(
        sheet=sheet,
        placement={trait: count for trait, count in placement.items() if count},
        drops=tuple(drops),
        newly_in_danger=sheet.in_real_danger and not was_in_danger,
        died=sheet.dead,
    )


def take_back_scars(sheet: CatSheet, placement: Mapping[Trait, int], *, today: int) -> CatSheet:
    """Undo a placement the Narrator rules never happened (an adjudicated Risk that succeeds
    after all): each trait loses those scars, getting back any rank they cost. (Healing is
    different: it never restores a rank, RULINGS.)"""
    for trait, count in placement.items():
        rank, scars = sheet.rank(trait), sheet.scars(trait)
        for _ in range(count):
            if scars:
                scars -= 1
            elif rank is not RANKS[0]:
                rank, scars = RANKS[RANKS.index(rank) - 1], SCARS_PER_RANK - 1
        sheet = with_trait(sheet, trait, TraitState(rank=rank, scars=scars))
    return settle_healing(sheet, today)
