"""The battle rules of Healing, Divination, Dreamweaving and Mysticism (book l. 224-250): the
omens by attribute, Reversal, Death Prophesy's and Anesthesia's damage, Eternal Sleep and the
Mystic Chant's count. Pure: the scene (bot/actions/caverns) tells the story and stores it."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from rules.caverns.attributes import Attribute
from rules.caverns.battle.effects import Effect, EffectKind
from rules.caverns.battle.effects import effects_of as effects
from rules.caverns.battle.rows import PARTY, BattleState, Combatant, Phase
from rules.caverns.conditions import ActiveCondition, Condition
from rules.caverns.constants import DICE_PER_ROLL, DIE_SIDES
from rules.caverns.sheet import DREAMBODY, REVERSAL_HIGHEST, REVERSAL_LOWEST, CavernsSheet
from rules.errors import PawpostError
from rules.rolls import Modifier

# Skill keys, as the sheets store them.
EMPATHY = "healing:empathy"
ANESTHESIA = "healing:anesthesia"
IMMUNIZE = "healing:immunize"
CURING = "healing:curing"
FARHEAL = "healing:farheal"
BEDEVIL = "healing:bedevil"
ILL_OMEN = "divination:ill-omen"
RETRIBUTION = "divination:retribution"
DEATH_PROPHESY = "divination:death-prophesy"
GOOD_OMEN = "divination:good-omen"
REVERSAL = "divination:reversal"
SLUMBER = "dreamweaving:slumber"
CONTROL = "dreamweaving:control"
SWEET_DREAMS = "dreamweaving:sweet-dreams"
POSSESS = "dreamweaving:possess"
ETERNAL_SLEEP = "dreamweaving:eternal-sleep"
MYSTIC_CHANT = "mysticism:mystic-chant"
BALANCE = "mysticism:balance"
PERFECTION = "mysticism:perfection"
MEDITATION = "mysticism:meditation"
CONCENTRATION = "mysticism:concentration"

CURING_MOST = 3  # "cure up to three conditions" (l. 227)
RETRIBUTION_MOST_HARMONY = 3  # "spend up to three Harmony" (l. 232)
DEATH_PROPHESY_EXTRA = 3  # "they lose three extra Health" (l. 234)
DEATH_PROPHESY_MOST = 1  # "at most one Health" from all other sources (l. 234)
ANESTHESIA_MOST = 1  # "no more than one Health from any source" (l. 225)
ANESTHESIA_NOTE = "Anesthesia"  # its Fatigue's note: the cap lasts as long as that Fatigue
ETERNAL_SLEEP_DIFFICULTY = 10  # "the Harmony check ... is 10" (l. 243)
ETERNAL_SLEEP_NOTE = "Eternal Sleep"
CHANT_MOST_TURNS = 7  # "capped at 7 turns" (l. 245)
PERFECTION_TURNS = 3  # "three turns into your mystic chant" (l. 248)
MEDITATION_FACTOR = 2  # "twice as long as it actually has" (l. 249)
BALANCE_FACTOR = 2  # "twice the number of turns" (l. 246)

# Ill Omen's list (l. 231), in the book's order, which also breaks ties (docs/rulings.md).
OMENS: Mapping[Attribute, Condition] = {
    Attribute.FIRE: Condition.ABLAZE,
    Attribute.METAL: Condition.DISARM,
    Attribute.WOOD: Condition.BROKEN_LIMB,
    Attribute.WATER: Condition.PACIFISM,
    Attribute.WIND: Condition.PARANOIA,
}

# Passive skills of these skillsets: what /skill use says of them.
PASSIVES: Mapping[str, str] = {
    FARHEAL: "Farheal works by itself: your Healing skills reach any row, not only melee range.",
    GOOD_OMEN: (
        "Good Omen works by itself: in battle each ally is immune to the condition of its "
        "highest attribute (Fire Ablaze, Metal Disarmed, Wood Broken Limb, Water Pacifism, Wind "
        "Paranoia)."
    ),
    DREAMBODY: (
        "Dreambody works by itself: while Asleep you still act and deal your Damage, with your "
        "Dream Body; the MC rules which attacks can harm it."
    ),
    CONTROL: "Control works by itself: you are immune to Fatigue and sleep only if you want.",
    PERFECTION: "Perfection works by itself: each battle you start three turns into your chant.",
    MEDITATION: "Meditation works by itself: while you are Prone your chant counts double.",
    MYSTIC_CHANT: (
        "Mystic Chant works by itself in battle: each of your turns without moving or taking "
        "damage adds 1 to your rolls there, up to 7."
    ),
}


# --- Omens and Reversal (l. 231, 235, 236) --------------------------------------------------


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


# --- The battle's skill effects ------------------------------------------------------------


def with_effect(
    state: BattleState, effect: Effect, replaces: Callable[[Effect], bool]
) -> BattleState:
    """The state with `effect` in place of those `replaces` picks."""
    kept = [e for e in state.effects if not replaces(e)]
    return state.model_copy(update={"effects": [*kept, effect]})


def without_effects(state: BattleState, drop: Callable[[Effect], bool]) -> BattleState:
    return state.model_copy(update={"effects": [e for e in state.effects if not drop(e)]})


def previous_player(state: BattleState) -> int | None:
    """The player combatant whose turn came last (the enemies' turn follows it)."""
    if not state.order:
        return None
    return state.order[(state.next_player - 1) % len(state.order)]


def at_end_of_turn(state: BattleState, fighter: Combatant) -> bool:
    """A player's turn, or the enemies' turn right after it: "at the end of each of your
    turns" (Immunize), "ends their turn" (Sweet Dreams)."""
    if state.phase is Phase.PLAYER:
        return state.current == fighter.id
    return state.phase is Phase.ENEMY and previous_player(state) == fighter.id


def are_enemies(a: Combatant, b: Combatant) -> bool:
    return a.side != b.side


def is_ally(
    owner: Combatant, other: Combatant, paranoid: Callable[[Combatant], bool] | None = None
) -> bool:
    """Another present combatant of the owner's side; a Paranoid one "has no allies" (l. 363)
    on either end."""
    if owner.id == other.id or owner.side != other.side or not owner.present:
        return False
    if not other.present:
        return False
    return paranoid is None or not (paranoid(owner) or paranoid(other))


# --- Death Prophesy and Anesthesia (l. 225, 234) -------------------------------------------


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


def anesthetised(amount: int) -> int:
    """Under Anesthesia's Fatigue a creature loses at most one Health from any source."""
    return min(amount, ANESTHESIA_MOST)


# --- Dreamweaving (l. 238-243) --------------------------------------------------------------


def deepened(active: ActiveCondition) -> ActiveCondition:
    """Eternal Sleep on a sleep: its Harmony roll is 10, and nothing but that roll wakes it."""
    if active.condition is not Condition.SLEEPING:
        raise ValueError("Eternal Sleep deepens a sleep")
    return active.model_copy(
        update={"difficulty": ETERNAL_SLEEP_DIFFICULTY, "note": ETERNAL_SLEEP_NOTE}
    )


def can_be_woken(active: ActiveCondition) -> bool:
    """Whether damage or another's action may wake this sleeper (not under Eternal Sleep)."""
    return not (active.condition is Condition.SLEEPING and active.note == ETERNAL_SLEEP_NOTE)


def slumbering_enemy(
    state: BattleState, fighter: Combatant, has: Callable[[Combatant], bool]
) -> Combatant | None:
    """A present enemy of the fighter with Slumber (`has` says who has it), if any."""
    return next(
        (c for c in state.combatants if c.present and are_enemies(c, fighter) and has(c)), None
    )


# --- The Mystic Chant (l. 245-250) ---------------------------------------------------------


BROKEN = "broken"  # the chant's turn adds nothing: the chanter moved or took damage
LAPSED = "lapsed"  # broken, and ends as the chanter's next turn begins unless kept


def chant_started(fighter: Combatant, perfection: bool) -> Effect:
    """A chanter's chant as a battle begins for it: three turns in with Perfection."""
    turns = PERFECTION_TURNS if perfection else 0
    return Effect(kind=EffectKind.CHANT, owner=fighter.id, amount=turns)


def chant_at_turn(chant: Effect) -> Effect:
    """As the chanter's turn begins, the turn before counts if it neither moved nor took
    damage; a lapse nobody kept up ends the chant."""
    count = 0 if chant.note == LAPSED else chant.amount
    if not chant.note:
        count += 1
    return chant.model_copy(update={"amount": count, "note": ""})


def chant_broken(chant: Effect, *, concentration: bool) -> Effect:
    """The chanter moved or took damage: this turn adds nothing, and the chant ends, unless
    Concentration may still keep it (it lapses until the chanter's next turn begins)."""
    if concentration and chant.amount > 0:
        return chant.model_copy(update={"note": LAPSED})
    return chant_ended(chant)


def chant_ended(chant: Effect) -> Effect:
    return chant.model_copy(update={"amount": 0, "note": BROKEN})


def chant_kept(chant: Effect) -> Effect:
    """Concentration keeps a lapsing chant; the turn that broke it still adds nothing."""
    return chant.model_copy(update={"note": BROKEN})


def is_lapsing(chant: Effect) -> bool:
    return chant.note == LAPSED


def chant_turns(chant: Effect, *, prone: bool, meditation: bool) -> int:
    """How many turns the chant counts for: doubled while Prone with Meditation, capped at 7;
    none while it lapses."""
    if is_lapsing(chant):
        return 0
    turns = chant.amount * (MEDITATION_FACTOR if prone and meditation else 1)
    return min(turns, CHANT_MOST_TURNS)


def chant_modifier(turns: int) -> list[Modifier]:
    return [Modifier(value=turns, reason=f"Mystic Chant ({turns} turns)")] if turns else []


def balance(turns: int) -> tuple[int, list[Modifier]]:
    """Balance's roll: the dice become twice the chant's turns, as doubles (like a fated die,
    the modifiers still add). Past 6 a die cannot show it: doubles of 6 and the rest added."""
    if turns < 1:
        raise PawpostError("Balance ends a chant, and you are not chanting.")
    value = BALANCE_FACTOR * turns
    face = min(turns, DIE_SIDES)
    rest = value - face * DICE_PER_ROLL
    return face, [Modifier(value=rest, reason="Balance")] if rest else []


def retribution(amount: int, harmony: int) -> int:
    """Retribution: the attacker takes the damage suffered once for each Harmony spent."""
    if not 1 <= harmony <= RETRIBUTION_MOST_HARMONY:
        raise PawpostError(f"Retribution spends 1 to {RETRIBUTION_MOST_HARMONY} Harmony.")
    return amount * harmony


def party_side(fighter: Combatant) -> bool:
    return fighter.side == PARTY


def names(state: BattleState, ids: Sequence[int]) -> str:
    return ", ".join(state.combatant(i).name for i in ids)
