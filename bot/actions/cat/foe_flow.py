"""A cat against non-cats (book l. 58-64): an admin sets a foe (or several) on a cat, with its
dice and the scars it can take; each round the cat's player picks its move by button (under a
Fighting Frenzy one pick per action, each at a foe of its choice, book l. 188), both sides roll,
each takes the other's evens as scars, and the cat places its own before the next round. It
ends when the foes are out, the cat is dead or can fight no more, or an admin ends it.

The fight is a combat in the shared turn-order tables (`storage.turns`): every button carries
the state version it was offered at, so a stale or doubled click does nothing. A wait for the
cat's move is due after the server's turn timeout, when its player is reminded.
"""

from __future__ import annotations

import string
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from bot.actions import audit
from bot.actions.cat.common import CAT, cat_sheet, require_cat
from bot.actions.cat.owed import fight_with_owed
from bot.actions.cat.roll_view import how_many_dice, plural, rolled
from bot.actions.cat.wound_view import open_wound, wound_buttons, wound_select
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import describe_roll, safe
from bot.actions.lookup import acting_character, require_admin
from bot.actions.reply import Button, Reply, Style
from bot.outbox import Post, record_posts
from bot.scheduler import JobResult
from rules.cat.constants import MOST_FOES
from rules.cat.fights import (
    CatAction,
    FightEnd,
    Foe,
    Move,
    NonCatFight,
    NonCatRound,
    after_scars,
    end_fight,
    fight_round,
    make_foe,
    start_fight,
    usable_moves,
    with_foes,
)
from rules.cat.foe_turns import FoeFightState, FoePhase
from rules.errors import PawpostError
from storage.cat import cat
from storage.cat.wounds import WoundSource
from storage.models import Character
from storage.repositories import Transaction
from storage.settings import Guild
from storage.turns import AlreadyFighting, Combat, CombatAction

if TYPE_CHECKING:
    from bot.actions.buttons import ButtonHandler, Press

AREA = "cat-foe"
STALE = "That button is out of date; the fight has moved on."
LETTERS = string.ascii_lowercase[:MOST_FOES]  # a foe's letter in its buttons' verbs: "claws-b"
ONE_DODGE = "dodge-one"  # one of the round's actions a dodge (under a Frenzy)
REMINDERS_PER_WAKE = 50


def _id(combat_id: int, verb: str, version: int) -> str:
    return f"pawpost:{AREA}:{combat_id}:{verb}:{version}"


def foe_label(fight: NonCatFight, index: int) -> str:
    """A foe as the fight names it: "Boggin", or "Rat B" when the fight holds several."""
    name = safe(fight.foes[index].name)
    return name if len(fight.foes) == 1 else f"{name} {LETTERS[index].upper()}"


def _in(fight: NonCatFight) -> list[int]:
    return [index for index, foe in enumerate(fight.foes) if not foe.out]


def move_buttons(combat: Combat[FoeFightState], character: Character) -> list[Button]:
    """The choices for the round's next action, and the admins' end. With one foe and one
    action: Claws, Fangs or Dodge. Under a Frenzy, each move for every action left ("Claws
    ×3"), or one action at a time; against several foes, each attack at the foe picked."""
    state = combat.state
    fight, left, version = state.fight, state.actions_left, state.version
    moves = usable_moves(cat_sheet(character))
    targets = _in(fight)
    found: list[Button] = []
    if len(targets) == 1:
        times = f" ×{left}" if left > 1 else ""
        found += [
            Button(
                label=f"{move.value.capitalize()}{times}",
                custom_id=_id(combat.id, move.value, version),
                style=Style.primary if move.attacks else Style.secondary,
            )
            for move in moves
        ]
    if len(targets) > 1 or left > 1:
        for move in moves:
            if not move.attacks:
                continue
            for target in targets:
                at = "" if len(targets) == 1 else f" at {foe_label(fight, target)}"
                found.append(
                    Button(
                        label=f"{move.value.capitalize()} once{at}",
                        custom_id=_id(combat.id, f"{move.value}-{LETTERS[target]}", version),
                        style=Style.primary,
                    )
                )
        if Move.DODGE in moves:
            found.append(
                Button(
                    label="Dodge once" if len(targets) == 1 or left > 1 else "Dodge",
                    custom_id=_id(combat.id, ONE_DODGE, version),
                    style=Style.secondary,
                )
            )
    found.append(
        Button(
            label="End the fight (admin)",
            custom_id=_id(combat.id, "end", version),
            style=Style.danger,
        )
    )
    return found


