"""Totems in battle (book l. 206-214), the pure part: Lake's mist, Crow's feeding, Stag's and
Lion's Damage for allies, Bear's rest and rising. Bonding (the Patron Totem, Moon's dice) is
in moon.py and the rests."""

from __future__ import annotations

from rules.caverns.battle.effects import EffectKind, effects_of
from rules.caverns.battle.rows import BattleState, Combatant, beyond_melee
from rules.caverns.conditions import Condition
from rules.caverns.health import heal
from rules.caverns.sheet import CavernsSheet
from rules.caverns.skills import Totem
from rules.rolls import Modifier

CROW_HEALTH = 3  # l. 211: "regain three Health"
CROW_DAMAGE = 1  # l. 211: "gain +1 Damage until you next rest"
STAG_SACRIFICE = 1  # l. 212: "sacrifice one Health"
STAG_HEAL = 1  # l. 212: "all of your allies regain one Health"
STAG_DAMAGE = 1  # l. 212: "all of your allies gain +1 Damage for the rest of the battle"
BEAR_HEALTH = 1  # l. 213: "recover one health on each turn you spend Asleep or Fatigued"
BEAR_BONUS = 3  # l. 213: "gain +3 on all rolls"
BEAR_ROUNDS = 3  # l. 213: "for the next three rounds" (read as the owner's next three turns)
LION_HEALTH = 1  # l. 214: "you regain one Health"
LION_DAMAGE = 1  # l. 214: "all of your allies gain one extra damage until your next turn"

# Bear's rest (l. 213): the conditions it heals in and whose end gives +3.
BEAR_CONDITIONS: tuple[Condition, ...] = (Condition.SLEEPING, Condition.FATIGUE)


def in_mist(state: BattleState, fighter: Combatant) -> bool:
    return bool(effects_of(state, EffectKind.MIST, owner=fighter.id))


def mist_refusal(state: BattleState, attacker: Combatant, target: Combatant) -> str | None:
    """Why Lake's mist stops this attack (or counter-attack), or None."""
    if not beyond_melee(attacker, target):
        return None
    for fighter in (attacker, target):
        if in_mist(state, fighter):
            return (
                f"{fighter.name} is shrouded in Lake's mist: no attack reaches across it "
                "from beyond Melee range."
            )
    return None


def ally_damage(state: BattleState, fighter: Combatant) -> int:
    """Damage a fighter's allies lend it: Stag's death (the battle), a Lion that did not Do
    Battle on its latest turn (until its next turn begins)."""
    bonus = sum(
        e.amount
        for e in effects_of(state, EffectKind.ALLY_DAMAGE)
        if e.owner != fighter.id and state.combatant(e.owner).side == fighter.side
    )
    for e in effects_of(state, EffectKind.LION):
        lion = state.combatant(e.owner)
        resting = e.amount == 0 and lion.present and state.current != lion.id
        if e.owner != fighter.id and lion.side == fighter.side and resting:
            bonus += LION_DAMAGE
    return bonus


def roll_bonus(state: BattleState, fighter: Combatant) -> list[Modifier]:
    """Bonuses on all of a fighter's rolls (Bear, once its rest ends)."""
    return [
        Modifier(value=e.amount, reason=e.note or "Bear")
        for e in effects_of(state, EffectKind.ROLL_BONUS, owner=fighter.id)
    ]


def bonded(sheet: CavernsSheet, totem: Totem) -> bool:
    return totem in sheet.bonded_totems


def crow_feeds(sheet: CavernsSheet) -> tuple[CavernsSheet, int]:
    """An opponent died: a living Crow regains 3 Health, or at full Health gains +1 Damage
    until its next rest. Returns the sheet and the Health regained (0: the Damage)."""
    if sheet.health < sheet.max_health:
        healed = heal(sheet, CROW_HEALTH)
        return healed, healed.health - sheet.health
    return sheet.model_copy(update={"crow_damage": sheet.crow_damage + CROW_DAMAGE}), 0
