"""Ranks: the book's three lists, how many a group may have, a leader's lives."""

import pytest

from rules.errors import PawpostError
from rules.wcagr import (
    BLOODCLAN_RANKS,
    CLAN_RANKS,
    TRIBE_RANKS,
    Clan,
    Rank,
    change_rank,
    check_rank_open,
    has_lives,
    leader_lives,
    rank_info,
    ranks_for,
)
from tests.rules.wcagr.cats import cat

THUNDER, BLOOD, TRIBE = Clan.THUNDERCLAN, Clan.BLOODCLAN, Clan.TRIBE_OF_RUSHING_WATER


def test_the_fourteen_clan_ranks() -> None:  # l.104-133: "nine ranks ... five new ranks"
    assert [info.label for info in CLAN_RANKS] == [
        "Leader",
        "Deputy",
        "Elite",
        "Seer",
        "Silverblood",
        "Medicine Cat",
        "Elder",
        "Queen/King/Royal",
        "Camp Guard",
        "Warrior",
        "Apprentice",
        "Medicine Cat Apprentice",
        "Silverblood Apprentice",
        "Kit",
    ]


def test_bloodclan_ranks() -> None:  # l.134-143
    assert [info.label for info in BLOODCLAN_RANKS] == [
        "Leader",
        "Elite",
        "Bloodwatch Patrol",
        "BloodClan Member",
    ]


def test_tribe_ranks() -> None:  # l.144-158
    assert [info.label for info in TRIBE_RANKS] == [
        "Healer (Teller of the Pointed Stones)",
        "Prey-Hunter",
        "Cave-Guard",
        "To-Be",
        "Kit-Parent",
        "Elder",
        "Kit",
    ]


def test_which_list_each_group_uses() -> None:
    for clan in (Clan.THUNDERCLAN, Clan.RIVERCLAN, Clan.WINDCLAN, Clan.SHADOWCLAN, Clan.SKYCLAN):
        assert ranks_for(clan) == CLAN_RANKS
    assert ranks_for(Clan.WARRIORCLAN) == CLAN_RANKS  # an unofficial Clan, with Clan ranks
    assert ranks_for(BLOOD) == BLOODCLAN_RANKS
    assert ranks_for(TRIBE) == TRIBE_RANKS
    for clan in (Clan.LONER, Clan.ROGUE, Clan.KITTYPET):  # l.104
        assert ranks_for(clan) == ()


def test_the_counts_the_book_gives() -> None:
    most = {info.rank: info.most for info in CLAN_RANKS if info.most is not None}
    assert most == {
        Rank.LEADER: 1,  # l.107
        Rank.DEPUTY: 1,  # l.109
        Rank.ELITE: 5,  # l.111
        Rank.SEER: 2,  # l.113
        Rank.SILVERBLOOD: 2,  # l.115
        Rank.MEDICINE_CAT: 2,  # l.117
    }
    assert {i.rank: i.most for i in BLOODCLAN_RANKS if i.most} == {Rank.LEADER: 1, Rank.ELITE: 5}
    assert {i.rank: i.most for i in TRIBE_RANKS if i.most} == {Rank.HEALER: 1}


@pytest.mark.parametrize(
    ("rank", "most", "sentence"),
    [
        (Rank.LEADER, 1, "ThunderClan already has its leader, and there is only one."),
        (Rank.DEPUTY, 1, "ThunderClan already has its deputy, and there is only one."),
        (Rank.ELITE, 5, "ThunderClan already has 5 elites, the most it can have."),
        (Rank.MEDICINE_CAT, 2, "ThunderClan already has 2 medicine cats, the most it can have."),
        (Rank.SILVERBLOOD, 2, "ThunderClan already has 2 silverbloods, the most it can have."),
        (Rank.SEER, 2, "ThunderClan already has 2 seers, the most it can have."),
    ],
)
def test_a_full_rank_is_refused(rank: Rank, most: int, sentence: str) -> None:
    check_rank_open(THUNDER, rank, most - 1)  # the last place is open
    with pytest.raises(PawpostError) as refused:
        check_rank_open(THUNDER, rank, most)
    assert refused.value.message == sentence


def test_warriors_and_others_have_no_limit() -> None:
    check_rank_open(THUNDER, Rank.WARRIOR, 40)
    check_rank_open(THUNDER, Rank.ELDER, 12)
    check_rank_open(THUNDER, Rank.APPRENTICE, 9)


def test_the_tribe_has_one_healer() -> None:
    with pytest.raises(PawpostError) as refused:
        check_rank_open(TRIBE, Rank.HEALER, 1)
    assert refused.value.message == (
        "Tribe of Rushing Water already has its healer (teller of the pointed stones), and "
        "there is only one."
    )


