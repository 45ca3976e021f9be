"""One combat step inside one transaction: find the combat, check the click, save what it did."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from itertools import combinations

from bot.actions import audit
from bot.actions.context import Actor, Services
from bot.actions.formatting import safe
from bot.actions.germ.combat_view import (
    Cast,
    end_prompt,
    event_lines,
    prompt,
    summary,
    title,
    where,
)
from bot.actions.lookup import acting_character, named, require_built
from bot.actions.reply import Reply
from rules.errors import PawpostError
from rules.germ.combat import AttackResult
from rules.germ.combat_events import (
    AmbushRolled,
    Attacked,
    ChaseRolled,
    CombatEvent,
    CombatStarted,
    DisabilityAsScar,
    DisabilityChosen,
    FighterId,
    HideRolled,
    ScarLeft,
)
from rules.germ.combat_turns import CombatState, check_version
from rules.germ.sheet import GermSheet, with_disability, with_scar
from rules.rolls import Roll
from storage.germ import germ
from storage.models import AuditEntry, Character
from storage.repositories import Transaction
from storage.settings import Guild
from storage.turns import AlreadyFighting, Combat, CombatAction

CHANNEL_COMBATS_LIMIT = 2  # enough to tell "one" from "several"
TAKEN = "That turn was already taken."


def germ_sheet(character: Character) -> GermSheet:
    if not isinstance(character.sheet, GermSheet):
        raise PawpostError(f"{safe(character.name)} is not a Germ character.")
    return character.sheet


def cats_of(state: CombatState) -> tuple[FighterId, ...]:
    """The fighters, and a cat asking to join."""
    return state.fighters if state.joining is None else (*state.fighters, state.joining)


@dataclass
class Fight:
    """A combat loaded for one command: the server, the stored combat and its live fighters."""

    guild: Guild
    combat: Combat
    characters: dict[int, Character]

    @property
    def state(self) -> CombatState:
        return self.combat.state

    @property
    def cast(self) -> Cast:
        fighters = cats_of(self.state)
        return Cast(
            names={f: self.characters[f].name for f in fighters if f in self.characters},
            owners={f: self.characters[f].owner_id for f in fighters if f in self.characters},
        )

    def sheets(self) -> dict[FighterId, GermSheet]:
        """Every fighter still in the combat's sheet, for the rolls."""
        missing = [f for f in self.state.active if f not in self.characters]
        if missing:
            raise PawpostError(
                "A cat in this combat was deleted; an admin can end it with /admin combat end."
            )
        return {f: germ_sheet(self.characters[f]) for f in self.state.active}

    def plays(self, actor: Actor, fighter: FighterId | None) -> bool:
        """Whether the actor is the player of this fighter."""
        found = None if fighter is None else self.characters.get(fighter)
        return found is not None and found.owner_id == actor.user_id

    def is_admin(self, actor: Actor) -> bool:
        return actor.admin_in(self.guild.settings)

    def may_act_for(self, actor: Actor, fighter: FighterId | None) -> bool:
        """The fighter's player, or an admin acting for them."""
        return self.plays(actor, fighter) or self.is_admin(actor)

    def own_fighters(self, actor: Actor) -> list[FighterId]:
        """The fighters still in the combat that the actor plays, in turn order."""
        return [f for f in self.state.active if self.plays(actor, f)]


def load(
    tx: Transaction, guild: Guild, combat_id: int, version: int | None = None, *, lock: bool = False
) -> Fight:
    """A combat of this server that is not over; with `version` (a button's), it must be the
    state the button was made on. `lock`: held until the transaction ends (a click on it)."""
    combat = germ(tx).combat.get(guild.guild_id, combat_id, lock=lock)
    if combat is None:
        raise PawpostError("That combat does not exist in this server.")
    if combat.state.is_over:
        raise PawpostError("This combat is over.")
    if version is not None:
        check_version(combat.state, version)
    characters = tx.characters.by_ids(guild.guild_id, cats_of(combat.state))
    return Fight(guild, combat, characters)


def combat_of(tx: Transaction, actor: Actor, guild: Guild, character: str | None) -> Fight:
    """The combat a command means: the named cat's, else the one the actor's cat is in, else
    this channel's only one."""
    if character:
        found = named(tx, actor.guild_id, character)
        fighting = germ(tx).combat.fighting(actor.guild_id, (found.id,))
        if found.id not in fighting:
            raise PawpostError(f"{safe(found.name)} is not in a combat.")
        return load(tx, guild, fighting[found.id])
    fighting_cats = germ(tx).combat.fighting_for_player(actor.guild_id, actor.user_id)
    own = {combat_id for _, combat_id in fighting_cats}
    if len(own) == 1:
        return load(tx, guild, own.pop())
    if len(own) > 1:
        raise PawpostError("Your cats are in several combats; name one with the character option.")
    here = germ(tx).combat.active_in_channel(
        actor.guild_id, actor.channel_id, CHANNEL_COMBATS_LIMIT
    )
    if len(here) == 1:
        characters = tx.characters.by_ids(guild.guild_id, cats_of(here[0].state))
        return Fight(guild, here[0], characters)
    if here:
        raise PawpostError(
            "Several combats are going on in this channel; name a cat with the character option."
        )
    raise PawpostError("There is no combat here; name a cat in one with the character option.")


