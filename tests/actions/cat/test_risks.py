"""`/risk` and its buttons: the pool, each die, evens against the need, who narrates, the log;
Style banked once; a Life spent to succeed (the last one confirmed); dangerous failures' scars."""

from __future__ import annotations

import pytest

from bot.actions import buttons, characters, log
from bot.actions.cat import risks
from bot.actions.context import Services
from rules.errors import PawpostError
from tests.actions.cat.helpers import FIREPAW, TIGERCLAW, cat_server, ids, make
from tests.conftest import ADMIN, ALICE, BOB, actor, dump


@pytest.fixture
async def cats(services):
    await cat_server(services)
    await make(services, ALICE, **FIREPAW)
    await make(services, BOB, **TIGERCLAW)


async def _field(services: Services, name: str, field: str) -> str:
    shown = await characters.show(services, actor(ALICE), name)
    return next(f.value for f in shown.fields if f.name == field)


async def test_a_success_shows_the_pool_each_die_and_who_narrates(services, dice, cats) -> None:
    dice.load(2, 4, 6, 1, 3, 5, 1, 2)  # Legs 5 + Brave 3: 4 evens
    reply = await risks.risk(services, actor(ALICE), "legs", "moderate", reputation="brave")
    assert reply.title == "Firepaw: Moderate Legs Risk"
    assert reply.lines[0] == "Pool: Legs (Best) 5 + Brave (Reputation) 3"
    assert reply.lines[1] == "8d6 [**2**, **4**, **6**, 1, 3, 5, 1, **2**] evens 4 = **4**"
    assert reply.lines[2] == (
        f"**Success**: 4 evens against 2 needed. <@{ALICE}> narrates what happens."
    )
    assert reply.lines[3] == "2 surplus evens: Style to bank."
    assert list(ids(reply)) == ["Bank 2 Style", "Edit the scene with 2 Style"]
    assert reply.mentions == [ALICE]
    logged = await log.recent(services, actor(ALICE), "Firepaw")
    text = "\n".join(logged.lines)
    assert "Moderate Legs Risk" in text and "→ success" in text


async def test_style_is_banked_once_and_spent_as_automatic_evens(services, dice, cats) -> None:
    dice.load(2, 4, 6, 1, 3)  # Legs 5: 3 evens against 1: 2 Style
    reply = await risks.risk(services, actor(ALICE), "legs", "easy")
    bank = ids(reply)["Bank 2 Style"]
    with pytest.raises(PawpostError, match="Only Firepaw's player or an admin"):
        await buttons.press(services, actor(BOB), bank)
    banked = await buttons.press(services, actor(ALICE), bank)
    assert banked.lines == ["Firepaw banks 2 Style from roll #4: 2 banked now."]
    before = dump(services.db)
    with pytest.raises(PawpostError, match="banked or spent already"):
        await buttons.press(services, actor(ALICE), bank)
    assert dump(services.db) == before
    # 2 Style spent on a Hard Risk: one more needed; the second rolled even is surplus.
    dice.load(2, 4, 1, 1, 1)
    spent = await risks.risk(services, actor(ALICE), "legs", "hard", style=2)
    assert spent.lines[0] == "Pool: Legs (Best) 5 + Style spent 2 automatic"
    assert "**Success**: 4 evens against 3 needed." in spent.lines[2]
    assert list(ids(spent)) == ["Bank 1 Style", "Edit the scene with 1 Style"]
    assert await _field(services, "Firepaw", "Style banked") == "0"
    with pytest.raises(PawpostError, match="has 0 Style banked; you tried to spend 1"):
        await risks.risk(services, actor(ALICE), "legs", "easy", style=1)


async def test_a_failure_offers_a_life_and_the_narrator_narrates(services, dice, cats) -> None:
    dice.load(1, 3, 5, 2)  # Claws 4: 1 even against 3
    reply = await risks.risk(services, actor(ALICE), "claws", "hard")
    assert reply.lines[2] == (
        "**Failure**: 1 even against 3 needed. Fate intervenes: the Narrator narrates what happens."
    )
    assert list(ids(reply)) == ["Spend a Life to succeed"]
    life = ids(reply)["Spend a Life to succeed"]
    spent = await buttons.press(services, actor(ALICE), life)
    assert spent.lines == [
        f"Firepaw spends a Life: the Risk of roll #4 succeeds, and <@{ALICE}> narrates. "
        "8 Lives left."
    ]
    with pytest.raises(PawpostError, match="A Life was spent on that Risk already."):
        await buttons.press(services, actor(ALICE), life)
    assert await _field(services, "Firepaw", "Lives") == "8"


async def test_advantage_is_claimed_by_a_player_and_granted_by_an_admin(
    services, dice, cats
) -> None:
    dice.load(*[1] * 6)
    claimed = await risks.risk(services, actor(ALICE), "tail", "easy", advantage=3)
    assert claimed.lines[0] == "Pool: Tail (Good) 3 + Advantage (claimed) 3"
    dice.load(*[1] * 4)
    granted = await risks.risk(
        services, actor(ADMIN, admin=True), "tail", "easy", advantage=1, character="Firepaw"
    )
    assert granted.lines[0] == "Pool: Tail (Good) 3 + Advantage (granted) 1"


