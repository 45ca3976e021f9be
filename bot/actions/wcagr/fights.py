"""WCAGR fights begun and ended: `/fight start` (accepted by each target's player, like a Germ
challenge) with initiative rolled once, `/fight join`, `/fight status`, `/fight flee`, an
admin's end, and the fight's buttons."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.actions.admin import required_reason
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import describe_roll, safe
from bot.actions.lookup import acting_character, named, require_admin, require_built
from bot.actions.reply import Reply
from bot.actions.wcagr import defence, wrestling
from bot.actions.wcagr.fight_scene import (
    AREA,
    Scene,
    after_turn,
    commit,
    current,
    fight_by_id,
    on_turn,
    own_cat,
    scene_of,
    whose_turn,
)
from bot.actions.wcagr.gm import end_scene
from bot.actions.wcagr.sheet import wcagr_sheet
from rules.errors import PawpostError
from rules.wcagr.fight_state import (
    FightState,
    Phase,
    in_order,
)
from rules.wcagr.fights import (
    refuse_fighter,
    roll_initiative,
)
from storage.turns import AlreadyFighting, Combat
from storage.wcagr import wcagr

if TYPE_CHECKING:
    from bot.actions.buttons import ButtonHandler, Press

MOST_TARGETS = 6


@runs_in_database
def start(
    services: Services,
    actor: Actor,
    targets: str,
    life_or_death: str | None = None,
    character: str | None = None,
) -> Reply:
    """`/fight start`: challenge one cat or several; each target's player accepts (the
    challenger's own cats accept at once)."""
    deadly = (life_or_death or "no").strip().lower() == "yes"
    names = [name.strip() for name in targets.split(",") if name.strip()]
    if not names or len(names) > MOST_TARGETS:
        raise PawpostError(f"Name 1 to {MOST_TARGETS} cats to fight, separated by commas.")
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        mine = acting_character(tx, actor, guild, character)
        others = [named(tx, guild.guild_id, name) for name in names]
        if mine.id in {o.id for o in others}:
            raise PawpostError(f"{safe(mine.name)} cannot fight itself.")
        if len({o.id for o in others}) != len(others):
            raise PawpostError("Name each cat you fight only once.")
        for cat in (mine, *others):
            try:
                refuse_fighter(wcagr_sheet(cat))
            except PawpostError as why:
                raise PawpostError(f"{safe(cat.name)}: {why.message}") from None
        ids = (mine.id, *(o.id for o in others))
        busy = wcagr(tx).fights.fighting(guild.guild_id, ids)
        if busy:
            cat = next(c for c in (mine, *others) if c.id in busy)
            raise PawpostError(f"{safe(cat.name)} is already in fight {busy[cat.id]}.")
        accepted = frozenset(o.id for o in others if o.owner_id == actor.user_id)
        state = FightState(fighters=ids, life_or_death=deadly, accepted=accepted)
        combat = Combat(
            guild_id=guild.guild_id,
            channel_id=actor.channel_id,
            created_by=actor.user_id,
            state=state,
            created_at=now,
            updated_at=now,
        )
        combat.id = wcagr(tx).fights.add(combat)
        try:
            wcagr(tx).fights.add_fighters(guild.guild_id, combat.id, ids)
        except AlreadyFighting:
            raise PawpostError("One of these cats has just joined another fight.") from None
        scene = Scene(tx, guild, combat)
        kind = "a life-or-death fight" if deadly else "a fight"
        scene.say(
            f"{scene.name(mine.id)} challenges "
            + ", ".join(scene.name(o.id) for o in others)
            + f" to {kind}."
        )
        scene.read_version = state.version
        if len(accepted) == len(others):
            begin(services, scene)
        return commit(scene, actor, mine.id, "challenge", f"{mine.name} starts a fight", now)


def begin(services: Services, scene: Scene) -> None:
    """Everyone accepted: initiative once each (l.405-406), and round 1."""
    sheets = {cat: scene.sheet(cat) for cat in scene.state.fighters}
    rolled = roll_initiative(sheets, services.dice)
    for initiative in rolled:
        tie = f" (tie broken by d100 {initiative.tiebreak})" if initiative.tiebreak else ""
        scene.say(
            f"{scene.name(initiative.character_id)}: {describe_roll(initiative.roll)}{tie}",
            initiative.roll,
        )
    scene.state = scene.state.bumped(
        phase=Phase.TURNS,
        order=tuple(i.character_id for i in rolled),
        initiative={i.character_id: i.roll.total for i in rolled},
        position=0,
        turn=1,
    )


async def _answer(services: Services, actor: Actor, press: Press) -> Reply:
    return await answer(services, actor, press.id, press.verb == "accept", press.arg)