def fighter_of(
    tx: Transaction, actor: Actor, guild: Guild, character: str | None
) -> tuple[Fight, FighterId]:
    """The cat a turn command acts as, and its combat: the named one (theirs, or any for an
    admin), else the player's only fighting cat, else the one whose turn it is."""
    if character:
        found = acting_character(tx, actor, guild, character)
        fighting = germ(tx).combat.fighting(actor.guild_id, (found.id,))
        if found.id not in fighting:
            raise PawpostError(f"{safe(found.name)} is not in a combat.")
        return load(tx, guild, fighting[found.id]), found.id
    own = germ(tx).combat.fighting_for_player(actor.guild_id, actor.user_id)
    if not own:
        raise PawpostError("None of your cats is in a combat.")
    if len(own) == 1:
        character_id, combat_id = own[0]
        return load(tx, guild, combat_id), character_id
    fights = [(load(tx, guild, combat_id), c) for c, combat_id in own]
    on_turn = [(fight, c) for fight, c in fights if fight.state.attacker == c]
    if len(on_turn) == 1:
        return on_turn[0]
    raise PawpostError("Several of your cats are fighting; name one with the character option.")


def due_at(guild: Guild, state: CombatState, now: datetime) -> datetime | None:
    """When whoever the combat waits for is reminded: the server's turn timeout from now."""
    if state.is_over:
        return None
    return now + timedelta(hours=guild.settings.turn_timeout_hours)


@dataclass
class Saved:
    """What a saved step changed beyond the combat itself."""

    combat: Combat
    trust_lost: list[tuple[FighterId, FighterId]] = field(default_factory=list)


def _outcome(result: AttackResult) -> str:
    if result.power is None or result.band is None:
        return "miss"
    return f"hit, power {result.power} ({result.band.name})"


def audit_entries(
    actor: Actor,
    fight: Fight,
    events: Sequence[CombatEvent],
    round_: int,
    now: datetime,
) -> list[AuditEntry]:
    """One audit row per cat per roll (and per scar or disability), naming the combat and round."""
    cast, at = fight.cast, where(fight.combat.id, round_)
    rows: list[AuditEntry] = []

    def add(fighter: FighterId, text: str, rolls: Sequence[Roll], outcome: str) -> None:
        rows.append(
            audit.entry(
                actor,
                "combat",
                f"{text} ({at})",
                now,
                character=fight.characters.get(fighter),
                rolls=rolls,
                outcome=outcome,
            )
        )

    for event in events:
        match event:
            case AmbushRolled(ambusher=ambusher, target=target, result=result):
                seen = "hidden" if result.hidden else "spotted"
                add(ambusher, f"Ambush on {cast.raw(target)}", [result.stealth_roll], seen)
                spot = f"Spotting {cast.raw(ambusher)}'s ambush"
                add(target, spot, [result.perception_roll], seen)
            case Attacked(attacker=attacker, target=target, result=result):
                outcome = _outcome(result)
                if result.free_attack:
                    cut = result.agility_roll.total if result.agility_roll.modifiers else 0
                    free = f"Free attack on {cast.raw(target)}"
                    add(attacker, free, [result.strength_roll], f"{outcome}; Agility cut {cut}")
                else:
                    add(attacker, f"Attack on {cast.raw(target)}", [result.strength_roll], outcome)
                    dodge = f"Dodging {cast.raw(attacker)}'s attack"
                    add(target, dodge, [result.agility_roll], outcome)
            case ChaseRolled(runner=runner, chaser=chaser, result=result):
                outcome = "escaped" if result.escaped else "caught"
                add(runner, f"Running from {cast.raw(chaser)}", [result.runner_roll], outcome)
                add(chaser, f"Chasing {cast.raw(runner)}", [result.chaser_roll], outcome)
            case HideRolled(hider=hider, seeker=seeker, result=result):
                if not result.terrain_allows_hiding:
                    add(hider, f"Hiding from {cast.raw(seeker)}", [], "fails: no hiding here")
                    continue
                assert result.stealth_roll is not None
                assert result.perception_roll is not None
                outcome = "hidden" if result.hidden else "spotted"
                add(hider, f"Hiding from {cast.raw(seeker)}", [result.stealth_roll], outcome)
                spot = f"Spotting {cast.raw(hider)}"
                add(seeker, spot, [result.perception_roll], outcome)
            case ScarLeft(fighter=fighter):
                add(fighter, "Scar", [], "one more scar on the record")
            case DisabilityChosen(fighter=fighter, disability=disability):
                add(fighter, "Disability", [], f"{disability.label}: a lasting condition now")
            case DisabilityAsScar(fighter=fighter):
                add(fighter, "Disability", [], "none left to take: the hit counts as a scar")
    return rows


