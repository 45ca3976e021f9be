"""The WCAGR audit's D8: the three RULINGS (config) settings it found unreachable, each set with
`/config wcagr`, shown by `/config show`, and acting in play."""

from __future__ import annotations

import pytest

from bot.actions import buttons, server_config
from bot.actions.wcagr import config, defence, fight_moves, fights, hunting, wrestling
from rules.errors import PawpostError
from tests.actions.wcagr.helpers import button, make, wcagr_server
from tests.conftest import ADMIN, ALICE, BOB, actor

ADMIN_ACTOR = actor(ADMIN, admin=True)


async def test_d8_the_three_settings_are_set_and_shown(services, db) -> None:
    await wcagr_server(services)
    reply = await config.hunting_settings(
        services,
        ADMIN_ACTOR,
        knack_damage="damage-check",
        pin_after_win="yes",
        prey_weights="2, 4, 8, 9",
    )
    assert reply.lines[0].endswith(
        "Mighty Swat and Belly Rake add +1 to the damage check; Pin only after winning the "
        "wrestle roll; prey's weight on 1d10: 1-2, 3-4, 5-8, 9, 10; herb stocks (the extra "
        "healing rules): no."
    )
    shown = await server_config.show(services, ADMIN_ACTOR)
    [field] = [f for f in shown.fields if f.name == "WCAGR"]
    assert "prey's weight on 1d10: 1-2, 3-4, 5-8, 9, 10" in field.value
    for wrong, said in (
        ("3, 2, 7, 9", "Each weight needs at least one face of the d10"),
        ("1, 3, 7", "Give the highest face of Skin and Bones"),
        ("1, 3, 7, 10", "Each weight needs at least one face"),
        ("one", "Give four faces of the d10 as numbers"),
    ):
        with pytest.raises(PawpostError, match=said):
            await config.hunting_settings(services, ADMIN_ACTOR, prey_weights=wrong)


async def test_d8_the_prey_weight_table_is_the_servers(services, dice) -> None:
    await wcagr_server(services)
    await make(services, ALICE)
    await config.hunting_settings(services, ADMIN_ACTOR, prey_weights="2, 4, 8, 9")
    dice.load(4, 4, 4, 2, 2, 2, 3, 2, 2, 2, 2, 3, 2)  # the vole is killed; the weight die: 2
    reply = await hunting.hunt(services, actor(ALICE), "vole", "listen")
    assert "d10 **2**: **skin and bones**." in reply.lines


@pytest.fixture
async def swatters(services) -> None:
    await wcagr_server(services)
    await make(services, ALICE, name="Lionheart", skills="Swat, Bite, Wrestle",
               knacks="Mighty Swat, Pin, Feint")  # fmt: skip
    await make(services, BOB, name="Tigerpaw", skills="Wrestle, Jump, Pounce")
    asked = await fights.start(services, actor(ALICE), "Tigerpaw")
    services.dice.load(6, 1)
    await buttons.press(services, actor(BOB), button(asked, "accept"))


async def test_d8_mighty_swat_adds_to_the_damage_check(services, dice, swatters) -> None:
    await config.hunting_settings(services, ADMIN_ACTOR, knack_damage="damage-check")
    # Swat 15 against Jump 13: a hit. Damage 2+2+1 + Strength 4 = 9, +1 Mighty Swat = 10 > 8:
    # 1d4 (2) + 3 more than double, and no extra HP.
    dice.load(4, 4, 4, 3, 3, 3, 2, 2, 1, 2)
    await fight_moves.swat(services, actor(ALICE), "Tigerpaw", knacks="Mighty Swat")
    hit = await defence.jump(services, actor(BOB))
    assert "+1 from the knacks on the damage check: 10." in hit.lines
    assert "d4 **2** + 3 more than double Strength 4 = **5**" in hit.lines


async def test_d8_pin_only_after_winning_the_wrestle_roll(services, dice, swatters) -> None:
    await config.hunting_settings(services, ADMIN_ACTOR, pin_after_win="yes")
    dice.load(2, 2, 2, 5, 5, 5)  # Lionheart's swat misses
    await fight_moves.swat(services, actor(ALICE), "Tigerpaw")
    await defence.jump(services, actor(BOB))
    dice.load(4, 4, 4, 2, 2, 2)  # Tigerpaw pounces: 15 against Lionheart's Jump 9
    await fight_moves.pounce(services, actor(BOB), "Lionheart")
    await defence.jump(services, actor(ALICE))
    with pytest.raises(PawpostError, match="Lionheart did not win the last one"):
        await fight_moves.pin(services, actor(ALICE), "Tigerpaw")
    # Both roll-offs, on Lionheart's turn and then Tigerpaw's: Tigerpaw 2+2+2 + 5 = 11,
    # Lionheart 5+5+4 + 5 = 19; each time Lionheart hurts Tigerpaw: 6 + 4 = 10: 1d4 (1) + 3.
    for first, second in ((ALICE, BOB), (BOB, ALICE)):
        await wrestling.wrestle(services, actor(first), "wrestle")
        dice.load(2, 2, 2, 5, 5, 4, 2, 2, 2, 1)
        won = await wrestling.wrestle(services, actor(second), "wrestle")
        assert "**Lionheart has the upper paw** against Tigerpaw." in won.lines
    pinned = await fight_moves.pin(services, actor(ALICE), "Tigerpaw")
    assert pinned.lines[0] == "Lionheart spends 3 Strength: **Tigerpaw is pinned**."
    await wrestling.wrestle(services, actor(BOB), "wrestle")  # Tigerpaw's turn: a tie
    dice.load(3, 3, 3, 3, 3, 3)
    await wrestling.wrestle(services, actor(ALICE), "wrestle")
    with pytest.raises(PawpostError, match="did not win the last one"):
        await fight_moves.pin(services, actor(ALICE), "Tigerpaw")
