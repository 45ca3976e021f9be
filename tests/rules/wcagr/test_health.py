"""Healing and illness as pure rules with scripted dice: the morning's 1 HP, the herb check's
three bands, each cough over its days (death, progression, cure, deadline), red- and yellowcough
on entering green- and blackcough, the cough season's checks, and treatments."""

from __future__ import annotations

import pytest

from rules.dice import ScriptedDice
from rules.errors import PawpostError
from rules.wcagr import Illness, Knack, Skill
from rules.wcagr import constants as c
from rules.wcagr.healing import herb_heal_of, herb_healing, herb_target, morning
from rules.wcagr.illness import cough_season, sick, sunrise, treat
from tests.rules.wcagr.cats import cat


def test_health_numbers() -> None:  # l.428-458
    assert (c.HEAL_PER_MORNING, c.HERB_TARGET_BASE) == (1, 5)
    assert (c.HERB_HEAL_BELOW, c.HERB_HEAL_REACHED, c.HERB_HEAL_DOUBLE) == (1, 2, 3)
    assert (c.QUARTER_MOON_SUNRISES, c.HALF_MOON_SUNRISES) == (7, 14)
    assert (c.WHITECOUGH_DC, c.KITTEN_COUGH_DC, c.KITTEN_COUGH_UNDER_MOONS) == (10, 12, 12)
    assert (c.GREENCOUGH_DIES_BELOW, c.BLACKCOUGH_DIES_BELOW, c.KITTEN_COUGH_DIES_BELOW) == (
        25,
        75,
        10,
    )
    assert (c.KITTEN_COUGH_CURED_ABOVE, c.REDCOUGH_DIES_BELOW, c.YELLOWCOUGH_DIES_BELOW) == (
        60,
        90,
        30,
    )
    assert c.WORSENS_BELOW == 20


def test_a_morning_heals_one_hp_and_never_above_the_maximum() -> None:
    assert morning(cat(hp_lost=3)).hp_lost == 2
    assert morning(cat()).hp_lost == 0


@pytest.mark.parametrize(("total", "heals"), [(9, 1), (10, 2), (20, 2), (21, 3)])
def test_herb_bands(total: int, heals: int) -> None:
    assert herb_heal_of(total, 10) == heals


def test_a_herb_check_is_ponder_with_herb_lore_against_hp_lost_plus_five() -> None:
    healer = cat(intelligence=3, skills={Skill.PONDER: 2}, knacks={Knack.HERB_LORE: 2})
    patient = cat(hp_lost=5)
    assert herb_target(patient) == 10
    # 3d6 (2, 2, 1) + Intelligence 3 + Ponder 2 + Herb Lore 2 = 12 >= 10: 2 HP.
    result = herb_healing(healer, patient, ScriptedDice([2, 2, 1]), knacks={Knack.HERB_LORE: 1})
    assert result.check.total == 12 and result.hp == 2 and result.patient.hp_lost == 3
    reached = herb_healing(healer, cat(hp_lost=1), ScriptedDice([1, 2, 2]))
    assert (reached.check.total, reached.hp, reached.patient.hp_lost) == (10, 2, 0)  # never < 0
    double = herb_healing(healer, cat(hp_lost=4), ScriptedDice([4, 5, 5]))  # 19 > 2 x 9
    assert (double.hp, double.patient.hp_lost) == (3, 1)
    with pytest.raises(PawpostError, match="no wounds"):
        herb_healing(healer, cat(), ScriptedDice(()))


def test_whitecough_turns_to_greencough_at_its_quarter_moon() -> None:
    white = sick(cat(), Illness.WHITECOUGH, 100)
    assert sunrise(white, 106, ScriptedDice(())).sheet.illness is Illness.WHITECOUGH
    worse = sunrise(white, 107, ScriptedDice([50, 50]))  # no red, no yellow
    assert worse.sheet.illness is Illness.GREENCOUGH and worse.sheet.illness_day == 107


def test_greencough_kills_below_25_and_turns_black_after_a_half_moon() -> None:
    green = sick(cat(), Illness.GREENCOUGH, 100)
    assert sunrise(green, 101, ScriptedDice([24])).died
    assert not sunrise(green, 101, ScriptedDice([25])).died
    black = sunrise(green, 114, ScriptedDice([60, 50, 50]))
    assert black.sheet.illness is Illness.BLACKCOUGH


@pytest.mark.parametrize(
    ("faces", "becomes"),
    [((19,), Illness.REDCOUGH), ((20, 19), Illness.YELLOWCOUGH), ((20, 20), Illness.GREENCOUGH)],
)
def test_red_or_yellowcough_on_entering_greencough(faces, becomes) -> None:
    white = sick(cat(), Illness.WHITECOUGH, 0)
    assert sunrise(white, 7, ScriptedDice(faces)).sheet.illness is becomes


def test_blackcough_redcough_and_yellowcough_kill_at_their_quarter_moon() -> None:
    for illness, survives in (
        (Illness.BLACKCOUGH, 75),
        (Illness.REDCOUGH, 90),
        (Illness.YELLOWCOUGH, 30),
    ):
        ill = sick(cat(), illness, 0)
        assert sunrise(ill, 1, ScriptedDice([survives - 1])).died
        assert not sunrise(ill, 6, ScriptedDice([survives])).died
        assert sunrise(ill, 7, ScriptedDice([survives])).died


