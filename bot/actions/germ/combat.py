"""Germ combat: `/combat`, `/attack`, `/run`, `/hide`, `/admin combat` and turn reminders."""

from __future__ import annotations

from datetime import datetime

from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.germ import gm
from bot.actions.germ.combat_buttons import admin_terrain_step, end_step, terrain_step
from bot.actions.germ.combat_flow import (
    Fight,
    Step,
    cats_of,
    combat_of,
    due_at,
    fighter_of,
    germ_sheet,
    load,
    run_step,
)
from bot.actions.germ.combat_view import (
    Cast,
    first_select,
    prompt,
    title,
    waiting_for,
    wound_lines,
)
from bot.actions.lookup import acting_character, living, named, require_admin, require_built
from bot.actions.reply import Reply, ReplyField
from bot.outbox import Post, record_posts
from bot.scheduler import each_alone
from rules.errors import PawpostError
from rules.germ import combat_turns as turns
from rules.germ.combat_turns import Phase
from storage.germ import germ
from storage.germ.settings import RULESET, GermSettings
from storage.repositories import Transaction
from storage.settings import Guild
from storage.turns import AlreadyFighting, Combat, CombatAction

LIST_LIMIT = 25
STATUS_ACTIONS = 5
REMINDERS_PER_WAKE = 50
HIDING = {"allowed": True, "not-allowed": False}
YES_NO = {"yes": True, "no": False}


def _option(value: str | None, allowed: dict[str, bool], default: bool, name: str) -> bool:
    if value is None:
        return default
    if value.strip().lower() not in allowed:
        raise PawpostError(f"{name} must be {' or '.join(allowed)}.")
    return allowed[value.strip().lower()]


@runs_in_database
def challenge(
    services: Services,
    actor: Actor,
    target: str,
    character: str | None = None,
    hiding: str | None = None,
    ambush: str | None = None,
    target_2: str | None = None,
    target_3: str | None = None,
) -> Reply:
    """Challenge one cat or several; the fight starts when each one's player accepts. An
    ambush is on the first target."""
    terrain_allows_hiding = _option(hiding, HIDING, True, "hiding")
    ambushing = _option(ambush, YES_NO, False, "ambush")
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        mine = acting_character(tx, actor, guild, character)
        others = [living(tx, actor.guild_id, t) for t in (target, target_2, target_3) if t]
        if not others:
            raise PawpostError("Name the cat you challenge.")
        other = others[0]
        for one in others:
            if one.id == mine.id:
                raise PawpostError(f"{safe(mine.name)} cannot fight itself.")
            if one.owner_id == actor.user_id and not actor.admin_in(guild.settings):
                raise PawpostError("You cannot challenge your own character.")
            germ_sheet(one)
        if len({one.id for one in others}) != len(others):
            raise PawpostError("Name each cat you challenge only once.")
        germ_sheet(mine)
        busy = germ(tx).combat.fighting(actor.guild_id, (mine.id, *(o.id for o in others)))
        for cat in (mine, *others):
            if cat.id in busy:
                raise PawpostError(
                    f"{safe(cat.name)} is already in a combat (combat {busy[cat.id]})."
                )
        state = turns.start_combat(
            (mine.id, *(one.id for one in others)),
            terrain_allows_hiding=terrain_allows_hiding,
            ambush_target=other.id if ambushing else None,
            agility_cuts_damage=GermSettings.of(guild.settings).free_attack_agility_cuts_damage,
        )
        combat = Combat(
            guild_id=actor.guild_id,
            channel_id=actor.channel_id,
            created_by=actor.user_id,
            state=state,
            created_at=now,
            updated_at=now,
            due_at=due_at(guild, state, now),
        )
        combat.id = germ(tx).combat.add(combat)
        try:
            germ(tx).combat.add_fighters(actor.guild_id, combat.id, state.fighters)
        except AlreadyFighting:
            raise PawpostError("One of these cats has just joined another combat.") from None
        germ(tx).combat.add_action(
            CombatAction(
                guild_id=actor.guild_id,
                combat_id=combat.id,
                version=state.version,
                round=0,
                user_id=actor.user_id,
                character_id=mine.id,
                action="challenge",
                summary=f"{mine.name} challenges {', '.join(one.name for one in others)}"
                + (" from ambush" if ambushing else ""),
                created_at=now,
            )
        )
    cast = Cast(
        names={c.id: c.name for c in (mine, *others)},
        owners={c.id: c.owner_id for c in (mine, *others)},
    )
    asked = prompt(combat.id, state, cast)
    return Reply(
        title=title(combat.id, state, cast),
        lines=asked.lines,
        buttons=asked.buttons,
        mentions=asked.mentions,
    )


