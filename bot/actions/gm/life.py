"""`/admin damage`, `/admin heal`, `/admin kill`, `/admin revive`: each ruleset's meaning, the
core's life state kept in step, and a death that takes the character out of its scenes."""

from __future__ import annotations

from datetime import datetime

from bot.actions.admin import required_reason
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.gm.state import (
    admin_tools,
    record,
    reloaded,
    ruleset_of,
    snapshot,
    undo_hint,
)
from bot.actions.lookup import named
from bot.actions.reply import Reply
from bot.gm import GmTools, Harm
from rules.dice import DiceSource
from rules.errors import PawpostError
from rules.life import Life
from storage.models import Character
from storage.repositories import Transaction
from storage.settings import Guild


def die(
    tx: Transaction,
    actor: Actor,
    guild: Guild,
    tools: GmTools,
    character: Character,
    dice: DiceSource,
    now: datetime,
) -> list[str]:
    """Kill a character as its ruleset does (or only mark it dead), then leave its scenes."""
    if character.life is Life.DEAD:
        raise PawpostError(f"{safe(character.name)} is already dead.")
    lines = [] if tools.kill is None else tools.kill(tx, guild, character, dice, now)
    found = reloaded(tx, character)
    if found.life is not Life.DEAD:
        tx.characters.set_life(found, Life.DEAD)
    return [*lines, *left_scenes(tx, actor, guild, tools, found, now)]


def come_back(
    tx: Transaction,
    guild: Guild,
    tools: GmTools,
    character: Character,
    dice: DiceSource,
    now: datetime,
) -> list[str]:
    """Revive a dead character as its ruleset does (or only mark it active)."""
    if character.life is not Life.DEAD:
        raise PawpostError(f"{safe(character.name)} is not dead.")
    lines = [] if tools.revive is None else tools.revive(tx, guild, character, dice, now)
    found = reloaded(tx, character)
    if found.life is Life.DEAD:
        tx.characters.set_life(found, Life.ACTIVE)
    return lines


def left_scenes(
    tx: Transaction,
    actor: Actor,
    guild: Guild,
    tools: GmTools,
    character: Character,
    now: datetime,
) -> list[str]:
    """What a death does to the scenes the character is in: its ruleset's fights, and the
    contests it waits in, called off."""
    lines = (
        [] if tools.leave_scenes is None else tools.leave_scenes(tx, actor, guild, character, now)
    )
    name = safe(character.name)
    for contest in tx.contests.waiting_with(guild.guild_id, character.id):
        if tx.contests.call_off(contest.id, f"called off: {character.name} died", now):
            lines.append(f"Contest #{contest.id} is called off with {name}'s death.")
    return lines


def _harm(
    services: Services,
    actor: Actor,
    character: str,
    amount: int,
    reason: str,
    kind: str | None,
    *,
    healing: bool,
) -> Reply:
    reason = required_reason(reason)
    verb = "heal" if healing else "damage"
    if amount < 1:
        raise PawpostError(f"The amount to {verb} must be at least 1.")
    now = services.clock()
    with services.db.transaction() as tx:
        guild, tools = admin_tools(services, actor, tx)
        apply: Harm | None = tools.heal if healing else tools.damage
        if apply is None:
            raise PawpostError(
                f"{ruleset_of(services, guild).name} has nothing to {verb}: "
                "correct the sheet with /admin sheet set instead."
            )
        if kind is not None and kind.casefold() not in tools.damage_kinds:
            kinds = ", ".join(tools.damage_kinds) or "none in this ruleset"
            raise PawpostError(f"The kind of damage is one of: {kinds}.")
        found = named(tx, actor.guild_id, character)
        if found.life is Life.DEAD:
            raise PawpostError(f"{safe(found.name)} is dead; /admin revive comes first.")
        tx.characters.lock(found)
        before = snapshot(tx, tools, found)
        lines = apply(tx, guild, found, amount, kind and kind.casefold(), services.dice, now)
        after = reloaded(tx, found)
        if after.life is Life.DEAD:
            lines += left_scenes(tx, actor, guild, tools, after, now)
        entry_id = record(
            tx,
            actor,
            tools,
            found,
            before,
            now,
            action=verb,
            summary=f"{verb} {amount}",
            reason=reason,
        )
    return Reply(
        title=f"{safe(found.name)}: {verb} {amount}",
        lines=[*lines, f"Reason: {safe(reason)}"],
        footer=undo_hint(entry_id),
    )


@runs_in_database
def damage(
    services: Services,
    actor: Actor,
    character: str,
    amount: int,
    reason: str,
    kind: str | None = None,
) -> Reply:
    return _harm(services, actor, character, amount, reason, kind, healing=False)


@runs_in_database
def heal(services: Services, actor: Actor, character: str, amount: int, reason: str) -> Reply:
    return _harm(services, actor, character, amount, reason, None, healing=True)


def _life_change(
    services: Services, actor: Actor, character: str, reason: str, *, reviving: bool
) -> Reply:
    reason = required_reason(reason)
    now = services.clock()
    with services.db.transaction() as tx:
        guild, tools = admin_tools(services, actor, tx)
        found = named(tx, actor.guild_id, character)
        tx.characters.lock(found)
        before = snapshot(tx, tools, found)
        if reviving:
            lines = come_back(tx, guild, tools, found, services.dice, now)
        else:
            lines = die(tx, actor, guild, tools, found, services.dice, now)
        verb = "revive" if reviving else "kill"
        entry_id = record(
            tx, actor, tools, found, before, now, action=verb, summary=verb, reason=reason
        )
    done = "lives again" if reviving else "is dead"
    return Reply(
        title=f"{safe(found.name)} {done}",
        lines=[*lines, f"Reason: {safe(reason)}"],
        footer=undo_hint(entry_id),
    )


@runs_in_database
def kill(services: Services, actor: Actor, character: str, reason: str) -> Reply:
    return _life_change(services, actor, character, reason, reviving=False)


@runs_in_database
def revive(services: Services, actor: Actor, character: str, reason: str) -> Reply:
    return _life_change(services, actor, character, reason, reviving=True)
