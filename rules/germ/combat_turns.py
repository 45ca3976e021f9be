"""The combat turn state machine: pure transitions from one `CombatState` to the next."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from rules.dice import DiceSource
from rules.errors import PawpostError
from rules.germ.combat import (
    AttackResult,
    roll_ambush,
    roll_attack,
    roll_chase,
    roll_free_attack,
    roll_hide,
)
from rules.germ.combat_events import (
    Accepted,
    AmbushRolled,
    Attacked,
    BadlyWounded,
    ChaseRolled,
    CombatEnded,
    CombatEvent,
    CombatStarted,
    DisabilityAsScar,
    DisabilityChosen,
    DisabilityPending,
    EndReason,
    EndVoted,
    FighterId,
    FighterJoined,
    FirstAttackerDisputed,
    FirstAttackerVoted,
    FreeAttackCause,
    HideChoice,
    HideChoiceMade,
    HideRolled,
    JoinAnswered,
    JoinAsked,
    JoinWithdrawn,
    LeftCombat,
    LetGo,
    RunDeclared,
    ScarLeft,
    TerrainChanged,
    TerrainVoted,
    TurnStarted,
)
from rules.germ.sheet import Disability, GermSheet, open_disabilities


class Phase(StrEnum):
    AWAITING_ACCEPTANCE = "awaiting-acceptance"
    CHOOSING_FIRST = "choosing-first"
    TURN = "turn"
    AWAITING_CHASE = "awaiting-chase"
    AWAITING_HIDE_CHOICE = "awaiting-hide-choice"
    AWAITING_DISABILITY = "awaiting-disability"
    ENDED = "ended"


class CombatState(BaseModel):
    """Everything a later click depends on. `fighters` is the turn order; `fighters[0]` made the
    challenge (and is the ambusher when `ambush_target` is set). `version` goes up by one on
    every transition, so a stale button can be refused (`check_version`)."""

    model_config = ConfigDict(frozen=True)

    fighters: tuple[FighterId, ...]
    phase: Phase = Phase.AWAITING_ACCEPTANCE
    terrain_allows_hiding: bool = True
    agility_cuts_damage: bool = True  # server setting for free attacks (RULINGS "Free attack")
    ambush_target: FighterId | None = None
    accepted: frozenset[FighterId] = frozenset()
    first_choices: dict[FighterId, FighterId] = Field(default_factory=dict)
    attacker: FighterId | None = None
    turn: int = 0  # the number of the current attacker's turn, from 1
    badly_wounded: frozenset[FighterId] = frozenset()
    left: tuple[FighterId, ...] = ()  # fighters who got away, in order
    runner: FighterId | None = None
    chaser: FighterId | None = None
    hider: FighterId | None = None
    seeker: FighterId | None = None
    disabled: FighterId | None = None  # who must choose a disability
    disability_choices: tuple[Disability, ...] = ()  # what they may choose (empty: any)
    attacker_after_disability: FighterId | None = None  # None: choose who goes first (ambush)
    end_votes: frozenset[FighterId] = frozenset()
    end_reason: EndReason | None = None
    ambushes_tried: frozenset[FighterId] = frozenset()  # each fighter may ambush once
    terrain_proposal: bool | None = None  # hiding allowed or not, as a fighter proposed
    terrain_votes: frozenset[FighterId] = frozenset()  # fighters agreeing to the proposal
    joining: FighterId | None = None  # a cat asking to join the running combat
    join_yes: frozenset[FighterId] = frozenset()  # the joiner and fighters who agreed
    join_disputed: bool = False  # a fighter objected: only an admin lets the cat in
    version: int = 0

    @property
    def challenger(self) -> FighterId:
        return self.fighters[0]

    @property
    def active(self) -> tuple[FighterId, ...]:
        """Fighters still in the combat, in turn order."""
        return tuple(f for f in self.fighters if f not in self.left)

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.ENDED


Transition = tuple[CombatState, list[CombatEvent]]

# What the combat is waiting for, said to anyone who tries something else.
_WAITING_FOR: Mapping[Phase, str] = {
    Phase.AWAITING_ACCEPTANCE: "The combat has not been accepted yet.",
    Phase.CHOOSING_FIRST: "Who attacks first has not been decided yet.",
    Phase.TURN: "The attacker has not taken their turn yet.",
    Phase.AWAITING_CHASE: "Waiting for the cat being run from to chase or let go.",
    Phase.AWAITING_HIDE_CHOICE: "Waiting for the hidden cat to choose a free attack or escape.",
    Phase.AWAITING_DISABILITY: "Waiting for the wounded cat's disability to be chosen.",
    Phase.ENDED: "This combat is over.",
}


# Starting and checking.

NO_AMBUSH_HERE = "An ambush is impossible where the terrain does not allow hiding."


def start_combat(
    fighters: Sequence[FighterId],
    *,
    terrain_allows_hiding: bool = True,
    ambush_target: FighterId | None = None,
    agility_cuts_damage: bool = True,
) -> CombatState:
    """A challenge from `fighters[0]` to the others, in turn order. With `ambush_target` the
    challenger is hiding from that fighter; the ambush is rolled when the combat is accepted."""
    if len(fighters) < 2:
        raise PawpostError("A combat needs at least two cats.")
    if len(set(fighters)) != len(fighters):
        raise PawpostError("Each cat can be in a combat only once.")
    if ambush_target is not None:
        if not terrain_allows_hiding:
            raise PawpostError(NO_AMBUSH_HERE)
        if ambush_target == fighters[0]:
            raise PawpostError("A cat cannot ambush itself.")
        if ambush_target not in fighters:
            raise PawpostError("The ambushed cat must be one of the fighters.")
    return CombatState(
        fighters=tuple(fighters),
        terrain_allows_hiding=terrain_allows_hiding,
        ambush_target=ambush_target,
        agility_cuts_damage=agility_cuts_damage,
    )


def check_version(state: CombatState, version: int) -> None:
    """Refuse a click made on an older state of the combat."""
    if state.version != version:
        raise PawpostError("That button is out of date; the combat has moved on.")


def _require_phase(state: CombatState, *phases: Phase) -> None:
    if state.phase not in phases:
        raise PawpostError(_WAITING_FOR[state.phase])


def _require_challenge(state: CombatState) -> None:
    if state.phase not in (Phase.AWAITING_ACCEPTANCE, Phase.ENDED):
        raise PawpostError("This combat has already started.")
    _require_phase(state, Phase.AWAITING_ACCEPTANCE)


def _require_fighter(state: CombatState, fighter: FighterId) -> None:
    if fighter not in state.active:
        raise PawpostError("That cat is not in this combat.")


def _sheet(sheets: Mapping[FighterId, GermSheet], fighter: FighterId) -> GermSheet:
    if fighter not in sheets:
        raise ValueError(f"no sheet given for fighter {fighter}")
    return sheets[fighter]


def _opponent(
    state: CombatState, actor: FighterId, chosen: FighterId | None, verb: str
) -> FighterId:
    """The fighter `actor` acts against: the one other fighter, or the one they chose."""
    if chosen is None:
        others = [f for f in state.active if f != actor]
        if len(others) != 1:
            raise PawpostError(f"Choose which cat to {verb}.")
        return others[0]
    if chosen == actor:
        raise PawpostError(f"A cat cannot {verb} itself.")
    _require_fighter(state, chosen)
    return chosen


def _done(state: CombatState, events: list[CombatEvent], **changes: Any) -> Transition:
    return state.model_copy(update={**changes, "version": state.version + 1}), events


# Steps shared by several transitions (they do not bump the version).


def _start_turn(state: CombatState, attacker: FighterId) -> Transition:
    turn = state.turn + 1
    state = state.model_copy(
        update={
            "phase": Phase.TURN,
            "attacker": attacker,
            "turn": turn,
            "runner": None,
            "chaser": None,
            "hider": None,
            "seeker": None,
            "disabled": None,
            "disability_choices": (),
            "attacker_after_disability": None,
        }
    )
    return state, [TurnStarted(attacker=attacker, turn=turn)]


def _next_after(state: CombatState, fighter: FighterId) -> FighterId:
    """The next fighter still in the combat after `fighter` in turn order."""
    order = state.fighters
    start = order.index(fighter)
    for step in range(1, len(order) + 1):
        candidate = order[(start + step) % len(order)]
        if candidate not in state.left and candidate != fighter:
            return candidate
    raise ValueError("no other fighter is left")


def _end(state: CombatState, reason: EndReason) -> Transition:
    state = state.model_copy(update={"phase": Phase.ENDED, "end_reason": reason, "attacker": None})
    return state, [CombatEnded(reason=reason)]


def _leave(state: CombatState, fighter: FighterId, reason: EndReason) -> Transition:
    """`fighter` gets away. With one cat left the combat ends; otherwise the next in turn order
    after the one who left attacks."""
    next_attacker = _next_after(state, fighter)
    state = state.model_copy(update={"left": (*state.left, fighter)})
    events: list[CombatEvent] = [LeftCombat(fighter=fighter)]
    if len(state.active) < 2:
        state, more = _end(state, reason)
    else:
        state, more = _start_turn(state, next_attacker)
    return state, events + more


def _land(
    state: CombatState,
    attacker: FighterId,
    target: FighterId,
    result: AttackResult,
    *,
    next_attacker: FighterId | None,
    sheets: Mapping[FighterId, GermSheet],
    cause: FreeAttackCause | None = None,
) -> Transition:
    """Record an attack's effects, then hand the turn to `next_attacker` (None: choose who goes
    first), unless a 21+ hit makes the combat wait for the disability choice first. A 21+ hit
    offers only the disabilities the target does not have yet; with none left it is a scar."""
    events: list[CombatEvent] = [
        Attacked(attacker=attacker, target=target, result=result, cause=cause)
    ]
    if result.leaves_scar:
        events.append(ScarLeft(fighter=target))
    if result.badly_wounds:
        events.append(BadlyWounded(fighter=target))
        state = state.model_copy(update={"badly_wounded": state.badly_wounded | {target}})
    offered = open_disabilities(_sheet(sheets, target)) if result.disables else ()
    if result.disables and not offered:
        events.append(DisabilityAsScar(fighter=target))
    elif result.disables:
        events.append(DisabilityPending(fighter=target))
        state = state.model_copy(
            update={
                "phase": Phase.AWAITING_DISABILITY,
                "disabled": target,
                "disability_choices": offered,
                "attacker_after_disability": next_attacker,
            }
        )
        return state, events
    state, more = _resume(state, next_attacker)
    return state, events + more


def _resume(state: CombatState, next_attacker: FighterId | None) -> Transition:
    if next_attacker is None:
        state = state.model_copy(
            update={
                "phase": Phase.CHOOSING_FIRST,
                "disabled": None,
                "disability_choices": (),
                "attacker": None,
            }
        )
        return state, []
    return _start_turn(state, next_attacker)


# Transitions.


def accept(
    state: CombatState,
    fighter: FighterId,
    dice: DiceSource,
    sheets: Mapping[FighterId, GermSheet],
) -> Transition:
    """A challenged fighter accepts. When all have, the combat starts: the ambush, if any, is
    rolled (a hidden ambusher gets a free attack), then the fighters choose who goes first."""
    _require_challenge(state)
    _require_fighter(state, fighter)
    if fighter == state.challenger:
        raise PawpostError("You cannot accept your own challenge.")
    if fighter in state.accepted:
        raise PawpostError("You have already accepted.")
    accepted = state.accepted | {fighter}
    events: list[CombatEvent] = [Accepted(fighter=fighter)]
    if len(accepted) < len(state.fighters) - 1:
        return _done(state, events, accepted=accepted)
    state = state.model_copy(update={"accepted": accepted, "phase": Phase.CHOOSING_FIRST})
    events.append(CombatStarted(fighters=state.fighters))
    if state.ambush_target is not None and state.terrain_allows_hiding:
        state, more = _ambush(state, state.challenger, state.ambush_target, dice, sheets)
        events += more
    return _done(state, events)


def _ambush(
    state: CombatState,
    ambusher: FighterId,
    target: FighterId,
    dice: DiceSource,
    sheets: Mapping[FighterId, GermSheet],
) -> Transition:
    """Stealth against Perception; a hidden ambusher gets a free attack, then the fighters
    choose who goes first."""
    state = state.model_copy(update={"ambushes_tried": state.ambushes_tried | {ambusher}})
    ambush = roll_ambush(_sheet(sheets, ambusher), _sheet(sheets, target), dice)
    events: list[CombatEvent] = [AmbushRolled(ambusher=ambusher, target=target, result=ambush)]
    if ambush.hidden:
        result = roll_free_attack(
            _sheet(sheets, ambusher),
            _sheet(sheets, target),
            dice,
            agility_cuts_damage=state.agility_cuts_damage,
        )
        state, more = _land(
            state,
            ambusher,
            target,
            result,
            next_attacker=None,
            sheets=sheets,
            cause=FreeAttackCause.AMBUSH,
        )
        events += more
    return state, events


def ambush(
    state: CombatState,
    ambusher: FighterId,
    dice: DiceSource,
    sheets: Mapping[FighterId, GermSheet],
    *,
    target: FighterId | None = None,
) -> Transition:
    """Before the first turn, any fighter (either side of the challenge) may try an ambush
    once: Stealth against the target's Perception, impossible where the terrain does not
    allow hiding. `target` is needed with more than two fighters."""
    if state.phase is Phase.AWAITING_ACCEPTANCE:
        raise PawpostError("An ambush is tried once the challenge is accepted.")
    if state.turn > 0 or state.phase is Phase.ENDED:
        raise PawpostError("An ambush is only possible before the first turn.")
    _require_phase(state, Phase.CHOOSING_FIRST)
    _require_fighter(state, ambusher)
    if not state.terrain_allows_hiding:
        raise PawpostError(NO_AMBUSH_HERE)
    if ambusher in state.ambushes_tried:
        raise PawpostError("Each cat may try an ambush only once.")
    target = _opponent(state, ambusher, target, "ambush")
    return _done(*_ambush(state, ambusher, target, dice, sheets))


def decline(state: CombatState, fighter: FighterId) -> Transition:
    """A fighter turns the challenge down (or the challenger withdraws it)."""
    _require_challenge(state)
    _require_fighter(state, fighter)
    return _done(*_end(state, EndReason.DECLINED))


def choose_first(state: CombatState, fighter: FighterId, first: FighterId) -> Transition:
    """A fighter's answer to "who attacks first?". When every fighter has answered the same,
    that fighter's turn starts; when they differ an admin decides. Answers may be changed."""
    _require_phase(state, Phase.CHOOSING_FIRST)
    _require_fighter(state, fighter)
    _require_fighter(state, first)
    choices = {**state.first_choices, fighter: first}
    events: list[CombatEvent] = [FirstAttackerVoted(fighter=fighter, choice=first)]
    state = state.model_copy(update={"first_choices": choices})
    if len(choices) < len(state.active):
        return _done(state, events)
    if len(set(choices.values())) > 1:
        events.append(FirstAttackerDisputed(choices=choices))
        return _done(state, events)
    state, more = _start_turn(state, first)
    return _done(state, events + more)