def _target_id(tx: Transaction, actor: Actor, name: str | None) -> int | None:
    return None if not name else (living(tx, actor.guild_id, name)).id


@runs_in_database
def attack(
    services: Services, actor: Actor, target: str | None = None, character: str | None = None
) -> Reply:
    """On your turn: your Strength against the target's Agility."""

    def act(tx: Transaction, guild: Guild) -> tuple[Fight, Step]:
        fight, fighter = fighter_of(tx, actor, guild, character)
        aimed = _target_id(tx, actor, target)
        transition = turns.attack(fight.state, fighter, services.dice, fight.sheets(), target=aimed)
        return fight, Step("attack", fighter, transition)

    return run_step(services, actor, act)


@runs_in_database
def run(
    services: Services, actor: Actor, character: str | None = None, opponent: str | None = None
) -> Reply:
    """On your turn: run from a cat (needed with three or more) instead of attacking; that cat
    chooses to chase or let go."""

    def act(tx: Transaction, guild: Guild) -> tuple[Fight, Step]:
        fight, fighter = fighter_of(tx, actor, guild, character)
        chaser = _target_id(tx, actor, opponent)
        return fight, Step("run", fighter, turns.run(fight.state, fighter, chaser=chaser))

    return run_step(services, actor, act)


@runs_in_database
def hide(
    services: Services, actor: Actor, character: str | None = None, opponent: str | None = None
) -> Reply:
    """On your turn: hide from a cat (needed with three or more) instead of attacking
    (Stealth, with its penalty, against Perception)."""

    def act(tx: Transaction, guild: Guild) -> tuple[Fight, Step]:
        fight, fighter = fighter_of(tx, actor, guild, character)
        seeker = _target_id(tx, actor, opponent)
        transition = turns.hide(fight.state, fighter, services.dice, fight.sheets(), seeker=seeker)
        return fight, Step("hide", fighter, transition)

    return run_step(services, actor, act)


@runs_in_database
def ambush(
    services: Services, actor: Actor, target: str | None = None, character: str | None = None
) -> Reply:
    """Before the first turn, once per cat: hide and strike (Stealth against Perception)."""

    def act(tx: Transaction, guild: Guild) -> tuple[Fight, Step]:
        fight, fighter = fighter_of(tx, actor, guild, character)
        aimed = _target_id(tx, actor, target)
        transition = turns.ambush(fight.state, fighter, services.dice, fight.sheets(), target=aimed)
        return fight, Step("ambush", fighter, transition)

    return run_step(services, actor, act)


@runs_in_database
def terrain(services: Services, actor: Actor, hiding: str, character: str | None = None) -> Reply:
    """Propose (or agree) that the terrain allows hiding or not: it changes when every fighter
    agrees. An admin who plays none of the cats changes it at once."""
    allows = _option(hiding, HIDING, True, "hiding")

    def act(tx: Transaction, guild: Guild) -> tuple[Fight, Step]:
        fight = combat_of(tx, actor, guild, character)
        return fight, terrain_step(fight, actor, allows)

    return run_step(services, actor, act)


@runs_in_database
def admin_terrain(
    services: Services, actor: Actor, hiding: str, character: str | None = None
) -> Reply:
    """An admin sets whether a combat's terrain allows hiding."""
    allows = _option(hiding, HIDING, True, "hiding")

    def act(tx: Transaction, guild: Guild) -> tuple[Fight, Step]:
        require_admin(actor, guild)
        fight = combat_of(tx, actor, guild, character)
        return fight, admin_terrain_step(fight, allows)

    return run_step(services, actor, act)


