"""A Germ cat's sheet as players want to read it."""

from __future__ import annotations

from bot.actions.formatting import plural, safe
from bot.actions.reply import ReplyField
from rules.germ.penalties import effective_conditions, largest_penalty
from rules.germ.sheet import STATS, Condition, GermSheet, specialized_at
from storage.germ import germ
from storage.models import Character
from storage.repositories import Transaction


def stat_lines(sheet: GermSheet, conditions: tuple[Condition, ...] | None = None) -> list[str]:
    """Each stat's points and the bonus it actually rolls with, naming the penalty's cause
    (`conditions`: the cat's effective ones, when the caller has them already)."""
    if conditions is None:
        conditions = effective_conditions(sheet)
    lines = []
    for stat in STATS:
        points = sheet.points(stat)
        penalty = largest_penalty(conditions, stat) if conditions else None
        if penalty is not None:
            rolls = f"{points + penalty.value:+d} ({penalty.reason} {penalty.value})"
        else:
            rolls = f"{points:+d}"
        specialized = " · specialized" if specialized_at(points) else ""
        lines.append(f"**{stat.label}** {points} → rolls {rolls}{specialized}")
    return lines


def sheet_fields(tx: Transaction, character: Character) -> list[ReplyField]:
    sheet = character.sheet
    assert isinstance(sheet, GermSheet)
    return cat_fields(tx, character.guild_id, sheet, character.id, character.mother_id)


def cat_fields(
    tx: Transaction, guild_id: int, sheet: GermSheet, cat_id: int | None, mother_id: int | None
) -> list[ReplyField]:
    """A cat's sheet as `/character show` shows it; `cat_id` None for one not made yet."""
    family = germ(tx).cats.family(guild_id, cat_id, mother_id)
    conditions = effective_conditions(sheet)
    hunger = "starving" if sheet.starving else "fed"
    return [
        ReplyField(name="Stats", value="\n".join(stat_lines(sheet, conditions))),
        ReplyField(
            name="Age",
            value=f"{plural(sheet.age_moons, 'moon')} ({sheet.life_stage.value})",
            inline=True,
        ),
        ReplyField(
            name="Conditions",
            value=", ".join(c.label for c in conditions) or "none",
            inline=True,
        ),
        ReplyField(name="Scars", value=str(sheet.scars), inline=True),
        ReplyField(
            name="Hunting",
            value=f"{hunger}; {plural(sheet.fail_streak, 'failed hunt')} in a row",
            inline=True,
        ),
        ReplyField(name="Mother", value=safe(family.mother) if family.mother else "—", inline=True),
        ReplyField(name="Kits", value=", ".join(map(safe, family.kits)) or "—", inline=True),
        ReplyField(
            name="Fully trusted by",
            value=", ".join(map(safe, family.trusted_by)) or "no one",
        ),
    ]
