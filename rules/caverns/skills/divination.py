"""Divination in battle (book l. 231-236), the pure part: the omens by attribute, Reversal,
Death Prophesy's binding and damage, and Retribution's."""

from __future__ import annotations

from collections.abc import Mapping

from rules.caverns.attributes import Attribute
from rules.caverns.battle.effects import Effect, EffectKind
from rules.caverns.battle.effects import effects_of as effects
from rules.caverns.battle.rows import BattleState, Combatant
from rules.caverns.conditions import Condition
from rules.caverns.sheet import REVERSAL_HIGHEST, REVERSAL_LOWEST, CavernsSheet
from rules.caverns.skills.common import are_enemies
from rules.errors import PawpostError

# Skill keys, as the sheets store them.
ILL_OMEN = "divination:ill-omen"
RETRIBUTION = "divination:retribution"
DEATH_PROPHESY = "divination:death-prophesy"
GOOD_OMEN = "divination:good-omen"
REVERSAL = "divination:reversal"

RETRIBUTION_MOST_HARMONY = 3  # "spend up to three Harmony" (l. 232)
DEATH_PROPHESY_EXTRA = 3  # "they lose three extra Health" (l. 234)
DEATH_PROPHESY_MOST = 1  # "at most one Health" from all other sources (l. 234)

# Ill Omen's list (l. 231), in the book's order, which also breaks ties (docs/rulings.md).
OMENS: Mapping[Attribute, Condition] = {
    Attribute.FIRE: Condition.ABLAZE,
    Attribute.METAL: Condition.DISARM,
    Attribute.WOOD: Condition.BROKEN_LIMB,
    Attribute.WATER: Condition.PACIFISM,
    Attribute.WIND: Condition.PARANOIA,
}


def lowest(attributes: Mapping[Attribute, int]) -> Attribute:
    """The lowest of the five elements; a tie goes to the first in Ill Omen's list."""
    return min(OMENS, key=lambda a: attributes.get(a, 0))


def highest(attributes: Mapping[Attribute, int], *, besides: Attribute | None = None) -> Attribute:
    """The highest of the five elements (other than `besides`); ties as for `lowest`."""
    return max((a for a in OMENS if a is not besides), key=lambda a: attributes.get(a, 0))


def ill_omen(attributes: Mapping[Attribute, int]) -> Condition:
    """Ill Omen's condition: the one of the target's lowest attribute."""
    return OMENS[lowest(attributes)]


def good_omen(attributes: Mapping[Attribute, int]) -> Condition:
    """Good Omen's immunity: the condition of the ally's highest attribute."""
    return OMENS[highest(attributes)]


def reversal_of(attributes: Mapping[Attribute, int]) -> tuple[Attribute, Attribute]:
    """Which attributes Reversal turns: (the lowest, then the highest of the others)."""
    low = lowest(attributes)
    return low, highest(attributes, besides=low)


def reverse_npc(fighter: Combatant) -> Combatant:
    """An NPC under Reversal: its lowest attribute +3, its highest -3, in the battle's state
    (it is gone before any Long Rest of the party's)."""
    low, high = reversal_of(fighter.attributes)
    turned = {**fighter.attributes, low: REVERSAL_LOWEST, high: REVERSAL_HIGHEST}
    return fighter.model_copy(update={"attributes": turned})


def reverse_sheet(sheet: CavernsSheet) -> CavernsSheet:
    """A character under Reversal until its next Long Rest. Health and Vitae above the new
    maximums (Water and Fire may turn to -3) come down to them."""
    if sheet.reversal is not None:
        raise PawpostError("This character is already under Reversal until its next Long Rest.")
    turned = sheet.model_copy(update={"reversal": reversal_of(sheet.attributes)})
    return turned.model_copy(
        update={
            "health": min(turned.health, turned.max_health),
            "vitae": min(turned.vitae, turned.max_vitae),
        }
    )


def _bound(effect: Effect, ids: set[int]) -> bool:
    return effect.kind is EffectKind.PROPHECY and bool({effect.owner, effect.target} & ids)


def prophesy(state: BattleState, a: Combatant, b: Combatant) -> BattleState:
    """Bind two enemies of each other: one effect each, owned by it and aimed at the other.
    Each starts as having tried to harm the other, so its first turn after it is free."""
    if a.id == b.id or not are_enemies(a, b):
        raise PawpostError("Death Prophesy binds two creatures who are enemies of each other.")
    if not a.present or not b.present:
        raise PawpostError("Both creatures must still be in the battle.")
    pair = {a.id, b.id}
    kept = [e for e in state.effects if not _bound(e, pair)]
    bound = [
        Effect(kind=EffectKind.PROPHECY, owner=one.id, target=other.id, amount=1)
        for one, other in ((a, b), (b, a))
    ]
    return state.model_copy(update={"effects": [*kept, *bound]})


def prophesied_damage(
    state: BattleState, victim: Combatant, amount: int, by: Combatant | None
) -> tuple[int, str]:
    """The Health a creature under Death Prophesy loses: three more from the other creature,
    at most one from anyone or anything else. Returns it and the reason, if it changed."""
    for effect in effects(state, EffectKind.PROPHECY, owner=victim.id):
        if by is not None and by.id == effect.target:
            if amount > 0:
                return amount + DEATH_PROPHESY_EXTRA, f"Death Prophesy: +{DEATH_PROPHESY_EXTRA}"
            return amount, ""
        if amount > DEATH_PROPHESY_MOST:
            return DEATH_PROPHESY_MOST, f"Death Prophesy: at most {DEATH_PROPHESY_MOST}"
    return amount, ""


def tried_to_harm(state: BattleState, attacker: Combatant, target: Combatant) -> BattleState:
    """The attacker attempted to harm the other creature of its prophecy: its turn counts."""
    return state.model_copy(
        update={
            "effects": [
                e.model_copy(update={"amount": 1})
                if e.kind is EffectKind.PROPHECY and (e.owner, e.target) == (attacker.id, target.id)
                else e
                for e in state.effects
            ]
        }
    )


def prophecy_at_turn(state: BattleState, fighter: Combatant) -> tuple[BattleState, list[str]]:
    """As a creature's turn begins: a prophecy it went a whole turn under without trying to
    harm the other ends. Returns the state and the ended pairs' names."""
    lapsed = {e.target for e in effects(state, EffectKind.PROPHECY, owner=fighter.id)}
    lapsed -= {e.target for e in effects(state, EffectKind.PROPHECY, owner=fighter.id) if e.amount}
    kept = []
    for effect in state.effects:
        pair = {effect.owner, effect.target}
        if effect.kind is EffectKind.PROPHECY and fighter.id in pair and pair & lapsed:
            continue
        if effect.kind is EffectKind.PROPHECY and effect.owner == fighter.id:
            effect = effect.model_copy(update={"amount": 0})
        kept.append(effect)
    ended = [f"{fighter.name} and {state.combatant(other or 0).name}" for other in lapsed]
    return state.model_copy(update={"effects": kept}), ended


def retribution(amount: int, harmony: int) -> int:
    """Retribution: the attacker takes the damage suffered once for each Harmony spent."""
    if not 1 <= harmony <= RETRIBUTION_MOST_HARMONY:
        raise PawpostError(f"Retribution spends 1 to {RETRIBUTION_MOST_HARMONY} Harmony.")
    return amount * harmony
