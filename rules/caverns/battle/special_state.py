"""What a bestiary creature's special remembers during a battle (book l. 431-607): kept on its
combatant, every field with a default so older battles load."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Reinforcements(BaseModel):
    """A village's defenders on their way (l. 537): rolled once, when a villager is attacked."""

    model_config = ConfigDict(frozen=True)

    turns: int  # the players' turns before they arrive
    defenders: int
    rolled_at: int  # the players' turns taken when the roll was made
    arrived: bool = False


class SpecialState(BaseModel):
    """One combatant's special bookkeeping; the defaults mean "nothing happened yet"."""

    model_config = ConfigDict(frozen=True)

    shocked: bool = False  # an Albino Eel has shocked its first attacker (l. 501)
    hidden: bool = False  # an Assassin not yet announced (l. 562)
    guard_of: int | None = None  # a Village Leader's guard: the leader's id (l. 545)
    eggsac_of: int | None = None  # a Spidion's eggsac: the Spidion's id (l. 465)
    loyal: Reinforcements | None = None  # the defenders this villager's attack called (l. 537)
    wares: int = 0  # a Merchant's wares and gold, in gold pieces (l. 585)
    gold: int = 0
    drowned_turn: int | None = None  # the turn whose drowning it has suffered (l. 494)
