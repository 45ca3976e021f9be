"""Who wins a tie, for every contested roll of Germ, in one place."""

from __future__ import annotations

from enum import StrEnum


class Side(StrEnum):
    INITIATOR = "initiator"
    DEFENDER = "defender"


class Contest(StrEnum):
    """Each kind of contested roll; the initiator's stat comes first."""

    ATTACK = "attack"  # Strength vs Agility, inside a combat
    STRENGTH = "strength"  # Strength vs Agility, outside a combat
    PERSUADE = "persuade"  # Charisma vs Intelligence
    SNEAK = "sneak"  # Stealth vs Perception: hiding, ambush, hiding in combat, stealing
    RUN = "run"  # the runner's Agility vs the chaser's Agility


# RULINGS.md, general: "Where a book says 'equal to or greater', ties go to the side it names.
# Where it says only 'beats' or 'higher', a tie goes to the defender unless the ruleset section
# below says otherwise." The Germ section says otherwise for two contests:
#   Attack: "hits when the attacker's Strength total >= the target's Agility total (so a tie hits
#   with power 0, 'barely grazes')."
#   Conversation: "Believed when Charisma total >= Intelligence total."
# Run: the book names the chaser: "If the chaser's final total ends up being equal to or greater
# than the runner's final total ... the runner fails to escape" - so the defender (chaser) wins.
# Sneaking ("successfully hidden") and Strength outside combat use no tie words: the defender wins.
INITIATOR_WINS_TIES: frozenset[Contest] = frozenset({Contest.ATTACK, Contest.PERSUADE})


def winner(contest: Contest, initiator_total: int, defender_total: int) -> Side:
    """The side that wins a contested roll, applying the tie policy above."""
    if initiator_total > defender_total:
        return Side.INITIATOR
    if initiator_total == defender_total and contest in INITIATOR_WINS_TIES:
        return Side.INITIATOR
    return Side.DEFENDER