@runs_in_database
def join(services: Services, actor: Actor, target: str, character: str | None = None) -> Reply:
    """Bring a cat into a running combat: your cat joins the combat `target` fights in, or
    your fighting cat brings `target` in. The joining cat's player and the fighters agree; an
    admin settles a dispute."""

    def act(tx: Transaction, guild: Guild) -> tuple[Fight, Step]:
        mine = acting_character(tx, actor, guild, character)
        other = living(tx, actor.guild_id, target)
        if other.id == mine.id:
            raise PawpostError(f"{safe(mine.name)} cannot join itself.")
        busy = germ(tx).combat.fighting(actor.guild_id, (mine.id, other.id))
        if (mine.id in busy) == (other.id in busy):
            raise PawpostError(
                "Name a cat in a combat, and act as a cat outside it (or the other way round)."
            )
        joiner, by = (other, mine) if mine.id in busy else (mine, mine)
        germ_sheet(joiner)
        fight = load(tx, guild, busy[by.id if mine.id in busy else other.id])
        fight.characters[joiner.id] = joiner
        return fight, Step("join", by.id, turns.ask_to_join(fight.state, joiner.id, by.id))

    return run_step(services, actor, act)


@runs_in_database
def propose_end(services: Services, actor: Actor, character: str | None = None) -> Reply:
    """Your cat agrees to end the combat; it ends when the others agree too. An admin who
    plays none of the cats ends it at once."""

    def act(tx: Transaction, guild: Guild) -> tuple[Fight, Step]:
        fight = combat_of(tx, actor, guild, character)
        return fight, end_step(fight, actor)

    return run_step(services, actor, act)


@runs_in_database
def admin_first(services: Services, actor: Actor, character: str) -> Reply:
    """An admin decides who attacks first."""

    def act(tx: Transaction, guild: Guild) -> tuple[Fight, Step]:
        require_admin(actor, guild)
        first = named(tx, actor.guild_id, character)
        fight = combat_of(tx, actor, guild, first.name)
        if fight.state.phase is not Phase.CHOOSING_FIRST:
            now = waiting_for(fight.state, fight.cast)
            raise PawpostError(f"There is no first attacker to choose: {now}.")
        note = f"{first.name} attacks first"
        return fight, Step(
            "first-decided", first.id, turns.decide_first(fight.state, first.id), note
        )

    return run_step(services, actor, act)


@runs_in_database
def admin_skip(services: Services, actor: Actor, character: str | None = None) -> Reply:
    """An admin passes an absent attacker's turn to the next cat (as `/admin scene skip`)."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        require_admin(actor, guild)
        fight = combat_of(tx, actor, guild, character)
        return gm.skip_turn(tx, actor, guild, fight.combat.id, None, services.dice, now)


@runs_in_database
def admin_end(services: Services, actor: Actor, character: str | None = None) -> Reply:
    """An admin ends a combat at once (as `/admin scene end`)."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        require_admin(actor, guild)
        fight = combat_of(tx, actor, guild, character)
        return gm.end_scene(tx, actor, guild, fight.combat.id, "", now)


@runs_in_database(read_only=True)
def status(services: Services, actor: Actor, character: str | None = None) -> Reply:
    """A combat's fighters, whose turn it is, the round, the wounds and the last actions."""
    with services.db.transaction(write=False) as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        fight = combat_of(tx, actor, guild, character)
        combat_id = fight.combat.id
        hits = germ(tx).combat.hits(actor.guild_id, combat_id)
        recent = germ(tx).combat.recent_actions(actor.guild_id, combat_id, STATUS_ACTIONS)
    state, cast = fight.state, fight.cast
    fighters = []
    for fighter in state.fighters:
        line = f"{cast.name(fighter)} ({cast.ping(fighter) or 'deleted'})"
        if fighter == state.attacker:
            line += " — attacking"
        fighters.append(line)
    terrain = "allows hiding" if state.terrain_allows_hiding else "does not allow hiding"
    actions = [
        f"{f'round {a.round}' if a.round else 'start'}: {safe(a.summary)}" for a in reversed(recent)
    ]
    return Reply(
        title=title(combat_id, state, cast),
        fields=[
            ReplyField(name="Now", value=waiting_for(state, cast)),
            ReplyField(name="Round", value=str(state.turn), inline=True),
            ReplyField(name="Terrain", value=terrain, inline=True),
            ReplyField(name="Channel", value=f"<#{fight.combat.channel_id}>", inline=True),
            ReplyField(name="Fighters", value="\n".join(fighters)),
            ReplyField(name="Wounds this combat", value="\n".join(wound_lines(state, hits, cast))),
            ReplyField(name="Last actions", value="\n".join(actions) or "none yet"),
        ],
        ephemeral=True,
    )


