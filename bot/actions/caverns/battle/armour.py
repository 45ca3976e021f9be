"""Armour in a running battle (book l. 298, 386): shedding a piece to move again, and when an
enemy spends its armour (the MC's choice)."""

from __future__ import annotations

from bot.actions.caverns.battle.acting import action_lost, before_acting
from bot.actions.caverns.battle.scene import open_battle, your_turn
from bot.actions.caverns.common import caverns_sheet, save
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.lookup import require_admin
from bot.actions.reply import Reply
from rules.caverns.battle.rows import Phase, end_turn, replace
from rules.caverns.conditions import Condition
from rules.caverns.moves import Move, refuse_if_unable
from rules.errors import PawpostError


@runs_in_database
def shed(services: Services, actor: Actor, character: str | None = None) -> Reply:
    """`/battle shed`: on your turn take off one piece of armour (a broken one first); it
    takes the action (l. 386)."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild, scene = open_battle(tx, actor)
        found, fighter = your_turn(tx, actor, guild, scene, character, now)
        if not before_acting(services, scene, fighter):
            return action_lost(scene, actor, fighter, now)
        sheet = caverns_sheet(found)
        refuse_if_unable(sheet, Move.ROLL)
        if sheet.has_condition(Condition.BOUND):
            raise PawpostError("You are Bound: free yourself before you shed any armour.")
        pieces = sorted(sheet.armour, key=lambda i: not i.broken)
        if not pieces:
            raise PawpostError(f"{safe(found.name)} wears no armour.")
        piece = pieces[0]
        equipment = list(sheet.equipment)
        equipment.remove(piece)
        after = sheet.model_copy(update={"equipment": tuple(equipment)})
        save(tx, found, after)
        freed = " and can move again" if sheet.immobile and not after.immobile else ""
        scene.say(f"{safe(found.name)} sheds their {safe(piece.name)}{freed}.")
        scene.state = end_turn(scene.state)
        return scene.commit(actor, "shed", f"{found.name} sheds armour", now)


ARMOUR_USES = {"every hit": False, "killing blows": True}  # /enemy armour's choices: saves it


@runs_in_database
def enemy_armour(services: Services, actor: Actor, enemy: str, use: str) -> Reply:
    """`/enemy armour` (the MC): whether an enemy spends a piece of armour against every hit
    while it has one (the default), or saves its armour for a hit that would kill it. The
    book lets anyone in the fight choose (l. 298); this is the MC's choice, made once."""
    now = services.clock()
    saves = ARMOUR_USES.get(use.strip().lower())
    if saves is None:
        raise PawpostError('An enemy spends its armour on "every hit" or on "killing blows".')
    with services.db.transaction() as tx:
        guild, scene = open_battle(tx, actor)
        require_admin(actor, guild)
        if scene.state.phase is Phase.OVER:
            raise PawpostError("The battle is over.")
        fighter = scene.state.by_name(enemy)
        if not fighter.is_npc:
            raise PawpostError(
                f"{safe(fighter.name)} is a character: its player spends its armour "
                "(/battle armour)."
            )
        scene.state = replace(scene.state, fighter.model_copy(update={"saves_armour": saves}))
        if saves:
            scene.say(f"{safe(fighter.name)} saves its armour for a blow that would kill it.")
        else:
            scene.say(f"{safe(fighter.name)} spends a piece of armour against every hit.")
        return scene.commit(actor, "armour use", f"{fighter.name}'s armour", now)
