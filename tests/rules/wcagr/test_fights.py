"""Fighting's pure rules with scripted dice: initiative and its tie-breaks, Swat against Jump
(ties to the Swat, criticals first, more than double), the damage bands, Bite's and Mighty
Swat's extra HP, knockout and the death roll, the wrestlers' roll-off with a tie, pouncing in."""

from __future__ import annotations

import pytest

from rules.dice import ScriptedDice
from rules.errors import PawpostError
from rules.wcagr import Ability, Knack, Skill
from rules.wcagr import constants as c
from rules.wcagr.fight_state import FightState, Phase, in_order, next_turn, without_wrestler
from rules.wcagr.fights import (
    Strike,
    WrestleChoice,
    extra_damage,
    pounce_in,
    roll_damage,
    roll_initiative,
    roll_off,
    strike,
    take_hit,
)
from tests.rules.wcagr.cats import cat


def test_fight_numbers() -> None:  # l.405-425
    assert (c.INITIATIVE_DIE, c.SWAT_DOUBLE_DAMAGE_BONUS, c.DAMAGE_DIE) == (6, 2, 4)
    assert (c.DAMAGE_AT_MOST_STRENGTH, c.DAMAGE_ABOVE_STRENGTH, c.DAMAGE_ABOVE_DOUBLE) == (1, 2, 3)
    assert (c.BITE_EXTRA_DAMAGE, c.DEATH_DICE, c.DEATH_DIE_SIDES, c.DIES_AT_MOST) == (1, 2, 6, 4)


def test_initiative_is_spirit_plus_d6_then_spirit_points_then_a_d100() -> None:
    sheets = {
        1: cat(spirit=3, points={Ability.SPIRIT: 1}),
        2: cat(spirit=4),
        3: cat(spirit=3, points={Ability.SPIRIT: 3}),
        4: cat(spirit=2, points={Ability.SPIRIT: 2}),
        5: cat(spirit=2, points={Ability.SPIRIT: 2}),
    }
    # Totals: 1: 3+4=7, 2: 4+3=7, 3: 3+4=7, 4: 2+1=3, 5: 2+1=3; 4 and 5 tie on points too.
    order = roll_initiative(sheets, ScriptedDice([4, 3, 4, 1, 1, 20, 80]))
    assert [i.character_id for i in order] == [2, 3, 1, 5, 4]
    assert [i.tiebreak for i in order] == [0, 0, 0, 80, 20]


def test_a_swat_hits_on_a_tie_and_misses_below() -> None:
    attacker = cat(intelligence=3, skills={Skill.SWAT: 1})  # Swat +4
    target = cat(spirit=3, skills={Skill.JUMP: 1})  # Jump +4
    tie = strike(attacker, target, ScriptedDice([3, 3, 4, 3, 3, 4]), Strike.SWAT)
    assert tie.attack.total == tie.jump.total == 14 and tie.hits and not tie.more_than_double
    below = strike(attacker, target, ScriptedDice([3, 3, 3, 3, 3, 4]), Strike.SWAT)
    assert not below.hits


def test_criticals_decide_a_swat_before_totals() -> None:
    attacker = cat(intelligence=10, skills={Skill.SWAT: 5})
    target = cat(spirit=1)
    fumble = strike(attacker, target, ScriptedDice([1, 1, 6, 2, 2, 3]), Strike.SWAT)
    assert fumble.attack.total > fumble.jump.total and not fumble.hits


def test_more_than_double_the_jump() -> None:
    attacker = cat(intelligence=10, skills={Skill.SWAT: 5})  # +15
    target = cat(spirit=1)  # Jump +1
    double = strike(attacker, target, ScriptedDice([2, 2, 3, 2, 2, 5]), Strike.SWAT)
    assert (double.attack.total, double.jump.total) == (22, 10) and double.more_than_double
    exactly = strike(attacker, target, ScriptedDice([2, 2, 1, 2, 2, 5]), Strike.SWAT)
    assert (exactly.attack.total, exactly.jump.total) == (20, 10)
    assert exactly.hits and not exactly.more_than_double


