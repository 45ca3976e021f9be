"""The moves: any roll the MC calls for (2d6 + attribute against a difficulty), and Flee!,
Advance! and Do Battle with their own bands (book l. 60-64, 284-298)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from rules.caverns.attributes import Attribute
from rules.caverns.catalogue import Special
from rules.caverns.conditions import Condition
from rules.caverns.constants import (
    ADVANCE_STRONG_DAMAGE,
    ASLARAN_FLEE_FLOOR,
    ASSAULT_FLOURISHES_ON_DOUBLES,
    BATTLE_HIT,
    BATTLE_SAFE,
    BLIND_ATTACK_PENALTY,
    BOUND_DIFFICULTY,
    DEFAULT_DIFFICULTY,
    FLOURISHES_PER_ATTACK,
    OFF_HAND_DAMAGE_PENALTY,
    PRONE_PENALTY,
    SKILL_HARMONY_COST,
)
from rules.caverns.party.harmony import spend_harmony
from rules.caverns.races import Race
from rules.caverns.rolling import Band, MoveRoll, band_of, is_doubles, roll_attribute, subtracted
from rules.caverns.sheet import DREAMBODY, CavernsSheet
from rules.caverns.skillsets import Skillset
from rules.dice import DiceSource
from rules.errors import PawpostError
from rules.rolls import Modifier, Roll

PRONE = Modifier(value=-PRONE_PENALTY, reason=Condition.PRONE.label)
BLIND = Modifier(value=-BLIND_ATTACK_PENALTY, reason=Condition.BLIND.label)


class Move(StrEnum):
    """What a character is trying, for the conditions that forbid it."""

    ROLL = "roll"
    FLEE = "flee"
    ADVANCE = "advance"
    DO_BATTLE = "do-battle"


def refuse_if_unable(sheet: CavernsSheet, move: Move) -> None:
    """Refuse a move the character's state forbids, in one sentence."""
    if sheet.retired:
        raise PawpostError("This character has retired from adventuring.")
    if sheet.is_dead:
        raise PawpostError("You are dead until the battle ends and your Vitae brings you back.")
    if sheet.has_condition(Condition.SLEEPING) and not sheet.has_skill(DREAMBODY):
        raise PawpostError("You are asleep and cannot act until you wake.")
    if sheet.has_condition(Condition.BOUND) and move is not Move.ROLL:
        raise PawpostError(
            f"You are Bound: free yourself first (a Wind roll, difficulty {BOUND_DIFFICULTY})."
        )
    if sheet.immobile and move in (Move.FLEE, Move.ADVANCE):
        raise PawpostError(
            "You wear more armour than your Metal + 7 and cannot move; shed some first."
        )
    if move is Move.FLEE and sheet.has_condition(Condition.ENTRANCEMENT):
        raise PawpostError("You are Entranced and cannot Flee.")
    if move is Move.ADVANCE and sheet.has_condition(Condition.FEAR):
        raise PawpostError("You are afraid and cannot move closer to what you fear.")
    if move is Move.DO_BATTLE and sheet.has_condition(Condition.PACIFISM):
        raise PawpostError("You have thrown down your weapons (Pacifism) and refuse to Do Battle.")


def move(
    sheet: CavernsSheet,
    attribute: Attribute,
    dice: DiceSource,
    difficulty: int = DEFAULT_DIFFICULTY,
    *,
    reason: str = "",
    modifiers: Sequence[Modifier] = (),
    fated_die: int | None = None,
) -> MoveRoll:
    """Any roll the MC calls for: 2d6 + attribute, a success when the total is at least the
    difficulty (7 unless the MC says otherwise; book l. 61-64)."""
    refuse_if_unable(sheet, Move.ROLL)
    label = reason or f"Roll +{attribute.label}"
    return roll_attribute(
        sheet,
        attribute,
        dice,
        label=label,
        modifiers=modifiers,
        target=difficulty,
        fated_die=fated_die,
    )


def _prone(sheet: CavernsSheet) -> list[Modifier]:
    return [PRONE] if sheet.has_condition(Condition.PRONE) else []


# --- Flee! (book l. 284-287) ---------------------------------------------------------------


class FleeRoute(StrEnum):
    FRONT_TO_BACK = "front-to-back"
    BACK_TO_OUT = "back-to-out"
    FRONT_TO_OUT = "front-to-out"

    @property
    def attribute(self) -> Attribute:
        """Wind to the back row, Water out from the back, Metal out from the front."""
        return FLEE_ATTRIBUTES[self]


