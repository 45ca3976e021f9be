"""Fights: cat against cat in one round, dodging, Lives, Frenzy actions, and a fight against
non-cats to the end (book l. 46-72, RULINGS)."""

import pytest

from rules.cat import (
    CatAction,
    CatSheet,
    FightEnd,
    Move,
    Rank,
    Side,
    Trait,
    after_scars,
    cat_fight,
    dodge_round_with_life,
    end_fight,
    fight_round,
    make_foe,
    place_scars,
    start_fight,
    usable_moves,
    with_frenzy,
)
from rules.dice import ScriptedDice
from rules.errors import PawpostError
from rules.rolls import Modifier
from tests.rules.cat.cats import a_cat

# The test cats have Strong Claws and Fangs (4 dice each) and Best Legs (5 dice). Scripts list
# the challenger's dice, then the defender's; against non-cats the cat's actions in order, then
# each foe still in the fight.


def test_each_cat_takes_the_others_evens_and_most_evens_wins() -> None:
    # book l. 54: "Both cats take a number of Scars equal to the other cat's evens."
    dice = ScriptedDice([2, 4, 6, 1, 2, 1, 1, 1])
    fought = cat_fight(a_cat(), [Move.CLAWS], a_cat(), [Move.FANGS], dice)
    result = fought.result
    assert dice.remaining == 0
    assert result.challenger.actions[0].roll.label == "Claws"
    assert result.defender.actions[0].roll.label == "Fangs"
    assert (result.challenger.attack_evens, result.defender.attack_evens) == (3, 1)
    assert (result.challenger_scars, result.defender_scars) == (1, 3)
    assert result.winner is Side.CHALLENGER


def test_a_tie_goes_to_the_defender() -> None:
    dice = ScriptedDice([2, 4, 1, 1, 6, 6, 1, 1])
    result = cat_fight(a_cat(), [Move.FANGS], a_cat(), [Move.CLAWS], dice).result
    assert (result.challenger_scars, result.defender_scars) == (2, 2)
    assert result.winner is Side.DEFENDER


def test_a_dodge_inflicts_no_scars_takes_the_evens_beyond_its_legs_and_loses() -> None:
    # book l. 68-70; RULINGS: "takes scars only for the foe's evens beyond its own Legs evens".
    dice = ScriptedDice([2, 4, 6, 1, 2, 1, 1, 1, 1])
    result = cat_fight(a_cat(), [Move.CLAWS], a_cat(), [Move.DODGE], dice).result
    assert result.defender.actions[0].roll.label == "Legs (dodge)"
    assert len(result.defender.actions[0].roll.dice) == 5  # Best Legs
    assert result.defender.dodged
    assert (result.defender.dodge_evens, result.defender_hits) == (1, 0)
    assert (result.challenger_scars, result.defender_scars) == (0, 2)
    assert result.winner is Side.CHALLENGER


def test_a_dodge_that_beats_the_evens_takes_no_scars_but_still_loses() -> None:
    dice = ScriptedDice([2, 1, 1, 1, 2, 4, 6, 1, 1])
    result = cat_fight(a_cat(), [Move.CLAWS], a_cat(), [Move.DODGE], dice).result
    assert (result.challenger_scars, result.defender_scars) == (0, 0)
    assert result.winner is Side.CHALLENGER


def test_a_life_cancels_a_rounds_scars_but_the_fight_is_still_lost() -> None:
    # book l. 56: "cats may get into a fight and lose but take no Scars".
    dice = ScriptedDice([2, 4, 6, 1, 2, 1, 1, 1])
    fought = cat_fight(a_cat(), [Move.CLAWS], a_cat(), [Move.FANGS], dice)
    loser = dodge_round_with_life(fought.defender_sheet, fought.result.defender_scars)
    assert loser.lives == 8
    assert loser.total_scars == 0
    assert fought.result.winner is Side.CHALLENGER


