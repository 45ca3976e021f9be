"""Ranks: the book's lists for each kind of group, how many a group may have, a leader's lives."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict

from rules.errors import PawpostError
from rules.wcagr.clans import Clan, ClanType
from rules.wcagr.constants import (
    APPRENTICE_USUAL_AGE_MOONS,
    DEPUTIES_PER_CLAN,
    HEALERS_PER_TRIBE,
    KIT_USUAL_AGE_MOONS,
    LEADER_LIVES,
    LEADERS_PER_CLAN,
    MOST_ELITES,
    MOST_MEDICINE_CATS,
    MOST_SEERS,
    MOST_SILVERBLOODS,
    SEER_USUAL_AGE_MOONS,
    TO_BE_AGE_MOONS,
    WARRIOR_USUAL_AGE_MOONS,
)

if TYPE_CHECKING:
    from rules.wcagr.sheet import WcagrSheet


class Rank(StrEnum):
    """Every rank of the three lists; which ones a cat may hold depends on its group."""

    LEADER = "leader"
    DEPUTY = "deputy"
    ELITE = "elite"
    SEER = "seer"
    SILVERBLOOD = "silverblood"
    MEDICINE_CAT = "medicine-cat"
    ELDER = "elder"
    ROYAL = "royal"
    CAMP_GUARD = "camp-guard"
    WARRIOR = "warrior"
    APPRENTICE = "apprentice"
    MEDICINE_CAT_APPRENTICE = "medicine-cat-apprentice"
    SILVERBLOOD_APPRENTICE = "silverblood-apprentice"
    KIT = "kit"
    BLOODWATCH_PATROL = "bloodwatch-patrol"
    BLOODCLAN_MEMBER = "bloodclan-member"
    HEALER = "healer"
    PREY_HUNTER = "prey-hunter"
    CAVE_GUARD = "cave-guard"
    TO_BE = "to-be"
    KIT_PARENT = "kit-parent"


class RankInfo(BaseModel):
    """One rank of a list. `most` is how many cats of one group may hold it (None: any number);
    `needs_approval` ranks wait for an admin (the issue: "admins approve leader and deputy").
    The usual ages are the book's "typically"s: shown to help, never enforced, since the book
    says ranks are flavour (l.104)."""

    model_config = ConfigDict(frozen=True)

    rank: Rank
    label: str
    most: int | None = None
    needs_approval: bool = False
    name_ending: str | None = None
    usual_from_moons: int | None = None
    usual_under_moons: int | None = None
    line: int


# Book l.105-133: the fourteen Clan ranks ("originally nine ranks ... five new ranks", l.104).
CLAN_RANKS: tuple[RankInfo, ...] = (
    RankInfo(
        rank=Rank.LEADER,
        label="Leader",
        most=LEADERS_PER_CLAN,
        needs_approval=True,
        name_ending="-star",
        line=107,
    ),
    RankInfo(
        rank=Rank.DEPUTY, label="Deputy", most=DEPUTIES_PER_CLAN, needs_approval=True, line=109
    ),
    RankInfo(rank=Rank.ELITE, label="Elite", most=MOST_ELITES, line=111),
    # Book l.113: "There usually is one Seer per Clan at a time but, around the end of the
    # current Seers life, a new Seer will be born": RULINGS gives no count, so we allow the two
    # the text describes, as it does for medicine cats and silverbloods.
    RankInfo(
        rank=Rank.SEER,
        label="Seer",
        most=MOST_SEERS,
        usual_from_moons=SEER_USUAL_AGE_MOONS,
        line=113,
    ),
    RankInfo(rank=Rank.SILVERBLOOD, label="Silverblood", most=MOST_SILVERBLOODS, line=115),
    RankInfo(rank=Rank.MEDICINE_CAT, label="Medicine Cat", most=MOST_MEDICINE_CATS, line=117),
    RankInfo(rank=Rank.ELDER, label="Elder", line=119),
    RankInfo(rank=Rank.ROYAL, label="Queen/King/Royal", line=121),
    RankInfo(rank=Rank.CAMP_GUARD, label="Camp Guard", line=123),
    RankInfo(
        rank=Rank.WARRIOR, label="Warrior", usual_from_moons=WARRIOR_USUAL_AGE_MOONS, line=125
    ),
    RankInfo(
        rank=Rank.APPRENTICE,
        label="Apprentice",
        name_ending="-paw",
        usual_from_moons=APPRENTICE_USUAL_AGE_MOONS,
        line=127,
    ),
    RankInfo(
        rank=Rank.MEDICINE_CAT_APPRENTICE,
        label="Medicine Cat Apprentice",
        name_ending="-paw",
        usual_from_moons=APPRENTICE_USUAL_AGE_MOONS,
        line=129,
    ),
    RankInfo(
        rank=Rank.SILVERBLOOD_APPRENTICE,
        label="Silverblood Apprentice",
        name_ending="-paw",
        usual_from_moons=APPRENTICE_USUAL_AGE_MOONS,
        line=131,
    ),
    RankInfo(
        rank=Rank.KIT,
        label="Kit",
        name_ending="-kit",
        usual_under_moons=KIT_USUAL_AGE_MOONS,
        line=133,
    ),
)

# Book l.134-143. "Similar to Clan elites" (l.139): the same most of 5. The leader is "chosen
# either as an heir or through bloodshed" (l.137): one, approved by an admin like a Clan's.
BLOODCLAN_RANKS: tuple[RankInfo, ...] = (
    RankInfo(
        rank=Rank.LEADER,
        label="Leader",
        most=LEADERS_PER_CLAN,
        needs_approval=True,
        line=137,
    ),
    RankInfo(rank=Rank.ELITE, label="Elite", most=MOST_ELITES, line=139),
    RankInfo(rank=Rank.BLOODWATCH_PATROL, label="Bloodwatch Patrol", line=141),
    RankInfo(rank=Rank.BLOODCLAN_MEMBER, label="BloodClan Member", line=143),
)

# Book l.144-158. The Healer "acts as a leader" (l.146), so it is one per Tribe and approved
# by an admin like a leader.
TRIBE_RANKS: tuple[RankInfo, ...] = (
    RankInfo(
        rank=Rank.HEALER,
        label="Healer (Teller of the Pointed Stones)",
        most=HEALERS_PER_TRIBE,
        needs_approval=True,
        line=146,
    ),
    RankInfo(rank=Rank.PREY_HUNTER, label="Prey-Hunter", line=148),
    RankInfo(rank=Rank.CAVE_GUARD, label="Cave-Guard", line=150),
    RankInfo(rank=Rank.TO_BE, label="To-Be", usual_from_moons=TO_BE_AGE_MOONS, line=152),
    RankInfo(rank=Rank.KIT_PARENT, label="Kit-Parent", line=154),
    RankInfo(rank=Rank.ELDER, label="Elder", line=156),
    RankInfo(rank=Rank.KIT, label="Kit", usual_under_moons=TO_BE_AGE_MOONS, line=158),
)

RANKS: Mapping[ClanType, tuple[RankInfo, ...]] = {
    ClanType.CLAN: CLAN_RANKS,
    ClanType.BLOODCLAN: BLOODCLAN_RANKS,
    ClanType.TRIBE: TRIBE_RANKS,
    ClanType.NO_RANKS: (),  # book l.104
}


def ranks_for(clan: Clan) -> tuple[RankInfo, ...]:
    """The ranks a cat of `clan` may hold, in the book's order."""
    return RANKS[clan.clan_type]


