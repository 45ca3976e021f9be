"""WCAGR's queries over the characters table: rank holders per clan, sprained and live cats."""

from __future__ import annotations

from datetime import UTC, datetime

from rules.wcagr import Clan, NewCat, Rank, Skill, create_sheet, with_sprain
from storage.models import NewCharacter
from storage.wcagr import wcagr

NOW = datetime(2026, 12, 1, tzinfo=UTC)
GUILD = 1


def cat(name: str, clan: Clan, rank: Rank | None = None, *, guild: int = GUILD) -> NewCharacter:
    sheet = create_sheet(
        NewCat(
            clan=clan,
            strength=2,
            intelligence=2,
            spirit=1,
            skills=(Skill.SEE, Skill.BITE, Skill.SWAT),
            age_moons=6,
            rank=rank,
        )
    )
    return NewCharacter(guild_id=guild, owner_id=5, name=name, ruleset="wcagr", sheet=sheet)


async def test_rank_holders_count_per_clan_and_server(db) -> None:
    def work(tx):
        ids = [
            tx.characters.add(cat("A", Clan.THUNDERCLAN, Rank.ELITE), NOW).id,
            tx.characters.add(cat("B", Clan.THUNDERCLAN, Rank.ELITE), NOW).id,
            tx.characters.add(cat("C", Clan.RIVERCLAN, Rank.ELITE), NOW).id,
            tx.characters.add(cat("D", Clan.THUNDERCLAN, Rank.ELITE, guild=2), NOW).id,
        ]
        return (
            wcagr(tx).rank_holders(GUILD, "thunderclan", "elite"),
            wcagr(tx).rank_holders(GUILD, "thunderclan", "elite", excluding=ids[0]),
            wcagr(tx).rank_holders(GUILD, "riverclan", "elite"),
            wcagr(tx).rank_holders(GUILD, "thunderclan", "warrior"),
            wcagr(tx).live_ids(GUILD) == ids[:3],
        )

    assert await db.transact(work) == (2, 1, 1, 0, True)


async def test_sprained_cats(db) -> None:
    def work(tx):
        well = tx.characters.add(cat("Well", Clan.KITTYPET), NOW)
        hurt = cat("Hurt", Clan.KITTYPET)
        hurt = hurt.model_copy(update={"sheet": with_sprain(hurt.sheet)})
        hurt_id = tx.characters.add(hurt, NOW).id
        return well.id, hurt_id, wcagr(tx).sprained_ids(GUILD)

    well, hurt, sprained = await db.transact(work)
    assert sprained == [hurt] and well not in sprained
