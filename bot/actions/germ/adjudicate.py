"""What `/admin adjudicate` changes on a Germ hunt, steal or attack, beyond the log: the hunt's
catch and the cat's starvation, the stolen catch, the attack's scar, 16+ wound and disability.
Reached through `Ruleset.adjudicate`; any other roll keeps a free-text outcome."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from bot.actions.formatting import safe
from bot.actions.germ.combat_view import where
from bot.actions.hunting import plural
from rules.errors import PawpostError
from rules.germ.adjudication import (
    HUNT_OUTCOMES,
    STEAL_OUTCOMES,
    attack_change,
    attack_override,
    hunt_caught,
    replay_hunts,
    steal_stolen,
    streak_before,
)
from rules.germ.combat_events import Attacked, CombatEvent, DisabilityChosen
from rules.germ.combat_turns import CombatState, Phase
from rules.germ.constants import (
    BADLY_WOUNDED_POWER,
    DISABILITY_POWER,
    GRAZE_POWER,
    MODERATE_POWER,
    SCAR_POWER,
    SCRATCH_POWER,
)
from rules.germ.hunger import starving_with_mother
from rules.germ.hunting import end_starvation, is_nursing, nursing_kits, with_hunger
from rules.germ.sheet import Disability, GermSheet, with_disability, with_scar, without_condition
from storage.germ import germ
from storage.hunting import Outcome
from storage.models import AuditEntry, Character
from storage.repositories import Transaction
from storage.settings import Guild
from storage.turns import Combat, CombatAction

_COMBAT = re.compile(
    r"^(?:Free attack|Attack) on .+ \(combat (\d+), (?:round (\d+)|before the first round)\)$"
)
GermCombat = Combat[CombatState]
GermAction = CombatAction[CombatEvent]
ACTIONS_READ = 500  # a combat's steps read back to find the attack and its disability
HUNTS_COUNTED_AGAIN = 1000  # an overridden hunt and those after it, counted again


def _cat(tx: Transaction, guild: Guild, character_id: int | None) -> tuple[Character, GermSheet]:
    found = None if character_id is None else tx.characters.by_id(guild.guild_id, character_id)
    if found is None or not isinstance(found.sheet, GermSheet):
        raise PawpostError("The cat of that roll is no longer in this server.")
    return found, found.sheet


def adjudicate(
    tx: Transaction, guild: Guild, original: AuditEntry, outcome: str, now: datetime
) -> tuple[str, list[str]] | None:
    if original.action == "hunt":
        return _hunt(tx, guild, original, hunt_caught(outcome))
    if original.action == "steal":
        return _steal(tx, guild, original, steal_stolen(outcome), now)
    if original.action == "combat":
        match = _COMBAT.match(original.summary)
        if match is not None:
            round_ = int(match[2]) if match[2] else 0  # an ambush comes before the first round
            return _attack(tx, guild, original, outcome, int(match[1]), round_)
    return None


def _hunt(
    tx: Transaction, guild: Guild, original: AuditEntry, caught: bool
) -> tuple[str, list[str]]:
    """The hunt's new outcome, and the hunger of every hunt since counted again from the whole
    log (three failures in a row starve, whichever hunt was overridden)."""
    cat, sheet = _cat(tx, guild, original.character_id)
    record = tx.hunting.hunt_logged_at(guild.guild_id, cat.id, original.created_at)
    if record is None:
        raise PawpostError("That hunt is no longer in the hunting log.")
    name = safe(cat.name)
    word = "caught" if caught else "failed"
    if record.caught == caught:
        return word, [f"The hunt was already {word}: nothing else changes."]
    kits = tx.characters.kits_of(guild.guild_id, cat.id)
    ages = {kit.id: kit.sheet.age_moons for kit in kits if isinstance(kit.sheet, GermSheet)}
    nursing = is_nursing(ages.values())
    history = tx.hunting.hunts_from(guild.guild_id, cat.id, record.id, HUNTS_COUNTED_AGAIN)
    earlier = tx.hunting.hunts_of(guild.guild_id, cat.id, before_id=record.id, limit=1)
    before = streak_before(
        not record.caught, record.fail_streak, earlier[0].fail_streak if earlier else None
    )
    updates = replay_hunts(before, [caught] + [h.caught for h in history[1:]], nursing=nursing)
    outcome = Outcome.CAUGHT if caught else Outcome.GOT_AWAY
    for hunt, counted in zip(history, updates, strict=True):
        kept = outcome if hunt.id == record.id else hunt.outcome
        tx.hunting.set_outcome(hunt.id, kept, counted.fail_streak)
    update = updates[-1]
    lines = [f"{name} caught prey after all." if caught else f"{name}'s catch got away after all."]
    if record.eaten and not caught:
        lines.append(f"{safe(record.eaten_by_name or 'Another cat')} already ate it; that stands.")
    if len(history) > 1:
        later = plural(len(history) - 1, "later hunt")
        lines.append(f"The {later} since are counted again.")
    if sheet.fail_streak != history[-1].fail_streak:
        # A share, a steal or an admin changed its hunger after its last hunt: that stands.
        lines.append(
            f"{name}'s hunger changed after its last hunt (a share, a steal or an admin), so it "
            "stays as it is: set it with /admin sheet set if it should follow."
        )
        return word, lines
    hunger = "starving" if update.starving else "not starving"
    lines.append(f"{name}: {plural(update.fail_streak, 'failed hunt')} in a row, {hunger}.")
    cat.sheet = with_hunger(sheet, update)
    changed = [cat]
    if update.starving and not sheet.starving:
        young = set(nursing_kits(ages))
        for kit in kits:
            if kit.id in young and isinstance(kit.sheet, GermSheet) and not kit.sheet.starving:
                kit.sheet = starving_with_mother(kit.sheet)
                changed.append(kit)
    tx.characters.save_sheets(changed)
    return word, lines


def _steal(
    tx: Transaction, guild: Guild, original: AuditEntry, stolen: bool, now: datetime
) -> tuple[str, list[str]]:
    thief, sheet = _cat(tx, guild, original.character_id)
    attempt = tx.hunting.steal_logged_at(guild.guild_id, thief.id, original.created_at)
    if attempt is None:
        raise PawpostError("That steal is no longer in the hunting log.")
    hunt_id, succeeded = attempt
    word = "stolen" if stolen else "spotted"
    name = safe(thief.name)
    if succeeded == stolen:
        return word, [f"The steal was already {word}: nothing else changes."]
    if not tx.hunting.set_steal(hunt_id, thief.id, now, stolen=stolen):
        if stolen:
            raise PawpostError("That catch was eaten since, so it cannot be stolen now.")
        return word, [f"The catch was no longer {name}'s to give back: nothing else changes."]
    if stolen:
        thief.sheet = with_hunger(sheet, end_starvation())
        tx.characters.save_sheet(thief)
        return word, [f"{name} stole the catch after all and ate it: not starving."]
    return word, [f"The catch is its hunter's again, to share or be stolen (hunt #{hunt_id})."]


def _attack_step(
    tx: Transaction, guild_id: int, original: AuditEntry
) -> tuple[GermCombat, list[GermAction], int, Attacked] | None:
    """A logged attack's combat, its steps oldest first, and which step and attack it is."""
    match = _COMBAT.match(original.summary) if original.action == "combat" else None
    if match is None:
        return None
    combat_id, round_ = int(match[1]), int(match[2]) if match[2] else 0
    combat = germ(tx).combat.get(guild_id, combat_id)
    if combat is None:
        raise PawpostError("That combat is no longer in this server.")
    actions = list(reversed(germ(tx).combat.recent_actions(guild_id, combat_id, ACTIONS_READ)))
    found = None
    for index, action in enumerate(actions):
        if action.round != round_ or action.created_at != original.created_at:
            continue
        for event in action.events:
            if isinstance(event, Attacked) and event.attacker == original.character_id:
                found = (index, event)
    if found is None:
        raise PawpostError("That attack is no longer in its combat's log.")
    return combat, actions, found[0], found[1]


