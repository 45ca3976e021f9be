"""Conditions through the MC's `/admin condition add|remove` and the sufferer's cure rolls
(`/cure` or the condition's button): each roll's attribute and difficulty, the "after three
such rolls" count, Fitness's first success, and what ends at a rest."""

from __future__ import annotations

import pytest

from bot.actions import buttons
from bot.actions.caverns import admin, conditions, rests
from rules.caverns.conditions import Condition
from rules.errors import PawpostError
from tests.actions.caverns.helpers import ids, party_of_three, sheet
from tests.conftest import ADMIN, ALICE, BOB, actor, dump

MC = actor(ADMIN, admin=True)


@pytest.mark.parametrize(
    ("condition", "fail", "failed", "succeed", "succeeded"),
    [
        # Ilsa: Wind 0, Water +1, Wood +1, Fire +3, Metal 0, Harmony +3.
        ("ablaze", (1, 2), "2d6 [1, 2] + Water 1 = **4**", (2, 2), "2d6 [2, 2] + Water 1 = **5**"),
        ("bound", (4, 4), "2d6 [4, 4] + Wind 0 = **8**", (5, 4), "2d6 [5, 4] + Wind 0 = **9**"),
        (
            "sleeping",
            (1, 2),
            "2d6 [1, 2] + Harmony 3 = **6**",
            (2, 2),
            "2d6 [2, 2] + Harmony 3 = **7**",
        ),
    ],
)
async def test_a_cure_roll_ends_its_condition_on_a_success(
    services, dice, condition, fail, failed, succeed, succeeded
) -> None:
    await party_of_three(services)
    added = await admin.add_condition(services, MC, "Ilsa", condition)
    chosen = Condition(condition)
    assert added.mentions == [BOB]
    dice.load(*fail)
    reply = await conditions.roll_cure(services, actor(BOB), condition)
    assert reply.lines[0] == failed and reply.lines[1] == f"Still {chosen.label}."
    assert (await sheet(services, "Ilsa")).has_condition(chosen)
    dice.load(*succeed)
    reply = await buttons.press(services, actor(BOB), ids(added)[f"Roll to end {chosen.label}"])
    assert reply.lines[:2] == [succeeded, f"**Ilsa is no longer {chosen.label}.**"]
    after = await sheet(services, "Ilsa")
    assert not after.has_condition(chosen)
    assert after.has_condition(Condition.PRONE) is (chosen is Condition.SLEEPING)  # wakes Prone


@pytest.mark.parametrize(
    ("condition", "attribute"),
    [
        ("confused", "Metal 0"),
        ("disloyalty", "Fire 3"),
        ("fatigue", "Wood 1"),
        ("sickness", "Water 1"),
    ],
)
async def test_the_three_roll_conditions_end_after_three_rolls_whatever_they_show(
    services, dice, condition, attribute
) -> None:
    await party_of_three(services)
    await admin.add_condition(services, MC, "Ilsa", condition)
    chosen = Condition(condition)
    dice.load(1, 1, 6, 6, 1, 1)
    first = await conditions.roll_cure(services, actor(BOB), condition)
    assert first.lines[0] == f"2d6 [1, 1] + {attribute} = **{2 + int(attribute[-1])}**"
    assert first.lines[1] == f"Still {chosen.label} (1 of 3 rolls)."
    assert first.lines[2].startswith("The failed roll: ")
    second = await conditions.roll_cure(services, actor(BOB), condition)
    assert second.lines[1] == f"Still {chosen.label} (2 of 3 rolls)."  # a success counts too
    third = await conditions.roll_cure(services, actor(BOB), condition)
    assert third.lines[1] == f"**Ilsa is no longer {chosen.label}.**"
    ilsa = await sheet(services, "Ilsa")
    assert not ilsa.has_condition(chosen)
    assert ilsa.has_condition(Condition.PRONE) is (chosen is Condition.FATIGUE)  # failed: Prone


async def test_fitness_ends_a_three_roll_condition_at_the_first_success(services, dice) -> None:
    await party_of_three(services)
    await admin.add_condition(services, MC, "Brunhild", "confused")
    dice.load(4, 3)  # Brunhild has Athletics' Fitness
    reply = await conditions.roll_cure(services, actor(ALICE), "confused")
    assert reply.lines[1] == "**Brunhild is no longer Confused.**"


async def test_a_difficulty_set_by_the_mc_and_no_roll_for_the_others(services, dice, db) -> None:
    await party_of_three(services)
    await admin.add_condition(services, MC, "Ilsa", "sleeping", difficulty=10)  # Eternal Sleep
    dice.load(4, 2)
    reply = await conditions.roll_cure(services, actor(BOB), "sleeping")
    assert reply.lines[1] == "Still Sleeping."
    await admin.add_condition(services, MC, "Brunhild", "broken limb", note="left arm")
    with pytest.raises(
        PawpostError, match=r"^Broken Limb has no cure roll; it ends with the next rest\.$"
    ):
        await conditions.roll_cure(services, actor(ALICE), "broken limb")
    shown = (await sheet(services, "Brunhild")).condition(Condition.BROKEN_LIMB)
    assert shown is not None and shown.note == "left arm"
    before = dump(db.path)
    with pytest.raises(PawpostError, match=r"^This character is immune to Blind \(Krokani\)\.$"):
        await admin.add_condition(services, MC, "Ilsa", "blind")
    with pytest.raises(PawpostError, match="^Only an admin"):
        await admin.add_condition(services, actor(ALICE), "Ilsa", "fear")
    with pytest.raises(PawpostError, match="is not a condition"):
        await admin.add_condition(services, MC, "Ilsa", "grumpy")
    assert dump(db.path) == before
    added = await admin.add_condition(services, MC, "Ilsa", "bound")
    before = dump(db.path)
    with pytest.raises(PawpostError, match="^Only Ilsa's player or an admin"):
        await buttons.press(services, actor(ALICE), ids(added)["Roll to end Bound"])
    assert dump(db.path) == before


async def test_rests_end_what_the_book_ends_there(services, dice) -> None:
    await party_of_three(services)
    await admin.add_condition(services, MC, "Brunhild", "paranoia")
    await admin.add_condition(services, MC, "Brunhild", "disloyalty", flourish="yes")
    await admin.add_condition(services, MC, "Brunhild", "fear")
    dice.load(5, 5)
    reply = await rests.rest_short(services, actor(ALICE))
    brunhild = next(field.value for field in reply.fields if field.name == "Brunhild")
    assert "no longer Paranoia, Disloyalty" in brunhild
    assert [a.condition for a in (await sheet(services, "Brunhild")).conditions] == [Condition.FEAR]
    removed = await admin.remove_condition(services, MC, "Brunhild", "fear")
    assert removed.lines == ["Brunhild is no longer Fear."]
    with pytest.raises(PawpostError, match=r"^This character is not Fear\.$"):
        await admin.remove_condition(services, MC, "Brunhild", "fear")
