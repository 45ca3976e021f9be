"""The age table row by row, the choices it asks for, great deeds and retiring at 71 moons."""

from collections import Counter

import pytest

from rules.dice import ScriptedDice
from rules.errors import PawpostError
from rules.wcagr import (
    AGE_TABLE,
    TEN_MOON_GAINS,
    Ability,
    Clan,
    Gain,
    Knack,
    PendingGain,
    Rank,
    Skill,
    WcagrSheet,
    age_one_moon,
    answer_gain,
    apply_gain,
    create_sheet,
    gain_options,
    gains_at,
    grant,
    grow_up,
    retire,
    roll_check,
    ten_moon_gains,
)
from tests.rules.wcagr.cats import cat, new_cat

STR, INT, SPI = Ability.STRENGTH, Ability.INTELLIGENCE, Ability.SPIRIT
S, K, ANY, IS = "Skill", "Knack", "+1 any", "+1 Int or Spi"

# The checklist's age table (book l.159-222), written out again so the two are compared.
CHECKLIST = {
    11: [S], 12: [ANY], 13: [K], 14: [IS], 15: [S], 16: [K], 17: [ANY], 18: [], 19: [S, K],
    20: [], 21: [ANY], 22: [K], 23: [S], 24: [], 25: [K], 26: [IS], 27: [S], 28: [K], 29: [],
    30: [S], 31: [K], 32: [ANY], 33: [], 34: [K], 35: [S], 36: [], 37: [K], 38: ["+1 Int"],
    39: [S], 40: [K], 41: [], 42: [S], 43: [K], 44: [], 45: [ANY], 46: [K], 47: [S], 48: [],
    49: [K], 50: ["+1 Spi"], 51: [S], 52: [K], 53: [], 54: [], 55: [K, S], 56: [],
    57: ["-1 Str"], 58: [K], 59: [S], 60: [], 61: [K], 62: [ANY], 63: [S], 64: [K], 65: [],
    66: [], 67: [K, S], 68: ["-1 Str"], 69: ["+1 Spi"], 70: [K],
}  # fmt: skip
WORDS = {
    Gain.SKILL: S,
    Gain.KNACK: K,
    Gain.ANY_ABILITY: ANY,
    Gain.INTELLIGENCE_OR_SPIRIT: IS,
    Gain.INTELLIGENCE_UP: "+1 Int",
    Gain.SPIRIT_UP: "+1 Spi",
    Gain.STRENGTH_DOWN: "-1 Str",
}


def test_the_age_table_is_the_books() -> None:
    assert sorted(AGE_TABLE) == list(range(11, 71))
    assert {moon: [WORDS[g] for g in gains] for moon, gains in AGE_TABLE.items()} == CHECKLIST


def test_the_tables_totals_from_11_to_70() -> None:  # the checklist's totals
    totals = Counter(gain for gains in AGE_TABLE.values() for gain in gains)
    assert totals == {
        Gain.SKILL: 15,
        Gain.KNACK: 20,
        Gain.ANY_ABILITY: 6,
        Gain.INTELLIGENCE_OR_SPIRIT: 2,
        Gain.INTELLIGENCE_UP: 1,
        Gain.SPIRIT_UP: 2,
        Gain.STRENGTH_DOWN: 2,
    }


def test_gains_outside_the_table() -> None:
    assert (
        gains_at(10)
        == TEN_MOON_GAINS
        == (
            Gain.STRENGTH_UP,
            Gain.INTELLIGENCE_OR_SPIRIT,
            Gain.THREE_KNACKS,
        )
    )
    assert [gains_at(moon) for moon in (0, 5, 9, 71, 90)] == [(), (), (), (), ()]


def first_option(sheet: WcagrSheet, gain: Gain) -> Ability | Skill | Knack | tuple[Knack, ...]:
    options = gain_options(sheet, gain)
    if gain is Gain.THREE_KNACKS:
        return tuple(k for k in options if isinstance(k, Knack))[:3]
    return options[0]


