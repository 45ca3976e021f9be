"""Psionics in battle (book l. 260-265): Psi Armour adds to every piece of armour
(battle/scene.py asks); Blood Boil at the end of your turn, Dominate, Forcefield's Harmony
spent as armour and Mind Crush. Second Sight is an immunity (rules/caverns/afflictions.py)."""

from __future__ import annotations

from bot.actions.caverns.common import caverns_sheet, save
from bot.actions.caverns.parse import conditions
from bot.actions.caverns.skills.common import is_foe, latest_hit, negate_hit
from bot.actions.caverns.skills.reactions import enemy_died
from bot.actions.caverns.skills.turn import BattleSkill, SkillTurn
from bot.actions.formatting import safe
from rules.caverns.battle.rows import Combatant, replace
from rules.caverns.health import lose_health
from rules.caverns.party.harmony import spend_harmony
from rules.caverns.sheet import CavernsSheet
from rules.caverns.skills.psionics import PSI_ARMOUR_EXTRA, may_mind_crush
from rules.caverns.wording import signed
from rules.errors import PawpostError

MOST_FORCEFIELD_HARMONY = 6  # Harmony runs +3 to -3 (book l. 72): at most six to spend


# --- Psionics in the battle's own steps ----------------------------------------------------


def psi_armour(sheet: CavernsSheet) -> int:
    """Psi Armour (l. 261): armour reduces damage by one more."""
    return PSI_ARMOUR_EXTRA if sheet.has_skill("psionics:psi-armour") else 0


# --- Psionics' skills used in battle (/skill use) ------------------------------------------


def _enemy(turn: SkillTurn, fighter: Combatant | None) -> Combatant:
    """A creature the skill may be used on: an enemy, or any creature for the Paranoid."""
    if fighter is None or not fighter.is_npc or not is_foe(turn.scene, turn.fighter, fighter):
        raise PawpostError(f"{turn.skill.name} is used on an enemy still in the battle.")
    return fighter


def _blood_boil(turn: SkillTurn) -> None:
    """Blood Boil (l. 262): right after your turn ends, lose one Health per condition cured."""
    scene = turn.scene
    ended = scene.state.turn_over
    if ended is None or ended.combatant != turn.fighter.id or ended.version != scene.read_version:
        raise PawpostError("Blood Boil is used at the end of your turn, right after it ends.")
    chosen = conditions(turn.text)
    if not chosen or len(set(chosen)) != len(chosen):
        raise PawpostError('Name the conditions Blood Boil cures: "bound, prone".')
    sheet = caverns_sheet(turn.character)
    missing = [c.label for c in chosen if not sheet.has_condition(c)]
    if missing:
        raise PawpostError(f"{safe(turn.character.name)} is not {', '.join(missing)}.")
    if len(chosen) > sheet.health:
        raise PawpostError(f"You have only {sheet.health} Health to boil.")
    boiled = lose_health(sheet, len(chosen))
    save(scene.tx, turn.character, boiled)
    scene.state = scene.state.model_copy(update={"turn_over": None})  # the offer is taken
    for condition in chosen:
        scene.relieve(turn.fighter, condition)
    fighter = scene.state.combatant(turn.fighter.id)
    scene.state = replace(scene.state, fighter.model_copy(update={"dead": boiled.is_dead}))
    scene.say(
        f"{safe(turn.character.name)}'s blood boils: {len(chosen)} Health lost "
        f"({boiled.health} left), {', '.join(c.label for c in chosen)} cured."
    )


def _dominate(turn: SkillTurn) -> None:
    """Dominate (l. 263): an action; the enemy takes the action the player names, which the
    MC carries out ("Brigand: attack Brigand 2")."""
    name, _, action = turn.text.partition(":")
    if not name.strip() or not action.strip():
        raise PawpostError('Say whom and what: "Brigand: attacks Brigand 2".')
    enemy = _enemy(turn, turn.scene.state.by_name(name))
    turn.scene.say(
        f"{safe(enemy.name)} is Dominated by {safe(turn.character.name)} and must "
        f"{safe(action.strip())}. For the MC: carry out that action now."
    )


def _forcefield(turn: SkillTurn) -> None:
    """Forcefield (l. 264): Harmony spent as if it were Armour against the hit just taken,
    each Harmony blocking what a piece of your armour would."""
    from bot.actions.caverns.battle.scene import armour_blocks  # the scene imports this module

    scene = turn.scene
    text = turn.text.strip() or "1"
    if not text.isdigit() or not 1 <= int(text) <= MOST_FORCEFIELD_HARMONY:
        raise PawpostError(f"Give the Harmony to spend, 1 to {MOST_FORCEFIELD_HARMONY}.")
    hit = latest_hit(scene, turn.fighter, "Forcefield")
    paid = spend_harmony(caverns_sheet(turn.character), int(text), "Forcefield")
    save(scene.tx, turn.character, paid)
    scene.say(f"{safe(turn.character.name)} spends {text} Harmony ({signed(paid.harmony)}).")
    negate_hit(scene, turn.character, hit, int(text) * armour_blocks(paid), "A Forcefield")


def _mind_crush(turn: SkillTurn) -> None:
    """Mind Crush (l. 265): an action; an enemy with less Health than your Harmony dies."""
    scene = turn.scene
    enemy = _enemy(turn, turn.target)
    harmony = caverns_sheet(turn.character).harmony
    if not may_mind_crush(enemy.health, harmony):
        raise PawpostError(
            f"{safe(enemy.name)} has {enemy.health} Health, not less than your Harmony "
            f"({signed(harmony)})."
        )
    crushed = enemy.model_copy(update={"health": 0, "dead": True})
    scene.state = replace(scene.state, crushed)
    scene.say(f"{safe(turn.character.name)} crushes {safe(enemy.name)}'s mind: it dies!")
    enemy_died(scene, crushed, turn.fighter)  # Crow, Encore and an Orclach answer it


SKILLSET_SKILLS: dict[str, BattleSkill] = {
    "psionics:blood-boil": BattleSkill(_blood_boil, action=False, names_combatant=False),
    "psionics:dominate": BattleSkill(_dominate, names_combatant=False),
    "psionics:forcefield": BattleSkill(_forcefield, action=False, names_combatant=False),
    "psionics:mind-crush": BattleSkill(_mind_crush),
}
