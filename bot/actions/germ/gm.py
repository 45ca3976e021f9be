"""What the GM toolkit means for Germ: the sheet's fields (stats within the server's cap, age,
conditions, scars, hunger), damage as a hit's power on the power table, and the toolkit's
skip and end of a combat. Healing means nothing (a scar is for good) and death is the core's
alone (the book leaves it to the players)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel

from bot.actions.context import Actor
from bot.actions.formatting import safe
from bot.actions.germ import adjudicate
from bot.actions.germ.combat_flow import Step, commit, load, step_reply
from bot.actions.germ.combat_view import waiting_for
from bot.actions.gm.model_fields import ModelFields, fields_of, saving
from bot.actions.reply import Reply
from bot.gm import GmTools
from rules.dice import DiceSource
from rules.errors import PawpostError
from rules.germ import combat_turns as turns
from rules.germ.combat_turns import Phase
from rules.germ.constants import DISABILITY_POWER, MAX_AGE_MOONS, SCAR_POWER
from rules.germ.sheet import STATS, Disability, GermSheet, with_disability, with_scar
from storage.germ import germ
from storage.germ.settings import GermSettings
from storage.hunting import Outcome
from storage.models import Character
from storage.repositories import Transaction
from storage.settings import Guild

SHEET = ModelFields(
    GermSheet,
    {
        **{stat.value: stat.label for stat in STATS},
        "age_moons": "Age",
        "conditions": "Conditions",
        "scars": "Scars",
        "fail_streak": "Failed hunts in a row",
        "starving": "Starving",
    },
)
STAT_LABELS = frozenset(stat.label for stat in STATS)
HUNTS_KEPT = 50  # the latest hunts an undo puts back as they were


def _check(guild: Guild, label: str, sheet: BaseModel) -> None:
    """What the model cannot say: the server's cap on a stat, and the oldest age."""
    assert isinstance(sheet, GermSheet)
    if label in STAT_LABELS:
        cap = GermSettings.of(guild.settings).max_points_in_stat
        value = getattr(sheet, label.casefold())
        if value > cap:
            raise PawpostError(f"{label} can be 0 to {cap} in this server; you gave {value}.")
    if label == "Age" and sheet.age_moons > MAX_AGE_MOONS:
        raise PawpostError(f"Age can be 0 to {MAX_AGE_MOONS} moons; you gave {sheet.age_moons}.")


def damage(
    tx: Transaction,
    guild: Guild,
    character: Character,
    power: int,
    kind: str | None,
    dice: DiceSource,
    now: datetime,
) -> list[str]:
    """A hit of that power read on the book's power table: a scar from 11, a disability (the
    `kind`) from 21."""
    sheet = character.sheet
    assert isinstance(sheet, GermSheet)
    name = safe(character.name)
    if power >= DISABILITY_POWER and kind is None:
        choices = ", ".join(d.value for d in Disability)
        raise PawpostError(f"A hit of {power} disables: name it with kind ({choices}).")
    if kind is not None and power < DISABILITY_POWER:
        raise PawpostError(f"Only a hit of {DISABILITY_POWER} or more leaves a disability.")
    if power < SCAR_POWER:
        return [f"A hit of {power} leaves {name} no scar: nothing on the sheet changes."]
    sheet = with_scar(sheet)
    lines = [f"A hit of {power} leaves {name} a scar ({sheet.scars} in all)."]
    if kind is not None:
        disability = Disability(kind)
        sheet = with_disability(sheet, disability)
        lines.append(f"{name} is {disability.label} for good.")
    character.sheet = sheet
    tx.characters.save_sheet(character)
    return lines


def snapshot(tx: Transaction, character: Character) -> dict[str, Any]:
    """What an undo puts back besides the cat's sheet: its latest hunts' outcomes and streaks
    (an adjudicated hunt counts those after it again) and its kits' sheets (they starve with
    their mother)."""
    guild_id = character.guild_id
    hunts = tx.hunting.hunts_of(guild_id, character.id, before_id=None, limit=HUNTS_KEPT)
    kits = tx.characters.kits_of(guild_id, character.id)
    return {
        "hunts": [[hunt.id, hunt.outcome.value, hunt.fail_streak] for hunt in hunts],
        "kits": {str(kit.id): kit.sheet.model_dump(mode="json") for kit in kits},
    }


def restore(tx: Transaction, character: Character, state: dict[str, Any]) -> None:
    for hunt_id, outcome, fail_streak in state["hunts"]:
        tx.hunting.set_outcome(hunt_id, Outcome(outcome), fail_streak)
    kits = tx.characters.by_ids(character.guild_id, (int(i) for i in state["kits"]))
    for kit_id, sheet in state["kits"].items():
        if int(kit_id) in kits:
            kits[int(kit_id)].sheet = GermSheet.model_validate(sheet)
    tx.characters.save_sheets(kits.values())


def skip_turn(
    tx: Transaction,
    actor: Actor,
    guild: Guild,
    combat_id: int,
    character_id: int | None,
    dice: DiceSource,
    now: datetime,
) -> Reply:
    fight = load(tx, guild, combat_id, lock=True)
    if fight.state.phase is not Phase.TURN or fight.state.attacker is None:
        raise PawpostError(f"There is no turn to skip: {waiting_for(fight.state, fight.cast)}.")
    skipped = fight.state.attacker
    if character_id is not None and character_id != skipped:
        raise PawpostError(f"It is {fight.cast.raw(skipped)}'s turn, not that cat's.")
    note = f"{fight.cast.raw(skipped)}'s turn is skipped"
    step = Step("skip", skipped, turns.skip_turn(fight.state), note)
    saved = commit(
        tx, actor, fight, step.transition, action="skip", acting=skipped, now=now, admin_note=note
    )
    return step_reply(fight, saved, step)


def end_scene(
    tx: Transaction, actor: Actor, guild: Guild, combat_id: int, reason: str, now: datetime
) -> Reply:
    fight = load(tx, guild, combat_id, lock=True)
    note = f"The combat ends: {reason}" if reason else "The combat ends"
    step = Step("end", None, turns.end_combat(fight.state), note)
    saved = commit(
        tx, actor, fight, step.transition, action="end", acting=None, now=now, admin_note=note
    )
    return step_reply(fight, saved, step)


def leave_scenes(
    tx: Transaction, actor: Actor, guild: Guild, character: Character, now: datetime
) -> list[str]:
    """A cat that died leaves its combat (which ends with one cat left)."""
    fighting = germ(tx).combat.fighting(guild.guild_id, (character.id,))
    if character.id not in fighting:
        return []
    fight = load(tx, guild, fighting[character.id], lock=True)
    note = f"{fight.cast.raw(character.id)} died"
    transition = turns.fall(fight.state, character.id)
    commit(
        tx, actor, fight, transition, action="death", acting=character.id, now=now, admin_note=note
    )
    state, _ = transition
    if state.is_over:
        return [f"{safe(character.name)}'s combat ends with its death."]
    return [f"{safe(character.name)} leaves its combat; the others fight on."]


GERM_GM = GmTools(
    fields=fields_of(SHEET),
    set_field=saving(SHEET, _check),
    damage=damage,
    skip_turn=skip_turn,
    end_scene=end_scene,
    leave_scenes=leave_scenes,
    snapshot=snapshot,
    restore=restore,
    outcomes=adjudicate.outcomes,
    touches=adjudicate.touches,
    roll_state=adjudicate.roll_state,
    restore_roll=adjudicate.restore_roll,
    damage_kinds=tuple(d.value for d in Disability),
)