def test_each_row_is_applied_once_from_10_to_70() -> None:
    sheet = create_sheet(new_cat(strength=1, intelligence=1, spirit=3))
    seen: Counter[Gain] = Counter()
    for moon in range(11, 71):
        step = age_one_moon(sheet)
        assert step.moon == moon
        assert step.sheet.age_moons == moon
        assert step.lost == ()
        got = [*step.applied, *(p.gain for p in step.waiting)]
        assert sorted(got) == sorted(AGE_TABLE[moon]), moon
        assert [(p.gain, p.moon) for p in step.waiting] == [
            (g, moon) for g in AGE_TABLE[moon] if g.needs_choice
        ]
        sheet = step.sheet
        for pending in step.waiting:
            choice = INT if pending.gain is Gain.ANY_ABILITY else first_option(sheet, pending.gain)
            sheet = answer_gain(sheet, pending, choice)
        assert sheet.pending == ()
        seen.update(got)
    assert seen == Counter(gain for gains in AGE_TABLE.values() for gain in gains)
    assert not sheet.retired
    # 1/1/3 + ThunderClan (Str, Spi) + 10 moons (Str, Spi) = 3/1/5. Intelligence takes the six
    # "+1 any", the two "+1 Int or Spi" and the +1 at 38: 1 + 9 = 10, exactly the most.
    assert sheet.abilities.as_dict() == {
        STR: 3 - 2,
        INT: 10,
        SPI: 5 + 2,
    }  # −1 at 57, 68; +1 at 50, 69
    assert sheet.hp_max == 5 + 70 + 1


def test_a_younger_cat_gets_the_ten_moon_gains_at_ten() -> None:  # RULINGS
    kit = create_sheet(new_cat(age_moons=9, knacks=(), ten_moon_bonus=None))
    step = age_one_moon(kit)
    assert step.moon == 10
    assert step.applied == (Gain.STRENGTH_UP,)
    assert step.sheet.score(STR) == kit.score(STR) + 1
    assert step.waiting == (
        PendingGain(gain=Gain.INTELLIGENCE_OR_SPIRIT, moon=10, number=1),
        PendingGain(gain=Gain.THREE_KNACKS, moon=10, number=2),
    )
    sheet = answer_gain(step.sheet, step.waiting[0], SPI)
    sheet = answer_gain(sheet, step.waiting[1], (Knack.HIDE, Knack.STALK, Knack.TRACK))
    assert sheet.knacks == {Knack.HIDE: 1, Knack.STALK: 1, Knack.TRACK: 1}
    assert sheet.score(SPI) == kit.score(SPI) + 1
    assert sheet.pending == ()


def test_ten_moon_gains_at_creation() -> None:
    sheet = ten_moon_gains(cat(strength=2, age_moons=10), INT, (Knack.PIN, Knack.DASH, Knack.YOWL))
    assert sheet.abilities.as_dict() == {STR: 3, INT: 4, SPI: 3}
    assert sheet.knacks == {Knack.DASH: 1, Knack.PIN: 1, Knack.YOWL: 1}
    strongest = ten_moon_gains(cat(strength=10), SPI, (Knack.PIN, Knack.DASH, Knack.YOWL))
    assert strongest.score(STR) == 10  # the +1 is lost at 10


def test_the_first_three_knacks_are_three_different_new_ones() -> None:
    step = age_one_moon(cat(age_moons=9))
    three = step.waiting[1]
    with pytest.raises(PawpostError, match=r"^The three knacks must be different; Hide is"):
        answer_gain(step.sheet, three, (Knack.HIDE, Knack.HIDE, Knack.TRACK))
    with pytest.raises(PawpostError, match=r"^Choose exactly three knacks; you gave 1\.$"):
        answer_gain(step.sheet, three, (Knack.HIDE,))
    known = step.sheet.changed(knacks={Knack.HIDE: 1})
    with pytest.raises(PawpostError) as refused:
        answer_gain(known, three, (Knack.HIDE, Knack.DODGE, Knack.TRACK))
    assert refused.value.message == (
        "This cat already knows Hide; its first three knacks are all new."
    )
    with pytest.raises(PawpostError, match=r"^Choose three different knacks, not only Hide\.$"):
        answer_gain(step.sheet, three, Knack.HIDE)


