"""Healing (l.426-430): a wounded cat heals 1 HP each morning, and once a day a Herb Lore or
Medicine Lore check (RULINGS: a Ponder check with those knacks) against HP lost + 5 heals 1, 2
or 3 more. HP never exceeds its maximum."""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import BaseModel, ConfigDict

from rules.dice import DiceSource
from rules.errors import PawpostError
from rules.wcagr.checks import CheckResult, roll_check
from rules.wcagr.constants import (
    HEAL_PER_MORNING,
    HERB_HEAL_BELOW,
    HERB_HEAL_DOUBLE,
    HERB_HEAL_REACHED,
    HERB_TARGET_BASE,
)
from rules.wcagr.knacks import Knack
from rules.wcagr.sheet import WcagrSheet
from rules.wcagr.skills import Skill


def healed(sheet: WcagrSheet, hp: int) -> WcagrSheet:
    """The sheet with up to `hp` wounds healed, never above the maximum."""
    return sheet.changed(hp_lost=max(0, sheet.hp_lost - hp))


def morning(sheet: WcagrSheet) -> WcagrSheet:
    """l.428: one point of wound damage heals each morning (the dead do not heal)."""
    if sheet.dead or sheet.hp_lost == 0:
        return sheet
    return healed(sheet, HEAL_PER_MORNING)


def herb_target(wounded: WcagrSheet) -> int:
    """l.429: the HP the cat has lost, + 5."""
    return wounded.hp_lost + HERB_TARGET_BASE


def herb_heal_of(total: int, target: int) -> int:
    """l.429-430: below the target 1, reaching it 2, more than double it 3."""
    if total > 2 * target:
        return HERB_HEAL_DOUBLE
    if total >= target:
        return HERB_HEAL_REACHED
    return HERB_HEAL_BELOW


class HerbHealing(BaseModel):
    model_config = ConfigDict(frozen=True)

    check: CheckResult
    target: int
    hp: int
    patient: WcagrSheet


def herb_healing(
    healer: WcagrSheet,
    patient: WcagrSheet,
    dice: DiceSource,
    *,
    spend: int = 0,
    knacks: Mapping[Knack, int] | None = None,
) -> HerbHealing:
    """The healer's Ponder check (its Herb Lore or Medicine Lore paid as usual) against the
    patient's HP lost + 5. When healer and patient are one cat, `patient` is ignored."""
    if patient.dead:
        raise PawpostError("That cat is beyond the help of medicine.")
    if patient.hp_lost == 0:
        raise PawpostError("That cat has no wounds to heal.")
    target = herb_target(patient)
    check = roll_check(
        healer, dice, skill=Skill.PONDER, spend=spend, knacks=knacks, label="Herb healing"
    )
    hp = herb_heal_of(check.total, target)
    return HerbHealing(check=check, target=target, hp=hp, patient=healed(patient, hp))