@pytest.mark.parametrize(
    ("faces", "bonus", "lost"),
    [
        ((1, 2, 2, 3), 0, 4),  # 5 + Str 1 = 6 <= Strength 6: 1d4 (3) + 1
        ((2, 2, 3, 3), 0, 5),  # 7 + 1 = 8 > 6: 1d4 (3) + 2
        ((3, 4, 5, 3), 0, 6),  # 12 + 1 = 13 > 12: 1d4 (3) + 3
        ((3, 4, 4, 3), 0, 5),  # 11 + 1 = 12, not more than double 6: 1d4 + 2
        ((3, 4, 4, 3), 2, 6),  # 12 + 2 for a Swat more than double the Jump: 14 > 12
    ],
)
def test_damage_bands(faces, bonus, lost) -> None:
    damage = roll_damage(cat(strength=1), 6, ScriptedDice(faces), bonus=bonus)
    assert damage.hp_lost == lost


def test_bite_and_mighty_swat_add_hp_lost() -> None:
    assert extra_damage(Strike.BITE, {}) == 1
    assert extra_damage(Strike.SWAT, {Knack.MIGHTY_SWAT: 2}) == 2
    assert extra_damage(Strike.SWAT, {Knack.BELLY_RAKE: 1}) == 1
    damage = roll_damage(cat(strength=1), 6, ScriptedDice([1, 2, 2, 3]), extra=1)
    assert damage.hp_lost == 5


def test_knockout_and_the_death_roll() -> None:
    sheet = cat(strength=3, spirit=3, age_moons=10)  # 18 HP; death roll at -6 or below
    hurt = take_hit(sheet, 18, ScriptedDice(()))
    assert hurt.sheet.hp == 0 and hurt.knocked_out_now and hurt.death_roll is None
    lives = take_hit(hurt.sheet, 6, ScriptedDice([2, 3]))
    assert lives.death_roll is not None and lives.death_roll.total == 5 and not lives.died
    assert not lives.knocked_out_now  # already out
    dies = take_hit(lives.sheet, 1, ScriptedDice([1, 3]))
    assert dies.died and dies.sheet.dead


def test_a_three_cat_roll_off_with_a_tie_for_the_top() -> None:
    sheets = {1: cat(strength=3), 2: cat(strength=3), 3: cat(spirit=3)}
    choices = {1: WrestleChoice.WRESTLE, 2: WrestleChoice.WRESTLE, 3: WrestleChoice.JUMP}
    tied = roll_off(sheets, choices, ScriptedDice([3, 3, 4, 4, 3, 3, 2, 2, 3]))
    assert [tied.checks[i].total for i in (1, 2, 3)] == [13, 13, 10]
    assert tied.winner is None
    jump = roll_off(sheets, choices, ScriptedDice([2, 2, 3, 2, 2, 3, 5, 5, 4]))
    assert jump.winner == 3


def test_pouncing_in_needs_the_number_wrestling() -> None:
    pouncer = cat(intelligence=1)
    check, jump, joined = pounce_in(pouncer, ScriptedDice([1, 2, 2]), target=None, wrestlers=6)
    assert (check.total, jump, joined) == (6, None, True)
    _, _, short = pounce_in(pouncer, ScriptedDice([1, 2, 2]), target=None, wrestlers=7)
    assert not short
    with pytest.raises(PawpostError, match="sprain"):
        pounce_in(
            pouncer.changed(sprain_sunrises_left=1), ScriptedDice(()), target=None, wrestlers=2
        )


def test_turns_skip_cats_out_and_end_with_one_left() -> None:
    state = FightState(fighters=(1, 2, 3), phase=Phase.TURNS, order=(1, 2, 3), turn=1)
    state = next_turn(state.model_copy(update={"out": frozenset({2})}))
    assert state.attacker == 3 and state.turn == 1
    state = next_turn(state)
    assert state.attacker == 1 and state.turn == 2
    over = next_turn(state.model_copy(update={"out": frozenset({2, 3})}))
    assert over.is_over
    wrestling = state.model_copy(update={"wrestles": ((1, 2),), "pinned": {2: 1}})
    assert (
        without_wrestler(wrestling, 1).wrestles == ()
        and without_wrestler(wrestling, 1).pinned == {}
    )
    assert in_order((1, 2, 3), {1: 9, 2: 6, 3: 4}, 4, 6) == 2
