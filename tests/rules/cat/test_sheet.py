"""The sheet, its ranks and dice, the creation rule (RULINGS) and the Reputations parser."""

import pytest
from pydantic import ValidationError

from rules.cat import (
    RANKS,
    TRAITS,
    CatSheet,
    Rank,
    Trait,
    TraitState,
    create_sheet,
    parse_reputations,
    trait_named,
    validate_new_sheet,
)
from rules.cat.sheet import with_trait
from rules.errors import PawpostError
from tests.rules.cat.cats import a_cat

BEST = [Trait.LEGS]
STRONG = [Trait.CLAWS, Trait.FANGS, Trait.TAIL]
GOOD = [Trait.COAT, Trait.FACE]
REPUTATIONS = {"Brave": 3, "Clever": 2, "Sly": 2}


def refusal(error: pytest.ExceptionInfo[PawpostError]) -> str:
    return error.value.message


def test_the_six_traits() -> None:
    assert [trait.label for trait in TRAITS] == ["Claws", "Coat", "Face", "Fangs", "Legs", "Tail"]


def test_the_ladder_and_its_dice() -> None:
    assert [(rank.label, rank.dice) for rank in RANKS] == [
        ("Legendary", 6),
        ("Best", 5),
        ("Strong", 4),
        ("Good", 3),
        ("Hurt", 2),  # book l. 40: "Hurt Traits have a bonus of 2"
        ("Crippled", 0),
    ]


def test_each_rank_drops_to_the_next_and_crippled_is_the_bottom() -> None:
    assert [rank.next_down for rank in RANKS] == [
        Rank.BEST,
        Rank.STRONG,
        Rank.GOOD,
        Rank.HURT,  # book l. 40
        Rank.CRIPPLED,  # book l. 41
        Rank.CRIPPLED,
    ]
    assert [rank.steps_to_crippled for rank in RANKS] == [5, 4, 3, 2, 1, 0]


def test_at_least_is_equal_to_or_greater() -> None:
    assert Rank.STRONG.at_least(Rank.STRONG)
    assert Rank.BEST.at_least(Rank.GOOD)
    assert not Rank.GOOD.at_least(Rank.STRONG)
    assert not Rank.CRIPPLED.at_least(Rank.HURT)


def test_a_new_cat() -> None:
    sheet = create_sheet(BEST, STRONG, GOOD, REPUTATIONS)
    assert {trait: sheet.rank(trait) for trait in TRAITS} == {
        Trait.CLAWS: Rank.STRONG,
        Trait.COAT: Rank.GOOD,
        Trait.FACE: Rank.GOOD,
        Trait.FANGS: Rank.STRONG,
        Trait.LEGS: Rank.BEST,
        Trait.TAIL: Rank.STRONG,
    }
    assert sheet.dice(Trait.LEGS) == 5
    assert sheet.lives == 9
    assert sheet.reputations == REPUTATIONS
    assert (sheet.magic_points, sheet.max_magic_points) == (9, 9)  # 5 + Strong Tail 4
    assert sheet.style == 0
    assert sheet.total_scars == 0
    assert not sheet.dead
    assert not sheet.cursed
    assert not sheet.is_wet(0)


@pytest.mark.parametrize(
    ("best", "strong", "good", "points"),
    [
        ([Trait.LEGS], [Trait.CLAWS, Trait.FANGS, Trait.COAT], [Trait.FACE, Trait.TAIL], 8),
        ([Trait.LEGS], [Trait.CLAWS, Trait.FANGS, Trait.TAIL], [Trait.FACE, Trait.COAT], 9),
        ([Trait.TAIL], [Trait.CLAWS, Trait.FANGS, Trait.LEGS], [Trait.FACE, Trait.COAT], 10),
    ],
)
def test_magic_points_are_5_plus_the_tails_dice(
    best: list[Trait], strong: list[Trait], good: list[Trait], points: int
) -> None:
    # book l. 128 with RULINGS: Good Tail 5 + 3 = 8, Strong 5 + 4 = 9, Best 5 + 5 = 10.
    sheet = create_sheet(best, strong, good, REPUTATIONS)
    assert sheet.magic_points == sheet.max_magic_points == points


