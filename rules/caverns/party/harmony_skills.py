"""The five Harmony skills of book l. 324-349, each with its attribute and three benefits."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from rules.caverns.attributes import Attribute
from rules.errors import PawpostError


class HarmonySkill(StrEnum):
    MOVE_LIKE_THE_WIND = "move-like-the-wind"
    FLOW_LIKE_THE_RIVER = "flow-like-the-river"
    STRONG_AS_THE_TALLEST_TREE = "strong-as-the-tallest-tree"
    BURN_WITH_PASSION = "burn-with-passion"
    SHARP_AS_STEEL = "sharp-as-steel"

    @property
    def label(self) -> str:
        """ "Move Like the Wind"."""
        words = self.value.split("-")
        return " ".join(w if w in ("the", "as", "with") else w.capitalize() for w in words)


class HarmonyBenefit(StrEnum):
    """The fifteen benefits, three per skill, in the book's order."""

    TELEPORT = "teleport"
    AHEAD_OF_SCHEDULE = "ahead-of-schedule"
    UNNOTICED = "unnoticed"
    UNMOVABLE = "unmovable"
    FORCEFUL_AGAINST_YOU = "forceful-against-you"
    UNRUFFLED = "unruffled"
    FORCEFUL_ATTACKS = "forceful-attacks"
    LIFT_THREE_TIMES = "lift-three-times"
    TWO_FREE_ARMOUR = "two-free-armour"
    ALLIES_AT_LEAST_ZERO = "allies-at-least-zero"
    ENEMIES_AT_MOST_ZERO = "enemies-at-most-zero"
    GIVE_VITAE = "give-vitae"
    PROFICIENT_WITH_ITEM = "proficient-with-item"
    ASK_THE_MC = "ask-the-mc"
    FIX_ITEM = "fix-item"


class HarmonySkillRow(BaseModel):
    model_config = ConfigDict(frozen=True)

    skill: HarmonySkill
    line: int
    attribute: Attribute
    benefits: Mapping[HarmonyBenefit, str]
    whole_party: bool = False  # "Only one member of the party needs use this skill" (l. 331)


HARMONY_SKILLS: Mapping[HarmonySkill, HarmonySkillRow] = {
    row.skill: row
    for row in (
        HarmonySkillRow(
            skill=HarmonySkill.MOVE_LIKE_THE_WIND,
            line=326,
            attribute=Attribute.WIND,
            benefits={
                HarmonyBenefit.TELEPORT: (
                    "You may teleport to a willing creature instead of walking."
                ),
                HarmonyBenefit.AHEAD_OF_SCHEDULE: (
                    "You arrive at your next destination ahead of schedule."
                ),
                HarmonyBenefit.UNNOTICED: (
                    "You arrive at your next destination without being noticed."
                ),
            },
            whole_party=True,
        ),
        HarmonySkillRow(
            skill=HarmonySkill.FLOW_LIKE_THE_RIVER,
            line=332,
            attribute=Attribute.WATER,
            benefits={
                HarmonyBenefit.UNMOVABLE: "You cannot be moved unless you choose to move.",
                HarmonyBenefit.FORCEFUL_AGAINST_YOU: (
                    "Add Forceful to the next attack against you, but gain a free Armour "
                    "against it."
                ),
                HarmonyBenefit.UNRUFFLED: "You are unruffled by everything and are immune to Fear.",
            },
        ),
        HarmonySkillRow(
            skill=HarmonySkill.STRONG_AS_THE_TALLEST_TREE,
            line=337,
            attribute=Attribute.WOOD,
            benefits={
                HarmonyBenefit.FORCEFUL_ATTACKS: "All of your attacks gain Forceful.",
                HarmonyBenefit.LIFT_THREE_TIMES: "You can lift three times as much.",
                HarmonyBenefit.TWO_FREE_ARMOUR: "Gain two free Armour.",
            },
        ),
        # The book prints no roll for the last two (l. 342, 346); RULINGS: +Fire and +Metal,
        # the elements their names echo.
        HarmonySkillRow(
            skill=HarmonySkill.BURN_WITH_PASSION,
            line=342,
            attribute=Attribute.FIRE,
            benefits={
                HarmonyBenefit.ALLIES_AT_LEAST_ZERO: "Nearby allies always roll at least +0.",
                HarmonyBenefit.ENEMIES_AT_MOST_ZERO: "Nearby enemies always roll at most +0.",
                HarmonyBenefit.GIVE_VITAE: "Give some of your Vitae to an ally.",
            },
        ),
        HarmonySkillRow(
            skill=HarmonySkill.SHARP_AS_STEEL,
            line=346,
            attribute=Attribute.METAL,
            benefits={
                HarmonyBenefit.PROFICIENT_WITH_ITEM: "Choose one item; you are proficient with it.",
                HarmonyBenefit.ASK_THE_MC: (
                    "Ask the MC a question about the world; she will answer it."
                ),
                HarmonyBenefit.FIX_ITEM: (
                    "Permanently fix one broken item you are proficient with, including armour."
                ),
            },
        ),
    )
}


def skill_of_benefit(benefit: HarmonyBenefit) -> HarmonySkill:
    """The Harmony skill a benefit belongs to."""
    return next(row.skill for row in HARMONY_SKILLS.values() if benefit in row.benefits)


def _words(text: str) -> list[str]:
    return text.strip().lower().replace("!", "").replace("-", " ").split()


def _matching(text: str, names: dict[str, str]) -> list[str]:
    """The keys whose name is `text`, else those whose name holds every word of it as the
    start of one of its words ("tree", "free armour")."""
    typed = _words(text)
    exact = [key for key, name in names.items() if _words(name) == typed]
    if exact or not typed:
        return exact
    return [
        key
        for key, name in names.items()
        if all(any(word.startswith(t) for word in _words(name)) for t in typed)
    ]


def parse_harmony_skill(text: str) -> HarmonySkill:
    """A Harmony skill by its name, any case ("sharp as steel"), or by a word of it that no
    other skill has ("tree")."""
    found = _matching(text, {skill.value: skill.value for skill in HarmonySkill})
    if len(found) == 1:
        return HarmonySkill(found[0])
    names = ", ".join(skill.label for skill in HarmonySkill)
    raise PawpostError(f'"{text.strip()}" is not a Harmony skill; choose {names}.')


def benefit_name(benefit: HarmonyBenefit) -> str:
    """ "two free armour"."""
    return benefit.value.replace("-", " ")


def parse_benefit(text: str, skill: HarmonySkill) -> HarmonyBenefit:
    """One of the skill's three benefits by its name, or by words only it has ("forceful",
    "armour"); refused with the three names."""
    row = HARMONY_SKILLS[skill]
    found = _matching(text, {b.value: benefit_name(b) for b in row.benefits})
    if len(found) == 1:
        return HarmonyBenefit(found[0])
    names = ", ".join(f'"{benefit_name(b)}"' for b in row.benefits)
    raise PawpostError(f'"{text.strip()}" is not a benefit of {skill.label}; choose {names}.')


def benefit_suggestions(typed: str) -> list[tuple[str, str]]:
    """Autocomplete for a list of benefits: the last name being typed, after those before it."""
    done, _, last = typed.rpartition(",")
    head = f"{done.strip()}, " if done.strip() else ""
    found = (
        _matching(last, {b.value: benefit_name(b) for b in HarmonyBenefit})
        if last.strip()
        else [b.value for b in HarmonyBenefit]
    )
    shown = [head + benefit_name(HarmonyBenefit(key)) for key in found]
    return [(text[:100], text[:100]) for text in shown[:25]]
