"""The combat's buttons and selects: `pawpost:combat:<id>:<verb>:<version>` -> one step."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.germ.combat_flow import Fight, Step, load, run_step
from bot.actions.reply import Reply
from rules.dice import DiceSource
from rules.errors import PawpostError
from rules.germ.combat_events import FighterId, HideChoice
from rules.germ.combat_turns import (
    accept,
    agree_to_end,
    answer_join,
    attack,
    chase,
    choose_disability,
    choose_first,
    decide_first,
    decline,
    end_combat,
    hide,
    hide_choice,
    let_go,
    propose_terrain,
    run,
    set_terrain,
    settle_join,
)
from rules.germ.sheet import Disability
from storage.repositories import Transaction
from storage.settings import Guild

# A button pressed when what it answers is no longer asked (another turn, an earlier phase).
NOT_OPEN = "That choice is not open now: the combat has moved on."

if TYPE_CHECKING:
    from bot.actions.buttons import Press

Decide = Callable[[Fight, Actor, "Press", DiceSource], Step]
Handler = Callable[[Services, Actor, "Press"], Awaitable[Reply]]

STALE = "That button is out of date; the combat has moved on."


def _on_click(decide: Decide) -> Handler:
    """A button handler: load the combat at the button's version, then take the step."""

    def handler(services: Services, actor: Actor, press: Press) -> Reply:
        if press.arg is None:
            raise PawpostError(STALE)

        def act(tx: Transaction, guild: Guild) -> tuple[Fight, Step]:
            fight = load(tx, guild, press.id, press.arg, lock=True)
            return fight, decide(fight, actor, press, services.dice)

        return run_step(services, actor, act)

    return runs_in_database(handler)


def _names(fight: Fight, fighters: list[FighterId]) -> str:
    return " or ".join(fight.cast.name(f) for f in fighters) or "the other cat"


# Starting.


def _accept(fight: Fight, actor: Actor, press: Press, dice: DiceSource) -> Step:
    state = fight.state
    waiting = [f for f in state.fighters[1:] if f not in state.accepted]
    mine = [f for f in waiting if fight.plays(actor, f)]
    if mine:
        fighter = mine[0]
    elif waiting and fight.is_admin(actor):
        fighter = waiting[0]
    elif fight.plays(actor, state.challenger):
        raise PawpostError("You cannot accept your own challenge.")
    elif not waiting:
        raise PawpostError(NOT_OPEN)
    else:
        raise PawpostError(f"Only {_names(fight, waiting)}'s player or an admin can accept.")
    transition = accept(state, fighter, dice, fight.sheets())
    return Step("accept", fighter, transition, update=True)


def _decline(fight: Fight, actor: Actor, press: Press, dice: DiceSource) -> Step:
    mine = fight.own_fighters(actor)
    if mine:
        fighter = mine[-1]
    elif fight.is_admin(actor):
        fighter = fight.state.fighters[-1]
    else:
        raise PawpostError("Only the fighters' players or an admin can decline.")
    return Step("decline", fighter, decline(fight.state, fighter), update=True)


def _voter(fight: Fight, actor: Actor) -> FighterId:
    """The fighter whose player is answering "who attacks first?"."""
    mine = fight.own_fighters(actor)
    if not mine:
        raise PawpostError(
            "Only the fighters' players answer this; an admin decides with /admin combat first."
        )
    return next((f for f in mine if f not in fight.state.first_choices), mine[0])


def _me_first(fight: Fight, actor: Actor, press: Press, dice: DiceSource) -> Step:
    fighter = _voter(fight, actor)
    return Step("first-vote", fighter, choose_first(fight.state, fighter, fighter), update=True)


def _them_first(fight: Fight, actor: Actor, press: Press, dice: DiceSource) -> Step:
    fighter = _voter(fight, actor)
    others = [f for f in fight.state.active if f != fighter]
    if len(others) != 1:
        raise PawpostError("With more than two cats, an admin decides who attacks first.")
    transition = choose_first(fight.state, fighter, others[0])
    return Step("first-vote", fighter, transition, update=True)


def _picked_fighter(fight: Fight, press: Press) -> FighterId:
    value = press.values[0] if len(press.values) == 1 else ""
    if not value.isdigit() or int(value) not in fight.state.active:
        raise PawpostError("Choose one of the cats in this combat.")
    return int(value)


