"""A cat against a non-cat (book l. 58-64): an admin sets the foe's dice and the scars it can
take; each round the cat's player picks Claws, Fangs or Dodge by button, both sides roll, each
takes the other's evens as scars, and the cat places its own before the next round. It ends
when the foe is out, the cat is dead, or an admin ends it.

The fight is a combat in the shared turn-order tables (`storage.turns`): every button carries
the state version it was offered at, so a stale or doubled click does nothing.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from bot.actions import audit
from bot.actions.cat.common import cat_sheet, require_cat
from bot.actions.cat.wound_view import open_wound, wound_buttons, wound_select
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import describe_roll, safe
from bot.actions.lookup import acting_character, require_admin
from bot.actions.reply import Button, Reply, Style
from rules.cat.fights import (
    CatAction,
    FightEnd,
    Move,
    NonCatFight,
    NonCatRound,
    after_scars,
    end_fight,
    fight_round,
    make_foe,
    start_fight,
    usable_moves,
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


def _id(combat_id: int, verb: str, version: int) -> str:
    return f"pawpost:{AREA}:{combat_id}:{verb}:{version}"


def move_buttons(combat: Combat[FoeFightState], character: Character) -> list[Button]:
    """The next round's moves (each as many times as the cat has actions) and the admins' end."""
    state = combat.state
    actions = state.fight.actions
    times = f" ×{actions}" if actions > 1 else ""
    found = [
        Button(
            label=f"{move.value.capitalize()}{times}",
            custom_id=_id(combat.id, move.value, state.version),
            style=Style.primary if move.attacks else Style.secondary,
        )
        for move in usable_moves(cat_sheet(character))
    ]
    found.append(
        Button(
            label="End the fight (admin)",
            custom_id=_id(combat.id, "end", state.version),
            style=Style.danger,
        )
    )
    return found


def standing(fight: NonCatFight) -> str:
    foe = fight.foes[0]
    return f"{safe(foe.name)} has taken {foe.scars_taken} of {foe.scars_to_defeat} scars."


def _ended_line(fight: NonCatFight, name: str) -> str:
    foe = safe(fight.foes[0].name)
    if fight.ended is FightEnd.FOES_OUT:
        return f"**{foe} is out of the fight: {safe(name)} wins.**"
    if fight.ended is FightEnd.CAT_DEAD:
        return f"**{safe(name)} is dead: the fight is over.**"
    return "**An admin ended the fight.**"


def next_reply(combat: Combat[FoeFightState], character: Character, lines: list[str]) -> Reply:
    """The fight's message after a step: the next round's buttons, or how it ended."""
    state = combat.state
    fight = state.fight
    if state.is_over:
        return Reply(lines=[*lines, standing(fight), _ended_line(fight, character.name)])
    return Reply(
        lines=[
            *lines,
            standing(fight),
            f"<@{character.owner_id}>, round {fight.rounds + 1}: how does "
            f"{safe(character.name)} fight?",
        ],
        buttons=move_buttons(combat, character),
        mentions=[character.owner_id],
    )


def _save(
    tx: Transaction, combat: Combat[FoeFightState], state: FoeFightState, now: datetime
) -> Combat[FoeFightState]:
    moved = combat.model_copy(update={"state": state, "updated_at": now})
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
    """Store a change to the fight between rounds (Fighting Frenzy): a new version, so buttons
    offered before it are out of date."""
    return _save(tx, combat, combat.state.moved_on(fight, combat.state.phase), now)


@runs_in_database
def start(
    services: Services,
    actor: Actor,
    name: str,
    dice: int,
    scars: int,
    character: str | None = None,
) -> Reply:
    """An admin sets a non-cat against a cat: its dice and the scars it can take."""
    foe = make_foe(name, dice, scars)
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
        if cat(tx).foes.fighting(actor.guild_id, [found.id]):  # asked first: no id spent
            raise PawpostError(f"{safe(found.name)} is already in a fight.")
        state = FoeFightState(character_id=found.id, fight=start_fight([foe]))
        combat: Combat[FoeFightState] = Combat(
            guild_id=actor.guild_id,
            channel_id=actor.channel_id,
            created_by=actor.user_id,
            state=state,
            created_at=now,
            updated_at=now,
        )
        combat = combat.model_copy(update={"id": cat(tx).foes.add(combat)})
        try:
            cat(tx).foes.add_fighters(actor.guild_id, combat.id, [found.id])
        except AlreadyFighting:
            raise PawpostError(f"{safe(found.name)} is already in a fight.") from None
        tx.audit.add(
            audit.entry(
                actor,
                "fight",
                f"fight {combat.id}: {found.name} against {foe.name} ({foe.dice} dice, "
                f"out after {foe.scars_to_defeat} scars)",
                now,
                character=found,
            )
        )
    reply = next_reply(combat, found, [f"{safe(foe.name)} rolls {foe.dice} dice."])
    return reply.model_copy(
        update={"title": f"Fight {combat.id}: {safe(found.name)} against {safe(foe.name)}"}
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
        lines.append(f"{safe(name)}: {describe_roll(action.roll)}")
    for foe_roll in fought.foe_rolls:
        lines.append(f"{safe(fight.foes[foe_roll.foe].name)}: {describe_roll(foe_roll.roll)}")
    dealt = sum(fought.foe_scars.values())
    lines.append(
        f"{safe(name)} deals {dealt} {'scar' if dealt == 1 else 'scars'}"
        + (" (a dodge deals none)" if fought.cat.dodged and not dealt else "")
        + f" and takes {fought.cat_scars}"
        + (" (the foe's evens beyond the dodge's)" if fought.cat.dodge_evens else "")
        + "."
    )
    return lines


@runs_in_database
def fight_a_round(
    services: Services, actor: Actor, combat_id: int, move: Move, version: int | None
) -> Reply:
    """The cat's player picks the round's move; both sides roll and the scars follow."""
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
        fight = state.fight
        target = next(index for index, foe in enumerate(fight.foes) if not foe.out)
        actions = [CatAction(move=move, target=target)] * fight.actions
        fought = fight_round(fight, cat_sheet(found), actions, services.dice)
        found.sheet = fought.sheet
        tx.characters.save_sheet(found)
        owed = fought.round.cat_scars
        new_fight = fought.fight if owed else after_scars(fought.fight, fought.sheet)
        combat = _save(
            tx, combat, state.moved_on(new_fight, FoePhase.SCARS if owed else FoePhase.MOVE), now
        )
        lines = round_lines(fought.round, found.name, new_fight)
        cat(tx).foes.add_action(
            CombatAction(
                guild_id=actor.guild_id,
                combat_id=combat.id,
                version=combat.state.version,
                round=fought.round.number,
                user_id=actor.user_id,
                character_id=found.id,
                action=move.value,
                summary=" ".join(lines[1:]),
                events=[fought.round],
                created_at=now,
            )
        )
        tx.audit.add(
            audit.entry(
                actor,
                "fight",
                f"fight {combat.id}, round {fought.round.number}: " + " ".join(lines[1:]),
                now,
                character=found,
                rolls=[a.roll for a in fought.round.cat.actions]
                + [r.roll for r in fought.round.foe_rolls],
            )
        )
        if not owed:
            return next_reply(combat, found, lines)
        wound = open_wound(
            tx, found, WoundSource.FOE, combat.id, move.trait, owed, now, life_allowed=True
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
    died of them or the fight ended meanwhile."""
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


async def _button(services: Services, actor: Actor, press: Press) -> Reply:
    if press.verb == "end":
        return await end(services, actor, press.id, press.arg)
    return await fight_a_round(services, actor, press.id, Move(press.verb), press.arg)


FOE_BUTTONS: dict[tuple[str, str], ButtonHandler] = {
    (AREA, verb): _button for verb in (*(move.value for move in Move), "end")
}
