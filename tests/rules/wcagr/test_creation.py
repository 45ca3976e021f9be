"""Making a cat: five points, three skills, three knacks, the 10-moon gains, older cats."""

import pytest

from rules.errors import PawpostError
from rules.wcagr import (
    Ability,
    Clan,
    Gain,
    Knack,
    NewCat,
    PendingGain,
    Rank,
    Skill,
    choices_needed,
    create_sheet,
    needs_admin_approval,
    points_left_to_spread,
    validate_new_sheet,
)
from tests.rules.wcagr.cats import THREE_KNACKS, THREE_SKILLS, new_cat

STR, INT, SPI = Ability.STRENGTH, Ability.INTELLIGENCE, Ability.SPIRIT


def refusal(**choices: object) -> str:
    with pytest.raises(PawpostError) as refused:
        validate_new_sheet(new_cat(**choices))
    return refused.value.message


def test_a_default_cat_is_ten_moons_with_its_gains() -> None:
    sheet = create_sheet(new_cat(clan=Clan.KITTYPET, ten_moon_bonus=INT))
    assert sheet.age_moons == 10
    assert sheet.abilities.as_dict() == {STR: 3, INT: 3, SPI: 1}  # 2/2/1 + Str + Int
    assert sheet.points.as_dict() == sheet.abilities.as_dict()  # pools start full
    assert sheet.skills == dict.fromkeys(THREE_SKILLS, 1)
    assert sheet.knacks == dict.fromkeys(THREE_KNACKS, 1)
    assert sheet.hp_max == 5 + 10 + 3
    assert (sheet.hp_lost, sheet.rank, sheet.lives, sheet.pending) == (0, None, None, ())
    assert not (sheet.sprained or sheet.ill or sheet.retired or sheet.knocked_out)


@pytest.mark.parametrize(
    "spread", [(3, 1, 1), (1, 3, 1), (1, 1, 3), (2, 2, 1), (2, 1, 2), (1, 2, 2)]
)
def test_the_six_ways_to_spread_five_points(spread: tuple[int, int, int]) -> None:
    strength, intelligence, spirit = spread
    validate_new_sheet(new_cat(strength=strength, intelligence=intelligence, spirit=spirit))


def test_six_points_are_refused() -> None:
    assert refusal(strength=3, intelligence=2, spirit=1) == (
        "You spread 6 points over the abilities; a new cat has exactly 5."
    )


def test_four_points_are_refused() -> None:
    assert refusal(strength=2, intelligence=1, spirit=1) == (
        "You spread 4 points over the abilities; a new cat has exactly 5."
    )


def test_an_ability_at_0_is_refused() -> None:
    assert refusal(strength=3, intelligence=2, spirit=0) == (
        "Each ability needs at least 1 point; you gave Spirit 0."
    )


def test_a_negative_ability_is_refused() -> None:
    assert refusal(strength=5, intelligence=1, spirit=-1) == (
        "Each ability needs at least 1 point; you gave Spirit -1."
    )


def test_two_equal_skills_are_refused() -> None:
    assert refusal(skills=(Skill.LISTEN, Skill.SEE, Skill.LISTEN)) == (
        "The three starting skills must be different; Listen is chosen twice."
    )


@pytest.mark.parametrize("skills", [(Skill.LISTEN, Skill.SEE), (*THREE_SKILLS, Skill.SWIM)])
def test_exactly_three_skills(skills: tuple[Skill, ...]) -> None:
    assert refusal(skills=skills) == (
        f"Choose exactly three starting skills; you gave {len(skills)}."
    )


def test_two_equal_knacks_are_refused() -> None:  # l.229: "three separate Knacks"
    assert refusal(knacks=(Knack.DODGE, Knack.FEINT, Knack.DODGE)) == (
        "The three knacks must be different; Dodge is chosen twice."
    )


def test_exactly_three_knacks() -> None:
    assert refusal(knacks=(Knack.DODGE, Knack.FEINT)) == "Choose exactly three knacks; you gave 2."


def test_the_ten_moon_bonus_must_be_chosen() -> None:
    assert refusal(ten_moon_bonus=None) == (
        "A cat of 10 moons or more gets +1 Intelligence or Spirit; choose which"
        " with ten-moon-bonus: (intelligence or spirit)."
    )


