"""What `/admin adjudicate` changes on a WCAGR roll beyond the log (reached through
`Ruleset.adjudicate`): a check or hunting stage ruled a success after a critical failure takes
its sprain back, and a ruling on a hunt's latest stage roll moves the hunt (a stage ruled
passed goes on to the next, a Kill to its weight; one ruled failed goes back to its stage or
loses the prey, and a kill's uneaten prey leaves the pile)."""

from __future__ import annotations

import re
from datetime import datetime

from bot.actions.formatting import safe
from bot.actions.wcagr.hunting import log_hunt_end
from rules.errors import PawpostError
from rules.wcagr import PHYSICAL_SKILLS, Ability, Critical, WcagrSheet, without_sprain
from rules.wcagr.hunting import STAGES, Stage, stage_skill
from rules.wcagr.skills import is_physical
from storage.models import AuditEntry
from storage.repositories import Transaction
from storage.settings import Guild
from storage.wcagr import wcagr
from storage.wcagr.hunts import HuntState, StoredHunt
from storage.wcagr.settings import WcagrSettings

OUTCOMES = ("success", "failure")
_HUNT_ROLL = re.compile(r"^(?P<stage>\w+) .* \(hunt (?P<hunt>\d+)\) DC \d+$")


def _physical(summary: str) -> bool:
    """Whether the logged check ("Pounce check DC 12", "Sneak (Strength) check") sprains on a
    critical failure (RULINGS: any Strength check and the physical skills)."""
    label = summary.split(" check", 1)[0]
    words = set(label.replace("(", " ").replace(")", " ").split())
    return Ability.STRENGTH.label in words or any(s.label in words for s in PHYSICAL_SKILLS)


def _ruled(outcome: str, what: str) -> str:
    ruled = outcome.strip().lower()
    if ruled not in OUTCOMES:
        raise PawpostError(f"A WCAGR {what} is ruled a success or a failure.")
    return ruled


def _critical_failure(entry: AuditEntry) -> bool:
    logged = entry.outcome or ""  # "critical-failure", or "failure (critical failure)"
    return Critical.FAILURE.value in logged or Critical.FAILURE.label in logged


def _sprain_back(tx: Transaction, guild: Guild, entry: AuditEntry) -> list[str]:
    """A critical failure that sprained, ruled a success: the sprain is taken back."""
    cat = (
        None
        if entry.character_id is None
        else tx.characters.by_id(guild.guild_id, entry.character_id)
    )
    if cat is None or not isinstance(cat.sheet, WcagrSheet) or not cat.sheet.sprained:
        return []
    cat.sheet = without_sprain(cat.sheet)
    tx.characters.save_sheet(cat)
    return [f"{safe(cat.name)}'s sprain from that critical failure is taken back."]


def adjudicate(
    tx: Transaction, guild: Guild, original: AuditEntry, outcome: str, now: datetime
) -> tuple[str, list[str]] | None:
    if original.action == "check":
        ruled = _ruled(outcome, "check")
        if ruled == "success" and _critical_failure(original) and _physical(original.summary):
            return ruled, _sprain_back(tx, guild, original)
        return ruled, []
    if original.action == "hunt":
        found = _HUNT_ROLL.match(original.summary)
        if found is not None:
            return _hunt_ruling(tx, guild, original, found, _ruled(outcome, "hunting stage"), now)
    return None


def _hunt_ruling(
    tx: Transaction,
    guild: Guild,
    original: AuditEntry,
    found: re.Match[str],
    ruled: str,
    now: datetime,
) -> tuple[str, list[str]]:
    stage = Stage(found["stage"].lower())
    hunt = wcagr(tx).hunts.get(guild.guild_id, int(found["hunt"]))
    lines: list[str] = []
    if ruled == "success" and _critical_failure(original):
        skill = stage_skill(stage, hunt.locate_skill) if hunt is not None else None
        if skill is not None and is_physical(skill.ability, skill):
            lines += _sprain_back(tx, guild, original)
    if hunt is None:
        return ruled, lines
    standing = tx.audit.latest_override(guild.guild_id, original.id) or original
    was_passed = (standing.outcome or "").startswith("success")
    if (ruled == "success") == was_passed:
        return ruled, lines
    if hunt.last_roll_id != original.id:
        lines.append(
            f"Hunt {hunt.id} has rolled since, so the ruling does not move it: correct the "
            "hunt with a new /hunt, and the sheet with /admin sheet set."
        )
        return ruled, lines
    wcagr(tx).hunts.lock(hunt)
    if ruled == "success":
        lines += _passed(tx, guild, hunt, stage)
    else:
        lines += _failed(tx, guild, hunt, stage)
    wcagr(tx).hunts.save(hunt, now)
    log_hunt_end(tx, hunt)
    return ruled, lines


def _passed(tx: Transaction, guild: Guild, hunt: StoredHunt, stage: Stage) -> list[str]:
    """The stage that failed is ruled passed: the hunt goes on from the next one."""
    if stage is Stage.KILL:
        hunt.state = HuntState.WEIGHING
        return [f"Hunt {hunt.id}: the kill stands; /hunt continue rolls the prey's weight."]
    hunt.stage = STAGES[STAGES.index(stage) + 1]
    hunt.tries = 0
    hunt.state = HuntState.GOING
    return [f"Hunt {hunt.id} moves on to {hunt.stage.label}: any cat of it may /hunt continue."]


def _failed(tx: Transaction, guild: Guild, hunt: StoredHunt, stage: Stage) -> list[str]:
    """The stage that passed is ruled failed: the hunt is back at it with that try spent (or
    the prey is lost), and a kill's uneaten prey leaves the pile."""
    lines = []
    if hunt.state in (HuntState.KILLED, HuntState.WEIGHING):
        for piece in wcagr(tx).hunts.of_piece_hunt(hunt.id):
            if piece.sixths_left == piece.sixths:
                wcagr(tx).hunts.remove_piece(piece.id)
                lines.append(f"The {hunt.prey.one} (piece {piece.id}) leaves the pile.")
            else:
                lines.append(
                    f"Piece {piece.id} was eaten from already; it stays on the pile as it is."
                )
    hunt.stage = stage
    hunt.tries = hunt.last_roll_try or 1
    allowed = WcagrSettings.of(guild.settings).tries_per_stage
    if hunt.tries >= allowed:
        hunt.state = HuntState.LOST
        lines.append(f"Hunt {hunt.id}: {stage.label} failed, and the {hunt.prey.one} is lost.")
    else:
        hunt.state = HuntState.GOING
        lines.append(
            f"Hunt {hunt.id} is back at {stage.label}: {hunt.tries} of {allowed} tries spent."
        )
    return lines
