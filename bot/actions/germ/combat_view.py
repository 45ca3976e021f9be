"""How a combat reads to players: what each step did, what it waits for, and its buttons."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from bot.actions.formatting import describe_roll, safe, signed
from bot.actions.reply import Button, Select, SelectOption, Style
from rules.germ.combat import AttackResult, power_band
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
from rules.germ.combat_turns import CombatState, Phase
from rules.germ.constants import BADLY_WOUNDED_PENALTY
from rules.germ.sheet import Disability
from rules.rolls import Roll

AREA = "combat"

_END_REASONS: Mapping[EndReason, str] = {
    EndReason.DECLINED: "the challenge was turned down",
    EndReason.ESCAPED: "the last cat got away",
    EndReason.LET_GO: "the last cat was let go",
    EndReason.AGREED: "the players agreed to end it",
    EndReason.ADMIN: "an admin ended it",
}

_CAUSES: Mapping[FreeAttackCause, str] = {
    FreeAttackCause.AMBUSH: "from ambush",
    FreeAttackCause.CAUGHT_RUNNER: "on the caught runner",
    FreeAttackCause.HIDE: "from hiding",
}


@dataclass(frozen=True)
class Cast:
    """The fighters as players know them: names (raw, escaped on output) and their players."""

    names: Mapping[FighterId, str]
    owners: Mapping[FighterId, int]

    def name(self, fighter: FighterId | None) -> str:
        """A fighter's name, escaped for Markdown."""
        if fighter is None:
            return "nobody"
        return safe(self.names.get(fighter, "a deleted cat"))

    def raw(self, fighter: FighterId | None) -> str:
        return "nobody" if fighter is None else self.names.get(fighter, "a deleted cat")

    def ping(self, fighter: FighterId | None) -> str:
        owner = None if fighter is None else self.owners.get(fighter)
        return "" if owner is None else f"<@{owner}>"


def custom_id(combat_id: int, verb: str, version: int) -> str:
    """`pawpost:combat:<id>:<verb>:<version>`: a click names the state it was made on."""
    return f"pawpost:{AREA}:{combat_id}:{verb}:{version}"


def where(combat_id: int, round_: int) -> str:
    """Where a step happened, as the log and the audit say it: "combat 3, round 2"."""
    if round_ == 0:
        return f"combat {combat_id}, before the first round"
    return f"combat {combat_id}, round {round_}"


def title(combat_id: int, state: CombatState, cast: Cast) -> str:
    return f"Combat {combat_id}: " + " vs ".join(cast.name(f) for f in state.fighters)


# What a step did, line by line.


def _roll_line(cast: Cast, fighter: FighterId, roll: Roll) -> str:
    return f"{cast.name(fighter)} — {roll.label}: {describe_roll(roll)}"


def _cut(roll: Roll) -> str:
    """What cuts a free attack's power: the target's Agility points after penalties."""
    if not roll.modifiers:
        return "nothing cuts its power on this server"
    parts = [f"{roll.modifiers[0].reason} {roll.modifiers[0].value}"]
    parts += [f"{signed(m.value)} {m.reason}" for m in roll.modifiers[1:]]
    total = f" = **{roll.total}**" if len(roll.modifiers) > 1 else ""
    return f"{' '.join(parts)}{total} cuts its power"


def _result(result: AttackResult) -> str:
    if not result.hit or result.power is None or result.band is None:
        return (
            f"**Miss:** Agility {result.agility_roll.total} beats "
            f"Strength {result.strength_roll.total}."
        )
    kind = "Free attack" if result.free_attack else "Hit"
    return f"**{kind}, power {result.power}: {result.band.name}.** {result.band.sentence}"


