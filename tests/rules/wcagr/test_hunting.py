"""Hunting's pure rules: the Difficulty Table row by row (each stage at its DC and one below),
the stages' skills, weight and rations, crowfood with ShadowClan, knacks on the stages."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.dice import ScriptedDice
from rules.errors import PawpostError
from rules.wcagr import Clan, Knack, Skill
from rules.wcagr import constants as c
from rules.wcagr.hunting import (
    DIFFICULTY,
    HOURS_FED,
    RATIONS,
    STAGES,
    Prey,
    Stage,
    Weight,
    crowfood_roll,
    knacks_for_stage,
    rations_words,
    refuse_unfitting,
    roll_stage,
    roll_weight,
    stage_dc,
    weight_of,
)
from tests.rules.wcagr.cats import cat

BOOK_TABLE = {  # l.377-389, as printed
    "Mice": (17, 9, 15, 6),
    "Rabbit": (10, 18, 18, 16),
    "Vole": (16, 10, 10, 9),
    "Small Birds": (8, 16, 15, 6),
    "Squirrel": (11, 17, 18, 9),
    "Fish": (12, 12, 16, 8),
    "Rat": (13, 17, 11, 11),
    "Frog/Toad": (14, 12, 16, 12),
    "Large Birds": (9, 15, 16, 13),
    "Snakes": (16, 13, 14, 16),
    "Lizards": (17, 17, 14, 8),
}


def test_the_table_is_the_books_and_rat_is_one_prey() -> None:
    assert {prey.label: row for prey, row in DIFFICULTY.items()} == BOOK_TABLE
    assert len(Prey) == 11


def _faces(total: int) -> tuple[int, int, int]:
    """Three d6 summing to `total`, without two 1s or two 6s where that is possible."""
    for a in range(1, 7):
        for b in range(1, 7):
            d = total - a - b
            faces = (a, b, d)
            if 1 <= d <= 6 and faces.count(1) < 2 and faces.count(6) < 2:
                return faces
    for a in range(1, 7):
        for b in range(1, 7):
            if 1 <= total - a - b <= 6:
                return (a, b, total - a - b)
    raise AssertionError(total)


@pytest.mark.parametrize("prey", list(Prey))
@pytest.mark.parametrize("stage", STAGES)
def test_each_stage_passes_at_its_dc_and_fails_one_below(prey: Prey, stage: Stage) -> None:
    dc = stage_dc(prey, stage)
    score = min(10, max(1, dc - 10))
    sheet = cat(strength=score, intelligence=score, spirit=score)
    at = roll_stage(sheet, ScriptedDice(_faces(dc - score)), prey, stage, Skill.SMELL)
    below = roll_stage(sheet, ScriptedDice(_faces(dc - 1 - score)), prey, stage, Skill.SMELL)
    assert at.roll.target == dc and at.total == dc and at.succeeded is True
    assert below.total == dc - 1 and below.succeeded is False


def test_each_stage_has_its_skill() -> None:
    sheet = cat(skills={Skill.LISTEN: 2, Skill.SNEAK: 3, Skill.POUNCE: 4, Skill.BITE: 5})
    labels = [
        roll_stage(sheet, ScriptedDice((3, 3, 3)), Prey.MICE, stage, Skill.LISTEN).roll.label
        for stage in STAGES
    ]
    assert labels == ["Locate (Listen)", "Approach (Sneak)", "Grab (Pounce)", "Kill (Bite)"]
    with pytest.raises(PawpostError, match="Locate prey with Listen, See or Smell"):
        roll_stage(sheet, ScriptedDice((3, 3, 3)), Prey.MICE, Stage.LOCATE, Skill.SNEAK)


def test_a_sprained_or_sick_cat_cannot_hunt() -> None:
    sheet = cat().changed(sprain_sunrises_left=2)
    with pytest.raises(PawpostError, match="sprain and cannot hunt or fight for 2 more"):
        roll_stage(sheet, ScriptedDice(()), Prey.MICE, Stage.LOCATE, Skill.SEE)


@pytest.mark.parametrize(
    ("face", "weight"),
    [
        (1, Weight.SKIN_AND_BONES),
        (2, Weight.UNDERWEIGHT),
        (3, Weight.UNDERWEIGHT),
        (4, Weight.AVERAGE),
        (7, Weight.AVERAGE),
        (8, Weight.PLUMP),
        (9, Weight.PLUMP),
        (10, Weight.MASSIVE),
    ],
)
def test_weight_bands(face: int, weight: Weight) -> None:
    assert weight_of(face) is weight
    roll, rolled = roll_weight(ScriptedDice([face]))
    assert rolled is weight and roll.dice[0].sides == c.PREY_WEIGHT_DIE == 10


def test_the_ration_table() -> None:  # l.396-400
    assert {
        Weight.SKIN_AND_BONES: Fraction(1, 3),
        Weight.UNDERWEIGHT: Fraction(1, 2),
        Weight.AVERAGE: 1,
        Weight.PLUMP: 2,
        Weight.MASSIVE: 3,
    } == RATIONS
    assert list(HOURS_FED.values()) == ["3-4", "10-12", "24", "48", "72"]
    assert rations_words(Fraction(1, 3)) == "1/3 ration"
    assert rations_words(Fraction(7, 3)) == "2 1/3 rations"
    assert rations_words(Fraction(1)) == "1 ration"


def test_crowfood_is_ill_below_66_and_shadowclan_rolls_nothing() -> None:
    assert (c.CROWFOOD_DIE, c.CROWFOOD_ILL_BELOW, c.CROWFOOD_AFTER_GAME_DAYS) == (100, 66, 2)
    assert crowfood_roll(Clan.THUNDERCLAN, ScriptedDice([65]))[1] is True
    roll, ill = crowfood_roll(Clan.THUNDERCLAN, ScriptedDice([66]))
    assert ill is False and roll is not None and roll.total == 66
    assert crowfood_roll(Clan.SHADOWCLAN, ScriptedDice(())) == (None, False)


def test_knacks_go_to_the_stages_they_fit() -> None:
    sheet = cat(knacks={Knack.ALERTNESS: 1, Knack.STALK: 1, Knack.LEAP: 1, Knack.DODGE: 1})
    named = {Knack.ALERTNESS: 1, Knack.STALK: 1, Knack.LEAP: 2}
    assert knacks_for_stage(named, Stage.LOCATE, Skill.SEE, sheet) == {Knack.ALERTNESS: 1}
    assert knacks_for_stage(named, Stage.APPROACH, Skill.SEE, sheet) == {Knack.STALK: 1}
    assert knacks_for_stage(named, Stage.GRAB, Skill.SEE, sheet) == {Knack.LEAP: 2}
    refuse_unfitting(named, STAGES, Skill.SEE, sheet)
    with pytest.raises(PawpostError, match="Dodge only helps Jump checks"):
        refuse_unfitting({Knack.DODGE: 1}, STAGES, Skill.SEE, sheet)
    with pytest.raises(PawpostError, match="Alertness only helps"):
        refuse_unfitting({Knack.ALERTNESS: 1}, STAGES[1:], Skill.SEE, sheet)


def test_tries_per_stage_default() -> None:
    assert c.HUNT_TRIES_PER_STAGE == 2
