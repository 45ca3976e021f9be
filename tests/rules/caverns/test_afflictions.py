"""Conditions (book l. 350-367): each one's rule, immunities, cure rolls and their counts,
and what ends at a rest or when a battle ends."""

from typing import Any

import pytest

from rules.caverns.afflictions import (
    Moment,
    cure,
    cure_roll,
    end_conditions,
    immunity,
    inflict,
    stand_up,
    wake,
)
from rules.caverns.attributes import Attribute
from rules.caverns.classes import CharacterClass
from rules.caverns.conditions import CONDITIONS, ActiveCondition, Condition, Ending, parse_condition
from rules.caverns.party.harmony_skills import HarmonyBenefit
from rules.caverns.races import Race
from rules.caverns.records import BenefitRecord
from rules.caverns.skills import Totem
from rules.caverns.skillsets import Skillset
from rules.dice import ScriptedDice
from rules.errors import PawpostError
from tests.rules.caverns.characters import adjusted, afflicted, make, with_attributes

C = Condition

# (condition, line, cure attribute, difficulty, rolls to cure), from the chapter.
BOOK_CURES = [
    (C.ABLAZE, 350, Attribute.WATER, 5, None),
    (C.BOUND, 353, Attribute.WIND, 9, None),
    (C.CONFUSED, 356, Attribute.METAL, 7, 3),
    (C.DISLOYALTY, 358, Attribute.FIRE, 7, 3),
    (C.FATIGUE, 360, Attribute.WOOD, 7, 3),
    (C.SICKNESS, 366, Attribute.WATER, 7, 3),
    (C.SLEEPING, 367, Attribute.HARMONY, 7, None),
]


def test_eighteen_conditions_in_the_books_order() -> None:
    assert len(CONDITIONS) == 18
    lines = [rule.line for rule in CONDITIONS.values()]
    assert lines == list(range(350, 368))


@pytest.mark.parametrize(("condition", "line", "attribute", "difficulty", "rolls"), BOOK_CURES)
def test_each_cure_roll(
    condition: Condition, line: int, attribute: Attribute, difficulty: int, rolls: int | None
) -> None:
    rule = CONDITIONS[condition]
    assert rule.line == line
    assert rule.cure is not None
    assert (rule.cure.attribute, rule.cure.difficulty, rule.rolls_to_cure) == (
        attribute,
        difficulty,
        rolls,
    )


def test_conditions_without_a_cure_roll_and_how_they_end() -> None:
    ends = {c: rule.ends for c, rule in CONDITIONS.items() if rule.cure is None}
    assert ends == {
        C.AEON: (Ending.NEXT_TURN,),
        C.BLIND: (Ending.ANY_REST,),
        C.BROKEN_LIMB: (Ending.ANY_REST,),
        C.CLUMSINESS: (Ending.NEXT_ROLL,),
        C.DISARM: (Ending.RETRIEVED,),
        C.ENTRANCEMENT: (Ending.FRONT_ROW, Ending.BATTLE_END),
        C.FEAR: (Ending.SUCCESSFUL_FLEE, Ending.BATTLE_END),
        C.PACIFISM: (Ending.SIDE_ATTACKED,),
        C.PARANOIA: (Ending.ANY_REST,),
        C.PRONE: (Ending.STANDING_UP,),
        C.SENSITIVITY: (Ending.TURN_WITHOUT_DAMAGE,),
    }


@pytest.mark.parametrize(
    ("typed", "condition"),
    [
        ("Asleep", C.SLEEPING),
        ("broken limb", C.BROKEN_LIMB),
        ("Disarmed", C.DISARM),
        ("sickened", C.SICKNESS),
        ("FEAR", C.FEAR),
    ],
)
def test_parse_condition_knows_the_books_other_names(typed: str, condition: Condition) -> None:
    assert parse_condition(typed) is condition


def test_parse_condition_refuses_the_unknown() -> None:
    with pytest.raises(
        PawpostError, match=r'^"Petrified" is not a condition of Caverns and Cloiers\.$'
    ):
        parse_condition("Petrified")


