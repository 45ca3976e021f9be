"""What a WCAGR cat's card shows: the three abilities as bars out of 10, HP, the Clan and rank,
and its states."""

from __future__ import annotations

from bot.actions.formatting import plural
from bot.actions.reply import Card, Meter
from bot.actions.wcagr.sheet import wcagr_sheet
from rules.wcagr import ABILITIES
from rules.wcagr.constants import ABILITY_MAX
from storage.models import Character
from storage.repositories import Transaction


def card(tx: Transaction, character: Character) -> Card:
    sheet = wcagr_sheet(character)
    states = []
    if sheet.retired:
        states.append("retired")
    if sheet.knocked_out:
        states.append("knocked out")
    if sheet.sprained:
        states.append("sprained")
    if sheet.illness is not None:
        states.append(f"ill ({sheet.illness.label})")
    return Card(
        name=character.name,
        group=sheet.clan.label,
        subtitle=plural(sheet.age_moons, "moon"),
        stats=[Meter(label=a.label, value=sheet.score(a), most=ABILITY_MAX) for a in ABILITIES],
        health=Meter(label="HP", value=sheet.hp, most=sheet.hp_max),
        conditions=states,
    )
