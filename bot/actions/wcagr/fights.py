"""WCAGR fights: `/fight start` (accepted by each target's player, like a Germ challenge),
initiative, rounds and turn order stored on the core's turn tables; `/swat`, `/bite` and
`/pounce` on your turn, `/wrestle` for every wrestler when a wrestler's turn comes, `/pin`;
damage, knockout and the death roll."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from bot.actions import audit
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import describe_roll, safe
from bot.actions.lookup import acting_character, named, require_admin, require_built
from bot.actions.reply import Button, Reply, Style
from bot.actions.wcagr import parse
from bot.actions.wcagr.sheet import wcagr_sheet
from rules.errors import PawpostError
from rules.rolls import Roll
from rules.wcagr import Ability, Critical, Knack, WcagrSheet, use_knack
from rules.wcagr.checks import CheckResult
from rules.wcagr.fight_state import (
    FightEvent,
    FightState,
    Phase,
    in_order,
    let_go,
    next_turn,
    without_wrestler,
)
from rules.wcagr.fights import (
    Strike,
    WrestleChoice,
    extra_damage,
    pounce_in,
    refuse_fighter,
    roll_damage,
    roll_initiative,
    roll_off,
    strike,
    take_hit,
)
from rules.wcagr.knacks import launch_distance
from storage.models import Character
from storage.repositories import Transaction
from storage.settings import Guild
from storage.turns import AlreadyFighting, Combat, CombatAction
from storage.wcagr import wcagr
from storage.wcagr.settings import RULESET

if TYPE_CHECKING:
    from bot.actions.buttons import ButtonHandler, Press

AREA = "wcagr-fight"
MOST_TARGETS = 6


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


def _check_line(scene: Scene, cat: int, result: CheckResult) -> None:
    text = f"{scene.name(cat)}: {describe_roll(result.roll)}"
    if result.critical is Critical.SUCCESS:
        text += " (critical success)"
    elif result.critical is Critical.FAILURE:
        text += " (critical failure)"
    scene.say(text, result.roll)
    for effect in result.effects:
        scene.say(effect)
    if result.sprained:
        scene.say(
            f"{scene.name(cat)} sprains a paw: no hunting or fighting for 3 sunrises; it drops "
            "out of the fight."
        )
        scene.state = without_wrestler(scene.state, cat)
        scene.state = scene.state.model_copy(update={"out": scene.state.out | {cat}})


def _commit(
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
    lines += _whose_turn(scene)
    owners = _to_ping(scene)
    return Reply(
        title=f"Fight {combat.id}" + (f", round {scene.state.turn}" if scene.state.turn else ""),
        lines=lines,
        buttons=_buttons(scene),
        mentions=owners,
    )


def _whose_turn(scene: Scene) -> list[str]:
    state = scene.state
    if state.phase is Phase.OVER:
        return [f"The fight is over: {state.end_reason or 'it ended'}."]
    if state.phase is Phase.ASKED:
        waiting = [c for c in state.fighters[1:] if c not in state.accepted]
        return ["Waiting for " + ", ".join(scene.name(c) for c in waiting) + " to accept."]
    cat = state.attacker
    assert cat is not None
    if state.phase is Phase.WRESTLING:
        group = state.wrestle_of(cat) or ()
        waiting = [c for c in group if c not in state.choices]
        return [
            "Wrestling: " + ", ".join(scene.name(c) for c in waiting) + " choose /wrestle "
            "(Wrestle to fight on, Jump to get away)."
        ]
    if state.wrestle_of(cat) is not None:
        pinner = state.pinned.get(cat)
        extra = (
            f" Pinned by {scene.name(pinner)}: it may only /wrestle, or /swat or /bite its pinner."
            if pinner is not None
            else ""
        )
        return [f"{scene.name(cat)}'s turn, wrestling: /wrestle to start the roll.{extra}"]
    return [f"{scene.name(cat)}'s turn: /swat, /bite or /pounce a cat, or /fight flee."]


def _to_ping(scene: Scene) -> list[int]:
    state = scene.state
    if state.phase is Phase.ASKED:
        cats: Iterable[int] = [c for c in state.fighters[1:] if c not in state.accepted]
    elif state.phase is Phase.WRESTLING and state.attacker is not None:
        cats = [c for c in state.wrestle_of(state.attacker) or () if c not in state.choices]
    elif state.attacker is not None:
        cats = [state.attacker]
    else:
        cats = []
    return sorted({scene.cats[c].owner_id for c in cats if c in scene.cats})


def _buttons(scene: Scene) -> list[Button]:
    state, fight = scene.state, scene.combat.id
    if state.phase is Phase.ASKED:
        return [
            Button(
                label="Accept",
                custom_id=f"pawpost:{AREA}:{fight}:accept",
                style=Style.success,
            ),
            Button(
                label="Decline",
                custom_id=f"pawpost:{AREA}:{fight}:decline",
                style=Style.danger,
            ),
        ]
    if state.phase is Phase.WRESTLING:
        return [
            Button(
                label="Wrestle",
                custom_id=f"pawpost:{AREA}:{fight}:wrestle",
                style=Style.primary,
            ),
            Button(label="Jump away", custom_id=f"pawpost:{AREA}:{fight}:jump"),
        ]
    return []


# --- finding the fight -------------------------------------------------------------------------


def _scene_of(tx: Transaction, guild: Guild, cat: Character) -> Scene:
    busy = wcagr(tx).fights.fighting(guild.guild_id, [cat.id])
    if cat.id not in busy:
        raise PawpostError(f"{safe(cat.name)} is in no fight; start one with /fight start.")
    combat = wcagr(tx).fights.get(guild.guild_id, busy[cat.id])
    assert combat is not None
    return Scene(tx, guild, combat)


def _by_id(tx: Transaction, guild: Guild, fight: int) -> Scene:
    """A fight of this server by number; each verb then checks its phase (a stale button finds
    the fight moved on and says so)."""
    combat = wcagr(tx).fights.get(guild.guild_id, fight)
    if combat is None:
        raise PawpostError("That fight is not in this server.")
    return Scene(tx, guild, combat)


def _own_cat(actor: Actor, guild: Guild, scene: Scene, cats: Sequence[int]) -> int:
    """Which of `cats` the clicking player plays (an admin: the first)."""
    for cat in cats:
        if scene.cats[cat].owner_id == actor.user_id:
            return cat
    if actor.admin_in(guild.settings) and cats:
        return cats[0]
    raise PawpostError("This button is for another player's cat.")


# --- starting, accepting, joining --------------------------------------------------------------


@runs_in_database
def start(
    services: Services,
    actor: Actor,
    targets: str,
    life_or_death: str | None = None,
    character: str | None = None,
) -> Reply:
    """`/fight start`: challenge one cat or several; each target's player accepts (the
    challenger's own cats accept at once)."""
    deadly = (life_or_death or "no").strip().lower() == "yes"
    names = [name.strip() for name in targets.split(",") if name.strip()]
    if not names or len(names) > MOST_TARGETS:
        raise PawpostError(f"Name 1 to {MOST_TARGETS} cats to fight, separated by commas.")
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        mine = acting_character(tx, actor, guild, character)
        others = [named(tx, guild.guild_id, name) for name in names]
        if mine.id in {o.id for o in others}:
            raise PawpostError(f"{safe(mine.name)} cannot fight itself.")
        if len({o.id for o in others}) != len(others):
            raise PawpostError("Name each cat you fight only once.")
        for cat in (mine, *others):
            try:
                refuse_fighter(wcagr_sheet(cat))
            except PawpostError as why:
                raise PawpostError(f"{safe(cat.name)}: {why.message}") from None
        ids = (mine.id, *(o.id for o in others))
        busy = wcagr(tx).fights.fighting(guild.guild_id, ids)
        if busy:
            cat = next(c for c in (mine, *others) if c.id in busy)
            raise PawpostError(f"{safe(cat.name)} is already in fight {busy[cat.id]}.")
        accepted = frozenset(o.id for o in others if o.owner_id == actor.user_id)
        state = FightState(fighters=ids, life_or_death=deadly, accepted=accepted)
        combat = Combat(
            guild_id=guild.guild_id,
            channel_id=actor.channel_id,
            created_by=actor.user_id,
            state=state,
            created_at=now,
            updated_at=now,
        )
        combat.id = wcagr(tx).fights.add(combat)
        try:
            wcagr(tx).fights.add_fighters(guild.guild_id, combat.id, ids)
        except AlreadyFighting:
            raise PawpostError("One of these cats has just joined another fight.") from None
        scene = Scene(tx, guild, combat)
        kind = "a life-or-death fight" if deadly else "a fight"
        scene.say(
            f"{scene.name(mine.id)} challenges "
            + ", ".join(scene.name(o.id) for o in others)
            + f" to {kind}."
        )
        scene.read_version = state.version
        if len(accepted) == len(others):
            _begin(services, scene)
        return _commit(scene, actor, mine.id, "challenge", f"{mine.name} starts a fight", now)


