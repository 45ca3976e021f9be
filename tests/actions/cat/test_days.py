"""Taking Risks on the game clock: a week of healing makes a scar due (across a restart), the
player picks it with /heal; a Reputation acted against loses a point at the day's end unless an
admin rules it set right the same day."""

from __future__ import annotations

import pytest

from bot.actions import buttons, characters
from bot.actions.cat import days, risks
from bot.actions.game_time import game_day_at, game_day_numbered
from rules.errors import PawpostError
from storage.database import Database
from tests.actions.cat.helpers import FIREPAW, cat_server, ids, make
from tests.conftest import ADMIN, ALICE, GUILD, actor, dump


@pytest.fixture
async def firepaw(services):
    await cat_server(services)
    await make(services, ALICE, **FIREPAW)


async def _field(services, field: str) -> str:  # type: ignore[no-untyped-def]
    shown = await characters.show(services, actor(ALICE), "Firepaw")
    return next(f.value for f in shown.fields if f.name == field)


async def _dawn(services, offset: int) -> list[str]:  # type: ignore[no-untyped-def]
    def work(tx):  # type: ignore[no-untyped-def]
        guild = tx.guilds.get(GUILD)
        today = game_day_at(services.clock(), guild.settings).number
        return days.on_game_day(tx, guild, game_day_numbered(today + offset, guild.settings))

    return await services.db.transact(work)


async def test_a_week_heals_one_scar_the_player_picks(services, dice, firepaw, tmp_path) -> None:
    dice.load(1, 3, 5, 2)  # Claws 4 Hard: failure, lowest odd 1
    failed = await risks.risk(services, actor(ALICE), "claws", "hard", dangerous="yes")
    await buttons.press(services, actor(ALICE), ids(failed)["1 scar in Claws"])
    with pytest.raises(PawpostError, match="No scar is due to heal yet"):
        await days.heal(services, actor(ALICE), "claws")
    assert await _dawn(services, 6) == []
    await services.db.close()  # a restart: what is due is kept on the sheet
    services.db = await Database.open(services.db.path)
    assert await _dawn(services, 7) == [
        f"Firepaw (<@{ALICE}>) can heal a scar: its player picks which with /heal."
    ]
    assert await _dawn(services, 7) == []  # the same day again changes nothing
    with pytest.raises(PawpostError, match="Coat has no scars to heal."):
        await days.heal(services, actor(ALICE), "coat")
    healed = await days.heal(services, actor(ALICE), "claws")
    assert healed.lines == ["A scar of Firepaw's Claws heals: 0 left there, 0 more due."]
    assert "scars" not in await _field(services, "Traits")


async def test_a_reputation_acted_against_loses_a_point_unless_set_right(services, firepaw) -> None:
    admin = actor(ADMIN, admin=True)
    before = dump(services.db)
    with pytest.raises(PawpostError, match="Only an admin"):
        await days.lose(services, actor(ALICE), "Firepaw", "Brave", "fled the fox")
    with pytest.raises(PawpostError, match="needs a reason"):
        await days.lose(services, admin, "Firepaw", "Brave", " ")
    assert dump(services.db) == before
    lost = await days.lose(services, admin, "Firepaw", "brave", "fled the fox")
    assert lost.lines[0].startswith("Firepaw acted against Brave: it loses a point")
    await days.restore(services, admin, "Firepaw", "Brave", "went back for the kit")
    assert await _dawn(services, 1) == []
    await days.lose(services, admin, "Firepaw", "Sly", "told the truth")
    assert await _dawn(services, 1) == ["Firepaw loses a point of Sly (now 1)."]
    assert await _field(services, "Reputations") == "Brave 3, Clever 2, Sly 1"
    with pytest.raises(PawpostError, match="Brave has lost no point"):
        await days.restore(services, admin, "Firepaw", "Brave", "never lost one")


async def test_d10_a_second_ruling_the_same_day_is_applied_and_said(services, firepaw) -> None:
    # Audit D10: the second "lose" said a point goes, yet only one went.
    admin = actor(ADMIN, admin=True)
    await days.lose(services, admin, "Firepaw", "Clever", "bungled the riddle")
    again = await days.lose(services, admin, "Firepaw", "Clever", "bungled it again")
    assert again.lines[0].startswith(
        "Firepaw acted against Clever again (2 times today): it loses 2 points when the game "
        "day ends"
    )
    before = dump(services.db)
    with pytest.raises(PawpostError, match="Clever already stands to lose all its 2 points"):
        await days.lose(services, admin, "Firepaw", "Clever", "a third time")
    assert dump(services.db) == before
    assert await _dawn(services, 1) == ["Firepaw loses 2 points of Clever (gone)."]


async def test_b2_a_point_lost_on_an_earlier_day_is_given_back(services, firepaw) -> None:
    # Audit B2 and section 3: once the day had passed, no command gave a lost point back.
    admin = actor(ADMIN, admin=True)
    await days.lose(services, admin, "Firepaw", "Sly", "told the truth")
    await _dawn(services, 1)
    back = await days.restore(services, admin, "Firepaw", "Sly", "made up for it")
    assert back.lines == ["Firepaw gets a point of Sly back: now 2."]
    assert await _field(services, "Reputations") == "Brave 3, Clever 2, Sly 2"