def test_validate_new_sheet_accepts_the_rule() -> None:
    validate_new_sheet(BEST, STRONG, GOOD, REPUTATIONS)  # no error


def test_two_best_traits_are_refused() -> None:
    with pytest.raises(PawpostError) as error:
        create_sheet([Trait.LEGS, Trait.CLAWS], [Trait.FANGS, Trait.TAIL], GOOD, REPUTATIONS)
    assert refusal(error) == "You chose 2 Best traits; a new cat has 1."


def test_two_strong_traits_are_refused() -> None:
    with pytest.raises(PawpostError) as error:
        validate_new_sheet(BEST, [Trait.CLAWS, Trait.FANGS], [*GOOD, Trait.TAIL], REPUTATIONS)
    assert refusal(error) == "You chose 2 Strong traits; a new cat has 3."


def test_one_good_trait_is_refused() -> None:
    with pytest.raises(PawpostError) as error:
        validate_new_sheet(BEST, STRONG, [Trait.COAT], REPUTATIONS)
    assert refusal(error) == "You chose 1 Good trait; a new cat has 2."


def test_a_trait_given_two_ranks_is_refused() -> None:
    with pytest.raises(PawpostError) as error:
        validate_new_sheet(BEST, STRONG, [Trait.COAT, Trait.CLAWS], REPUTATIONS)
    assert refusal(error) == "Claws is given two ranks; give each trait one."


def test_8_reputation_points_are_refused() -> None:
    with pytest.raises(PawpostError) as error:
        create_sheet(BEST, STRONG, GOOD, {"Brave": 3, "Clever": 3, "Sly": 2})
    assert refusal(error) == "You gave 8 Reputation points; a cat has 7."


def test_6_reputation_points_are_refused() -> None:
    with pytest.raises(PawpostError, match=r"^You gave 6 Reputation points; a cat has 7\.$"):
        validate_new_sheet(BEST, STRONG, GOOD, {"Brave": 3, "Sly": 3})


def test_a_reputation_of_4_is_refused() -> None:
    with pytest.raises(PawpostError) as error:
        create_sheet(BEST, STRONG, GOOD, {"Brave": 4, "Clever": 2, "Sly": 1})
    assert refusal(error) == "Brave has rank 4; a new cat's Reputations go up to 3."


def test_a_reputation_of_3_is_allowed() -> None:
    assert create_sheet(BEST, STRONG, GOOD, {"Brave": 3, "Sly": 3, "Kind": 1}).reputations == {
        "Brave": 3,
        "Sly": 3,
        "Kind": 1,
    }


def test_a_reputation_of_0_is_refused() -> None:
    with pytest.raises(PawpostError) as error:
        validate_new_sheet(BEST, STRONG, GOOD, {"Brave": 3, "Clever": 3, "Sly": 1, "Kind": 0})
    assert refusal(error) == "Kind has rank 0; a Reputation's rank is at least 1."


def test_six_reputations_are_refused() -> None:
    six = {"Brave": 2, "Clever": 1, "Sly": 1, "Kind": 1, "Loud": 1, "Proud": 1}
    with pytest.raises(PawpostError) as error:
        validate_new_sheet(BEST, STRONG, GOOD, six)
    assert refusal(error) == "You gave 6 Reputations; a cat has at most 5."


def test_five_reputations_are_allowed() -> None:
    five = {"Brave": 3, "Clever": 1, "Sly": 1, "Kind": 1, "Loud": 1}
    assert len(create_sheet(BEST, STRONG, GOOD, five).reputations) == 5


def test_the_same_reputation_twice_is_refused_whatever_the_case() -> None:
    with pytest.raises(PawpostError) as error:
        validate_new_sheet(BEST, STRONG, GOOD, {"Brave": 3, "brave": 2, "Sly": 2})
    assert refusal(error) == "You gave the Reputation brave twice."


