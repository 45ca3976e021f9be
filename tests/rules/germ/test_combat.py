"""Attacks and the power table, free attacks, running and chasing, hiding, ambush."""

import pytest

from rules.dice import ScriptedDice
from rules.germ import (
    Condition,
    agility_without_roll,
    power_band,
    resolve_ambush,
    resolve_attack,
    resolve_chase,
    resolve_free_attack,
    resolve_hide,
    roll_ambush,
    roll_attack,
    roll_chase,
    roll_free_attack,
    roll_hide,
)
from rules.rolls import Modifier
from tests.rules.germ.cats import cat, rolled


def test_book_example_strength_13_against_agility_14_misses() -> None:
    attacker, target = cat(strength=5), cat(agility=4)
    result = roll_attack(attacker, target, ScriptedDice([8, 10]))
    assert result.strength_roll.total == 13
    assert result.agility_roll.total == 14
    assert not result.hit
    assert result.power is None
    assert result.band is None
    assert not result.leaves_scar
    assert not result.badly_wounds
    assert not result.disables


def test_book_example_16_against_7_hits_with_power_9_moderate_no_scar() -> None:
    result = resolve_attack(rolled(12, 4), rolled(3, 4))
    assert (result.strength_roll.total, result.agility_roll.total) == (16, 7)
    assert result.hit
    assert result.power == 9
    assert result.band is not None
    assert result.band.name == "moderate"
    assert result.band.sentence.endswith("Hurts, but won't leave a scar.")
    assert not result.leaves_scar


def test_a_tie_hits_with_power_0_barely_grazing() -> None:
    result = resolve_attack(rolled(10), rolled(10))
    assert result.hit
    assert result.power == 0
    assert result.band is not None
    assert result.band.name == "barely grazes"


@pytest.mark.parametrize(
    ("power", "band", "scar", "badly", "disables"),
    [
        (0, "barely grazes", False, False, False),
        (1, "scratch", False, False, False),
        (5, "scratch", False, False, False),
        (6, "moderate", False, False, False),
        (10, "moderate", False, False, False),
        (11, "nasty", True, False, False),
        (15, "nasty", True, False, False),
        (16, "deep", True, True, False),
        (20, "deep", True, True, False),
        (21, "permanent disability", True, True, True),
        (30, "permanent disability", True, True, True),
    ],
)
def test_power_band_edges(power: int, band: str, scar: bool, badly: bool, disables: bool) -> None:
    result = resolve_attack(rolled(1, power), rolled(1))
    assert result.power == power
    assert result.band == power_band(power)
    assert result.band.name == band
    assert (result.leaves_scar, result.badly_wounds, result.disables) == (scar, badly, disables)


def test_power_below_0_is_off_the_table() -> None:
    with pytest.raises(ValueError, match="below the table"):
        power_band(-1)


def test_a_free_attack_is_cut_by_the_targets_agility_points_after_penalty() -> None:
    target = cat(agility=6, conditions=(Condition.NO_TAIL,))  # 6 − 5 = 1
    result = roll_free_attack(cat(strength=4), target, ScriptedDice([10]))
    assert result.free_attack
    assert result.hit
    assert result.agility_roll.dice == ()
    assert result.agility_roll.modifiers == (
        Modifier(value=6, reason="Agility"),
        Modifier(value=-5, reason="no tail"),
    )
    assert result.power == 14 - 1


def test_a_free_attack_never_has_power_below_0() -> None:
    result = resolve_free_attack(rolled(1), cat(agility=8))
    assert result.hit
    assert result.power == 0


def test_a_free_attack_on_a_kit_is_cut_by_a_negative_agility() -> None:
    kit = cat(agility=4, age_moons=3)
    assert agility_without_roll(kit).total == -6
    assert resolve_free_attack(rolled(10), kit).power == 16


def test_a_server_can_make_free_attacks_ignore_agility() -> None:
    result = resolve_free_attack(rolled(10), cat(agility=8), agility_cuts_damage=False)
    assert result.agility_roll.total == 0
    assert result.power == 10


def test_book_example_badly_wounded_runner_19_escapes_chaser_15() -> None:
    runner, chaser = cat(agility=5), cat(agility=3)
    result = roll_chase(runner, chaser, ScriptedDice([19, 12]), runner_badly_wounded=True)
    assert [m.value for m in result.runner_roll.modifiers] == [5, -5]
    assert result.runner_roll.modifiers[1].reason == "badly wounded"
    assert result.runner_roll.total == 19
    assert result.chaser_roll.total == 15
    assert result.escaped


def test_a_badly_wounded_chaser_also_takes_minus_5() -> None:
    result = roll_chase(cat(), cat(agility=3), ScriptedDice([10, 10]), chaser_badly_wounded=True)
    assert result.chaser_roll.total == 8
    assert result.escaped


@pytest.mark.parametrize(("runner", "chaser", "escaped"), [(16, 15, True), (15, 15, False)])
def test_the_runner_escapes_only_when_strictly_higher(
    runner: int, chaser: int, escaped: bool
) -> None:
    assert resolve_chase(rolled(runner), rolled(chaser)) is escaped


def test_book_example_stealth_8_plus_14_minus_5_hides_from_perception_14() -> None:
    result = roll_hide(cat(stealth=8), cat(perception=4), ScriptedDice([14, 10]))
    assert result.stealth_roll is not None
    assert result.perception_roll is not None
    assert [m.value for m in result.stealth_roll.modifiers] == [8, -5]
    assert result.stealth_roll.modifiers[1].reason == "hiding in combat"
    assert result.stealth_roll.total == 17
    assert result.perception_roll.total == 14
    assert result.hidden


def test_a_hide_tie_is_spotted() -> None:
    assert not resolve_hide(rolled(14), rolled(14), terrain_allows_hiding=True)
    assert resolve_hide(rolled(15), rolled(14), terrain_allows_hiding=True)


def test_hiding_fails_outright_where_the_terrain_does_not_allow_it() -> None:
    assert not resolve_hide(rolled(20, 8), rolled(1), terrain_allows_hiding=False)
    result = roll_hide(cat(stealth=8), cat(), ScriptedDice([]), terrain_allows_hiding=False)
    assert not result.hidden
    assert result.stealth_roll is None  # nobody rolls
    assert result.perception_roll is None


def test_an_ambusher_must_beat_the_targets_perception() -> None:
    assert resolve_ambush(rolled(11), rolled(10))
    assert not resolve_ambush(rolled(10), rolled(10))
    result = roll_ambush(cat(stealth=6), cat(perception=1), ScriptedDice([5, 9]))
    assert (result.stealth_roll.total, result.perception_roll.total) == (11, 10)
    assert result.hidden