def _attack_lines(event: Attacked, cast: Cast) -> list[str]:
    result = event.result
    attacker, target = cast.name(event.attacker), cast.name(event.target)
    if result.free_attack:
        cause = f" {_CAUSES[event.cause]}" if event.cause else ""
        return [
            f"{attacker} makes a free attack{cause} on {target}.",
            _roll_line(cast, event.attacker, result.strength_roll),
            f"{target} cannot dodge it; {_cut(result.agility_roll)}.",
            _result(result),
        ]
    return [
        f"{attacker} attacks {target}.",
        _roll_line(cast, event.attacker, result.strength_roll),
        _roll_line(cast, event.target, result.agility_roll),
        _result(result),
    ]


def event_lines(events: Sequence[CombatEvent], cast: Cast) -> list[str]:
    """Every event of a step as players read it, rolls in full."""
    lines: list[str] = []
    for event in events:
        match event:
            case Accepted(fighter=fighter):
                lines.append(f"{cast.name(fighter)} accepts the challenge.")
            case CombatStarted():
                lines.append("**The combat begins.**")
            case AmbushRolled(ambusher=ambusher, target=target, result=result):
                lines.append(f"{cast.name(ambusher)} lies in ambush for {cast.name(target)}.")
                lines.append(_roll_line(cast, ambusher, result.stealth_roll))
                lines.append(_roll_line(cast, target, result.perception_roll))
                lines.append(
                    f"**{cast.name(ambusher)} stays hidden.**"
                    if result.hidden
                    else f"**{cast.name(target)} spots {cast.name(ambusher)}.**"
                )
            case TurnStarted(attacker=attacker) if any(
                isinstance(e, FirstAttackerVoted) for e in events
            ):
                lines.append(f"The players agree: {cast.name(attacker)} attacks first.")
            case FirstAttackerDisputed():
                lines.append("The players disagree about who attacks first; an admin decides.")
            case Attacked():
                lines += _attack_lines(event, cast)
            case ScarLeft(fighter=fighter):
                lines.append(f"{cast.name(fighter)} will carry a scar from this.")
            case BadlyWounded(fighter=fighter):
                lines.append(
                    f"{cast.name(fighter)} is badly wounded: −{BADLY_WOUNDED_PENALTY} to run "
                    "and chase for the rest of this combat."
                )
            case DisabilityPending(fighter=fighter):
                lines.append(
                    f"The wound leaves {cast.name(fighter)} with a permanent disability; "
                    "their player chooses which."
                )
            case DisabilityChosen(fighter=fighter, disability=disability):
                lines.append(
                    f"{cast.name(fighter)}: {disability.label}. "
                    f"It is a lasting condition now ({disability.condition.label})."
                )
            case DisabilityAsScar(fighter=fighter):
                lines.append(
                    f"{cast.name(fighter)} already has every permanent disability: "
                    "the wound leaves a scar instead."
                )
            case RunDeclared(runner=runner, chaser=chaser):
                lines.append(f"{cast.name(runner)} runs from {cast.name(chaser)}.")
            case ChaseRolled(runner=runner, chaser=chaser, result=result):
                lines.append(f"{cast.name(chaser)} gives chase.")
                lines.append(_roll_line(cast, runner, result.runner_roll))
                lines.append(_roll_line(cast, chaser, result.chaser_roll))
                lines.append(
                    f"**{cast.name(runner)} gets away.**"
                    if result.escaped
                    else f"**{cast.name(chaser)} catches {cast.name(runner)}.**"
                )
            case LetGo(runner=runner, chaser=chaser):
                lines.append(f"{cast.name(chaser)} lets {cast.name(runner)} go.")
            case HideRolled(hider=hider, seeker=seeker, result=result):
                lines += _hide_lines(hider, seeker, event, cast)
            case HideChoiceMade(hider=hider, choice=choice):
                lines.append(
                    f"{cast.name(hider)} strikes from hiding."
                    if choice is HideChoice.FREE_ATTACK
                    else f"{cast.name(hider)} slips away unseen."
                )
            case LeftCombat(fighter=fighter):
                lines.append(f"{cast.name(fighter)} is out of the combat.")
            case EndVoted(fighter=fighter):
                lines.append(f"{cast.name(fighter)}'s player agrees to end the combat.")
            case CombatEnded(reason=reason):
                lines.append(f"**The combat is over:** {_END_REASONS[reason]}.")
            case _:
                lines += _more_lines(event, cast)
    return lines