def _begin(services: Services, scene: Scene) -> None:
    """Everyone accepted: initiative once each (l.405-406), and round 1."""
    sheets = {cat: scene.sheet(cat) for cat in scene.state.fighters}
    rolled = roll_initiative(sheets, services.dice)
    for initiative in rolled:
        tie = f" (tie broken by d100 {initiative.tiebreak})" if initiative.tiebreak else ""
        scene.say(
            f"{scene.name(initiative.character_id)}: {describe_roll(initiative.roll)}{tie}",
            initiative.roll,
        )
    scene.state = scene.state.bumped(
        phase=Phase.TURNS,
        order=tuple(i.character_id for i in rolled),
        initiative={i.character_id: i.roll.total for i in rolled},
        position=0,
        turn=1,
    )


async def _answer(services: Services, actor: Actor, press: Press) -> Reply:
    return await answer(services, actor, press.id, press.verb == "accept")


@runs_in_database
def answer(services: Services, actor: Actor, fight: int, accept: bool) -> Reply:
    """A target's player accepts (the fight begins once all have) or declines (it is off)."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        scene = _by_id(tx, guild, fight)
        if scene.state.phase is not Phase.ASKED:
            raise PawpostError("That fight was already answered.")
        waiting = [c for c in scene.state.fighters[1:] if c not in scene.state.accepted]
        cat = _own_cat(actor, guild, scene, waiting)
        if not accept:
            scene.say(f"{scene.name(cat)} declines the fight.")
            scene.state = scene.state.bumped(phase=Phase.OVER, end_reason="a cat declined")
            return _commit(scene, actor, cat, "decline", "declined the fight", now)
        scene.say(f"{scene.name(cat)} accepts.")
        scene.state = scene.state.bumped(accepted=scene.state.accepted | {cat})
        if len(scene.state.accepted) == len(scene.state.fighters) - 1:
            _begin(services, scene)
        return _commit(scene, actor, cat, "accept", "accepted the fight", now)


@runs_in_database
def join(services: Services, actor: Actor, fight: int, character: str | None = None) -> Reply:
    """`/fight join`: a cat enters a running fight, its initiative rolled once and its place in
    the order taken (if that place has passed this round, it acts from the next)."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        cat = acting_character(tx, actor, guild, character)
        refuse_fighter(wcagr_sheet(cat))
        scene = _by_id(tx, guild, fight)
        if scene.state.phase not in (Phase.TURNS, Phase.WRESTLING):
            raise PawpostError("Only a fight that has begun can be joined.")
        if cat.id in scene.state.fighters:
            raise PawpostError(f"{safe(cat.name)} has already been in this fight.")
        try:
            wcagr(tx).fights.add_fighters(
                guild.guild_id, fight, [cat.id], first_position=len(scene.state.fighters)
            )
        except AlreadyFighting:
            raise PawpostError(f"{safe(cat.name)} is already in another fight.") from None
        scene.cats[cat.id] = cat
        [initiative] = roll_initiative({cat.id: wcagr_sheet(cat)}, services.dice)
        state = scene.state
        index = in_order(state.order, state.initiative, cat.id, initiative.roll.total)
        position = state.position + (1 if index <= state.position else 0)
        scene.state = state.bumped(
            fighters=(*state.fighters, cat.id),
            order=(*state.order[:index], cat.id, *state.order[index:]),
            initiative={**state.initiative, cat.id: initiative.roll.total},
            position=position,
        )
        scene.say(
            f"{scene.name(cat.id)} joins the fight: {describe_roll(initiative.roll)}",
            initiative.roll,
        )
        return _commit(scene, actor, cat.id, "join", f"{cat.name} joins", now)