def commit(
    tx: Transaction,
    actor: Actor,
    fight: Fight,
    transition: tuple[CombatState, list[CombatEvent]],
    *,
    action: str,
    acting: FighterId | None,
    now: datetime,
    admin_note: str | None = None,
) -> Saved:
    """Save a step: the new state (only if nobody acted first), scars and disabilities on the
    sheets, who is out of the combat, lost trust, the combat's log and the audit log (with
    `admin_note`, an admin's intervention is logged too)."""
    before = fight.combat
    state, events = transition
    combat = before.model_copy(
        update={"state": state, "updated_at": now, "due_at": due_at(fight.guild, state, now)}
    )
    if not germ(tx).combat.save(combat, before.state.version):
        raise PawpostError(TAKEN)
    guild_id = fight.guild.guild_id
    saved = Saved(combat)

    changed: dict[int, Character] = {}
    for event in events:
        if isinstance(event, ScarLeft | DisabilityChosen) and event.fighter in fight.characters:
            character = changed.get(event.fighter) or fight.characters[event.fighter]
            sheet = germ_sheet(character)
            sheet = (
                with_scar(sheet)
                if isinstance(event, ScarLeft)
                else with_disability(sheet, event.disability)
            )
            changed[event.fighter] = character.model_copy(update={"sheet": sheet})
    if changed:
        tx.characters.save_sheets(changed.values())
        fight.characters.update(changed)

    joined = [f for f in state.fighters if f not in before.state.fighters]
    if joined:
        try:
            germ(tx).combat.add_fighters(
                guild_id, combat.id, joined, first_position=len(before.state.fighters)
            )
        except AlreadyFighting:
            raise PawpostError("That cat has just joined another combat.") from None
        for one in joined:
            for other in before.state.active:
                if germ(tx).trust.revoke_trust_between(guild_id, one, other):
                    saved.trust_lost.append((one, other))

    out = [f for f in state.left if f not in before.state.left]
    if state.is_over:
        out = list(before.state.active)
    if out:
        germ(tx).combat.release_fighters(guild_id, combat.id, out)

    if any(isinstance(event, CombatStarted) for event in events):
        for one, other in combinations(state.fighters, 2):
            if germ(tx).trust.revoke_trust_between(guild_id, one, other):
                saved.trust_lost.append((one, other))

    hit = next((e for e in events if isinstance(e, Attacked) and e.result.hit), None)
    round_ = before.state.turn
    germ(tx).combat.add_action(
        CombatAction(
            guild_id=guild_id,
            combat_id=combat.id,
            version=state.version,
            round=round_,
            user_id=actor.user_id,
            character_id=acting,
            action=action,
            summary=summary(events, fight.cast) or action,
            target_id=None if hit is None else hit.target,
            power=None if hit is None else hit.result.power,
            events=list(events),
            created_at=now,
        )
    )
    entries = audit_entries(actor, fight, events, round_, now)
    if admin_note is not None:
        at = where(combat.id, round_)
        entries.append(audit.entry(actor, "admin", f"{admin_note} ({at})", now))
    if entries:
        tx.audit.add_many(entries)
    fight.combat = combat
    return saved


# Running one step and answering it.


@dataclass
class Step:
    """What a command or click does to its combat: the action's name, the cat acting, the
    transition, and for an admin's intervention a note for the audit log."""

    action: str
    acting: FighterId | None
    transition: tuple[CombatState, list[CombatEvent]]
    admin_note: str | None = None
    asks_to_end: bool = False  # also offer the other players "Agree to end"
    update: bool = False  # replace the clicked message


Act = Callable[[Transaction, Guild], tuple[Fight, Step]]


def run_step(services: Services, actor: Actor, act: Act) -> Reply:
    """One command or click: ONE transaction that finds the combat, takes the step and saves
    it; then the answer, rolls in full, with what the combat waits for next."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        fight, step = act(tx, guild)
        saved = commit(
            tx,
            actor,
            fight,
            step.transition,
            action=step.action,
            acting=step.acting,
            now=now,
            admin_note=step.admin_note,
        )
    return step_reply(fight, saved, step)


def step_reply(fight: Fight, saved: Saved, step: Step) -> Reply:
    state, events = step.transition
    cast = fight.cast
    lines = event_lines(events, cast)
    if step.admin_note:
        lines.insert(0, f"An admin acts: {safe(step.admin_note)}.")
    for one, other in saved.trust_lost:
        lines.append(f"{cast.name(one)} and {cast.name(other)} no longer fully trust each other.")
    asked = prompt(saved.combat.id, state, cast)
    if step.asks_to_end and not state.is_over:
        asked.mentions = []  # only the players asked to agree are pinged
        end_prompt(asked, saved.combat.id, state, cast)
    for event in events:
        if isinstance(event, Attacked):
            owner = cast.owners.get(event.target)
            if owner is not None and owner not in asked.mentions:
                asked.mentions.append(owner)
    return Reply(
        title=title(saved.combat.id, state, cast),
        lines=lines + asked.lines,
        buttons=asked.buttons,
        select=asked.select,
        mentions=asked.mentions,
        update=step.update,
    )
