"""Lives: nine, never regained; the last one asks for confirmation; a Life dodges one round's
scars (book l. 98-103)."""

import pytest

from rules.cat import LastLifeNeedsConfirmation, dodge_round_with_life, spend_life
from rules.errors import PawpostError
from tests.rules.cat.cats import a_cat


def test_a_cat_has_nine_lives_and_spends_them_one_at_a_time() -> None:
    sheet = a_cat()
    assert sheet.lives == 9  # book l. 98
    for left in range(8, 0, -1):
        sheet = spend_life(sheet)
        assert sheet.lives == left
    assert not sheet.dead


def test_the_last_life_needs_confirmation_and_kills() -> None:
    # book l. 76: "if he uses his last Life, he dies"; l. 103 "out for good".
    with pytest.raises(LastLifeNeedsConfirmation):
        spend_life(a_cat(lives=1))
    sheet = spend_life(a_cat(lives=1), confirm_last=True)
    assert sheet.lives == 0
    assert sheet.dead
    with pytest.raises(PawpostError, match=r"^This cat is dead\.$"):
        spend_life(sheet, confirm_last=True)


def test_a_life_dodges_the_scars_of_one_round() -> None:
    assert dodge_round_with_life(a_cat(), 4).lives == 8  # book l. 101


def test_a_life_is_not_spent_on_a_round_without_scars() -> None:
    with pytest.raises(PawpostError) as error:
        dodge_round_with_life(a_cat(), 0)
    assert error.value.message == "This round gave the cat no scars, so there is nothing to dodge."


def test_dodging_with_the_last_life_needs_confirmation() -> None:
    with pytest.raises(LastLifeNeedsConfirmation):
        dodge_round_with_life(a_cat(lives=1), 2)
    assert dodge_round_with_life(a_cat(lives=1), 2, confirm_last=True).dead