def test_fixed_gains_apply_at_once_and_move_the_pools() -> None:
    sheet = cat(strength=4, intelligence=3, spirit=3, age_moons=56, points={STR: 1})
    step = age_one_moon(sheet)  # 57: −1 Strength
    assert step.applied == (Gain.STRENGTH_DOWN,)
    assert (step.sheet.score(STR), step.sheet.points_left(STR)) == (3, 0)
    assert step.sheet.hp_max == 5 + 57 + 3
    up = age_one_moon(cat(intelligence=3, age_moons=37))  # 38: +1 Intelligence
    assert (up.sheet.score(INT), up.sheet.points_left(INT)) == (4, 4)


def test_a_fixed_plus_1_at_10_is_lost() -> None:  # RULINGS
    step = age_one_moon(cat(intelligence=10, age_moons=37))
    assert step.lost == (Gain.INTELLIGENCE_UP,)
    assert step.applied == ()
    assert step.sheet.score(INT) == 10


def test_minus_1_stops_at_1() -> None:  # RULINGS
    step = age_one_moon(cat(strength=1, age_moons=67))
    assert step.lost == (Gain.STRENGTH_DOWN,)
    assert step.sheet.score(STR) == 1


def test_plus_1_any_cannot_go_to_an_ability_at_10() -> None:
    step = age_one_moon(cat(strength=10, age_moons=11))
    assert gain_options(step.sheet, Gain.ANY_ABILITY) == (INT, SPI)
    with pytest.raises(PawpostError) as refused:
        answer_gain(step.sheet, step.waiting[0], STR)
    assert refused.value.message == (
        "Strength is already 10, the most an ability can have; choose another."
    )
    assert answer_gain(step.sheet, step.waiting[0], SPI).score(SPI) == 4


def test_a_choice_with_nothing_left_is_lost() -> None:
    step = age_one_moon(cat(strength=10, intelligence=10, spirit=10, age_moons=11))
    assert step.lost == (Gain.ANY_ABILITY,)
    assert step.waiting == ()
    both = age_one_moon(cat(intelligence=10, spirit=10, age_moons=13))
    assert both.lost == (Gain.INTELLIGENCE_OR_SPIRIT,)


def test_plus_1_intelligence_or_spirit_is_not_strength() -> None:
    step = age_one_moon(cat(age_moons=13))
    assert gain_options(step.sheet, Gain.INTELLIGENCE_OR_SPIRIT) == (INT, SPI)
    with pytest.raises(PawpostError) as refused:
        answer_gain(step.sheet, step.waiting[0], STR)
    assert refused.value.message == "This gain goes to Intelligence or Spirit, not Strength."


def test_a_skill_point_is_a_new_skill_or_one_below_5() -> None:  # l.33
    step = age_one_moon(cat(skills={Skill.SWIM: 5, Skill.SEE: 2}, age_moons=10))
    assert Skill.SWIM not in gain_options(step.sheet, Gain.SKILL)
    assert len(gain_options(step.sheet, Gain.SKILL)) == 14
    with pytest.raises(PawpostError) as refused:
        answer_gain(step.sheet, step.waiting[0], Skill.SWIM)
    assert refused.value.message == "Swim is already 5, the most a skill can have; choose another."
    assert answer_gain(step.sheet, step.waiting[0], Skill.SEE).skill(Skill.SEE) == 3
    assert answer_gain(step.sheet, step.waiting[0], Skill.HISS).skill(Skill.HISS) == 1


