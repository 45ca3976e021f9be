"""A WCAGR cat's values by name for saved rolls (`3d6+{strength}+{swat}`): its three ability
scores and its fifteen skills (0 for a skill it never took)."""

from __future__ import annotations

from rules.wcagr.abilities import ABILITIES
from rules.wcagr.sheet import WcagrSheet
from rules.wcagr.skills import Skill


def roll_values(sheet: WcagrSheet) -> dict[str, int]:
    values = {ability.value: sheet.abilities[ability] for ability in ABILITIES}
    return values | {skill.value: sheet.skill(skill) for skill in Skill}
