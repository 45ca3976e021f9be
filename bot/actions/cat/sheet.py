"""A Taking Risks cat's sheet as players want to read it."""

from __future__ import annotations

from bot.actions.cat.common import cat_sheet
from bot.actions.formatting import safe
from bot.actions.reply import ReplyField
from rules.cat.constants import BAUBLE_CURSE_RISKS, SCARS_PER_RANK
from rules.cat.sheet import TRAITS, CatSheet, Rank
from storage.models import Character
from storage.repositories import Transaction


def trait_lines(sheet: CatSheet) -> list[str]:
    """Each trait's rank, the dice it rolls, and its scars towards the next drop."""
    lines = []
    for trait in TRAITS:
        rank = sheet.rank(trait)
        if rank is Rank.CRIPPLED:
            lines.append(f"**{trait.label}** Crippled → no Risks")
            continue
        line = f"**{trait.label}** {rank.label} → {rank.dice} dice"
        scars = sheet.scars(trait)
        if scars:
            line += f" · {scars} of {SCARS_PER_RANK} scars"
        lines.append(line)
    return lines


def state_lines(sheet: CatSheet) -> list[str]:
    states = []
    if sheet.dead:
        states.append("dead")
    elif sheet.in_real_danger:
        states.append("in real danger: three Crippled traits (a fourth kills)")
    if sheet.wet_on_day is not None:
        states.append(f"drenched on game day {sheet.wet_on_day}: no magic until that day ends")
    if sheet.bauble_risks_taken is not None:
        states.append(
            f"under the Bauble Curse ({sheet.bauble_risks_taken} of {BAUBLE_CURSE_RISKS} "
            "Hard Tail Risks made)"
        )
    if sheet.advantage_granted:
        dice = "die" if sheet.advantage_granted == 1 else "dice"
        states.append(f"{sheet.advantage_granted} granted Advantage {dice} for its next Risk")
    return states


def sheet_fields(tx: Transaction, character: Character) -> list[ReplyField]:
    return cat_fields(cat_sheet(character))


def cat_fields(sheet: CatSheet) -> list[ReplyField]:
    """A cat's sheet as `/character show` shows it (also for one not made yet)."""
    reputations = ", ".join(f"{safe(name)} {rank}" for name, rank in sheet.reputations.items())
    return [
        ReplyField(name="Traits", value="\n".join(trait_lines(sheet))),
        ReplyField(name="Lives", value=str(sheet.lives), inline=True),
        ReplyField(
            name="Magic Points",
            value=f"{sheet.magic_points} / {sheet.max_magic_points}",
            inline=True,
        ),
        ReplyField(name="Style banked", value=str(sheet.style), inline=True),
        ReplyField(name="Reputations", value=reputations or "none"),
        ReplyField(name="States", value="; ".join(state_lines(sheet)) or "none"),
    ]