def standing(fight: NonCatFight) -> str:
    return " ".join(
        f"{foe_label(fight, index)} has taken {foe.scars_taken} of {foe.scars_to_defeat} scars"
        + (" (out)." if foe.out and len(fight.foes) > 1 else ".")
        for index, foe in enumerate(fight.foes)
    )


def _ended_line(fight: NonCatFight, name: str) -> str:
    if fight.ended is FightEnd.FOES_OUT:
        foes = "The foes are" if len(fight.foes) > 1 else f"{safe(fight.foes[0].name)} is"
        return f"**{foes} out of the fight: {safe(name)} wins.**"
    if fight.ended is FightEnd.CAT_DEAD:
        return f"**{safe(name)} is dead: the fight is over.**"
    if fight.ended is FightEnd.CAT_HELPLESS:
        return (
            f"**{safe(name)}'s Claws, Fangs and Legs are all Crippled: it can fight no more, and "
            "the fight is over. The Narrator says what the foe does.**"
        )
    return "**An admin ended the fight.**"


def _picked_line(state: FoeFightState, character: Character) -> str | None:
    if not state.chosen:
        return None
    fight = state.fight
    picked = ", ".join(
        "Dodge"
        if not action.move.attacks
        else f"{action.move.value.capitalize()} at {foe_label(fight, action.target)}"
        for action in state.chosen
    )
    return f"{safe(character.name)}'s actions so far: {picked} ({state.actions_left} more to pick)."


def next_reply(combat: Combat[FoeFightState], character: Character, lines: list[str]) -> Reply:
    """The fight's message after a step: the next round's buttons, or how it ended."""
    state = combat.state
    fight = state.fight
    if state.is_over:
        return Reply(lines=[*lines, standing(fight), _ended_line(fight, character.name)])
    picked = _picked_line(state, character)
    return Reply(
        lines=[
            *lines,
            standing(fight),
            *([picked] if picked else []),
            f"<@{character.owner_id}>, round {fight.rounds + 1}: how does "
            f"{safe(character.name)} fight?",
        ],
        buttons=move_buttons(combat, character),
        mentions=[character.owner_id],
    )


def _save(
    tx: Transaction, combat: Combat[FoeFightState], state: FoeFightState, now: datetime
) -> Combat[FoeFightState]:
    """Store a new state over the one read (refused when a click got there first); a wait for
    the cat's move is due for a reminder after the server's turn timeout."""
    due = None
    if state.phase is FoePhase.MOVE:
        hours = tx.guilds.get(combat.guild_id).settings.turn_timeout_hours
        due = now + timedelta(hours=hours)
    moved = combat.model_copy(update={"state": state, "updated_at": now, "due_at": due})
    if not cat(tx).foes.save(moved, combat.state.version):
        raise PawpostError(STALE)
    if state.is_over:
        cat(tx).foes.release_fighters(combat.guild_id, combat.id, [state.character_id])
    return moved


def active_fight(tx: Transaction, character: Character) -> Combat[FoeFightState] | None:
    """The foe fight the cat is in, if any."""
    combat_id = cat(tx).foes.fighting(character.guild_id, [character.id]).get(character.id)
    if combat_id is None:
        return None
    return cat(tx).foes.get(character.guild_id, combat_id)


def with_state(
    tx: Transaction, combat: Combat[FoeFightState], fight: NonCatFight, now: datetime
) -> Combat[FoeFightState]:
    """Store a change to the fight between rounds (Fighting Frenzy, a foe joining, a death):
    a new version, so buttons offered before it are out of date."""
    return _save(tx, combat, combat.state.moved_on(fight, combat.state.phase), now)


