"""Rituals in battle (book l. 216-221): Time Curse and Defection (2d6 with no modifiers, an
action), Twist Fate, and Revivify, which spares a Vitae as the battle ends. Draconis's scales
are set as the battle begins (hooks.joins)."""

from __future__ import annotations

from bot.actions.caverns.battle.scene import Scene
from bot.actions.caverns.common import caverns_sheet, save
from bot.actions.caverns.skills.common import enemy_target
from bot.actions.caverns.skills.turn import BattleSkill, SkillTurn
from bot.actions.formatting import safe
from rules.caverns.battle.effects import Effect, EffectKind, effects_of, with_effect
from rules.caverns.battle.rows import PARTY
from rules.caverns.skill_uses import fated_dice, held_dice
from rules.caverns.skills.rituals import RITUAL_STRONG, ritual_roll
from rules.errors import PawpostError

# --- Rituals in the battle's own steps -----------------------------------------------------


REVIVIFIED = "{name} returns at full Health, Revivify sparing the Vitae ({vitae} left)."


def revivified(scene: Scene, character_id: int) -> bool:
    """Whether Revivify (l. 221) spares this dead character's Vitae as the battle ends."""
    fighter = scene.state.of_character(character_id)
    return fighter is not None and bool(
        effects_of(scene.state, EffectKind.REVIVIFY, target=fighter.id)
    )


# --- Rituals' skills used in battle (/skill use) -------------------------------------------


def _ritual(turn: SkillTurn) -> None:
    """8+ the first condition on one enemy, 7 or lower the second (l. 218, 220)."""
    target = enemy_target(turn)
    roll, condition = ritual_roll(turn.skill.key, turn.skill.name, turn.services.dice)
    band = f"{RITUAL_STRONG}+" if roll.succeeded else f"{RITUAL_STRONG - 1} or lower"
    turn.scene.say(f"{safe(turn.fighter.name)} performs {turn.skill.name}: {band}.", roll)
    turn.scene.afflict(target, condition, by=turn.skill.name)


def _twist_fate(turn: SkillTurn) -> None:
    """Twist Fate in battle (l. 219): a rolled ritual, so it takes the turn; its two dice are
    held to hand to a roll (the `fated-die` option of /battle attack, advance and flee)."""
    held_dice(caverns_sheet(turn.character))
    after, roll = fated_dice(caverns_sheet(turn.character), turn.services.dice)
    save(turn.scene.tx, turn.character, after)
    faces = " and ".join(str(face) for face in after.fated_dice)
    turn.scene.say(
        f"{safe(turn.fighter.name)} twists fate: {faces} held. Hand one to a roll with "
        "fated-die: that roll is doubles of it.",
        roll,
    )


def _revivify(turn: SkillTurn) -> None:
    """Spend one Harmony: a dead ally marks off no Vitae when the battle ends (l. 221)."""
    target = turn.require_target()
    if target.side != PARTY or not target.dead:
        raise PawpostError(f"{safe(target.name)} is not a dead ally.")
    if effects_of(turn.scene.state, EffectKind.REVIVIFY, target=target.id):
        raise PawpostError(f"{safe(target.name)} is already revivified.")
    turn.scene.state = with_effect(
        turn.scene.state, Effect(kind=EffectKind.REVIVIFY, owner=turn.fighter.id, target=target.id)
    )
    turn.scene.say(f"{safe(target.name)} will come back without losing Vitae.")


RITUALS_SKILLS: dict[str, BattleSkill] = {
    "rituals:time-curse": BattleSkill(run=_ritual),
    "rituals:defection": BattleSkill(run=_ritual),
    "rituals:revivify": BattleSkill(run=_revivify, action=False),
    "rituals:twist-fate": BattleSkill(run=_twist_fate, names_combatant=False),
}