def test_the_loser_places_its_scars_like_any_others() -> None:
    dice = ScriptedDice([2, 4, 6, 1, 1, 1, 1, 1])
    fought = cat_fight(a_cat(), [Move.CLAWS], a_cat(), [Move.FANGS], dice)
    placed = place_scars(
        fought.defender_sheet, fought.result.defender_scars, {Trait.FANGS: 3}, today=1
    )
    assert placed.sheet.rank(Trait.FANGS) is Rank.GOOD


def test_fighting_frenzy_actions_add_up() -> None:
    # book l. 188: "attack an opponent three times".
    dice = ScriptedDice([2, 1, 1, 1, 2, 2, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2])
    result = cat_fight(
        a_cat(),
        [Move.CLAWS, Move.FANGS, Move.CLAWS],
        a_cat(),
        [Move.FANGS],
        dice,
        challenger_actions=3,
    ).result
    assert [a.roll.label for a in result.challenger.actions] == [
        "Claws, action 1",
        "Fangs, action 2",
        "Claws, action 3",
    ]
    assert (result.challenger_hits, result.defender_hits) == (4, 4)
    assert result.winner is Side.DEFENDER


def test_style_spent_in_a_fight_counts_as_evens_and_is_paid() -> None:
    dice = ScriptedDice([2, 1, 1, 1, 2, 2, 1, 1])
    fought = cat_fight(
        a_cat(style=2), [Move.CLAWS], a_cat(), [Move.FANGS], dice, challenger_style=2
    )
    first = fought.result.challenger.actions[0].roll
    assert first.modifiers == (Modifier(value=2, reason="Style spent"),)
    assert fought.result.challenger_hits == 3
    assert fought.result.winner is Side.CHALLENGER
    assert fought.challenger_sheet.style == 0
    assert fought.result.challenger.style_spent == 2


CLAWS = [Move.CLAWS]


@pytest.mark.parametrize(
    ("challenger", "challenger_moves", "defender", "defender_moves", "options", "sentence"),
    [
        (
            a_cat(),
            [Move.DODGE],
            a_cat(),
            CLAWS,
            {},
            "The cat who starts a fight attacks with Claws or Fangs; only the defender can dodge.",
        ),
        (
            a_cat(),
            CLAWS,
            a_cat({Trait.CLAWS: Rank.CRIPPLED}),
            CLAWS,
            {},
            "The defender's Claws is Crippled; choose another move.",
        ),
        (a_cat(lives=0), CLAWS, a_cat(), CLAWS, {}, "The challenger is dead."),
        (
            a_cat(),
            CLAWS,
            a_cat(bauble_risks_taken=0),
            CLAWS,
            {},
            "The defender is under the Bauble Curse and can do nothing but try to break free.",
        ),
        (
            a_cat(),
            CLAWS,
            a_cat({t: Rank.CRIPPLED for t in (Trait.CLAWS, Trait.FANGS, Trait.LEGS)}),
            CLAWS,
            {},
            "The defender's Claws, Fangs and Legs are all Crippled, so it cannot fight.",
        ),
        (
            a_cat(),
            [Move.CLAWS, Move.FANGS],
            a_cat(),
            CLAWS,
            {},
            "The challenger has 1 action this round; you chose 2.",
        ),
        (a_cat(), CLAWS, a_cat(), [], {}, "Choose a move for the defender."),
        (
            a_cat(),
            CLAWS,
            a_cat(style=1),
            CLAWS,
            {"defender_style": 2},
            "The defender has 1 Style banked; you tried to spend 2.",
        ),
    ],
    ids=[
        "challenger-dodges",
        "crippled-move",
        "dead",
        "cursed",
        "nothing-usable",
        "too-many-moves",
        "no-move",
        "too-much-style",
    ],
)
def test_cat_fight_refusals(
    challenger: CatSheet,
    challenger_moves: list[Move],
    defender: CatSheet,
    defender_moves: list[Move],
    options: dict[str, int],
    sentence: str,
) -> None:
    with pytest.raises(PawpostError) as error:
        cat_fight(
            challenger,
            challenger_moves,
            defender,
            defender_moves,
            ScriptedDice([1] * 20),
            **options,
        )
    assert error.value.message == sentence


