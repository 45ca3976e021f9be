"""Armour in a running battle (book l. 386): shedding a piece to move again."""

from __future__ import annotations

from bot.actions.caverns.acting import action_lost, before_acting
from bot.actions.caverns.common import caverns_sheet, save
from bot.actions.caverns.scene import open_battle, your_turn
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.reply import Reply
from rules.caverns.battle import end_turn
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