def is_rank_of(clan: Clan, rank: Rank) -> bool:
    return any(info.rank is rank for info in ranks_for(clan))


def rank_info(clan: Clan, rank: Rank) -> RankInfo:
    """The rank as `clan`'s list gives it; refuses a rank the group does not have."""
    for info in ranks_for(clan):
        if info.rank is rank:
            return info
    choices = ranks_for(clan)
    if not choices:
        raise PawpostError(f"A {clan.label} has no rank, so it cannot be given one.")
    names = ", ".join(info.label for info in choices)
    raise PawpostError(f"{clan.label} has no such rank; its ranks are: {names}.")


def check_rank_open(clan: Clan, rank: Rank, holders: int) -> None:
    """Refuse `rank` when `holders` other cats of the same group already hold as many as the
    book allows (one leader, one deputy, at most 5 elites, 2 medicine cats, 2 silverbloods)."""
    info = rank_info(clan, rank)
    if info.most is None or holders < info.most:
        return
    if info.most == 1:
        raise PawpostError(
            f"{clan.label} already has its {info.label.lower()}, and there is only one."
        )
    raise PawpostError(
        f"{clan.label} already has {info.most} {info.label.lower()}s, the most it can have."
    )


def has_lives(clan: Clan, rank: Rank | None) -> bool:
    """Only a Clan's leader has lives (l.107); BloodClan's leader and the Tribe's Healer do not
    (l.146: "unlike leaders they do not have nine lives")."""
    return rank is Rank.LEADER and clan.clan_type is ClanType.CLAN


def leader_lives(previous_leader_lives: int = 0) -> int:
    """A new leader's lives: nine, less one for every life the previous leader still has
    (l.107). The book would give none to a leader whose predecessor still has all nine; we keep
    at least one, since every living cat has its own life."""
    if not 0 <= previous_leader_lives <= LEADER_LIVES:
        raise PawpostError(
            f"The previous leader cannot have {previous_leader_lives} lives left; "
            f"give 0 to {LEADER_LIVES}."
        )
    return max(1, LEADER_LIVES - previous_leader_lives)


def change_rank(
    sheet: WcagrSheet, rank: Rank | None, *, holders: int = 0, previous_leader_lives: int = 0
) -> WcagrSheet:
    """The sheet with a new rank (None: no rank). `holders` is how many other cats of the cat's
    group hold `rank` now. A new Clan leader gets its lives; a cat leaving the leadership loses
    them. Only the counts are enforced: the book's paths ("To become a leader requires becoming
    a deputy", l.107) are for the approving admins, since RULINGS makes ranks flavour."""
    if sheet.dead:
        raise PawpostError("This cat is dead; its player may make a new cat.")
    if sheet.retired:
        raise PawpostError("A retired cat stays an elder; its rank cannot change.")
    if rank is None:
        return sheet.changed(rank=None, lives=None)
    if rank is sheet.rank:
        raise PawpostError(f"The cat's rank is already {rank_info(sheet.clan, rank).label}.")
    check_rank_open(sheet.clan, rank, holders)
    lives = leader_lives(previous_leader_lives) if has_lives(sheet.clan, rank) else None
    return sheet.changed(rank=rank, lives=lives)