def test_usable_moves_leave_out_crippled_traits() -> None:
    assert usable_moves(a_cat()) == (Move.CLAWS, Move.FANGS, Move.DODGE)
    assert usable_moves(a_cat({Trait.FANGS: Rank.CRIPPLED})) == (Move.CLAWS, Move.DODGE)


# Against non-cats.


def test_a_fight_against_a_boggin_goes_round_by_round_until_it_is_out() -> None:
    # book l. 62: "each combatant takes a number of Scars equal to the number of evens his
    # opponent rolled"; RULINGS: an admin gives the foe's dice and the scars it can take.
    fight = start_fight([make_foe(" Boggin ", 3, 4)])
    first = fight_round(
        fight, a_cat(), [CatAction(move=Move.CLAWS)], ScriptedDice([2, 4, 1, 1, 2, 1, 1])
    )
    assert first.round.number == 1
    assert first.round.cat.actions[0].roll.label == "Claws"
    assert first.round.foe_rolls[0].roll.label == "Boggin"
    assert first.round.foe_scars == {0: 2}
    assert first.round.cat_scars == 1
    assert first.fight.foes[0].scars_taken == 2
    assert first.fight.ended is None
    sheet = place_scars(first.sheet, first.round.cat_scars, {Trait.CLAWS: 1}, today=1).sheet
    fight = after_scars(first.fight, sheet)
    assert fight.ended is None
    second = fight_round(
        fight, sheet, [CatAction(move=Move.FANGS)], ScriptedDice([6, 6, 1, 1, 1, 1, 1])
    )
    assert second.round.number == 2
    assert second.round.cat_scars == 0
    assert second.fight.foes[0].out
    assert second.fight.ended is FightEnd.FOES_OUT
    with pytest.raises(PawpostError, match=r"^This fight is over\.$"):
        fight_round(second.fight, sheet, [CatAction(move=Move.CLAWS)], ScriptedDice([]))


def test_dodging_a_boggin_delivers_no_hits() -> None:
    # book l. 72: "you deliver no hits at all when dodging".
    fight = start_fight([make_foe("Boggin", 3, 2)])
    fought = fight_round(
        fight, a_cat(), [CatAction(move=Move.DODGE)], ScriptedDice([2, 4, 1, 1, 1, 2, 4, 6])
    )
    assert fought.round.foe_scars == {}
    assert fought.round.cat_scars == 1
    assert fought.fight.foes[0].scars_taken == 0


def test_a_fight_ends_when_the_cat_dies() -> None:
    dying = a_cat(
        {t: Rank.CRIPPLED for t in (Trait.COAT, Trait.FACE, Trait.TAIL)} | {Trait.CLAWS: Rank.HURT}
    )
    fight = start_fight([make_foe("Dog", 5, 10)])
    fought = fight_round(
        fight, dying, [CatAction(move=Move.CLAWS)], ScriptedDice([1, 1, 2, 2, 2, 1, 1])
    )
    assert fought.round.cat_scars == 3
    placed = place_scars(fought.sheet, 3, {Trait.CLAWS: 3}, today=1)
    assert placed.died
    assert after_scars(fought.fight, placed.sheet).ended is FightEnd.CAT_DEAD


def test_an_admin_ends_a_fight() -> None:
    fight = end_fight(start_fight([make_foe("Rat", 1, 1)]))
    assert fight.ended is FightEnd.ENDED_BY_ADMIN
    with pytest.raises(PawpostError, match=r"^This fight is over\.$"):
        end_fight(fight)
    assert after_scars(fight, a_cat(lives=0)).ended is FightEnd.ENDED_BY_ADMIN


