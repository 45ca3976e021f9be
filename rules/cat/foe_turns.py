"""A fight against a non-cat between clicks: whose fight it is, the fight, and what it waits
for (the cat's move, or the round's scars placed), with the version a click is made against."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from rules.cat.fights import CatAction, NonCatFight


class FoePhase(StrEnum):
    MOVE = "move"  # the cat's player picks Claws, Fangs or Dodge for the next round
    SCARS = "scars"  # the round's scars wait to be placed (or cancelled by a Life)
    OVER = "over"


class FoeFightState(BaseModel):
    """Stored whole as the combat's state (storage.turns); every step makes a new version."""

    model_config = ConfigDict(frozen=True)

    character_id: int
    fight: NonCatFight
    phase: FoePhase = FoePhase.MOVE
    version: int = 0
    chosen: tuple[CatAction, ...] = ()  # the round's actions picked so far (a Frenzy's several)

    @property
    def attacker(self) -> int | None:
        return None if self.is_over else self.character_id

    @property
    def turn(self) -> int:
        return self.fight.rounds

    @property
    def is_over(self) -> bool:
        return self.phase is FoePhase.OVER

    @property
    def actions_left(self) -> int:
        """Actions still to pick before the round is fought."""
        return self.fight.actions - len(self.chosen)

    def moved_on(
        self, fight: NonCatFight, phase: FoePhase, chosen: tuple[CatAction, ...] = ()
    ) -> FoeFightState:
        """The next version: a new fight state, what it waits for (over once it ended) and the
        actions picked for the coming round."""
        if fight.ended is not None:
            phase = FoePhase.OVER
        return self.model_copy(
            update={
                "fight": fight,
                "phase": phase,
                "version": self.version + 1,
                "chosen": chosen if phase is FoePhase.MOVE else (),
            }
        )