# --- on your turn -----------------------------------------------------------------------------


def _on_turn(
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
    scene = _scene_of(tx, guild, cat)
    sheet = scene.sheet(cat.id)
    if fit or sheet.knocked_out:
        refuse_fighter(sheet)
    state = scene.state
    if state.phase is Phase.ASKED:
        raise PawpostError("The fight has not begun: every target must accept first.")
    if state.phase is Phase.WRESTLING:
        raise PawpostError("The wrestlers are choosing: /wrestle first.")
    if state.attacker != cat.id:
        raise PawpostError(
            f"It is {scene.name(state.attacker or 0)}'s turn, not {safe(cat.name)}'s."
        )
    if not keep_chomp:
        scene.state, held = let_go(state, cat.id)
        for target in held:
            scene.say(f"{scene.name(cat.id)} lets go of {scene.name(target)} (no second bite).")
    return scene, cat.id


def _target(scene: Scene, cat: int, name: str) -> int:
    found = next(
        (c for c in scene.state.standing() if scene.cats[c].name.lower() == name.strip().lower()),
        None,
    )
    if found is None:
        raise PawpostError(f"{safe(name.strip())} is not standing in this fight.")
    if found == cat:
        raise PawpostError("A cat cannot attack itself.")
    return found


def _wound(services: Services, scene: Scene, target: int, hp_lost: int) -> None:
    wound = take_hit(scene.sheet(target), hp_lost, services.dice)
    scene.set_sheet(target, wound.sheet)
    name = scene.name(target)
    scene.say(f"{name} loses {hp_lost} HP: {wound.sheet.hp} of {wound.sheet.hp_max} left.")
    if wound.death_roll is not None:
        scene.say(f"{name}'s death roll: {describe_roll(wound.death_roll)}", wound.death_roll)
        if wound.died:
            scene.say(
                f"**{name} dies**, beyond the help of medicine. Its player may make a new cat."
            )
        else:
            scene.say(f"{name} clings to life.")
    if wound.knocked_out_now and not wound.died:
        scene.say(f"**{name} is knocked out** until healed to at least 1 HP.")
    if wound.sheet.knocked_out or wound.died:
        scene.state = without_wrestler(scene.state, target)
        scene.state = scene.state.model_copy(update={"out": scene.state.out | {target}})


def _damage(
    services: Services,
    scene: Scene,
    cat: int,
    target: int,
    kind: Strike,
    knacks: dict[Knack, int],
    *,
    bonus: int,
    spend: int,
) -> None:
    """The attacker's Strength check vs the target's Strength score, then the HP lost."""
    damage = roll_damage(
        scene.sheet(cat),
        scene.sheet(target).score(Ability.STRENGTH),
        services.dice,
        spend=spend,
        bonus=bonus,
        extra=extra_damage(kind, knacks),
    )
    scene.set_sheet(cat, damage.check.sheet)
    _check_line(scene, cat, damage.check)
    if bonus:
        scene.say(f"+{bonus} for more than double the Jump: {damage.total}.")
    scene.say(f"{describe_roll(damage.band_roll)}", damage.band_roll)
    _wound(services, scene, target, damage.hp_lost)


def _after_turn(scene: Scene) -> None:
    """The cat on turn is done: the next cat's turn."""
    scene.state = next_turn(scene.state)


@runs_in_database
def swat_or_bite(
    services: Services,
    actor: Actor,
    kind: Strike,
    target: str,
    spend: int = 0,
    knacks: str | None = None,
    damage_spend: int = 0,
    character: str | None = None,
) -> Reply:
    """`/swat` or `/bite`: the check and the target's Jump rolled together; a hit rolls the
    damage (l.407-418). Out of a wrestle any cat may be struck; a pinned cat only its pinner;
    a wrestler strikes only with Belly Rake, at a cat of its wrestle (l.246-250)."""
    uses = parse.knack_uses(knacks)
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        scene, cat = _on_turn(tx, actor, guild, character)
        aim = _target(scene, cat, target)
        state = scene.state
        group = state.wrestle_of(cat)
        pinner = state.pinned.get(cat)
        if pinner is not None and aim != pinner:
            raise PawpostError(
                f"Pinned, {scene.name(cat)} may only strike its pinner, {scene.name(pinner)}."
            )
        if group is not None and pinner is None and Knack.BELLY_RAKE not in uses:
            raise PawpostError(
                f"{scene.name(cat)} is wrestling: /wrestle, or strike with the Belly Rake knack."
            )
        if Knack.BELLY_RAKE in uses and (group is None or aim not in group):
            raise PawpostError("Belly Rake needs the target in your wrestle.")
        if Knack.BELLY_RAKE in uses and state.pinned.get(cat) == aim:
            raise PawpostError("Belly Rake cannot be used while your opponent pins you.")
        attack = strike(
            scene.sheet(cat),
            scene.sheet(aim),
            services.dice,
            kind,
            spend=spend,
            knacks=uses,
            wrestling=group is not None,
            pinned=pinner is not None,
        )
        scene.set_sheet(cat, attack.attack.sheet)
        scene.set_sheet(aim, attack.jump.sheet)
        verb = "swats at" if kind is Strike.SWAT else "bites at"
        dishonour = "" if kind is Strike.SWAT or state.life_or_death else " (dishonourable)"
        scene.say(f"{scene.name(cat)} {verb} {scene.name(aim)}{dishonour}.")
        _check_line(scene, cat, attack.attack)
        _check_line(scene, aim, attack.jump)
        if attack.hits:
            scene.say("**A hit.**")
            if Knack.CHOMP in uses:
                scene.state = _chomp_pin(scene.state, cat, aim)
                scene.say(
                    f"{scene.name(aim)} is pinned by the Chomp until {scene.name(cat)}'s next turn."
                )
            bonus = 2 if attack.more_than_double else 0
            _damage(services, scene, cat, aim, kind, uses, bonus=bonus, spend=damage_spend)
        else:
            scene.say(f"**A miss**: {scene.name(aim)} jumps clear.")
        _after_turn(scene)
        return _commit(
            scene, actor, cat, kind.value, f"{kind.value} at {scene.cats[aim].name}", now
        )


async def swat(
    services: Services,
    actor: Actor,
    target: str,
    spend: int = 0,
    knacks: str | None = None,
    damage_spend: int = 0,
    character: str | None = None,
) -> Reply:
    """`/swat`."""
    return await swat_or_bite(
        services, actor, Strike.SWAT, target, spend, knacks, damage_spend, character
    )


async def bite(
    services: Services,
    actor: Actor,
    target: str,
    spend: int = 0,
    knacks: str | None = None,
    damage_spend: int = 0,
    character: str | None = None,
) -> Reply:
    """`/bite`: +1 HP lost on a hit, dishonourable unless the fight is life-or-death."""
    return await swat_or_bite(
        services, actor, Strike.BITE, target, spend, knacks, damage_spend, character
    )


def _chomp_pin(state: FightState, biter: int, target: int) -> FightState:
    """l.253: a successful Chomp pins the target until the biter's next turn; they wrestle."""
    group = state.wrestle_of(biter) or state.wrestle_of(target)
    groups = [g for g in state.wrestles if g is not group]
    merged = tuple(dict.fromkeys((*(group or ()), biter, target)))
    return state.model_copy(
        update={
            "wrestles": (*groups, merged),
            "pinned": {**state.pinned, target: biter},
            "chomped_by": {**state.chomped_by, target: biter},
        }
    )


@runs_in_database
def pounce(
    services: Services,
    actor: Actor,
    target: str,
    spend: int = 0,
    knacks: str | None = None,
    character: str | None = None,
) -> Reply:
    """`/pounce`: Pounce vs the target's Jump starts a wrestle; a target already wrestling is
    joined with a Pounce of at least the number of cats in that wrestle (l.411-412)."""
    uses = parse.knack_uses(knacks)
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        scene, cat = _on_turn(tx, actor, guild, character)
        aim = _target(scene, cat, target)
        state = scene.state
        if state.wrestle_of(cat) is not None:
            raise PawpostError(f"{scene.name(cat)} is already wrestling: /wrestle.")
        group = state.wrestle_of(aim)
        check, jump, won = pounce_in(
            scene.sheet(cat),
            services.dice,
            target=None if group else scene.sheet(aim),
            wrestlers=len(group or ()),
            spend=spend,
            knacks=uses,
        )
        scene.set_sheet(cat, check.sheet)
        scene.say(f"{scene.name(cat)} pounces at {scene.name(aim)}.")
        _check_line(scene, cat, check)
        if jump is not None:
            scene.set_sheet(aim, jump.sheet)
            _check_line(scene, aim, jump)
        if group and won:
            groups = tuple(g for g in state.wrestles if g != group)
            scene.state = state.model_copy(update={"wrestles": (*groups, (*group, cat))})
            scene.say(f"**{scene.name(cat)} squeezes into the wrestle** ({len(group) + 1} cats).")
        elif group:
            scene.say(f"{scene.name(cat)} cannot squeeze into the wrestle (needs {len(group)}).")
        elif won:
            scene.state = state.model_copy(update={"wrestles": (*state.wrestles, (cat, aim))})
            scene.say(f"**{scene.name(cat)} and {scene.name(aim)} are wrestling.**")
        else:
            scene.say(f"{scene.name(aim)} gets out of the way.")
        _after_turn(scene)
        return _commit(scene, actor, cat, "pounce", f"pounce at {scene.cats[aim].name}", now)


@runs_in_database
def pin(services: Services, actor: Actor, target: str, character: str | None = None) -> Reply:
    """`/pin` on your turn while wrestling: paid, no roll (RULINGS), the target pinned until
    it wins a Wrestle check or the pinner gets up or is forced off (l.320-325)."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        scene, cat = _on_turn(tx, actor, guild, character)
        aim = _target(scene, cat, target)
        group = scene.state.wrestle_of(cat)
        if group is None or aim not in group:
            raise PawpostError("Pin needs the target in your wrestle.")
        used = use_knack(
            scene.sheet(cat), Knack.PIN, wrestling=True, pinned=cat in scene.state.pinned
        )
        scene.set_sheet(cat, used.sheet)
        scene.say(
            f"{scene.name(cat)} spends {used.use.cost} Strength: **{scene.name(aim)} is pinned**."
        )
        scene.state = scene.state.model_copy(update={"pinned": {**scene.state.pinned, aim: cat}})
        _after_turn(scene)
        return _commit(scene, actor, cat, "pin", f"pins {scene.cats[aim].name}", now)


@runs_in_database
def chomp(services: Services, actor: Actor, choice: str, character: str | None = None) -> Reply:
    """`/chomp` at the start of the biter's next turn (l.254-255): hold on (the target stays
    pinned until its next turn) or let go for a second Bite's damage; either is its turn."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        scene, cat = _on_turn(tx, actor, guild, character, keep_chomp=True)
        held = [t for t, by in scene.state.chomped_by.items() if by == cat]
        if not held:
            raise PawpostError(f"{scene.name(cat)} holds no cat in a Chomp.")
        if choice.strip().lower() == "hold":
            scene.say(
                f"{scene.name(cat)} holds on: "
                + ", ".join(scene.name(t) for t in held)
                + " stays pinned until its next turn."
            )
        elif choice.strip().lower() == "let-go":
            scene.state, _ = let_go(scene.state, cat)
            for target in held:
                scene.say(f"{scene.name(cat)} lets go of {scene.name(target)}, biting again.")
                _damage(services, scene, cat, target, Strike.BITE, {}, bonus=0, spend=0)
        else:
            raise PawpostError("Choose hold or let-go.")
        _after_turn(scene)
        return _commit(scene, actor, cat, "chomp", f"chomp: {choice}", now)


