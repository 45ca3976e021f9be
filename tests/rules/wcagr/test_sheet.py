"""The sheet: bounds, HP from age and Strength, states, and surviving storage."""

import pytest
from pydantic import ValidationError

from rules.wcagr import (
    Ability,
    Clan,
    Gain,
    Illness,
    Knack,
    PendingGain,
    Rank,
    Skill,
    WcagrSheet,
    rest_a_sunrise,
    why_cannot_check,
    why_cannot_hunt_or_fight,
    with_score,
    with_sprain,
    without_sprain,
)
from tests.rules.wcagr.cats import cat

STR, INT, SPI = Ability.STRENGTH, Ability.INTELLIGENCE, Ability.SPIRIT


def test_hp_is_5_plus_age_plus_strength() -> None:  # book l.421
    assert cat(strength=4, age_moons=10).hp_max == 19
    assert cat(strength=1, age_moons=0).hp_max == 6
    assert cat(strength=10, age_moons=70).hp_max == 85


def test_current_hp_is_the_maximum_less_the_wounds() -> None:
    sheet = cat(strength=4, age_moons=10, hp_lost=7)
    assert (sheet.hp_max, sheet.hp) == (19, 12)


def test_hp_follows_age_and_strength() -> None:  # RULINGS: "recomputed when either changes"
    sheet = cat(strength=4, age_moons=10, hp_lost=7)
    older = sheet.changed(age_moons=11)
    assert (older.hp_max, older.hp) == (20, 13)
    stronger = with_score(sheet, STR, 5)
    assert (stronger.hp_max, stronger.hp) == (20, 13)


def test_a_cat_with_no_hp_left_is_knocked_out() -> None:  # book l.423
    assert not cat(strength=4, age_moons=10, hp_lost=18).knocked_out  # 1 HP left
    assert cat(strength=4, age_moons=10, hp_lost=19).knocked_out  # 0 HP
    below = cat(strength=4, age_moons=10, hp_lost=25)
    assert below.knocked_out
    assert below.hp == -6  # HP may fall below 0 (part 2's death roll reads it)


def test_abilities_stay_within_1_to_10() -> None:
    for strength in (0, 11):
        with pytest.raises(ValidationError):
            cat(strength=strength)
    cat(strength=1)
    cat(strength=10)


def test_skills_stay_within_0_to_5() -> None:
    with pytest.raises(ValidationError, match="Listen is 6"):
        cat(skills={Skill.LISTEN: 6})
    with pytest.raises(ValidationError, match="Listen is -1"):
        cat(skills={Skill.LISTEN: -1})
    assert cat(skills={Skill.LISTEN: 5}).skill(Skill.LISTEN) == 5


def test_a_skill_at_0_is_not_listed() -> None:
    sheet = cat(skills={Skill.LISTEN: 0, Skill.SEE: 2})
    assert sheet.skills == {Skill.SEE: 2}
    assert sheet.skill(Skill.LISTEN) == 0


def test_skills_and_knacks_are_kept_in_the_books_order() -> None:
    sheet = cat(skills={Skill.WRESTLE: 1, Skill.ARCH: 1}, knacks={Knack.YOWL: 1, Knack.DASH: 1})
    assert list(sheet.skills) == [Skill.ARCH, Skill.WRESTLE]
    assert list(sheet.knacks) == [Knack.DASH, Knack.YOWL]


def test_knack_picks_stay_within_their_maximum() -> None:
    cat(knacks={Knack.DODGE: 3})
    with pytest.raises(ValidationError, match="Dodge picked 4 times"):
        cat(knacks={Knack.DODGE: 4})
    with pytest.raises(ValidationError, match="Hide picked 0 times"):
        cat(knacks={Knack.HIDE: 0})
    assert cat(knacks={Knack.HERB_LORE: 12}).picks(Knack.HERB_LORE) == 12


def test_a_rank_must_belong_to_the_group() -> None:
    with pytest.raises(ValidationError, match="ThunderClan has no cave-guard rank"):
        cat(rank=Rank.CAVE_GUARD)
    with pytest.raises(ValidationError):
        cat(clan=Clan.LONER, rank=Rank.WARRIOR)
    assert cat(clan=Clan.TRIBE_OF_RUSHING_WATER, rank=Rank.CAVE_GUARD).rank is Rank.CAVE_GUARD


