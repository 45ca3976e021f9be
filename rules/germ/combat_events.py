"""What a combat transition reports: the events, in order, for the reply and for storage."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.germ.combat import AmbushResult, AttackResult, ChaseResult, HideResult
from rules.germ.sheet import Disability

FighterId = int


class HideChoice(StrEnum):
    FREE_ATTACK = "free-attack"
    ESCAPE = "escape"


class EndReason(StrEnum):
    DECLINED = "declined"
    ESCAPED = "escaped"  # the last opponent ran or hid and got away
    LET_GO = "let-go"  # the last opponent was let go without a chase
    AGREED = "agreed"
    ADMIN = "admin"


class FreeAttackCause(StrEnum):
    AMBUSH = "ambush"
    CAUGHT_RUNNER = "caught-runner"
    HIDE = "hide"


class _Event(BaseModel):
    model_config = ConfigDict(frozen=True)


class Accepted(_Event):
    kind: Literal["accepted"] = "accepted"
    fighter: FighterId


class CombatStarted(_Event):
    kind: Literal["combat-started"] = "combat-started"
    fighters: tuple[FighterId, ...]


class AmbushRolled(_Event):
    kind: Literal["ambush-rolled"] = "ambush-rolled"
    ambusher: FighterId
    target: FighterId
    result: AmbushResult


class FirstAttackerVoted(_Event):
    kind: Literal["first-attacker-voted"] = "first-attacker-voted"
    fighter: FighterId
    choice: FighterId


class FirstAttackerDisputed(_Event):
    """Everyone answered but not alike: an admin decides (`decide_first`)."""

    kind: Literal["first-attacker-disputed"] = "first-attacker-disputed"
    choices: dict[FighterId, FighterId]


class TurnStarted(_Event):
    kind: Literal["turn-started"] = "turn-started"
    attacker: FighterId
    turn: int


class Attacked(_Event):
    """An attack or a free attack (`result.free_attack`, with its `cause`)."""

    kind: Literal["attacked"] = "attacked"
    attacker: FighterId
    target: FighterId
    result: AttackResult
    cause: FreeAttackCause | None = None


class ScarLeft(_Event):
    """An 11+ hit: add a scar to the fighter's sheet."""

    kind: Literal["scar-left"] = "scar-left"
    fighter: FighterId


class BadlyWounded(_Event):
    """A 16+ hit: −5 to this fighter's run and chase rolls for the rest of the combat."""

    kind: Literal["badly-wounded"] = "badly-wounded"
    fighter: FighterId


class DisabilityPending(_Event):
    """A 21+ hit: the fighter's player (or an admin) must choose a disability."""

    kind: Literal["disability-pending"] = "disability-pending"
    fighter: FighterId


class DisabilityChosen(_Event):
    """Add `disability.condition` to the fighter's sheet for good."""

    kind: Literal["disability-chosen"] = "disability-chosen"
    fighter: FighterId
    disability: Disability


class DisabilityAsScar(_Event):
    """A 21+ hit on a cat that has every disability already: the hit counts as a scar only."""

    kind: Literal["disability-as-scar"] = "disability-as-scar"
    fighter: FighterId


class RunDeclared(_Event):
    kind: Literal["run-declared"] = "run-declared"
    runner: FighterId
    chaser: FighterId


class ChaseRolled(_Event):
    kind: Literal["chase-rolled"] = "chase-rolled"
    runner: FighterId
    chaser: FighterId
    result: ChaseResult


class LetGo(_Event):
    kind: Literal["let-go"] = "let-go"
    runner: FighterId
    chaser: FighterId


class HideRolled(_Event):
    kind: Literal["hide-rolled"] = "hide-rolled"
    hider: FighterId
    seeker: FighterId
    result: HideResult


class HideChoiceMade(_Event):
    kind: Literal["hide-choice-made"] = "hide-choice-made"
    hider: FighterId
    choice: HideChoice


class LeftCombat(_Event):
    kind: Literal["left-combat"] = "left-combat"
    fighter: FighterId


class EndVoted(_Event):
    kind: Literal["end-voted"] = "end-voted"
    fighter: FighterId


class CombatEnded(_Event):
    kind: Literal["combat-ended"] = "combat-ended"
    reason: EndReason


class JoinAsked(_Event):
    """A cat asks (or is asked) to join a running combat."""

    kind: Literal["join-asked"] = "join-asked"
    joiner: FighterId
    by: FighterId  # the cat whose player asked: the joiner itself or a fighter


class JoinAnswered(_Event):
    kind: Literal["join-answered"] = "join-answered"
    fighter: FighterId  # the joiner or a fighter
    joiner: FighterId
    yes: bool


class FighterJoined(_Event):
    kind: Literal["fighter-joined"] = "fighter-joined"
    fighter: FighterId


class JoinWithdrawn(_Event):
    """The join will not happen: the joiner's player or an admin said no."""

    kind: Literal["join-withdrawn"] = "join-withdrawn"
    joiner: FighterId


class TerrainVoted(_Event):
    kind: Literal["terrain-voted"] = "terrain-voted"
    fighter: FighterId
    allows_hiding: bool


class TerrainChanged(_Event):
    kind: Literal["terrain-changed"] = "terrain-changed"
    allows_hiding: bool


CombatEvent = Annotated[
    Accepted
    | CombatStarted
    | AmbushRolled
    | FirstAttackerVoted
    | FirstAttackerDisputed
    | TurnStarted
    | Attacked
    | ScarLeft
    | BadlyWounded
    | DisabilityPending
    | DisabilityChosen
    | DisabilityAsScar
    | RunDeclared
    | ChaseRolled
    | LetGo
    | HideRolled
    | HideChoiceMade
    | LeftCombat
    | EndVoted
    | CombatEnded
    | JoinAsked
    | JoinAnswered
    | FighterJoined
    | JoinWithdrawn
    | TerrainVoted
    | TerrainChanged,
    Field(discriminator="kind"),
]
