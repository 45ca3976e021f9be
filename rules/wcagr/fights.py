"""Fighting (l.403-425): initiative, Swat and Bite against Jump, Pounce into wrestling, the
wrestlers' roll-off, damage by the attacker's Strength check, knockout and the death roll."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from rules.dice import DiceSource
from rules.errors import PawpostError
from rules.rolls import Modifier, Roll, roll_dice
from rules.wcagr.abilities import Ability
from rules.wcagr.checks import CheckResult, Critical, roll_check
from rules.wcagr.constants import (
    BELLY_RAKE_EXTRA_DAMAGE,
    BITE_EXTRA_DAMAGE,
    DAMAGE_ABOVE_DOUBLE,
    DAMAGE_ABOVE_STRENGTH,
    DAMAGE_AT_MOST_STRENGTH,
    DAMAGE_DIE,
    DEATH_DICE,
    DEATH_DIE_SIDES,
    DIES_AT_MOST,
    INITIATIVE_DIE,
    MIGHTY_SWAT_EXTRA_DAMAGE,
    SWAT_DOUBLE_DAMAGE_BONUS,
    TIEBREAK_DIE,
)
from rules.wcagr.contests import Side, contest_winner
from rules.wcagr.death import dies
from rules.wcagr.knacks import Knack
from rules.wcagr.sheet import WcagrSheet, why_cannot_hunt_or_fight
from rules.wcagr.skills import Skill


class Strike(StrEnum):
    SWAT = "swat"
    BITE = "bite"

    @property
    def skill(self) -> Skill:
        return Skill.SWAT if self is Strike.SWAT else Skill.BITE


class Initiative(BaseModel):
    """One cat's initiative: Spirit + d6 (l.405), its Spirit points for a tie, and a d100 when
    that ties too (RULINGS: "then at random")."""

    model_config = ConfigDict(frozen=True)

    character_id: int
    roll: Roll
    spirit_points: int
    tiebreak: int = 0

    @property
    def key(self) -> tuple[int, int, int]:
        return (self.roll.total, self.spirit_points, self.tiebreak)


def refuse_fighter(sheet: WcagrSheet) -> None:
    """Sick, sprained, knocked-out, retired and dead cats do not fight."""
    reason = why_cannot_hunt_or_fight(sheet)
    if reason is not None:
        raise PawpostError(reason)


def roll_initiative(sheets: Mapping[int, WcagrSheet], dice: DiceSource) -> list[Initiative]:
    """Everyone's initiative, highest first (l.405-406): Spirit + d6, then more Spirit points,
    then a d100 rolled by each cat still tied."""
    rolled = []
    for character_id, sheet in sheets.items():
        spirit = sheet.score(Ability.SPIRIT)
        roll = Roll(
            label="Initiative",
            dice=roll_dice(dice, 1, INITIATIVE_DIE),
            modifiers=(Modifier(value=spirit, reason=Ability.SPIRIT.label),),
        )
        rolled.append(
            Initiative(
                character_id=character_id,
                roll=roll,
                spirit_points=sheet.points_left(Ability.SPIRIT),
            )
        )
    keys = [(i.roll.total, i.spirit_points) for i in rolled]
    settled = []
    for initiative, key in zip(rolled, keys, strict=True):
        if keys.count(key) > 1:
            initiative = initiative.model_copy(update={"tiebreak": dice.roll(TIEBREAK_DIE)})
        settled.append(initiative)
    return sorted(settled, key=lambda i: i.key, reverse=True)


class Attack(BaseModel):
    """A Swat or Bite against the target's Jump (l.407-415), both rolled at once."""

    model_config = ConfigDict(frozen=True)

    strike: Strike
    attack: CheckResult
    jump: CheckResult

    @property
    def hits(self) -> bool:
        """l.408: "equal to or higher than the Jump Check", criticals first (RULINGS)."""
        return attack_lands(self.attack, self.jump)

    @property
    def more_than_double(self) -> bool:
        """l.409: "more than double the result of the Jump Check": +2 to the damage check."""
        return double_bonus(self.attack, self.jump) > 0


def jump_check(
    target: WcagrSheet,
    dice: DiceSource,
    *,
    spend: int = 0,
    knacks: Mapping[Knack, int] | None = None,
) -> CheckResult:
    """The target's Jump against a Swat, Bite or Pounce (l.408, 411), with the Spirit points
    and the Dodge its player puts on it (l.263: "any time your cat makes a Jump Check")."""
    return roll_check(target, dice, skill=Skill.JUMP, spend=spend, knacks=knacks, label="Jump")


