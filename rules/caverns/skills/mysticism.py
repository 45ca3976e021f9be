"""Mysticism in battle (book l. 245-250), the pure part: the Mystic Chant's count (Perfection,
Meditation, Concentration) and Balance's doubles."""

from __future__ import annotations

from rules.caverns.battle.effects import Effect, EffectKind
from rules.caverns.battle.rows import Combatant
from rules.caverns.constants import DICE_PER_ROLL, DIE_SIDES
from rules.errors import PawpostError
from rules.rolls import Modifier

# Skill keys, as the sheets store them.
MYSTIC_CHANT = "mysticism:mystic-chant"
BALANCE = "mysticism:balance"
PERFECTION = "mysticism:perfection"
MEDITATION = "mysticism:meditation"
CONCENTRATION = "mysticism:concentration"

CHANT_MOST_TURNS = 7  # "capped at 7 turns" (l. 245)
PERFECTION_TURNS = 3  # "three turns into your mystic chant" (l. 248)
MEDITATION_FACTOR = 2  # "twice as long as it actually has" (l. 249)
BALANCE_FACTOR = 2  # "twice the number of turns" (l. 246)

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
