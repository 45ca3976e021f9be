"""A character's state of life, kept by the core for every ruleset."""

from __future__ import annotations

from enum import StrEnum


class Life(StrEnum):
    """Active plays; dead and retired cannot act; away is excused from what is due (hunts,
    pings) but may still act."""

    ACTIVE = "active"
    DEAD = "dead"
    RETIRED = "retired"
    AWAY = "away"

    @property
    def can_act(self) -> bool:
        return self in (Life.ACTIVE, Life.AWAY)