def _attack(
    tx: Transaction, guild: Guild, original: AuditEntry, outcome: str, combat_id: int, round_: int
) -> tuple[str, list[str]]:
    override = attack_override(outcome)
    step = _attack_step(tx, guild.guild_id, original)
    assert step is not None
    combat, actions, index, attack = step
    target, sheet = _cat(tx, guild, attack.target)
    name, at = safe(target.name), where(combat_id, round_)
    action = actions[index]
    # The step's stored hit is the latest word on it (an earlier override changed it).
    old = action.power if action.target_id in (None, target.id) else attack.result.power
    change = attack_change(old, override.power)
    word = "miss" if override.power is None else f"power {override.power}"
    lines: list[str] = []
    if change.scars > 0:
        sheet = with_scar(sheet)
        lines.append(f"{name} has one more scar.")
    elif change.scars < 0 and sheet.scars:
        sheet = sheet.model_copy(update={"scars": sheet.scars - 1})
        lines.append(f"{name} has one scar fewer.")
    if change.disables is True:
        if override.disability is None:
            raise PawpostError(
                "A power of 21 or more needs the disability too, e.g. power 22 blinded."
            )
        if override.disability.condition in sheet.conditions:
            raise PawpostError(
                f'{name} already has the disability "{override.disability.label}"; name another.'
            )
        sheet = with_disability(sheet, override.disability)
        word += f" {override.disability.value}"
        lines.append(f"{name} is {override.disability.label} for good.")
    elif change.disables is False:
        chosen = next(
            (
                event.disability
                for action in actions[index:]
                for event in action.events
                if isinstance(event, DisabilityChosen) and event.fighter == target.id
            ),
            None,
        )
        if chosen is None:  # an earlier override gave it: its outcome names it
            earlier = tx.audit.latest_override(guild.guild_id, original.id)
            if earlier is not None and earlier.outcome:
                chosen = attack_override(earlier.outcome).disability
        state = combat.state
        if chosen is None and state.phase is Phase.AWAITING_DISABILITY:
            raise PawpostError(f"Let {name}'s disability be chosen first, then adjudicate.")
        if chosen is not None:
            sheet = without_condition(sheet, chosen.condition)
            lines.append(f"{name} is no longer {chosen.label}.")
    if change.badly_wounded is not None and not combat.state.is_over:
        state = combat.state
        wounded = set(state.badly_wounded)
        others = [
            power
            for action in actions
            if action is not actions[index]
            for hit_target, power in [(action.target_id, action.power)]
            if hit_target == target.id and power is not None and power >= BADLY_WOUNDED_POWER
        ]
        if change.badly_wounded:
            wounded.add(target.id)
            lines.append(f"{name} is badly wounded for the rest of {at.split(',')[0]}.")
        elif not others:
            wounded.discard(target.id)
            lines.append(f"{name} is no longer badly wounded in {at.split(',')[0]}.")
        saved = combat.model_copy(
            update={"state": state.model_copy(update={"badly_wounded": frozenset(wounded)})}
        )
        if not germ(tx).combat.save(saved, state.version):
            raise PawpostError("That combat moved on a moment ago; try again.")
    germ(tx).combat.set_hit(action.id, target.id, override.power)
    if sheet != target.sheet:
        target.sheet = sheet
        tx.characters.save_sheet(target)
    return word, lines or [f"Nothing else changes for {name}."]


