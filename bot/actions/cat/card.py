"""What a Taking Risks cat's card shows: each trait's dice as pips, its Reputations and Style,
the Lives and Magic Points, states, the scars it carries and those it still owes."""

from __future__ import annotations

from bot.actions.cat.common import cat_sheet, day_label
from bot.actions.cat.sheet import state_lines
from bot.actions.reply import Card, Meter
from rules.cat.constants import LEGENDARY_DICE, LIVES
from rules.cat.sheet import TRAITS
from storage.cat import cat
from storage.models import Character
from storage.repositories import Transaction


def card(tx: Transaction, character: Character) -> Card:
    sheet = cat_sheet(character)
    scars = [f"{trait.label} {sheet.scars(trait)}" for trait in TRAITS if sheet.scars(trait)]
    owed = sum(wound.left for wound in cat(tx).wounds.open_of(character.guild_id, character.id))
    if owed:
        scars.append(f"{owed} owed, to place")
    if sheet.heals_due:
        scars.append(f"{sheet.heals_due} due to heal")
    reputations = ", ".join(f"{name} {rank}" for name, rank in sheet.reputations.items())
    return Card(
        name=character.name,
        group=reputations or None,  # what the cat is known for, beside its Style
        subtitle=f"{sheet.style} Style banked",
        stats=[
            Meter(
                label=f"{trait.label} ({sheet.rank(trait).label})",
                value=sheet.rank(trait).dice,
                most=LEGENDARY_DICE,
                pips=True,
            )
            for trait in TRAITS
        ],
        health=Meter(label="Lives", value=sheet.lives, most=LIVES),
        reserve=Meter(label="Magic Points", value=sheet.magic_points, most=sheet.max_magic_points),
        conditions=state_lines(sheet, day_label(tx, character.guild_id)),
        scars=", ".join(scars) or "none",
    )