def decide_first(state: CombatState, first: FighterId) -> Transition:
    """An admin decides who attacks first."""
    _require_phase(state, Phase.CHOOSING_FIRST)
    _require_fighter(state, first)
    return _done(*_start_turn(state, first))


def _require_attacker(state: CombatState, fighter: FighterId, refusal: str) -> None:
    _require_phase(state, Phase.TURN)
    _require_fighter(state, fighter)
    if fighter != state.attacker:
        raise PawpostError(refusal)


def attack(
    state: CombatState,
    attacker: FighterId,
    dice: DiceSource,
    sheets: Mapping[FighterId, GermSheet],
    *,
    target: FighterId | None = None,
) -> Transition:
    """The attacker's Strength against the target's Agility; the turn then passes on in turn
    order (with two cats: to the target). `target` is needed with more than two fighters."""
    _require_attacker(state, attacker, "It is not your turn.")
    target = _opponent(state, attacker, target, "attack")
    result = roll_attack(_sheet(sheets, attacker), _sheet(sheets, target), dice)
    next_attacker = _next_after(state, attacker)
    return _done(
        *_land(state, attacker, target, result, next_attacker=next_attacker, sheets=sheets)
    )


def run(state: CombatState, runner: FighterId, *, chaser: FighterId | None = None) -> Transition:
    """The attacker runs instead of attacking; the cat run from chooses to chase or let go.
    `chaser` (who they run from) is needed with more than two fighters."""
    _require_attacker(state, runner, "Targets cannot run; wait for your turn.")
    chaser = _opponent(state, runner, chaser, "run from")
    state = state.model_copy(
        update={"phase": Phase.AWAITING_CHASE, "runner": runner, "chaser": chaser}
    )
    return _done(state, [RunDeclared(runner=runner, chaser=chaser)])


