"""What the skillsets' battle verbs share: a combatant's sheet, skills, conditions and
attributes, who is whose ally or foe (everyone, for the Paranoid), the enemy a skill is used
on, and the latest hit that something "as if it were Armour" may negate. The scene calls the
skillsets' modules, so nothing here imports it but as a type."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.actions.caverns.common import caverns_sheet, save
from bot.actions.caverns.skills.turn import SkillTurn
from bot.actions.formatting import safe
from rules.caverns.attributes import Attribute
from rules.caverns.battle.rows import Combatant, LastHit, is_enemy, replace
from rules.caverns.conditions import ActiveCondition, Condition
from rules.caverns.sheet import CavernsSheet
from rules.caverns.skills.common import is_ally
from rules.errors import PawpostError
from storage.models import Character

if TYPE_CHECKING:
    from bot.actions.caverns.battle.scene import Scene


# --- Friend and foe (everyone is a foe to the Paranoid, l. 363) ----------------------------


def paranoid(scene: Scene, fighter: Combatant) -> bool:
    """Paranoia (l. 363): "no allies, only enemies"."""
    return Condition.PARANOIA in scene.conditions_of(fighter)


def is_foe(scene: Scene, fighter: Combatant, other: Combatant) -> bool:
    """Whether what the fighter would do to an enemy may be done to `other`: an enemy, or
    anyone but itself for the Paranoid (l. 363: "would affect an enemy affects everybody")."""
    if other.id == fighter.id or not other.present or other.special.hidden:
        return False
    return is_enemy(other, fighter) or paranoid(scene, fighter)


def foes(scene: Scene, fighter: Combatant) -> list[Combatant]:
    """Everyone what affects all of the fighter's enemies reaches (everybody, if Paranoid)."""
    return [c for c in scene.state.combatants if is_foe(scene, fighter, c)]


def enemy_target(turn: SkillTurn) -> Combatant:
    """The enemy still in the battle that a skill is used on (anyone, for the Paranoid)."""
    target = turn.require_target()
    if not is_foe(turn.scene, turn.fighter, target):
        raise PawpostError(f"{safe(target.name)} is not an enemy still in the battle.")
    return target


# --- A combatant's sheet, skills, conditions and attributes --------------------------------


def sheet_of(scene: Scene, fighter: Combatant) -> CavernsSheet | None:
    """A character's sheet as stored now; None for an NPC."""
    if fighter.character_id is None:
        return None
    return caverns_sheet(scene.character(fighter))


def has_skill(scene: Scene, fighter: Combatant, key: str) -> bool:
    sheet = sheet_of(scene, fighter)
    return sheet is not None and sheet.has_skill(key)


def active_condition(
    scene: Scene, fighter: Combatant, condition: Condition
) -> ActiveCondition | None:
    """The condition as a character's sheet or an NPC's state holds it."""
    sheet = sheet_of(scene, fighter)
    if sheet is None:
        return scene.state.combatant(fighter.id).condition(condition)
    return sheet.condition(condition)


def is_paranoid(scene: Scene, fighter: Combatant) -> bool:
    return Condition.PARANOIA in scene.conditions_of(fighter)


def allies(scene: Scene, owner: Combatant, other: Combatant) -> bool:
    """Whether `other` is one of the owner's allies (neither Paranoid)."""
    return is_ally(owner, other, lambda c: is_paranoid(scene, c))


def attributes_of(scene: Scene, fighter: Combatant) -> dict[Attribute, int]:
    sheet = sheet_of(scene, fighter)
    return dict(scene.state.combatant(fighter.id).attributes) if sheet is None else sheet.attributes


# --- The latest hit, negated as if by armour (Forcefield, Reflection) ----------------------


def latest_hit(scene: Scene, fighter: Combatant, what: str) -> LastHit:
    """The hit the combatant just took, which something "as if it were Armour" may negate."""
    hit = next((h for h in scene.state.hits if h.combatant == fighter.id), None)
    if hit is None or hit.version != scene.read_version:
        raise PawpostError(f"{what} negates only the latest hit, right after it lands.")
    return hit


def negate_hit(scene: Scene, character: Character, hit: LastHit, most: int, what: str) -> None:
    """Up to `most` of the hit's Health comes back, as a piece of armour would give it."""
    sheet = caverns_sheet(character)
    back = min(hit.amount, most)
    healed = sheet.model_copy(update={"health": min(sheet.max_health, sheet.health + back)})
    save(scene.tx, character, healed)
    fighter = scene.state.combatant(hit.combatant)
    scene.state = replace(scene.state, fighter.model_copy(update={"dead": healed.is_dead}))
    left = [h for h in scene.state.hits if h is not hit]
    scene.state = scene.state.model_copy(update={"hits": left})
    scene.say(f"{what} takes {back} of the blow ({safe(character.name)}: {healed.health} Health).")