def test_the_ten_moon_bonus_is_not_strength() -> None:
    assert refusal(ten_moon_bonus=STR) == (
        "This gain goes to Intelligence or Spirit, not Strength."
    )


def test_a_younger_cat_has_no_knacks_and_no_ten_moon_bonus_yet() -> None:
    sheet = create_sheet(new_cat(age_moons=9, knacks=(), ten_moon_bonus=None))
    assert sheet.knacks == {}
    assert sheet.abilities.as_dict() == {STR: 3, INT: 2, SPI: 2}  # ThunderClan only
    assert sheet.hp_max == 5 + 9 + 3
    assert refusal(age_moons=9, ten_moon_bonus=None) == (
        "A cat younger than 10 moons knows no knacks yet; it learns three at 10 moons."
    )
    assert refusal(age_moons=9, knacks=()) == (
        "A cat younger than 10 moons gets its +1 Intelligence or Spirit when it reaches 10 moons."
    )


def test_a_newborn_kit_can_be_made() -> None:
    sheet = create_sheet(new_cat(age_moons=0, knacks=(), ten_moon_bonus=None, rank=Rank.KIT))
    assert (sheet.age_moons, sheet.rank, sheet.hp_max) == (0, Rank.KIT, 5 + 0 + 3)


def test_ages_outside_0_to_70_are_refused() -> None:
    assert refusal(age_moons=-1) == "Age cannot be negative; you gave -1 moons."
    assert refusal(age_moons=71) == (
        "A new cat can be at most 70 moons old; at 71 moons a cat retires."
    )


def test_age_choices_are_only_for_cats_older_than_ten_moons() -> None:
    assert refusal(age_choices=(Skill.SWIM,)) == (
        "Only a cat older than 10 moons chooses gains from the age table."
    )


def test_an_older_cat_takes_every_row_from_11_with_its_choices() -> None:
    # 11 Skill, 12 +1 any, 13 Knack, 14 +1 Int or Spi, 15 Skill, 16 Knack.
    assert [p.gain for p in choices_needed(10, 16)] == [
        Gain.SKILL,
        Gain.ANY_ABILITY,
        Gain.KNACK,
        Gain.INTELLIGENCE_OR_SPIRIT,
        Gain.SKILL,
        Gain.KNACK,
    ]
    sheet = create_sheet(
        new_cat(
            age_moons=16,
            age_choices=(Skill.SWIM, STR, Knack.DODGE, INT, Skill.ARCH, Knack.HIDE),
        )
    )
    assert sheet.age_moons == 16
    assert sheet.abilities.as_dict() == {STR: 5, INT: 3, SPI: 3}
    assert sheet.points.as_dict() == sheet.abilities.as_dict()
    assert sheet.skills == {
        Skill.ARCH: 2,
        Skill.BITE: 1,
        Skill.CLIMB: 1,
        Skill.PONDER: 1,
        Skill.SWIM: 1,
    }
    assert sheet.knacks == {Knack.ALERTNESS: 1, Knack.DODGE: 2, Knack.FEINT: 1, Knack.HIDE: 1}
    assert sheet.pending == ()
    assert sheet.hp_max == 5 + 16 + 5


def test_an_older_cat_needs_all_its_choices() -> None:
    assert refusal(age_moons=13, age_choices=(Skill.SWIM, STR)) == (
        "Growing to 13 moons needs more choices than the 2 given; the first missing one is "
        "Knack at 13 moons."
    )


def test_an_older_cat_cannot_be_given_extra_choices() -> None:
    assert refusal(age_moons=12, age_choices=(Skill.SWIM, STR, INT)) == (
        "Growing to 12 moons takes 2 choices; you gave 3."
    )


def test_a_wrong_age_choice_says_which_moon() -> None:
    assert refusal(age_moons=12, age_choices=(STR, Skill.SWIM)) == (
        "At 11 moons (Skill): Skill needs a skill; Strength is not one."
    )
    # Feint was picked at 10 moons and may be picked three times: that one is accepted.
    validate_new_sheet(new_cat(age_moons=13, age_choices=(Skill.SWIM, STR, Knack.FEINT)))


def test_an_older_cat_cannot_repick_a_knack_past_its_maximum() -> None:
    assert (
        refusal(
            knacks=(Knack.HIDE, Knack.DODGE, Knack.FEINT),
            age_moons=13,
            age_choices=(Skill.SWIM, STR, Knack.HIDE),
        )
        == "At 13 moons (Knack): Hide can be picked only once; choose another knack."
    )


