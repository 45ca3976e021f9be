"""A WCAGR cat's sheet as players want to read it."""

from __future__ import annotations

from collections.abc import Sequence

from bot.actions.formatting import plural, safe
from bot.actions.reply import ReplyField
from rules.errors import PawpostError
from rules.wcagr import ABILITIES, KNACKS, WcagrSheet, rank_info
from rules.wcagr.constants import SPRAIN_REST_SUNRISES
from storage.models import Character
from storage.repositories import Transaction

# What a sprain stops and for how long (l.463-464), as every sprain line says it.
SPRAIN_REST = f"no hunting or fighting for {SPRAIN_REST_SUNRISES} sunrises of rest"


def wcagr_sheet(character: Character) -> WcagrSheet:
    """The character's WCAGR sheet, or one sentence when it belongs to another ruleset."""
    if not isinstance(character.sheet, WcagrSheet):
        raise PawpostError(f"{safe(character.name)} is not a WCAGR character.")
    return character.sheet


def ability_lines(sheet: WcagrSheet) -> list[str]:
    """Each ability's score and its pool: "**Strength** 4 · points 3 left of 4"."""
    return [
        f"**{a.label}** {sheet.score(a)} · points {sheet.points_left(a)} left of {sheet.score(a)}"
        for a in ABILITIES
    ]


def _rank(sheet: WcagrSheet) -> str:
    if sheet.rank is None:
        return "—"
    label = rank_info(sheet.clan, sheet.rank).label
    return (
        label
        if sheet.lives is None
        else f"{label} ({sheet.lives} {'life' if sheet.lives == 1 else 'lives'})"
    )


def _states(sheet: WcagrSheet) -> str:
    states = []
    if sheet.dead:
        states.append("dead")
    if sheet.retired:
        states.append("retired (an elder out of play)")
    if sheet.knocked_out:
        states.append("knocked out")
    if sheet.sprained:
        left = sheet.sprain_sunrises_left
        states.append(f"sprained ({left} sunrise{'' if left == 1 else 's'} of rest left)")
    if sheet.illness is not None:
        states.append(f"ill ({sheet.illness.label})")
    return ", ".join(states) or "well"


def sheet_lines(sheet: WcagrSheet) -> list[ReplyField]:
    """The sheet's fields, for `/character show` and the builder's preview."""
    skills = [
        f"{skill.label} {level} ({skill.ability.label})" for skill, level in sheet.skills.items()
    ]
    knacks = [
        knack.label + (f" ×{picks}" if picks > 1 else "") + f" ({KNACKS[knack].pool.label})"
        for knack, picks in sheet.knacks.items()
    ]
    fields = [
        ReplyField(name="Abilities", value="\n".join(ability_lines(sheet))),
        ReplyField(name="Skills", value=", ".join(skills) or "none"),
        ReplyField(name="Knacks", value=", ".join(knacks) or "none yet"),
        ReplyField(name="Clan", value=sheet.clan.label, inline=True),
        ReplyField(name="Rank", value=_rank(sheet), inline=True),
        ReplyField(name="Age", value=plural(sheet.age_moons, "moon"), inline=True),
        ReplyField(
            name="HP",
            value=f"{sheet.hp} of {sheet.hp_max} ({sheet.hp_lost} lost)",
            inline=True,
        ),
        ReplyField(name="States", value=_states(sheet), inline=True),
    ]
    if sheet.pending:
        waiting = ", ".join(f"{p.gain.label} ({p.source})" for p in sheet.pending)
        fields.append(ReplyField(name="Gains waiting for a choice", value=waiting))
    return fields


IDS_PER_READ = 1000


def cats_by_id(tx: Transaction, guild_id: int, ids: Sequence[int]) -> list[Character]:
    """The live characters of the server with these ids, in id order (read a chunk at a time:
    a big server's moon or sunrise can name more ids than one statement may hold)."""
    found: dict[int, Character] = {}
    for start in range(0, len(ids), IDS_PER_READ):
        found |= tx.characters.by_ids(guild_id, ids[start : start + IDS_PER_READ])
    return [found[i] for i in sorted(found)]


def sheet_fields(tx: Transaction, character: Character) -> list[ReplyField]:
    """`/character show`: the sheet, and the retired cat it descends from, if any."""
    fields = sheet_lines(wcagr_sheet(character))
    if character.mother_id is not None:
        parent = tx.characters.by_id(character.guild_id, character.mother_id)
        if parent is not None:
            fields.append(ReplyField(name="Parent", value=safe(parent.name), inline=True))
    return fields