@runs_in_database
def start(
    services: Services,
    actor: Actor,
    name: str,
    dice: int,
    scars: int,
    character: str | None = None,
    count: int | None = None,
) -> Reply:
    """An admin sets `count` non-cats of one kind against a cat: their dice and the scars each
    can take. Against a cat already fighting non-cats, they join its fight."""
    how_many = count or 1
    if not 1 <= how_many <= MOST_FOES:
        raise PawpostError(f"Set 1 to {MOST_FOES} foes on a cat; you gave {how_many}.")
    foes = [make_foe(name, dice, scars) for _ in range(how_many)]
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_cat(guild)
        require_admin(actor, guild)
        found = acting_character(tx, actor, guild, character)
        sheet = cat_sheet(found)
        if sheet.dead:
            raise PawpostError(f"{safe(found.name)} is dead.")
        if not usable_moves(sheet):
            raise PawpostError(
                f"{safe(found.name)}'s Claws, Fangs and Legs are all Crippled, so it cannot fight."
            )
        joined = active_fight(tx, found)
        if joined is not None:
            return _join(tx, actor, joined, found, foes, now)
        lines = fight_with_owed(tx, actor, guild, found, now)
        sheet = cat_sheet(found)
        state = FoeFightState(
            character_id=found.id, fight=start_fight(foes, frenzy_actions=sheet.frenzy_ready)
        )
        if sheet.frenzy_ready:
            lines.append(
                f"{safe(found.name)} comes in a Fighting Frenzy: {sheet.frenzy_ready} actions a "
                "round."
            )
            found.sheet = sheet.model_copy(update={"frenzy_ready": None})
            tx.characters.save_sheet(found)
        hours = guild.settings.turn_timeout_hours
        combat: Combat[FoeFightState] = Combat(
            guild_id=actor.guild_id,
            channel_id=actor.channel_id,
            created_by=actor.user_id,
            state=state,
            created_at=now,
            updated_at=now,
            due_at=now + timedelta(hours=hours),
        )
        combat = combat.model_copy(update={"id": cat(tx).foes.add(combat)})
        try:
            cat(tx).foes.add_fighters(actor.guild_id, combat.id, [found.id])
        except AlreadyFighting:
            raise PawpostError(f"{safe(found.name)} is already in a fight.") from None
        foe = foes[0]
        kind = foe.name if how_many == 1 else f"{how_many} × {foe.name}"
        tx.audit.add(
            audit.entry(
                actor,
                "fight",
                f"fight {combat.id}: {found.name} against {kind} ({how_many_dice(foe.dice)}, "
                f"out after {plural(foe.scars_to_defeat, 'scar')})",
                now,
                character=found,
            )
        )
    each = "each " if how_many > 1 else ""
    rolls = f"{safe(kind)} {each}rolls {how_many_dice(foe.dice)}."
    reply = next_reply(combat, found, [*lines, rolls])
    return reply.model_copy(
        update={"title": f"Fight {combat.id}: {safe(found.name)} against {safe(kind)}"}
    )


def _join(
    tx: Transaction,
    actor: Actor,
    combat: Combat[FoeFightState],
    found: Character,
    foes: list[Foe],
    now: datetime,
) -> Reply:
    """More foes join the cat's fight; the round being picked is picked again."""
    fight = with_foes(combat.state.fight, foes)
    combat = with_state(tx, combat, fight, now)
    kind = foes[0].name if len(foes) == 1 else f"{len(foes)} × {foes[0].name}"
    tx.audit.add(
        audit.entry(actor, "fight", f"fight {combat.id}: {kind} joins", now, character=found)
    )
    line = f"{safe(kind)} {'joins' if len(foes) == 1 else 'join'} fight {combat.id}."
    if combat.state.phase is FoePhase.SCARS:
        return Reply(
            lines=[line, standing(fight), f"{safe(found.name)} places last round's scars first."]
        )
    return next_reply(combat, found, [line]).model_copy(
        update={"title": f"Fight {combat.id}: {safe(found.name)}"}
    )


def _load(
    tx: Transaction, actor: Actor, combat_id: int, version: int | None, *, any_version: bool = False
) -> tuple[Guild, Combat[FoeFightState], Character]:
    guild = tx.guilds.get(actor.guild_id)
    require_cat(guild)
    combat = cat(tx).foes.get(actor.guild_id, combat_id)
    if combat is None:
        raise PawpostError("That fight does not exist in this server.")
    if combat.state.is_over:
        raise PawpostError("That fight is over.")
    if not any_version and (version is None or version != combat.state.version):
        raise PawpostError(STALE)
    found = tx.characters.by_id(actor.guild_id, combat.state.character_id)
    if found is None:
        raise PawpostError("The cat in that fight was deleted.")
    return guild, combat, found


