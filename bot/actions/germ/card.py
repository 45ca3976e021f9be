"""What a Germ cat's card shows: the six stats as bars out of 8, age, conditions and scars."""

from __future__ import annotations

from bot.actions.formatting import plural
from bot.actions.reply import Card, Meter
from rules.germ.constants import MAX_POINTS_IN_STAT
from rules.germ.penalties import effective_conditions
from rules.germ.sheet import STATS, GermSheet
from storage.models import Character
from storage.repositories import Transaction


def card(tx: Transaction, character: Character) -> Card:
    sheet = character.sheet
    assert isinstance(sheet, GermSheet)
    return Card(
        name=character.name,
        subtitle=f"{plural(sheet.age_moons, 'moon')} ({sheet.life_stage.value})",
        stats=[
            Meter(label=stat.label, value=sheet.points(stat), most=MAX_POINTS_IN_STAT)
            for stat in STATS
        ],
        conditions=[condition.label for condition in effective_conditions(sheet)],
        scars=str(sheet.scars),
    )
