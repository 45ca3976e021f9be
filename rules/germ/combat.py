"""Combat rolls: attacks and the power table, free attacks, running and chasing, hiding, ambush."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from rules.dice import DiceSource
from rules.germ.bands import Band, read_band
from rules.germ.checks import BADLY_WOUNDED, HIDING_IN_COMBAT, roll_stat, stat_modifiers
from rules.germ.constants import (
    BADLY_WOUNDED_POWER,
    DISABILITY_POWER,
    GRAZE_POWER,
    MODERATE_POWER,
    SCAR_POWER,
    SCRATCH_POWER,
)
from rules.germ.sheet import GermSheet, Stat
from rules.germ.ties import Contest, Side, winner
from rules.rolls import Roll

POWER_BANDS: tuple[Band, ...] = (
    Band(
        lowest=GRAZE_POWER,
        name="barely grazes",
        sentence="The attack barely grazes a target. Imagine losing a few hairs.",
    ),
    Band(
        lowest=SCRATCH_POWER,
        name="scratch",
        sentence=(
            "The attack leaves a scratch or nick. Barely enough to draw blood. "
            "Probably stings a little."
        ),
    ),
    Band(
        lowest=MODERATE_POWER,
        name="moderate",
        sentence=(
            "The attack is pretty moderate. A few drops of blood well up but that's all. "
            "Hurts, but won't leave a scar."
        ),
    ),
    Band(
        lowest=SCAR_POWER,
        name="nasty",
        sentence=(
            "The attack is a bit nasty. Blood will be dripping from this one for a bit. "
            "Definitely painful, certainly leaves a scar."
        ),
    ),
    Band(
        lowest=BADLY_WOUNDED_POWER,
        name="deep",
        sentence=(
            "The attack is deep. You need to actively try to stop the bleeding. "
            "Pain is constant and sharp."
        ),
    ),
    Band(
        lowest=DISABILITY_POWER,
        name="permanent disability",
        sentence=(
            "The attack leaves the target with a permanent disability. Can inflict blindness, "
            "loss of smell, disfigure a limb beyond normal use, or completely tear off a "
            "target's tail."
        ),
    ),
)


def power_band(power: int) -> Band:
    """The power table's row for a power of 0 or more."""
    return read_band(power, POWER_BANDS)


class AttackResult(BaseModel):
    """One attack. For a free attack `agility_roll` has no dice: it lists the target's Agility
    points and penalty. `power` and `band` are None on a miss."""

    model_config = ConfigDict(frozen=True)

    strength_roll: Roll
    agility_roll: Roll
    free_attack: bool = False
    hit: bool
    power: int | None = None
    band: Band | None = None

    @property
    def leaves_scar(self) -> bool:
        """11+: adds a scar to the target's record."""
        return self.power is not None and self.power >= SCAR_POWER

    @property
    def badly_wounds(self) -> bool:
        """16+: the target is badly wounded for the rest of this combat (−5 to run and chase)."""
        return self.power is not None and self.power >= BADLY_WOUNDED_POWER

    @property
    def disables(self) -> bool:
        """21+: the target's player chooses a permanent disability."""
        return self.power is not None and self.power >= DISABILITY_POWER


def _hit(strength_roll: Roll, agility_roll: Roll, *, free_attack: bool) -> AttackResult:
    power = max(strength_roll.total - agility_roll.total, GRAZE_POWER)
    return AttackResult(
        strength_roll=strength_roll,
        agility_roll=agility_roll,
        free_attack=free_attack,
        hit=True,
        power=power,
        band=power_band(power),
    )


def resolve_attack(strength_roll: Roll, agility_roll: Roll) -> AttackResult:
    """Hits when the Strength total is equal to or greater than the Agility total; power is the
    difference (a tie hits with power 0)."""
    if winner(Contest.ATTACK, strength_roll.total, agility_roll.total) is Side.DEFENDER:
        return AttackResult(strength_roll=strength_roll, agility_roll=agility_roll, hit=False)
    return _hit(strength_roll, agility_roll, free_attack=False)


def agility_without_roll(target: GermSheet, *, agility_cuts_damage: bool = True) -> Roll:
    """What a free attack's power is cut by: the target's Agility points after the largest
    penalty, with no die (it may be below 0: a kit with 4 Agility cuts by −6). With
    `agility_cuts_damage` off (a server setting) it cuts nothing."""
    modifiers = stat_modifiers(target, Stat.AGILITY) if agility_cuts_damage else ()
    return Roll(label="Agility (free attack: no roll)", dice=(), modifiers=modifiers)


def resolve_free_attack(
    strength_roll: Roll, target: GermSheet, *, agility_cuts_damage: bool = True
) -> AttackResult:
    """A free attack always hits: power = the Strength total − the target's Agility points after
    penalties, at least 0."""
    agility = agility_without_roll(target, agility_cuts_damage=agility_cuts_damage)
    return _hit(strength_roll, agility, free_attack=True)


