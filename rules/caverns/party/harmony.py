"""Spending and gaining Harmony (always within -3..+3, book l. 72), and the Harmony skills
used at a rest (l. 324-349)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pydantic import BaseModel, ConfigDict

from rules.caverns.catalogue import STARTER_CATALOGUE, CatalogueItem, ItemKind, item_key
from rules.caverns.constants import (
    ATTRIBUTE_MAX,
    ATTRIBUTE_MIN,
    FLOW_FREE_ARMOUR,
    HARMONY_BENEFIT_STEP,
    HARMONY_SKILL_COST,
    HARMONY_SKILL_FLOOR,
    TALLEST_TREE_FREE_ARMOUR,
)
from rules.caverns.party.harmony_skills import (
    HARMONY_SKILLS,
    HarmonyBenefit,
    HarmonySkill,
    benefit_name,
)
from rules.caverns.records import BenefitRecord, HarmonyPick
from rules.caverns.rolling import roll_attribute
from rules.caverns.sheet import CavernsSheet
from rules.caverns.wording import joined, signed
from rules.dice import DiceSource
from rules.errors import PawpostError
from rules.rolls import Roll


def spend_harmony(sheet: CavernsSheet, amount: int, reason: str) -> CavernsSheet:
    """Pay Harmony for a skill. Harmony may go below zero but never below -3, so a character
    at 0 can still pay three times (book l. 429)."""
    if amount < 0:
        raise ValueError("spend a positive amount")
    left = sheet.harmony - amount
    if left < ATTRIBUTE_MIN:
        raise PawpostError(
            f"{reason} costs {amount} Harmony and you have {signed(sheet.harmony)}; Harmony "
            f"cannot go below {signed(ATTRIBUTE_MIN)}."
        )
    return sheet.model_copy(update={"harmony": left})


def gain_harmony(sheet: CavernsSheet, amount: int) -> CavernsSheet:
    """Gain Harmony, up to +3."""
    return sheet.model_copy(update={"harmony": min(ATTRIBUTE_MAX, sheet.harmony + amount)})


def set_harmony(sheet: CavernsSheet, value: int) -> CavernsSheet:
    return sheet.model_copy(update={"harmony": max(ATTRIBUTE_MIN, min(ATTRIBUTE_MAX, value))})


def benefits_for(total: int) -> int:
    """One benefit for every full 5 of the roll (l. 327), none for a total under 5."""
    return max(0, total // HARMONY_BENEFIT_STEP)


class HarmonySkillRoll(BaseModel):
    model_config = ConfigDict(frozen=True)

    skill: HarmonySkill
    roll: Roll
    allowed: int


class HarmonySkillsResult(BaseModel):
    model_config = ConfigDict(frozen=True)

    sheet: CavernsSheet
    rolls: tuple[HarmonySkillRoll, ...]


def harmony_skills_refused(sheet: CavernsSheet, skills: Sequence[HarmonySkill]) -> str | None:
    """Why the character cannot use these Harmony skills at a rest now (None: it can): Harmony
    must be above 0, each skill once, 1 Harmony each down to -3 (l. 325)."""
    if not skills:
        return None
    if sheet.harmony <= 0:
        return f"Harmony skills need Harmony above 0 at the rest; you have {signed(sheet.harmony)}."
    if len(set(skills)) != len(skills):
        return "Each Harmony skill can be used once a rest."
    if sheet.harmony - HARMONY_SKILL_COST * len(skills) < HARMONY_SKILL_FLOOR:
        most = sheet.harmony - HARMONY_SKILL_FLOOR
        return (
            f"With {signed(sheet.harmony)} Harmony you can use at most {most} Harmony skills, "
            f"since Harmony stops at {signed(HARMONY_SKILL_FLOOR)}."
        )
    return None


def use_harmony_skills(
    sheet: CavernsSheet, skills: Sequence[HarmonySkill], dice: DiceSource
) -> HarmonySkillsResult:
    """At a rest, a character with Harmony above 0 uses one or more Harmony skills at once,
    1 Harmony each, to a minimum of -3 (l. 325). Each rolls its attribute; the benefits are
    chosen afterwards (`choose_benefits`). Each skill at most once a rest: the book offers
    "one or more of these skills", and the roll already sets how much each gives."""
    if not skills:
        return HarmonySkillsResult(sheet=sheet, rolls=())
    refused = harmony_skills_refused(sheet, skills)
    if refused is not None:
        raise PawpostError(refused)
    cost = HARMONY_SKILL_COST * len(skills)
    rolls: list[HarmonySkillRoll] = []
    for skill in skills:
        row = HARMONY_SKILLS[skill]
        rolled = roll_attribute(sheet, row.attribute, dice, label=skill.label)
        sheet = rolled.sheet
        rolls.append(
            HarmonySkillRoll(skill=skill, roll=rolled.roll, allowed=benefits_for(rolled.roll.total))
        )
    picks = tuple(
        HarmonyPick(skill=r.skill, total=r.roll.total, allowed=r.allowed)
        for r in rolls
        if r.allowed  # under 5, nothing waits to be chosen
    )
    sheet = sheet.model_copy(
        update={"harmony": sheet.harmony - cost, "harmony_picks": (*sheet.harmony_picks, *picks)}
    )
    return HarmonySkillsResult(sheet=sheet, rolls=tuple(rolls))


# The benefits that are free pieces of armour, and how many (l. 335, 341).
FREE_ARMOUR: Mapping[HarmonyBenefit, int] = {
    HarmonyBenefit.TWO_FREE_ARMOUR: TALLEST_TREE_FREE_ARMOUR,
    HarmonyBenefit.FORCEFUL_AGAINST_YOU: FLOW_FREE_ARMOUR,
}
TALLEST_TREE_ARMOUR = "Strong as the Tallest Tree's free Armour"


def spend_free_armour(sheet: CavernsSheet) -> CavernsSheet | None:
    """Expend one of Strong as the Tallest Tree's two free pieces (l. 341), if one is left;
    like other bonus armour it breaks nothing."""
    record = next(
        (r for r in sheet.harmony_benefits if r.benefit is HarmonyBenefit.TWO_FREE_ARMOUR), None
    )
    if record is None or not record.uses:
        return None
    left = record.model_copy(update={"uses": record.uses - 1})
    kept = tuple(left if r is record else r for r in sheet.harmony_benefits)
    return sheet.model_copy(update={"harmony_benefits": kept})


def forceful_against(sheet: CavernsSheet) -> CavernsSheet | None:
    """Flow Like the River (l. 335): the next attack against the character is Forceful and a
    free piece of armour may be spent against it; the sheet with the benefit used up, or None
    when it has none waiting."""
    if not sheet.has_benefit(HarmonyBenefit.FORCEFUL_AGAINST_YOU):
        return None
    kept = tuple(
        r for r in sheet.harmony_benefits if r.benefit is not HarmonyBenefit.FORCEFUL_AGAINST_YOU
    )
    return sheet.model_copy(update={"harmony_benefits": kept})


class BenefitsChosen(BaseModel):
    """The sheet after its benefits, and the ally's when Vitae was given."""

    model_config = ConfigDict(frozen=True)

    sheet: CavernsSheet
    ally: CavernsSheet | None = None