def test_a_seventy_moon_cat_gets_every_gain_of_the_table() -> None:
    needed = choices_needed(10, 70)
    assert len(needed) == 15 + 20 + 6 + 2
    skills = iter([Skill.SWIM, Skill.SEE, Skill.SMELL] * 5)
    knacks = iter([Knack.ANIMAL_LORE] * 20)
    abilities = iter([SPI, INT] * 4)
    choices: list[Ability | Skill | Knack] = []
    for pending in needed:
        if pending.gain is Gain.SKILL:
            choices.append(next(skills))
        elif pending.gain is Gain.KNACK:
            choices.append(next(knacks))
        else:
            choices.append(next(abilities))
    sheet = create_sheet(new_cat(age_moons=70, ten_moon_bonus=INT, age_choices=tuple(choices)))
    # Abilities: 2/2/1 + ThunderClan Str, Spi + 10 moons Str, Int = 4/3/2; then four Spirit and
    # four Intelligence from the eight choices, +1 Int (38), +2 Spi (50, 69), −2 Str (57, 68).
    assert sheet.abilities.as_dict() == {STR: 2, INT: 8, SPI: 8}
    assert sheet.skills == {
        Skill.ARCH: 1,
        Skill.BITE: 1,
        Skill.CLIMB: 1,
        Skill.PONDER: 1,  # ThunderClan's
        Skill.SEE: 5,
        Skill.SMELL: 5,
        Skill.SWIM: 5,
    }
    assert sheet.picks(Knack.ANIMAL_LORE) == 20  # a lore knack has no maximum
    assert sheet.hp_max == 5 + 70 + 2
    assert not sheet.retired


def test_older_cats_and_leaders_need_an_admins_approval() -> None:
    assert not needs_admin_approval(new_cat())
    assert needs_admin_approval(new_cat(age_moons=11, age_choices=(Skill.SWIM,)))
    assert needs_admin_approval(new_cat(rank=Rank.LEADER))
    assert needs_admin_approval(new_cat(rank=Rank.DEPUTY))
    assert not needs_admin_approval(new_cat(rank=Rank.WARRIOR))


def test_a_new_leader_gets_its_lives() -> None:
    assert create_sheet(new_cat(rank=Rank.LEADER)).lives == 9
    assert create_sheet(new_cat(rank=Rank.LEADER, previous_leader_lives=3)).lives == 6


def test_only_a_new_leader_counts_the_previous_leaders_lives() -> None:
    assert refusal(rank=Rank.WARRIOR, previous_leader_lives=3) == (
        "Only a Clan's new leader counts the previous leader's lives."
    )


def test_a_rank_the_group_does_not_have_is_refused() -> None:
    assert refusal(rank=Rank.CAVE_GUARD).startswith("ThunderClan has no such rank; its ranks are:")
    assert (
        refusal(clan=Clan.KITTYPET, rank=Rank.WARRIOR)
        == "A Kittypet has no rank, so it cannot be given one."
    )


def test_a_full_rank_is_refused_at_creation() -> None:
    with pytest.raises(PawpostError) as refused:
        create_sheet(new_cat(rank=Rank.DEPUTY), rank_holders=1)
    assert refused.value.message == "ThunderClan already has its deputy, and there is only one."
    create_sheet(new_cat(rank=Rank.ELITE), rank_holders=4)  # the fifth elite


def test_the_builder_shows_points_left() -> None:
    assert points_left_to_spread(1, 1, 1) == 2
    assert points_left_to_spread(2, 2, 1) == 0
    assert points_left_to_spread(3, 2, 1) == -1


def test_choices_survive_a_json_round_trip() -> None:
    new = new_cat(
        clan=Clan.LONER,
        loner_abilities=(STR, SPI),
        loner_skill=Skill.SWIM,
        age_moons=14,
        age_choices=(Skill.SEE, STR, Knack.HIDE, SPI),
    )
    again = NewCat.model_validate_json(new.model_dump_json())
    assert again == new
    assert create_sheet(again) == create_sheet(new)


def test_choices_needed_names_the_moons() -> None:
    assert choices_needed(17, 19) == (
        PendingGain(gain=Gain.SKILL, moon=19),
        PendingGain(gain=Gain.KNACK, moon=19),
    )
    assert choices_needed(10, 10) == ()