def test_labels() -> None:
    assert C.BROKEN_LIMB.label == "Broken Limb"


# --- Inflicting -----------------------------------------------------------------------------


def test_inflict_and_cure() -> None:
    sheet = inflict(make(), C.BLIND, note="sand in the eyes")
    active = sheet.condition(C.BLIND)
    assert active == ActiveCondition(condition=C.BLIND, note="sand in the eyes")
    assert not cure(sheet, C.BLIND).has_condition(C.BLIND)


def test_curing_what_is_not_there_is_refused() -> None:
    with pytest.raises(PawpostError, match=r"^This character is not Blind\.$"):
        cure(make(), C.BLIND)


def test_inflicting_again_starts_the_count_afresh() -> None:
    counted = adjusted(
        make(), conditions=(ActiveCondition(condition=C.CONFUSED, rolls=2, from_flourish=True),)
    )
    again = inflict(counted, C.CONFUSED)
    active = again.condition(C.CONFUSED)
    assert active is not None
    assert (active.rolls, active.from_flourish) == (0, False)


@pytest.mark.parametrize(
    ("race", "condition", "reason"),
    [(Race.DRACNARI, C.ABLAZE, "Dracnari"), (Race.KROKANI, C.BLIND, "Krokani")],
)
def test_race_immunities(race: Race, condition: Condition, reason: str) -> None:
    sheet = make(race=race)
    assert immunity(sheet, condition) == reason
    with pytest.raises(
        PawpostError, match=rf"^This character is immune to {condition.label} \({reason}\)\.$"
    ):
        inflict(sheet, condition)


@pytest.mark.parametrize(
    ("character_class", "choices", "immune"),
    [
        (CharacterClass.WARRIOR, {"advanced": "Gripping"}, {C.DISARM}),
        (CharacterClass.WARRIOR, {"advanced": "Adrenaline"}, {C.AEON, C.FATIGUE}),
        (CharacterClass.BARD, {"advanced": "Contortion"}, {C.BOUND, C.PRONE}),
        (CharacterClass.BARD, {"advanced": "Dexterity"}, {C.CLUMSINESS, C.DISARM}),
        (CharacterClass.GUARDIAN, {}, {C.PACIFISM, C.ENTRANCEMENT}),  # Rubeus, Basic
        (CharacterClass.ELEMENTALIST, {"tertiary": Skillset.PSIONICS}, {C.BLIND}),
        (
            CharacterClass.ELEMENTALIST,
            {"tertiary": Skillset.DREAMWEAVING, "advanced": "Control"},
            {C.FATIGUE, C.SLEEPING},
        ),
    ],
)
def test_skill_immunities(
    character_class: CharacterClass, choices: dict[str, Any], immune: set[Condition]
) -> None:
    sheet = make(character_class, **choices)
    assert {c for c in Condition if immunity(sheet, c)} == immune


def test_bonded_totems_protect() -> None:
    sun = make(CharacterClass.DRUID, patron_totem=Totem.SUN)
    assert immunity(sun, C.FATIGUE) == "the Sun totem"
    night = make(CharacterClass.DRUID, patron_totem=Totem.BEAR, advanced="Night")
    assert immunity(night, C.BLIND) is None  # learned but not bonded
    assert immunity(adjusted(night, bound_totem=Totem.NIGHT), C.BLIND) == "the Night totem"


def test_flow_like_the_river_makes_you_unruffled_by_fear() -> None:
    calm = adjusted(make(), harmony_benefits=(BenefitRecord(benefit=HarmonyBenefit.UNRUFFLED),))
    assert immunity(calm, C.FEAR) == "Flow Like the River"


def test_control_sleeps_only_when_willing() -> None:
    dreamer = make(CharacterClass.ELEMENTALIST, tertiary=Skillset.DREAMWEAVING, advanced="Control")
    with pytest.raises(PawpostError, match="immune to Sleeping"):
        inflict(dreamer, C.SLEEPING)
    assert inflict(dreamer, C.SLEEPING, willing=True).has_condition(C.SLEEPING)


# --- Waking and standing --------------------------------------------------------------------


