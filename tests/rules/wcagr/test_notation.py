"""The book's ways of reading d100, d3 and d2 from other dice (l.17-18)."""

import pytest

from rules.errors import PawpostError
from rules.wcagr import d2_from_die, d3_from_d6, percentile_from_d10s


def test_book_example_7_and_1_is_71() -> None:  # l.17
    assert percentile_from_d10s(7, 1) == 71


def test_book_example_two_0s_are_100() -> None:  # l.17
    assert percentile_from_d10s(0, 0) == 100


def test_book_example_a_tens_die_numbered_in_tens() -> None:  # l.17: "70 and 1 is 71"
    assert percentile_from_d10s(70, 1) == 71
    assert percentile_from_d10s(0, 0) == 100  # "00 and 0 is 100"
    assert percentile_from_d10s(90, 9) == 99
    assert percentile_from_d10s(0, 5) == 5


def test_every_reading_is_1_to_100_once() -> None:
    readings = sorted(percentile_from_d10s(t, o) for t in range(10) for o in range(10))
    assert readings == list(range(1, 101))


@pytest.mark.parametrize(("tens", "ones"), [(11, 0), (0, 10), (-1, 3)])
def test_a_face_a_d10_cannot_show_is_refused(tens: int, ones: int) -> None:
    with pytest.raises(PawpostError, match="is not a face"):
        percentile_from_d10s(tens, ones)


def test_d3_is_a_d6_halved_and_rounded_up() -> None:  # l.18
    assert [d3_from_d6(face) for face in range(1, 7)] == [1, 1, 2, 2, 3, 3]


def test_d2_is_odd_or_even() -> None:  # l.18
    assert [d2_from_die(face, 6) for face in range(1, 7)] == [1, 2, 1, 2, 1, 2]
    assert [d2_from_die(face, 20) for face in (19, 20)] == [1, 2]


def test_d2_by_the_books_alternative_is_2_above_half_the_die() -> None:  # l.18
    assert [d2_from_die(face, 6, by_half=True) for face in range(1, 7)] == [1, 1, 1, 2, 2, 2]
    assert [d2_from_die(face, 20, by_half=True) for face in (10, 11)] == [1, 2]
