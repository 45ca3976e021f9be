"""Saved rolls (`/macro`) through the actions: saved per character, the sheet's values by name
where the server's ruleset offers them, rolled and logged like `/roll`, secret when asked."""

from __future__ import annotations

import pytest

from bot.actions import log, saved_rolls, server_config
from bot.actions.germ import cats as germ_cats
from rules.errors import PawpostError
from tests.conftest import ADMIN, ALICE, BOB, FIREPAW, TIGERCLAW, actor, dump


@pytest.fixture
async def cats(services):
    await germ_cats.create(services, actor(ALICE), **FIREPAW)  # Stealth 3
    await germ_cats.create(services, actor(BOB), **TIGERCLAW)  # Stealth 4


async def test_a_saved_roll_takes_the_germ_sheets_values_by_name(services, dice, cats) -> None:
    saved = await saved_rolls.set_roll(services, actor(ALICE), "Sneak", "1d20+{stealth}")
    assert saved.lines == ["Firepaw keeps **Sneak**: `1d20+{stealth}` (now 1d20+3)."]
    dice.load(14)
    rolled = await saved_rolls.roll_saved(services, actor(ALICE), "sneak", reason="the camp")
    assert rolled.title == "Firepaw: Sneak for the camp"
    assert rolled.lines == ["1d20 [14] + 3 = **17**"]
    logged = await log.recent(services, actor(BOB), character="Firepaw")
    assert "Firepaw — Sneak (1d20+3): 17" in logged.lines[0]


async def test_saved_rolls_are_each_characters_own(services, dice, cats) -> None:
    await saved_rolls.set_roll(services, actor(BOB), "Sneak", "1d20+{STEALTH}")
    dice.load(10)
    theirs = await saved_rolls.roll_saved(services, actor(BOB), "Sneak")
    assert theirs.lines == ["1d20 [10] + 4 = **14**"]
    with pytest.raises(PawpostError, match="Firepaw has no saved roll named Sneak"):
        await saved_rolls.roll_saved(services, actor(ALICE), "Sneak")


async def test_an_unknown_value_is_one_sentence_and_saves_nothing(services, db, cats) -> None:
    before = dump(db)
    with pytest.raises(PawpostError) as refused:
        await saved_rolls.set_roll(services, actor(ALICE), "Wise", "1d20+{wisdom}")
    assert refused.value.message == (
        "{wisdom} is not a value of this character's sheet; it has strength, agility, charisma,"
        " intelligence, stealth, perception."
    )
    with pytest.raises(PawpostError, match="expected the number of sides"):
        await saved_rolls.set_roll(services, actor(ALICE), "Bad", "3d+{stealth}")
    assert dump(db) == before


async def test_a_negative_value_goes_in_brackets() -> None:
    assert saved_rolls.filled("2d6*{fire}", {"fire": -2}) == "2d6*(-2)"
    assert saved_rolls.filled("2d6+{ fire }", {"fire": 3}) == "2d6+3"


async def test_list_replace_and_delete(services, cats) -> None:
    await saved_rolls.set_roll(services, actor(ALICE), "Sneak", "1d20+{stealth}")
    await saved_rolls.set_roll(services, actor(ALICE), "Bite", "2d6")
    await saved_rolls.set_roll(services, actor(ALICE), "sneak", "1d20+{stealth}+1")
    listed = await saved_rolls.list_rolls(services, actor(ALICE))
    assert listed.lines[:2] == ["**Bite**: `2d6`", "**sneak**: `1d20+{stealth}+1`"]
    assert listed.lines[2].startswith("Values by name: {strength}, {agility}")
    await saved_rolls.delete_roll(services, actor(ALICE), "SNEAK")
    with pytest.raises(PawpostError, match="no saved roll named sneak"):
        await saved_rolls.delete_roll(services, actor(ALICE), "sneak")


async def test_a_character_keeps_at_most_so_many(services, cats) -> None:
    for number in range(saved_rolls.MAX_SAVED_ROLLS):
        await saved_rolls.set_roll(services, actor(ALICE), f"r{number}", "1d6")
    with pytest.raises(PawpostError, match="at most 25 saved rolls"):
        await saved_rolls.set_roll(services, actor(ALICE), "one more", "1d6")
    await saved_rolls.set_roll(services, actor(ALICE), "r0", "1d8")  # replacing is fine


async def test_a_secret_saved_roll(services, dice, cats) -> None:
    await saved_rolls.set_roll(services, actor(ALICE), "Sneak", "1d20+{stealth}")
    dice.load(2)
    rolled = await saved_rolls.roll_saved(services, actor(ALICE), "Sneak", secret="yes")
    assert rolled.ephemeral
    assert rolled.announce is not None
    seen = await log.recent(services, actor(BOB))
    assert seen.lines[0].endswith("— a secret roll")


async def test_taking_risks_offers_trait_dice_and_evens(services, dice) -> None:
    await server_config.set_ruleset(services, actor(ADMIN, admin=True), "cat")
    from bot.actions.cat import cats as cat_characters

    await cat_characters.create(
        services,
        actor(ALICE),
        name="Firepaw",
        best="legs",
        strong="claws, coat, fangs",
        good="face, tail",
        reputations="Brave 3, Clever 2, Sly 2",
    )
    await saved_rolls.set_roll(services, actor(ALICE), "Run", "{legs}d6 evens")
    dice.load(2, 3, 4, 6, 1)  # Legs is Best: 5 dice (RULINGS Cat, Traits)
    rolled = await saved_rolls.roll_saved(services, actor(ALICE), "Run")
    assert rolled.lines == ["5d6 [**2**, 3, **4**, **6**, 1] → **3** evens"]


async def test_autocomplete_lists_the_acting_characters_rolls(services, db, cats) -> None:
    await saved_rolls.set_roll(services, actor(ALICE), "Sneak", "1d20")
    await saved_rolls.set_roll(services, actor(ALICE), "Swipe", "1d20")
    await saved_rolls.set_roll(services, actor(ALICE), "Bite", "1d20")
    found = await db.run(saved_rolls.saved_roll_choices, services, actor(ALICE), None, "s", 25)
    assert found == ["Sneak", "Swipe"]
    assert await db.run(saved_rolls.saved_roll_choices, services, actor(BOB), None, "", 25) == []
