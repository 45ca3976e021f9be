"""A WCAGR fight's stored state (kept whole by `storage.turns`): who fights, the initiative
order and whose turn it is, the rounds, the wrestles with their pins, the wrestlers' choices
waiting to be rolled together, and an attack waiting for its target's Jump."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from rules.rolls import Roll
from rules.wcagr.fights import WrestleChoice


class Phase(StrEnum):
    ASKED = "asked"  # waiting for the targets to accept
    TURNS = "turns"  # the cat on turn acts
    WRESTLING = "wrestling"  # the wrestlers of the cat on turn choose Wrestle or Jump
    DEFENDING = "defending"  # the target of the cat on turn chooses how it Jumps (l.408)
    OVER = "over"


class FightEvent(BaseModel):
    """One line of a fight's log, with the rolls it shows."""

    text: str
    rolls: list[Roll] = Field(default_factory=list)


class PendingJump(BaseModel):
    """An attack rolled and waiting for its target's Jump (l.408, 411: "the target should make
    a Jump Check ... perhaps using the Dodge Knack"): the attacker's roll, and what the attack
    does if it lands (its knacks, the points it put on the damage)."""

    model_config = ConfigDict(frozen=True)

    move: str  # "swat", "bite" or "pounce"
    attacker: int
    target: int
    attack: Roll
    knacks: dict[str, int] = Field(default_factory=dict)
    damage_spend: int = 0


class FightState(BaseModel):
    """Everything a later command or click depends on; `version` goes up with every change."""

    model_config = ConfigDict(frozen=True)

    fighters: tuple[int, ...]  # everyone who entered, the challenger first
    phase: Phase = Phase.ASKED
    version: int = 0
    step: int = 0  # the version at which the present wait began: older buttons are stale
    life_or_death: bool = False
    accepted: frozenset[int] = frozenset()
    order: tuple[int, ...] = ()  # initiative order, highest first
    initiative: dict[int, int] = Field(default_factory=dict)
    position: int = 0  # index in `order` of the cat on turn
    turn: int = 0  # the round, from 1
    out: frozenset[int] = frozenset()  # left, knocked out or dead: skipped
    wrestles: tuple[tuple[int, ...], ...] = ()
    pinned: dict[int, int] = Field(default_factory=dict)  # pinned cat -> its pinner
    chomped_by: dict[int, int] = Field(default_factory=dict)  # pinned by a Chomp until then
    no_attack: frozenset[int] = frozenset()  # launched: no attack on its next action
    choices: dict[int, WrestleChoice] = Field(default_factory=dict)
    choice_targets: dict[int, int] = Field(default_factory=dict)
    choice_spend: dict[int, int] = Field(default_factory=dict)
    choice_knacks: dict[int, dict[str, int]] = Field(default_factory=dict)
    choice_damage_spend: dict[int, int] = Field(default_factory=dict)
    upper_paw: frozenset[int] = frozenset()  # won its wrestle's latest roll-off
    jump_wait: PendingJump | None = None
    end_reason: str | None = None

    @property
    def attacker(self) -> int | None:
        """The cat on turn."""
        if self.phase in (Phase.TURNS, Phase.WRESTLING, Phase.DEFENDING) and self.order:
            return self.order[self.position]
        return None

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def bumped(self, **changes: object) -> FightState:
        """A copy with `changes` and the next version; a new phase begins a new step."""
        update = {**changes, "version": self.version + 1}
        if "phase" in changes and changes["phase"] != self.phase:
            update["step"] = self.version + 1
        return self.model_copy(update=update)

    def is_current(self, version: int | None) -> bool:
        """Whether a button made at `version` belongs to the present wait."""
        return version is not None and version >= self.step

    def wrestle_of(self, cat: int) -> tuple[int, ...] | None:
        return next((group for group in self.wrestles if cat in group), None)

    def standing(self) -> tuple[int, ...]:
        """The cats still in the fight, in turn order."""
        return tuple(cat for cat in self.order if cat not in self.out)


def without_wrestler(state: FightState, cat: int) -> FightState:
    """`cat` leaves its wrestle (a wrestle of one is over) and every pin it was part of."""
    groups = []
    for group in state.wrestles:
        kept = tuple(c for c in group if c != cat)
        if len(kept) >= 2:
            groups.append(kept)
    still = {c for group in groups for c in group}
    pinned = {p: by for p, by in state.pinned.items() if p in still and by in still}
    chomped = {p: by for p, by in state.chomped_by.items() if p in pinned}
    return state.model_copy(
        update={
            "wrestles": tuple(groups),
            "pinned": pinned,
            "chomped_by": chomped,
            "upper_paw": state.upper_paw & still,
        }
    )


def next_turn(state: FightState) -> FightState:
    """The next cat in the order still in the fight; past the last, a new round. Fewer than two
    cats left ends the fight. (A Chomp's pin waits for its biter to hold on or let go.)"""
    standing = state.standing()
    if len(standing) < 2:
        return state.bumped(phase=Phase.OVER, end_reason="only one cat is left fighting")
    position, turn = state.position, state.turn
    no_attack = set(state.no_attack)
    for _ in range(2 * len(state.order)):
        position += 1
        if position >= len(state.order):
            position, turn = 0, turn + 1
        cat = state.order[position]
        if cat in state.out:
            continue
        if cat in no_attack:  # l.293: launched, it spends its next action finding its feet
            no_attack.discard(cat)
            continue
        break
    return state.bumped(
        phase=Phase.TURNS,
        position=position,
        turn=turn,
        no_attack=frozenset(no_attack),
        choices={},
        choice_targets={},
        choice_spend={},
        choice_knacks={},
        choice_damage_spend={},
        jump_wait=None,
    )


def let_go(state: FightState, biter: int) -> tuple[FightState, list[int]]:
    """The biter lets go of every cat its Chomp holds: their pins end."""
    held = [target for target, by in state.chomped_by.items() if by == biter]
    pinned = {p: by for p, by in state.pinned.items() if p not in held}
    chomped = {p: by for p, by in state.chomped_by.items() if p not in held}
    return state.model_copy(update={"pinned": pinned, "chomped_by": chomped}), held


def in_order(order: tuple[int, ...], initiative: dict[int, int], cat: int, total: int) -> int:
    """Where a joining cat goes in the order: after every cat with at least its total."""
    for index, other in enumerate(order):
        if initiative[other] < total:
            return index
    return len(order)