def _require_chaser(state: CombatState, chaser: FighterId) -> tuple[FighterId, FighterId]:
    _require_phase(state, Phase.AWAITING_CHASE)
    if chaser != state.chaser or state.runner is None:
        raise PawpostError("Only the cat being run from can chase or let them go.")
    return state.runner, chaser


def chase(
    state: CombatState,
    chaser: FighterId,
    dice: DiceSource,
    sheets: Mapping[FighterId, GermSheet],
) -> Transition:
    """Agility against Agility (−5 for a badly wounded runner or chaser). The runner escapes
    only with a higher total; otherwise the chaser gets a free attack and becomes the attacker."""
    runner, chaser = _require_chaser(state, chaser)
    result = roll_chase(
        _sheet(sheets, runner),
        _sheet(sheets, chaser),
        dice,
        runner_badly_wounded=runner in state.badly_wounded,
        chaser_badly_wounded=chaser in state.badly_wounded,
    )
    events: list[CombatEvent] = [ChaseRolled(runner=runner, chaser=chaser, result=result)]
    if result.escaped:
        state, more = _leave(state, runner, EndReason.ESCAPED)
        return _done(state, events + more)
    free = roll_free_attack(
        _sheet(sheets, chaser),
        _sheet(sheets, runner),
        dice,
        agility_cuts_damage=state.agility_cuts_damage,
    )
    state, more = _land(
        state,
        chaser,
        runner,
        free,
        next_attacker=chaser,
        sheets=sheets,
        cause=FreeAttackCause.CAUGHT_RUNNER,
    )
    return _done(state, events + more)