def test_kitten_cough_dies_below_10_is_cured_above_60_or_at_its_quarter_moon() -> None:
    kit = sick(cat(age_moons=5), Illness.KITTEN_COUGH, 0)
    assert sunrise(kit, 1, ScriptedDice([9])).died
    assert sunrise(kit, 1, ScriptedDice([61])).sheet.illness is None
    assert sunrise(kit, 1, ScriptedDice([60])).sheet.illness is Illness.KITTEN_COUGH
    assert sunrise(kit, 7, ScriptedDice([30])).sheet.illness is None


def test_the_cough_season_checks() -> None:
    # Strength 3: 3d6 (2, 2, 2) + 3 = 9 < 10: whitecough.
    assert cough_season(cat(strength=3), 5, ScriptedDice([2, 2, 2])).caught is Illness.WHITECOUGH
    # A kit passes DC 10 (3, 2, 2 + 3 = 10) and fails DC 12 (3, 3, 2 + 3 = 11): kitten-cough.
    kit = cough_season(cat(strength=3, age_moons=8), 5, ScriptedDice([3, 2, 2, 3, 3, 2]))
    assert kit.caught is Illness.KITTEN_COUGH and kit.sheet.illness_day == 5
    well = cough_season(cat(strength=3), 5, ScriptedDice([3, 2, 2]))
    assert well.caught is None and len(well.checks) == 1
    assert cough_season(sick(cat(), Illness.WHITECOUGH, 1), 5, ScriptedDice(())).checks == ()


def test_treatments() -> None:
    white = sick(cat(), Illness.WHITECOUGH, 0)
    assert (
        treat(white, ["Catmint", "borage"], chickweed_for_catmint=False, by_admin=False).illness
        is None
    )
    with pytest.raises(PawpostError, match="needs catmint with tansy or borage"):
        treat(white, ["chickweed", "tansy"], chickweed_for_catmint=False, by_admin=False)
    assert (
        treat(white, ["chickweed", "tansy"], chickweed_for_catmint=True, by_admin=False).illness
        is None
    )
    yellow = sick(cat(), Illness.YELLOWCOUGH, 0)
    assert treat(yellow, ["lungwort"], chickweed_for_catmint=False, by_admin=False).illness is None
    red = sick(cat(), Illness.REDCOUGH, 0)
    with pytest.raises(PawpostError, match="Redcough has no known cure"):
        treat(red, ["lungwort"], chickweed_for_catmint=False, by_admin=True)
    black = sick(cat(), Illness.BLACKCOUGH, 0)
    with pytest.raises(PawpostError, match="only an admin may rule"):
        treat(black, ["white seeds"], chickweed_for_catmint=False, by_admin=False)
    assert treat(black, ["white seeds"], chickweed_for_catmint=False, by_admin=True).illness is None


def test_treatment_in_time_and_too_late() -> None:
    yellow = sick(cat(), Illness.YELLOWCOUGH, 0)
    in_time = treat(yellow, ["lungwort"], chickweed_for_catmint=False, by_admin=False)
    assert in_time.illness is None
    dead = sunrise(yellow, 7, ScriptedDice([50])).sheet
    assert dead.dead
    with pytest.raises(PawpostError, match="no herb can help it now"):
        treat(dead, ["lungwort"], chickweed_for_catmint=False, by_admin=False)
    # Whitecough left a quarter-moon is greencough: the same herbs still cure it.
    green = sunrise(sick(cat(), Illness.WHITECOUGH, 0), 7, ScriptedDice([50, 50])).sheet
    assert (
        treat(green, ["catmint", "tansy"], chickweed_for_catmint=False, by_admin=False).illness
        is None
    )


def test_a_leaders_death_takes_a_life_while_more_than_one_is_left() -> None:
    from rules.wcagr import Rank
    from rules.wcagr.death import dies
    from rules.wcagr.fights import take_hit

    leader = cat(rank=Rank.LEADER, lives=2, strength=3, spirit=3, age_moons=10)  # 18 HP
    revived, life_lost = dies(leader)
    assert life_lost and revived.lives == 1 and revived.hp == 1 and not revived.dead
    last, life_lost = dies(revived)
    assert not life_lost and last.dead
    assert dies(leader, lives_save=False)[0].dead
    # A fight's death roll: 24 HP lost leaves -6 = -(3 + 3): 2d6 (1, 2) = 3 <= 4.
    hit = take_hit(leader, 24, ScriptedDice([1, 2]))
    assert hit.life_lost and hit.sheet.lives == 1 and not hit.died
    # A cough's: greencough d100 < 25 costs a life and ends the illness.
    green = sick(leader, Illness.GREENCOUGH, 0)
    step = sunrise(green, 1, ScriptedDice([3]))
    assert step.sheet.lives == 1 and step.sheet.illness is None and not step.died
    assert step.lines[0] == "dies of greencough (d100 3 < 25), and loses a life: 1 left."
