"""Ability points: pools that hold the score, spending, the 2:1 conversion, the refresh."""

import pytest

from rules.errors import PawpostError
from rules.wcagr import Ability, Points, convert, pay, refresh, spend
from tests.rules.wcagr.cats import cat

STR, INT, SPI = Ability.STRENGTH, Ability.INTELLIGENCE, Ability.SPIRIT


def test_a_full_pool_holds_the_score() -> None:
    sheet = cat(strength=4, intelligence=2, spirit=3)
    assert sheet.points == Points(strength=4, intelligence=2, spirit=3)


def test_spending_takes_from_the_pool() -> None:
    sheet = spend(cat(strength=4), STR, 3)
    assert (sheet.points_left(STR), sheet.score(STR)) == (1, 4)


def test_spending_everything_leaves_0() -> None:
    assert spend(cat(spirit=3), SPI, 3).points_left(SPI) == 0


def test_an_overspend_is_refused() -> None:
    with pytest.raises(PawpostError) as refused:
        spend(cat(strength=4, points={STR: 2}), STR, 3)
    assert refused.value.message == (
        "That needs 3 Strength points but only 2 are left; convert other points or wait for "
        "the GM's refresh."
    )


def test_an_overspend_with_one_left_says_is() -> None:
    with pytest.raises(PawpostError, match=r"^That needs 2 Spirit points but only 1 is left;"):
        spend(cat(points={SPI: 1}), SPI, 2)


def test_a_negative_spend_is_refused() -> None:
    with pytest.raises(PawpostError) as refused:
        spend(cat(), STR, -1)
    assert refused.value.message == "Points cannot be spent in negative numbers; you gave -1."


def test_paying_is_all_or_nothing() -> None:
    sheet = cat(strength=4, intelligence=1)
    with pytest.raises(PawpostError, match="2 Intelligence points but only 1 is left"):
        pay(sheet, {STR: 2, INT: 2})
    paid = pay(sheet, {STR: 2, INT: 1, SPI: 0})
    assert paid.points == Points(strength=2, intelligence=0, spirit=3)


def test_book_example_one_strength_and_one_spirit_become_one_intelligence() -> None:  # l.226
    sheet = cat(strength=3, intelligence=3, spirit=3, points={INT: 0})
    converted = convert(sheet, (STR, SPI), INT)
    assert converted.points == Points(strength=2, intelligence=1, spirit=2)


def test_two_of_a_single_kind_become_one() -> None:  # l.226: "2 of a single kind"
    sheet = cat(strength=3, intelligence=3, spirit=3, points={INT: 0})
    assert convert(sheet, (STR,), INT).points == Points(strength=1, intelligence=1, spirit=3)
    assert convert(sheet, (SPI, SPI), INT).points == Points(strength=3, intelligence=1, spirit=1)


def test_conversion_works_both_ways() -> None:
    sheet = cat(strength=4, intelligence=4, spirit=1)
    there = convert(sheet, (STR,), INT)
    back = convert(there, (INT,), STR)
    assert there.points == Points(strength=2, intelligence=5, spirit=1)
    assert back.points == Points(strength=3, intelligence=3, spirit=1)


def test_converted_points_may_pass_the_score_until_the_refresh() -> None:  # RULINGS
    sheet = convert(cat(strength=5, intelligence=2), (STR,), INT)
    assert (sheet.points_left(INT), sheet.score(INT)) == (3, 2)
    assert refresh(sheet).points_left(INT) == 2


def test_a_point_cannot_be_converted_into_its_own_kind() -> None:
    with pytest.raises(PawpostError) as refused:
        convert(cat(), (STR, INT), STR)
    assert refused.value.message == "A Strength point cannot be converted into a Strength point."


@pytest.mark.parametrize("named", [(), (STR, INT, SPI)])
def test_conversion_names_one_or_two_abilities(named: tuple[Ability, ...]) -> None:
    with pytest.raises(PawpostError) as refused:
        convert(cat(), named, SPI)
    assert refused.value.message == (
        "Convert from one ability (2 points of it) or from two (1 point of each); "
        f"you named {len(named)}."
    )


def test_conversion_needs_the_points_it_pays() -> None:
    with pytest.raises(PawpostError, match="That needs 2 Strength points but only 1 is left"):
        convert(cat(points={STR: 1}), (STR,), INT)
    with pytest.raises(PawpostError, match="That needs 1 Spirit point but only 0 are left"):
        convert(cat(points={SPI: 0}), (STR, SPI), INT)


def test_a_refresh_restores_every_pool_but_not_hp() -> None:  # l.225, l.419
    sheet = cat(strength=4, intelligence=2, spirit=3, points={STR: 0, INT: 1, SPI: 0}, hp_lost=5)
    refreshed = refresh(sheet)
    assert refreshed.points == Points(strength=4, intelligence=2, spirit=3)
    assert refreshed.hp_lost == 5
