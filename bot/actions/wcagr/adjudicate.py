"""What `/admin adjudicate` changes on a WCAGR check beyond the log: a check ruled a success
after a critical failure takes its sprain back. Reached through `Ruleset.adjudicate`."""

from __future__ import annotations

from datetime import datetime

from bot.actions.formatting import safe
from rules.errors import PawpostError
from rules.wcagr import PHYSICAL_SKILLS, Ability, Critical, WcagrSheet, without_sprain
from storage.models import AuditEntry
from storage.repositories import Transaction
from storage.settings import Guild

OUTCOMES = ("success", "failure")


def _physical(summary: str) -> bool:
    """Whether the logged check ("Pounce check DC 12", "Sneak (Strength) check") sprains on a
    critical failure (RULINGS: any Strength check and the physical skills)."""
    label = summary.split(" check", 1)[0]
    words = set(label.replace("(", " ").replace(")", " ").split())
    return Ability.STRENGTH.label in words or any(s.label in words for s in PHYSICAL_SKILLS)


def adjudicate(
    tx: Transaction, guild: Guild, original: AuditEntry, outcome: str, now: datetime
) -> tuple[str, list[str]] | None:
    if original.action != "check":
        return None
    ruled = outcome.strip().lower()
    if ruled not in OUTCOMES:
        raise PawpostError("A WCAGR check is ruled a success or a failure.")
    logged = original.outcome or ""  # "critical-failure", or "failure (critical failure)"
    critical = Critical.FAILURE.value in logged or Critical.FAILURE.label in logged
    sprained_by_it = critical and _physical(original.summary)
    if ruled == "failure" or not sprained_by_it:
        return ruled, []
    cat = (
        None
        if original.character_id is None
        else tx.characters.by_id(guild.guild_id, original.character_id)
    )
    if cat is None or not isinstance(cat.sheet, WcagrSheet) or not cat.sheet.sprained:
        return ruled, []
    cat.sheet = without_sprain(cat.sheet)
    tx.characters.save_sheet(cat)
    return ruled, [f"{safe(cat.name)}'s sprain from that critical failure is taken back."]