def round_lines(fought: NonCatRound, name: str, fight: NonCatFight) -> list[str]:
    lines = [f"**Round {fought.number}**"]
    for action in fought.cat.actions:
        at = ""
        if action.target is not None and len(fight.foes) > 1:
            at = f" at {foe_label(fight, action.target)}"
        lines.append(f"{safe(name)}{at}: {describe_roll(action.roll)}")
    for foe_roll in fought.foe_rolls:
        lines.append(f"{foe_label(fight, foe_roll.foe)}: {describe_roll(foe_roll.roll)}")
    dealt = sum(fought.foe_scars.values())
    whose = "foes'" if len(fight.foes) > 1 else "foe's"
    lines.append(
        f"{safe(name)} deals {dealt} {'scar' if dealt == 1 else 'scars'}"
        + (" (a dodge deals none)" if fought.cat.dodged and not dealt else "")
        + f" and takes {fought.cat_scars}"
        + (f" (the {whose} evens beyond the dodge's)" if fought.cat.dodge_evens else "")
        + "."
    )
    return lines


def _plain(lines: list[str]) -> str:
    """Lines as the log keeps them: without Markdown (the log escapes what it shows)."""
    return " ".join(lines).replace("**", "").replace("\\", "")


def _actions(state: FoeFightState, verb: str) -> tuple[CatAction, ...]:
    """The round's actions once this pick is added: a move's word alone is every action left
    (at the first foe still in), "claws-b" one Claws at foe B, "dodge-one" one dodge."""
    fight = state.fight
    targets = _in(fight)
    if verb == ONE_DODGE:
        return (*state.chosen, CatAction(move=Move.DODGE))
    if "-" in verb:
        word, letter = verb.split("-", 1)
        target = LETTERS.index(letter)
        if target not in targets:
            raise PawpostError("That foe is not in the fight any more.")
        return (*state.chosen, CatAction(move=Move(word), target=target))
    move = Move(verb)
    return (*state.chosen, *[CatAction(move=move, target=targets[0])] * state.actions_left)


@runs_in_database
def fight_a_round(
    services: Services, actor: Actor, combat_id: int, verb: str, version: int | None
) -> Reply:
    """The cat's player picks the round's move (or, under a Frenzy, one action's); once every
    action is picked, both sides roll and the scars follow."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild, combat, found = _load(tx, actor, combat_id, version)
        if found.owner_id != actor.user_id and not actor.admin_in(guild.settings):
            raise PawpostError(
                f"Only {safe(found.name)}'s player or an admin can fight this round."
            )
        state = combat.state
        if state.phase is not FoePhase.MOVE:
            raise PawpostError(f"{safe(found.name)} places last round's scars first.")
        actions = _actions(state, verb)
        sheet = cat_sheet(found)
        for action in actions:
            if action.move not in usable_moves(sheet):
                raise PawpostError(
                    f"{safe(found.name)}'s {action.move.trait.label} is Crippled; choose another."
                )
        if len(actions) < state.fight.actions:
            combat = _save(tx, combat, state.moved_on(state.fight, FoePhase.MOVE, actions), now)
            return next_reply(combat, found, []).model_copy(update={"update": True})
        return _fight(tx, actor, guild, combat, found, actions, services, now)


def _fight(
    tx: Transaction,
    actor: Actor,
    guild: Guild,
    combat: Combat[FoeFightState],
    found: Character,
    actions: tuple[CatAction, ...],
    services: Services,
    now: datetime,
) -> Reply:
    """Fight the round: the cat fights with the scars it owes and the Style it readied."""
    state = combat.state
    before = fight_with_owed(tx, actor, guild, found, now)
    sheet = cat_sheet(found)
    style = min(sheet.style_ready, sheet.style)
    fight = state.fight
    fought = fight_round(fight, sheet, actions, services.dice, style=style)
    found.sheet = fought.sheet.model_copy(update={"style_ready": 0})
    tx.characters.save_sheet(found)
    rolled(tx, found, now)
    owed = fought.round.cat_scars
    new_fight = fought.fight if owed else after_scars(fought.fight, fought.sheet)
    combat = _save(
        tx, combat, state.moved_on(new_fight, FoePhase.SCARS if owed else FoePhase.MOVE), now
    )
    lines = round_lines(fought.round, found.name, new_fight)
    if style:
        lines.insert(1, f"{safe(found.name)} spends {style} Style: {style} automatic evens.")
    summary = _plain(lines[1:])
    cat(tx).foes.add_action(
        CombatAction(
            guild_id=actor.guild_id,
            combat_id=combat.id,
            version=combat.state.version,
            round=fought.round.number,
            user_id=actor.user_id,
            character_id=found.id,
            action=",".join(action.move.value for action in actions),
            summary=summary,
            events=[fought.round],
            created_at=now,
        )
    )
    tx.audit.add(
        audit.entry(
            actor,
            "fight",
            f"fight {combat.id}, round {fought.round.number}: {summary}",
            now,
            character=found,
            rolls=[a.roll for a in fought.round.cat.actions]
            + [r.roll for r in fought.round.foe_rolls],
        )
    )
    lines = [*before, *lines]
    if not owed:
        return next_reply(combat, found, lines)
    wound = open_wound(
        tx,
        found,
        WoundSource.FOE,
        combat.id,
        actions[0].move.trait,
        owed,
        now,
        life_allowed=True,
        channel_id=combat.channel_id,
    )
    sheet = cat_sheet(found)
    extra = [standing(new_fight)]
    if new_fight.ended is not None:
        extra.append(_ended_line(new_fight, found.name))
    return Reply(
        lines=[
            *lines,
            *extra,
            f"<@{found.owner_id}>, place {safe(found.name)}'s {owed} "
            f"{'scar' if owed == 1 else 'scars'} (or spend a Life on them) before the next round.",
        ],
        buttons=wound_buttons(wound, sheet),
        select=wound_select(wound, sheet),
        mentions=[found.owner_id],
    )


def after_wound(
    tx: Transaction, actor: Actor, combat_id: int, found: Character, now: datetime
) -> Reply:
    """The round's scars are settled: the fight goes on to its next round, unless the cat
    died of them, can fight no more, or the fight ended meanwhile."""
    combat = cat(tx).foes.get(actor.guild_id, combat_id)
    if combat is None or combat.state.phase is not FoePhase.SCARS:
        return Reply()
    fight = after_scars(combat.state.fight, cat_sheet(found))
    combat = _save(tx, combat, combat.state.moved_on(fight, FoePhase.MOVE), now)
    return next_reply(combat, found, [])


@runs_in_database
def end(services: Services, actor: Actor, combat_id: int, version: int | None) -> Reply:
    """An admin ends the fight, from any of its messages (ending is never out of date)."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild, combat, found = _load(tx, actor, combat_id, version, any_version=True)
        require_admin(actor, guild)
        combat = _save(
            tx, combat, combat.state.moved_on(end_fight(combat.state.fight), FoePhase.OVER), now
        )
        tx.audit.add(
            audit.entry(
                actor, "fight", f"fight {combat.id} ended by an admin", now, character=found
            )
        )
    return next_reply(combat, found, [])


