"""Contested rolls outside combat, the belief table, and the tie policy."""

import pytest

from rules.dice import ScriptedDice
from rules.germ import (
    FULL_TRUST,
    Contest,
    Side,
    Stat,
    belief_band,
    contest_outcome,
    roll_contest,
    winner,
)
from tests.rules.germ.cats import cat, rolled


def test_book_example_charisma_18_against_intelligence_8_is_believed_to_extent_10() -> None:
    result = contest_outcome(rolled(12, 6), rolled(5, 3), Stat.CHARISMA)
    assert (result.initiator_roll.total, result.defender_roll.total) == (18, 8)
    assert result.winner is Side.INITIATOR
    assert result.believed
    assert result.margin == 10
    assert result.belief is not None
    assert result.belief.sentence == "Believes but has a small tinge of doubt."
    assert not result.full_trust


def test_a_charisma_tie_is_believed_only_slightly() -> None:
    result = contest_outcome(rolled(10), rolled(10), Stat.CHARISMA)
    assert result.believed
    assert result.margin == 0
    assert result.belief is not None
    assert result.belief.sentence == "Believes only slightly. Still suspicious."


def test_charisma_below_intelligence_is_not_believed() -> None:
    result = contest_outcome(rolled(9), rolled(10), Stat.CHARISMA)
    assert result.winner is Side.DEFENDER
    assert not result.believed
    assert result.belief is None
    assert result.margin == -1


@pytest.mark.parametrize(
    ("extent", "sentence"),
    [
        (0, "Believes only slightly. Still suspicious."),
        (1, "Believes but has a small tinge of doubt."),
        (10, "Believes but has a small tinge of doubt."),
        (11, "Believes with no doubt."),
        (20, "Believes with no doubt."),
        (21, "Fully trusts the words of this individual."),
        (40, "Fully trusts the words of this individual."),
    ],
)
def test_belief_band_edges(extent: int, sentence: str) -> None:
    assert belief_band(extent).sentence.startswith(sentence)


def test_the_full_trust_sentence_names_the_bonus() -> None:
    assert "Subsequent Charisma rolls on this target are at +5 bonus." in belief_band(21).sentence


@pytest.mark.parametrize(("extent", "full_trust"), [(20, False), (21, True)])
def test_full_trust_starts_at_21(extent: int, full_trust: bool) -> None:
    result = contest_outcome(rolled(1, extent), rolled(1), Stat.CHARISMA)
    assert result.margin == extent
    assert result.full_trust is full_trust


def test_a_trusted_speaker_rolls_charisma_at_plus_5() -> None:
    result = roll_contest(
        cat(charisma=3),
        cat(intelligence=4),
        Stat.CHARISMA,
        ScriptedDice([10, 13]),
        initiator_situational=(FULL_TRUST,),
    )
    assert result.initiator_roll.total == 18  # 10 + 3 + 5
    assert result.defender_roll.label == "Intelligence"
    assert result.defender_roll.total == 17
    assert result.believed
    assert result.margin == 1


def test_roll_contest_rolls_the_counter_stat_for_the_defender() -> None:
    result = roll_contest(cat(stealth=5), cat(perception=2), Stat.STEALTH, ScriptedDice([4, 7]))
    assert result.initiator_roll.label == "Stealth"
    assert result.defender_roll.label == "Perception"
    assert (result.initiator_roll.total, result.defender_roll.total) == (9, 9)
    assert not result.hidden  # a tie is spotted


def test_stealth_above_perception_is_hidden() -> None:
    result = contest_outcome(rolled(11), rolled(10), Stat.STEALTH)
    assert result.hidden
    assert result.belief is None


def test_a_stealth_tie_is_spotted() -> None:
    result = contest_outcome(rolled(10), rolled(10), Stat.STEALTH)
    assert result.winner is Side.DEFENDER
    assert not result.hidden


def test_strength_outside_combat_is_a_plain_win_and_a_tie_goes_to_the_defender() -> None:
    assert contest_outcome(rolled(11), rolled(10), Stat.STRENGTH).initiator_won
    tie = contest_outcome(rolled(10), rolled(10), Stat.STRENGTH)
    assert tie.winner is Side.DEFENDER
    assert not tie.believed
    assert not tie.hidden


def test_a_counter_stat_cannot_start_a_contest() -> None:
    with pytest.raises(ValueError, match="counters one"):
        contest_outcome(rolled(10), rolled(10), Stat.AGILITY)


@pytest.mark.parametrize(
    ("contest", "tie_goes_to"),
    [
        (Contest.ATTACK, Side.INITIATOR),
        (Contest.PERSUADE, Side.INITIATOR),
        (Contest.STRENGTH, Side.DEFENDER),
        (Contest.SNEAK, Side.DEFENDER),
        (Contest.RUN, Side.DEFENDER),
    ],
)
def test_the_tie_policy(contest: Contest, tie_goes_to: Side) -> None:
    assert winner(contest, 12, 12) is tie_goes_to
    assert winner(contest, 13, 12) is Side.INITIATOR
    assert winner(contest, 11, 12) is Side.DEFENDER