def test_sleepers_wake_prone() -> None:
    # l. 367: "Characters who fall asleep wake up Prone."
    woken = wake(afflicted(make(), C.SLEEPING))
    assert [a.condition for a in woken.conditions] == [C.PRONE]
    assert not stand_up(woken).conditions


def test_control_wakes_standing() -> None:
    dreamer = make(CharacterClass.ELEMENTALIST, tertiary=Skillset.DREAMWEAVING, advanced="Control")
    assert wake(afflicted(dreamer, C.SLEEPING)).conditions == ()


# --- Cure rolls -----------------------------------------------------------------------------


def test_bound_wind_9_frees() -> None:
    bound = afflicted(with_attributes(make(), wind=1), C.BOUND)
    failed = cure_roll(bound, C.BOUND, ScriptedDice([4, 3]))  # 8
    assert (failed.cured, failed.failure) == (False, "stays tied up and cannot act this turn")
    assert failed.roll is not None and failed.roll.target == 9
    freed = cure_roll(bound, C.BOUND, ScriptedDice([4, 4]))  # 9
    assert freed.cured and not freed.sheet.has_condition(C.BOUND)


def test_a_furrikin_always_frees_itself() -> None:
    bound = afflicted(make(race=Race.FURRIKIN), C.BOUND)
    result = cure_roll(bound, C.BOUND, ScriptedDice([]))
    assert (result.roll, result.cured) == (None, True)
    assert not result.sheet.has_condition(C.BOUND)


def test_ablaze_water_5_puts_it_out() -> None:
    burning = afflicted(with_attributes(make(), water=0), C.ABLAZE)
    assert cure_roll(burning, C.ABLAZE, ScriptedDice([2, 2])).failure == "is still on fire"
    assert cure_roll(burning, C.ABLAZE, ScriptedDice([3, 2])).cured


def test_sleeping_harmony_7_wakes_prone() -> None:
    asleep = afflicted(adjusted(make(), harmony=0), C.SLEEPING)
    stays = cure_roll(asleep, C.SLEEPING, ScriptedDice([3, 3]))
    assert (stays.cured, stays.failure) == (False, "sleeps on")
    woke = cure_roll(asleep, C.SLEEPING, ScriptedDice([4, 3]))
    assert woke.cured
    assert [a.condition for a in woke.sheet.conditions] == [C.PRONE]


def test_a_difficulty_set_by_a_skill_or_the_mc() -> None:
    # Eternal Sleep (l. 243): "the Harmony check for them to wake themselves up is 10".
    asleep = adjusted(
        make(), harmony=0, conditions=(ActiveCondition(condition=C.SLEEPING, difficulty=10),)
    )
    result = cure_roll(asleep, C.SLEEPING, ScriptedDice([5, 4]))
    assert result.roll is not None and result.roll.target == 10
    assert not result.cured


@pytest.mark.parametrize("condition", [C.CONFUSED, C.DISLOYALTY, C.FATIGUE, C.SICKNESS])
def test_three_rolls_whatever_their_results(condition: Condition) -> None:
    # A Bard has no Fitness, so even a success only counts as one of the three.
    sheet = afflicted(make(CharacterClass.BARD), condition)
    first = cure_roll(sheet, condition, ScriptedDice([6, 6]))  # a success
    assert not first.cured
    assert first.sheet.condition(condition) == ActiveCondition(
        condition=condition, rolls=1, version=1
    )
    second = cure_roll(first.sheet, condition, ScriptedDice([1, 1]))  # a failure
    assert not second.cured
    assert second.failure is not None
    third = cure_roll(second.sheet, condition, ScriptedDice([1, 1]))
    assert third.cured
    assert not third.sheet.has_condition(condition)


def test_failure_costs_the_turn() -> None:
    confused = afflicted(with_attributes(make(), metal=0), C.CONFUSED)
    result = cure_roll(confused, C.CONFUSED, ScriptedDice([1, 2]))
    assert result.failure == "wastes the turn doing something unhelpful, like yodeling"
    disloyal = afflicted(with_attributes(make(), fire=0), C.DISLOYALTY)
    assert (
        cure_roll(disloyal, C.DISLOYALTY, ScriptedDice([1, 2])).failure
        == "spends the turn attacking an ally"
    )


