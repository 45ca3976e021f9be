"""`/admin scene status|skip|end`: every open scene of the server (each ruleset's fights and
battles on the shared turn store, and contests waiting for a defender), with whose turn it is;
skip passes an absent player's turn, end closes the scene. The ruleset says what a skip or an
end does to its fight; the core finds the scene and answers."""

from __future__ import annotations

from datetime import datetime

from bot.actions import contests
from bot.actions.admin import required_reason
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.gm.state import ruleset_of, tools_of
from bot.actions.lookup import named, require_admin, require_built
from bot.actions.reply import Reply
from rules.errors import PawpostError
from storage.contests import Contest
from storage.repositories import Transaction
from storage.settings import Guild
from storage.turns import OpenScene

MOST_LISTED = 25  # scenes listed by status (each kind)


def waited(since: datetime, now: datetime) -> str:
    """How long a scene has waited, in the largest units that say it: "3 h 5 min"."""
    minutes = max(int((now - since).total_seconds() // 60), 0)
    days, minutes = divmod(minutes, 24 * 60)
    hours, minutes = divmod(minutes, 60)
    if days:
        return f"{days} d {hours} h"
    if hours:
        return f"{hours} h {minutes} min"
    return f"{minutes} min"


@runs_in_database
def status(services: Services, actor: Actor) -> Reply:
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_admin(actor, guild)
        require_built(guild)
        scenes = tx.scenes.open(actor.guild_id, MOST_LISTED)
        waiting = tx.contests.waiting(actor.guild_id, MOST_LISTED)
        ids = {s.attacker_id for s in scenes if s.attacker_id is not None}
        ids |= {c.defender_character_id for c in waiting} | {
            c.initiator_character_id for c in waiting
        }
        names = {i: c.name for i, c in tx.characters.by_ids(actor.guild_id, ids).items()}
    lines = [_scene_line(s, names, now) for s in scenes]
    lines += [_contest_line(c, names, now) for c in waiting]
    if not lines:
        lines = ["No scene is open in this server."]
    else:
        lines.append("Pass a turn with /admin scene skip, close a scene with /admin scene end.")
    return Reply(title="Open scenes", lines=lines, ephemeral=True)


def _scene_line(scene: OpenScene, names: dict[int, str], now: datetime) -> str:
    whose = (
        f"{safe(names[scene.attacker_id])}'s turn"
        if scene.attacker_id in names
        else "the enemies' or the GM's turn"
    )
    return (
        f"Fight #{scene.id} in <#{scene.channel_id}>, round {scene.round}: {whose}, "
        f"waiting {waited(scene.updated_at, now)}"
    )


def _contest_line(contest: Contest, names: dict[int, str], now: datetime) -> str:
    initiator = safe(names.get(contest.initiator_character_id, "someone"))
    defender = safe(names.get(contest.defender_character_id, "someone"))
    return (
        f"Contest #{contest.id} in <#{contest.channel_id}>: {initiator} against {defender}, "
        f"waiting for {defender}'s roll for {waited(contest.created_at, now)}"
    )


def _found(
    tx: Transaction, actor: Actor, guild: Guild, character: str | None
) -> tuple[OpenScene | Contest, int | None]:
    """The scene meant: the named character's, else the only one open in this channel; and
    the character whose turn is meant (None: whoever it waits for)."""
    if character is not None:
        found = named(tx, actor.guild_id, character)
        combat_id = tx.scenes.of_character(actor.guild_id, found.id)
        scene = None if combat_id is None else tx.scenes.get(actor.guild_id, combat_id)
        if scene is not None:
            return scene, found.id
        for contest in tx.contests.waiting(actor.guild_id, MOST_LISTED):
            if found.id in (contest.defender_character_id, contest.initiator_character_id):
                return contest, found.id
        raise PawpostError(f"{safe(found.name)} is in no open scene.")
    here: list[OpenScene | Contest] = [
        s for s in tx.scenes.open(actor.guild_id, MOST_LISTED) if s.channel_id == actor.channel_id
    ]
    here += [
        c
        for c in tx.contests.waiting(actor.guild_id, MOST_LISTED)
        if c.channel_id == actor.channel_id
    ]
    if not here:
        raise PawpostError(
            "No scene is open in this channel; name a character in one, or see /admin scene status."
        )
    if len(here) > 1:
        raise PawpostError(
            "Several scenes are open in this channel; name a character to say which."
        )
    return here[0], None


@runs_in_database
def skip(services: Services, actor: Actor, character: str | None = None) -> Reply:
    """Pass the turn of an absent player (a contest: an admin rolls for its defender)."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_admin(actor, guild)
        require_built(guild)
        scene, character_id = _found(tx, actor, guild, character)
        if isinstance(scene, Contest):
            if character_id not in (None, scene.defender_character_id):
                raise PawpostError("A contest waits only for its defender's roll.")
            return contests.settle(tx, services, actor, guild, scene, now, admin_roll=True)
        tools = tools_of(services, guild)
        if tools.skip_turn is None:
            raise PawpostError(
                f"{ruleset_of(services, guild).name}'s fights have no turns to pass."
            )
        return tools.skip_turn(tx, actor, guild, scene.id, character_id, services.dice, now)


@runs_in_database
def end(services: Services, actor: Actor, reason: str, character: str | None = None) -> Reply:
    """Close a scene before its end (a contest is called off, nobody wins)."""
    reason = required_reason(reason)
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_admin(actor, guild)
        require_built(guild)
        scene, _ = _found(tx, actor, guild, character)
        if isinstance(scene, Contest):
            if not tx.contests.call_off(scene.id, f"called off by an admin: {reason}", now):
                raise PawpostError("That contest is already settled.")
            return Reply(
                title=f"Contest #{scene.id} called off",
                lines=[f"Nobody wins. Reason: {safe(reason)}"],
            )
        tools = tools_of(services, guild)
        if tools.end_scene is None:
            raise PawpostError(f"{ruleset_of(services, guild).name}'s fights cannot be ended yet.")
        return tools.end_scene(tx, actor, guild, scene.id, reason, now)