def _decide_first(fight: Fight, actor: Actor, press: Press, dice: DiceSource) -> Step:
    if not fight.is_admin(actor):
        raise PawpostError("Only an admin can decide who attacks first.")
    first = _picked_fighter(fight, press)
    note = f"{fight.cast.raw(first)} attacks first"
    return Step("first-decided", first, decide_first(fight.state, first), note, update=True)


# A turn.


def _attacker(fight: Fight, actor: Actor) -> FighterId:
    attacker = fight.state.attacker
    if attacker is None or not fight.may_act_for(actor, attacker):
        raise PawpostError("It is not your turn.")
    return attacker


def _attack(fight: Fight, actor: Actor, press: Press, dice: DiceSource) -> Step:
    fighter = _attacker(fight, actor)
    return Step("attack", fighter, attack(fight.state, fighter, dice, fight.sheets()))


def _run(fight: Fight, actor: Actor, press: Press, dice: DiceSource) -> Step:
    fighter = _attacker(fight, actor)
    return Step("run", fighter, run(fight.state, fighter))


def _hide(fight: Fight, actor: Actor, press: Press, dice: DiceSource) -> Step:
    fighter = _attacker(fight, actor)
    return Step("hide", fighter, hide(fight.state, fighter, dice, fight.sheets()))


def _chaser(fight: Fight, actor: Actor) -> FighterId:
    state = fight.state
    if state.chaser is None:
        raise PawpostError(NOT_OPEN)
    if fight.may_act_for(actor, state.chaser):
        return state.chaser
    name = fight.cast.name(state.chaser)
    if fight.plays(actor, state.runner):
        raise PawpostError(f"You are the one running; {name}'s player decides whether to chase.")
    raise PawpostError(f"Only {name}'s player or an admin can chase or let go.")


def _chase(fight: Fight, actor: Actor, press: Press, dice: DiceSource) -> Step:
    fighter = _chaser(fight, actor)
    return Step("chase", fighter, chase(fight.state, fighter, dice, fight.sheets()))


def _let_go(fight: Fight, actor: Actor, press: Press, dice: DiceSource) -> Step:
    fighter = _chaser(fight, actor)
    return Step("let-go", fighter, let_go(fight.state, fighter))


def _hide_choice(choice: HideChoice) -> Decide:
    def decide(fight: Fight, actor: Actor, press: Press, dice: DiceSource) -> Step:
        hider = fight.state.hider
        if hider is None:
            raise PawpostError(NOT_OPEN)
        if not fight.may_act_for(actor, hider):
            name = fight.cast.name(hider)
            raise PawpostError(f"Only {name}'s player or an admin can choose.")
        transition = hide_choice(fight.state, hider, choice, dice, fight.sheets())
        return Step(choice.value, hider, transition)

    return decide


def _disability(fight: Fight, actor: Actor, press: Press, dice: DiceSource) -> Step:
    wounded = fight.state.disabled
    if wounded is None:
        raise PawpostError(NOT_OPEN)
    if not fight.may_act_for(actor, wounded):
        name = fight.cast.name(wounded)
        raise PawpostError(f"Only {name}'s player or an admin can choose the disability.")
    try:
        chosen = Disability(press.values[0] if len(press.values) == 1 else "")
    except ValueError:
        raise PawpostError("Choose one of the disabilities offered.") from None
    return Step("disability", wounded, choose_disability(fight.state, wounded, chosen))


# Ending.


def end_step(fight: Fight, actor: Actor) -> Step:
    """The actor's cat agrees to end the combat; an admin who plays none of the cats still in
    it ends the combat at once."""
    mine = fight.own_fighters(actor)
    voting = next((f for f in mine if f not in fight.state.end_votes), None)
    if voting is not None:
        transition = agree_to_end(fight.state, voting)
        return Step("end-vote", voting, transition, asks_to_end=True, update=True)
    if mine:
        raise PawpostError("You have already agreed to end this combat.")
    if fight.is_admin(actor):
        return Step("end", None, end_combat(fight.state), "The combat ends", update=True)
    raise PawpostError("Only the fighters' players or an admin can end this combat.")


def _end(fight: Fight, actor: Actor, press: Press, dice: DiceSource) -> Step:
    return end_step(fight, actor)


