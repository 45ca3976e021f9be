"""`/admin sheet show` and `/admin sheet set`: every settable field of a character's sheet,
named as the sheet shows it, set through the ruleset's own validation."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime

from bot.actions.admin import required_reason
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.gm import life
from bot.actions.gm.state import admin_tools, record, reloaded, snapshot, undo_hint
from bot.actions.lookup import named
from bot.actions.reply import Reply, ReplyField
from bot.gm import GmTools, SheetField
from rules.dice import DiceSource
from rules.errors import PawpostError
from rules.life import Life
from storage.models import Character
from storage.repositories import Transaction
from storage.settings import Guild

STATE = "State"  # the core's own field, in every ruleset: the character's life
MOST_SHOWN_FIELDS = 25  # an embed's fields


def state_field(character: Character) -> SheetField:
    return SheetField(STATE, character.life.value, " | ".join(life.value for life in Life))


def all_fields(
    tx: Transaction, guild: Guild, tools: GmTools, character: Character
) -> list[SheetField]:
    """The ruleset's fields after the core's State (unless the ruleset keeps State itself, as
    a sheet that records retirement does)."""
    own = list(tools.fields(tx, guild, character))
    if any(field.name == STATE for field in own):
        return own
    return [state_field(character), *own]


def field_named(fields: Sequence[SheetField], wanted: str, character: Character) -> SheetField:
    key = " ".join(wanted.split()).casefold()
    for field in fields:
        if field.name.casefold() == key:
            return field
    names = ", ".join(field.name for field in fields)
    raise PawpostError(
        f"{safe(character.name)}'s sheet has no field {safe(wanted)}; it has {names}."
    )


def _after(fields: Sequence[SheetField], chosen: SheetField) -> SheetField:
    """The field as the change left it; one the change took away (a Reputation set to 0)
    reads as empty."""
    key = chosen.name.casefold()
    return next(
        (field for field in fields if field.name.casefold() == key),
        replace(chosen, value=""),
    )


@runs_in_database
def show(services: Services, actor: Actor, character: str) -> Reply:
    """Every settable field with its current value."""
    with services.db.transaction() as tx:
        guild, tools = admin_tools(services, actor, tx)
        found = named(tx, actor.guild_id, character)
        fields = all_fields(tx, guild, tools, found)
    shown = [
        ReplyField(
            name=field.name, value=f"{safe(field.value) or '—'}\n-# {field.takes}", inline=True
        )
        for field in fields[:MOST_SHOWN_FIELDS]
    ]
    lines = ["Set one with `/admin sheet set character field value reason`."]
    if len(fields) > MOST_SHOWN_FIELDS:
        rest = ", ".join(field.name for field in fields[MOST_SHOWN_FIELDS:])
        lines.append(f"Also settable: {rest}.")
    return Reply(
        title=f"{safe(found.name)}: settable fields", lines=lines, fields=shown, ephemeral=True
    )


@runs_in_database
def set_field(
    services: Services, actor: Actor, character: str, field: str, value: str, reason: str
) -> Reply:
    """Set one field, validated as creation validates it; undoable with `/admin undo`."""
    reason = required_reason(reason)
    now = services.clock()
    with services.db.transaction() as tx:
        guild, tools = admin_tools(services, actor, tx)
        found = named(tx, actor.guild_id, character)
        return change(tx, actor, guild, tools, found, field, value, reason, services.dice, now)


def change(
    tx: Transaction,
    actor: Actor,
    guild: Guild,
    tools: GmTools,
    found: Character,
    field: str,
    value: str,
    reason: str,
    dice: DiceSource,
    now: datetime,
) -> Reply:
    """One field set as `/admin sheet set` sets it (an approved edit request too): the admin
    change recorded, its answer with the field before and after."""
    value = " ".join(value.split())
    if not value:
        raise PawpostError("Give the field a value.")
    tx.characters.lock(found)
    chosen = field_named(all_fields(tx, guild, tools, found), field, found)
    before = snapshot(tx, tools, found)
    if chosen.name == STATE and chosen == state_field(found):
        lines = set_state(tx, actor, guild, tools, found, value, dice, now)
    else:
        lines = tools.set_field(tx, guild, found, chosen.name, value, now)
    after = _after(all_fields(tx, guild, tools, reloaded(tx, found)), chosen)
    if after.value == chosen.value and not lines:
        raise PawpostError(f"{safe(found.name)}'s {chosen.name} is already {safe(chosen.value)}.")
    entry_id = record(
        tx,
        actor,
        tools,
        found,
        before,
        now,
        action="sheet-set",
        summary=f"{chosen.name}: {chosen.value or '—'} → {after.value or '—'}",
        reason=reason,
    )
    return Reply(
        title=f"{safe(found.name)}'s sheet corrected",
        lines=[
            f"**{chosen.name}**: {safe(chosen.value) or '—'} → {safe(after.value) or '—'}",
            *lines,
            f"Reason: {safe(reason)}",
        ],
        footer=undo_hint(entry_id),
    )


def set_state(
    tx: Transaction,
    actor: Actor,
    guild: Guild,
    tools: GmTools,
    character: Character,
    value: str,
    dice: DiceSource,
    now: datetime,
) -> list[str]:
    """The State field: dead goes through the ruleset's death, active from dead through its
    revival, retired and away are the core's alone."""
    try:
        wanted = Life(value.casefold())
    except ValueError:
        raise PawpostError(
            f"State is one of {', '.join(life.value for life in Life)}; you gave {safe(value)}."
        ) from None
    if wanted is Life.DEAD:
        return life.die(tx, actor, guild, tools, character, dice, now)
    if character.life is Life.DEAD:
        lines = life.come_back(tx, guild, tools, character, dice, now)
        if wanted is not Life.ACTIVE:
            tx.characters.set_life(reloaded(tx, character), wanted)
        return lines
    tx.characters.set_life(character, wanted)
    return []