def test_a_failed_fatigue_roll_falls_prone() -> None:
    tired = afflicted(with_attributes(make(), wood=0), C.FATIGUE)
    failed = cure_roll(tired, C.FATIGUE, ScriptedDice([2, 2]))
    assert failed.sheet.has_condition(C.PRONE)
    assert cure_roll(tired, C.FATIGUE, ScriptedDice([4, 3])).sheet.has_condition(C.PRONE) is False


def test_fitness_cures_at_the_first_success() -> None:
    # l. 193: Athletics' Basic skill.
    sheet = afflicted(with_attributes(make(), metal=0), C.CONFUSED)
    assert sheet.has_skill("athletics:fitness")
    assert not cure_roll(sheet, C.CONFUSED, ScriptedDice([1, 1])).cured
    assert cure_roll(sheet, C.CONFUSED, ScriptedDice([4, 3])).cured
    bard = afflicted(with_attributes(make(CharacterClass.BARD), metal=0), C.CONFUSED)
    assert not cure_roll(bard, C.CONFUSED, ScriptedDice([4, 3])).cured


def test_clumsiness_counts_against_a_cure_roll() -> None:
    sheet = afflicted(with_attributes(make(), wind=0), C.BOUND, C.CLUMSINESS)
    result = cure_roll(sheet, C.BOUND, ScriptedDice([6, 5]))  # 11 - 3
    assert result.roll is not None and result.roll.total == 8
    assert not result.cured
    assert not result.sheet.has_condition(C.CLUMSINESS)


def test_no_cure_roll_for_conditions_that_end_otherwise() -> None:
    with pytest.raises(
        PawpostError, match=r"^Blind has no cure roll; it ends with the next rest\.$"
    ):
        cure_roll(afflicted(make(), C.BLIND), C.BLIND, ScriptedDice([]))
    with pytest.raises(PawpostError, match=r"^This character is not Bound\.$"):
        cure_roll(make(), C.BOUND, ScriptedDice([]))


# --- Ending by themselves -------------------------------------------------------------------


def test_what_a_rest_ends() -> None:
    sheet = adjusted(
        make(),
        conditions=(
            ActiveCondition(condition=C.BLIND),
            ActiveCondition(condition=C.BROKEN_LIMB),
            ActiveCondition(condition=C.PARANOIA),
            ActiveCondition(condition=C.CONFUSED, from_flourish=True),
            ActiveCondition(condition=C.ABLAZE),
            ActiveCondition(condition=C.FEAR),
        ),
    )
    for moment in (Moment.SHORT_REST, Moment.LONG_REST):
        after, ended = end_conditions(sheet, moment)
        assert ended == (C.BLIND, C.BROKEN_LIMB, C.PARANOIA, C.CONFUSED, C.FEAR)
        assert [a.condition for a in after.conditions] == [C.ABLAZE]


@pytest.mark.parametrize(
    "condition", [C.AEON, C.DISARM, C.SENSITIVITY, C.ENTRANCEMENT, C.FEAR, C.PACIFISM, C.PRONE]
)
def test_s3_5_a_condition_only_a_battle_s_turns_end_ends_at_the_next_rest(
    condition: Condition,
) -> None:
    sheet = afflicted(make(), condition, C.ABLAZE, C.BOUND, C.SLEEPING)
    for moment in (Moment.SHORT_REST, Moment.LONG_REST):
        after, ended = end_conditions(sheet, moment)
        assert ended == (condition,)
        assert [a.condition for a in after.conditions] == [C.ABLAZE, C.BOUND, C.SLEEPING]


def test_what_the_end_of_a_battle_ends() -> None:
    sheet = afflicted(make(), C.ENTRANCEMENT, C.FEAR, C.BLIND)
    after, ended = end_conditions(sheet, Moment.BATTLE_END)
    assert ended == (C.ENTRANCEMENT, C.FEAR)
    assert [a.condition for a in after.conditions] == [C.BLIND]
