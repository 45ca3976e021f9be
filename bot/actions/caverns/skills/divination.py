"""Divination in battle (book l. 231-236): Ill Omen's condition by the target's lowest
attribute, Retribution right after a hit, Death Prophesy binding two enemies (each attack on
the other counts their turn), and Reversal; Good Omen works by itself (reactions.shielded).
Doom is a Flourish, chosen with the others."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.caverns.battle.rows import Combatant
from rules.caverns.skills.divination import tried_to_harm

if TYPE_CHECKING:
    from bot.actions.caverns.battle.scene import Scene


from collections.abc import Mapping

from bot.actions.caverns.battle.scene import hurt_character, hurt_npc
from bot.actions.caverns.common import caverns_sheet, items, save
from bot.actions.caverns.skills.common import attributes_of
from bot.actions.caverns.skills.turn import BattleSkill, SkillTurn
from bot.actions.formatting import safe
from rules.caverns.battle.effects import EffectKind
from rules.caverns.battle.effects import effects_of as effects
from rules.caverns.battle.rows import replace
from rules.caverns.party.harmony import spend_harmony
from rules.caverns.skills.common import are_enemies, without_effects
from rules.caverns.skills.divination import (
    DEATH_PROPHESY,
    DEATH_PROPHESY_EXTRA,
    ILL_OMEN,
    OMENS,
    RETRIBUTION,
    REVERSAL,
    ill_omen,
    prophesy,
    retribution,
    reverse_npc,
    reverse_sheet,
)
from rules.caverns.wording import signed
from rules.errors import PawpostError

# --- Divination in the battle's own steps --------------------------------------------------


def harm_attempted(scene: Scene, attacker: Combatant, target: Combatant) -> None:
    """An attack was tried (hit or miss): Death Prophesy counts the attacker's turn."""
    scene.state = tried_to_harm(scene.state, attacker, target)


# --- Divination's skills used in battle (/skill use) ---------------------------------------


def ill_omen_use(turn: SkillTurn) -> None:
    """Ill Omen (l. 231): a target enemy gains the condition of its lowest attribute."""
    target = turn.require_target()
    user = turn.scene.state.combatant(turn.fighter.id)
    if not are_enemies(user, target) or not target.present:
        raise PawpostError(f"{safe(target.name)} is not an enemy still in the battle.")
    condition = ill_omen(attributes_of(turn.scene, target))
    turn.scene.afflict(target, condition, by=f"{user.name}'s Ill Omen")


def retribution_use(turn: SkillTurn) -> None:
    """Retribution (l. 232): right after a creature's blow, spend 1-3 Harmony; it takes the
    damage you suffered once per Harmony, as one blow. The hit's armour may still follow."""
    scene = turn.scene
    user = scene.state.combatant(turn.fighter.id)
    due = [
        e
        for e in effects(scene.state, EffectKind.RETRIBUTION, owner=user.id)
        if e.version == scene.read_version
    ]
    if not due:
        raise PawpostError("Retribution answers only the latest blow you took, right after it.")
    try:
        harmony = int(turn.text.strip() or "1")
    except ValueError:
        raise PawpostError("Give the Harmony Retribution spends: target:1, 2 or 3.") from None
    damage = retribution(due[0].amount, harmony)
    paid = spend_harmony(caverns_sheet(turn.character), harmony, turn.skill.name)
    save(scene.tx, turn.character, paid)
    scene.say(
        f"{safe(user.name)} spends {harmony} Harmony on Retribution ({signed(paid.harmony)})."
    )
    scene.state = without_effects(
        scene.state, lambda e: e.kind is EffectKind.RETRIBUTION and e.owner == user.id
    )
    # The hit stays open for armour in the step this one stores.
    hits = [
        h.model_copy(update={"version": scene.read_version + 1})
        if h.combatant == user.id and h.version == scene.read_version
        else h
        for h in scene.state.hits
    ]
    scene.state = scene.state.model_copy(update={"hits": hits})
    attacker = scene.state.combatant(due[0].target or 0)
    if not attacker.present:
        scene.say(f"{safe(attacker.name)} is out of the fight already.")
        return
    scene.say(f"{safe(attacker.name)} takes {damage} in Retribution.")
    if attacker.is_npc:
        hurt_npc(scene, attacker, damage, by=user)
    else:
        hurt_character(scene, scene.character(attacker), attacker, damage, by=user)


def death_prophesy(turn: SkillTurn) -> None:
    """Death Prophesy (l. 234): two enemies of each other lose 3 more Health from each other
    and at most 1 from anything else, until one goes a turn without trying to harm the other."""
    names = items(turn.text)
    if len(names) != 2:
        raise PawpostError('Name the two creatures: target:"Brunhild, Brigand".')
    a, b = (turn.scene.state.by_name(name) for name in names)
    turn.scene.state = prophesy(turn.scene.state, a, b)
    turn.scene.say(
        f"Death Prophesy: {safe(a.name)} and {safe(b.name)} lose {DEATH_PROPHESY_EXTRA} more "
        "Health from each other and at most 1 from anything else, until one goes a turn "
        "without trying to harm the other."
    )


def reversal(turn: SkillTurn) -> None:
    """Reversal (l. 236): until the next Long Rest the target's lowest attribute is +3 and its
    highest -3 (an NPC's in the battle's state, a character's on its sheet)."""
    scene = turn.scene
    target = turn.require_target()
    if target.is_npc:
        turned = reverse_npc(scene.state.combatant(target.id))
        scene.state = replace(scene.state, turned)
        values = turned.attributes
    else:
        found = scene.character(target)
        sheet = reverse_sheet(caverns_sheet(found))
        save(scene.tx, found, sheet)
        values = sheet.attributes
    shown = ", ".join(f"{a.label} {signed(values.get(a, 0))}" for a in OMENS)
    scene.say(f"{safe(target.name)} is reversed until the next Long Rest: {shown}.")


SKILLSET_SKILLS: Mapping[str, BattleSkill] = {
    ILL_OMEN: BattleSkill(ill_omen_use),
    RETRIBUTION: BattleSkill(retribution_use, action=False, names_combatant=False),
    DEATH_PROPHESY: BattleSkill(death_prophesy, names_combatant=False),
    REVERSAL: BattleSkill(reversal),
}
