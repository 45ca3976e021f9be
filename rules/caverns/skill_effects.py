"""A skill's lasting effect inside one battle (Immunize's choice, a Death Prophesy, a Mystic
Chant...): one small generic record kept in the battle's state, each skill reading its own
fields. Pure, and free of the battle module so that it can hold these."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from rules.caverns.conditions import Condition


class SkillEffect(BaseModel):
    """`skill` is the skill's key, `owner` the combatant whose skill it is. `at` is the battle
    turn or state version it refers to, `marks` combatants it has flagged, `count` a number,
    `lapsed` an ending not yet final: each skill says which it uses."""

    model_config = ConfigDict(frozen=True)

    skill: str
    owner: int
    targets: tuple[int, ...] = ()
    condition: Condition | None = None
    count: int = 0
    at: int = 0
    marks: tuple[int, ...] = ()
    lapsed: bool = False
