"""Mysticism in battle (book l. 245-250): the Mystic Chant counts by itself (skills_b1_hooks);
Balance ends it to make your next roll doubles of its turns, and Concentration keeps a chant
that would end. Perfection and Meditation work by themselves."""

from __future__ import annotations

from collections.abc import Mapping

from bot.actions.caverns.skills.turn import BattleSkill, SkillTurn
from bot.actions.caverns.skills_b1_hooks import chant_of, chant_turns_now, sheet_of, store_chant
from bot.actions.formatting import plural, safe
from rules.caverns.battle.effects import Effect, EffectKind
from rules.caverns.sheet import CavernsSheet
from rules.caverns.skills.common import with_effect
from rules.caverns.skills.mysticism import (
    BALANCE,
    BALANCE_FACTOR,
    CONCENTRATION,
    MYSTIC_CHANT,
    chant_kept,
    is_lapsing,
)
from rules.errors import PawpostError


def _chanter(turn: SkillTurn) -> CavernsSheet:
    sheet = sheet_of(turn.scene, turn.fighter)
    if sheet is None or not sheet.has_skill(MYSTIC_CHANT):
        raise PawpostError(f"{turn.skill.name} needs the Mystic Chant.")
    return sheet


def balance_use(turn: SkillTurn) -> None:
    """Balance (l. 246): your next roll in this battle ends the chant and its dice become
    twice the chant's turns, as doubles."""
    sheet = _chanter(turn)
    user = turn.scene.state.combatant(turn.fighter.id)
    turns = chant_turns_now(turn.scene, user, sheet)
    if turns < 1:
        raise PawpostError("Balance ends a chant, and you are not chanting.")
    armed = Effect(kind=EffectKind.BALANCE, owner=user.id)
    turn.scene.state = with_effect(
        turn.scene.state, armed, lambda e: e.kind is EffectKind.BALANCE and e.owner == user.id
    )
    turn.scene.say(
        f"{safe(user.name)} will end the chant on their next roll: its dice become "
        f"{BALANCE_FACTOR * turns}, doubles (as the chant stands then)."
    )


def concentration(turn: SkillTurn) -> None:
    """Concentration (l. 250): the Harmony is paid; the chant that would end goes on."""
    sheet = _chanter(turn)
    user = turn.scene.state.combatant(turn.fighter.id)
    chant = chant_of(turn.scene, user, sheet)
    if not is_lapsing(chant):
        raise PawpostError("Your chant is not ending; Concentration keeps one that would.")
    kept = chant_kept(chant)
    store_chant(turn.scene, kept)
    turn.scene.say(f"{safe(user.name)} keeps chanting ({plural(kept.amount, 'turn')}).")


SKILLSET_SKILLS: Mapping[str, BattleSkill] = {
    BALANCE: BattleSkill(balance_use, action=False, names_combatant=False),
    CONCENTRATION: BattleSkill(concentration, action=False, names_combatant=False),
}
