"""Conditions through the MC's `/admin condition add|remove` and the sufferer's cure rolls
(`/cure` or the condition's button): each roll's attribute and difficulty, the "after three
such rolls" count, Fitness's first success, and what ends at a rest."""

from __future__ import annotations

import pytest

from bot.actions import buttons
from bot.actions.caverns import admin, conditions
from bot.actions.caverns.party import rests
from rules.caverns.conditions import Condition
from rules.errors import PawpostError
from tests.actions.caverns.helpers import ids, party_of_three, sheet
from tests.conftest import ADMIN, ALICE, BOB, CAROL, actor, dump

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
    services, dice, clock, condition, fail, failed, succeed, succeeded
) -> None:
    await party_of_three(services)
    added = await admin.add_condition(services, MC, "Ilsa", condition)
    chosen = Condition(condition)
    assert added.mentions == [BOB]
    dice.load(*fail)
    reply = await conditions.roll_cure(services, actor(BOB), condition)
    assert reply.lines[0] == failed
    assert reply.lines[1] == f"Still {chosen.state}; the next roll is due tomorrow (game day)."
    assert (await sheet(services, "Ilsa")).has_condition(chosen)
    with pytest.raises(PawpostError, match="^That button is stale"):  # it was rolled since
        await buttons.press(services, actor(BOB), ids(added)[f"Roll to end {chosen.label}"])
    clock.advance(days=1)
    dice.load(*succeed)
    reply = await buttons.press(services, actor(BOB), ids(reply)[f"Roll to end {chosen.label}"])
    woken = {
        Condition.SLEEPING: "**Ilsa wakes up Prone** (/stand to get up).",
        Condition.ABLAZE: "**Ilsa is no longer Ablaze.**",
        Condition.BOUND: "**Ilsa is no longer Bound.**",
    }
    assert reply.lines[:2] == [succeeded, woken[chosen]]
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
    services, dice, clock, condition, attribute
) -> None:
    await party_of_three(services)
    await admin.add_condition(services, MC, "Ilsa", condition)
    chosen = Condition(condition)
    dice.load(1, 1, 6, 6, 1, 1)
    first = await conditions.roll_cure(services, actor(BOB), condition)
    assert first.lines[0] == f"2d6 [1, 1] + {attribute} = **{2 + int(attribute[-1])}**"
    assert first.lines[1] == (
        f"Still {chosen.state} (1 of 3 rolls); the next roll is due tomorrow (game day)."
    )
    assert first.lines[2].startswith("The failed roll: ")
    clock.advance(days=1)
    second = await conditions.roll_cure(services, actor(BOB), condition)
    assert second.lines[1].startswith(f"Still {chosen.state} (2 of 3 rolls)")  # a success counts
    clock.advance(days=1)
    third = await conditions.roll_cure(services, actor(BOB), condition)
    assert third.lines[1] == f"**Ilsa is no longer {chosen.state}.**"
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
    assert reply.lines[1].startswith("Still Asleep;")
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
    assert "no longer Paranoid, Disloyal, Afraid" in brunhild  # Fear: nothing else ends it here
    assert (await sheet(services, "Brunhild")).conditions == ()
    await admin.add_condition(services, MC, "Brunhild", "fear")
    removed = await admin.remove_condition(services, MC, "Brunhild", "fear")
    assert removed.lines == ["Brunhild is no longer Afraid."]
    with pytest.raises(PawpostError, match=r"^This character is not Afraid\.$"):
        await admin.remove_condition(services, MC, "Brunhild", "fear")