# More than two cats: a move with its opponent, the first attacker, joining, the terrain.


def _move(fight: Fight, actor: Actor, press: Press, dice: DiceSource) -> Step:
    fighter = _attacker(fight, actor)
    verb, _, picked = (press.values[0] if len(press.values) == 1 else "").partition(":")
    if verb not in ("attack", "run", "hide") or not picked.isdigit():
        raise PawpostError("Choose one of the moves offered.")
    opponent = int(picked)
    state = fight.state
    if verb == "attack":
        return Step(
            "attack", fighter, attack(state, fighter, dice, fight.sheets(), target=opponent)
        )
    if verb == "run":
        return Step("run", fighter, run(state, fighter, chaser=opponent))
    return Step("hide", fighter, hide(state, fighter, dice, fight.sheets(), seeker=opponent))


def _first_pick(fight: Fight, actor: Actor, press: Press, dice: DiceSource) -> Step:
    fighter = _voter(fight, actor)
    first = _picked_fighter(fight, press)
    return Step("first-vote", fighter, choose_first(fight.state, fighter, first), update=True)


def _join_answer(yes: bool) -> Decide:
    def decide(fight: Fight, actor: Actor, press: Press, dice: DiceSource) -> Step:
        state = fight.state
        joiner = state.joining
        if joiner is None:
            raise PawpostError("No cat is asking to join this combat.")
        asked = [f for f in (joiner, *state.active) if fight.plays(actor, f)]
        mine = [f for f in asked if not yes or f not in state.join_yes]
        if mine and not (state.join_disputed and fight.is_admin(actor)):
            return Step("join-answer", mine[0], answer_join(state, mine[0], yes=yes))
        if fight.is_admin(actor):
            note = f"{fight.cast.raw(joiner)} {'joins' if yes else 'does not join'}"
            return Step("join-settled", joiner, settle_join(state, admit=yes), note)
        if asked:
            raise PawpostError("You have already agreed to this cat joining.")
        raise PawpostError(
            "Only the joining cat's player, the fighters' players or an admin can answer."
        )

    return decide


def _terrain(fight: Fight, actor: Actor, press: Press, dice: DiceSource) -> Step:
    proposal = fight.state.terrain_proposal
    if proposal is None:
        raise PawpostError("No terrain change is proposed.")
    return terrain_step(fight, actor, proposal)


def terrain_step(fight: Fight, actor: Actor, allows_hiding: bool) -> Step:
    """The actor's cat proposes or agrees to the terrain; an admin who plays none of the cats
    still in the combat sets it at once."""
    state = fight.state
    mine = fight.own_fighters(actor)
    same = state.terrain_proposal == allows_hiding
    voting = next((f for f in mine if not same or f not in state.terrain_votes), None)
    if voting is not None:
        transition = propose_terrain(state, voting, allows_hiding=allows_hiding)
        return Step("terrain-vote", voting, transition)
    if mine:
        raise PawpostError("You have already agreed to this terrain.")
    if fight.is_admin(actor):
        return admin_terrain_step(fight, allows_hiding)
    raise PawpostError("Only the fighters' players or an admin can change the terrain.")


def admin_terrain_step(fight: Fight, allows_hiding: bool) -> Step:
    words = "allows hiding" if allows_hiding else "does not allow hiding"
    transition = set_terrain(fight.state, allows_hiding=allows_hiding)
    return Step("terrain", None, transition, f"The terrain now {words}")


COMBAT_BUTTONS: dict[tuple[str, str], Handler] = {
    ("combat", verb): _on_click(decide)
    for verb, decide in (
        ("accept", _accept),
        ("decline", _decline),
        ("me-first", _me_first),
        ("them-first", _them_first),
        ("decide-first", _decide_first),
        ("attack", _attack),
        ("run", _run),
        ("hide", _hide),
        ("chase", _chase),
        ("let-go", _let_go),
        ("free-attack", _hide_choice(HideChoice.FREE_ATTACK)),
        ("escape", _hide_choice(HideChoice.ESCAPE)),
        ("disability", _disability),
        ("end", _end),
        ("move", _move),
        ("first-pick", _first_pick),
        ("join-yes", _join_answer(True)),
        ("join-no", _join_answer(False)),
        ("terrain", _terrain),
    )
}
