"""Every group's bonuses exactly as the book gives them (l.71-102), and the Loners' choices."""

import pytest

from rules.errors import PawpostError
from rules.wcagr import CLANS, Ability, Clan, ClanType, Skill, create_sheet
from tests.rules.wcagr.cats import THREE_SKILLS, new_cat

STR, INT, SPI = Ability.STRENGTH, Ability.INTELLIGENCE, Ability.SPIRIT
YOUNG = 9  # moons: no 10-moon gains, so only the group's bonuses show


def young(clan: Clan, **choices: object) -> dict[Ability, int]:
    sheet = create_sheet(
        new_cat(clan=clan, age_moons=YOUNG, knacks=(), ten_moon_bonus=None, **choices)
    )
    return sheet.abilities.as_dict()


@pytest.mark.parametrize(
    ("clan", "abilities", "skill"),
    [
        (Clan.THUNDERCLAN, {STR: 3, INT: 2, SPI: 2}, Skill.PONDER),  # l.73
        (Clan.RIVERCLAN, {STR: 3, INT: 2, SPI: 2}, Skill.SWIM),  # l.76
        (Clan.WINDCLAN, {STR: 2, INT: 3, SPI: 2}, Skill.LISTEN),  # l.79
        (Clan.SHADOWCLAN, {STR: 3, INT: 3, SPI: 1}, Skill.SNEAK),  # l.82 "Stealth"
        (Clan.BLOODCLAN, {STR: 4, INT: 2, SPI: 1}, Skill.WRESTLE),  # l.87 "Wrestling"
        (Clan.SKYCLAN, {STR: 2, INT: 4, SPI: 1}, Skill.CLIMB),  # l.90
        (Clan.TRIBE_OF_RUSHING_WATER, {STR: 2, INT: 2, SPI: 3}, Skill.FOCUS),  # l.93
    ],
)
def test_each_clans_ability_and_skill_bonuses(
    clan: Clan, abilities: dict[Ability, int], skill: Skill
) -> None:
    # The spread is Strength 2, Intelligence 2, Spirit 1; starting skills See, Smell, Hiss.
    sheet = create_sheet(
        new_cat(
            clan=clan,
            age_moons=YOUNG,
            knacks=(),
            ten_moon_bonus=None,
            skills=(Skill.SEE, Skill.SMELL, Skill.HISS),
        )
    )
    assert sheet.abilities.as_dict() == abilities
    assert sheet.skill(skill) == 1
    assert sheet.skills == {Skill.SEE: 1, Skill.SMELL: 1, Skill.HISS: 1, skill: 1}


@pytest.mark.parametrize("clan", [Clan.KITTYPET, Clan.WARRIORCLAN])  # l.99, l.102
def test_kittypets_and_warriorclan_get_nothing(clan: Clan) -> None:
    sheet = create_sheet(new_cat(clan=clan, age_moons=YOUNG, knacks=(), ten_moon_bonus=None))
    assert sheet.abilities.as_dict() == {STR: 2, INT: 2, SPI: 1}
    assert sheet.skills == dict.fromkeys(THREE_SKILLS, 1)


def test_a_clan_skill_stacks_on_a_starting_skill() -> None:
    sheet = create_sheet(new_cat(skills=(Skill.PONDER, Skill.ARCH, Skill.BITE)))
    assert sheet.skills == {Skill.ARCH: 1, Skill.BITE: 1, Skill.PONDER: 2}


def test_the_ten_moon_gains_add_to_the_clans() -> None:
    # ThunderClan at 10 moons with +1 Spirit: Strength 2+1+1, Intelligence 2, Spirit 1+1+1.
    sheet = create_sheet(new_cat())
    assert sheet.abilities.as_dict() == {STR: 4, INT: 2, SPI: 3}


@pytest.mark.parametrize("clan", [Clan.LONER, Clan.ROGUE])
def test_a_loner_or_rogue_raises_one_ability_by_2(clan: Clan) -> None:  # l.96; RULINGS: Rogues
    abilities = young(clan, loner_abilities=(SPI,), loner_skill=Skill.SWIM)
    assert abilities == {STR: 2, INT: 2, SPI: 3}


