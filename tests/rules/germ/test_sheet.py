"""The sheet, the creation rule, life stages, conditions and disabilities."""

import pytest
from pydantic import ValidationError

from rules.errors import PawpostError
from rules.germ import (
    COUNTER_STAT,
    STATS,
    Condition,
    Disability,
    GermSheet,
    LifeStage,
    Stat,
    create_sheet,
    is_specialized,
    life_stage,
    specialties,
    validate_new_sheet,
    with_condition,
    with_disability,
    with_scar,
    without_condition,
)
from tests.rules.germ.cats import cat

# 8 + 6 + 4 + 2 + 2 + 0 = 22
GOOD_STATS = {
    Stat.STRENGTH: 8,
    Stat.AGILITY: 6,
    Stat.CHARISMA: 4,
    Stat.INTELLIGENCE: 2,
    Stat.STEALTH: 2,
    Stat.PERCEPTION: 0,
}


def test_the_six_stats_in_the_books_order() -> None:
    assert [stat.label for stat in STATS] == [
        "Strength",
        "Agility",
        "Charisma",
        "Intelligence",
        "Stealth",
        "Perception",
    ]


def test_counter_stats() -> None:
    assert COUNTER_STAT == {
        Stat.STRENGTH: Stat.AGILITY,
        Stat.CHARISMA: Stat.INTELLIGENCE,
        Stat.STEALTH: Stat.PERCEPTION,
    }


def test_exactly_22_points_with_at_most_8_in_one_stat_is_accepted() -> None:
    assert sum(GOOD_STATS.values()) == 22
    validate_new_sheet(GOOD_STATS)  # no error


def test_overspending_says_by_how_much() -> None:
    stats = {**GOOD_STATS, Stat.PERCEPTION: 2}
    with pytest.raises(PawpostError) as error:
        validate_new_sheet(stats)
    assert error.value.message == "You spent 24 points; a Germ cat has 22."


def test_underspending_is_refused_too() -> None:
    stats = {**GOOD_STATS, Stat.CHARISMA: 1}
    with pytest.raises(PawpostError, match=r"^You spent 19 points; a Germ cat has 22\.$"):
        validate_new_sheet(stats)


def test_a_stat_over_8_is_refused_by_name() -> None:
    stats = {**GOOD_STATS, Stat.STRENGTH: 9, Stat.AGILITY: 5}
    with pytest.raises(PawpostError) as error:
        validate_new_sheet(stats)
    assert error.value.message == "Strength can have at most 8 points; you gave it 9."


def test_8_in_a_stat_is_allowed() -> None:
    stats = {Stat.STRENGTH: 8, Stat.AGILITY: 8, Stat.CHARISMA: 6}
    validate_new_sheet(stats)  # missing stats count as 0; 8 + 8 + 6 = 22


def test_a_negative_stat_is_refused() -> None:
    stats = {**GOOD_STATS, Stat.PERCEPTION: -1, Stat.STEALTH: 3}
    with pytest.raises(PawpostError) as error:
        validate_new_sheet(stats)
    assert error.value.message == "Perception cannot be negative; you gave it -1."


def test_server_settings_change_the_total_and_the_maximum() -> None:
    stats = {Stat.STRENGTH: 10, Stat.AGILITY: 10, Stat.STEALTH: 5}
    validate_new_sheet(stats, points_to_spend=25, max_points=10)
    with pytest.raises(PawpostError, match="a Germ cat has 25"):
        validate_new_sheet(GOOD_STATS, points_to_spend=25, max_points=10)
    with pytest.raises(PawpostError, match="at most 10 points; you gave it 11"):
        validate_new_sheet({Stat.STRENGTH: 11, Stat.AGILITY: 11}, points_to_spend=22, max_points=10)


def test_create_sheet_keeps_the_stats_and_starts_fed_and_unscarred() -> None:
    sheet = create_sheet(GOOD_STATS, age_moons=12, conditions=[Condition.NO_TAIL])
    assert sheet.stats == GOOD_STATS
    assert sheet.points(Stat.STRENGTH) == 8
    assert sheet.age_moons == 12
    assert sheet.conditions == (Condition.NO_TAIL,)
    assert (sheet.scars, sheet.fail_streak, sheet.starving) == (0, 0, False)