def let_go(state: CombatState, chaser: FighterId) -> Transition:
    """The cat being run from does not chase: the runner leaves the combat."""
    runner, chaser = _require_chaser(state, chaser)
    events: list[CombatEvent] = [LetGo(runner=runner, chaser=chaser)]
    state, more = _leave(state, runner, EndReason.LET_GO)
    return _done(state, events + more)


def hide(
    state: CombatState,
    hider: FighterId,
    dice: DiceSource,
    sheets: Mapping[FighterId, GermSheet],
    *,
    seeker: FighterId | None = None,
) -> Transition:
    """The attacker hides instead of attacking: Stealth −5 against the seeker's Perception,
    failing outright where the terrain does not allow hiding. Success: the hider chooses a free
    attack or escape; failure ends the turn. `seeker` is needed with more than two fighters."""
    _require_attacker(state, hider, "Targets cannot hide; wait for your turn.")
    seeker = _opponent(state, hider, seeker, "hide from")
    result = roll_hide(
        _sheet(sheets, hider),
        _sheet(sheets, seeker),
        dice,
        terrain_allows_hiding=state.terrain_allows_hiding,
    )
    events: list[CombatEvent] = [HideRolled(hider=hider, seeker=seeker, result=result)]
    if result.hidden:
        state = state.model_copy(
            update={"phase": Phase.AWAITING_HIDE_CHOICE, "hider": hider, "seeker": seeker}
        )
        return _done(state, events)
    state, more = _start_turn(state, _next_after(state, hider))
    return _done(state, events + more)


