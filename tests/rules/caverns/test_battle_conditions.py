"""Conditions in battle, the pure part (book l. 350-367): an NPC's cure rolls with scripted dice,
the three-rolls count, waking Prone, Fatigue's fall, Clumsiness spent, the refusals, the
penalties, Sensitivity's extra loss and the turn's announcement."""

from __future__ import annotations

import pytest

from rules.caverns.attributes import Attribute
from rules.caverns.battle.conditions import (
    ConditionTrack,
    ablaze_damage,
    broken_arm,
    clumsy,
    due_notes,
    has,
    hit_amount,
    npc_attribute,
    npc_cure_roll,
    npc_penalties,
    refusal,
    strikes_back,
)
from rules.caverns.battle.rows import BattleState
from rules.caverns.conditions import ActiveCondition, Condition
from rules.caverns.constants import (
    ABLAZE_DAMAGE,
    BLIND_ATTACK_PENALTY,
    CLUMSINESS_PENALTY,
    PRONE_PENALTY,
    ROLLS_TO_CURE,
    SENSITIVITY_EXTRA_LOSS,
)
from rules.caverns.moves import Move
from rules.dice import ScriptedDice
from rules.errors import PawpostError


def on(*conditions: Condition, **changes: object) -> tuple[ActiveCondition, ...]:
    return tuple(ActiveCondition(condition=c).model_copy(update=changes) for c in conditions)


def test_an_npc_sleeper_rolls_harmony_0_and_wakes_prone() -> None:
    asleep = on(Condition.SLEEPING)
    missed = npc_cure_roll("Ogre", asleep, Condition.SLEEPING, 0, ScriptedDice([3, 3]))
    assert (missed.roll.total, missed.roll.target, missed.cured) == (6, 7, False)
    assert missed.failure == "sleeps on" and missed.conditions == asleep
    woke = npc_cure_roll("Ogre", asleep, Condition.SLEEPING, 0, ScriptedDice([3, 4]))
    assert woke.cured and [a.condition for a in woke.conditions] == [Condition.PRONE]
    assert woke.roll.label == "Ogre, Sleeping: Harmony roll"


def test_an_npc_s_three_rolls_cure_whatever_their_results() -> None:
    conditions = on(Condition.CONFUSED)
    results = []
    for faces in ([1, 1], [6, 6], [1, 2]):
        cure = npc_cure_roll("Ogre", conditions, Condition.CONFUSED, 1, ScriptedDice(faces))
        conditions = cure.conditions
        results.append((cure.roll.total, cure.cured, cure.failure is None))
    assert results == [(3, False, False), (13, False, True), (4, True, False)]
    assert conditions == ()
    assert ROLLS_TO_CURE == 3


def test_a_failed_fatigue_roll_falls_prone_and_counts() -> None:
    cure = npc_cure_roll("Ogre", on(Condition.FATIGUE), Condition.FATIGUE, 0, ScriptedDice([2, 2]))
    assert cure.failure == "falls Prone, too tired to act"
    assert {a.condition: a.rolls for a in cure.conditions} == {
        Condition.FATIGUE: 1,
        Condition.PRONE: 0,
    }


def test_bound_takes_a_9_and_a_difficulty_the_mc_set_wins() -> None:
    bound = on(Condition.BOUND)
    assert not npc_cure_roll("Ogre", bound, Condition.BOUND, 2, ScriptedDice([3, 3])).cured
    assert npc_cure_roll("Ogre", bound, Condition.BOUND, 2, ScriptedDice([4, 3])).cured
    harder = on(Condition.BOUND, difficulty=11)
    assert not npc_cure_roll("Ogre", harder, Condition.BOUND, 2, ScriptedDice([4, 4])).cured


def test_clumsiness_takes_its_3_from_an_npc_s_cure_roll_and_ends() -> None:
    both = on(Condition.ABLAZE, Condition.CLUMSINESS)
    cure = npc_cure_roll("Ogre", both, Condition.ABLAZE, 0, ScriptedDice([3, 3]))
    assert cure.roll.total == 6 - CLUMSINESS_PENALTY and not cure.cured
    assert [a.condition for a in cure.conditions] == [Condition.ABLAZE]
    penalty, left = clumsy(on(Condition.CLUMSINESS, Condition.BLIND))
    assert [m.value for m in penalty] == [-CLUMSINESS_PENALTY]
    assert [a.condition for a in left] == [Condition.BLIND]
    assert clumsy(left) == ([], left)