@pytest.mark.parametrize("clan", [Clan.LONER, Clan.ROGUE])
def test_a_loner_or_rogue_raises_two_abilities_by_1(clan: Clan) -> None:
    abilities = young(clan, loner_abilities=(STR, SPI), loner_skill=Skill.SWIM)
    assert abilities == {STR: 3, INT: 2, SPI: 2}


def test_naming_one_ability_twice_is_the_plus_2() -> None:
    assert young(Clan.LONER, loner_abilities=(INT, INT), loner_skill=Skill.SWIM) == {
        STR: 2,
        INT: 4,
        SPI: 1,
    }


def test_a_loners_skill_is_new_or_stacks() -> None:
    sheet = create_sheet(new_cat(clan=Clan.LONER, loner_abilities=(STR,), loner_skill=Skill.SWIM))
    assert sheet.skill(Skill.SWIM) == 1
    stacked = create_sheet(new_cat(clan=Clan.LONER, loner_abilities=(STR,), loner_skill=Skill.ARCH))
    assert stacked.skill(Skill.ARCH) == 2


@pytest.mark.parametrize("named", [(), (STR, INT, SPI)])
def test_a_loner_names_one_or_two_abilities(named: tuple[Ability, ...]) -> None:
    with pytest.raises(PawpostError) as refused:
        young(Clan.LONER, loner_abilities=named, loner_skill=Skill.SWIM)
    assert refused.value.message == (
        f"A Loner raises one ability by 2 or two by 1; you named {len(named)}."
    )


def test_a_rogue_is_named_as_one_when_refused() -> None:
    with pytest.raises(PawpostError, match=r"^A Rogue raises one ability by 2"):
        young(Clan.ROGUE, loner_skill=Skill.SWIM)


def test_a_loner_chooses_a_skill() -> None:
    with pytest.raises(PawpostError) as refused:
        young(Clan.LONER, loner_abilities=(STR,))
    assert refused.value.message == "A Loner raises one skill of its choosing by 1; choose which."


@pytest.mark.parametrize("choices", [{"loner_abilities": (STR,)}, {"loner_skill": Skill.SWIM}])
def test_other_groups_cannot_choose_their_bonuses(choices: dict[str, object]) -> None:
    with pytest.raises(PawpostError) as refused:
        young(Clan.WINDCLAN, **choices)
    assert (
        refused.value.message
        == "Only Loners and Rogues choose their own bonuses; WindClan's are fixed."
    )


def test_the_ten_groups_and_rogues() -> None:
    assert [clan.label for clan in Clan] == [
        "ThunderClan",
        "RiverClan",
        "WindClan",
        "ShadowClan",
        "BloodClan",
        "SkyClan",
        "Tribe of Rushing Water",
        "Loner",
        "Kittypet",
        "WarriorClan",
        "Rogue",
    ]
    assert [clan for clan in Clan if clan.chooses_bonuses] == [Clan.LONER, Clan.ROGUE]


def test_which_rank_list_each_group_uses() -> None:
    assert {clan: clan.clan_type for clan in Clan} == {
        Clan.THUNDERCLAN: ClanType.CLAN,
        Clan.RIVERCLAN: ClanType.CLAN,
        Clan.WINDCLAN: ClanType.CLAN,
        Clan.SHADOWCLAN: ClanType.CLAN,
        Clan.BLOODCLAN: ClanType.BLOODCLAN,
        Clan.SKYCLAN: ClanType.CLAN,
        Clan.TRIBE_OF_RUSHING_WATER: ClanType.TRIBE,
        Clan.LONER: ClanType.NO_RANKS,
        Clan.KITTYPET: ClanType.NO_RANKS,
        Clan.WARRIORCLAN: ClanType.CLAN,
        Clan.ROGUE: ClanType.NO_RANKS,
    }


def test_each_entry_cites_its_bonus_line() -> None:
    assert [CLANS[clan].line for clan in Clan] == [73, 76, 79, 82, 87, 90, 93, 96, 99, 102, 104]