def terrain_words(allows_hiding: bool) -> str:
    return "allows hiding" if allows_hiding else "does not allow hiding"


def _more_lines(event: CombatEvent, cast: Cast) -> list[str]:
    """Joining and terrain events, as players read them."""
    match event:
        case JoinAsked(joiner=joiner, by=by) if joiner == by:
            return [f"{cast.name(joiner)} asks to join the combat."]
        case JoinAsked(joiner=joiner, by=by):
            return [f"{cast.name(by)}'s player brings {cast.name(joiner)} into the combat."]
        case JoinAnswered(fighter=fighter, joiner=joiner, yes=yes) if fighter != joiner:
            verb = "agrees to" if yes else "disputes"
            return [f"{cast.name(fighter)}'s player {verb} {cast.name(joiner)} joining."]
        case JoinAnswered(joiner=joiner, yes=True):
            return [f"{cast.name(joiner)}'s player accepts joining."]
        case FighterJoined(fighter=fighter):
            return [f"**{cast.name(fighter)} joins the combat** (last in the turn order)."]
        case JoinWithdrawn(joiner=joiner):
            return [f"{cast.name(joiner)} does not join the combat."]
        case TerrainVoted(fighter=fighter, allows_hiding=allows):
            return [f"{cast.name(fighter)}'s player says the terrain {terrain_words(allows)}."]
        case TerrainChanged(allows_hiding=allows):
            return [f"**The terrain now {terrain_words(allows)}.**"]
    return []


def _hide_lines(hider: FighterId, seeker: FighterId, event: HideRolled, cast: Cast) -> list[str]:
    result = event.result
    if not result.terrain_allows_hiding:
        return [
            f"{cast.name(hider)} tries to hide, but the terrain does not allow hiding: "
            "the attempt fails."
        ]
    assert result.stealth_roll is not None
    assert result.perception_roll is not None
    return [
        f"{cast.name(hider)} tries to hide from {cast.name(seeker)}.",
        _roll_line(cast, hider, result.stealth_roll),
        _roll_line(cast, seeker, result.perception_roll),
        f"**{cast.name(hider)} is hidden.**"
        if result.hidden
        else f"**{cast.name(seeker)} spots {cast.name(hider)}.**",
    ]


def _power(result: AttackResult) -> str:
    if result.power is None or result.band is None:
        return "miss"
    return f"power {result.power} ({result.band.name})"


def summary(events: Sequence[CombatEvent], cast: Cast) -> str:
    """A step in one line, for the combat's log (plain text, names as written)."""
    parts: list[str] = []
    for event in events:
        match event:
            case Accepted(fighter=fighter):
                parts.append(f"{cast.raw(fighter)} accepts")
            case AmbushRolled(ambusher=ambusher, target=target, result=result):
                seen = "stays hidden" if result.hidden else f"is spotted by {cast.raw(target)}"
                parts.append(f"{cast.raw(ambusher)} ambushes and {seen}")
            case FirstAttackerVoted(fighter=fighter, choice=choice):
                parts.append(f"{cast.raw(fighter)}'s player says {cast.raw(choice)} goes first")
            case Attacked(attacker=attacker, target=target, result=result):
                verb = "free attack on" if result.free_attack else "attacks"
                parts.append(f"{cast.raw(attacker)} {verb} {cast.raw(target)}: {_power(result)}")
            case DisabilityChosen(fighter=fighter, disability=disability):
                parts.append(f"{cast.raw(fighter)}: {disability.label}")
            case DisabilityAsScar(fighter=fighter):
                parts.append(f"{cast.raw(fighter)}: a scar (no disability left to take)")
            case RunDeclared(runner=runner, chaser=chaser):
                parts.append(f"{cast.raw(runner)} runs from {cast.raw(chaser)}")
            case ChaseRolled(runner=runner, result=result):
                parts.append(f"{cast.raw(runner)} {'escapes' if result.escaped else 'is caught'}")
            case LetGo(runner=runner, chaser=chaser):
                parts.append(f"{cast.raw(chaser)} lets {cast.raw(runner)} go")
            case HideRolled(hider=hider, result=result):
                parts.append(f"{cast.raw(hider)} {'hides' if result.hidden else 'fails to hide'}")
            case HideChoiceMade(hider=hider, choice=choice):
                if choice is HideChoice.ESCAPE:
                    parts.append(f"{cast.raw(hider)} escapes")
            case EndVoted(fighter=fighter):
                parts.append(f"{cast.raw(fighter)}'s player agrees to end")
            case CombatEnded(reason=reason):
                parts.append(f"over: {_END_REASONS[reason]}")
            case FighterJoined(fighter=fighter):
                parts.append(f"{cast.raw(fighter)} joins")
            case TerrainChanged(allows_hiding=allows):
                parts.append(f"the terrain now {terrain_words(allows)}")
    turns = [event for event in events if isinstance(event, TurnStarted)]
    if not parts and turns:
        parts.append(f"{cast.raw(turns[-1].attacker)}'s turn (round {turns[-1].turn})")
    return "; ".join(parts)