async def test_d8_prone_ends_outside_a_battle_by_standing_up_or_at_a_rest(
    services, dice, db
) -> None:
    from bot.actions.caverns import moves
    from bot.actions.caverns.battle import rows as battle

    await party_of_three(services)
    await admin.add_condition(services, MC, "Piper", "sleeping")
    dice.load(3, 4)  # 7 + Harmony 3: awake, and Prone
    woke = await conditions.roll_cure(services, actor(CAROL), "sleeping")
    assert woke.lines[1] == "**Piper wakes up Prone** (/stand to get up)."
    with pytest.raises(PawpostError, match=r"^Prone has no cure roll; .* stand up: /stand\.$"):
        await conditions.roll_cure(services, actor(CAROL), "prone")
    dice.load(3, 3)
    fled = await moves.flee_move(services, actor(CAROL), "front-to-back")
    assert fled.lines[0] == "2d6 [3, 3] + Wind 1 − 3 Prone = **4**"
    stood = await conditions.stand(services, actor(CAROL))
    assert stood.lines == ["Piper stands up: no longer Prone."]
    with pytest.raises(PawpostError, match=r"^Piper is not Prone\.$"):
        await conditions.stand(services, actor(CAROL))
    # A Long Rest ends it too; in a battle, standing is the turn's action.
    await admin.add_condition(services, MC, "Piper", "prone")
    dice.load(4, 4)
    rested = await rests.rest_long(services, actor(CAROL))
    assert "no longer Prone" in next(f.value for f in rested.fields if f.name == "Piper")
    await admin.add_condition(services, MC, "Piper", "prone")
    await battle.start(services, MC)
    await battle.join(services, actor(CAROL), "back")
    before = dump(db.path)
    with pytest.raises(PawpostError, match=r"^Piper is in a battle: standing takes"):
        await conditions.stand(services, actor(CAROL))
    assert dump(db.path) == before


async def test_ruling_a_cure_roll_outside_battle_is_due_once_a_game_day(
    services, dice, clock, db
) -> None:
    await party_of_three(services)
    await admin.add_condition(services, MC, "Ilsa", "confused")
    dice.load(1, 1)
    first = await conditions.roll_cure(services, actor(BOB), "confused")
    before = dump(db.path)
    with pytest.raises(PawpostError) as early:
        await conditions.roll_cure(services, actor(BOB), "confused")
    assert early.value.message.startswith(
        "Ilsa rolled against Confused today; the next roll is due <t:"
    )
    with pytest.raises(PawpostError, match="^Ilsa rolled against Confused today"):
        await buttons.press(services, actor(BOB), ids(first)["Roll to end Confused"])
    assert dump(db.path) == before
    dice.load(1, 1)  # the MC calls for a roll: due at once
    called = await conditions.roll_cure(services, MC, "confused", character="Ilsa")
    assert called.lines[1].startswith("Still Confused (2 of 3 rolls)")
    clock.advance(days=1)
    dice.load(1, 1)
    third = await conditions.roll_cure(services, actor(BOB), "confused")
    assert third.lines[1] == "**Ilsa is no longer Confused.**"


async def test_s3_4_condition_names_read_as_states(services, dice) -> None:
    await party_of_three(services)
    said = {
        "paranoia": "Piper is Paranoid: ",
        "fatigue": "Piper is Fatigued: ",
        "aeon": "Piper is lost in Aeon: ",
        "fear": "Piper is Afraid: ",
        "disarm": "Piper is Disarmed: ",
        "sickness": "Piper is Sick: ",
    }
    for condition, start in said.items():
        added = await admin.add_condition(services, MC, "Piper", condition)
        assert added.lines[0].startswith(start)
    asleep = await admin.add_condition(services, MC, "Ilsa", "sleeping")
    assert asleep.lines[0] == "Ilsa is Asleep: cannot move or act, and their Damage is zero."
    removed = await admin.remove_condition(services, MC, "Piper", "fatigue")
    assert removed.lines == ["Piper is no longer Fatigued."]
    dice.load(1, 1)
    rolled = await conditions.roll_cure(services, actor(CAROL), "sickness")
    assert rolled.lines[1].startswith("Still Sick (1 of 3 rolls)")
    dice.load(5, 5)
    rested = await rests.rest_short(services, actor(CAROL))
    assert "no longer Paranoid, lost in Aeon, Afraid, Disarmed" in next(
        f.value for f in rested.fields if f.name == "Piper"
    )
