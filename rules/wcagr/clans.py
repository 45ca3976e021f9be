"""The ten groups a cat can come from (Rogues play as Loners) and what each adds at creation."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from rules.wcagr.abilities import Ability
from rules.wcagr.constants import (
    CLAN_ABILITY_BONUS,
    CLAN_DOUBLE_ABILITY_BONUS,
)
from rules.wcagr.skills import Skill


class ClanType(StrEnum):
    """Which list of ranks a group uses (book l.104-158)."""

    CLAN = "clan"
    BLOODCLAN = "bloodclan"
    TRIBE = "tribe"
    NO_RANKS = "no-ranks"  # book l.104: "rouges, loners, and kittypets have no ranks"


class Clan(StrEnum):
    """The book's ten groups in its order, plus Rogues (named at l.104 but given no entry)."""

    THUNDERCLAN = "thunderclan"
    RIVERCLAN = "riverclan"
    WINDCLAN = "windclan"
    SHADOWCLAN = "shadowclan"
    BLOODCLAN = "bloodclan"
    SKYCLAN = "skyclan"
    TRIBE_OF_RUSHING_WATER = "tribe-of-rushing-water"
    LONER = "loner"
    KITTYPET = "kittypet"
    WARRIORCLAN = "warriorclan"
    ROGUE = "rogue"

    @property
    def label(self) -> str:
        return CLANS[self].label

    @property
    def clan_type(self) -> ClanType:
        return CLANS[self].clan_type

    @property
    def chooses_bonuses(self) -> bool:
        """Loners and Rogues pick their own ability and skill increases."""
        return CLANS[self].chooses_bonuses


class ClanInfo(BaseModel):
    """A group's creation bonuses as the book gives them. Loners (and Rogues) have none fixed:
    they choose (see `rules.wcagr.creation`)."""

    model_config = ConfigDict(frozen=True)

    label: str
    clan_type: ClanType
    abilities: Mapping[Ability, int] = {}
    skill: Skill | None = None
    chooses_bonuses: bool = False
    line: int


CLANS: Mapping[Clan, ClanInfo] = {
    Clan.THUNDERCLAN: ClanInfo(  # book l.73: "Strength and Spirit ... by 1 ... Ponder ... by 1"
        label="ThunderClan",
        clan_type=ClanType.CLAN,
        abilities={Ability.STRENGTH: CLAN_ABILITY_BONUS, Ability.SPIRIT: CLAN_ABILITY_BONUS},
        skill=Skill.PONDER,
        line=73,
    ),
    Clan.RIVERCLAN: ClanInfo(  # book l.76: "Strength and Spirit ... by 1 ... Swim ... by 1"
        label="RiverClan",
        clan_type=ClanType.CLAN,
        abilities={Ability.STRENGTH: CLAN_ABILITY_BONUS, Ability.SPIRIT: CLAN_ABILITY_BONUS},
        skill=Skill.SWIM,
        line=76,
    ),
    Clan.WINDCLAN: ClanInfo(  # book l.79: "Intelligence and Spirit ... by 1 ... Listen ... by 1"
        label="WindClan",
        clan_type=ClanType.CLAN,
        abilities={Ability.INTELLIGENCE: CLAN_ABILITY_BONUS, Ability.SPIRIT: CLAN_ABILITY_BONUS},
        skill=Skill.LISTEN,
        line=79,
    ),
    # Book l.82: "Strength and Intelligence ... by 1 and your Stealth skill increases by 1".
    # There is no Stealth skill; RULINGS: it is Sneak.
    Clan.SHADOWCLAN: ClanInfo(
        label="ShadowClan",
        clan_type=ClanType.CLAN,
        abilities={Ability.STRENGTH: CLAN_ABILITY_BONUS, Ability.INTELLIGENCE: CLAN_ABILITY_BONUS},
        skill=Skill.SNEAK,
        line=82,
    ),
    # Book l.87: "Strength scores increases by 2 and your Wrestling skill increases by 1".
    # RULINGS: "Wrestling" is the Wrestle skill.
    Clan.BLOODCLAN: ClanInfo(
        label="BloodClan",
        clan_type=ClanType.BLOODCLAN,
        abilities={Ability.STRENGTH: CLAN_DOUBLE_ABILITY_BONUS},
        skill=Skill.WRESTLE,
        line=87,
    ),
    Clan.SKYCLAN: ClanInfo(  # book l.90: "Intelligence scores increases by 2 ... Climb ... by 1"
        label="SkyClan",
        clan_type=ClanType.CLAN,
        abilities={Ability.INTELLIGENCE: CLAN_DOUBLE_ABILITY_BONUS},
        skill=Skill.CLIMB,
        line=90,
    ),
    Clan.TRIBE_OF_RUSHING_WATER: ClanInfo(  # book l.93: "Spirit ... by 2 ... Focus ... by 1"
        label="Tribe of Rushing Water",
        clan_type=ClanType.TRIBE,
        abilities={Ability.SPIRIT: CLAN_DOUBLE_ABILITY_BONUS},
        skill=Skill.FOCUS,
        line=93,
    ),
    Clan.LONER: ClanInfo(  # book l.96: "You pick either one ability score ... or two ..."
        label="Loner",
        clan_type=ClanType.NO_RANKS,
        chooses_bonuses=True,
        line=96,
    ),
    Clan.KITTYPET: ClanInfo(  # book l.99: "No Ability score or skill increases."
        label="Kittypet",
        clan_type=ClanType.NO_RANKS,
        line=99,
    ),
    # Book l.102: "No Ability score or skill increases." WarriorClan is "an unofficial Clan" made
    # to honour the warrior Clans (l.101), so it keeps the Clan ranks: a player naming their cat
    # its deputy expects the Clan list, and the book only denies ranks to rogues, loners and
    # kittypets (l.104).
    Clan.WARRIORCLAN: ClanInfo(
        label="WarriorClan",
        clan_type=ClanType.CLAN,
        line=102,
    ),
    # Book l.104 names "rouges" beside loners and kittypets but gives them no entry; RULINGS:
    # Rogues choose as Loners do, and like them have no ranks.
    Clan.ROGUE: ClanInfo(
        label="Rogue",
        clan_type=ClanType.NO_RANKS,
        chooses_bonuses=True,
        line=104,
    ),
}
