"""`/admin scene status|skip|end`: every open scene of the server (each ruleset's fights and
battles on the shared turn store, the scenes a ruleset keeps itself such as WCAGR's hunts, and
contests waiting for a defender), with whose turn it is;
skip passes an absent player's turn, end closes the scene. The ruleset says what a skip or an
end does to its fight; the core finds the scene and answers."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from bot.actions import contests
from bot.actions.admin import required_reason
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.gm.state import ruleset_of, tools_of
from bot.actions.lookup import named, require_admin, require_built
from bot.actions.reply import Button, Reply, Style
from bot.gm import OwnScene
from bot.outbox import Post, record_posts
from bot.scheduler import JobResult, each_alone
from rules.errors import PawpostError
from storage.contests import Contest
from storage.repositories import Transaction
from storage.settings import Guild
from storage.turns import OpenScene

if TYPE_CHECKING:
    from bot.actions.buttons import ButtonHandler, Press

MOST_LISTED = 25  # scenes listed by status (each kind)
SKIP_OFFERS_PER_WAKE = 100  # fights offered for a skip in one pass of the scheduler


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
        own = _own_scenes(services, tx, guild)
        waiting = tx.contests.waiting(actor.guild_id, MOST_LISTED)
        ids = {s.attacker_id for s in scenes if s.attacker_id is not None}
        ids |= {c.defender_character_id for c in waiting} | {
            c.initiator_character_id for c in waiting
        }
        ids |= {i for scene in own for i in scene.characters}
        names = {i: c.name for i, c in tx.characters.by_ids(actor.guild_id, ids).items()}
    lines = [_scene_line(s, names, now) for s in scenes]
    lines += [_own_line(s, names, now) for s in own]
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


def _own_scenes(services: Services, tx: Transaction, guild: Guild) -> list[OwnScene]:
    """The ruleset's scenes kept outside the turn store (none where it keeps none)."""
    ruleset = services.ruleset(guild.ruleset)
    if ruleset is None or ruleset.gm is None or ruleset.gm.own_scenes is None:
        return []
    return list(ruleset.gm.own_scenes.open(tx, guild, MOST_LISTED))


def _own_line(scene: OwnScene, names: dict[int, str], now: datetime) -> str:
    who = ", ".join(safe(names[i]) for i in scene.characters if i in names) or "nobody left"
    return (
        f"{scene.kind} #{scene.id} in <#{scene.channel_id}> ({who}): {scene.doing}, "
        f"waiting {waited(scene.waiting_since, now)}"
    )


def _contest_line(contest: Contest, names: dict[int, str], now: datetime) -> str:
    initiator = safe(names.get(contest.initiator_character_id, "someone"))
    defender = safe(names.get(contest.defender_character_id, "someone"))
    return (
        f"Contest #{contest.id} in <#{contest.channel_id}>: {initiator} against {defender}, "
        f"waiting for {defender}'s roll for {waited(contest.created_at, now)}"
    )


def _found(
    services: Services, tx: Transaction, actor: Actor, guild: Guild, character: str | None
) -> tuple[OpenScene | OwnScene | Contest, int | None]:
    """The scene meant: the named character's, else the only one open in this channel; and
    the character whose turn is meant (None: whoever it waits for)."""
    if character is not None:
        found = named(tx, actor.guild_id, character)
        combat_id = tx.scenes.of_character(actor.guild_id, found.id)
        scene = None if combat_id is None else tx.scenes.get(actor.guild_id, combat_id)
        if scene is not None:
            return scene, found.id
        for own in _own_scenes(services, tx, guild):
            if found.id in own.characters:
                return own, found.id
        for contest in tx.contests.waiting(actor.guild_id, MOST_LISTED):
            if found.id in (contest.defender_character_id, contest.initiator_character_id):
                return contest, found.id
        raise PawpostError(f"{safe(found.name)} is in no open scene.")
    here: list[OpenScene | OwnScene | Contest] = [
        s for s in tx.scenes.open(actor.guild_id, MOST_LISTED) if s.channel_id == actor.channel_id
    ]
    here += [s for s in _own_scenes(services, tx, guild) if s.channel_id == actor.channel_id]
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
        scene, character_id = _found(services, tx, actor, guild, character)
        if isinstance(scene, Contest):
            if character_id not in (None, scene.defender_character_id):
                raise PawpostError("A contest waits only for its defender's roll.")
            return contests.settle(tx, services, actor, guild, scene, now, admin_roll=True)
        tools = tools_of(services, guild)
        if isinstance(scene, OwnScene):
            assert tools.own_scenes is not None  # only a ruleset with own scenes lists one
            return tools.own_scenes.skip(tx, actor, guild, scene, character_id, services.dice, now)
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
        scene, _ = _found(services, tx, actor, guild, character)
        if isinstance(scene, Contest):
            if not tx.contests.call_off(scene.id, f"called off by an admin: {reason}", now):
                raise PawpostError("That contest is already settled.")
            return Reply(
                title=f"Contest #{scene.id} called off",
                lines=[f"Nobody wins. Reason: {safe(reason)}"],
            )
        tools = tools_of(services, guild)
        if isinstance(scene, OwnScene):
            assert tools.own_scenes is not None  # only a ruleset with own scenes lists one
            return tools.own_scenes.end(tx, actor, guild, scene, reason, now)
        if tools.end_scene is None:
            raise PawpostError(f"{ruleset_of(services, guild).name}'s fights cannot be ended yet.")
        return tools.end_scene(tx, actor, guild, scene.id, reason, now)