def hide_choice(
    state: CombatState,
    hider: FighterId,
    choice: HideChoice,
    dice: DiceSource,
    sheets: Mapping[FighterId, GermSheet],
) -> Transition:
    """A hidden cat's choice: a free attack on the seeker (who then becomes the attacker), or
    escape without the chance of being caught."""
    _require_phase(state, Phase.AWAITING_HIDE_CHOICE)
    if hider != state.hider or state.seeker is None:
        raise PawpostError("Only the hidden cat can choose.")
    seeker = state.seeker
    events: list[CombatEvent] = [HideChoiceMade(hider=hider, choice=choice)]
    if choice is HideChoice.ESCAPE:
        state, more = _leave(state, hider, EndReason.ESCAPED)
        return _done(state, events + more)
    free = roll_free_attack(
        _sheet(sheets, hider),
        _sheet(sheets, seeker),
        dice,
        agility_cuts_damage=state.agility_cuts_damage,
    )
    state, more = _land(
        state,
        hider,
        seeker,
        free,
        next_attacker=seeker,
        sheets=sheets,
        cause=FreeAttackCause.HIDE,
    )
    return _done(state, events + more)


def choose_disability(state: CombatState, fighter: FighterId, disability: Disability) -> Transition:
    """The wounded cat's player (or an admin, acting for them) chooses the disability of a 21+
    hit; then the combat goes on."""
    _require_phase(state, Phase.AWAITING_DISABILITY)
    if fighter != state.disabled:
        raise PawpostError("Only the wounded cat's player can choose the disability.")
    if state.disability_choices and disability not in state.disability_choices:
        raise PawpostError(
            f"The wounded cat already has that one ({disability.condition.label}); "
            "choose one of the disabilities offered."
        )
    events: list[CombatEvent] = [DisabilityChosen(fighter=fighter, disability=disability)]
    state, more = _resume(state, state.attacker_after_disability)
    return _done(state, events + more)