@runs_in_database
def answer(
    services: Services, actor: Actor, fight: int, accept: bool, version: int | None = None
) -> Reply:
    """A target's player accepts (the fight begins once all have) or declines (it is off).
    A challenge is asked once, so its buttons from before versions were carried still work."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        scene = fight_by_id(tx, guild, fight)
        if scene.state.phase is not Phase.ASKED:
            raise PawpostError("That fight was already answered.")
        if version is not None:
            current(scene, version, Phase.ASKED)
        waiting = [c for c in scene.state.fighters[1:] if c not in scene.state.accepted]
        cat = own_cat(actor, guild, scene, waiting)
        if not accept:
            scene.say(f"{scene.name(cat)} declines the fight.")
            scene.state = scene.state.bumped(phase=Phase.OVER, end_reason="a cat declined")
            return commit(scene, actor, cat, "decline", "declined the fight", now)
        scene.say(f"{scene.name(cat)} accepts.")
        scene.state = scene.state.bumped(accepted=scene.state.accepted | {cat})
        if len(scene.state.accepted) == len(scene.state.fighters) - 1:
            begin(services, scene)
        return commit(scene, actor, cat, "accept", "accepted the fight", now)


@runs_in_database
def join(services: Services, actor: Actor, fight: int, character: str | None = None) -> Reply:
    """`/fight join`: a cat enters a running fight, its initiative rolled once and its place in
    the order taken (if that place has passed this round, it acts from the next)."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        cat = acting_character(tx, actor, guild, character)
        refuse_fighter(wcagr_sheet(cat))
        scene = fight_by_id(tx, guild, fight)
        if scene.state.phase not in (Phase.TURNS, Phase.WRESTLING):
            raise PawpostError("Only a fight that has begun can be joined.")
        if cat.id in scene.state.fighters:
            raise PawpostError(f"{safe(cat.name)} has already been in this fight.")
        try:
            wcagr(tx).fights.add_fighters(
                guild.guild_id, fight, [cat.id], first_position=len(scene.state.fighters)
            )
        except AlreadyFighting:
            raise PawpostError(f"{safe(cat.name)} is already in another fight.") from None
        scene.cats[cat.id] = cat
        [initiative] = roll_initiative({cat.id: wcagr_sheet(cat)}, services.dice)
        state = scene.state
        index = in_order(state.order, state.initiative, cat.id, initiative.roll.total)
        position = state.position + (1 if index <= state.position else 0)
        scene.state = state.bumped(
            fighters=(*state.fighters, cat.id),
            order=(*state.order[:index], cat.id, *state.order[index:]),
            initiative={**state.initiative, cat.id: initiative.roll.total},
            position=position,
        )
        scene.say(
            f"{scene.name(cat.id)} joins the fight: {describe_roll(initiative.roll)}",
            initiative.roll,
        )
        return commit(scene, actor, cat.id, "join", f"{cat.name} joins", now)


@runs_in_database
def flee(services: Services, actor: Actor, character: str | None = None) -> Reply:
    """`/fight flee` on your turn, out of any wrestle: the cat leaves the fight."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        scene, cat = on_turn(tx, actor, guild, character, fit=False)
        if scene.state.wrestle_of(cat) is not None:
            raise PawpostError(f"{scene.name(cat)} is wrestling: Jump away with /wrestle first.")
        wcagr(tx).fights.release_fighters(guild.guild_id, scene.combat.id, [cat])
        scene.say(f"{scene.name(cat)} leaves the fight.")
        scene.state = scene.state.model_copy(update={"out": scene.state.out | {cat}})
        after_turn(scene)
        return commit(scene, actor, cat, "flee", "leaves the fight", now)


@runs_in_database(read_only=True)
def status(
    services: Services, actor: Actor, fight: int | None = None, character: str | None = None
) -> Reply:
    """`/fight status`: the order with each cat's initiative and HP, the wrestles, whose turn;
    a fight by its number (an admin without a cat), else the acting cat's."""
    with services.db.transaction(write=False) as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        if fight is not None:
            scene = fight_by_id(tx, guild, fight)
        else:
            scene = scene_of(tx, guild, acting_character(tx, actor, guild, character))
        state = scene.state
        lines = []
        for index, other in enumerate(state.order or state.fighters):
            if other not in scene.cats:
                continue
            sheet = scene.sheet(other)
            mark = "▶ " if index == state.position and state.attacker == other else ""
            gone = " (out)" if other in state.out else ""
            wrestling = " wrestling" if state.wrestle_of(other) else ""
            pinned = " pinned" if other in state.pinned else ""
            init = f"initiative {state.initiative[other]}, " if other in state.initiative else ""
            lines.append(
                f"{mark}{scene.name(other)}: {init}HP {sheet.hp} of {sheet.hp_max}"
                f"{wrestling}{pinned}{gone}"
            )
        lines += whose_turn(scene)
    return Reply(title=f"Fight {scene.combat.id}, round {state.turn}", lines=lines)


@runs_in_database
def admin_end(services: Services, actor: Actor, character: str, reason: str) -> Reply:
    """`/admin fight-end`, the older name of `/admin scene end` for a WCAGR fight: the same
    action (the GM toolkit's `end_scene`), found by a cat of the fight."""
    reason = required_reason(reason)
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_admin(actor, guild)
        require_built(guild)
        scene = scene_of(tx, guild, named(tx, guild.guild_id, character))
        return end_scene(tx, actor, guild, scene.combat.id, reason, now)


async def _fight_button(services: Services, actor: Actor, press: Press) -> Reply:
    if press.verb in ("accept", "decline"):
        return await _answer(services, actor, press)
    if press.verb in ("defend", "dodge"):
        return await defence.jump_button(services, actor, press)
    return await wrestling.wrestle_button(services, actor, press)


FIGHT_BUTTONS: dict[tuple[str, str], ButtonHandler] = {
    (AREA, verb): _fight_button
    for verb in ("accept", "decline", "wrestle", "jump", "defend", "dodge")
}
