"""What a Caverns adventurer's card shows: the five elements and Harmony as bars within -3..+3,
Health and Vitae now/maximum, race, class and level, the party (its name, or its size when it
is a channel's) and the conditions."""

from __future__ import annotations

from bot.actions.caverns.common import caverns_sheet
from bot.actions.reply import Card, Meter
from rules.caverns.attributes import ELEMENTS, Attribute
from rules.caverns.constants import ATTRIBUTE_MAX, ATTRIBUTE_MIN
from storage.caverns import caverns
from storage.models import Character
from storage.repositories import Transaction


def card(tx: Transaction, character: Character) -> Card:
    sheet = caverns_sheet(character)
    parties = caverns(tx).parties
    membership = parties.membership(character.id)
    party = None if membership is None else parties.get(character.guild_id, membership[0])
    group = None
    if party is not None:
        members = tx.characters.by_ids(
            character.guild_id, parties.member_ids(party.guild_id, party.id)
        )
        group = party.name if party.channel_id is None else f"Party of {len(members)}"
    states = [active.condition.label for active in sheet.conditions]
    if sheet.drunk:
        states.append("drunk")
    if sheet.retired:
        states.append("retired")
    return Card(
        name=character.name,
        group=group,
        subtitle=f"{sheet.race.label} {sheet.character_class.label}, level {sheet.level}",
        stats=[
            Meter(
                label=attribute.label,
                value=sheet.attribute(attribute),
                least=ATTRIBUTE_MIN,
                most=ATTRIBUTE_MAX,
            )
            for attribute in (*ELEMENTS, Attribute.HARMONY)
        ],
        health=Meter(label="Health", value=sheet.health, most=sheet.max_health),
        reserve=Meter(label="Vitae", value=sheet.vitae, most=sheet.max_vitae),
        conditions=states,
    )