def _require_endable(state: CombatState) -> None:
    if state.is_over:
        raise PawpostError(_WAITING_FOR[Phase.ENDED])
    if state.phase is Phase.AWAITING_DISABILITY:
        raise PawpostError("Choose the wounded cat's disability before ending the combat.")


def agree_to_end(state: CombatState, fighter: FighterId) -> Transition:
    """A fighter agrees to end the combat without running; it ends when all have agreed."""
    _require_endable(state)
    _require_fighter(state, fighter)
    if fighter in state.end_votes:
        raise PawpostError("You have already agreed to end this combat.")
    votes = state.end_votes | {fighter}
    events: list[CombatEvent] = [EndVoted(fighter=fighter)]
    state = state.model_copy(update={"end_votes": votes})
    if votes >= set(state.active):
        state, more = _end(state, EndReason.AGREED)
        events += more
    return _done(state, events)


def end_combat(state: CombatState) -> Transition:
    """An admin ends the combat."""
    _require_endable(state)
    return _done(*_end(state, EndReason.ADMIN))


def skip_turn(state: CombatState) -> Transition:
    """An admin passes an absent attacker's turn to the next fighter in turn order."""
    _require_phase(state, Phase.TURN)
    if state.attacker is None:
        raise ValueError("a turn without an attacker")
    return _done(*_start_turn(state, _next_after(state, state.attacker)))


def fall(state: CombatState, fighter: FighterId) -> Transition:
    """A fighter who died leaves the combat: with one cat left it ends; on the dead cat's own
    turn the next in turn order attacks; anyone else's turn goes on."""
    _require_fighter(state, fighter)
    if state.phase is Phase.TURN and state.attacker == fighter:
        return _done(*_leave(state, fighter, EndReason.ADMIN))
    state = state.model_copy(update={"left": (*state.left, fighter)})
    events: list[CombatEvent] = [LeftCombat(fighter=fighter)]
    if len(state.active) < 2:
        state, more = _end(state, EndReason.ADMIN)
        events += more
    return _done(state, events)


def set_terrain(state: CombatState, *, allows_hiding: bool) -> Transition:
    """The fighters or an admin mark whether the terrain allows hiding. Where it does not, an
    ambush not yet rolled does not happen."""
    if state.is_over:
        raise PawpostError(_WAITING_FOR[Phase.ENDED])
    ambush_target = state.ambush_target if allows_hiding else None
    return _done(
        state,
        [],
        terrain_allows_hiding=allows_hiding,
        ambush_target=ambush_target,
        terrain_proposal=None,
        terrain_votes=frozenset(),
    )


def _terrain(allows_hiding: bool) -> str:
    return "allows hiding" if allows_hiding else "does not allow hiding"


