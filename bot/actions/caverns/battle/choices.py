"""The choices a battle waits for (issue 29 §3): a Flourish not yet picked (a Riposte's too) or
Area damage not yet divided, and the reactions offered right after a step (Backflip,
Retribution, Refrain, Truss, Masquerade, Blood Boil). The next step that moves the battle on
waits for the choice's owner until the server's turn timeout has passed since it was offered;
the owner's own next action, or the MC's /battle skip, lets it lapse at once. Steps that move
nothing on (a pick, armour, a reaction) keep every other offer open."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.actions.caverns.battle.scene import Scene
from bot.actions.caverns.common import caverns_sheet
from bot.actions.context import Actor
from bot.actions.formatting import safe
from bot.actions.reply import Button
from rules.caverns.battle.effects import EffectKind
from rules.caverns.battle.rows import BattleState
from rules.caverns.sheet import CavernsSheet
from rules.errors import PawpostError

# Offers a skill leaves in the battle's effects, good at one state version, and their names.
OFFERS: dict[EffectKind, str] = {
    EffectKind.BACKFLIP: "Backflip",
    EffectKind.RETRIBUTION: "Retribution",
    EffectKind.REFRAIN: "Refrain",
}
DECLINE = "decline"
FLOURISH_CHOICES = ("Flourish", "Area damage to divide")  # picked by their own buttons


@dataclass(frozen=True)
class Choice:
    """One choice the battle waits for: its owner (a combatant) and what it is."""

    owner: int
    what: str


def open_choices(
    scene: Scene, state: BattleState | None = None, version: int | None = None
) -> list[Choice]:
    """The choices open at `version` (the one read, unless given) of the state."""
    state = state or scene.state
    version = scene.read_version if version is None else version
    found: list[Choice] = []
    pending = state.flourish
    if pending is not None and pending.version == version:
        if pending.open_options:
            found.append(Choice(pending.attacker, "Flourish"))
        if pending.area_owed:
            found.append(Choice(pending.attacker, "Area damage to divide"))
    for effect in state.effects:
        if effect.kind in OFFERS and effect.version == version:
            found.append(Choice(effect.owner, OFFERS[effect.kind]))
    struck = state.struck
    if struck is not None and struck.version == version and struck.infiltrated:
        sheet = _sheet(scene, state, struck.attacker)
        if sheet is not None and sheet.has_skill("stealth:truss"):
            found.append(Choice(struck.attacker, "Truss"))
        if sheet is not None and struck.killed and sheet.has_skill("stealth:masquerade"):
            found.append(Choice(struck.attacker, "Masquerade"))
    over = state.turn_over
    if over is not None and over.version == version:
        sheet = _sheet(scene, state, over.combatant)
        if sheet is not None and sheet.has_skill("psionics:blood-boil") and sheet.conditions:
            found.append(Choice(over.combatant, "Blood Boil"))
    return [c for c in found if state.combatant(c.owner).present]


def _sheet(scene: Scene, state: BattleState, combatant_id: int) -> CavernsSheet | None:
    fighter = state.combatant(combatant_id)
    if fighter.character_id is None or not fighter.present:
        return None
    return caverns_sheet(scene.character(fighter))


def described(scene: Scene, choices: list[Choice], state: BattleState | None = None) -> str:
    """ "Brunhild's Flourish, Ilsa's Backflip"."""
    state = state or scene.state
    return ", ".join(f"{safe(state.combatant(c.owner).name)}'s {c.what}" for c in choices)


def deadline(scene: Scene, state: BattleState | None = None) -> datetime | None:
    """When the open choices lapse by themselves: the turn timeout after they were offered."""
    since = (state or scene.state).waiting_since
    if since is None:
        return None
    return since + timedelta(hours=scene.guild.settings.turn_timeout_hours)


def hold_on(scene: Scene, actor: Actor, now: datetime, *, force: bool = False) -> None:
    """Before a step that moves the battle on: refused while a choice of someone else's is
    open and has not timed out; otherwise the open choices lapse with this step (`force`: the
    MC's skip lets them lapse at once)."""
    scene.moving = True
    choices = open_choices(scene)
    if not choices or force:
        return
    others = [c for c in choices if _player_of(scene, c) != actor.user_id]
    due = deadline(scene)
    if not others or (due is not None and now >= due):
        return
    until = f" (until {due:%Y-%m-%d %H:%M} UTC" if due is not None else " ("
    raise PawpostError(
        f"The battle waits for {described(scene, others)}{until}, or the MC's /battle skip)."
    )


def _player_of(scene: Scene, choice: Choice) -> int | None:
    fighter = scene.state.combatant(choice.owner)
    if fighter.character_id is None:
        return None
    return scene.character(fighter).owner_id


def settle(scene: Scene, now: datetime) -> list[str]:
    """As a step is stored: a step that moved on lets the choices open before it lapse (told);
    any other keeps them open at the new version. Then the time the battle began to wait."""
    lapsed: list[str] = []
    before = open_choices(scene)
    prior = (scene.opened or scene.state).waiting_since
    version = scene.read_version
    if scene.moving:
        reactions = [c for c in before if c.what not in FLOURISH_CHOICES]
        if reactions:
            lapsed.append(f"{described(scene, reactions)} lapsed.")
    else:
        scene.state = carried(scene.state, version)
    scene.state = scene.state.model_copy(update={"waiting_since": None})
    waiting = open_choices(scene, scene.state, version + 1)
    if waiting:
        since = prior if before and not scene.moving and prior is not None else now
        scene.state = scene.state.model_copy(update={"waiting_since": since})
    return lapsed


def carried(state: BattleState, version: int) -> BattleState:
    """Every offer of `version` kept for the next one (a step that moved nothing on)."""
    following = version + 1

    def bump(v: int | None) -> int | None:
        return following if v == version else v

    effects = [
        e.model_copy(update={"version": bump(e.version)}) if e.kind in OFFERS else e
        for e in state.effects
    ]
    changes: dict[str, object] = {
        "effects": effects,
        "hits": [h.model_copy(update={"version": bump(h.version)}) for h in state.hits],
        "blockable": [b.model_copy(update={"version": bump(b.version)}) for b in state.blockable],
    }
    if state.flourish is not None and state.flourish.version == version:
        changes["flourish"] = state.flourish.model_copy(update={"version": following})
    if state.struck is not None and state.struck.version == version:
        changes["struck"] = state.struck.model_copy(update={"version": following})
    if state.turn_over is not None and state.turn_over.version == version:
        changes["turn_over"] = state.turn_over.model_copy(update={"version": following})
    return state.model_copy(update=changes)


def waiting_line(scene: Scene) -> list[str]:
    """For a stored step's reply (and the reminder): the choices the battle now waits for."""
    choices = open_choices(scene, scene.state, scene.state.version)
    if not choices:
        return []
    due = deadline(scene)
    until = f"; by itself it goes on at {due:%Y-%m-%d %H:%M} UTC" if due is not None else ""
    return [
        f"**Waiting for:** {described(scene, choices)}, its owner's to pick{until} (the MC may "
        "/battle skip)."
    ]


def decline_buttons(scene: Scene, combat_id: int) -> list[Button]:
    """A "Let it pass" button when a reaction (not a Flourish, which has its own) waits."""
    choices = [
        c
        for c in open_choices(scene, scene.state, scene.state.version)
        if c.what not in FLOURISH_CHOICES
    ]
    if not choices:
        return []
    return [
        Button(
            label="Let my reaction pass",
            custom_id=f"pawpost:caverns-battle:{combat_id}:{DECLINE}:{scene.state.version}",
        )
    ]


def decline(scene: Scene, actor: Actor) -> str:
    """The presser lets its own open reactions pass; what it let pass, for the story."""
    mine = [
        c
        for c in open_choices(scene)
        if c.what not in FLOURISH_CHOICES and _player_of(scene, c) == actor.user_id
    ]
    if not mine:
        raise PawpostError("No reaction of yours is waiting.")
    owners = {c.owner for c in mine}
    state = scene.state
    effects = [e for e in state.effects if not (e.kind in OFFERS and e.owner in owners)]
    struck = None if state.struck is not None and state.struck.attacker in owners else state.struck
    over = state.turn_over
    over = None if over is not None and over.combatant in owners else over
    scene.state = state.model_copy(update={"effects": effects, "struck": struck, "turn_over": over})
    return described(scene, mine)
