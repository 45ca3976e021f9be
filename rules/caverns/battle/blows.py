"""A blow on a character resolved whole before anything follows from it (book l. 298, 385,
194, 264): against a blow that would kill, what saves the character is spent by itself, a
piece of armour first, then Forcefield's Harmony (Vitality comes after, in its own rule);
what a piece gives back afterwards is never more than the blow took."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from rules.caverns.constants import ARMOUR_BLOCKS, ATTRIBUTE_MIN, LOBOSHIGARU_ARMOUR_BLOCKS
from rules.caverns.race_traits import sunlit_damage
from rules.caverns.races import Race
from rules.caverns.sheet import CavernsSheet

FORCEFIELD = "psionics:forcefield"


class Defence(BaseModel):
    """What is spent against a killing blow: a piece (`piece`), Forcefield's Harmony
    (`harmony`), and how much of the blow they negate together."""

    model_config = ConfigDict(frozen=True)

    piece: bool = False
    harmony: int = 0
    negated: int = 0


def kills(health: int, amount: int) -> bool:
    return health > 0 and amount >= health


def killing_blow_defence(
    sheet: CavernsSheet, amount: int, *, piece: bool, blocks: int
) -> Defence | None:
    """Against a blow of `amount` that would kill: one piece (if `piece`, one per blow) and as
    little of Forcefield's Harmony as keeps the character alive, or None when they cannot (then
    nothing is wasted on it). A death costs a Vitae and the rest of the battle: nobody would
    keep a helmet whole for that (docs/rulings.md)."""
    if not kills(sheet.health, amount) or blocks < 1:
        return None
    needed = amount - (sheet.health - 1)
    from_piece = blocks if piece else 0
    if from_piece >= needed:
        return Defence(piece=True, negated=min(amount, from_piece))
    if not sheet.has_skill(FORCEFIELD):
        return None
    harmony = -(-(needed - from_piece) // blocks)  # each Harmony blocks what a piece would
    if sheet.harmony - harmony < ATTRIBUTE_MIN:
        return None
    negated = min(amount, from_piece + harmony * blocks)
    return Defence(piece=piece, harmony=harmony, negated=negated)


def given_back(lost: int, blocks: int) -> int:
    """A piece spent right after a blow negates up to `blocks` of it, never more than the
    Health the blow took (l. 298: "negate the loss of up to 3 Health")."""
    return max(0, min(lost, blocks))


def in_sunlight(sheet: CavernsSheet, amount: int, sunlight: bool) -> int:
    """A Lucidian takes one less damage from every source while in sunlight (l. 86): the
    race trait's rule (race_traits.sunlit_damage), which the MC's damage outside a battle
    follows too."""
    return sunlit_damage(sheet, amount, sunlight)


def armour_blocks_of(sheet: CavernsSheet) -> int:
    """How much one piece negates for this character, bonus pieces too (l. 85, 385)."""
    return LOBOSHIGARU_ARMOUR_BLOCKS if sheet.race is Race.LOBOSHIGARU else ARMOUR_BLOCKS