# What the combat waits for now.


@dataclass
class Prompt:
    lines: list[str] = field(default_factory=list)
    buttons: list[Button] = field(default_factory=list)
    select: Select | None = None
    mentions: list[int] = field(default_factory=list)


def _mention(prompt: Prompt, cast: Cast, fighter: FighterId | None) -> None:
    owner = None if fighter is None else cast.owners.get(fighter)
    if owner is not None and owner not in prompt.mentions:
        prompt.mentions.append(owner)


def disputed(state: CombatState) -> bool:
    """Every fighter answered who attacks first, and not alike."""
    choices = state.first_choices
    return set(choices) >= set(state.active) and len(set(choices.values())) > 1


def first_select(combat_id: int, state: CombatState, cast: Cast) -> Select:
    """The admins' choice of the first attacker."""
    return Select(
        custom_id=custom_id(combat_id, "decide-first", state.version),
        placeholder="Admins: who attacks first?",
        options=[SelectOption(label=cast.raw(f), value=str(f)) for f in state.active],
    )


NO_HIDE_BUTTON = "No Hide button: the terrain does not allow hiding here."


def turn_buttons(combat_id: int, version: int, *, hiding: bool = True) -> list[Button]:
    """Attack, Run and (where the terrain allows hiding) Hide."""
    buttons = [
        Button(
            label="Attack", custom_id=custom_id(combat_id, "attack", version), style=Style.primary
        ),
        Button(label="Run", custom_id=custom_id(combat_id, "run", version)),
    ]
    if hiding:
        buttons.append(Button(label="Hide", custom_id=custom_id(combat_id, "hide", version)))
    return buttons


MOVE = "Your move"


def move_select(combat_id: int, state: CombatState, cast: Cast) -> Select:
    """With three or more cats: the attacker's move and its opponent in one choice
    (`attack:<id>`, `run:<id>`, `hide:<id>`; hide only where the terrain allows it)."""
    verbs = [("attack", "Attack"), ("run", "Run from")]
    if state.terrain_allows_hiding:
        verbs.append(("hide", "Hide from"))
    options = [
        SelectOption(label=f"{label} {cast.raw(f)}", value=f"{verb}:{f}")
        for verb, label in verbs
        for f in state.active
        if f != state.attacker
    ]
    return Select(
        custom_id=custom_id(combat_id, "move", state.version), placeholder=MOVE, options=options
    )


FIRST_PICK = "Who attacks first?"


def first_pick_select(combat_id: int, state: CombatState, cast: Cast) -> Select:
    """With three or more cats: each player's answer to who attacks first."""
    return Select(
        custom_id=custom_id(combat_id, "first-pick", state.version),
        placeholder=FIRST_PICK,
        options=[SelectOption(label=cast.raw(f), value=str(f)) for f in state.active],
    )


