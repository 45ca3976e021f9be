"""The races' own actions in battle (book l. 75, 90): a Dracnari breathes fire, setting someone
Ablaze; a Tae'dae hugs someone, making them Bound. Each takes the turn's action, needs no roll
and reaches as `rules.caverns.race_traits.RACE_ACTIONS` says (a hug the adjacent row, fire
breath as a Reach weapon). `/battle breathe` and `/battle hug` come here, and so does
`/skill use name:hug` in a battle (race_traits.use_race_action)."""

from __future__ import annotations

from datetime import datetime

from bot.actions.caverns.battle import conditions as battle_conditions
from bot.actions.caverns.battle.acting import action_lost, before_acting
from bot.actions.caverns.battle.scene import Scene, open_battle, your_turn
from bot.actions.caverns.common import caverns_sheet
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.reply import Reply
from rules.caverns.battle.rows import Combatant, Phase, end_turn, in_reach, whose_turn
from rules.caverns.conditions import Condition
from rules.caverns.moves import Move, refuse_if_unable
from rules.caverns.race_traits import RACE_ACTIONS, RaceAction
from rules.caverns.races import Race
from rules.errors import PawpostError
from storage.models import Character


def act(
    services: Services,
    scene: Scene,
    actor: Actor,
    found: Character,
    fighter: Combatant,
    action: RaceAction,
    target: str,
    now: datetime,
) -> Reply:
    """The race's action on the acting character's turn (the caller checked the turn): on
    someone else still in the battle, in reach, never by a Pacifist."""
    verb = action.name.split()[0].lower()  # "hug", "breathe"
    victim = scene.state.by_name(target)
    if victim.id == fighter.id or not victim.present or victim.special.hidden:
        raise PawpostError(f"{safe(victim.name)} is not someone {safe(found.name)} can reach.")
    if not in_reach(fighter, victim, action.reach):
        raise PawpostError(
            f"{safe(victim.name)} is out of reach of {safe(found.name)}'s {action.noun} "
            f"({action.reach.value})."
        )
    if Condition.PACIFISM in scene.conditions_of(fighter):
        raise PawpostError(f"{safe(found.name)} is a Pacifist and will not {verb} anyone.")
    if not before_acting(services, scene, fighter):
        return action_lost(scene, actor, fighter, now)
    refuse_if_unable(caverns_sheet(scene.character(fighter)), Move.ROLL)
    scene.say(f"{safe(found.name)} {action.verb} {safe(victim.name)}.")
    scene.afflict(
        scene.state.combatant(victim.id), action.condition, by=f"{found.name}'s {action.noun}"
    )
    if victim.side != fighter.side:
        battle_conditions.side_attacked(scene, victim)
    scene.state = end_turn(scene.state)
    return scene.commit(actor, verb, f"{found.name} {action.verb} {victim.name}", now)


def on_turn(
    services: Services,
    scene: Scene,
    actor: Actor,
    found: Character,
    fighter: Combatant,
    action: RaceAction,
    target: str,
    now: datetime,
) -> Reply:
    """`/skill use name:hug` in a battle: only on the character's turn, once no choice of
    another's holds the battle."""
    from bot.actions.caverns.battle.choices import hold_on  # it builds on the scene

    if scene.state.phase is not Phase.PLAYER or scene.state.current != fighter.id:
        raise PawpostError(f"It is not {safe(found.name)}'s turn: {whose_turn(scene.state)}")
    hold_on(scene, actor, now)
    return act(services, scene, actor, found, fighter, action, target, now)


def _race_action(
    services: Services, actor: Actor, target: str, character: str | None, race: Race
) -> Reply:
    action = RACE_ACTIONS[race]
    now = services.clock()
    with services.db.transaction() as tx:
        guild, scene = open_battle(tx, actor)
        found, fighter = your_turn(tx, actor, guild, scene, character, now)
        if caverns_sheet(found).race is not race:
            raise PawpostError(f"Only a {race.label} can {action.name.lower()} (l. {action.line}).")
        return act(services, scene, actor, found, fighter, action, target, now)


@runs_in_database
def breathe(services: Services, actor: Actor, target: str, character: str | None = None) -> Reply:
    """`/battle breathe`: a Dracnari's fire, as its action, sets someone Ablaze (l. 75)."""
    return _race_action(services, actor, target, character, Race.DRACNARI)


@runs_in_database
def hug(services: Services, actor: Actor, target: str, character: str | None = None) -> Reply:
    """`/battle hug`: a Tae'dae's hug, as its action, makes someone Bound (l. 90)."""
    return _race_action(services, actor, target, character, Race.TAEDAE)
