"""Combatants' names autocompleted (issue 29 §3), from the running battles the member is in (a
player's characters fight in), else the server's (the MC's): the enemies a character may
attack, the creatures the MC may have act, anyone who may be aimed at, and the characters for
the turn order (a list: "Brunhild, Ilsa, …"). The core's autocomplete runs these read-only."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from bot.actions.context import Services
from rules.caverns.battle.rows import PARTY, BattleState, Combatant
from storage.caverns import caverns
from storage.repositories import Transaction

MOST_SUGGESTED = 25  # Discord shows at most 25 choices
MOST_BATTLES = 5  # a server's running battles an MC's autocomplete looks through


def suggest(typed: str, names: Iterable[str], *, listing: bool = False) -> list[tuple[str, str]]:
    """The names holding what was typed; with `listing`, what was typed is a list ("A, B, C")
    and the suggestion completes its last name, leaving out those already in it."""
    head, comma, last = typed.rpartition(",") if listing else ("", "", typed)
    chosen = [p.strip() for p in head.split(",") if p.strip()] if comma else []
    prefix = "".join(f"{name}, " for name in chosen)
    taken = {name.lower() for name in chosen}
    key = last.strip().lower()
    found = [n for n in dict.fromkeys(names) if key in n.lower() and n.lower() not in taken]
    return [(prefix + n, prefix + n) for n in found[:MOST_SUGGESTED]]


def _battles(tx: Transaction, guild_id: int, user_id: int) -> list[BattleState]:
    """The battles the member's characters fight in; else the server's running ones."""
    battles = caverns(tx).battles
    mine = {combat_id for _, combat_id in battles.fighting_for_player(guild_id, user_id)}
    found = [battles.get(guild_id, combat_id) for combat_id in sorted(mine)]
    states = [c.state for c in found if c is not None and c.status == "active"]
    return states or [c.state for c in battles.active(guild_id, MOST_BATTLES)]


def _names(
    tx: Transaction, guild_id: int, user_id: int, keep: Callable[[Combatant], bool]
) -> list[str]:
    return [
        c.name
        for state in _battles(tx, guild_id, user_id)
        for c in state.combatants
        if c.present and not c.special.hidden and keep(c)
    ]


def enemy_names(
    services: Services, tx: Transaction, guild_id: int, user_id: int, current: str,
    typed: Mapping[str, Any],
) -> Sequence[tuple[str, str]]:  # fmt: skip
    """The party's enemies still fighting (/battle attack target, /battle area)."""
    names = _names(tx, guild_id, user_id, lambda c: c.side != PARTY)
    return suggest(current, names, listing=True)


def creature_names(
    services: Services, tx: Transaction, guild_id: int, user_id: int, current: str,
    typed: Mapping[str, Any],
) -> Sequence[tuple[str, str]]:  # fmt: skip
    """The creatures still fighting (/enemy act enemy)."""
    return suggest(current, _names(tx, guild_id, user_id, lambda c: c.is_npc))


def anyone_names(
    services: Services, tx: Transaction, guild_id: int, user_id: int, current: str,
    typed: Mapping[str, Any],
) -> Sequence[tuple[str, str]]:  # fmt: skip
    """Anyone still fighting (/enemy act target, /battle wake, breathe, hug)."""
    return suggest(current, _names(tx, guild_id, user_id, lambda c: True), listing=True)


def character_names(
    services: Services, tx: Transaction, guild_id: int, user_id: int, current: str,
    typed: Mapping[str, Any],
) -> Sequence[tuple[str, str]]:  # fmt: skip
    """The characters in the battle, for its turn order (/battle order characters)."""
    names = _names(tx, guild_id, user_id, lambda c: c.side == PARTY)
    return suggest(current, names, listing=True)