def outcomes(original: AuditEntry) -> tuple[str, ...]:
    """What an override of that roll may say (autocomplete): a hunt's, a steal's, or an
    attack's miss and a power from each band of the power table (a disability named)."""
    if original.action == "hunt":
        return HUNT_OUTCOMES
    if original.action == "steal":
        return STEAL_OUTCOMES
    if original.action == "combat" and _COMBAT.match(original.summary):
        bands = (GRAZE_POWER, SCRATCH_POWER, MODERATE_POWER, SCAR_POWER, BADLY_WOUNDED_POWER)
        disabled = tuple(f"power {DISABILITY_POWER} {d.value}" for d in Disability)
        return ("miss", *(f"power {power}" for power in bands), *disabled)
    return ()


# --- undo: what an adjudication changed outside the sheets -----------------------------------


def touches(tx: Transaction, original: AuditEntry) -> list[int]:
    """An attack's adjudication changes its target's sheet (the scar, the disability)."""
    step = _attack_step(tx, original.guild_id, original)
    return [] if step is None else [step[3].target]


def roll_state(tx: Transaction, original: AuditEntry) -> dict[str, Any]:
    """What an attack's adjudication sets in its combat (the step's hit, the target badly
    wounded while the combat goes on), and a steal's (the attempt, who ate the catch)."""
    step = _attack_step(tx, original.guild_id, original)
    if step is not None:
        combat, actions, index, attack = step
        action = actions[index]
        wounded = None if combat.state.is_over else attack.target in combat.state.badly_wounded
        return {"step": action.id, "hit": [action.target_id, action.power], "wounded": wounded}
    if original.action == "steal" and original.character_id is not None:
        attempt = tx.hunting.steal_logged_at(
            original.guild_id, original.character_id, original.created_at
        )
        if attempt is not None:
            return {
                "hunt": attempt[0],
                "steal": list(tx.hunting.steal_state(attempt[0], original.character_id)),
            }
    return {}


def restore_roll(tx: Transaction, original: AuditEntry, state: dict[str, Any]) -> None:
    if "step" in state:
        target, power = state["hit"]
        germ(tx).combat.set_hit(state["step"], target, power)
        step = _attack_step(tx, original.guild_id, original)
        if step is None or state["wounded"] is None or step[0].state.is_over:
            return
        combat, _, _, attack = step
        wounded = set(combat.state.badly_wounded)
        (wounded.add if state["wounded"] else wounded.discard)(attack.target)
        saved = combat.model_copy(
            update={"state": combat.state.model_copy(update={"badly_wounded": frozenset(wounded)})}
        )
        if not germ(tx).combat.save(saved, combat.state.version):
            raise PawpostError("That combat moved on a moment ago; try again.")
    elif "hunt" in state and original.character_id is not None:
        succeeded, stolen_by, eaten_at = state["steal"]
        tx.hunting.restore_steal(
            state["hunt"], original.character_id, (succeeded, stolen_by, eaten_at)
        )
