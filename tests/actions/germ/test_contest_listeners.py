"""A Charisma contest with several listeners: one roll, each listener's own Intelligence roll on
its own button, one belief result each (the book's "target/s'")."""

from __future__ import annotations

import pytest

from bot.actions import buttons, characters, log
from bot.actions.germ import cats as germ_cats
from bot.actions.germ import checks
from bot.actions.gm import scenes
from rules.errors import PawpostError
from tests.conftest import ADMIN, ALICE, BOB, CAROL, actor, cat, dump


@pytest.fixture
async def listeners(services):
    await germ_cats.create(services, actor(ALICE), **cat("Speaker", charisma=8, strength=0))
    await germ_cats.create(services, actor(BOB), **cat("Sandstorm", intelligence=2, strength=6))
    await germ_cats.create(services, actor(CAROL), **cat("Graystripe", intelligence=0, strength=8))


async def test_one_charisma_roll_against_each_listeners_own_intelligence(
    services, dice, db, listeners
) -> None:
    dice.load(10)
    posted = await checks.start_contest(
        services, actor(ALICE), "charisma", "Sandstorm", target_2="Graystripe"
    )
    assert posted.title == "Speaker contests Sandstorm, Graystripe: Charisma vs Intelligence"
    assert posted.mentions == [BOB, CAROL]
    assert posted.lines[1] == "Speaker: d20 **10** + Charisma 8 = **18**"
    assert [b.label for b in posted.buttons] == [
        "Roll Intelligence (Sandstorm)",
        "Roll Intelligence (Graystripe)",
    ]
    sandstorm, graystripe = (b.custom_id for b in posted.buttons)
    before = dump(db)
    with pytest.raises(PawpostError, match="Only Graystripe's player or an admin can roll this."):
        await buttons.press(services, actor(BOB), graystripe)
    assert dump(db) == before

    dice.load(6)  # 6 + 2 = 8: believed to an extent of 10
    first = await buttons.press(services, actor(BOB), sandstorm)
    assert first.update
    assert first.lines == [
        "Speaker: d20 **10** + Charisma 8 = **18**",
        "Sandstorm: d20 **6** + Intelligence 2 = **8**: **Sandstorm believes Speaker to an extent "
        "of 10: Believes but has a small tinge of doubt.**",
        "Graystripe has not rolled Intelligence yet.",
    ]
    assert [b.custom_id for b in first.buttons] == [graystripe]

    dice.load(19)  # 19 + 0 = 19: not believed, by 1
    second = await buttons.press(services, actor(CAROL), graystripe)
    assert second.lines[2] == (
        "Graystripe: d20 **19** + Intelligence 0 = **19**: "
        "**Graystripe does not believe Speaker (by 1).**"
    )
    assert second.buttons == []
    with pytest.raises(PawpostError, match="That contest is already settled."):
        await buttons.press(services, actor(BOB), sandstorm)
    shown = await log.recent(services, actor(ALICE), "Speaker")
    assert sum("Charisma vs Sandstorm, Graystripe" in line for line in shown.lines) == 1


async def test_full_trust_counts_only_against_the_listener_who_trusts(
    services, dice, listeners
) -> None:
    dice.load(20)
    posted = await checks.start_contest(services, actor(ALICE), "charisma", "Graystripe")
    dice.load(7)  # 28 − 7 = 21: full trust
    await buttons.press(services, actor(CAROL), posted.buttons[0].custom_id)
    dice.load(3)
    both = await checks.start_contest(
        services, actor(ALICE), "charisma", "Sandstorm", target_2="Graystripe"
    )
    assert both.lines[1:3] == [
        "Speaker: d20 **3** + Charisma 8 = **11**",
        "Against Graystripe: d20 **3** + Charisma 8 + 5 full trust = **16**",
    ]
    dice.load(1)
    settled = await buttons.press(services, actor(ADMIN, admin=True), both.buttons[1].custom_id)
    assert "Graystripe believes Speaker to an extent of 15" in settled.lines[3]
    shown = await characters.show(services, actor(ALICE))
    assert {f.name: f.value for f in shown.fields}["Fully trusted by"] == "Graystripe"


@pytest.mark.parametrize(
    ("stat", "second", "message"),
    [
        ("strength", "Graystripe", "Only a Charisma contest may name several targets."),
        ("charisma", "Sandstorm", "Sandstorm is named twice."),
        ("charisma", "Speaker", "Speaker cannot contest itself."),
    ],
)
async def test_bad_listeners_change_nothing(services, db, listeners, stat, second, message) -> None:
    before = dump(db)
    with pytest.raises(PawpostError, match=message):
        await checks.start_contest(services, actor(ALICE), stat, "Sandstorm", target_2=second)
    assert dump(db) == before


async def test_a_listener_s_contest_called_off_reads_as_such_when_another_answers(
    services, dice, listeners
) -> None:
    dice.load(10)
    posted = await checks.start_contest(
        services, actor(ALICE), "charisma", "Sandstorm", target_2="Graystripe"
    )
    sandstorm, _ = (b.custom_id for b in posted.buttons)
    await scenes.end(services, actor(ADMIN, admin=True), "left the scene", "Graystripe")
    dice.load(6)
    answered = await buttons.press(services, actor(BOB), sandstorm)
    assert answered.lines[2] == "Graystripe: **called off by an admin: left the scene**"
    assert answered.buttons == []
