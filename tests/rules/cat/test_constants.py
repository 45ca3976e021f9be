"""Every number of the book and of RULINGS' Cat section, as they give it."""

from rules.cat import constants as c


def test_the_roll() -> None:
    assert c.DIE_SIDES == 6  # l. 15
    assert (c.EASY_EVENS, c.MODERATE_EVENS, c.HARD_EVENS) == (1, 2, 3)  # l. 17-19


def test_dice_per_rank() -> None:
    assert (
        c.LEGENDARY_DICE,
        c.BEST_DICE,
        c.STRONG_DICE,
        c.GOOD_DICE,
        c.HURT_DICE,
        c.CRIPPLED_DICE,
    ) == (6, 5, 4, 3, 2, 0)


def test_a_new_cat() -> None:
    assert (c.NEW_CAT_BEST_TRAITS, c.NEW_CAT_STRONG_TRAITS, c.NEW_CAT_GOOD_TRAITS) == (1, 3, 2)
    assert c.NEW_CAT_REPUTATION_POINTS == 7
    assert c.NEW_CAT_MAX_REPUTATION_RANK == 3
    assert c.NEW_CAT_STYLE == 0
    assert c.LIVES == 9  # l. 98


def test_lives_reputation_scars_and_death() -> None:
    assert c.LIVES_PER_USE == 1  # l. 100-101, 188
    assert c.MAX_REPUTATIONS == 5  # l. 80
    assert c.MAX_REPUTATION_RANK == 5  # l. 80
    assert c.MIN_REPUTATION_RANK == 1
    assert c.REPUTATION_POINTS_LOST == 1  # l. 88
    assert c.GRANT_DIVISOR == 2  # l. 94
    assert c.MIN_GRANTED_RANK == 1
    assert c.MAX_REPUTATION_NAME_LENGTH == 32
    assert c.SCARS_PER_RANK == 3  # l. 39
    assert c.SCARS_HEALED_PER_WEEK == 1  # l. 44
    assert c.GAME_DAYS_PER_WEEK == 7
    assert (c.CRIPPLED_TRAITS_IN_DANGER, c.CRIPPLED_TRAITS_TO_DIE) == (3, 4)  # l. 76


def test_style_and_magic() -> None:
    assert c.STYLE_PER_SURPLUS_EVEN == 1  # l. 113
    assert c.AUTOMATIC_EVENS_PER_STYLE == 1  # l. 115
    assert c.BASE_MAGIC_POINTS == 5  # l. 128
    assert c.MIN_MAGIC_POINTS_PER_TRICK == 1  # l. 128
    assert c.ADVANTAGE_DICE_PER_EXTRA_MAGIC_POINT == 1  # l. 128
    assert c.MAGIC_POINTS_PER_HOUR_OF_SLEEP == 1  # l. 132
    assert (c.TRICK_EVENS_GOOD, c.TRICK_EVENS_STRONG, c.TRICK_EVENS_BEST) == (1, 2, 3)
    assert c.BAUBLE_CURSE_RISKS == 3  # l. 138


def test_the_tricks_numbers() -> None:
    assert (c.FALL_FEET_GOOD, c.FALL_FEET_STRONG, c.FALL_FEET_BEST) == (20, 40, 70)  # l. 159-161
    assert c.DINNER_DANCE_CIRCLES == 3  # l. 179
    assert c.DREAM_BITE_BITES == (2, 3)  # l. 182
    assert c.WHAMMY_MINUTES_DIE == 3  # l. 185


def test_dream_changes() -> None:
    assert (
        c.CHANGE_YOURSELF_EVENS,
        c.CHANGE_SOMETHING_ELSE_EVENS,
        c.ALTER_SOMETHING_ELSE_EVENS,
        c.CREATE_OR_DESTROY_EVENS,
        c.CHANGE_ONE_PLACE_EVENS,
    ) == (1, 2, 3, 4, 5)  # l. 194-210


def test_a_pool_holds_at_most_100_dice() -> None:
    assert c.MAX_POOL_DICE == 100
