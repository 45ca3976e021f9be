"""Every number of WCAGR part 1, as the book (and RULINGS) gives it."""

from rules.wcagr import constants as c


def test_ability_numbers() -> None:  # book l.24
    assert (c.ABILITY_MIN, c.ABILITY_MAX, c.CREATION_ABILITY_POINTS) == (1, 10, 5)


def test_ten_moon_numbers() -> None:  # book l.24, l.229
    assert c.TEN_MOONS == 10
    assert c.STARTING_KNACKS == 3


def test_skill_numbers() -> None:  # book l.32-33
    assert (c.SKILL_MIN, c.SKILL_MAX) == (0, 5)
    assert (c.STARTING_SKILLS, c.STARTING_SKILL_LEVEL) == (3, 1)


def test_clan_bonus_numbers() -> None:  # book l.73-96
    assert (c.CLAN_ABILITY_BONUS, c.CLAN_DOUBLE_ABILITY_BONUS, c.CLAN_SKILL_BONUS) == (1, 2, 1)
    assert (c.LONER_ONE_ABILITY_BONUS, c.LONER_TWO_ABILITIES_BONUS, c.LONER_SKILL_BONUS) == (
        2,
        1,
        1,
    )


def test_age_numbers() -> None:  # RULINGS; book l.161, l.222, l.432
    assert c.DEFAULT_AGE_MOONS == 10
    assert c.MAX_CREATION_AGE_MOONS == 70
    assert (c.AGE_TABLE_FIRST_MOON, c.AGE_TABLE_LAST_MOON) == (11, 70)
    assert c.RETIREMENT_AGE_MOONS == 71
    assert (c.AGE_ABILITY_CHANGE, c.AGE_SKILL_POINTS) == (1, 1)


def test_hp_numbers() -> None:  # book l.421, l.423
    assert c.HP_BASE == 5
    assert c.KNOCKED_OUT_AT_HP == 0


def test_check_numbers() -> None:  # book l.22
    assert (c.CHECK_DICE, c.CHECK_DIE_SIDES) == (3, 6)
    assert c.CRITICAL_MATCHES == 2
    assert (c.CRITICAL_FAILURE_FACE, c.CRITICAL_SUCCESS_FACE) == (1, 6)


def test_point_numbers() -> None:  # book l.224-226
    assert c.BONUS_PER_POINT_SPENT == 1
    assert (c.CONVERSION_POINTS_PAID, c.CONVERSION_POINTS_GAINED) == (2, 1)


def test_sprain_number() -> None:  # book l.464
    assert c.SPRAIN_REST_SUNRISES == 3


def test_knack_numbers() -> None:  # book l.51, 249, 259, 275, 293-300, 307, 318, 334
    assert (c.LAUNCH_MOST_USES, c.LEAP_MOST_USES) == (4, 4)
    assert (c.LAUNCH_FIRST_DISTANCE, c.LAUNCH_EXTRA_DISTANCE, c.LEAP_EXTRA_DISTANCE) == (2, 1, 1)
    assert (c.POUNCE_REACH_BODY_LENGTHS, c.SPRING_HEIGHT_MULTIPLIER) == (2, 2)
    assert c.DASH_DISTANCE_MULTIPLIER == 2
    assert (c.MIGHTY_SWAT_EXTRA_DAMAGE, c.BELLY_RAKE_EXTRA_DAMAGE) == (1, 1)
    assert c.PATHFINDER_FACTS_PER_PICK == 1
    assert (c.HERB_LORE_KEEPING_PICKS, c.HERB_KEEPING_MULTIPLIER) == (3, 2)
    assert (c.FRESH_HERB_DAYS, c.DRIED_HERB_DAYS) == (7, 14)


def test_rank_numbers() -> None:  # book l.107-158; RULINGS
    assert c.LEADER_LIVES == 9
    assert (c.LEADERS_PER_CLAN, c.DEPUTIES_PER_CLAN) == (1, 1)
    assert (c.MOST_ELITES, c.MOST_SEERS, c.MOST_SILVERBLOODS, c.MOST_MEDICINE_CATS) == (5, 2, 2, 2)
    assert c.HEALERS_PER_TRIBE == 1
    assert (c.SEER_USUAL_AGE_MOONS, c.WARRIOR_USUAL_AGE_MOONS) == (6, 12)
    assert (c.APPRENTICE_USUAL_AGE_MOONS, c.KIT_USUAL_AGE_MOONS, c.TO_BE_AGE_MOONS) == (6, 6, 8)


def test_dice_reading_numbers() -> None:  # book l.17-18
    assert (c.PERCENTILE_DIE_SIDES, c.PERCENTILE_TENS, c.PERCENTILE_DOUBLE_ZERO) == (10, 10, 100)
    assert c.D3_FROM_D6_DIVISOR == 2
