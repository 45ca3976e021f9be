"""Reputation after creation: granting at half value, losing a point for acting against one
unless set right the same game day (book l. 80-94, RULINGS)."""

import pytest

from rules.cat import (
    Difficulty,
    ReputationLoss,
    Trait,
    act_against,
    give_back_point,
    grant_reputation,
    granted_rank,
    lose_reputation_point,
    set_right,
    settle_reputations,
    take_risk,
)
from rules.dice import ScriptedDice
from rules.errors import PawpostError
from tests.rules.cat.cats import a_cat


@pytest.mark.parametrize(("rank", "granted"), [(1, 1), (2, 1), (3, 1), (4, 2), (5, 2)])
def test_a_granted_reputation_is_half_rounded_down_at_least_1(rank: int, granted: int) -> None:
    assert granted_rank(rank) == granted  # book l. 94, RULINGS


def test_a_witness_grants_a_new_reputation_and_keeps_its_own() -> None:
    granter = a_cat(reputations={"Brave": 5})
    receiver = a_cat(reputations={"Sly": 2})
    granted = grant_reputation(receiver, granter, from_reputation="brave", name=" Fearless ")
    assert granted.sheet.reputations == {"Sly": 2, "Fearless": 2}
    assert (granted.name, granted.rank, granted.granted_from) == ("Fearless", 2, "Brave")
    assert granter.reputations == {"Brave": 5}


def test_a_new_reputation_adds_its_rank_in_dice() -> None:
    receiver = grant_reputation(
        a_cat(reputations={}), a_cat(reputations={"Brave": 4}), from_reputation="Brave", name="Bold"
    ).sheet
    dice = ScriptedDice([1, 1, 1, 1, 1, 2])  # Good Coat 3 + Bold 2 = 5 dice, one face left
    taken = take_risk(receiver, Trait.COAT, Difficulty.EASY, dice, reputation="Bold")
    assert len(taken.result.roll.dice) == 5
    assert dice.remaining == 1


def test_granting_refusals() -> None:
    five = {name: 1 for name in ("A", "B", "C", "D", "E")}
    cases = [
        (a_cat(), a_cat(), "Kind", "Bold", "The granting cat has no Reputation called Kind."),
        (
            a_cat(reputations=five),
            a_cat(),
            "Brave",
            "Bold",
            "The receiving cat already has 5 Reputations, the most a cat can have.",
        ),
        (
            a_cat(reputations={"Bold": 1}),
            a_cat(),
            "Brave",
            "BOLD",
            "The receiving cat already has the Reputation BOLD.",
        ),
        (a_cat(), a_cat(lives=0), "Brave", "Bold", "The granting cat is dead."),
        (a_cat(lives=0), a_cat(), "Brave", "Bold", "The receiving cat is dead."),
        (a_cat(), a_cat(), "Brave", " ", "A Reputation needs a name."),
    ]
    for receiver, granter, source, name, sentence in cases:
        with pytest.raises(PawpostError) as error:
            grant_reputation(receiver, granter, from_reputation=source, name=name)
        assert error.value.message == sentence


def test_acting_against_a_reputation_costs_a_point_at_the_next_game_day() -> None:
    # book l. 88: "he loses a point of that Reputation"; RULINGS: the same game day.
    sheet = act_against(a_cat(), "brave", today=4)
    assert sheet.reputations_at_risk == {"Brave": 4}
    same_day = settle_reputations(sheet, today=4)
    assert same_day.losses == ()
    settled = settle_reputations(sheet, today=5)
    assert settled.sheet.reputations == {"Brave": 2, "Sly": 2}
    assert settled.sheet.reputations_at_risk == {}
    assert settled.losses == (ReputationLoss(name="Brave", before=3, after=2),)
    assert settle_reputations(settled.sheet, today=5).losses == ()


def test_setting_it_right_the_same_game_day_keeps_the_point() -> None:
    sheet = set_right(act_against(a_cat(), "Brave", today=4), "Brave", today=4)
    assert sheet.reputations_at_risk == {}
    assert settle_reputations(sheet, today=5).sheet.reputations == {"Brave": 3, "Sly": 2}


def test_setting_right_refusals() -> None:
    at_risk = act_against(a_cat(), "Brave", today=4)
    with pytest.raises(PawpostError) as error:
        set_right(at_risk, "Brave", today=5)
    assert error.value.message == (
        "Brave had to be set right on the game day the cat acted against it."
    )
    with pytest.raises(PawpostError) as error:
        set_right(at_risk, "Sly", today=4)
    assert error.value.message == "Sly is not at risk, so there is nothing to set right."
    with pytest.raises(PawpostError) as error:
        act_against(a_cat(), "Kind", today=4)
    assert error.value.message == "The cat has no Reputation called Kind."


def test_acting_against_it_twice_keeps_the_first_day() -> None:
    sheet = act_against(act_against(a_cat(), "Brave", today=4), "Brave", today=5)
    assert sheet.reputations_at_risk == {"Brave": 4}


def test_a_reputation_losing_its_last_point_is_gone() -> None:
    lost = lose_reputation_point(a_cat(reputations={"Sly": 1, "Brave": 2}), "Sly")
    assert lost.sheet.reputations == {"Brave": 2}
    assert lost.losses[0].gone
    at_risk = act_against(a_cat(reputations={"Sly": 1}), "Sly", today=1)
    assert settle_reputations(at_risk, today=2).sheet.reputations == {}


def test_the_narrator_may_take_a_point_at_once() -> None:
    # book l. 90: "The Narrator is the final judge".
    lost = lose_reputation_point(act_against(a_cat(), "Brave", today=1), "Brave")
    assert lost.sheet.reputations["Brave"] == 2
    assert lost.sheet.reputations_at_risk == {}
    assert not lost.losses[0].gone


def test_d10_a_second_ruling_the_same_day_costs_a_second_point() -> None:
    # Audit D10: the second ruling was dropped. Book l. 88: each action against it costs a point.
    twice = act_against(act_against(a_cat(), "Brave", today=4), "Brave", today=4)
    assert twice.reputations_at_risk == {"Brave": 4} and twice.times_at_risk == {"Brave": 2}
    settled = settle_reputations(twice, today=5)
    assert settled.losses == (ReputationLoss(name="Brave", before=3, after=1),)
    assert settled.sheet.times_at_risk == {}
    once_set_right = set_right(twice, "Brave", today=4)
    assert once_set_right.times_at_risk == {}
    assert settle_reputations(once_set_right, today=5).sheet.reputations["Brave"] == 2
    thrice = act_against(twice, "Brave", today=4)
    with pytest.raises(PawpostError) as error:
        act_against(thrice, "Brave", today=4)
    assert error.value.message == "Brave already stands to lose all its 3 points today."


def test_b2_the_narrator_gives_back_a_point_lost() -> None:
    # Book l. 90: the Narrator is the final judge of when a cat may restore his Reputation.
    lost = settle_reputations(act_against(a_cat(), "Brave", today=1), today=2).sheet
    assert lost.reputation_points_lost == {"Brave": 1}
    back = give_back_point(lost, "brave")
    assert back.reputations["Brave"] == 3 and back.reputation_points_lost == {}
    with pytest.raises(PawpostError) as error:
        give_back_point(back, "Brave")
    assert error.value.message == "Brave has lost no point, so there is none to give back."
    gone = lose_reputation_point(a_cat(reputations={"Sly": 1}), "Sly").sheet
    assert give_back_point(gone, "Sly").reputations == {"Sly": 1}