@runs_in_database
def overdue_fights(
    services: Services, now: datetime, limit: int = REMINDERS_PER_WAKE
) -> tuple[list[Post], datetime | None]:
    """Foe fights whose cat's move has waited past the server's turn timeout: one reminder each
    wait, mentioning the cat's player, with the round's buttons (an admin may end it)."""
    posts: list[Post] = []
    with services.db.transaction() as tx:
        foes = cat(tx).foes
        due = foes.due(now, limit, CAT)
        for combat in due:
            guild = tx.guilds.get(combat.guild_id)
            found = tx.characters.by_id(combat.guild_id, combat.state.character_id)
            if found is None:
                continue
            hours = guild.settings.turn_timeout_hours
            reply = next_reply(
                combat,
                found,
                [f"Fight {combat.id} has waited {hours} h for {safe(found.name)}'s move."],
            )
            posts.append(
                Post(combat.channel_id, reply.model_copy(update={"title": "The fight waits"}))
            )
        foes.mark_reminded(due, now)
        record_posts(tx, posts, now)
        next_due = foes.next_due(CAT)
    return posts, next_due


async def fight_timeouts(services: Services, now: datetime) -> JobResult:
    """The scheduler's job: remind the players whose foe fights wait for their move."""
    posts, next_due = await overdue_fights(services, now)
    return JobResult(posts, next_due, in_outbox=True)


async def _button(services: Services, actor: Actor, press: Press) -> Reply:
    if press.verb == "end":
        return await end(services, actor, press.id, press.arg)
    return await fight_a_round(services, actor, press.id, press.verb, press.arg)


FOE_BUTTONS: dict[tuple[str, str], ButtonHandler] = {
    (AREA, verb): _button
    for verb in (
        *(move.value for move in Move),
        *(f"{move.value}-{letter}" for move in Move if move.attacks for letter in LETTERS),
        ONE_DODGE,
        "end",
    )
}
