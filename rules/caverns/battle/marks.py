"""What Illusions, Stealth and Hunting leave on a battle (book l. 253-279): Smudge's timer,
Trapper's three conditions, the latest successful attack (for Truss and Masquerade) and the
turn that just ended (for Blood Boil). Kept in the battle's state; every field has a default."""

from __future__ import annotations

from pydantic import BaseModel

from rules.caverns.conditions import Condition


class Smudge(BaseModel):
    """Smudge (l. 278): the row picked on `placed_turn`; it burns at the end of the user's
    next turn."""

    owner: int
    row: str  # a row key, "enemies:front" (rules/caverns/battle/rows.py row_key)
    placed_turn: int


class Trap(BaseModel):
    """Trapper (l. 279): the condition for the first enemy to Advance, the one for the first
    to Flee (None once sprung), and the Flourish on all the trapper's attacks."""

    owner: int
    on_advance: Condition | None
    on_flee: Condition | None
    flourish: Condition


class Struck(BaseModel):
    """A successful attack just made, which Truss and Masquerade may follow up on."""

    attacker: int
    target: int
    version: int
    infiltrated: bool
    killed: bool


class TurnOver(BaseModel):
    """A player's turn that just ended (Blood Boil acts "at the end of your turn")."""

    combatant: int
    version: int
