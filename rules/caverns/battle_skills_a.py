"""Combat, Magery, Nature, Music, Athletics, Acrobatics, Totems and Rituals in battle (book
l. 155-221, Entourages l. 383): the numbers and the pure rules the battle verbs apply. The
Flourish skills and the immunities live elsewhere (afflictions.py)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from rules.caverns.battle.bestiary import find_creature
from rules.caverns.battle.effects import Effect, EffectKind, effects_of
from rules.caverns.battle.rows import PARTY, RANGE_ROWS, BattleState, Combatant, rows_between
from rules.caverns.battle.specials import has_entourage as leader_guarded
from rules.caverns.catalogue import CatalogueItem, Range, Special, item_key
from rules.caverns.conditions import Condition, parse_condition
from rules.caverns.constants import (
    ARMOUR_BLOCKS,
    ATTRIBUTE_MIN,
    LOBOSHIGARU_ARMOUR_BLOCKS,
    SKILL_HARMONY_COST,
)
from rules.caverns.health import heal
from rules.caverns.races import Race
from rules.caverns.rolling import plain_roll
from rules.caverns.sheet import SICK_BEAT_OPTIONS, CavernsSheet
from rules.caverns.skills import Totem
from rules.dice import DiceSource
from rules.errors import PawpostError
from rules.rolls import Modifier, Roll

PARRY_REDUCTION = 1  # l. 157: "reduce the damage you take (if any) by one"
DODGE_PENALTY = 2  # l. 200: "all enemies in melee range take a -2 on all rolls to attack you"
HANDSTAND_FACTOR = 2  # l. 203: "double the bonus from Dodge"
ENCORE_DAMAGE = 1  # l. 189: "gain one extra damage on your next musical attack"
DISCORDANT_LOSS = 1  # l. 190: "they lose one health"
VITALITY_HEALTH = 1  # l. 194: "survive with one Health instead"
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
RITUAL_STRONG = 8  # l. 218, 220: "On an 8+"
UNTIL_NEXT_TURN = 1  # an effect's `turns`: it ends as the owner's next turn begins

# Skills that give an Entourage (l. 173, 182, 274); Village Leaders have one while a guard
# lives (l. 545), its guards being "otherwise identical to ordinary Villagers" (l. 546).
ENTOURAGE_SKILLS: tuple[str, ...] = (
    "magery:summonings",
    "nature:fae-allies",
    "hunting:animal-companion",
)
VILLAGE_LEADER = "Village Leader"

# Time Curse and Defection (l. 218, 220): 2d6 with no modifiers, 8+ the first, 7- the second.
RITUALS: Mapping[str, tuple[Condition, Condition]] = {
    "rituals:time-curse": (Condition.AEON, Condition.FATIGUE),
    "rituals:defection": (Condition.PACIFISM, Condition.DISLOYALTY),
}

# Bear's rest (l. 213): the conditions it heals in and whose end gives +3.
BEAR_CONDITIONS: tuple[Condition, ...] = (Condition.SLEEPING, Condition.FATIGUE)


# --- The effects standing in a battle -------------------------------------------------------


def with_effect(state: BattleState, effect: Effect) -> BattleState:
    return state.model_copy(update={"effects": [*state.effects, effect]})


def without_effects(
    state: BattleState,
    kind: EffectKind,
    *,
    owner: int | None = None,
    target: int | None = None,
    condition: Condition | None = None,
) -> BattleState:
    """The state without the matching effects (no change when there are none)."""
    kept = [
        e
        for e in state.effects
        if not (
            e.kind is kind
            and (owner is None or e.owner == owner)
            and (target is None or e.target == target)
            and (condition is None or e.condition is condition)
        )
    ]
    return state.model_copy(update={"effects": kept})


def replaced_effect(state: BattleState, effect: Effect) -> BattleState:
    """The owner's effect of that kind (on that target and condition) replaced by this one."""
    cleared = without_effects(
        state, effect.kind, owner=effect.owner, target=effect.target, condition=effect.condition
    )
    return with_effect(cleared, effect)


def owner_turn_begins(state: BattleState, owner: int) -> BattleState:
    """The owner's turn begins: each of its timed effects has one turn less, and ends at 0."""
    kept = []
    for e in state.effects:
        if e.owner != owner or e.turns is None:
            kept.append(e)
        elif e.turns > 1:
            kept.append(e.model_copy(update={"turns": e.turns - 1}))
    return state.model_copy(update={"effects": kept})


# --- Entourages (l. 383) --------------------------------------------------------------------


def has_entourage(sheet: CavernsSheet) -> bool:
    """Summonings, Fae Allies or an Animal Companion give a character an Entourage."""
    return any(sheet.has_skill(key) for key in ENTOURAGE_SKILLS)


def npc_has_entourage(state: BattleState, fighter: Combatant) -> bool:
    """A Village Leader keeps its Entourage while one of its guards lives (l. 545)."""
    return fighter.creature == VILLAGE_LEADER and leader_guarded(state, fighter)


def area_access(sheet: CavernsSheet, catalogue: Mapping[str, CatalogueItem]) -> bool:
    """Able to use the Area Flourish (l. 383: rolling doubles is not needed): Cleave, or an
    intact weapon carried whose Flourishes include Area."""
    if sheet.has_skill("combat:cleave"):
        return True
    for item in sheet.equipment:
        known = catalogue.get(item_key(item.name))
        if not item.broken and known is not None and Special.AREA in known.flourishes:
            return True
    return False


def npc_area_access(fighter: Combatant) -> bool:
    return fighter.creature is not None and find_creature(fighter.creature).flourish is Special.AREA


