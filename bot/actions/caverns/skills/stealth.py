"""Stealth in battle (book l. 267-272): in the enemy rows a character loses twice the Health
and is thrown back when harmed, and attacks with Waylay's +2; Infiltrate's Advance into them,
Truss and Masquerade after a successful attack made there, and Veil are used with /skill use.
Blowgun is a poison's skill (battle/poisons.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.caverns.battle.rows import Combatant
from rules.caverns.sheet import CavernsSheet
from rules.caverns.skills.stealth import (
    WAYLAY_DAMAGE,
    ejected,
    enemy_rows_loss,
    in_enemy_rows,
    may_attack,
)

if TYPE_CHECKING:
    from bot.actions.caverns.battle.scene import Scene


from bot.actions.caverns.common import caverns_sheet, save
from bot.actions.caverns.skills.illusions import advance_modifiers
from bot.actions.caverns.skills.turn import BattleSkill, SkillTurn
from bot.actions.formatting import safe
from rules.caverns.battle.marks import Struck
from rules.caverns.battle.rows import (
    PARTY,
    Phase,
    end_turn,
    parse_row,
    replace,
    row_label,
    standing,
    whose_turn,
)
from rules.caverns.moves import advance
from rules.caverns.skills.stealth import dragged, infiltration_row, moved_to
from rules.errors import PawpostError

# --- Stealth in the battle's own steps -----------------------------------------------------


def loss_in_enemy_rows(fighter: Combatant, amount: int) -> int:
    """The Health a hit takes: twice as much in the enemy rows."""
    return enemy_rows_loss(fighter, amount)


def eject(scene: Scene, combatant_id: int) -> None:
    """Harmed in the enemy rows: back to its own front row."""
    scene.state, out = ejected(scene.state, combatant_id)
    if out:
        name = scene.state.combatant(combatant_id).name
        scene.say(f"{safe(name)} loses twice the Health in the enemy rows and is thrown back.")


def attack_bonus(sheet: CavernsSheet, fighter: Combatant) -> int:
    """Waylay: +2 Damage on attacks made while Infiltrated."""
    return WAYLAY_DAMAGE if in_enemy_rows(fighter) and sheet.has_skill("stealth:waylay") else 0


def note_strike(scene: Scene, attacker: Combatant, foe: Combatant) -> None:
    """A successful attack, for Truss and Masquerade right after it."""
    struck = Struck(
        attacker=attacker.id,
        target=foe.id,
        version=scene.read_version + 1,
        infiltrated=in_enemy_rows(attacker),
        killed=scene.state.combatant(foe.id).dead,
    )
    scene.state = scene.state.model_copy(update={"struck": struck})
    if struck.infiltrated:
        scene.say("Infiltrated: /skill use Truss or Masquerade may follow this attack.")


def check_may_attack(mover: Combatant, victim: Combatant) -> None:
    if not may_attack(mover, victim):
        raise PawpostError(
            f"{safe(victim.name)} is impersonating one of {safe(mover.name)}'s allies "
            "(Masquerade): it cannot attack them until the end of their next turn."
        )


# --- Stealth's skills used in battle (/skill use) ------------------------------------------


def _infiltrate(turn: SkillTurn) -> None:
    """Infiltrate (l. 267): an Advance (+Fire, with its bands) on your turn, from your front
    row into an enemy side's front row, or on to its back row. Target: the side, when the
    battle has more than one enemy side."""
    from bot.actions.caverns.battle.acting import before_acting  # they build on the scene,
    from bot.actions.caverns.battle.choices import hold_on  # which imports this module
    from bot.actions.caverns.battle.enemy_moves import strong_advance

    scene = turn.scene
    state = scene.state
    if state.phase is not Phase.PLAYER or state.current != turn.fighter.id:
        raise PawpostError(f"It is not {safe(turn.character.name)}'s turn: {whose_turn(state)}")
    sides = [s for s in state.sides if s != PARTY]
    side = " ".join(turn.text.strip().lower().split()) or (sides[0] if len(sides) == 1 else "")
    key = infiltration_row(state, turn.fighter, side)
    hold_on(scene, turn.actor, turn.services.clock())
    if not before_acting(turn.services, scene, turn.fighter):
        scene.say(f"{safe(turn.character.name)} loses the action.")
        scene.state = end_turn(scene.state)
        return
    result = advance(
        caverns_sheet(turn.character), turn.services.dice, modifiers=advance_modifiers(scene, key)
    )
    save(scene.tx, turn.character, result.sheet)
    scene.state = moved_to(scene.state, scene.state.combatant(turn.fighter.id), key)
    scene.say(f"{safe(turn.character.name)} slips into {row_label(key)}.", result.roll)
    if result.bonus_damage:
        strong_advance(scene, turn.fighter)
    if result.may_act:
        scene.say("7+: you may still act this turn (/battle attack).")
        return
    scene.say("6-: the advance takes your action.")
    scene.state = end_turn(scene.state)


def _struck(turn: SkillTurn) -> Struck:
    """The successful attack this character made from the enemy rows, just now."""
    struck = turn.scene.state.struck
    if (
        struck is None
        or struck.attacker != turn.fighter.id
        or struck.version != turn.scene.read_version
        or not struck.infiltrated
    ):
        raise PawpostError(
            f"{turn.skill.name} follows a successful attack you made while Infiltrated, "
            "right after it."
        )
    return struck


def _truss(turn: SkillTurn) -> None:
    """Truss (l. 268): back to your front row, dragging the foe you just hit with you."""
    scene = turn.scene
    struck = _struck(turn)
    foe = scene.state.combatant(struck.target)
    if not foe.present:
        raise PawpostError(f"{safe(foe.name)} is no longer there to drag.")
    scene.state = dragged(scene.state, scene.state.combatant(turn.fighter.id), foe)
    scene.state = scene.state.model_copy(update={"struck": None})  # the offer is taken
    scene.say(f"{safe(turn.character.name)} drags {safe(foe.name)} back to the party's front row.")


def _masquerade(turn: SkillTurn) -> None:
    """Masquerade (l. 270): the foe you just killed from the enemy rows is impersonated: you
    take its place, and its allies cannot attack you until the end of your next turn."""
    scene = turn.scene
    struck = _struck(turn)
    if not struck.killed:
        raise PawpostError("Masquerade follows a kill.")
    foe = scene.state.combatant(struck.target)
    moved = moved_to(scene.state, scene.state.combatant(turn.fighter.id), standing(foe))
    fighter = moved.combatant(turn.fighter.id)
    masked = fighter.model_copy(update={"masked_from": foe.side, "masked_turn": moved.turn})
    scene.state = replace(moved, masked).model_copy(update={"struck": None})  # taken
    scene.say(
        f"{safe(turn.character.name)} takes {safe(foe.name)}'s place in {row_label(standing(foe))}"
        f"; the {foe.side} cannot attack them until the end of their next turn."
    )


def _veil(turn: SkillTurn) -> None:
    """Veil (l. 272): one Harmony (paid by the dispatch) to stand in any row at once, with
    neither an action nor a roll."""
    scene = turn.scene
    if not turn.text.strip():
        raise PawpostError('Name the row: "back", "enemies front"…')
    key = parse_row(scene.state, turn.text, turn.fighter.side)
    fighter = scene.state.combatant(turn.fighter.id)
    if standing(fighter) == key:
        raise PawpostError(f"You are in {row_label(key)} already.")
    scene.state = moved_to(scene.state, fighter, key)
    scene.say(f"{safe(turn.character.name)} vanishes and stands in {row_label(key)}.")


SKILLSET_SKILLS: dict[str, BattleSkill] = {
    "stealth:infiltrate": BattleSkill(_infiltrate, action=False, names_combatant=False),
    "stealth:truss": BattleSkill(_truss, action=False, names_combatant=False),
    "stealth:masquerade": BattleSkill(_masquerade, action=False, names_combatant=False),
    "stealth:veil": BattleSkill(_veil, action=False, names_combatant=False),
}