def choose_benefits(
    sheet: CavernsSheet,
    skill: HarmonySkill,
    benefits: Sequence[HarmonyBenefit],
    *,
    item: str = "",
    ally: CavernsSheet | None = None,
    vitae: int = 0,
    catalogue: Mapping[str, CatalogueItem] = STARTER_CATALOGUE,
) -> BenefitsChosen:
    """Take the benefits a Harmony skill's roll allows: different ones, at most one per full 5;
    those left may be taken later, until the next rest. They last until the next rest,
    except fixing an item (permanent, l. 349) and Vitae given to an ally. `item` names the
    item for Sharp as Steel; `ally` and `vitae` the gift of Burn with Passion."""
    pick = next((p for p in sheet.harmony_picks if p.skill is skill), None)
    if pick is None:
        rolled = [p.skill.label for p in sheet.harmony_picks]
        waiting = f" (waiting: {joined(rolled)})" if rolled else ""
        raise PawpostError(f"You have no {skill.label} roll waiting for its benefits{waiting}.")
    row = HARMONY_SKILLS[skill]
    wrong = [benefit for benefit in benefits if benefit not in row.benefits]
    if wrong:
        names = ", ".join(f'"{benefit_name(b)}"' for b in row.benefits)
        raise PawpostError(
            f'"{benefit_name(wrong[0])}" is not a benefit of {skill.label}; choose {names}.'
        )
    if len(set(benefits)) != len(benefits) or any(sheet.has_benefit(b) for b in benefits):
        raise PawpostError("Choose different benefits; each can be taken once.")
    if not benefits:
        raise PawpostError("Choose at least one benefit.")
    if len(benefits) > pick.allowed:
        whole = benefits_for(pick.total)
        gives = (
            f"gives {whole} benefit{'' if whole == 1 else 's'}, one for every full "
            f"{HARMONY_BENEFIT_STEP}"
            if whole == pick.allowed
            else f"leaves {pick.allowed} more to choose"
        )
        raise PawpostError(
            f"Your {skill.label} roll of {pick.total} {gives}; you chose {len(benefits)}."
        )
    left = pick.allowed - len(benefits)
    picks = [p for p in sheet.harmony_picks if p is not pick]
    if left:  # the rest may still be chosen, until the next rest
        picks.append(pick.model_copy(update={"allowed": left}))
    sheet = sheet.model_copy(update={"harmony_picks": tuple(picks)})
    records: list[BenefitRecord] = []
    given: CavernsSheet | None = None
    for benefit in benefits:
        if benefit in (HarmonyBenefit.PROFICIENT_WITH_ITEM, HarmonyBenefit.FIX_ITEM) and not item:
            raise PawpostError("Name the item for Sharp as Steel.")
        if benefit is HarmonyBenefit.FIX_ITEM:
            sheet = _fix_item(sheet, item, catalogue)
        elif benefit is HarmonyBenefit.GIVE_VITAE:
            sheet, given = give_vitae(sheet, ally, vitae)
            records.append(BenefitRecord(benefit=benefit, detail=f"{vitae} Vitae"))
        elif benefit is HarmonyBenefit.PROFICIENT_WITH_ITEM:
            records.append(BenefitRecord(benefit=benefit, detail=" ".join(item.lower().split())))
        elif benefit in FREE_ARMOUR:
            records.append(BenefitRecord(benefit=benefit, uses=FREE_ARMOUR[benefit]))
        else:
            records.append(BenefitRecord(benefit=benefit))
    sheet = sheet.model_copy(update={"harmony_benefits": (*sheet.harmony_benefits, *records)})
    return BenefitsChosen(sheet=sheet, ally=given)