def entourage_ignores(defender: bool, attacker: bool, attacker_area: bool) -> bool:
    """A defender with an Entourage ignores Flourishes and counter-attacks, save from an
    attacker who also has one or has access to Area (l. 383)."""
    return defender and not attacker and not attacker_area


# --- Rows: Lake's mist (l. 210), Dodge (l. 200) ---------------------------------------------


def in_mist(state: BattleState, fighter: Combatant) -> bool:
    return bool(effects_of(state, EffectKind.MIST, owner=fighter.id))


def beyond_melee(a: Combatant, b: Combatant) -> bool:
    return rows_between(a, b) > RANGE_ROWS[Range.MELEE]


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


def wears_armour(sheet: CavernsSheet) -> bool:
    """Dodge needs no armour worn; a broken piece is still worn."""
    return bool(sheet.armour)


def dodge_modifier(
    sheet: CavernsSheet, attacker: Combatant, victim: Combatant, *, handstand: bool
) -> Modifier | None:
    """An enemy in melee range attacking an unarmoured dodger takes -2 (-4 on a Handstand)."""
    if not sheet.has_skill("acrobatics:dodge") or wears_armour(sheet):
        return None
    if beyond_melee(attacker, victim):
        return None
    if handstand:
        return Modifier(value=-DODGE_PENALTY * HANDSTAND_FACTOR, reason="Dodge on a Handstand")
    return Modifier(value=-DODGE_PENALTY, reason="Dodge")


# --- Damage and rolls that effects add ------------------------------------------------------


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


def encore_damage(state: BattleState, fighter: Combatant) -> int:
    return sum(e.amount for e in effects_of(state, EffectKind.ENCORE, owner=fighter.id))


def parry_reduction(sheet: CavernsSheet, counter_lands: bool) -> int:
    """Parry: one less damage taken when your counter-attack damages the attacker."""
    return PARRY_REDUCTION if counter_lands and sheet.has_skill("combat:parry") else 0


def has_bonus_armour(state: BattleState, fighter: Combatant) -> bool:
    """A bonus piece of armour (Draconis, Disengage) is there to expend."""
    return bool(effects_of(state, EffectKind.BONUS_ARMOUR, owner=fighter.id))


def armour_blocks_of(sheet: CavernsSheet) -> int:
    """How much one piece negates for this character, bonus pieces too (l. 85, 385)."""
    return LOBOSHIGARU_ARMOUR_BLOCKS if sheet.race is Race.LOBOSHIGARU else ARMOUR_BLOCKS


def tree_form_range(sheet: CavernsSheet, weapon: Range) -> Range:
    """Tree Form: every attack at Reach range at minimum (l. 180)."""
    if sheet.has_skill("nature:tree-form") and weapon is Range.MELEE:
        return Range.REACH
    return weapon


# --- Music (l. 185-190) ---------------------------------------------------------------------


def sick_beat_picks(
    chosen: Sequence[Condition], suffering: Iterable[Condition], points: int
) -> tuple[Condition, ...]:
    """Which of the Bard's three conditions a Sick Beat of `points` inflicts: one per point, in
    the order the Bard chose them at creation, those the target lacks first (inflicting one it
    has only starts it afresh), each at most once."""
    has = set(suffering)
    ordered = [c for c in chosen if c not in has] + [c for c in chosen if c in has]
    return tuple(ordered[: max(0, points)])


def fugue_condition(sheet: CavernsSheet, text: str) -> Condition:
    """The condition Fugue cures: one of the Sick Beat list the Bard did not choose."""
    condition = parse_condition(text)
    others = [c for c in SICK_BEAT_OPTIONS if c not in sheet.sick_beat]
    if condition not in others:
        names = ", ".join(c.label for c in others)
        raise PawpostError(
            f"Fugue cures one of the Sick Beat conditions you did not choose: {names}."
        )
    return condition


# --- Athletics (l. 194), Totems (l. 211-214), Rituals (l. 218-220) --------------------------


def vitality(sheet: CavernsSheet) -> CavernsSheet | None:
    """Vitality: about to die, one Harmony keeps the character alive at 1 Health (None when it
    cannot: no skill, not dying, or Harmony already at -3)."""
    if not sheet.is_dead or not sheet.has_skill("athletics:vitality"):
        return None
    if sheet.harmony - SKILL_HARMONY_COST < ATTRIBUTE_MIN:
        return None
    return sheet.model_copy(
        update={"harmony": sheet.harmony - SKILL_HARMONY_COST, "health": VITALITY_HEALTH}
    )


def bonded(sheet: CavernsSheet, totem: Totem) -> bool:
    return totem in sheet.bonded_totems


def crow_feeds(sheet: CavernsSheet) -> tuple[CavernsSheet, int]:
    """An opponent died: a living Crow regains 3 Health, or at full Health gains +1 Damage
    until its next rest. Returns the sheet and the Health regained (0: the Damage)."""
    if sheet.health < sheet.max_health:
        healed = heal(sheet, CROW_HEALTH)
        return healed, healed.health - sheet.health
    return sheet.model_copy(update={"crow_damage": sheet.crow_damage + CROW_DAMAGE}), 0


def ritual_roll(key: str, name: str, dice: DiceSource) -> tuple[Roll, Condition]:
    """Time Curse or Defection: 2d6 with no modifiers; 8+ the strong condition, else the weak."""
    strong, weak = RITUALS[key]
    roll = plain_roll(dice, name, target=RITUAL_STRONG)
    return roll, strong if roll.succeeded else weak


def is_enemy(fighter: Combatant, of: Combatant) -> bool:
    """The party's opponents are every other side (RULINGS: the party is always one side)."""
    return (fighter.side == PARTY) != (of.side == PARTY)