def test_reputation_names_are_tidied_and_checked() -> None:
    sheet = create_sheet(BEST, STRONG, GOOD, {"  Good   Hunter ": 3, "Clever": 2, "Sly": 2})
    assert "Good Hunter" in sheet.reputations
    with pytest.raises(PawpostError) as error:
        validate_new_sheet(BEST, STRONG, GOOD, {"  ": 3, "Clever": 2, "Sly": 2})
    assert refusal(error) == "A Reputation needs a name."
    with pytest.raises(PawpostError) as error:
        validate_new_sheet(BEST, STRONG, GOOD, {"x" * 33: 3, "Clever": 2, "Sly": 2})
    assert refusal(error) == (
        f'A Reputation\'s name has at most 32 characters; "{"x" * 32}…" has 33.'
    )


def test_parse_reputations_reads_the_issues_example() -> None:
    assert parse_reputations("Brave 3, Clever 2, Sly 2") == REPUTATIONS


def test_parse_reputations_forgives_spacing_semicolons_colons_and_trailing_commas() -> None:
    assert parse_reputations(" Good  Hunter 3;Clever:2 ,, Sly=2, ") == {
        "Good Hunter": 3,
        "Clever": 2,
        "Sly": 2,
    }
    assert parse_reputations("") == {}


def test_parse_reputations_keeps_a_negative_rank_for_the_rule_to_refuse() -> None:
    assert parse_reputations("Brave -1") == {"Brave": -1}


def test_a_reputation_without_a_rank_is_refused() -> None:
    with pytest.raises(PawpostError) as error:
        parse_reputations("Brave 3, Clever")
    assert refusal(error) == '"Clever" needs a rank after it, like "Clever 2".'


def test_a_rank_without_a_name_is_refused() -> None:
    with pytest.raises(PawpostError) as error:
        parse_reputations("Brave 3, 2")
    assert refusal(error) == '"2" needs a name before its rank, like "Brave 2".'


def test_parse_reputations_refuses_a_name_twice() -> None:
    with pytest.raises(PawpostError, match=r"^You gave the Reputation sly twice\.$"):
        parse_reputations("Sly 2, Brave 3, sly 2")


def test_parsed_reputations_meet_the_creation_rule() -> None:
    with pytest.raises(PawpostError, match="You gave 8 Reputation points"):
        validate_new_sheet(BEST, STRONG, GOOD, parse_reputations("Brave 3, Clever 3, Sly 2"))


def test_trait_named_reads_any_case() -> None:
    assert trait_named(" TAIL ") is Trait.TAIL
    assert trait_named("claws") is Trait.CLAWS
    with pytest.raises(PawpostError) as error:
        trait_named("Whiskers")
    assert refusal(error) == (
        'There is no trait called "Whiskers"; the traits are Claws, Coat, Face, Fangs, Legs '
        "and Tail."
    )


def test_a_tailless_breed_still_has_a_tail_trait() -> None:
    # book l. 146: "they still have a Tail Trait, just like other cats".
    sheet = a_cat()
    with pytest.raises(ValidationError, match="exactly the six traits"):
        CatSheet(
            traits={t: s for t, s in sheet.traits.items() if t is not Trait.TAIL},
            magic_points=5,
        )


def test_the_sheet_refuses_impossible_values() -> None:
    with pytest.raises(ValidationError):
        TraitState(rank=Rank.GOOD, scars=3)  # three scars drop the rank at once
    with pytest.raises(ValidationError, match="Crippled trait takes no more scars"):
        TraitState(rank=Rank.CRIPPLED, scars=1)
    with pytest.raises(ValidationError):
        a_cat(lives=10)
    with pytest.raises(ValidationError, match="cannot exceed the maximum"):
        a_cat(magic_points=10)  # Strong Tail: 9
    with pytest.raises(ValidationError, match="at most 5 Reputations"):
        a_cat(reputations={name: 1 for name in "ABCDEF"})
    with pytest.raises(ValidationError, match="rank is 1 to 5"):
        a_cat(reputations={"Brave": 6})
    with pytest.raises(ValidationError, match="non-empty and different"):
        a_cat(reputations={"Brave": 1, "BRAVE": 1})
    with pytest.raises(ValidationError, match="only a Reputation the cat has"):
        a_cat(reputations_at_risk={"Kind": 3})
    with pytest.raises(ValidationError, match="more heals are due"):
        a_cat(heals_due=1)
    with pytest.raises(ValidationError):
        a_cat(bauble_risks_taken=3)


