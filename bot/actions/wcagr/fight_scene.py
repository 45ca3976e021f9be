"""A WCAGR fight inside one transaction (its stored state, its cats, the lines of the step)
and what every fight verb shares: finding the fight and whose turn it is, saving a step over
the version it read, rendering it, and dealing damage."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime, timedelta

from bot.actions import audit
from bot.actions.context import Actor
from bot.actions.formatting import describe_roll, safe
from bot.actions.lookup import acting_character
from bot.actions.reply import Button, Reply, Style
from bot.actions.wcagr.sheet import SPRAIN_REST, wcagr_sheet
from rules.dice import DiceSource
from rules.errors import PawpostError
from rules.rolls import Roll
from rules.wcagr import KNACKS, Ability, Critical, Knack, WcagrSheet, why_cannot_check
from rules.wcagr.checks import CheckResult
from rules.wcagr.fight_state import (
    FightEvent,
    FightState,
    Phase,
    let_go,
    next_turn,
    without_wrestler,
)
from rules.wcagr.fights import (
    Strike,
    extra_damage,
    knack_damage,
    refuse_fighter,
    roll_damage,
    take_hit,
)
from storage.models import Character
from storage.repositories import Transaction
from storage.settings import Guild
from storage.turns import Combat, CombatAction
from storage.wcagr import wcagr
from storage.wcagr.settings import WcagrSettings

AREA = "wcagr-fight"


class Scene:
    """One fight inside a transaction: its combat row, its cats, and the lines of this step."""

    def __init__(self, tx: Transaction, guild: Guild, combat: Combat[FightState]) -> None:
        self.tx = tx
        self.guild = guild
        self.combat = combat
        self.read_version = combat.state.version
        found = tx.characters.by_ids(guild.guild_id, combat.state.fighters)
        self.cats: dict[int, Character] = dict(found)
        self.events: list[FightEvent] = []
        self.changed: set[int] = set()

    @property
    def state(self) -> FightState:
        return self.combat.state

    @state.setter
    def state(self, value: FightState) -> None:
        self.combat.state = value

    def sheet(self, cat: int) -> WcagrSheet:
        return wcagr_sheet(self.cats[cat])

    def set_sheet(self, cat: int, sheet: WcagrSheet) -> None:
        self.cats[cat].sheet = sheet
        self.changed.add(cat)

    def name(self, cat: int) -> str:
        found = self.cats.get(cat)
        return safe(found.name) if found is not None else f"cat {cat}"

    def say(self, text: str, *rolls: Roll) -> None:
        self.events.append(FightEvent(text=text, rolls=list(rolls)))


def check_line(scene: Scene, cat: int, result: CheckResult) -> None:
    text = f"{scene.name(cat)}: {describe_roll(result.roll)}"
    if result.critical is Critical.SUCCESS:
        text += " (critical success)"
    elif result.critical is Critical.FAILURE:
        text += " (critical failure)"
    scene.say(text, result.roll)
    for effect in result.effects:
        scene.say(effect)
    if result.sprained:
        scene.say(f"{scene.name(cat)} sprains a paw: {SPRAIN_REST}; it drops out of the fight.")
        scene.state = without_wrestler(scene.state, cat)
        scene.state = scene.state.model_copy(update={"out": scene.state.out | {cat}})


def commit(
    scene: Scene, actor: Actor, cat: int | None, action: str, summary: str, now: datetime
) -> Reply:
    """Save the state over the version it was read at, the sheets, the step and its audit."""
    tx, combat = scene.tx, scene.combat
    if scene.state.version == scene.read_version:
        scene.state = scene.state.bumped()
    combat.updated_at = now
    hours = scene.guild.settings.turn_timeout_hours
    combat.due_at = None if scene.state.is_over else now + timedelta(hours=hours)
    if not wcagr(tx).fights.save(combat, scene.read_version):
        raise PawpostError("Another move came first; see /fight status and try again.")
    if scene.state.is_over:
        wcagr(tx).fights.release_fighters(scene.guild.guild_id, combat.id, scene.state.fighters)
    tx.characters.save_sheets([scene.cats[c] for c in sorted(scene.changed)])
    wcagr(tx).fights.add_action(
        CombatAction(
            guild_id=combat.guild_id,
            combat_id=combat.id,
            version=scene.state.version,
            round=scene.state.turn,
            user_id=actor.user_id,
            character_id=cat,
            action=action,
            summary=summary,
            events=scene.events,
            created_at=now,
        )
    )
    rolls = [roll for event in scene.events for roll in event.rolls]
    tx.audit.add(
        audit.entry(
            actor,
            "fight",
            f"{summary} (fight {combat.id}, round {scene.state.turn})",
            now,
            character=None if cat is None else scene.cats.get(cat),
            rolls=rolls,
        )
    )
    lines = [event.text for event in scene.events]
    lines += whose_turn(scene)
    owners = to_ping(scene)
    return Reply(
        title=f"Fight {combat.id}" + (f", round {scene.state.turn}" if scene.state.turn else ""),
        lines=lines,
        buttons=fight_buttons(scene),
        mentions=owners,
    )


def whose_turn(scene: Scene) -> list[str]:
    state = scene.state
    if state.phase is Phase.OVER:
        return [f"The fight is over: {state.end_reason or 'it ended'}."]
    if state.phase is Phase.ASKED:
        waiting = [c for c in state.fighters[1:] if c not in state.accepted]
        return ["Waiting for " + ", ".join(scene.name(c) for c in waiting) + " to accept."]
    cat = state.attacker
    assert cat is not None
    if state.phase is Phase.DEFENDING and state.jump_wait is not None:
        wait = state.jump_wait
        target = scene.sheet(wait.target) if wait.target in scene.cats else None
        left = 0 if target is None else target.points_left(Ability.SPIRIT)
        dodge = " or Jump with Dodge" if target is not None and can_dodge(target) else ""
        return [
            f"{scene.name(wait.target)}: Jump against {scene.name(wait.attacker)}'s "
            f"{wait.move} ({wait.attack.total}): press Jump{dodge}, or /jump with Spirit "
            f"points ({left} left) and knacks."
        ]
    if state.phase is Phase.WRESTLING:
        group = state.wrestle_of(cat) or ()
        waiting = [c for c in group if c not in state.choices]
        choosing = [
            scene.name(c) + (" (pinned: Wrestle only)" if c in state.pinned else "")
            for c in waiting
        ]
        # l.324: a pinned cat may not Jump away, so a wait only of pinned cats does not offer it.
        ways = (
            "Wrestle to break free"
            if all(c in state.pinned for c in waiting)
            else "Wrestle to fight on, Jump to get away"
        )
        return [f"Wrestling: {agreeing(choosing, 'chooses', 'choose')} /wrestle ({ways})."]
    held = [t for t, by in state.chomped_by.items() if by == cat]
    chomp = (
        f" {scene.name(cat)} holds " + ", ".join(scene.name(t) for t in held) + " in a Chomp: "
        "/chomp hold or /chomp let-go (any other move lets go)."
        if held
        else ""
    )
    if state.wrestle_of(cat) is not None:
        pinner = state.pinned.get(cat)
        extra = (
            f" Pinned by {scene.name(pinner)}: it may only /wrestle (Wrestle, or Launch), or "
            "/swat or /bite its pinner."
            if pinner is not None
            else ""
        )
        return [f"{scene.name(cat)}'s turn, wrestling: /wrestle to start the roll.{extra}{chomp}"]
    return [f"{scene.name(cat)}'s turn: /swat, /bite or /pounce a cat, or /fight flee.{chomp}"]


def agreeing(names: Sequence[str], one: str, many: str) -> str:
    """The names with their verb agreeing: "Graypaw chooses", "Graypaw, Firepaw choose"."""
    return ", ".join(names) + " " + (one if len(names) == 1 else many)


def can_dodge(sheet: WcagrSheet) -> bool:
    """Whether a cat can put Dodge on its Jump now: it knows it and has the Spirit point."""
    return sheet.picks(Knack.DODGE) > 0 and sheet.points_left(Ability.SPIRIT) >= KNACKS[
        Knack.DODGE
    ].cost(sheet.picks(Knack.DODGE))


def to_ping(scene: Scene) -> list[int]:
    state = scene.state
    if state.phase is Phase.ASKED:
        cats: Iterable[int] = [c for c in state.fighters[1:] if c not in state.accepted]
    elif state.phase is Phase.DEFENDING and state.jump_wait is not None:
        cats = [state.jump_wait.target]
    elif state.phase is Phase.WRESTLING and state.attacker is not None:
        cats = [c for c in state.wrestle_of(state.attacker) or () if c not in state.choices]
    elif state.attacker is not None:
        cats = [state.attacker]
    else:
        cats = []
    return sorted({scene.cats[c].owner_id for c in cats if c in scene.cats})


def button_id(fight: int, verb: str, version: int) -> str:
    """`pawpost:wcagr-fight:<fight>:<verb>:<version>`: a click names the state it was made on,
    so a button of an earlier step is refused (`FightState.is_current`)."""
    return f"pawpost:{AREA}:{fight}:{verb}:{version}"


def fight_buttons(scene: Scene) -> list[Button]:
    state, fight = scene.state, scene.combat.id
    version = state.version
    if state.phase is Phase.ASKED:
        return [
            Button(
                label="Accept", custom_id=button_id(fight, "accept", version), style=Style.success
            ),
            Button(
                label="Decline", custom_id=button_id(fight, "decline", version), style=Style.danger
            ),
        ]
    if state.phase is Phase.DEFENDING and state.jump_wait is not None:
        target = state.jump_wait.target
        buttons = [
            Button(label="Jump", custom_id=button_id(fight, "defend", version), style=Style.primary)
        ]
        if target in scene.cats and can_dodge(scene.sheet(target)):
            picks = scene.sheet(target).picks(Knack.DODGE)
            buttons.append(
                Button(
                    label=f"Jump with Dodge (+{KNACKS[Knack.DODGE].bonus_per_use(picks)})",
                    custom_id=button_id(fight, "dodge", version),
                )
            )
        return buttons
    if state.phase is Phase.WRESTLING:
        group = state.wrestle_of(state.attacker or 0) or ()
        waiting = [c for c in group if c not in state.choices]
        buttons = [
            Button(
                label="Wrestle", custom_id=button_id(fight, "wrestle", version), style=Style.primary
            )
        ]
        if any(c not in state.pinned for c in waiting):  # a pinned cat may not Jump (l.324)
            buttons.append(Button(label="Jump away", custom_id=button_id(fight, "jump", version)))
        return buttons
    return []


def current(scene: Scene, version: int | None, phase: Phase) -> None:
    """Refuse a button of an earlier step, or one whose wait is over."""
    if scene.state.phase is not phase or not scene.state.is_current(version):
        raise PawpostError("That button is from an earlier step; see /fight status.")


# --- finding the fight -------------------------------------------------------------------------


def scene_of(tx: Transaction, guild: Guild, cat: Character) -> Scene:
    busy = wcagr(tx).fights.fighting(guild.guild_id, [cat.id])
    if cat.id not in busy:
        raise PawpostError(f"{safe(cat.name)} is in no fight; start one with /fight start.")
    combat = wcagr(tx).fights.get(guild.guild_id, busy[cat.id])
    assert combat is not None
    return Scene(tx, guild, combat)


def fight_by_id(tx: Transaction, guild: Guild, fight: int) -> Scene:
    """A fight of this server by number; each verb then checks its phase (a stale button finds
    the fight moved on and says so)."""
    combat = wcagr(tx).fights.get(guild.guild_id, fight)
    if combat is None:
        raise PawpostError("That fight is not in this server.")
    return Scene(tx, guild, combat)


def own_cat(actor: Actor, guild: Guild, scene: Scene, cats: Sequence[int]) -> int:
    """Which of `cats` the clicking player plays (an admin: the first)."""
    for cat in cats:
        if scene.cats[cat].owner_id == actor.user_id:
            return cat
    if actor.admin_in(guild.settings) and cats:
        return cats[0]
    raise PawpostError("This button is for another player's cat.")


def on_turn(
    tx: Transaction,
    actor: Actor,
    guild: Guild,
    character: str | None,
    *,
    fit: bool = True,
    keep_chomp: bool = False,
) -> tuple[Scene, int]:
    """The acting cat's fight when it is its turn; `fit`: the cat must be able to fight (a
    sprained or sick cat may still limp away with /fight flee)."""
    cat = acting_character(tx, actor, guild, character)
    scene = scene_of(tx, guild, cat)
    sheet = scene.sheet(cat.id)
    if fit or sheet.knocked_out:
        refuse_fighter(sheet)
    state = scene.state
    if state.phase is Phase.ASKED:
        raise PawpostError("The fight has not begun: every target must accept first.")
    if state.phase is Phase.WRESTLING:
        raise PawpostError("The wrestlers are choosing: /wrestle first.")
    if state.phase is Phase.DEFENDING and state.jump_wait is not None:
        raise PawpostError(
            f"The fight waits for {scene.name(state.jump_wait.target)}'s Jump: /jump or the "
            "buttons."
        )
    if state.attacker != cat.id:
        raise PawpostError(
            f"It is {scene.name(state.attacker or 0)}'s turn, not {safe(cat.name)}'s."
        )
    if not keep_chomp:
        scene.state, held = let_go(state, cat.id)
        for target in held:
            scene.say(f"{scene.name(cat.id)} lets go of {scene.name(target)} (no second bite).")
    return scene, cat.id


def target_in(scene: Scene, cat: int, name: str) -> int:
    found = next(
        (c for c in scene.state.standing() if scene.cats[c].name.lower() == name.strip().lower()),
        None,
    )
    if found is None:
        raise PawpostError(f"{safe(name.strip())} is not standing in this fight.")
    if found == cat:
        raise PawpostError("A cat cannot attack itself.")
    return found


def wound(dice: DiceSource, scene: Scene, target: int, hp_lost: int) -> None:
    """The HP lost, a knockout, the death roll and a leader's lost life, each said; a cat out
    of it leaves the fight."""
    lives_save = WcagrSettings.of(scene.guild.settings).leader_lives_save
    wound = take_hit(scene.sheet(target), hp_lost, dice, lives_save=lives_save)
    scene.set_sheet(target, wound.sheet)
    name = scene.name(target)
    hurt = wound.sheet if not wound.life_lost else None
    if hurt is not None:
        scene.say(f"{name} loses {hp_lost} HP: {hurt.hp} of {hurt.hp_max} left.")
    else:
        scene.say(f"{name} loses {hp_lost} HP.")
    if wound.death_roll is not None:
        scene.say(f"{name}'s death roll: {describe_roll(wound.death_roll)}", wound.death_roll)
        if wound.died:
            scene.say(
                f"**{name} dies**, beyond the help of medicine. Its player may make a new cat."
            )
        elif wound.life_lost:
            scene.say(
                f"**{name} loses a life** ({wound.sheet.lives} left) and wakes with 1 HP, out "
                "of the fight."
            )
        else:
            scene.say(f"{name} clings to life.")
    if wound.knocked_out_now and not wound.died:
        scene.say(f"**{name} is knocked out** until healed to at least 1 HP.")
    if wound.sheet.knocked_out or wound.died or wound.life_lost:
        scene.state = without_wrestler(scene.state, target)
        scene.state = scene.state.model_copy(update={"out": scene.state.out | {target}})


def damage(
    dice: DiceSource,
    scene: Scene,
    cat: int,
    target: int,
    kind: Strike,
    knacks: dict[Knack, int],
    *,
    bonus: int,
    spend: int,
) -> None:
    """The attacker's Strength check vs the target's Strength score, then the HP lost. The
    points put on it were checked when the move was made; fewer left by now (spent elsewhere
    while the target chose its Jump) are all it spends, said so."""
    settings = WcagrSettings.of(scene.guild.settings)
    attacker = scene.sheet(cat)
    left = attacker.points_left(Ability.STRENGTH)
    if spend > left:
        scene.say(f"Only {left} Strength point(s) are left for the damage of the {spend} meant.")
        spend = left
    on_check = knack_damage(knacks) if settings.knack_damage_on_check else 0
    damage = roll_damage(
        attacker,
        scene.sheet(target).score(Ability.STRENGTH),
        dice,
        spend=spend,
        bonus=bonus + on_check,
        extra=extra_damage(kind, knacks, knacks_on_check=settings.knack_damage_on_check),
    )
    scene.set_sheet(cat, damage.check.sheet)
    check_line(scene, cat, damage.check)
    if bonus:
        scene.say(f"+{bonus} for more than double the Jump: {damage.check.total + bonus}.")
    if on_check:
        scene.say(f"+{on_check} from the knacks on the damage check: {damage.total}.")
    scene.say(f"{describe_roll(damage.band_roll)}", damage.band_roll)
    wound(dice, scene, target, damage.hp_lost)


def drop_unable(scene: Scene, cats: Iterable[int]) -> list[int]:
    """Of `cats`, those that can make no check now (knocked out, dead or retired since they
    chose, by something outside the fight) leave it, said so; the others are returned."""
    able = []
    for cat in cats:
        reason = why_cannot_check(scene.sheet(cat))
        if reason is None:
            able.append(cat)
            continue
        scene.say(f"{scene.name(cat)} drops out of the fight: {reason}")
        scene.state = without_wrestler(scene.state, cat)
        scene.state = scene.state.model_copy(update={"out": scene.state.out | {cat}})
    return able


def leave_fight(scene: Scene, cat: int, why: str) -> None:
    """`cat` leaves the fight for a reason outside it (it died of a cough, an admin's ruling):
    out of its wrestle and the fight; a turn or a wait that was its passes on, and a fight with
    fewer than two cats left is over."""
    state = scene.state
    if cat in state.out or cat not in state.fighters:
        return
    group = state.wrestle_of(state.attacker or 0) or ()
    waits_on = state.attacker == cat or (
        state.jump_wait is not None and cat in (state.jump_wait.target, state.jump_wait.attacker)
    )
    waits_on = waits_on or (state.phase is Phase.WRESTLING and cat in group)
    scene.say(f"{scene.name(cat)} leaves the fight: {why}.")
    state = without_wrestler(state, cat)
    scene.state = state.model_copy(update={"out": state.out | {cat}})
    wcagr(scene.tx).fights.release_fighters(scene.guild.guild_id, scene.combat.id, [cat])
    if scene.state.phase is Phase.ASKED:
        scene.state = scene.state.bumped(phase=Phase.OVER, end_reason=f"{scene.name(cat)} left")
    elif waits_on or len(scene.state.standing()) < 2:
        scene.state = scene.state.model_copy(update={"jump_wait": None})
        after_turn(scene)


def after_turn(scene: Scene) -> None:
    """The cat on turn is done: the next cat's turn; a launched cat whose turn passes while it
    finds its feet is said so (l.293)."""
    before = scene.state.no_attack
    scene.state = next_turn(scene.state)
    for cat in sorted(before - scene.state.no_attack, key=scene.state.order.index):
        scene.say(f"{scene.name(cat)} finds its feet after the Launch: its turn passes.")