def test_a_knack_is_new_or_a_repeat_pick_within_its_maximum() -> None:
    step = age_one_moon(cat(knacks={Knack.DODGE: 3, Knack.FEINT: 1}, age_moons=12))
    assert Knack.DODGE not in gain_options(step.sheet, Gain.KNACK)
    with pytest.raises(PawpostError) as refused:
        answer_gain(step.sheet, step.waiting[0], Knack.DODGE)
    assert refused.value.message == "Dodge can be picked only 3 times; choose another knack."
    assert answer_gain(step.sheet, step.waiting[0], Knack.FEINT).picks(Knack.FEINT) == 2
    assert answer_gain(step.sheet, step.waiting[0], Knack.PIN).picks(Knack.PIN) == 1


def test_a_choice_of_the_wrong_kind_is_refused() -> None:
    sheet = cat()
    assert_refused: list[tuple[Gain, Skill | Knack, str]] = [
        (Gain.SKILL, Knack.DODGE, "Skill needs a skill; Dodge is not one."),
        (Gain.KNACK, Skill.SWIM, "Knack needs a knack; Swim is not one."),
        (Gain.ANY_ABILITY, Skill.SWIM, "+1 any ability needs an ability; Swim is not one."),
    ]
    with pytest.raises(PawpostError) as refused:
        apply_gain(sheet, Gain.SKILL, (Knack.DODGE, Knack.HIDE))
    assert refused.value.message == "Skill needs a skill; that is not one."
    for gain, choice, sentence in assert_refused:
        with pytest.raises(PawpostError) as refused:
            apply_gain(sheet, gain, choice)
        assert refused.value.message == sentence


def test_fixed_gains_take_no_choice() -> None:
    assert [g for g in Gain if not g.needs_choice] == [
        Gain.STRENGTH_UP,
        Gain.INTELLIGENCE_UP,
        Gain.SPIRIT_UP,
        Gain.STRENGTH_DOWN,
    ]
    assert gain_options(cat(), Gain.STRENGTH_DOWN) == ()
    with pytest.raises(ValueError, match="needs no choice"):
        apply_gain(cat(), Gain.SPIRIT_UP, Ability.SPIRIT)


def test_gain_labels() -> None:
    assert [g.label for g in Gain] == [
        "Skill",
        "Knack",
        "+1 any ability",
        "+1 Intelligence or Spirit",
        "Three knacks",
        "+1 Strength",
        "+1 Intelligence",
        "+1 Spirit",
        "−1 Strength",
    ]


def test_answering_a_gain_that_is_not_waiting_is_refused() -> None:
    with pytest.raises(PawpostError) as refused:
        answer_gain(cat(), PendingGain(gain=Gain.SKILL, moon=23), Skill.SWIM)
    assert refused.value.message == "No Skill gain from 23 moons is waiting."


def test_waiting_gains_are_kept_until_answered() -> None:
    sheet = cat(age_moons=18)
    sheet = age_one_moon(sheet).sheet  # 19: Skill and Knack
    sheet = age_one_moon(sheet).sheet  # 20: nothing
    sheet = age_one_moon(sheet).sheet  # 21: +1 any
    assert [(p.gain, p.moon) for p in sheet.pending] == [
        (Gain.SKILL, 19),
        (Gain.KNACK, 19),
        (Gain.ANY_ABILITY, 21),
    ]
    stored = WcagrSheet.model_validate_json(sheet.model_dump_json())
    answered = answer_gain(stored, PendingGain(gain=Gain.KNACK, moon=19), Knack.DASH)
    assert [p.moon for p in answered.pending] == [19, 21]


def test_an_admin_grants_a_skill_or_a_knack_for_great_deeds() -> None:  # l.192
    sheet = grant(grant(cat(), Gain.SKILL), Gain.KNACK)
    assert sheet.pending == (
        PendingGain(gain=Gain.SKILL, number=1),
        PendingGain(gain=Gain.KNACK, number=2),
    )
    assert sheet.pending[0].source == "a great deed"
    sheet = answer_gain(sheet, PendingGain(gain=Gain.SKILL), Skill.SWIM)
    assert sheet.skill(Skill.SWIM) == 1
    with pytest.raises(PawpostError) as refused:
        grant(cat(), Gain.ANY_ABILITY)
    assert refused.value.message == "An admin grants a skill point or a knack for great deeds."
    maxed = cat(skills=dict.fromkeys(Skill, 5))
    with pytest.raises(PawpostError, match="nothing left to gain from a skill"):
        grant(maxed, Gain.SKILL)


