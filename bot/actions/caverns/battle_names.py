"""Combatants' names autocompleted (issue 29 §3): the channel's battle, read without a lock,
gives the enemies a character may attack, the creatures the MC may have act, anyone who may
be aimed at, and the characters for the turn order (a list: "Brunhild, Ilsa, …")."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from bot.actions.context import Actor, Services, runs_in_database
from rules.caverns.battle import PARTY, BattleState, Combatant
from storage.caverns import caverns

MOST_SUGGESTED = 25  # Discord shows at most 25 choices


def suggest(typed: str, names: Iterable[str], *, listing: bool = False) -> list[tuple[str, str]]:
    """The names holding what was typed; with `listing`, what was typed is a list ("A, B, C")
    and the suggestion completes its last name, leaving out those already in it."""
    head, comma, last = typed.rpartition(",") if listing else ("", "", typed)
    chosen = [p.strip() for p in head.split(",") if p.strip()] if comma else []
    prefix = "".join(f"{name}, " for name in chosen)
    taken = {name.lower() for name in chosen}
    key = last.strip().lower()
    found = [n for n in names if key in n.lower() and n.lower() not in taken]
    return [(prefix + n, prefix + n) for n in found[:MOST_SUGGESTED]]


def _battle(services: Services, actor: Actor) -> BattleState | None:
    with services.db.transaction(write=False) as tx:
        found = caverns(tx).battles.active_in_channel(actor.guild_id, actor.channel_id, 1)
    return found[0].state if found else None


def _names(services: Services, actor: Actor, keep: Callable[[Combatant], bool]) -> list[str]:
    state = _battle(services, actor)
    if state is None:
        return []
    return [c.name for c in state.combatants if c.present and not c.special.hidden and keep(c)]


@runs_in_database
def enemy_names(services: Services, actor: Actor, typed: str) -> list[tuple[str, str]]:
    """The party's enemies still fighting (/battle attack target, /battle area)."""
    return suggest(typed, _names(services, actor, lambda c: c.side != PARTY), listing=True)


@runs_in_database
def creature_names(services: Services, actor: Actor, typed: str) -> list[tuple[str, str]]:
    """The creatures still fighting (/enemy act enemy)."""
    return suggest(typed, _names(services, actor, lambda c: c.is_npc))


@runs_in_database
def anyone_names(services: Services, actor: Actor, typed: str) -> list[tuple[str, str]]:
    """Anyone still fighting (/enemy act target, /battle wake, breathe, hug)."""
    return suggest(typed, _names(services, actor, lambda c: True), listing=True)


@runs_in_database
def character_names(services: Services, actor: Actor, typed: str) -> list[tuple[str, str]]:
    """The characters in the battle, for its turn order (/battle order characters)."""
    return suggest(typed, _names(services, actor, lambda c: c.side == PARTY), listing=True)
