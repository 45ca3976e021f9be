"""A Taking Risks cat's sheet as players want to read it, with what it still has to do: scars
owed and scars due to heal."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.actions.cat.common import cat_sheet, day_label
from bot.actions.cat.owed import owed_lines
from bot.actions.formatting import safe
from bot.actions.reply import ReplyField
from rules.cat.constants import BAUBLE_CURSE_RISKS, SCARS_PER_RANK
from rules.cat.reputation import times_at_risk
from rules.cat.sheet import TRAITS, CatSheet, Rank
from storage.models import Character
from storage.repositories import Transaction

DayLabel = Callable[[int], str]


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


def _points(count: int) -> str:
    return "a point" if count == 1 else f"{count} points"


def state_lines(sheet: CatSheet, day: DayLabel | None = None) -> list[str]:
    """What holds the cat now; `day` names a game day as `/time` does ("Day 2"). A drenching
    is cleared when its game day ends (bot/actions/cat/days.py)."""
    states = []
    if sheet.dead:
        states.append("dead")
    elif sheet.in_real_danger:
        states.append("in real danger: three Crippled traits (a fourth kills)")
    if sheet.wet_on_day is not None:
        until = "the game day" if day is None else day(sheet.wet_on_day)
        states.append(f"drenched: no magic until {until} ends")
    if sheet.bauble_risks_taken is not None:
        states.append(
            f"under the Bauble Curse ({sheet.bauble_risks_taken} of {BAUBLE_CURSE_RISKS} "
            "Hard Tail Risks made)"
        )
    if sheet.advantage_granted:
        dice = "die" if sheet.advantage_granted == 1 else "dice"
        states.append(f"{sheet.advantage_granted} granted Advantage {dice} for its next Risk")
    if sheet.frenzy_ready:
        states.append(
            f"in a Fighting Frenzy: {sheet.frenzy_ready} actions a round in its next fight today"
        )
    if sheet.style_ready:
        states.append(f"{sheet.style_ready} Style readied for its next fight roll")
    for name in sheet.reputations_at_risk:
        states.append(
            f"acted against {safe(name)}: {_points(times_at_risk(sheet, name))} "
            "go at the game day's end unless set right"
        )
    return states


def sheet_fields(tx: Transaction, character: Character) -> list[ReplyField]:
    guild = tx.guilds.get(character.guild_id)
    owed = owed_lines(tx, guild, character)
    return cat_fields(cat_sheet(character), owed=owed, day=day_label(tx, character.guild_id))


def cat_fields(
    sheet: CatSheet, *, owed: Sequence[str] = (), day: DayLabel | None = None
) -> list[ReplyField]:
    """A cat's sheet as `/character show` shows it (also for one not made yet): `owed` says
    what scars it still has to place."""
    reputations = ", ".join(f"{safe(name)} {rank}" for name, rank in sheet.reputations.items())
    fields = [
        ReplyField(name="Traits", value="\n".join(trait_lines(sheet))),
        ReplyField(name="Lives", value=str(sheet.lives), inline=True),
        ReplyField(
            name="Magic Points",
            value=f"{sheet.magic_points} / {sheet.max_magic_points}",
            inline=True,
        ),
        ReplyField(name="Style banked", value=str(sheet.style), inline=True),
        ReplyField(name="Reputations", value=reputations or "none"),
        ReplyField(name="States", value="; ".join(state_lines(sheet, day)) or "none"),
    ]
    if owed:
        fields.append(ReplyField(name="Scars owed", value="\n".join(owed)))
    if sheet.heals_due:
        scars = "scar heals" if sheet.heals_due == 1 else "scars heal"
        fields.append(
            ReplyField(
                name="Healing",
                value=f"{sheet.heals_due} {scars} when its player picks where: /heal trait",
            )
        )
    return fields
