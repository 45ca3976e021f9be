"""Dreamweaving in battle (book l. 238-243): Slumber puts an enemy that fails a Fatigue roll to
sleep; Sweet Dreams cures a sleeping ally as its turn ends, Possess hands a sleeper's action to
you (for the MC to play out), Eternal Sleep deepens a sleep; Dreambody and Control work by
themselves (reactions.damage_taken, the conditions)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.actions.caverns.skills.common import has_skill
from rules.caverns.skills.dreamweaving import SLUMBER, slumbering_enemy

if TYPE_CHECKING:
    from bot.actions.caverns.battle.scene import Scene


from collections.abc import Mapping

from bot.actions.caverns.common import caverns_sheet, save
from bot.actions.caverns.skills.common import allies
from bot.actions.caverns.skills.healing import aimed, chosen_conditions
from bot.actions.caverns.skills.turn import BattleSkill, SkillTurn
from bot.actions.formatting import safe
from rules.caverns.battle.effects import Effect, EffectKind
from rules.caverns.battle.effects import effects_of as effects
from rules.caverns.battle.rows import Combatant, replace
from rules.caverns.conditions import Condition
from rules.caverns.skill_uses import fall_asleep
from rules.caverns.skills.common import at_end_of_turn, with_effect
from rules.caverns.skills.dreamweaving import (
    CONTROL,
    ETERNAL_SLEEP,
    ETERNAL_SLEEP_DIFFICULTY,
    POSSESS,
    SWEET_DREAMS,
    deepened,
)
from rules.errors import PawpostError

# --- Dreamweaving in the battle's own steps ------------------------------------------------


def slumber_instead(scene: Scene, fighter: Combatant) -> bool:
    """Call when `fighter` loses an action to Fatigue: with an enemy's Slumber it falls Asleep
    (its failed roll's Prone stays). True when it did."""
    dreamer = slumbering_enemy(scene.state, fighter, lambda c: has_skill(scene, c, SLUMBER))
    if dreamer is None:
        return False
    return scene.afflict(
        fighter, Condition.SLEEPING, note="Slumber", by=f"{dreamer.name}'s Slumber"
    )


# --- Dreamweaving's skills used in battle (/skill use) -------------------------------------


def _asleep(turn: SkillTurn, fighter: Combatant) -> None:
    if not fighter.present or Condition.SLEEPING not in turn.scene.conditions_of(fighter):
        raise PawpostError(f"{safe(fighter.name)} is not Asleep.")


def sweet_dreams(turn: SkillTurn) -> None:
    """Sweet Dreams (l. 241): an ally whose turn ended Asleep is cured of one condition you
    choose, once for that turn (its turn, or the enemies' turn right after it)."""
    ally, rest = aimed(turn)
    state = turn.scene.state
    user = state.combatant(turn.fighter.id)
    if not allies(turn.scene, user, ally):
        raise PawpostError(f"{safe(ally.name)} is not one of your allies.")
    _asleep(turn, ally)
    if not at_end_of_turn(state, ally):
        raise PawpostError(f"Sweet Dreams works as {safe(ally.name)}'s turn ends Asleep.")
    if any(e.amount == state.turn for e in effects(state, EffectKind.SWEET_DREAMS, target=ally.id)):
        raise PawpostError(f"{safe(ally.name)}'s dreams have cured a condition this turn.")
    if not rest:
        raise PawpostError(f'Name the condition to cure: target:"{ally.name}: fatigue".')
    (condition,) = chosen_conditions(turn, ally, rest, 1)
    turn.scene.relieve(ally, condition)
    mark = Effect(kind=EffectKind.SWEET_DREAMS, owner=user.id, target=ally.id, amount=state.turn)
    turn.scene.state = with_effect(
        turn.scene.state, mark, lambda e: e.kind is EffectKind.SWEET_DREAMS and e.target == ally.id
    )
    turn.scene.say(f"Sweet dreams: {safe(ally.name)} is no longer {condition.state}.")


def possess(turn: SkillTurn) -> None:
    """Possess (l. 242): a sleeping character takes one action of your choice it is capable
    of; the bot posts it for the MC (or its player) to carry out."""
    sleeper, action = aimed(turn)
    _asleep(turn, sleeper)
    if not action:
        raise PawpostError(f'Say what {safe(sleeper.name)} does: target:"{sleeper.name}: …".')
    turn.scene.say(
        f"**For the MC:** {safe(turn.fighter.name)} possesses the sleeping {safe(sleeper.name)}, "
        f"who takes one action of {safe(turn.fighter.name)}'s choice that it is capable of: "
        f"{safe(action)}."
    )


def eternal_sleep(turn: SkillTurn) -> None:
    """Eternal Sleep (l. 243): a sleeper cannot be woken by damage or others, and its own
    Harmony roll to wake is 10."""
    scene = turn.scene
    target = turn.require_target()
    _asleep(turn, target)
    if target.is_npc:
        npc = scene.state.combatant(target.id)
        held = tuple(
            deepened(a) if a.condition is Condition.SLEEPING else a for a in npc.conditions
        )
        scene.state = replace(scene.state, npc.model_copy(update={"conditions": held}))
    else:
        found = scene.character(target)
        sheet = caverns_sheet(found)
        held = tuple(
            deepened(a) if a.condition is Condition.SLEEPING else a for a in sheet.conditions
        )
        save(scene.tx, found, sheet.model_copy(update={"conditions": held}))
    scene.say(
        f"{safe(target.name)} sinks into Eternal Sleep: neither damage nor others wake it, and "
        f"its Harmony roll to wake is {ETERNAL_SLEEP_DIFFICULTY}."
    )


def control_sleep(turn: SkillTurn) -> None:
    """Control (l. 240) sleeps only "if you want to": falling Asleep at will takes no action;
    waking is the Harmony roll as the sleeper acts."""
    asleep = fall_asleep(caverns_sheet(turn.character), turn.skill)
    save(turn.scene.tx, turn.character, asleep)
    turn.scene.say(f"{safe(turn.fighter.name)} falls Asleep at will.")


SKILLSET_SKILLS: Mapping[str, BattleSkill] = {
    CONTROL: BattleSkill(control_sleep, action=False, names_combatant=False),
    SWEET_DREAMS: BattleSkill(sweet_dreams, action=False, names_combatant=False),
    POSSESS: BattleSkill(possess, names_combatant=False),
    ETERNAL_SLEEP: BattleSkill(eternal_sleep),
}