def _side_prompts(out: Prompt, combat_id: int, state: CombatState, cast: Cast) -> None:
    """A pending join and a proposed terrain: who is asked, and the buttons to answer."""
    version = state.version
    if state.joining is not None and not state.is_over:
        joiner = state.joining
        waiting = [f for f in (joiner, *state.active) if f not in state.join_yes]
        if state.join_disputed:
            out.lines.append(
                f"{cast.name(joiner)} joining is disputed: an admin lets them in or keeps them out."
            )
        else:
            for fighter in waiting:
                _mention(out, cast, fighter)
            names = ", ".join(cast.name(f) for f in waiting)
            out.lines.append(
                f"{cast.name(joiner)} wants to join. Still to agree: {names} "
                "(a fighter's No disputes it; the joining cat's No withdraws it)."
            )
        out.buttons += [
            Button(
                label="Join: yes",
                custom_id=custom_id(combat_id, "join-yes", version),
                style=Style.success,
            ),
            Button(label="Join: no", custom_id=custom_id(combat_id, "join-no", version)),
        ]
    if state.terrain_proposal is not None and not state.is_over:
        waiting = [f for f in state.active if f not in state.terrain_votes]
        names = ", ".join(cast.name(f) for f in waiting)
        out.lines.append(
            f"Proposed: the terrain {terrain_words(state.terrain_proposal)}. "
            f"Still to agree: {names}."
        )
        out.buttons.append(
            Button(label="Agree to terrain", custom_id=custom_id(combat_id, "terrain", version))
        )


def prompt(combat_id: int, state: CombatState, cast: Cast) -> Prompt:
    """What the combat waits for, who is asked (mentioned), and the buttons to answer with."""
    out = Prompt()
    version = state.version

    def button(label: str, verb: str, style: Style = Style.secondary) -> Button:
        return Button(label=label, custom_id=custom_id(combat_id, verb, version), style=style)

    match state.phase:
        case Phase.AWAITING_ACCEPTANCE:
            waiting = [f for f in state.fighters[1:] if f not in state.accepted]
            for fighter in waiting:
                _mention(out, cast, fighter)
            names = ", ".join(cast.name(f) for f in waiting)
            out.lines.append(
                f"{cast.name(state.challenger)} challenges {names} to a fight. "
                "Accept or decline (their player or an admin)."
            )
            terrain = "allows hiding" if state.terrain_allows_hiding else "does not allow hiding"
            out.lines.append(f"The terrain {terrain}.")
            if state.ambush_target is not None:
                out.lines.append(
                    f"{cast.name(state.challenger)} is lying in ambush: on acceptance, "
                    f"their Stealth is rolled against {cast.name(state.ambush_target)}'s "
                    "Perception."
                )
            out.buttons = [button("Accept", "accept", Style.success), button("Decline", "decline")]
        case Phase.CHOOSING_FIRST:
            for fighter in state.active:
                if fighter not in state.first_choices:
                    _mention(out, cast, fighter)
            out.lines.append(
                "Who attacks first? Each player answers; if you disagree, an admin decides."
            )
            for fighter, choice in state.first_choices.items():
                out.lines.append(f"{cast.name(fighter)}'s player: {cast.name(choice)} first.")
            out.buttons = [
                button("I go first", "me-first", Style.primary),
                button("They go first", "them-first"),
            ]
            if len(state.active) > 2:
                out.buttons = out.buttons[:1]
                out.select = first_pick_select(combat_id, state, cast)
            if state.turn == 0 and state.terrain_allows_hiding:
                out.lines.append("Before the first turn, a cat may try an ambush: /combat ambush.")
            if disputed(state):
                out.lines.append("Admins: choose below, or use /admin combat first.")
                out.select = first_select(combat_id, state, cast)
        case Phase.TURN:
            _mention(out, cast, state.attacker)
            out.lines.append(
                f"**Round {state.turn}: {cast.name(state.attacker)}'s turn** — "
                "attack, run or hide (/attack, /run, /hide or the buttons)."
            )
            hiding = state.terrain_allows_hiding
            if len(state.active) > 2:
                out.lines.append("Choose your move and its target below.")
                out.select = move_select(combat_id, state, cast)
            else:
                out.buttons = turn_buttons(combat_id, version, hiding=hiding)
            if not hiding:
                out.lines.append(NO_HIDE_BUTTON)
        case Phase.AWAITING_CHASE:
            _mention(out, cast, state.chaser)
            out.lines.append(
                f"{cast.name(state.chaser)}: chase {cast.name(state.runner)}, or let them go?"
            )
            out.buttons = [button("Chase", "chase", Style.primary), button("Let go", "let-go")]
        case Phase.AWAITING_HIDE_CHOICE:
            _mention(out, cast, state.hider)
            out.lines.append(
                f"{cast.name(state.hider)}: a free attack on {cast.name(state.seeker)}, "
                "or escape without the chance of being caught?"
            )
            out.buttons = [
                button("Free attack", "free-attack", Style.primary),
                button("Escape", "escape"),
            ]
        case Phase.AWAITING_DISABILITY:
            _mention(out, cast, state.disabled)
            out.lines.append(
                f"{cast.name(state.disabled)}'s player (or an admin) chooses the permanent "
                "disability."
            )
            out.select = Select(
                custom_id=custom_id(combat_id, "disability", version),
                placeholder="Choose the disability",
                options=[
                    SelectOption(label=d.label, value=d.value)
                    for d in state.disability_choices or tuple(Disability)
                ],
            )
        case Phase.ENDED:
            pass  # a finished combat offers no buttons
    _side_prompts(out, combat_id, state, cast)
    return out