def test_only_a_clan_leader_has_lives_and_always_has_them() -> None:
    assert cat(rank=Rank.LEADER, lives=9).lives == 9
    with pytest.raises(ValidationError, match="only a Clan's leader has lives"):
        cat(rank=Rank.LEADER)
    with pytest.raises(ValidationError, match="only a Clan's leader has lives"):
        cat(rank=Rank.DEPUTY, lives=3)
    with pytest.raises(ValidationError, match="only a Clan's leader has lives"):
        cat(clan=Clan.BLOODCLAN, rank=Rank.LEADER, lives=9)
    with pytest.raises(ValidationError):
        cat(rank=Rank.LEADER, lives=10)


def test_changed_validates_like_a_new_sheet() -> None:
    with pytest.raises(ValidationError):
        cat().changed(age_moons=-1)
    with pytest.raises(ValidationError):
        cat().changed(hp_lost=-1)
    assert cat().changed(age_moons=30).age_moons == 30


def test_a_sprain_rests_for_three_sunrises() -> None:  # book l.464
    sprained = with_sprain(cat())
    assert sprained.sprained
    assert sprained.sprain_sunrises_left == 3
    one = rest_a_sunrise(sprained)
    two = rest_a_sunrise(one)
    three = rest_a_sunrise(two)
    assert [s.sprained for s in (one, two, three)] == [True, True, False]
    assert rest_a_sunrise(three).sprain_sunrises_left == 0


def test_a_new_sprain_starts_the_rest_again_and_an_admin_can_clear_it() -> None:
    again = with_sprain(rest_a_sunrise(with_sprain(cat())))
    assert again.sprain_sunrises_left == 3
    assert not without_sprain(again).sprained


def test_who_cannot_check() -> None:
    assert why_cannot_check(cat()) is None
    assert why_cannot_check(cat(retired=True)) == (
        "This cat is retired: an elder out of play, it cannot check, hunt or fight."
    )
    assert why_cannot_check(cat(strength=1, age_moons=0, hp_lost=6)) == (
        "This cat is knocked out and can do nothing until it is healed to at least 1 HP."
    )
    assert why_cannot_check(with_sprain(cat())) is None  # a sprain only stops hunts and fights
    assert why_cannot_check(cat().changed(illness=Illness.WHITECOUGH)) is None


def test_who_cannot_hunt_or_fight() -> None:
    assert why_cannot_hunt_or_fight(cat()) is None
    assert why_cannot_hunt_or_fight(with_sprain(cat())) == (
        "This cat has a sprain and cannot hunt or fight for 3 more sunrises of rest."
    )
    assert why_cannot_hunt_or_fight(rest_a_sunrise(rest_a_sunrise(with_sprain(cat())))) == (
        "This cat has a sprain and cannot hunt or fight for 1 more sunrise of rest."
    )
    assert why_cannot_hunt_or_fight(cat().changed(illness=Illness.KITTEN_COUGH)) == (
        "This cat has kitten-cough and cannot hunt or fight until cured."
    )
    assert why_cannot_hunt_or_fight(cat(retired=True)) == why_cannot_check(cat(retired=True))


def test_the_books_illnesses() -> None:  # l.435-458
    assert [i.label for i in Illness] == [
        "Whitecough",
        "Greencough",
        "Blackcough",
        "Kitten-cough",
        "Redcough",
        "Yellowcough",
    ]
    assert cat().changed(illness=Illness.REDCOUGH).ill


def test_a_new_score_moves_the_pool_by_as_much() -> None:
    sheet = cat(strength=4, points={STR: 2})
    up = with_score(sheet, STR, 5)
    assert (up.score(STR), up.points_left(STR)) == (5, 3)
    down = with_score(cat(strength=4, points={STR: 0}), STR, 3)
    assert (down.score(STR), down.points_left(STR)) == (3, 0)  # never below 0


def test_a_sheet_survives_a_json_round_trip() -> None:
    sheet = cat(
        rank=Rank.LEADER,
        lives=7,
        skills={Skill.LISTEN: 2, Skill.SWIM: 1},
        knacks={Knack.ALERTNESS: 2, Knack.HERB_LORE: 4},
        points={SPI: 1},
        hp_lost=3,
    ).changed(
        illness=Illness.GREENCOUGH,
        sprain_sunrises_left=2,
        pending=(PendingGain(gain=Gain.SKILL, moon=23), PendingGain(gain=Gain.KNACK)),
    )
    assert WcagrSheet.model_validate_json(sheet.model_dump_json()) == sheet


def test_a_sheet_is_immutable() -> None:
    sheet = cat()
    with pytest.raises(ValidationError):
        sheet.age_moons = 30