async def test_a_dangerous_failure_scars_and_three_drop_a_rank(services, dice, cats) -> None:
    dice.load(3, 5, 3, 4, 6)  # Legs 5: 2 evens against 3; lowest odd 3
    reply = await risks.risk(services, actor(ALICE), "legs", "hard", dangerous="yes")
    assert reply.lines[3] == "Dangerous: 3 scars (the lowest odd die) to place."
    labels = list(ids(reply))
    assert labels[0] == "Spend a Life to succeed" and labels[1] == "3 scars in Legs"
    placed = await buttons.press(services, actor(ALICE), ids(reply)["3 scars in Legs"])
    assert placed.lines == [
        "Firepaw takes 3 in Legs.",
        "Three scars: Legs drops from Best to Strong.",
    ]
    with pytest.raises(PawpostError, match="scars are placed: it stands as failed"):
        await buttons.press(services, actor(ALICE), ids(reply)["Spend a Life to succeed"])
    with pytest.raises(PawpostError, match="scars are placed already"):
        await buttons.press(services, actor(ALICE), ids(reply)["3 scars in Coat"])
    traits = await _field(services, "Firepaw", "Traits")
    assert "**Legs** Strong → 4 dice" in traits


async def test_a_life_cancels_a_dangerous_failure_s_scars(services, dice, cats) -> None:
    dice.load(1, 3, 5, 2)
    reply = await risks.risk(services, actor(ALICE), "claws", "hard", dangerous="yes")
    await buttons.press(services, actor(ALICE), ids(reply)["Spend a Life to succeed"])
    with pytest.raises(PawpostError, match="A Life was spent on that Risk: it takes no scars."):
        await buttons.press(services, actor(ALICE), ids(reply)["1 scar in Claws"])
    assert "scars" not in await _field(services, "Firepaw", "Traits")


async def test_the_last_life_asks_for_confirmation_then_the_cat_dies(services, dice, cats) -> None:
    for _ in range(8):
        dice.load(1, 1, 1, 1)
        failed = await risks.risk(services, actor(ALICE), "claws", "easy")
        await buttons.press(services, actor(ALICE), ids(failed)["Spend a Life to succeed"])
    dice.load(1, 1, 1, 1)
    failed = await risks.risk(services, actor(ALICE), "claws", "easy")
    before = dump(services.db)
    asked = await buttons.press(services, actor(ALICE), ids(failed)["Spend a Life to succeed"])
    assert "last Life" in asked.lines[0] and asked.ephemeral
    assert dump(services.db) == before
    died = await buttons.press(
        services, actor(ALICE), ids(asked)["Spend the last Life (the cat dies)"]
    )
    assert died.lines[-1] == "That was Firepaw's last Life: once it has done this, it dies."
    assert await _field(services, "Firepaw", "States") == "dead"
    with pytest.raises(PawpostError, match="^Firepaw is dead.$"):
        await risks.risk(services, actor(ALICE), "claws", "easy")


async def test_refusals(services, dice, cats) -> None:
    before = dump(services.db)
    for kwargs, message in (
        ({"trait": "whiskers", "difficulty": "easy"}, 'no trait called "whiskers"'),
        ({"trait": "legs", "difficulty": "impossible"}, "is not a difficulty"),
        (
            {"trait": "legs", "difficulty": "easy", "reputation": "Kind"},
            "no Reputation called Kind",
        ),
        ({"trait": "legs", "difficulty": "easy", "dangerous": "maybe"}, "yes or no"),
        ({"trait": "legs", "difficulty": "easy", "character": "Tigerclaw"}, "another player"),
    ):
        with pytest.raises(PawpostError, match=message):
            await risks.risk(services, actor(ALICE), **kwargs)
    assert dump(services.db) == before


async def test_buttons_act_once_across_a_restart_and_not_elsewhere(
    services, dice, cats, tmp_path
) -> None:
    from storage.database import Database

    dice.load(2, 4, 6, 1, 3)
    reply = await risks.risk(services, actor(ALICE), "legs", "easy")
    bank = ids(reply)["Bank 2 Style"]
    await services.db.close()
    services.db = await Database.open(services.db.path)
    with pytest.raises(PawpostError, match="does not play Taking Risks"):
        await buttons.press(services, actor(ALICE, guild=2000), bank)
    banked = await buttons.press(services, actor(ALICE), bank)
    assert "banks 2 Style" in banked.lines[0]


async def test_surplus_style_edits_the_scene_through_a_form(services, dice, cats) -> None:
    dice.load(2, 4, 6, 1, 3)  # Legs 5: 3 evens against 1: 2 Style
    reply = await risks.risk(services, actor(ALICE), "legs", "easy")
    opened = await buttons.press(services, actor(ALICE), ids(reply)["Edit the scene with 2 Style"])
    assert opened.modal is not None
    form = opened.modal.custom_id
    before = dump(services.db)
    for fields, message in (
        ({"scene": "", "bank": "0"}, "Say what the scene edit changes"),
        ({"scene": "a log", "bank": "x"}, "How many to bank is a number"),
        ({"scene": "a log", "bank": "3"}, "This roll made 2 Style; you tried to bank 3."),
    ):
        with pytest.raises(PawpostError, match=message):
            await buttons.press(services, actor(ALICE), form, fields=fields)
    assert dump(services.db) == before
    edited = await buttons.press(
        services, actor(ALICE), form, fields={"scene": "a log over the stream", "bank": "1"}
    )
    assert edited.lines == [
        "a log over the stream",
        "Firepaw spends 1 Style on the scene and banks 1: 1 banked now.",
    ]
    with pytest.raises(PawpostError, match="banked or spent already"):
        await buttons.press(services, actor(ALICE), ids(reply)["Bank 2 Style"])
    logged = await log.recent(services, actor(ALICE), "Firepaw")
    assert any("1 on a scene edit: a log over the stream" in line for line in logged.lines)
