"""One scar heals per game week, the player picking which; a lost rank never comes back
(book l. 44, RULINGS)."""

import pytest

from rules.cat import CatSheet, Rank, Trait, heal_scar, on_game_day, place_scars
from rules.errors import PawpostError
from tests.rules.cat.cats import a_cat


def scarred(day: int = 3) -> CatSheet:
    """Two scars in Claws, one in Face, taken on `day`."""
    return place_scars(a_cat(), 3, {Trait.CLAWS: 2, Trait.FACE: 1}, today=day).sheet


def test_the_week_starts_on_the_day_of_the_first_scar() -> None:
    sheet = scarred(day=3)
    assert sheet.healing_since_day == 3
    later = place_scars(sheet, 1, {Trait.COAT: 1}, today=5).sheet
    assert later.healing_since_day == 3  # the week already running goes on


def test_a_scar_is_due_after_seven_game_days_not_six() -> None:
    sheet = scarred(day=3)
    assert on_game_day(sheet, 9).heals_due == 0
    week = on_game_day(sheet, 10)
    assert week.heals_due == 1
    assert week.healing_since_day == 10


def test_the_player_picks_the_scar() -> None:
    sheet = on_game_day(scarred(day=3), 10)
    healed = heal_scar(sheet, Trait.FACE, today=10)
    assert healed.scars(Trait.FACE) == 0
    assert healed.scars(Trait.CLAWS) == 2
    assert healed.heals_due == 0
    with pytest.raises(PawpostError) as error:
        heal_scar(healed, Trait.CLAWS, today=10)
    assert error.value.message == "No scar is due to heal yet; a cat heals one scar per game week."


def test_a_cat_without_scars_is_told_so_not_that_none_is_due_yet() -> None:
    # The audit's session: three scars dropped Legs to Hurt and were cleared with the rank, and
    # /heal said "No scar is due to heal yet".
    dropped = place_scars(a_cat(), 3, {Trait.LEGS: 3}, today=3).sheet
    assert dropped.total_scars == 0
    for due_only in (True, False):
        with pytest.raises(PawpostError) as error:
            heal_scar(dropped, Trait.LEGS, today=10, due_only=due_only)
        assert error.value.message == "The cat has no scars to heal."


def test_a_trait_without_scars_cannot_be_picked() -> None:
    sheet = on_game_day(scarred(day=3), 10)
    with pytest.raises(PawpostError) as error:
        heal_scar(sheet, Trait.LEGS, today=10)
    assert error.value.message == "Legs has no scars to heal."


def test_the_day_tick_survives_a_restart_and_never_counts_twice() -> None:
    sheet = scarred(day=3)
    once = on_game_day(sheet, 17)
    assert once.heals_due == 2
    stored = CatSheet.model_validate_json(once.model_dump_json())  # the bot restarts
    assert on_game_day(stored, 17) == once
    assert on_game_day(stored, 23).heals_due == 2
    assert on_game_day(stored, 24).heals_due == 3


def test_heals_due_never_exceed_the_scars() -> None:
    sheet = on_game_day(scarred(day=3), 3 + 7 * 10)
    assert sheet.heals_due == 3


def test_healing_every_scar_stops_the_week_and_a_new_scar_restarts_it() -> None:
    sheet = on_game_day(scarred(day=3), 24)
    for trait in (Trait.CLAWS, Trait.CLAWS, Trait.FACE):
        sheet = heal_scar(sheet, trait, today=24)
    assert sheet.total_scars == 0
    assert (sheet.heals_due, sheet.healing_since_day) == (0, None)
    assert on_game_day(sheet, 40) == sheet
    again = place_scars(sheet, 1, {Trait.LEGS: 1}, today=41).sheet
    assert again.healing_since_day == 41


def test_healing_never_restores_a_lost_rank() -> None:
    dropped = place_scars(a_cat(), 4, {Trait.COAT: 4}, today=0).sheet
    assert (dropped.rank(Trait.COAT), dropped.scars(Trait.COAT)) == (Rank.HURT, 1)
    healed = heal_scar(on_game_day(dropped, 7), Trait.COAT, today=7)
    assert (healed.rank(Trait.COAT), healed.scars(Trait.COAT)) == (Rank.HURT, 0)


def test_scars_cleared_by_a_drop_take_their_heals_due_with_them() -> None:
    sheet = on_game_day(place_scars(a_cat(), 2, {Trait.COAT: 2}, today=0).sheet, 14)
    assert sheet.heals_due == 2
    dropped = place_scars(sheet, 1, {Trait.COAT: 1}, today=14).sheet
    assert dropped.total_scars == 0
    assert (dropped.heals_due, dropped.healing_since_day) == (0, None)


def test_an_admin_may_heal_a_scar_that_is_not_due() -> None:
    healed = heal_scar(scarred(day=3), Trait.CLAWS, today=4, due_only=False)
    assert healed.scars(Trait.CLAWS) == 1


def test_a_dead_cat_does_not_heal() -> None:
    dead = scarred().model_copy(update={"lives": 0})
    assert on_game_day(dead, 100) == dead
    with pytest.raises(PawpostError, match=r"^This cat is dead\.$"):
        heal_scar(dead, Trait.CLAWS, today=100, due_only=False)