def test_a_reputation_of_5_is_allowed_after_creation() -> None:
    assert a_cat(reputations={"Brave": 5}).reputations == {"Brave": 5}  # book l. 80


def test_a_cat_with_no_lives_is_dead() -> None:
    assert a_cat(lives=0).dead
    assert not a_cat(lives=1).dead


def test_three_crippled_traits_are_real_danger_and_four_are_death() -> None:
    three = {t: Rank.CRIPPLED for t in (Trait.CLAWS, Trait.COAT, Trait.FACE)}
    assert a_cat(three).in_real_danger
    assert not a_cat(three).dead
    four = {**three, Trait.FANGS: Rank.CRIPPLED}
    assert a_cat(four).dead
    assert not a_cat(four).in_real_danger  # dead, no longer in danger
    assert a_cat(four).crippled_traits == (Trait.CLAWS, Trait.COAT, Trait.FACE, Trait.FANGS)


def test_wet_lasts_until_the_end_of_the_game_day() -> None:
    sheet = a_cat(wet_on_day=12)
    assert sheet.is_wet(12)
    assert not sheet.is_wet(13)


def test_a_tail_losing_a_rank_lowers_the_magic_points() -> None:
    sheet = a_cat({Trait.TAIL: Rank.GOOD})
    assert (sheet.magic_points, sheet.max_magic_points) == (8, 8)
    hurt = with_trait(sheet, Trait.TAIL, TraitState(rank=Rank.HURT))
    assert (hurt.magic_points, hurt.max_magic_points) == (7, 7)
    low = with_trait(
        sheet.model_copy(update={"magic_points": 2}), Trait.TAIL, TraitState(rank=Rank.HURT)
    )
    assert low.magic_points == 2
    crippled = with_trait(sheet, Trait.TAIL, TraitState(rank=Rank.CRIPPLED))
    assert crippled.max_magic_points == 5


def test_a_sheet_survives_a_json_round_trip() -> None:
    sheet = a_cat(
        {Trait.COAT: Rank.HURT},
        scars={Trait.COAT: 2},
        style=3,
        wet_on_day=4,
        bauble_risks_taken=1,
        reputations_at_risk={"Brave": 2},
        heals_due=1,
        healing_since_day=1,
    )
    assert CatSheet.model_validate_json(sheet.model_dump_json()) == sheet


@pytest.mark.parametrize(
    ("typed", "sentence"),
    [
        (
            "Brave 3 Clever 2, Sly 3, Quick 2",
            '"Brave 3 Clever 2" looks like two Reputations; put a comma between them: '
            '"Brave 3, Clever 2".',
        ),
        (
            "Brave 3, Clever 2; 2 2",
            '"2 2" needs a name made of words before its rank, like "Brave 2".',
        ),
        ("Top10 2", 'A Reputation\'s name is made of words, without numbers; "Top10" has one.'),
        (
            "Brave 3 Sly, Clever 2",
            '"Brave 3 Sly" looks like two Reputations, the second without its rank: '
            '"Brave 3, Sly 2".',
        ),
        ("Brave", '"Brave" needs a rank after it, like "Brave 2".'),
    ],
)
def test_d9_a_reputation_name_cannot_swallow_a_missing_comma(typed: str, sentence: str) -> None:
    # Audit D9: "Brave 3 Clever 2" was read as a Reputation "Brave 3 Clever" at rank 2.
    with pytest.raises(PawpostError) as error:
        parse_reputations(typed)
    assert error.value.message == sentence
