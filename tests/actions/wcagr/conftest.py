"""The WCAGR action tests' shared fights: three plain cats, and two with fighting knacks."""

from __future__ import annotations

import pytest

from bot.actions import buttons
from bot.actions.wcagr import fights
from tests.actions.wcagr.helpers import button, make, wcagr_server
from tests.conftest import ALICE, BOB, CAROL, actor


@pytest.fixture
async def three(services) -> None:
    """Strength 4, Intelligence 2, Spirit 3 each (19 HP); Firepaw: Pounce 1; Graypaw: Swat,
    Jump, Wrestle 1; Ravenpaw: Pounce, Bite, Wrestle 1."""
    await wcagr_server(services)
    await make(services, ALICE)
    await make(services, BOB, name="Graypaw", skills="Swat, Jump, Wrestle")
    await make(services, CAROL, name="Ravenpaw", skills="Pounce, Bite, Wrestle")


@pytest.fixture
async def knacky(services) -> None:
    """Strength 4, Intelligence 2, Spirit 3 each (19 HP). Lionheart: Swat, Bite, Wrestle 1 with
    Chomp, Mighty Swat and Feint; Tigerpaw: Wrestle, Jump, Pounce 1 with Launch, Belly Rake and
    Dodge."""
    await wcagr_server(services)
    await make(
        services, ALICE, name="Lionheart", skills="Swat, Bite, Wrestle",
        knacks="Chomp, Mighty Swat, Feint",
    )  # fmt: skip
    await make(
        services, BOB, name="Tigerpaw", skills="Wrestle, Jump, Pounce",
        knacks="Launch, Belly Rake, Dodge",
    )  # fmt: skip
    asked = await fights.start(services, actor(ALICE), "Tigerpaw")
    services.dice.load(6, 1)  # Lionheart 9, Tigerpaw 4
    await buttons.press(services, actor(BOB), button(asked, "accept"))