FLEE_ATTRIBUTES: Mapping[FleeRoute, Attribute] = {
    FleeRoute.FRONT_TO_BACK: Attribute.WIND,
    FleeRoute.BACK_TO_OUT: Attribute.WATER,
    FleeRoute.FRONT_TO_OUT: Attribute.METAL,
}

FLEE_RESULTS: Mapping[Band, str] = {
    Band.STRONG: "You escape at the end of this turn; your enemies cannot attack you in time.",
    Band.WEAK: "You escape at the start of your next turn; until then enemies can still attack.",
    Band.MISS: "You fail to escape at all, and the attempt uses up your action.",
}


class FleeResult(BaseModel):
    """A Flee and its band. A Trill makes no roll (`roll` is None): it never needs to roll
    to escape (l. 92), so it counts as a 10+, as RULINGS reads Merian's "never roll to buy"."""

    model_config = ConfigDict(frozen=True)

    route: FleeRoute
    roll: Roll | None
    band: Band
    sheet: CavernsSheet

    @property
    def escapes(self) -> bool:
        return self.band is not Band.MISS

    @property
    def result(self) -> str:
        return FLEE_RESULTS[self.band]


def flee(
    sheet: CavernsSheet,
    route: FleeRoute,
    dice: DiceSource,
    *,
    modifiers: Sequence[Modifier] = (),
    fated_die: int | None = None,
    attribute: Attribute | None = None,
    way: str | None = None,
) -> FleeResult:
    """Roll to Flee by `route`. Prone is -3; an Aslaran's total is never below 7 (l. 74); a
    successful Flee (7+) ends Fear (l. 361). `attribute` and `way` replace the route's roll
    and name where a skill opens another way out (Mushroom Circle, l. 183)."""
    refuse_if_unable(sheet, Move.FLEE)
    if sheet.race is Race.TRILL:
        return FleeResult(route=route, roll=None, band=Band.STRONG, sheet=_ends_fear(sheet))
    rolled = roll_attribute(
        sheet,
        attribute or route.attribute,
        dice,
        label=f"Flee! ({way or route.value.replace('-', ' ')})",
        modifiers=[*_prone(sheet), *modifiers],
        fated_die=fated_die,
    )
    roll = rolled.roll
    if sheet.race is Race.ASLARAN and roll.total < ASLARAN_FLEE_FLOOR:
        floor = Modifier(
            value=ASLARAN_FLEE_FLOOR - roll.total,
            reason=f"to the Aslaran's floor of {ASLARAN_FLEE_FLOOR}",
        )
        roll = roll.model_copy(update={"modifiers": (*roll.modifiers, floor)})
    band = band_of(roll.total)
    after = _ends_fear(rolled.sheet) if band is not Band.MISS else rolled.sheet
    return FleeResult(route=route, roll=roll, band=band, sheet=after)


def _ends_fear(sheet: CavernsSheet) -> CavernsSheet:
    remaining = tuple(a for a in sheet.conditions if a.condition is not Condition.FEAR)
    return sheet.model_copy(update={"conditions": remaining})


# --- Advance! (book l. 289-292) ------------------------------------------------------------


class AdvanceResult(BaseModel):
    """The results add up (l. 289): a 10+ also gets the 7+ result. Every Advance advances."""

    model_config = ConfigDict(frozen=True)

    roll: Roll
    sheet: CavernsSheet

    @property
    def band(self) -> Band:
        return band_of(self.roll.total)

    @property
    def bonus_damage(self) -> int:
        """+1 Damage for the rest of the turn on a 10+."""
        return ADVANCE_STRONG_DAMAGE if self.band is Band.STRONG else 0

    @property
    def may_act(self) -> bool:
        """On a 7+ you may then take an action; on a 6- the advance uses it up."""
        return self.band is not Band.MISS


def advance(
    sheet: CavernsSheet,
    dice: DiceSource,
    *,
    modifiers: Sequence[Modifier] = (),
    fated_die: int | None = None,
) -> AdvanceResult:
    """Roll +Fire to Advance (Prone -3)."""
    refuse_if_unable(sheet, Move.ADVANCE)
    rolled = roll_attribute(
        sheet,
        Attribute.FIRE,
        dice,
        label="Advance!",
        modifiers=[*_prone(sheet), *modifiers],
        fated_die=fated_die,
    )
    return AdvanceResult(roll=rolled.roll, sheet=rolled.sheet)


