"""What a cat's death does to the scenes it is in: its fight against a non-cat ends, the scars
it still owes are settled (a dead cat places none), and no Life can be spent on its earlier
Risks. Called wherever a cat dies, and by the GM toolkit's `leave_scenes`."""

from __future__ import annotations

from datetime import datetime

from bot.actions.cat import foe_flow
from bot.actions.cat.common import cat_sheet
from bot.actions.formatting import safe
from rules.cat.fights import after_scars
from storage.cat import cat
from storage.cat.wounds import Settled
from storage.models import Character
from storage.repositories import Transaction


def leave_scenes(tx: Transaction, character: Character, now: datetime) -> list[str]:
    """Take a dead cat out of what it was doing; returns what that ended."""
    sheet = cat_sheet(character)
    if not sheet.dead:
        return []
    lines: list[str] = []
    combat = foe_flow.active_fight(tx, character)
    if combat is not None and not combat.state.is_over:
        fight = after_scars(combat.state.fight, sheet)
        foe_flow.with_state(tx, combat, fight, now)
        lines.append(f"{safe(character.name)} is dead: fight {combat.id} is over.")
    for wound in cat(tx).wounds.open_of(character.guild_id, character.id):
        cat(tx).wounds.place(wound, 0, now, settled=Settled.DEAD)
    cat(tx).risks.move_on(character.guild_id, character.id, now)
    return lines
