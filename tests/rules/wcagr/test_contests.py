"""Two checks against each other: criticals first, then totals; ties to the defender."""

from rules.dice import ScriptedDice
from rules.wcagr import CheckResult, Side, Skill, contest_winner, roll_check
from tests.rules.wcagr.cats import cat


def check(faces: tuple[int, int, int], spirit: int = 3) -> CheckResult:
    return roll_check(cat(spirit=spirit), ScriptedDice(faces), skill=Skill.HISS)


def test_the_higher_total_wins() -> None:
    assert contest_winner(check((5, 4, 3)), check((2, 3, 4))) is Side.INITIATOR
    assert contest_winner(check((2, 3, 4)), check((5, 4, 3))) is Side.DEFENDER


def test_a_tie_goes_to_the_defender() -> None:  # RULINGS, general
    assert contest_winner(check((2, 3, 4)), check((3, 3, 3))) is Side.DEFENDER


def test_a_tie_can_go_to_the_initiator_where_the_rule_says_equal_or_higher() -> None:
    tie = contest_winner(check((2, 3, 4)), check((3, 3, 3)), initiator_wins_ties=True)
    assert tie is Side.INITIATOR


def test_a_critical_success_beats_a_higher_normal_result() -> None:
    low_critical = check((6, 6, 1), spirit=1)  # 14, critical success
    high = check((5, 5, 5), spirit=10)  # 25
    assert contest_winner(low_critical, high) is Side.INITIATOR
    assert contest_winner(high, low_critical) is Side.DEFENDER


def test_a_critical_failure_always_loses() -> None:
    high_fumble = check((1, 1, 6), spirit=10)  # 18, critical failure
    low = check((1, 2, 3), spirit=1)  # 7
    assert contest_winner(high_fumble, low) is Side.DEFENDER
    assert contest_winner(low, high_fumble) is Side.INITIATOR
    assert contest_winner(check((6, 6, 6)), high_fumble) is Side.INITIATOR


def test_two_criticals_of_the_same_kind_compare_totals() -> None:
    assert contest_winner(check((6, 6, 6)), check((6, 6, 1))) is Side.INITIATOR
    assert contest_winner(check((1, 1, 1)), check((1, 1, 2))) is Side.DEFENDER
    assert contest_winner(check((1, 1, 2)), check((1, 1, 2))) is Side.DEFENDER