def test_no_cure_roll_for_what_has_none_or_is_not_there() -> None:
    with pytest.raises(PawpostError, match="Ogre is not Bound"):
        npc_cure_roll("Ogre", (), Condition.BOUND, 0, ScriptedDice([]))
    with pytest.raises(PawpostError, match="Prone has no cure roll"):
        npc_cure_roll("Ogre", on(Condition.PRONE), Condition.PRONE, 0, ScriptedDice([]))


def test_an_npc_adds_its_harmony_or_its_element() -> None:
    attributes = {Attribute.WIND: 2}
    assert npc_attribute(attributes, 0, Attribute.HARMONY) == 0
    assert npc_attribute(attributes, 0, Attribute.WIND) == 2
    assert npc_attribute(attributes, 0, Attribute.METAL) == 0


def test_the_refusals() -> None:
    assert refusal(on(Condition.PACIFISM), Move.DO_BATTLE, "Ogre") == (
        "Ogre has thrown down their weapons (Pacifism) and will not Do Battle."
    )
    disarmed = refusal(on(Condition.DISARM), Move.DO_BATTLE, "Ogre")
    assert disarmed is not None and "Ogre dropped their weapon (Disarm)" in disarmed
    arm = on(Condition.BROKEN_LIMB, note="left arm")
    assert "Broken Limb is an arm" in str(refusal(arm, Move.DO_BATTLE, "Ogre"))
    leg = on(Condition.BROKEN_LIMB, note="right leg")
    assert broken_arm(arm) and not broken_arm(leg)
    assert refusal(leg, Move.DO_BATTLE, "Ogre") is None
    assert refusal(on(Condition.ENTRANCEMENT), Move.FLEE, "Ogre") == (
        "Ogre is Entranced and cannot Flee; they must Advance as soon as they can."
    )
    assert refusal(on(Condition.ENTRANCEMENT), Move.ADVANCE, "Ogre") is None
    afraid = refusal(on(Condition.FEAR), Move.ADVANCE, "Ogre")
    assert afraid is not None and "cannot advance beyond the back row" in afraid
    assert refusal(on(Condition.FEAR), Move.FLEE, "Ogre") is None
    # Bound and Sleeping roll first: their roll may free the sufferer.
    assert refusal(on(Condition.BOUND, Condition.SLEEPING), Move.DO_BATTLE, "Ogre") is None


def test_penalties_sensitivity_and_the_counter_blow() -> None:
    both = on(Condition.BLIND, Condition.PRONE)
    assert [m.value for m in npc_penalties(both, Move.DO_BATTLE)] == [
        -BLIND_ATTACK_PENALTY,
        -PRONE_PENALTY,
    ]
    assert [m.reason for m in npc_penalties(both, Move.FLEE)] == ["Prone"]
    assert npc_penalties(both, Move.ROLL) == []
    assert hit_amount(on(Condition.SENSITIVITY), 2) == 2 + SENSITIVITY_EXTRA_LOSS
    assert hit_amount(on(Condition.SENSITIVITY), 0) == 0
    assert hit_amount((), 2) == 2
    assert not strikes_back(on(Condition.PACIFISM)) and not strikes_back(on(Condition.SLEEPING))
    assert strikes_back(on(Condition.PRONE))
    assert ablaze_damage(on(Condition.ABLAZE)) == ABLAZE_DAMAGE and ablaze_damage(()) == 0
    assert has(both, Condition.BLIND) and not has(both, Condition.FEAR)


def test_the_turn_s_announcement_names_each_roll_due() -> None:
    notes = due_notes(
        on(Condition.BOUND)
        + on(Condition.CONFUSED, rolls=1)
        + on(Condition.ABLAZE, Condition.ENTRANCEMENT, Condition.PRONE)
    )
    assert notes == [
        "Ablaze: you take 1 damage and the bot rolls Water DC 5 to put it out when you act.",
        "Bound: the bot rolls Wind DC 9 when you act; a miss stays tied up and cannot act this "
        "turn.",
        "Confused: the bot rolls Metal DC 7 when you act (roll 2 of 3); a miss wastes the turn "
        "doing something unhelpful, like yodeling.",
        "Entranced: you cannot Flee and must Advance as soon as you can.",
        "Prone: Advance, Flee and Do Battle take -3; /battle stand takes an action.",
    ]
    assert due_notes(on(Condition.SLEEPING, difficulty=10))[0].startswith(
        "Sleeping: the bot rolls Harmony DC 10 when you act"
    )
    assert due_notes(on(Condition.ENTRANCEMENT), in_back_row=False) == [
        "Entranced: you cannot Flee."
    ]
    assert due_notes(()) == []


def test_an_old_battle_loads_with_an_empty_track() -> None:
    old = BattleState.model_validate({"phase": "player", "turn": 3})
    assert old.condition_track == ConditionTrack()
