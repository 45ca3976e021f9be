"""One use of a skill in a running battle, and what a skill does there: the shapes each
skillset's module (bot/actions/caverns/skills/<skillset>.py) fills in for registry.py."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.actions.context import Actor, Services
from rules.caverns.battle.rows import Combatant
from rules.caverns.skills import Skill
from rules.errors import PawpostError
from storage.models import Character

if TYPE_CHECKING:
    from bot.actions.caverns.battle.scene import Scene


@dataclass
class SkillTurn:
    """One use of a skill in battle: who uses it, on whom, inside the battle's scene."""

    services: Services
    scene: Scene
    actor: Actor
    character: Character
    fighter: Combatant
    skill: Skill
    target: Combatant | None
    text: str  # the target option as typed (a row, a condition, several names…)

    def require_target(self) -> Combatant:
        if self.target is None:
            raise PawpostError(f"Name the combatant {self.skill.name} is used on.")
        return self.target


@dataclass(frozen=True)
class BattleSkill:
    """What a skill does in battle. `action`: it takes the user's turn (most do); without one
    it may be used at any moment of the battle (Beguiling, Harry, Veil). `names_combatant`:
    the target option is a combatant's name (else the handler reads `SkillTurn.text`: a row,
    a condition, several names)."""

    run: Callable[[SkillTurn], None]
    action: bool = True
    names_combatant: bool = True