def resolve_chase(runner_roll: Roll, chaser_roll: Roll) -> bool:
    """True when the runner escapes: only with a strictly higher Agility total (the chaser
    catches them on "equal to or greater")."""
    return winner(Contest.RUN, runner_roll.total, chaser_roll.total) is Side.INITIATOR


def resolve_hide(stealth_roll: Roll, perception_roll: Roll, terrain_allows_hiding: bool) -> bool:
    """True when a hide in combat succeeds: never where the terrain does not allow hiding,
    otherwise when the Stealth total (with its −5) beats the Perception total."""
    if not terrain_allows_hiding:
        return False
    return winner(Contest.SNEAK, stealth_roll.total, perception_roll.total) is Side.INITIATOR


def resolve_ambush(stealth_roll: Roll, perception_roll: Roll) -> bool:
    """True when the ambusher is hidden before combat (and so starts with a free attack)."""
    return winner(Contest.SNEAK, stealth_roll.total, perception_roll.total) is Side.INITIATOR


def roll_attack(attacker: GermSheet, target: GermSheet, dice: DiceSource) -> AttackResult:
    """The attacker's Strength roll, then the target's Agility roll."""
    strength = roll_stat(attacker, Stat.STRENGTH, dice, label="Attack (Strength)")
    agility = roll_stat(target, Stat.AGILITY, dice, label="Dodge (Agility)")
    return resolve_attack(strength, agility)


def roll_free_attack(
    attacker: GermSheet,
    target: GermSheet,
    dice: DiceSource,
    *,
    agility_cuts_damage: bool = True,
) -> AttackResult:
    """The attacker's Strength roll only; the target does not roll."""
    strength = roll_stat(attacker, Stat.STRENGTH, dice, label="Free attack (Strength)")
    return resolve_free_attack(strength, target, agility_cuts_damage=agility_cuts_damage)


class ChaseResult(BaseModel):
    model_config = ConfigDict(frozen=True)

    runner_roll: Roll
    chaser_roll: Roll
    escaped: bool


def roll_chase(
    runner: GermSheet,
    chaser: GermSheet,
    dice: DiceSource,
    *,
    runner_badly_wounded: bool = False,
    chaser_badly_wounded: bool = False,
) -> ChaseResult:
    """The runner's Agility, then the chaser's; each −5 if badly wounded in this combat."""
    runner_roll = roll_stat(
        runner,
        Stat.AGILITY,
        dice,
        situational=(BADLY_WOUNDED,) if runner_badly_wounded else (),
        label="Run (Agility)",
    )
    chaser_roll = roll_stat(
        chaser,
        Stat.AGILITY,
        dice,
        situational=(BADLY_WOUNDED,) if chaser_badly_wounded else (),
        label="Chase (Agility)",
    )
    return ChaseResult(
        runner_roll=runner_roll,
        chaser_roll=chaser_roll,
        escaped=resolve_chase(runner_roll, chaser_roll),
    )


class HideResult(BaseModel):
    """A hide in combat. Where the terrain does not allow hiding nobody rolls."""

    model_config = ConfigDict(frozen=True)

    terrain_allows_hiding: bool
    stealth_roll: Roll | None = None
    perception_roll: Roll | None = None
    hidden: bool


def roll_hide(
    hider: GermSheet,
    seeker: GermSheet,
    dice: DiceSource,
    *,
    terrain_allows_hiding: bool = True,
) -> HideResult:
    """The hider's Stealth −5 (hiding in combat), then the seeker's Perception."""
    if not terrain_allows_hiding:
        return HideResult(terrain_allows_hiding=False, hidden=False)
    stealth = roll_stat(
        hider, Stat.STEALTH, dice, situational=(HIDING_IN_COMBAT,), label="Hide (Stealth)"
    )
    perception = roll_stat(seeker, Stat.PERCEPTION, dice, label="Spot (Perception)")
    return HideResult(
        terrain_allows_hiding=True,
        stealth_roll=stealth,
        perception_roll=perception,
        hidden=resolve_hide(stealth, perception, terrain_allows_hiding=True),
    )


class AmbushResult(BaseModel):
    model_config = ConfigDict(frozen=True)

    stealth_roll: Roll
    perception_roll: Roll
    hidden: bool


def roll_ambush(ambusher: GermSheet, target: GermSheet, dice: DiceSource) -> AmbushResult:
    """Before combat: the ambusher's Stealth, then the target's Perception."""
    stealth = roll_stat(ambusher, Stat.STEALTH, dice, label="Ambush (Stealth)")
    perception = roll_stat(target, Stat.PERCEPTION, dice, label="Spot (Perception)")
    return AmbushResult(
        stealth_roll=stealth,
        perception_roll=perception,
        hidden=resolve_ambush(stealth, perception),
    )