def test_hp_follows_age_each_moon() -> None:
    sheet = cat(strength=3, age_moons=20, hp_lost=4)
    older = age_one_moon(sheet).sheet
    assert (older.hp_max, older.hp) == (5 + 21 + 3, 5 + 21 + 3 - 4)


def test_at_71_moons_a_cat_retires_an_elder() -> None:  # l.432, l.119
    step = age_one_moon(cat(age_moons=70, rank=Rank.WARRIOR))
    assert step.retired_now
    assert step.sheet.retired
    assert step.sheet.rank is Rank.ELDER
    assert step.applied == step.lost == step.waiting == ()
    with pytest.raises(PawpostError, match="^This cat is retired"):
        roll_check(step.sheet, ScriptedDice([]), skill=Skill.LISTEN)


def test_a_retired_cat_ages_but_gains_nothing() -> None:
    retired = retire(cat(age_moons=25))
    step = age_one_moon(retired)  # 26 would be +1 Int or Spi
    assert step.sheet.age_moons == 26
    assert (step.applied, step.lost, step.waiting, step.retired_now) == ((), (), (), False)


def test_retiring_early_and_twice() -> None:
    sheet = retire(cat(rank=Rank.LEADER, lives=5))
    assert (sheet.retired, sheet.rank, sheet.lives) == (True, Rank.ELDER, None)
    with pytest.raises(PawpostError) as refused:
        retire(sheet)
    assert refused.value.message == "This cat is already retired."


def test_groups_without_elders_keep_no_rank_when_retired() -> None:
    blood = retire(cat(clan=Clan.BLOODCLAN, rank=Rank.BLOODWATCH_PATROL))
    assert blood.rank is None
    assert retire(cat(clan=Clan.LONER)).rank is None
    tribe = retire(cat(clan=Clan.TRIBE_OF_RUSHING_WATER, rank=Rank.CAVE_GUARD))
    assert tribe.rank is Rank.ELDER


def test_grow_up_answers_as_it_goes() -> None:
    sheet = grow_up(cat(strength=9, age_moons=16), 17, [STR])
    assert sheet.score(STR) == 10
    with pytest.raises(PawpostError) as refused:
        grow_up(cat(strength=10, age_moons=16), 17, [STR])
    assert refused.value.message == (
        "At 17 moons (+1 any ability): Strength is already 10, the most an ability can have; "
        "choose another."
    )


def test_grow_up_skips_a_lost_choice() -> None:
    sheet = grow_up(cat(strength=10, intelligence=10, spirit=10, age_moons=11), 13, [Knack.DASH])
    assert sheet.picks(Knack.DASH) == 1
    assert sheet.age_moons == 13


def test_answering_a_told_gain_leaves_one_fewer_told() -> None:
    """A new gain after an answered one is untold, though as many wait as were told before."""
    kit = create_sheet(new_cat(age_moons=9, knacks=(), ten_moon_bonus=None))
    step = age_one_moon(kit)
    told = step.sheet.changed(gains_told=2)  # both ten-moon gains told
    sheet = answer_gain(told, step.waiting[0], SPI)
    assert sheet.gains_told == 1
    sheet = grant(sheet, Gain.SKILL)  # one told, one not: answering the untold keeps the count
    assert answer_gain(sheet, sheet.pending[1], Skill.BITE).gains_told == 1
    assert (
        answer_gain(sheet, sheet.pending[0], (Knack.HIDE, Knack.STALK, Knack.TRACK)).gains_told == 0
    )