# --- wrestling --------------------------------------------------------------------------------


@runs_in_database
def wrestle(
    services: Services,
    actor: Actor,
    choice: str,
    target: str | None = None,
    spend: int = 0,
    knacks: str | None = None,
    character: str | None = None,
) -> Reply:
    """`/wrestle`: on a wrestler's turn every cat of its wrestle chooses Wrestle (and whom it
    would hurt) or Jump; once all have, the checks are rolled together (l.413)."""
    try:
        chosen = WrestleChoice(choice.strip().lower())
    except ValueError:
        raise PawpostError("Choose wrestle or jump.") from None
    uses = parse.knack_uses(knacks)
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        mine = acting_character(tx, actor, guild, character)
        scene = _scene_of(tx, guild, mine)
        return _choose(services, scene, actor, mine.id, chosen, target, spend, uses, now)


async def _wrestle_button(services: Services, actor: Actor, press: Press) -> Reply:
    return await wrestle_click(services, actor, press.id, press.verb)


@runs_in_database
def wrestle_click(services: Services, actor: Actor, fight: int, verb: str) -> Reply:
    """The Wrestle and Jump away buttons: the clicking player's cat chooses, no points spent."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        scene = _by_id(tx, guild, fight)
        state = scene.state
        if state.phase is not Phase.WRESTLING or state.attacker is None:
            raise PawpostError("No wrestle is waiting for a choice in this fight.")
        group = state.wrestle_of(state.attacker) or ()
        cat = _own_cat(actor, guild, scene, [c for c in group if c not in state.choices])
        chosen = WrestleChoice.WRESTLE if verb == "wrestle" else WrestleChoice.JUMP
        return _choose(services, scene, actor, cat, chosen, None, 0, {}, now)


def _choose(
    services: Services,
    scene: Scene,
    actor: Actor,
    cat: int,
    chosen: WrestleChoice,
    target: str | None,
    spend: int,
    uses: dict[Knack, int],
    now: datetime,
) -> Reply:
    state = scene.state
    on_turn = state.attacker
    if state.phase is Phase.TURNS:
        if on_turn != cat:
            raise PawpostError(f"It is {scene.name(on_turn or 0)}'s turn, not {scene.name(cat)}'s.")
        if state.wrestle_of(cat) is None:
            raise PawpostError(f"{scene.name(cat)} is not wrestling; /pounce to start.")
        state = state.bumped(phase=Phase.WRESTLING)
    elif state.phase is not Phase.WRESTLING:
        raise PawpostError("The fight is not at a wrestle.")
    group = state.wrestle_of(on_turn or 0) or ()
    if cat not in group:
        raise PawpostError(f"{scene.name(cat)} is not in this wrestle.")
    if cat in state.choices:
        raise PawpostError(f"{scene.name(cat)} has already chosen.")
    aim = None
    if target is not None:
        aim = _target(scene, cat, target)
        if aim not in group:
            raise PawpostError(f"{scene.name(aim)} is not in this wrestle.")
    if chosen is WrestleChoice.JUMP and cat in state.pinned:
        raise PawpostError(f"Pinned, {scene.name(cat)} can only Wrestle to get free (l.324).")
    if chosen is WrestleChoice.JUMP and Knack.LAUNCH in uses:
        raise PawpostError("Launch goes with a Wrestle check, not a Jump.")
    scene.state = state.model_copy(
        update={
            "choices": {**state.choices, cat: chosen},
            "choice_targets": {**state.choice_targets, **({cat: aim} if aim else {})},
            "choice_spend": {**state.choice_spend, cat: spend},
            "choice_knacks": {**state.choice_knacks, cat: {k.value: n for k, n in uses.items()}},
        }
    )
    scene.say(f"{scene.name(cat)} chooses to {chosen.value}.")
    if all(c in scene.state.choices for c in group):
        _roll_off(services, scene, group)
    return _commit(scene, actor, cat, "wrestle", f"chooses {chosen.value}", now)


def _roll_off(services: Services, scene: Scene, group: tuple[int, ...]) -> None:
    state = scene.state
    knacks = {c: {Knack(k): n for k, n in state.choice_knacks.get(c, {}).items()} for c in group}
    result = roll_off(
        {c: scene.sheet(c) for c in group},
        {c: state.choices[c] for c in group},
        services.dice,
        spends=state.choice_spend,
        knacks=knacks,
        pinned=list(state.pinned),
    )
    for cat, check in result.checks.items():
        scene.set_sheet(cat, check.sheet)
        _check_line(scene, cat, check)
    state = scene.state  # a sprain may have taken a cat out
    winner = result.winner
    if winner is None:
        scene.say("A tie for the highest: nobody gets the upper paw; the wrestle goes on.")
    elif result.choices[winner] is WrestleChoice.JUMP:
        scene.say(f"**{scene.name(winner)} escapes the wrestle.**")
        scene.state = without_wrestler(state, winner)
    else:
        pinned = {p: by for p, by in state.pinned.items() if p != winner}
        if len(pinned) != len(state.pinned):
            scene.say(f"{scene.name(winner)} breaks the pin.")
        chomped = {p: by for p, by in state.chomped_by.items() if p in pinned}
        scene.state = state.model_copy(update={"pinned": pinned, "chomped_by": chomped})
        opponents = [c for c in group if c != winner]
        aim = state.choice_targets.get(winner) or opponents[0]
        launches = knacks[winner].get(Knack.LAUNCH, 0)
        scene.say(f"**{scene.name(winner)} has the upper paw** against {scene.name(aim)}.")
        _damage(services, scene, winner, aim, Strike.SWAT, {}, bonus=0, spend=0)
        if launches and aim not in scene.state.out:
            scene.say(
                f"{scene.name(aim)} is launched {launch_distance(launches)} body lengths away and "
                "spends its next action finding its feet."
            )
            scene.state = without_wrestler(scene.state, aim)
            scene.state = scene.state.model_copy(
                update={"no_attack": scene.state.no_attack | {aim}}
            )
    _after_turn(scene)


# --- leaving, looking, ending ------------------------------------------------------------------


@runs_in_database
def flee(services: Services, actor: Actor, character: str | None = None) -> Reply:
    """`/fight flee` on your turn, out of any wrestle: the cat leaves the fight."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        scene, cat = _on_turn(tx, actor, guild, character, fit=False)
        if scene.state.wrestle_of(cat) is not None:
            raise PawpostError(f"{scene.name(cat)} is wrestling: Jump away with /wrestle first.")
        wcagr(tx).fights.release_fighters(guild.guild_id, scene.combat.id, [cat])
        scene.say(f"{scene.name(cat)} leaves the fight.")
        scene.state = scene.state.model_copy(update={"out": scene.state.out | {cat}})
        _after_turn(scene)
        return _commit(scene, actor, cat, "flee", "leaves the fight", now)


