"""WCAGR cats: `/character create` (text lists, refusals, clans, Loners, ranks, older cats) and
`/character show`."""

from __future__ import annotations

import pytest

from bot.actions import characters
from bot.actions.wcagr import cats
from rules.errors import PawpostError
from rules.wcagr import Ability, Clan, Gain, Knack, Rank, Skill, WcagrSheet
from storage.wcagr import wcagr
from tests.actions.wcagr.helpers import FIREPAW, wcagr_cat, wcagr_server
from tests.conftest import ADMIN, ALICE, BOB, GUILD, actor, dump


@pytest.fixture
async def server(services) -> None:
    await wcagr_server(services)


async def sheet_of(services, name: str) -> WcagrSheet:
    found = await services.db.transact(lambda tx: tx.characters.by_name(GUILD, name), write=False)
    assert isinstance(found.sheet, WcagrSheet)
    return found.sheet


async def test_a_thunderclan_cat_gets_its_bonuses_and_the_ten_moon_gains(services, server) -> None:
    reply = await cats.create(services, actor(ALICE), **FIREPAW)
    assert reply.title == "Firepaw joins the server"
    sheet = await sheet_of(services, "Firepaw")
    assert sheet.clan is Clan.THUNDERCLAN and sheet.age_moons == 10
    assert sheet.abilities.as_dict() == {
        Ability.STRENGTH: 4,
        Ability.INTELLIGENCE: 2,
        Ability.SPIRIT: 3,
    }
    assert sheet.points.as_dict() == sheet.abilities.as_dict()
    assert sheet.skills == {Skill.LISTEN: 1, Skill.PONDER: 1, Skill.POUNCE: 1, Skill.SNEAK: 1}
    assert sheet.knacks == {Knack.ALERTNESS: 1, Knack.DASH: 1, Knack.HIDE: 1}
    assert sheet.hp_max == 5 + 10 + 4


async def test_show_lists_abilities_pools_skills_knacks_and_states(services, server) -> None:
    await cats.create(services, actor(ALICE), **FIREPAW)
    reply = await characters.show(services, actor(ALICE))
    fields = {field.name: field.value for field in reply.fields}
    assert fields["Abilities"].splitlines() == [
        "**Strength** 4 · points 4 left of 4",
        "**Intelligence** 2 · points 2 left of 2",
        "**Spirit** 3 · points 3 left of 3",
    ]
    assert fields["Skills"] == (
        "Listen 1 (Spirit), Ponder 1 (Intelligence), Pounce 1 (Intelligence), Sneak 1 (Spirit)"
    )
    assert fields["Knacks"] == "Alertness (Spirit), Dash (Strength), Hide (Spirit)"
    assert (fields["Clan"], fields["Rank"], fields["Age"]) == ("ThunderClan", "—", "10 moons")
    assert fields["HP"] == "19 of 19 (0 lost)" and fields["States"] == "well"


@pytest.mark.parametrize(
    ("changes", "sentence"),
    [
        ({"strength": 3}, "You spread 6 points over the abilities; a new cat has exactly 5."),
        ({"spirit": 0, "strength": 3}, "Each ability needs at least 1 point; you gave Spirit 0."),
        (
            {"skills": "Sneak, sneak, Bite"},
            "The three starting skills must be different; Sneak is chosen twice.",
        ),
        (
            {"knacks": "Dash, Dash, Hide"},
            "The three knacks must be different; Dash is chosen twice.",
        ),
        ({"skills": "Sneak, Fly, Bite"}, "Fly is not a WCAGR skill; choose one of Arch,"),
        ({"knacks": "Dash, Hide, Purr"}, "Purr is not a WCAGR knack; choose one of Alertness,"),
        ({"clan": "starclan"}, "starclan is not a group a cat can come from;"),
        ({"ten_moon_bonus": None}, "A cat of 10 moons or more gets +1 Intelligence or Spirit"),
        (
            {"loner_skill": "swim"},
            "Only Loners and Rogues choose their own bonuses; ThunderClan's are fixed.",
        ),
        ({"rank": "bloodwatch-patrol"}, "ThunderClan has no such rank; its ranks are: Leader,"),
        ({"age": 71}, "A new cat can be at most 70 moons old"),
        ({"age": 12, "age_choices": "Sneak"}, "Growing to 12 moons needs more choices"),
        ({"parent": "Nobody"}, "There is no character named Nobody in this server."),
    ],
)
async def test_creation_refusals_are_one_sentence_and_change_nothing(
    services, db, server, changes, sentence
) -> None:
    before = dump(db)
    with pytest.raises(PawpostError) as refused:
        await cats.create(services, actor(ALICE), **wcagr_cat("Firepaw", **changes))
    assert refused.value.message.startswith(sentence) or sentence in refused.value.message
    assert dump(db) == before