def end_prompt(out: Prompt, combat_id: int, state: CombatState, cast: Cast) -> None:
    """Add the proposal to end by agreement: the players yet to agree are asked (the combat's
    own buttons stay, in case they would rather fight on)."""
    waiting = [f for f in state.active if f not in state.end_votes]
    for fighter in waiting:
        _mention(out, cast, fighter)
    names = ", ".join(cast.name(f) for f in waiting)
    out.lines.append(f"End the combat by agreement? {names}: agree with the button below.")
    out.buttons.append(
        Button(label="Agree to end", custom_id=custom_id(combat_id, "end", state.version))
    )


def waiting_for(state: CombatState, cast: Cast) -> str:
    """What the combat waits for, in a few words, for /combat status and /combat list."""
    match state.phase:
        case Phase.AWAITING_ACCEPTANCE:
            return "waiting for the challenge to be accepted"
        case Phase.CHOOSING_FIRST:
            if disputed(state):
                return "an admin decides who attacks first"
            return "choosing who attacks first"
        case Phase.TURN:
            return f"round {state.turn}: {cast.name(state.attacker)}'s turn"
        case Phase.AWAITING_CHASE:
            return f"{cast.name(state.chaser)} chooses to chase or let go"
        case Phase.AWAITING_HIDE_CHOICE:
            return f"{cast.name(state.hider)} chooses a free attack or escape"
        case Phase.AWAITING_DISABILITY:
            return f"{cast.name(state.disabled)}'s disability is being chosen"
        case Phase.ENDED:
            reason = _END_REASONS[state.end_reason] if state.end_reason else "ended"
            return f"over: {reason}"


def wound_lines(state: CombatState, hits: Sequence[tuple[FighterId, int]], cast: Cast) -> list[str]:
    """Each fighter's hits taken in this combat, with the power table's words."""
    lines = []
    for fighter in state.fighters:
        taken = [
            f"{power} ({power_band(power).name})" for target, power in hits if target == fighter
        ]
        line = f"{cast.name(fighter)}: " + (", ".join(taken) if taken else "unhurt")
        if fighter in state.badly_wounded:
            line += " — badly wounded"
        if fighter in state.left:
            line += " — got away"
        lines.append(line)
    return lines