@runs_in_database
def status(services: Services, actor: Actor, character: str | None = None) -> Reply:
    """`/fight status`: the order with each cat's initiative and HP, the wrestles, whose turn."""
    with services.db.transaction(write=False) as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        cat = acting_character(tx, actor, guild, character)
        scene = _scene_of(tx, guild, cat)
        state = scene.state
        lines = []
        for index, other in enumerate(state.order or state.fighters):
            sheet = scene.sheet(other)
            mark = "▶ " if index == state.position and state.attacker == other else ""
            gone = " (out)" if other in state.out else ""
            wrestling = " wrestling" if state.wrestle_of(other) else ""
            pinned = " pinned" if other in state.pinned else ""
            init = f"initiative {state.initiative[other]}, " if other in state.initiative else ""
            lines.append(
                f"{mark}{scene.name(other)}: {init}HP {sheet.hp} of {sheet.hp_max}"
                f"{wrestling}{pinned}{gone}"
            )
        lines += _whose_turn(scene)
    return Reply(title=f"Fight {scene.combat.id}, round {state.turn}", lines=lines)


@runs_in_database
def admin_end(services: Services, actor: Actor, character: str, reason: str) -> Reply:
    """An admin ends the fight a cat is in."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_admin(actor, guild)
        scene = _scene_of(tx, guild, named(tx, guild.guild_id, character))
        scene.state = scene.state.bumped(
            phase=Phase.OVER, end_reason=f"an admin ended it ({reason})"
        )
        return _commit(scene, actor, None, "end", "an admin ends the fight", now)


async def _fight_button(services: Services, actor: Actor, press: Press) -> Reply:
    if press.verb in ("accept", "decline"):
        return await _answer(services, actor, press)
    return await _wrestle_button(services, actor, press)


FIGHT_BUTTONS: dict[tuple[str, str], ButtonHandler] = {
    (AREA, verb): _fight_button for verb in ("accept", "decline", "wrestle", "jump")
}


# --- timeouts ---------------------------------------------------------------------------------

TIMEOUTS_PER_WAKE = 50
BOT_USER = 0  # the log's user for what the bot does by itself


@runs_in_database
def overdue_fights(
    services: Services, now: datetime, limit: int = TIMEOUTS_PER_WAKE
) -> tuple[list[tuple[int, Reply]], datetime | None]:
    """Fights whose wait passed the server's turn timeout: a wrestle still choosing is rolled
    with Wrestle for every cat that has not chosen (RULINGS: "or the timeout passes"); any other
    wait mentions whoever it waits for, once. Also when the next wait falls due."""
    notices: list[tuple[int, Reply]] = []
    with services.db.transaction() as tx:
        for combat in wcagr(tx).fights.due(now, limit, RULESET):
            guild = tx.guilds.get(combat.guild_id)
            scene = Scene(tx, guild, combat)
            hours = guild.settings.turn_timeout_hours
            state = scene.state
            if state.phase is Phase.WRESTLING and state.attacker is not None:
                group = state.wrestle_of(state.attacker) or ()
                late = [c for c in group if c not in state.choices]
                scene.state = state.model_copy(
                    update={
                        "choices": {**state.choices, **dict.fromkeys(late, WrestleChoice.WRESTLE)}
                    }
                )
                scene.say(
                    f"After {hours} h without a choice, "
                    + ", ".join(scene.name(c) for c in late)
                    + " wrestle on."
                )
                _roll_off(services, scene, group)
                bot = Actor(combat.guild_id, combat.channel_id, BOT_USER)
                notices.append(
                    (combat.channel_id, _commit(scene, bot, None, "timeout", "timeout roll", now))
                )
                continue
            lines = [f"This fight has waited {hours} h.", *_whose_turn(scene)]
            if guild.settings.admin_channel_id is None:
                lines.append("Admins may /admin fight-end it.")
            notices.append(
                (
                    combat.channel_id,
                    Reply(
                        title=f"Fight {combat.id}, round {state.turn}",
                        lines=lines,
                        buttons=_buttons(scene),
                        mentions=_to_ping(scene),
                    ),
                )
            )
            wcagr(tx).fights.mark_reminded([combat], now)
        next_due = wcagr(tx).fights.next_due(RULESET)
    return notices, next_due
