"""Mysticism in battle (book l. 245-250): the Mystic Chant counts by itself (a roll's bonus,
broken by moving or damage, a skipped turn not counted); Balance ends it to make your next roll
doubles of its turns, and Concentration keeps a chant that would end. Perfection and
Meditation work by themselves."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from rules.caverns.battle.effects import effects_of as effects
from rules.caverns.battle.rows import Combatant
from rules.caverns.conditions import Condition
from rules.caverns.skills.common import without_effects
from rules.caverns.skills.mysticism import (
    MEDITATION,
    PERFECTION,
    balance,
    chant_broken,
    chant_ended,
    chant_modifier,
    chant_started,
    chant_turns,
)
from rules.rolls import Modifier

if TYPE_CHECKING:
    from bot.actions.caverns.battle.scene import Scene


from collections.abc import Mapping

from bot.actions.caverns.skills.common import sheet_of
from bot.actions.caverns.skills.turn import BattleSkill, SkillTurn
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

# --- Mysticism in the battle's own steps ---------------------------------------------------


class ChantRoll(NamedTuple):
    """What a chanter's roll in battle takes: its `modifiers` and `fated_die` go to do_battle,
    advance or flee."""

    modifiers: list[Modifier]
    fated_die: int | None


def turn_not_taken(scene: Scene, fighter: Combatant) -> None:
    """A chanter's turn skipped is not counted (docs/rulings.md), nor does it end the chant."""
    sheet = sheet_of(scene, fighter)
    found = effects(scene.state, EffectKind.CHANT, owner=fighter.id)
    if sheet is not None and sheet.has_skill(MYSTIC_CHANT) and found and not found[0].note:
        store_chant(scene, chant_kept(found[0]))


def chant_of(scene: Scene, fighter: Combatant, sheet: CavernsSheet) -> Effect:
    """The chanter's chant in this battle, begun (Perfection: three turns in) if it was not."""
    found = effects(scene.state, EffectKind.CHANT, owner=fighter.id)
    if found:
        return found[0]
    chant = chant_started(fighter, sheet.has_skill(PERFECTION))
    store_chant(scene, chant)
    return chant


def store_chant(scene: Scene, chant: Effect) -> None:
    scene.state = with_effect(
        scene.state, chant, lambda e: e.kind is EffectKind.CHANT and e.owner == chant.owner
    )


def chant_turns_now(scene: Scene, fighter: Combatant, sheet: CavernsSheet) -> int:
    """The turns the chanter's chant counts for right now."""
    return _turns(scene, fighter, sheet, chant_of(scene, fighter, sheet))


def _turns(scene: Scene, fighter: Combatant, sheet: CavernsSheet, chant: Effect) -> int:
    return chant_turns(
        chant,
        prone=sheet.has_condition(Condition.PRONE),
        meditation=sheet.has_skill(MEDITATION),
    )


def break_chant(scene: Scene, fighter: Combatant, why: str) -> None:
    """The chanter moves or takes damage: the chant ends, or lapses while Concentration may
    keep it."""
    sheet = sheet_of(scene, fighter)
    if sheet is None:
        return
    chant = chant_of(scene, fighter, sheet)
    broken = chant_broken(chant, concentration=sheet.has_skill(CONCENTRATION))
    store_chant(scene, broken)
    if is_lapsing(broken):
        scene.say(
            f"{safe(fighter.name)} {why}: the chant would end; /skill use name:Concentration "
            "(1 Harmony) keeps it, before their next turn."
        )
    elif chant.amount:
        scene.say(f"{safe(fighter.name)} {why}: the chant ends.")


def chant_bonus(scene: Scene, fighter: Combatant) -> list[Modifier]:
    """The chant's bonus on a roll the battle makes for the chanter, a condition's (l. 245:
    "your bonus on any given roll"); Balance waits for the chanter's own roll."""
    sheet = sheet_of(scene, fighter)
    if sheet is None or not sheet.has_skill(MYSTIC_CHANT):
        return []
    return chant_modifier(_turns(scene, fighter, sheet, chant_of(scene, fighter, sheet)))


def chant_roll(scene: Scene, fighter: Combatant, *, moving: bool = False) -> ChantRoll:
    """The chant's bonus on a chanter's roll (or Balance's doubles, which end the chant); a
    roll to Advance or Flee moves, which breaks the chant after it."""
    sheet = sheet_of(scene, fighter)
    if sheet is None or not sheet.has_skill(MYSTIC_CHANT):
        return ChantRoll([], None)
    chant = chant_of(scene, fighter, sheet)
    turns = _turns(scene, fighter, sheet, chant)
    balanced = bool(effects(scene.state, EffectKind.BALANCE, owner=fighter.id))
    scene.state = without_effects(
        scene.state, lambda e: e.kind is EffectKind.BALANCE and e.owner == fighter.id
    )
    if balanced and turns > 0:
        face, extra = balance(turns)
        store_chant(scene, chant_ended(chant))
        scene.say(f"Balance: {safe(fighter.name)} ends the chant; the roll is doubles of {face}.")
        return ChantRoll(extra, face)
    if balanced:
        scene.say("Balance: the chant has ended already, so the roll is an ordinary one.")
    if moving:
        break_chant(scene, fighter, "moves")
    return ChantRoll(chant_modifier(turns), None)


# --- Mysticism's skills used in battle (/skill use) ----------------------------------------


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
