"""Combat in battle (book l. 155-165): Parry takes one off the damage when the counter-attack
lands, Disengage gives a free point of Armour while fleeing. Assault, Riposte and the
Flourish skills are chosen with the Flourishes (battle/flourishes.py)."""

from __future__ import annotations

from bot.actions.caverns.battle.scene import Scene
from bot.actions.caverns.skills.hooks import counter_damage
from bot.actions.formatting import safe
from rules.caverns.battle.effects import UNTIL_NEXT_TURN, Effect, EffectKind, replaced_effect
from rules.caverns.battle.rows import Combatant, harm_npc
from rules.caverns.sheet import CavernsSheet
from rules.caverns.skills.combat import parry_reduction

DISENGAGE = "Disengage's free Armour"


def parried(
    scene: Scene, victim: Combatant, mover: Combatant, sheet: CavernsSheet, answers: bool
) -> int:
    """Parry (l. 157): the damage taken is one less when the counter-attack will damage the
    attacker (the results add up: a blow that kills still meets the counter-attack)."""
    amount = mover.damage
    lands = answers and harm_npc(mover, counter_damage(scene, victim, sheet))[1] > 0
    reduction = min(amount, parry_reduction(sheet, lands))
    if reduction:
        scene.say(f"Parry: {safe(victim.name)} takes {reduction} less.")
    return reduction


def fleeing(scene: Scene, fighter: Combatant, sheet: CavernsSheet) -> None:
    """Disengage (l. 159): a free point of Armour while fleeing, until the next turn."""
    if sheet.has_skill("combat:disengage"):
        scene.state = replaced_effect(
            scene.state,
            Effect(
                kind=EffectKind.BONUS_ARMOUR,
                owner=fighter.id,
                note=DISENGAGE,
                turns=UNTIL_NEXT_TURN,
            ),
        )
        scene.say(f"Disengage: {safe(fighter.name)} has a free point of Armour while fleeing.")