def test_a_rank_from_another_list_is_refused() -> None:
    with pytest.raises(PawpostError) as refused:
        rank_info(BLOOD, Rank.DEPUTY)
    assert refused.value.message == (
        "BloodClan has no such rank; its ranks are: Leader, Elite, Bloodwatch Patrol, "
        "BloodClan Member."
    )
    with pytest.raises(PawpostError) as refused:
        rank_info(Clan.ROGUE, Rank.WARRIOR)
    assert refused.value.message == "A Rogue has no rank, so it cannot be given one."


def test_leaders_and_deputies_wait_for_an_admin() -> None:
    approved = {info.rank for info in CLAN_RANKS if info.needs_approval}
    assert approved == {Rank.LEADER, Rank.DEPUTY}
    assert rank_info(BLOOD, Rank.LEADER).needs_approval
    assert rank_info(TRIBE, Rank.HEALER).needs_approval


def test_names_some_ranks_give() -> None:  # l.107, 127-133
    endings = {info.rank: info.name_ending for info in CLAN_RANKS if info.name_ending}
    assert endings == {
        Rank.LEADER: "-star",
        Rank.APPRENTICE: "-paw",
        Rank.MEDICINE_CAT_APPRENTICE: "-paw",
        Rank.SILVERBLOOD_APPRENTICE: "-paw",
        Rank.KIT: "-kit",
    }


def test_the_usual_ages_are_hints() -> None:  # l.113, 125-133, 158
    assert rank_info(THUNDER, Rank.WARRIOR).usual_from_moons == 12
    assert rank_info(THUNDER, Rank.APPRENTICE).usual_from_moons == 6
    assert rank_info(THUNDER, Rank.SEER).usual_from_moons == 6
    assert rank_info(THUNDER, Rank.KIT).usual_under_moons == 6
    assert rank_info(TRIBE, Rank.TO_BE).usual_from_moons == 8
    assert rank_info(TRIBE, Rank.KIT).usual_under_moons == 8


@pytest.mark.parametrize(("previous", "lives"), [(0, 9), (1, 8), (3, 6), (8, 1), (9, 1)])
def test_a_leaders_lives(previous: int, lives: int) -> None:  # l.107
    assert leader_lives(previous) == lives


@pytest.mark.parametrize("previous", [-1, 10])
def test_the_previous_leaders_lives_are_0_to_9(previous: int) -> None:
    with pytest.raises(PawpostError) as refused:
        leader_lives(previous)
    assert refused.value.message == (
        f"The previous leader cannot have {previous} lives left; give 0 to 9."
    )


def test_only_a_clan_leader_has_lives() -> None:
    assert has_lives(THUNDER, Rank.LEADER)
    assert has_lives(Clan.WARRIORCLAN, Rank.LEADER)
    assert not has_lives(BLOOD, Rank.LEADER)
    assert not has_lives(TRIBE, Rank.HEALER)  # l.146: "they do not have nine lives"
    assert not has_lives(THUNDER, Rank.DEPUTY)


def test_a_deputy_becomes_leader_with_its_lives() -> None:
    deputy = cat(rank=Rank.DEPUTY)
    leader = change_rank(deputy, Rank.LEADER, previous_leader_lives=2)
    assert (leader.rank, leader.lives) == (Rank.LEADER, 7)
    assert change_rank(deputy, Rank.LEADER).lives == 9


def test_leaving_the_leadership_takes_the_lives() -> None:
    elder = change_rank(cat(rank=Rank.LEADER, lives=4), Rank.ELDER)
    assert (elder.rank, elder.lives) == (Rank.ELDER, None)
    plain = change_rank(cat(rank=Rank.LEADER, lives=4), None)
    assert (plain.rank, plain.lives) == (None, None)


def test_a_rank_change_counts_the_holders() -> None:
    with pytest.raises(PawpostError, match="already has its deputy"):
        change_rank(cat(rank=Rank.WARRIOR), Rank.DEPUTY, holders=1)
    assert change_rank(cat(rank=Rank.WARRIOR), Rank.ELITE, holders=4).rank is Rank.ELITE


def test_a_rank_change_is_refused_when_it_changes_nothing_or_does_not_fit() -> None:
    with pytest.raises(PawpostError) as refused:
        change_rank(cat(rank=Rank.WARRIOR), Rank.WARRIOR)
    assert refused.value.message == "The cat's rank is already Warrior."
    with pytest.raises(PawpostError, match="^ThunderClan has no such rank"):
        change_rank(cat(), Rank.PREY_HUNTER)


def test_a_retired_cat_keeps_its_rank() -> None:
    with pytest.raises(PawpostError) as refused:
        change_rank(cat(rank=Rank.ELDER, retired=True), Rank.WARRIOR)
    assert refused.value.message == "A retired cat stays an elder; its rank cannot change."


def test_a_bloodclan_leader_has_no_lives() -> None:
    leader = change_rank(cat(clan=BLOOD), Rank.LEADER)
    assert (leader.rank, leader.lives) == (Rank.LEADER, None)