def attack_lands(attack: CheckResult, jump: CheckResult) -> bool:
    """l.408 and l.411: "equal to or higher than the Jump Check", criticals first (RULINGS)."""
    return contest_winner(attack, jump, initiator_wins_ties=True) is Side.INITIATOR


def double_bonus(attack: CheckResult, jump: CheckResult) -> int:
    """l.409: an attack that lands with "more than double the result of the Jump Check" adds
    +2 to the attacker's damage check; any other adds nothing."""
    if attack_lands(attack, jump) and attack.total > 2 * jump.total:
        return SWAT_DOUBLE_DAMAGE_BONUS
    return 0


def strike(
    attacker: WcagrSheet,
    target: WcagrSheet,
    dice: DiceSource,
    kind: Strike,
    *,
    spend: int = 0,
    knacks: Mapping[Knack, int] | None = None,
    wrestling: bool = False,
    pinned: bool = False,
) -> Attack:
    """The attacker's Swat (or Bite) check and the target's plain Jump check."""
    refuse_fighter(attacker)
    check = roll_check(
        attacker,
        dice,
        skill=kind.skill,
        spend=spend,
        knacks=knacks,
        wrestling=wrestling,
        pinned=pinned,
    )
    return Attack(strike=kind, attack=check, jump=jump_check(target, dice))


class Damage(BaseModel):
    """The attacker's Strength check against the target's Strength score (l.416-418)."""

    model_config = ConfigDict(frozen=True)

    check: CheckResult
    bonus: int = 0  # Swat's +2 for more than double
    band_roll: Roll
    hp_lost: int
    extra: int = 0

    @property
    def total(self) -> int:
        return self.check.total + self.bonus


def knack_damage(knacks: Mapping[Knack, int]) -> int:
    """Mighty Swat's and Belly Rake's "1 extra point of damage" per use (l.249, 307)."""
    return MIGHTY_SWAT_EXTRA_DAMAGE * knacks.get(
        Knack.MIGHTY_SWAT, 0
    ) + BELLY_RAKE_EXTRA_DAMAGE * knacks.get(Knack.BELLY_RAKE, 0)


def extra_damage(
    kind: Strike, knacks: Mapping[Knack, int], *, knacks_on_check: bool = False
) -> int:
    """The HP a hit takes beyond its band's roll: Bite's +1 (l.415), and Mighty Swat's and
    Belly Rake's +1 per use unless the server adds those to the damage check instead
    (RULINGS, config; see `knack_damage`)."""
    extra = BITE_EXTRA_DAMAGE if kind is Strike.BITE else 0
    return extra + (0 if knacks_on_check else knack_damage(knacks))


def roll_damage(
    attacker: WcagrSheet,
    target_strength: int,
    dice: DiceSource,
    *,
    spend: int = 0,
    bonus: int = 0,
    extra: int = 0,
) -> Damage:
    """l.417-418: not more than the Strength score 1d4+1, more 1d4+2, more than double 1d4+3;
    `bonus` is Swat's +2 for more than double, `extra` the HP a Bite or knack adds."""
    check = roll_check(attacker, dice, ability=Ability.STRENGTH, spend=spend, label="Damage")
    total = check.total + bonus
    if total > 2 * target_strength:
        add, band = DAMAGE_ABOVE_DOUBLE, "more than double"
    elif total > target_strength:
        add, band = DAMAGE_ABOVE_STRENGTH, "more than"
    else:
        add, band = DAMAGE_AT_MOST_STRENGTH, "not more than"
    modifiers = [Modifier(value=add, reason=f"{band} Strength {target_strength}")]
    if extra:
        modifiers.append(Modifier(value=extra, reason="extra"))
    band_roll = Roll(
        label="HP lost", dice=roll_dice(dice, 1, DAMAGE_DIE), modifiers=tuple(modifiers)
    )
    return Damage(
        check=check, bonus=bonus, band_roll=band_roll, hp_lost=band_roll.total, extra=extra
    )