def _fix_item(
    sheet: CavernsSheet, name: str, catalogue: Mapping[str, CatalogueItem]
) -> CavernsSheet:
    """Sharp as Steel: permanently fix one broken item you are proficient with (l. 349).
    Armour needs no proficiency in Caverns, so any broken piece of armour can be fixed."""
    wanted = item_key(name)
    for index, item in enumerate(sheet.equipment):
        if item_key(item.name) != wanted or not item.broken:
            continue
        listed = catalogue.get(wanted)
        if item.kind is not ItemKind.ARMOUR and (
            listed is None or not sheet.proficient_with(listed)
        ):
            raise PawpostError(
                f"You can only fix an item you are proficient with; the {item.name} is not."
            )
        fixed = item.model_copy(update={"broken": False})
        equipment = (*sheet.equipment[:index], fixed, *sheet.equipment[index + 1 :])
        return sheet.model_copy(update={"equipment": equipment})
    raise PawpostError(f"You carry no broken {name.strip()} to fix.")


def give_vitae(
    giver: CavernsSheet, ally: CavernsSheet | None, amount: int
) -> tuple[CavernsSheet, CavernsSheet]:
    """Burn with Passion: give some of your Vitae to an ally (l. 345), up to their maximum."""
    if ally is None:
        raise PawpostError("Name the ally who receives your Vitae.")
    if amount < 1:
        raise PawpostError("Give at least 1 Vitae.")
    if amount > giver.vitae:
        raise PawpostError(f"You have {giver.vitae} Vitae to give, not {amount}.")
    room = ally.max_vitae - ally.vitae
    if amount > room:
        raise PawpostError(
            f"Your ally can take {room} more Vitae before reaching their maximum of "
            f"{ally.max_vitae}."
        )
    return (
        giver.model_copy(update={"vitae": giver.vitae - amount}),
        ally.model_copy(update={"vitae": ally.vitae + amount}),
    )


def describe_benefits(skill: HarmonySkill) -> str:
    """ "teleport, ahead of schedule or unnoticed"."""
    names = [benefit.value.replace("-", " ") for benefit in HARMONY_SKILLS[skill].benefits]
    return joined(names, "or")