def propose_terrain(state: CombatState, fighter: FighterId, *, allows_hiding: bool) -> Transition:
    """A fighter proposes (or agrees) that the terrain allows hiding or not; it changes when
    every fighter still in the combat agrees. Another proposal starts the agreement again."""
    if state.is_over:
        raise PawpostError(_WAITING_FOR[Phase.ENDED])
    _require_fighter(state, fighter)
    if allows_hiding == state.terrain_allows_hiding:
        raise PawpostError(f"The terrain already {_terrain(allows_hiding)}.")
    votes = state.terrain_votes if state.terrain_proposal == allows_hiding else frozenset()
    if fighter in votes:
        raise PawpostError("You have already agreed to this terrain.")
    votes = votes | {fighter}
    events: list[CombatEvent] = [TerrainVoted(fighter=fighter, allows_hiding=allows_hiding)]
    if votes >= set(state.active):
        state, _ = set_terrain(state, allows_hiding=allows_hiding)
        events.append(TerrainChanged(allows_hiding=allows_hiding))
        return state, events  # set_terrain already counted the version
    return _done(state, events, terrain_proposal=allows_hiding, terrain_votes=votes)


# A cat joining a running combat.


def _clear_join(state: CombatState) -> CombatState:
    return state.model_copy(
        update={"joining": None, "join_yes": frozenset(), "join_disputed": False}
    )


def _admit(state: CombatState, joiner: FighterId) -> Transition:
    state = _clear_join(state)
    state = state.model_copy(update={"fighters": (*state.fighters, joiner)})
    return state, [FighterJoined(fighter=joiner)]


def ask_to_join(state: CombatState, joiner: FighterId, by: FighterId) -> Transition:
    """`joiner` asks to join (`by` == joiner), or a fighter `by` brings it in. It joins at the
    end of the turn order once its player and every fighter still in agree; when a fighter
    disputes it, only an admin lets it in."""
    if state.phase is Phase.AWAITING_ACCEPTANCE:
        raise PawpostError("A cat can join once the challenge is accepted.")
    if state.is_over:
        raise PawpostError(_WAITING_FOR[Phase.ENDED])
    if joiner in state.fighters:
        if joiner in state.left:
            raise PawpostError("A cat that got away cannot come back into the same combat.")
        raise PawpostError("That cat is already in this combat.")
    if by != joiner:
        _require_fighter(state, by)
    if state.joining is not None:
        raise PawpostError("Another cat is already asking to join; answer that first.")
    events: list[CombatEvent] = [JoinAsked(joiner=joiner, by=by)]
    return _done(state, events, joining=joiner, join_yes=frozenset({by}), join_disputed=False)


def _require_join(state: CombatState) -> FighterId:
    if state.is_over:
        raise PawpostError(_WAITING_FOR[Phase.ENDED])
    if state.joining is None:
        raise PawpostError("No cat is asking to join this combat.")
    return state.joining


def answer_join(state: CombatState, fighter: FighterId, *, yes: bool) -> Transition:
    """The joiner's player's or a fighter's answer. The joiner saying no withdraws the join; a
    fighter saying no disputes it (then only an admin lets the cat in)."""
    joiner = _require_join(state)
    if fighter != joiner:
        _require_fighter(state, fighter)
    if yes and fighter in state.join_yes:
        raise PawpostError("You have already agreed to this cat joining.")
    events: list[CombatEvent] = [JoinAnswered(fighter=fighter, joiner=joiner, yes=yes)]
    if not yes and fighter == joiner:
        events.append(JoinWithdrawn(joiner=joiner))
        return _done(_clear_join(state), events)
    if not yes:
        return _done(state, events, join_disputed=True)
    agreed = state.join_yes | {fighter}
    state = state.model_copy(update={"join_yes": agreed})
    if not state.join_disputed and agreed >= {joiner, *state.active}:
        state, more = _admit(state, joiner)
        events += more
    return _done(state, events)


def settle_join(state: CombatState, *, admit: bool) -> Transition:
    """An admin lets the joining cat in, or keeps it out."""
    joiner = _require_join(state)
    if admit:
        return _done(*_admit(state, joiner))
    return _done(_clear_join(state), [JoinWithdrawn(joiner=joiner)])