@runs_in_database(read_only=True)
def list_combats(services: Services, actor: Actor) -> Reply:
    """The server's combats going on."""
    with services.db.transaction(write=False) as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        combats = germ(tx).combat.active(actor.guild_id, LIST_LIMIT + 1)
        fighters = {f for combat in combats for f in cats_of(combat.state)}
        characters = tx.characters.by_ids(actor.guild_id, fighters)
    lines = []
    for combat in combats[:LIST_LIMIT]:
        cast = Fight(guild, combat, characters).cast
        vs = " vs ".join(cast.name(f) for f in combat.state.fighters)
        lines.append(
            f"**{combat.id}** <#{combat.channel_id}> {vs} — {waiting_for(combat.state, cast)}"
        )
    if len(combats) > LIST_LIMIT:
        lines.append(f"… and more; the oldest {LIST_LIMIT} are shown.")
    return Reply(
        title="Combats going on",
        lines=lines or ["No combat is going on in this server."],
        ephemeral=True,
    )


def _reminder(fight: Fight, hours: int) -> Reply:
    state, cast, combat_id = fight.state, fight.cast, fight.combat.id
    asked = prompt(combat_id, state, cast)
    if state.phase is Phase.CHOOSING_FIRST:
        head = f"Who attacks first is not settled after {hours} h; an admin decides."
        asked.select = first_select(combat_id, state, cast)
        asked.mentions = []
    elif state.phase is Phase.TURN:
        head = (
            f"{cast.name(state.attacker)} has not acted for {hours} h. "
            "Admins may /admin combat skip or /admin combat end."
        )
    else:
        head = f"This combat has waited {hours} h."
    return Reply(
        title=title(combat_id, state, cast),
        lines=[head, *asked.lines],
        buttons=asked.buttons,
        select=asked.select,
        mentions=asked.mentions,
    )


@runs_in_database
def overdue_combat_notices(
    services: Services, now: datetime, limit: int = REMINDERS_PER_WAKE
) -> tuple[list[tuple[int, Reply]], datetime | None]:
    """Combats whose turn (or other wait) has passed the server's turn timeout: one post each
    mentioning whoever it waits for, once; admins are asked to decide the first attacker.
    Each post is kept in the outbox with the mark. Also returns when the next wait falls due."""
    with services.db.transaction() as tx:
        due = germ(tx).combat.due(now, limit, RULESET)
        guilds: dict[int, Guild] = {}

        def remind(combat: Combat[turns.CombatState]) -> list[tuple[int, Reply]]:
            guild = guilds.get(combat.guild_id) or tx.guilds.get(combat.guild_id)
            guilds[combat.guild_id] = guild
            characters = tx.characters.by_ids(combat.guild_id, cats_of(combat.state))
            reply = _reminder(Fight(guild, combat, characters), guild.settings.turn_timeout_hours)
            admin_channel = guild.settings.admin_channel_id
            asks_admins = combat.state.phase is Phase.CHOOSING_FIRST
            if asks_admins and admin_channel and admin_channel != combat.channel_id:
                return [(combat.channel_id, reply), (admin_channel, reply)]
            return [(combat.channel_id, reply)]

        # A combat that fails is marked reminded below with the rest: not met again until it moves.
        reminded = each_alone(
            tx,
            "combat_timeouts",
            due,
            remind,
            set_aside=lambda combat: None,
            name=lambda combat: f"combat {combat.id} of server {combat.guild_id}",
        )
        notices = [notice for pair in reminded for notice in pair]
        germ(tx).combat.mark_reminded(due, now)
        record_posts(tx, [Post(channel, reply) for channel, reply in notices], now)
        next_due = germ(tx).combat.next_due(RULESET)
    return notices, next_due
