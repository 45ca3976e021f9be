"""Autocomplete for the toolkit: a character's settable fields, a logged roll's outcomes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.actions.context import Services
from bot.actions.gm.sheet import all_fields
from bot.actions.gm.state import tools_of
from storage.repositories import Transaction


def _matching(current: str, names: Sequence[str]) -> list[tuple[str, str]]:
    typed = current.casefold()
    return [(name, name) for name in names if typed in name.casefold()]


def fields(
    services: Services,
    tx: Transaction,
    guild_id: int,
    user_id: int,
    current: str,
    typed: Mapping[str, Any],
) -> Sequence[tuple[str, str]]:
    """The fields of the character typed so far, as its sheet names them."""
    name = typed.get("character")
    if not name:
        return []
    character = tx.characters.by_name(guild_id, str(name))
    if character is None:
        return []
    guild = tx.guilds.get(guild_id)
    listed = all_fields(tx, guild, tools_of(services, guild), character)
    return [
        (f"{field.name}: {field.value or '—'}"[:100], field.name)
        for field in listed
        if current.casefold() in field.name.casefold()
    ]


def own_fields(
    services: Services,
    tx: Transaction,
    guild_id: int,
    user_id: int,
    current: str,
    typed: Mapping[str, Any],
) -> Sequence[tuple[str, str]]:
    """A player's edit request: the fields of the character typed (theirs), else of their
    active or only one."""
    name = typed.get("character")
    if name:
        character = tx.characters.by_name(guild_id, str(name))
        if character is None or character.owner_id != user_id:
            return []
    else:
        active, own = tx.characters.default_for(guild_id, user_id)
        character = active or (own[0] if len(own) == 1 else None)
        if character is None:
            return []
    guild = tx.guilds.get(guild_id)
    ruleset = services.ruleset(guild.ruleset)
    if ruleset is None or ruleset.gm is None:
        return []
    listed = all_fields(tx, guild, ruleset.gm, character)
    return [
        (f"{field.name}: {field.value or '—'}"[:100], field.name)
        for field in listed
        if current.casefold() in field.name.casefold()
    ]


def outcomes(
    services: Services,
    tx: Transaction,
    guild_id: int,
    user_id: int,
    current: str,
    typed: Mapping[str, Any],
) -> Sequence[tuple[str, str]]:
    """The outcomes the typed roll can be given (none: any text)."""
    roll = typed.get("roll")
    if not isinstance(roll, int):
        return []
    entry = tx.audit.get(guild_id, roll)
    ruleset = services.ruleset(tx.guilds.get(guild_id).ruleset)
    if entry is None or ruleset is None or ruleset.gm is None or ruleset.gm.outcomes is None:
        return []
    return _matching(current, ruleset.gm.outcomes(entry))