async def test_a_loner_chooses_its_bonuses(services, server) -> None:
    await cats.create(
        services,
        actor(ALICE),
        **wcagr_cat(
            "Ravenpaw",
            clan="loner",
            skills="See, Smell, Bite",
            loner_abilities="strength, intelligence",
            loner_skill="swim",
            ten_moon_bonus="intelligence",
        ),
    )
    sheet = await sheet_of(services, "Ravenpaw")
    assert sheet.abilities.as_dict() == {
        Ability.STRENGTH: 4,
        Ability.INTELLIGENCE: 4,
        Ability.SPIRIT: 1,
    }
    assert sheet.skills == {Skill.BITE: 1, Skill.SEE: 1, Skill.SMELL: 1, Skill.SWIM: 1}
    with pytest.raises(PawpostError, match="choose which"):
        await cats.create(
            services, actor(ALICE), **wcagr_cat("Rogue", clan="rogue", loner_abilities="spirit")
        )


async def test_a_kit_knows_no_knacks_yet(services, server) -> None:
    await cats.create(
        services, actor(ALICE), **wcagr_cat("Smallkit", age=3, knacks="none", ten_moon_bonus=None)
    )
    sheet = await sheet_of(services, "Smallkit")
    assert sheet.knacks == {} and sheet.age_moons == 3
    assert sheet.abilities.as_dict()[Ability.STRENGTH] == 3


async def test_ranks_are_counted_per_clan(services, server) -> None:
    admin = actor(ADMIN, admin=True)
    await cats.create(services, admin, **wcagr_cat("Bluestar", rank="leader"))
    sheet = await sheet_of(services, "Bluestar")
    assert sheet.rank is Rank.LEADER and sheet.lives == 9
    with pytest.raises(PawpostError, match="ThunderClan already has its leader"):
        await cats.create(services, admin, **wcagr_cat("Tigerstar", rank="leader"))
    await cats.create(
        services,
        admin,
        **wcagr_cat("Leopardstar", rank="leader", clan="riverclan", skills="Swim, See, Bite"),
    )
    for n in range(2):
        await cats.create(services, actor(BOB), **wcagr_cat(f"Healer{n}", rank="medicine-cat"))
    with pytest.raises(PawpostError, match="ThunderClan already has 2 medicine cats"):
        await cats.create(services, actor(BOB), **wcagr_cat("Healer2", rank="medicine-cat"))
    count = await services.db.transact(
        lambda tx: wcagr(tx).rank_holders(GUILD, "thunderclan", "medicine-cat"), write=False
    )
    assert count == 2


async def test_an_older_cat_made_by_an_admin_waits_for_its_choices(services, server) -> None:
    await cats.create(services, actor(ADMIN, admin=True), **wcagr_cat("Oldclaw", age=13))
    sheet = await sheet_of(services, "Oldclaw")
    assert sheet.age_moons == 13
    assert [p.gain for p in sheet.pending] == [Gain.SKILL, Gain.ANY_ABILITY, Gain.KNACK]
    reply = await characters.show(services, actor(ADMIN, admin=True), "Oldclaw")
    assert reply.fields[-1].value == "Skill (11 moons), +1 any ability (12 moons), Knack (13 moons)"


async def test_a_name_taken_is_refused(services, server) -> None:
    await cats.create(services, actor(ALICE), **FIREPAW)
    with pytest.raises(PawpostError, match="already a character named Firepaw"):
        await cats.create(services, actor(BOB), **FIREPAW)