# --- The second timeout: admins offered the skip -------------------------------------------


@runs_in_database
def skip_offers(
    services: Services, now: datetime, limit: int = SKIP_OFFERS_PER_WAKE
) -> tuple[list[Post], datetime | None]:
    """Fights whose reminded player still has not acted after the server's second timeout
    (`/config turn-skip`): one post each, to the admins, with the skip button, once. In
    every ruleset: the reminders are each ruleset's, this is the core's."""
    with services.db.transaction() as tx:
        guilds: dict[int, Guild] = {}

        def guild_of(guild_id: int) -> Guild:
            found = guilds.get(guild_id) or tx.guilds.get(guild_id)
            guilds[guild_id] = found
            return found

        reminded = tx.scenes.reminded(limit)
        tx.scenes.time_skip_offers(
            [
                (combat_id, at + timedelta(hours=guild_of(guild_id).settings.turn_skip_hours))
                for combat_id, guild_id, at in reminded
            ]
        )
        due = tx.scenes.skip_due(now, limit)

        def offer(item: tuple[int, OpenScene, int]) -> Post:
            guild_id, scene, version = item
            guild = guild_of(guild_id)
            found = (
                None
                if scene.attacker_id is None
                else tx.characters.by_id(guild_id, scene.attacker_id)
            )
            whose = "Nobody" if found is None else safe(found.name)
            reply = Reply(
                title=f"Fight #{scene.id} in <#{scene.channel_id}> is still waiting",
                lines=[
                    f"{whose} has not acted for {waited(scene.updated_at, now)}, though reminded. "
                    "An admin may pass the turn."
                ],
                buttons=[
                    Button(
                        label="Skip the turn",
                        custom_id=f"pawpost:scene:{scene.id}:skip:{version}",
                        style=Style.secondary,
                    )
                ],
            )
            return Post(guild.settings.admin_channel_id or scene.channel_id, reply)

        # A fight that fails is marked offered below with the rest: not met again.
        posts = each_alone(
            tx,
            "scene_timeouts",
            due,
            offer,
            set_aside=lambda item: None,
            name=lambda item: f"fight {item[1].id} of server {item[0]}",
        )
        tx.scenes.mark_skip_offered([scene.id for _, scene, _ in due], now)
        record_posts(tx, posts, now)
        next_due = tx.scenes.next_skip_due()
    return posts, next_due


async def scene_timeouts(services: Services, now: datetime) -> JobResult:
    """The scheduler's job: the skip offered to admins after a reminded turn's second wait."""
    posts, next_due = await skip_offers(services, now)
    return JobResult(posts, next_due, in_outbox=True)


@runs_in_database
def skip_pressed(services: Services, actor: Actor, combat_id: int, version: int | None) -> Reply:
    """The offer's button: the turn it was made for is passed, if the fight has not moved on."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_admin(actor, guild)
        current = tx.scenes.version(actor.guild_id, combat_id)
        if current is None:
            raise PawpostError("That fight is over.")
        if current != version:
            raise PawpostError("That fight has moved on since; see /admin scene status.")
        tools = tools_of(services, guild)
        if tools.skip_turn is None:
            raise PawpostError(
                f"{ruleset_of(services, guild).name}'s fights have no turns to pass."
            )
        return tools.skip_turn(tx, actor, guild, combat_id, None, services.dice, now)


async def _skip_button(services: Services, actor: Actor, press: Press) -> Reply:
    return await skip_pressed(services, actor, press.id, press.arg)


SCENE_BUTTONS: dict[tuple[str, str], ButtonHandler] = {("scene", "skip"): _skip_button}