# --- Do Battle (book l. 294-298) -----------------------------------------------------------


class Foe(BaseModel):
    """What an attack needs to know of its target: its attributes and Damage."""

    model_config = ConfigDict(frozen=True)

    name: str
    attributes: Mapping[Attribute, int]
    damage: int

    def attribute(self, attribute: Attribute) -> int:
        return self.attributes.get(attribute, 0)


class BattleResult(BaseModel):
    """Do Battle's results add up: 5+ the target loses your Damage; under 8 you lose its
    Damage if you are within its reach; doubles give a Flourish (two with Assault). The
    Health is not taken here: armour may be expended against it first (l. 298). A Sick Beat
    (a Bard's instrument, l. 185) does no damage: the foe takes one of the Bard's three
    conditions for each point of Damage instead (`afflictions`)."""

    model_config = ConfigDict(frozen=True)

    roll: Roll
    sheet: CavernsSheet
    foe: str
    damage: int  # the attacker's Damage for this attack
    foe_damage: int
    in_foe_reach: bool
    flourishes: int
    specials: tuple[Special, ...] = ()  # on every attack (Igasho, l. 81)
    sick_beat: bool = False

    @property
    def hit(self) -> bool:
        return self.roll.total >= BATTLE_HIT

    @property
    def safe(self) -> bool:
        return self.roll.total >= BATTLE_SAFE

    @property
    def foe_loses(self) -> int:
        return self.damage if self.hit and not self.sick_beat else 0

    @property
    def afflictions(self) -> int:
        """How many Sick Beat conditions the foe takes (the Bard picks from their three)."""
        return self.damage if self.hit and self.sick_beat else 0

    @property
    def you_lose(self) -> int:
        return 0 if self.safe or not self.in_foe_reach else self.foe_damage


def do_battle(
    sheet: CavernsSheet,
    foe: Foe,
    dice: DiceSource,
    *,
    in_foe_reach: bool = True,
    use_implement: bool | None = None,
    assault: bool = False,
    off_hand: bool = False,
    bonus_damage: int = 0,
    modifiers: Sequence[Modifier] = (),
    fated_die: int | None = None,
) -> BattleResult:
    """Roll +Wood minus the foe's Wind; with an implement (used by default when the character
    has one) its first element instead, minus the foe's second element (l. 381). Blind and
    Prone are -3 each. Assault spends one Harmony for a Flourish, two on doubles (l. 155)."""
    refuse_if_unable(sheet, Move.DO_BATTLE)
    implement = sheet.implement if use_implement in (None, True) else None
    if use_implement and implement is None:
        raise PawpostError("You have no implement to attack with.")
    if assault and not sheet.has_skill("combat:assault"):
        raise PawpostError("You do not have the Assault skill.")
    attack = implement.rolls if implement is not None else Attribute.WOOD
    defence = implement.foes_subtract if implement is not None else Attribute.WIND
    if assault:
        sheet = spend_harmony(sheet, SKILL_HARMONY_COST, "Assault")
    shown = [
        subtracted(foe.attribute(defence), f"{foe.name}'s {defence.label}"),
        *([BLIND] if sheet.has_condition(Condition.BLIND) else []),
        *_prone(sheet),
        *modifiers,
    ]
    rolled = roll_attribute(
        sheet,
        attack,
        dice,
        label=f"Do Battle with {foe.name}",
        modifiers=shown,
        fated_die=fated_die,
    )
    doubles = is_doubles(rolled.roll)
    flourishes = (
        (ASSAULT_FLOURISHES_ON_DOUBLES if doubles else FLOURISHES_PER_ATTACK)
        if assault
        else (FLOURISHES_PER_ATTACK if doubles else 0)
    )
    damage = sheet.damage + bonus_damage - (OFF_HAND_DAMAGE_PENALTY if off_hand else 0)
    specials = (Special.FORCEFUL, Special.DESTRUCTIVE) if sheet.race is Race.IGASHO else ()
    return BattleResult(
        roll=rolled.roll,
        sheet=rolled.sheet,
        foe=foe.name,
        damage=max(0, damage),
        foe_damage=foe.damage,
        in_foe_reach=in_foe_reach,
        flourishes=flourishes,
        specials=specials,
        sick_beat=implement is not None and sheet.skillsets[0] is Skillset.MUSIC,
    )