def test_a_frenzy_attacks_several_foes_and_lasts_the_fight() -> None:
    # book l. 188: "He can attack three opponents".
    fight = with_frenzy(start_fight([make_foe("Rat", 1, 1), make_foe("Rat", 1, 2)]), 3)
    assert fight.actions == 3
    fought = fight_round(
        fight,
        a_cat(),
        [
            CatAction(move=Move.CLAWS, target=0),
            CatAction(move=Move.FANGS, target=1),
            CatAction(move=Move.DODGE),
        ],
        ScriptedDice([2, 1, 1, 1, 2, 1, 1, 1, 2, 1, 1, 1, 1, 2, 2]),
    )
    assert fought.round.foe_scars == {0: 1, 1: 1}
    assert fought.round.cat_scars == 1  # two rats' evens less one dodge even
    assert fought.fight.foes[0].out
    assert not fought.fight.foes[1].out
    assert fought.fight.frenzy_actions == 3
    with pytest.raises(PawpostError, match=r"^Rat is already out of the fight\.$"):
        fight_round(fought.fight, a_cat(), [CatAction(move=Move.CLAWS, target=0)], ScriptedDice([]))
    nxt = fight_round(
        fought.fight, a_cat(), [CatAction(move=Move.CLAWS, target=1)], ScriptedDice([2, 1, 1, 1, 1])
    )
    assert len(nxt.round.foe_rolls) == 1  # the rat that is out rolls no more
    assert nxt.fight.ended is FightEnd.FOES_OUT


def test_frenzy_refusals() -> None:
    fight = with_frenzy(start_fight([make_foe("Rat", 1, 1)]), 3)
    with pytest.raises(PawpostError, match=r"^The cat is already in a Fighting Frenzy\.$"):
        with_frenzy(fight, 3)
    with pytest.raises(PawpostError, match=r"^This fight is over\.$"):
        with_frenzy(end_fight(start_fight([make_foe("Rat", 1, 1)])), 3)


def test_non_cat_fight_refusals() -> None:
    fight = start_fight([make_foe("Rat", 1, 1)])
    cases = [
        ([CatAction(move=Move.CLAWS, target=1)], a_cat(), "That foe is not in this fight."),
        (
            [CatAction(move=Move.CLAWS), CatAction(move=Move.FANGS)],
            a_cat(),
            "The cat has 1 action this round; you chose 2.",
        ),
        ([CatAction(move=Move.CLAWS)], a_cat(lives=0), "The cat is dead."),
    ]
    for actions, sheet, sentence in cases:
        with pytest.raises(PawpostError) as error:
            fight_round(fight, sheet, actions, ScriptedDice([1] * 10))
        assert error.value.message == sentence


def test_foes_as_an_admin_types_them() -> None:
    foe = make_foe("  Big   Dog ", 6, 5)
    assert (foe.name, foe.dice, foe.scars_to_defeat, foe.scars_taken) == ("Big Dog", 6, 5, 0)
    cases = [
        (" ", 1, 1, "A foe needs a name."),
        ("Dog", 0, 1, "A foe rolls at least 1 die; you gave 0."),
        ("Dog", 101, 1, "A foe rolls at most 100 dice; you gave 101."),
        ("Dog", 1, 0, "A foe must be able to take at least 1 scar; you gave 0."),
    ]
    for name, dice, scars, sentence in cases:
        with pytest.raises(PawpostError) as error:
            make_foe(name, dice, scars)
        assert error.value.message == sentence
    with pytest.raises(PawpostError, match=r"^A fight needs at least one foe\.$"):
        start_fight([])


def test_a_frenzy_of_no_actions_is_a_bug_not_a_refusal() -> None:
    with pytest.raises(ValueError, match="at least one action"):
        with_frenzy(start_fight([make_foe("Rat", 1, 1)]), 0)
