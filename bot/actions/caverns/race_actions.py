"""The races' own actions in battle (book l. 75, 90): a Dracnari breathes fire, setting someone
Ablaze; a Tae'dae hugs someone, making them Bound. Each takes the turn's action and reaches as a
Melee attack does (the adjacent row)."""

from __future__ import annotations

from bot.actions.caverns import battle_conditions
from bot.actions.caverns.acting import action_lost, before_acting
from bot.actions.caverns.common import caverns_sheet
from bot.actions.caverns.scene import open_battle, your_turn
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.reply import Reply
from rules.caverns.battle import end_turn, in_reach
from rules.caverns.catalogue import Range
from rules.caverns.conditions import Condition
from rules.caverns.moves import Move, refuse_if_unable
from rules.caverns.races import Race
from rules.errors import PawpostError

# Race -> (the condition its action puts on, how it is told, the verb for the log).
RACE_ACTIONS: dict[Race, tuple[Condition, str, str]] = {
    Race.DRACNARI: (Condition.ABLAZE, "breathes fire on", "breathe"),
    Race.TAEDAE: (Condition.BOUND, "hugs", "hug"),
}


def _race_action(
    services: Services, actor: Actor, target: str, character: str | None, race: Race
) -> Reply:
    condition, told, verb = RACE_ACTIONS[race]
    now = services.clock()
    with services.db.transaction() as tx:
        guild, scene = open_battle(tx, actor)
        found, fighter = your_turn(tx, actor, guild, scene, character, now)
        if caverns_sheet(found).race is not race:
            raise PawpostError(f"Only a {race.label} can {verb} (l. 75, 90).")
        victim = scene.state.by_name(target)
        if victim.id == fighter.id or not victim.present or victim.special.hidden:
            raise PawpostError(f"{safe(victim.name)} is not someone {safe(found.name)} can reach.")
        if not in_reach(fighter, victim, Range.MELEE):
            raise PawpostError(f"{safe(victim.name)} is out of {safe(found.name)}'s melee reach.")
        if Condition.PACIFISM in scene.conditions_of(fighter):
            raise PawpostError(f"{safe(found.name)} is a Pacifist and will not {verb} anyone.")
        if not before_acting(services, scene, fighter):
            return action_lost(scene, actor, fighter, now)
        refuse_if_unable(caverns_sheet(scene.character(fighter)), Move.ROLL)
        scene.say(f"{safe(found.name)} {told} {safe(victim.name)}.")
        scene.afflict(scene.state.combatant(victim.id), condition, by=found.name)
        if victim.side != fighter.side:
            battle_conditions.side_attacked(scene, victim)
        scene.state = end_turn(scene.state)
        return scene.commit(actor, verb, f"{found.name} {told} {victim.name}", now)


@runs_in_database
def breathe(services: Services, actor: Actor, target: str, character: str | None = None) -> Reply:
    """`/battle breathe`: a Dracnari's fire, as its action, sets someone Ablaze (l. 75)."""
    return _race_action(services, actor, target, character, Race.DRACNARI)


@runs_in_database
def hug(services: Services, actor: Actor, target: str, character: str | None = None) -> Reply:
    """`/battle hug`: a Tae'dae's hug, as its action, makes someone Bound (l. 90)."""
    return _race_action(services, actor, target, character, Race.TAEDAE)
