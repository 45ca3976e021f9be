"""Every number of the Germ rule book, as the book gives it."""

from rules.germ import constants as c


def test_creation_numbers() -> None:
    assert c.POINTS_TO_SPEND == 22
    assert c.MAX_POINTS_IN_STAT == 8
    assert c.SPECIALIZED_POINTS == 5
    assert c.DIE_SIDES == 20


def test_age_numbers() -> None:
    assert c.KIT_MAX_AGE_MOONS == 6
    assert c.ELDER_MIN_AGE_MOONS == 120


def test_penalty_numbers() -> None:
    assert c.KIT_PENALTY == 10
    assert c.ELDER_PENALTY == 5
    assert c.BLIND_PENALTY == 2
    assert c.BLIND_STEALTH_PENALTY == 5
    assert c.NO_SENSE_OF_SMELL_PENALTY == 4
    assert c.LOST_LIMB_PENALTY == 3
    assert c.NO_TAIL_PENALTY == 5
    assert c.STARVING_STRENGTH_PENALTY == 4
    assert c.STARVING_AGILITY_PENALTY == 3


def test_situational_numbers() -> None:
    assert c.HIDING_IN_COMBAT_PENALTY == 5
    assert c.BADLY_WOUNDED_PENALTY == 5
    assert c.FULL_TRUST_BONUS == 5


def test_power_table_numbers() -> None:
    assert (
        c.GRAZE_POWER,
        c.SCRATCH_POWER,
        c.MODERATE_POWER,
        c.SCAR_POWER,
        c.BADLY_WOUNDED_POWER,
        c.DISABILITY_POWER,
    ) == (0, 1, 6, 11, 16, 21)


def test_belief_table_numbers() -> None:
    assert (
        c.SLIGHT_BELIEF_EXTENT,
        c.DOUBTFUL_BELIEF_EXTENT,
        c.NO_DOUBT_EXTENT,
        c.FULL_TRUST_EXTENT,
    ) == (0, 1, 11, 21)


def test_hunting_numbers() -> None:
    assert c.HUNT_FIND_DC == 5
    assert c.HUNT_FIND_DC_LEAF_BARE == 10
    assert c.HUNT_CATCH_DC == 8
    assert c.FAILS_TO_STARVE == 3
    assert c.FAILS_TO_STARVE_NURSING == 2
    assert c.NURSING_KIT_MAX_AGE_MOONS == 2
