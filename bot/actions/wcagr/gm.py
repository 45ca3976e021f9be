"""WCAGR's part of the GM toolkit (`bot.gm.GmTools`, as `Ruleset.gm`): its sheet's fields
(`gm_fields`), wounds and life (`gm_life`), an admin's skip and end of a fight, the outcomes of
its logged rolls, its hunts as scenes (`hunt_scenes`), and what undo puts back of its own
rows."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from bot.actions.context import Actor
from bot.actions.reply import Reply
from bot.actions.wcagr.defence import jump_as_it_stands
from bot.actions.wcagr.fight_scene import Scene, after_turn, agreeing, commit, fight_by_id
from bot.actions.wcagr.gm_fields import fields, set_field
from bot.actions.wcagr.gm_life import damage, heal, kill, leave_scenes, revive
from bot.actions.wcagr.hunt_scenes import HUNT_SCENES
from bot.actions.wcagr.wrestling import roll_wrestle
from bot.gm import GmTools
from rules.dice import DiceSource
from rules.errors import PawpostError
from rules.wcagr.fight_state import Phase
from rules.wcagr.fights import WrestleChoice
from storage.models import AuditEntry, Character
from storage.repositories import Transaction
from storage.settings import Guild
from storage.wcagr import wcagr
from storage.wcagr.hunts import StoredHunt

CHECKED_ACTIONS = ("check", "hunt")  # the logged rolls an adjudication makes succeed or fail
OUTCOMES = ("success", "failure")


def _awaited(scene: Scene) -> list[int]:
    """Whom the fight waits for: the cat on turn, the wrestlers still to choose, or the target
    still to jump."""
    state = scene.state
    if state.phase is Phase.DEFENDING and state.jump_wait is not None:
        return [state.jump_wait.target]
    if state.phase is Phase.WRESTLING and state.attacker is not None:
        return [c for c in state.wrestle_of(state.attacker) or () if c not in state.choices]
    if state.phase is Phase.TURNS and state.attacker is not None:
        return [state.attacker]
    return []


def skip_turn(
    tx: Transaction,
    actor: Actor,
    guild: Guild,
    combat_id: int,
    character_id: int | None,
    dice: DiceSource,
    now: datetime,
) -> Reply:
    """`/admin scene skip`: the fight goes on without whoever it waits for (D16: an absent
    fighter): the cat on turn's turn passes; a wrestler that has not chosen wrestles on; a
    target that has not jumped jumps as it stands (what the turn timeout does, at once)."""
    scene = fight_by_id(tx, guild, combat_id)
    state = scene.state
    awaited = _awaited(scene)
    if state.phase is Phase.ASKED:  # a cat is not made to fight by a skip
        asked = [scene.name(c) for c in state.fighters[1:] if c not in state.accepted]
        raise PawpostError(
            f"The fight has not begun: it waits for {', '.join(asked)} to accept;"
            " /admin scene end calls it off."
        )
    if not awaited:
        raise PawpostError("The fight waits for no cat's move: it has not begun, or it is over.")
    if character_id is not None and character_id not in awaited:
        names = ", ".join(scene.name(c) for c in awaited)
        raise PawpostError(f"The fight waits for {names}, not that cat.")
    skipped = awaited if character_id is None else [character_id]
    if state.phase is Phase.WRESTLING and state.attacker is not None:
        group = state.wrestle_of(state.attacker) or ()
        choices = {**state.choices, **dict.fromkeys(skipped, WrestleChoice.WRESTLE)}
        scene.state = state.model_copy(update={"choices": choices})
        named = [scene.name(c) for c in skipped]
        scene.say(f"An admin passes on: {agreeing(named, 'wrestles', 'wrestle')} on.")
        if all(c in choices for c in group):
            roll_wrestle(dice, scene, group)
    elif state.phase is Phase.DEFENDING:
        jump_as_it_stands(dice, scene, "On an admin's skip")
    else:
        scene.say(f"An admin passes {scene.name(skipped[0])}'s turn.")
        after_turn(scene)
    return commit(scene, actor, None, "skip", "an admin skips a turn", now)


def end_scene(
    tx: Transaction, actor: Actor, guild: Guild, combat_id: int, reason: str, now: datetime
) -> Reply:
    """`/admin scene end` (and its older `/admin fight-end`): the fight is over."""
    scene = fight_by_id(tx, guild, combat_id)
    if scene.state.is_over:
        raise PawpostError(f"Fight {combat_id} is already over.")
    scene.state = scene.state.bumped(phase=Phase.OVER, end_reason=f"an admin ended it ({reason})")
    return commit(scene, actor, None, "end", "an admin ends the fight", now)


def outcomes(entry: AuditEntry) -> Sequence[str]:
    """A WCAGR check or hunting stage succeeds or fails; nothing else is ruled by outcome."""
    return OUTCOMES if entry.action in CHECKED_ACTIONS else ()


# --- undo: WCAGR's own rows -----------------------------------------------------------------


def snapshot(tx: Transaction, character: Character) -> dict[str, Any]:
    """What an undo puts back besides the sheet: the hunts the cat is or was last on (stage,
    tries, state, its latest roll, its hunters) and what their kills put on the pile (an
    adjudicated stage moves a hunt; a death takes a cat off its hunt)."""
    hunts = wcagr(tx).hunts.recent_of(character.guild_id, character.id)
    return {
        "hunts": [
            {
                "hunt": hunt.model_dump(mode="json", exclude={"members"}),
                "members": wcagr(tx).hunts.member_rows(hunt.id),
                "pieces": wcagr(tx).hunts.piece_rows(hunt.id),
            }
            for hunt in hunts
        ]
    }


def restore(tx: Transaction, character: Character, state: dict[str, Any]) -> None:
    hunts = wcagr(tx).hunts
    for kept in state.get("hunts", ()):
        hunt = StoredHunt.model_validate(kept["hunt"])
        hunts.save(hunt, hunt.created_at)
        hunts.set_members(hunt, kept["members"])
        hunts.set_pieces(hunt.id, kept["pieces"])


WCAGR_GM = GmTools(
    fields=fields,
    set_field=set_field,
    damage=damage,
    heal=heal,
    kill=kill,
    revive=revive,
    snapshot=snapshot,
    restore=restore,
    skip_turn=skip_turn,
    end_scene=end_scene,
    leave_scenes=leave_scenes,
    outcomes=outcomes,
    own_scenes=HUNT_SCENES,
)
