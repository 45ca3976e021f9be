"""Every number of part 1, as the book (or RULINGS) gives it."""

from rules.caverns import constants as c


def test_dice_and_bands() -> None:
    assert (c.DICE_PER_ROLL, c.DIE_SIDES) == (2, 6)  # l. 60
    assert c.DEFAULT_DIFFICULTY == 7  # l. 64
    assert (c.STRONG_HIT, c.WEAK_HIT) == (10, 7)


def test_creation_numbers() -> None:
    assert (c.ATTRIBUTE_MIN, c.ATTRIBUTE_MAX) == (-3, 3)
    assert c.ATTRIBUTE_ARRAY == (2, 1, 1, 0, -1)
    assert c.STARTING_HARMONY == 3
    assert (c.RACE_BONUS, c.EXTRA_BONUS) == (1, 1)
    assert (c.STARTING_LEVEL, c.STARTING_EXPERIENCE) == (1, 0)
    assert (c.ADVANCED_SKILLS_AT_START, c.SKILLS_AT_START) == (1, 4)


def test_starting_kit() -> None:
    assert (c.STARTING_TORCHES, c.STARTING_RATIONS, c.STARTING_GOLD) == (3, 10, 100)
    assert c.BARD_EXTRA_GOLD == 100


def test_race_numbers() -> None:
    assert c.ASLARAN_FLEE_FLOOR == 7
    assert c.DWARF_DRUNK_VITAE == 1
    assert c.ELFEN_LONG_REST_HARMONY == 3
    assert c.HUMAN_SHORT_REST_HARMONY == 2
    assert c.ILLITHOID_VITAE == 1
    assert (c.KEPHERA_ARMOUR, c.LOBOSHIGARU_ARMOUR, c.LOBOSHIGARU_ARMOUR_BLOCKS) == (1, 1, 5)
    assert c.LUCIDIAN_SUNLIGHT_REDUCTION == 1
    assert c.ORCLACH_HEALTH_PER_KILL == 1


def test_battle_and_armour_numbers() -> None:
    assert (c.BATTLE_HIT, c.BATTLE_SAFE) == (5, 8)
    assert (c.ASSAULT_FLOURISHES_ON_DOUBLES, c.FLOURISHES_PER_ATTACK) == (2, 1)
    assert c.ADVANCE_STRONG_DAMAGE == 1
    assert c.ARMOUR_BLOCKS == 3
    assert (c.HEAVY_ARMOUR_ALLOWANCE, c.HEAVY_ARMOUR_DAMAGE_PENALTY) == (3, 1)
    assert c.IMMOBILE_ARMOUR_ALLOWANCE == 7
    assert c.OFF_HAND_DAMAGE_PENALTY == 1
    assert c.MIN_MAX_HEALTH == 1


def test_market_numbers() -> None:
    assert (c.MARKET_PRICE_STEP, c.MARKET_PRICE_STEP_PENALTY) == (100, 1)
    assert c.OUTRAGEOUS_PRICE_FACTOR == 10
    assert c.RARE_BAND_STEPS == 1


def test_rest_numbers() -> None:
    assert (c.SHORT_REST_HARMONY, c.SHORT_REST_TORCHES, c.SHORT_REST_RATIONS) == (1, 1, 1)
    assert (c.LONG_REST_WEAK_VITAE, c.LONG_REST_HARMONY) == (1, 0)
    assert (c.MAX_RATIONS_CARRIED, c.MAX_TORCHES_CARRIED) == (10, 3)
    assert c.MAKE_CAMP_BONUS == 3
    assert (c.EXPERIENCE_QUESTIONS_COUNT, c.EXPERIENCE_PER_QUESTION) == (3, 1)
    assert c.LEVEL_UP_EXPERIENCE_OFFSET == 3
    assert c.ADVANCED_SKILLS_PER_LEVEL == 1
    assert c.VITAE_PER_DEATH == 1


def test_harmony_numbers() -> None:
    assert (c.HARMONY_SKILL_COST, c.HARMONY_SKILL_FLOOR, c.HARMONY_BENEFIT_STEP) == (1, -3, 5)
    assert c.SKILL_HARMONY_COST == 1


def test_skill_numbers() -> None:
    assert c.PATRON_TOTEM_VITAE == 2
    assert c.MOON_SHIFT == 1
    assert c.TWIST_FATE_DICE == 2
    assert c.TRANSMUTE_VITAE_COST == 1
    assert c.IMMUNITY_POISON_ROLL == 4
    assert c.SICK_BEAT_CONDITIONS == 3


def test_condition_numbers() -> None:
    assert (c.ABLAZE_DIFFICULTY, c.ABLAZE_DAMAGE) == (5, 1)
    assert c.BLIND_ATTACK_PENALTY == 3
    assert c.BOUND_DIFFICULTY == 9
    assert c.CLUMSINESS_PENALTY == 3
    assert (c.CONFUSED_DIFFICULTY, c.DISLOYALTY_DIFFICULTY) == (7, 7)
    assert (c.FATIGUE_DIFFICULTY, c.SICKNESS_DIFFICULTY, c.SLEEPING_DIFFICULTY) == (7, 7, 7)
    assert c.ETERNAL_SLEEP_DIFFICULTY == 10
    assert c.ROLLS_TO_CURE == 3
    assert c.PRONE_PENALTY == 3
    assert c.SENSITIVITY_EXTRA_LOSS == 1
    assert c.SLEEPING_DAMAGE == 0
    assert c.CONCEALED_SPOT_DIFFICULTY == 10
