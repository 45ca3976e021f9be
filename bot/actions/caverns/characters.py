"""Making a Caverns adventurer: `/character create` in one line, and the one validation the
builder's Create shares with it."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from bot.actions import audit
from bot.actions.caverns import parse
from bot.actions.caverns.common import catalogue, items, party_of, require_caverns
from bot.actions.caverns.moon import moon_lines
from bot.actions.characters import name_taken
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.lookup import clean_name
from bot.actions.reply import Reply
from rules.caverns.attributes import parse_attributes, parse_element
from rules.caverns.choices import NewCharacter
from rules.caverns.classes import parse_class
from rules.caverns.races import parse_race
from rules.caverns.sheet import CavernsSheet, roll_new_sheet
from rules.caverns.skillsets import parse_skillset
from rules.caverns.wording import a_or_an
from rules.dice import DiceSource
from rules.rolls import Roll
from storage.models import NewCharacter as StoredNew
from storage.repositories import NameTaken, Transaction
from storage.settings import Guild


def new_character(
    *,
    race: str,
    character_class: str,
    attributes: str,
    extra: str,
    advanced: str,
    secondary: str | None = None,
    tertiary: str | None = None,
    weapons: str | None = None,
    equipment: str | None = None,
    implement: str | None = None,
    sick_beat: str | None = None,
    patron_totem: str | None = None,
    race_item: str | None = None,
) -> NewCharacter:
    """The player's choices as typed, read into the rules' choices. `race_item` is a
    Kephera's Monk weapon or an Illithoid's free poison."""
    chosen_race = parse_race(race)
    secondary_text, tertiary_text = parse.optional(secondary), parse.optional(tertiary)
    item = parse.optional(race_item)
    return NewCharacter(
        race=chosen_race,
        character_class=parse_class(character_class),
        attributes=parse_attributes(attributes),
        extra=parse_element(extra),
        secondary=None if secondary_text is None else parse_skillset(secondary_text),
        tertiary=None if tertiary_text is None else parse_skillset(tertiary_text),
        advanced=advanced.strip(),
        weapons=None if weapons is None else tuple(items(weapons)),
        equipment=None if equipment is None else tuple(items(equipment)),
        implement=parse.implement(implement),
        sick_beat=parse.conditions(sick_beat),
        patron_totem=parse.totem(patron_totem),
        race_weapon=item if chosen_race.value == "kephera" else None,
        free_poison=item if chosen_race.value == "illithoid" else None,
    )


def new_sheet(
    tx: Transaction, guild: Guild, new: NewCharacter, dice: DiceSource | None
) -> tuple[CavernsSheet, tuple[Roll, ...]]:
    """The new adventurer's sheet, checked against the rules and the server's catalogue, and
    the Moon Patron Totem's dice (none rolled without `dice`: a preview)."""
    return roll_new_sheet(new, dice, catalogue=catalogue(tx, guild))


def add_character(
    tx: Transaction,
    actor: Actor,
    guild: Guild,
    name: str,
    sheet: CavernsSheet,
    now: datetime,
    rolls: Sequence[Roll] = (),
) -> Reply:
    """Store a checked new adventurer in the channel's party, log it and say so, with the
    Moon bond's dice when it rolled them."""
    new = StoredNew(
        guild_id=actor.guild_id,
        owner_id=actor.user_id,
        name=name,
        ruleset=guild.ruleset,
        sheet=sheet,
    )
    try:
        character = tx.characters.add(new, now)
    except NameTaken as taken:
        raise name_taken(taken) from None
    party_of(tx, guild, character, actor, now)
    what = f"{sheet.race_row.name} {sheet.character_class.label}"
    tx.audit.add(
        audit.entry(
            actor, "character", f"created {name}, {what}", now, character=character, rolls=rolls
        )
    )
    return Reply(
        title=f"{safe(name)} joins the party",
        lines=[
            f"{a_or_an(what, capital=True)}, level {sheet.level}, owned by <@{actor.user_id}>: "
            f"Health {sheet.health}, Vitae {sheet.vitae}, Harmony +{sheet.harmony}, "
            f"{sheet.gold} gold. See the sheet with /character show.",
            *moon_lines(rolls, sheet.moon),
        ],
    )


@runs_in_database
def create(
    services: Services,
    actor: Actor,
    name: str,
    race: str,
    character_class: str,
    attributes: str,
    extra: str,
    advanced: str,
    secondary: str | None = None,
    tertiary: str | None = None,
    weapons: str | None = None,
    equipment: str | None = None,
    implement: str | None = None,
    sick_beat: str | None = None,
    patron_totem: str | None = None,
    race_item: str | None = None,
) -> Reply:
    name = clean_name(name)
    new = new_character(
        race=race,
        character_class=character_class,
        attributes=attributes,
        extra=extra,
        advanced=advanced,
        secondary=secondary,
        tertiary=tertiary,
        weapons=weapons,
        equipment=equipment,
        implement=implement,
        sick_beat=sick_beat,
        patron_totem=patron_totem,
        race_item=race_item,
    )
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_caverns(guild)
        sheet, rolls = new_sheet(tx, guild, new, services.dice)
        return add_character(tx, actor, guild, name, sheet, now, rolls)