class Wound(BaseModel):
    """A hit taken: the sheet after it, a knockout, the death roll when one was due, and
    whether a death only cost a leader a life."""

    model_config = ConfigDict(frozen=True)

    sheet: WcagrSheet
    knocked_out_now: bool
    death_roll: Roll | None = None
    life_lost: bool = False

    @property
    def died(self) -> bool:
        return self.sheet.dead


def death_roll_at(sheet: WcagrSheet) -> int:
    """The HP at or below which a hit brings the death roll: "negative damage equal to your
    STR + SPT" (l.425)."""
    return -(sheet.score(Ability.STRENGTH) + sheet.score(Ability.SPIRIT))


def take_hit(
    sheet: WcagrSheet, hp_lost: int, dice: DiceSource, *, lives_save: bool = True
) -> Wound:
    """HP lost; at 0 or less knocked out (l.423); at or below −(Strength + Spirit) the 2d6
    death roll, 4 or less dies (l.425), rolled at each such hit (RULINGS); a leader with lives
    to spare loses one instead."""
    was_out = sheet.knocked_out
    after = sheet.changed(hp_lost=sheet.hp_lost + hp_lost)
    death = None
    life_lost = False
    if after.hp <= death_roll_at(after):
        death = Roll(label="Death roll", dice=roll_dice(dice, DEATH_DICE, DEATH_DIE_SIDES))
        if death.total <= DIES_AT_MOST:
            after, life_lost = dies(after, lives_save=lives_save)
    return Wound(
        sheet=after,
        knocked_out_now=after.knocked_out and not was_out,
        death_roll=death,
        life_lost=life_lost,
    )


class WrestleChoice(StrEnum):
    WRESTLE = "wrestle"
    JUMP = "jump"


def pounce_in(
    attacker: WcagrSheet,
    dice: DiceSource,
    *,
    target: WcagrSheet | None,
    wrestlers: int,
    spend: int = 0,
    knacks: Mapping[Knack, int] | None = None,
) -> tuple[CheckResult, CheckResult | None, bool]:
    """l.411-412: Pounce vs the target's Jump starts wrestling (≥ wins); into a wrestle already
    going the Pounce must reach the number of cats in it. Returns (pounce, jump, in)."""
    refuse_fighter(attacker)
    pounce = roll_check(attacker, dice, skill=Skill.POUNCE, spend=spend, knacks=knacks)
    if target is None:
        return pounce, None, squeezes_in(pounce, wrestlers)
    jump = jump_check(target, dice)
    return pounce, jump, attack_lands(pounce, jump)


def squeezes_in(pounce: CheckResult, wrestlers: int) -> bool:
    """l.412: into a wrestle the Pounce must reach the number of cats already in it."""
    return pounce.critical is not Critical.FAILURE and pounce.total >= wrestlers


class RollOff(BaseModel):
    """Every wrestler's Wrestle or Jump check (l.413): the highest acts; a tie does nothing."""

    model_config = ConfigDict(frozen=True)

    checks: dict[int, CheckResult]
    choices: dict[int, WrestleChoice]

    @property
    def winner(self) -> int | None:
        """Criticals rank first (RULINGS), then totals; a tie for the top: nobody."""

        def rank(result: CheckResult) -> tuple[int, int]:
            if result.critical is Critical.SUCCESS:
                return 2, result.total
            return (0 if result.critical is Critical.FAILURE else 1), result.total

        ranked = sorted(self.checks, key=lambda c: rank(self.checks[c]), reverse=True)
        if len(ranked) > 1 and rank(self.checks[ranked[0]]) == rank(self.checks[ranked[1]]):
            return None
        return ranked[0]


def roll_off(
    sheets: Mapping[int, WcagrSheet],
    choices: Mapping[int, WrestleChoice],
    dice: DiceSource,
    *,
    spends: Mapping[int, int] | None = None,
    knacks: Mapping[int, Mapping[Knack, int]] | None = None,
    pinned: Sequence[int] = (),
) -> RollOff:
    """Each wrestler's check in the order given, with its own points and knacks."""
    checks = {}
    for cat, sheet in sheets.items():
        skill = Skill.WRESTLE if choices[cat] is WrestleChoice.WRESTLE else Skill.JUMP
        checks[cat] = roll_check(
            sheet,
            dice,
            skill=skill,
            spend=(spends or {}).get(cat, 0),
            knacks=(knacks or {}).get(cat, {}),
            wrestling=True,
            pinned=cat in pinned,
        )
    return RollOff(checks=checks, choices=dict(choices))