def test_create_sheet_checks_the_creation_rule() -> None:
    with pytest.raises(PawpostError, match="You spent 21 points"):
        create_sheet({**GOOD_STATS, Stat.STEALTH: 1}, age_moons=12)


def test_create_sheet_refuses_a_negative_age() -> None:
    with pytest.raises(PawpostError, match="Age cannot be negative"):
        create_sheet(GOOD_STATS, age_moons=-1)


def test_age_6_is_a_kit_and_7_is_not() -> None:
    assert life_stage(0) is LifeStage.KIT
    assert life_stage(6) is LifeStage.KIT
    assert life_stage(7) is LifeStage.CAT


def test_age_120_is_an_elder_and_119_is_not() -> None:
    assert life_stage(119) is LifeStage.CAT
    assert life_stage(120) is LifeStage.ELDER
    assert cat(age_moons=200).life_stage is LifeStage.ELDER


def test_derived_conditions_cannot_be_set_by_hand() -> None:
    for derived in (Condition.KIT, Condition.ELDER, Condition.STARVING):
        assert derived.is_derived
        with pytest.raises(ValidationError):
            cat(conditions=(derived,))
        with pytest.raises(PawpostError, match="cannot be set by hand"):
            with_condition(cat(), derived)


def test_a_condition_cannot_be_listed_twice() -> None:
    with pytest.raises(ValidationError, match="listed twice"):
        cat(conditions=(Condition.BLIND, Condition.BLIND))


def test_adding_a_condition_twice_changes_nothing() -> None:
    blind = with_condition(cat(), Condition.BLIND)
    assert blind.conditions == (Condition.BLIND,)
    assert with_condition(blind, Condition.BLIND) == blind
    assert without_condition(blind, Condition.BLIND).conditions == ()


def test_sheet_values_cannot_be_negative() -> None:
    with pytest.raises(ValidationError):
        cat(strength=-1)
    with pytest.raises(ValidationError):
        cat(age_moons=-1)
    with pytest.raises(ValidationError):
        GermSheet(
            strength=0,
            agility=0,
            charisma=0,
            intelligence=0,
            stealth=0,
            perception=0,
            age_moons=10,
            scars=-1,
        )


def test_each_disability_becomes_its_permanent_condition() -> None:
    assert {d: d.condition for d in Disability} == {
        Disability.BLINDED: Condition.BLIND,
        Disability.LOST_SENSE_OF_SMELL: Condition.NO_SENSE_OF_SMELL,
        Disability.DISFIGURED_LIMB: Condition.LOST_LIMB,
        Disability.TAIL_TORN_OFF: Condition.NO_TAIL,
    }
    assert with_disability(cat(), Disability.TAIL_TORN_OFF).conditions == (Condition.NO_TAIL,)
    assert Disability.LOST_SENSE_OF_SMELL.label == "lost sense of smell"


def test_condition_labels_are_the_books_words() -> None:
    assert Condition.LOST_LIMB.label == "disfigured or lost limb"
    assert Condition.NO_SENSE_OF_SMELL.label == "no sense of smell"
    assert Condition.NO_TAIL.label == "no tail"


def test_a_scar_adds_one() -> None:
    assert with_scar(with_scar(cat())).scars == 2


def test_5_points_make_a_cat_specialized_and_4_do_not() -> None:
    sheet = cat(intelligence=5, strength=4, stealth=8)
    assert is_specialized(sheet, Stat.INTELLIGENCE)
    assert not is_specialized(sheet, Stat.STRENGTH)
    assert specialties(sheet) == (Stat.INTELLIGENCE, Stat.STEALTH)


def test_a_sheet_survives_a_json_round_trip() -> None:
    sheet = create_sheet(GOOD_STATS, age_moons=30, conditions=[Condition.BLIND])
    assert GermSheet.model_validate_json(sheet.model_dump_json()) == sheet
