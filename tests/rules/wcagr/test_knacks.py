"""Every knack exactly as written: cost, bonus, fit, per-check limit, picks (book l.227-359)."""

import pytest

from rules.dice import ScriptedDice
from rules.errors import PawpostError
from rules.wcagr import (
    KNACKS,
    LORE_KNACKS,
    Ability,
    Knack,
    Skill,
    can_pick_again,
    herb_keeping_days,
    launch_distance,
    leap_extra_lengths,
    pathfinder_facts,
    roll_check,
    spring_height,
    use_knack,
)
from tests.rules.wcagr.cats import cat

STR, INT, SPI = Ability.STRENGTH, Ability.INTELLIGENCE, Ability.SPIRIT
K = Knack
FLAT = (3, 3, 3)  # faces of a roll that is no critical


# knack, pool, cost per use at 1, 2, 3 picks, bonus per use at 1 pick, uses per check
# (None: as often as paid), maximum picks (None: no maximum): the checklist's table.
TABLE = [
    (K.ALERTNESS, SPI, (1, 1), 1, None, 2),  # l.231-235
    (K.ANIMAL_LORE, INT, (1, 1, 1), 1, 1, None),  # l.236-240
    (K.BALANCE, SPI, (1,), 1, None, 1),  # l.241-245
    (K.BELLY_RAKE, STR, (2, 1), 0, 1, 2),  # l.246-250
    (K.CHOMP, STR, (3,), 0, 1, 1),  # l.251-255
    (K.DASH, STR, (1,), 0, 1, 1),  # l.256-259
    (K.DODGE, SPI, (1, 1, 1), 1, 1, 3),  # l.260-264
    (K.FEINT, INT, (1, 1, 1), 1, 1, 3),  # l.265-269
    (K.HERB_LORE, INT, (1, 1, 1), 1, 1, None),  # l.270-275
    (K.HIDE, SPI, (1,), 2, None, 1),  # l.276-280
    (K.INTERPRET_DREAMS, SPI, (2, 1), 0, 1, 2),  # l.281-285
    (K.INTUITION, SPI, (1, 1), 1, None, 2),  # l.286-289
    (K.LAUNCH, STR, (3, 2), 0, 4, 2),  # l.290-295, "2 Spirit" read as 2 Strength
    (K.LEAP, STR, (1,), 0, 4, 1),  # l.296-300
    (K.MEDICINE_LORE, INT, (1, 1, 1), 1, 1, None),  # l.301-304
    (K.MIGHTY_SWAT, STR, (2, 1), 0, None, 2),  # l.305-309
    (K.ORATE, SPI, (1, 1, 1), 1, 1, None),  # l.310-315
    (K.PATHFINDER, INT, (1, 1), 0, 1, 2),  # l.316-319
    (K.PIN, STR, (3, 2), 0, 1, 2),  # l.320-325
    (K.PUMMEL, STR, (3, 2), 0, 1, 2),  # l.326-330
    (K.SPRING, STR, (3, 2, 1), 0, 1, 3),  # l.331-335
    (K.STALK, SPI, (1,), 2, None, 1),  # l.336-340
    (K.TRACK, INT, (1, 1), 1, None, 2),  # l.341-346
    (K.TWOLEG_LORE, INT, (1, 1, 1), 1, 1, None),  # l.347-351
    (K.YOWL, INT, (1, 1, 1), 1, 1, 3),  # l.352-356
]


def test_the_table_has_every_knack_in_the_books_order() -> None:
    assert [row[0] for row in TABLE] == list(Knack)
    assert len(KNACKS) == 25
    assert [k.label for k in (K.ANIMAL_LORE, K.TWOLEG_LORE, K.MIGHTY_SWAT)] == [
        "Animal Lore",
        "Twoleg Lore",
        "Mighty Swat",
    ]


@pytest.mark.parametrize(("knack", "pool", "costs", "bonus", "per_check", "most"), TABLE)
def test_each_knack_as_written(
    knack: Knack,
    pool: Ability,
    costs: tuple[int, ...],
    bonus: int,
    per_check: int | None,
    most: int | None,
) -> None:
    info = KNACKS[knack]
    assert info.pool is pool
    assert tuple(info.cost(picks) for picks in range(1, len(costs) + 1)) == costs
    assert info.bonus_per_use(1) == bonus
    assert info.per_check == per_check
    assert info.max_picks == most


def bonus_on(
    knack: Knack,
    picks: int,
    uses: int = 1,
    *,
    skill: Skill | None = None,
    ability: Ability | None = None,
) -> int:
    """What `uses` uses of `knack`, picked `picks` times, add to a check."""
    sheet = cat(strength=10, intelligence=10, spirit=10, knacks={knack: picks})
    with_knack = roll_check(
        sheet, ScriptedDice(FLAT), skill=skill, ability=ability, knacks={knack: uses}
    )
    without = roll_check(sheet, ScriptedDice(FLAT), skill=skill, ability=ability)
    return with_knack.total - without.total


@pytest.mark.parametrize("picks", [1, 2, 3])
def test_dodge_and_feint_give_1_per_pick(picks: int) -> None:  # l.264, l.269
    assert bonus_on(K.DODGE, picks, skill=Skill.JUMP) == picks
    assert bonus_on(K.FEINT, picks, skill=Skill.SWAT) == picks


@pytest.mark.parametrize("picks", [1, 2, 3])
def test_yowl_gives_1_per_pick_up_to_3(picks: int) -> None:  # l.356
    assert bonus_on(K.YOWL, picks, skill=Skill.HISS) == picks
    assert bonus_on(K.YOWL, picks, skill=Skill.ARCH) == picks


@pytest.mark.parametrize("knack", [K.ALERTNESS, K.INTUITION, K.TRACK])
def test_a_second_pick_makes_1_point_into_2(knack: Knack) -> None:  # l.235, 289, 346
    skill = Skill.PONDER if knack is K.INTUITION else Skill.SMELL
    assert bonus_on(knack, 1, skill=skill) == 1
    assert bonus_on(knack, 2, skill=skill) == 2
    assert bonus_on(knack, 2, 3, skill=skill) == 6  # several uses on one check


@pytest.mark.parametrize("knack", sorted(LORE_KNACKS))
@pytest.mark.parametrize("picks", [1, 2, 3, 7])
def test_lore_knacks_give_1_per_pick_without_a_maximum(knack: Knack, picks: int) -> None:
    # l.240, 274, 304, 314, 351: "twice ... 2 bonus points ... three times ... 3 ..., etc."
    assert bonus_on(knack, picks, skill=Skill.PONDER) == picks
    assert can_pick_again(knack, picks)


def test_the_lore_knacks() -> None:
    assert {K.ANIMAL_LORE, K.HERB_LORE, K.MEDICINE_LORE, K.TWOLEG_LORE, K.ORATE} == LORE_KNACKS


@pytest.mark.parametrize("knack", [K.HIDE, K.STALK])
def test_hide_and_stalk_give_2_per_use(knack: Knack) -> None:  # l.279, l.339
    assert bonus_on(knack, 1, skill=Skill.SNEAK) == 2
    assert bonus_on(knack, 1, 3, skill=Skill.SNEAK) == 6


def test_balance_gives_1_per_use() -> None:  # l.244-245
    assert bonus_on(K.BALANCE, 1, skill=Skill.CLIMB) == 1
    assert bonus_on(K.BALANCE, 1, 2, ability=STR) == 2


# A check each knack fits, by the book's words (an ability means any check made with it).
FITS = [
    (K.ALERTNESS, Skill.LISTEN, None),
    (K.ALERTNESS, Skill.SEE, None),
    (K.ALERTNESS, Skill.SMELL, None),
    (K.ANIMAL_LORE, Skill.PONDER, None),
    (K.ANIMAL_LORE, None, INT),
    (K.ANIMAL_LORE, Skill.SEE, None),  # an Intelligence check
    (K.BALANCE, Skill.CLIMB, None),
    (K.BALANCE, None, STR),
    (K.BALANCE, Skill.WRESTLE, None),  # a Strength check
    (K.DODGE, Skill.JUMP, None),
    (K.FEINT, Skill.SWAT, None),
    (K.HERB_LORE, Skill.PONDER, None),
    (K.HERB_LORE, None, INT),
    (K.HIDE, Skill.SNEAK, None),
    (K.INTUITION, Skill.FOCUS, None),
    (K.INTUITION, Skill.PONDER, None),
    (K.MEDICINE_LORE, Skill.PONDER, None),
    (K.ORATE, Skill.FOCUS, None),
    (K.ORATE, Skill.PONDER, None),
    (K.ORATE, None, SPI),
    (K.ORATE, Skill.HISS, None),  # a Spirit check
    (K.STALK, Skill.SNEAK, None),
    (K.TRACK, Skill.LISTEN, None),
    (K.TRACK, Skill.SEE, None),
    (K.TRACK, Skill.SMELL, None),
    (K.TWOLEG_LORE, Skill.PONDER, None),
    (K.YOWL, Skill.ARCH, None),
    (K.YOWL, Skill.HISS, None),
]


@pytest.mark.parametrize(("knack", "skill", "ability"), FITS)
def test_a_bonus_knack_helps_the_checks_it_names(
    knack: Knack, skill: Skill | None, ability: Ability | None
) -> None:
    assert bonus_on(knack, 1, skill=skill, ability=ability) == KNACKS[knack].bonus


# A check each knack does not fit, and the sentence refusing it.
MISFITS = [
    (
        K.ALERTNESS,
        Skill.PONDER,
        None,
        "Alertness only helps Listen, See or Smell checks; this is a Ponder check.",
    ),
    (
        K.ANIMAL_LORE,
        Skill.LISTEN,
        None,
        "Animal Lore only helps Intelligence or Ponder checks; this is a Listen check.",
    ),
    (
        K.BALANCE,
        Skill.JUMP,
        None,
        "Balance only helps Strength or Climb checks; this is a Jump check.",
    ),
    (
        K.BELLY_RAKE,
        Skill.WRESTLE,
        None,
        "Belly Rake only helps Swat checks; this is a Wrestle check.",
    ),
    (K.CHOMP, Skill.SWAT, None, "Chomp only helps Bite checks; this is a Swat check."),
    (K.DODGE, Skill.CLIMB, None, "Dodge only helps Jump checks; this is a Climb check."),
    (K.FEINT, Skill.WRESTLE, None, "Feint only helps Swat checks; this is a Wrestle check."),
    (
        K.HERB_LORE,
        None,
        SPI,
        "Herb Lore only helps Intelligence or Ponder checks; this is a plain Spirit check.",
    ),
    (K.HIDE, Skill.POUNCE, None, "Hide only helps Sneak checks; this is a Pounce check."),
    (
        K.INTUITION,
        Skill.SEE,
        None,
        "Intuition only helps Focus or Ponder checks; this is a See check.",
    ),
    (K.LAUNCH, Skill.SWAT, None, "Launch only helps Wrestle checks; this is a Swat check."),
    (K.LEAP, Skill.JUMP, None, "Leap only helps Pounce checks; this is a Jump check."),
    (
        K.MEDICINE_LORE,
        Skill.FOCUS,
        None,
        "Medicine Lore only helps Intelligence or Ponder checks; this is a Focus check.",
    ),
    (K.MIGHTY_SWAT, Skill.BITE, None, "Mighty Swat only helps Swat checks; this is a Bite check."),
    (
        K.ORATE,
        Skill.SWAT,
        None,
        "Orate only helps Spirit, Focus or Ponder checks; this is a Swat check.",
    ),
    (K.PUMMEL, Skill.WRESTLE, None, "Pummel only helps Swat checks; this is a Wrestle check."),
    (K.SPRING, Skill.CLIMB, None, "Spring only helps Pounce checks; this is a Climb check."),
    (K.STALK, Skill.LISTEN, None, "Stalk only helps Sneak checks; this is a Listen check."),
    (
        K.TRACK,
        Skill.PONDER,
        Ability.SPIRIT,
        "Track only helps Listen, See or Smell checks; this is a Ponder check made with Spirit.",
    ),
    (
        K.TWOLEG_LORE,
        Skill.SNEAK,
        None,
        "Twoleg Lore only helps Intelligence or Ponder checks; this is a Sneak check.",
    ),
    (K.YOWL, Skill.SWAT, None, "Yowl only helps Arch or Hiss checks; this is a Swat check."),
]


@pytest.mark.parametrize(("knack", "skill", "ability", "sentence"), MISFITS)
def test_a_knack_on_a_check_it_does_not_fit_is_refused(
    knack: Knack, skill: Skill | None, ability: Ability | None, sentence: str
) -> None:
    sheet = cat(knacks={knack: 1})
    with pytest.raises(PawpostError) as refused:
        roll_check(sheet, ScriptedDice([]), skill=skill, ability=ability, knacks={knack: 1})
    assert refused.value.message == sentence


@pytest.mark.parametrize("knack", [K.DASH, K.PATHFINDER, K.INTERPRET_DREAMS, K.PIN])
def test_knacks_used_on_their_own_are_not_put_on_checks(knack: Knack) -> None:
    with pytest.raises(PawpostError) as refused:
        roll_check(cat(knacks={knack: 1}), ScriptedDice([]), ability=STR, knacks={knack: 1})
    assert refused.value.message == f"{knack.label} is used on its own, not on a check."


ONCE = [
    K.ANIMAL_LORE,
    K.DODGE,
    K.FEINT,
    K.HERB_LORE,
    K.MEDICINE_LORE,
    K.ORATE,
    K.TWOLEG_LORE,
    K.YOWL,
]


@pytest.mark.parametrize("knack", ONCE)
def test_a_knack_without_more_uses_is_used_once_per_check(knack: Knack) -> None:
    info = KNACKS[knack]
    skill = min(info.skills)
    with pytest.raises(PawpostError) as refused:
        roll_check(cat(knacks={knack: 1}), ScriptedDice([]), skill=skill, knacks={knack: 2})
    assert refused.value.message == f"{knack.label} can be used once on a check; you asked for 2."


@pytest.mark.parametrize(
    ("knack", "picks", "skill"), [(K.LAUNCH, 2, Skill.WRESTLE), (K.LEAP, 1, Skill.POUNCE)]
)
def test_launch_and_leap_at_most_four_times(knack: Knack, picks: int, skill: Skill) -> None:
    # l.294, l.300. Four Launches at a first pick's 3 would need 12 Strength points.
    sheet = cat(strength=10, knacks={knack: picks})
    four = roll_check(sheet, ScriptedDice(FLAT), skill=skill, knacks={knack: 4}, wrestling=True)
    assert four.sheet.points_left(STR) == 10 - 4 * KNACKS[knack].cost(picks)
    with pytest.raises(PawpostError) as refused:
        roll_check(sheet, ScriptedDice([]), skill=skill, knacks={knack: 5}, wrestling=True)
    assert refused.value.message == (
        f"{knack.label} can be used at most 4 times on a check; you asked for 5."
    )


def test_mighty_swat_may_be_used_several_times() -> None:  # l.308
    sheet = cat(strength=10, knacks={K.MIGHTY_SWAT: 1})
    result = roll_check(sheet, ScriptedDice(FLAT), skill=Skill.SWAT, knacks={K.MIGHTY_SWAT: 3})
    assert result.sheet.points_left(STR) == 10 - 6
    assert result.effects == (
        "Mighty Swat ×3: 3 extra damage if the Swat hits; the points stay spent if it misses.",
    )


def test_a_repeat_pick_lowers_the_cost() -> None:  # l.250, 309, 325, 330, 335
    for knack, skill, picks, cost in [
        (K.MIGHTY_SWAT, Skill.SWAT, 2, 1),
        (K.PUMMEL, Skill.SWAT, 2, 2),
        (K.SPRING, Skill.POUNCE, 2, 2),
        (K.SPRING, Skill.POUNCE, 3, 1),
        (K.BELLY_RAKE, Skill.SWAT, 2, 1),
        (K.LAUNCH, Skill.WRESTLE, 2, 2),
    ]:
        sheet = cat(strength=10, knacks={knack: picks})
        result = roll_check(
            sheet, ScriptedDice(FLAT), skill=skill, knacks={knack: 1}, wrestling=True
        )
        assert result.sheet.points_left(STR) == 10 - cost, (knack, picks)


def test_launch_second_pick_costs_strength_not_spirit() -> None:  # l.295 misprint, RULINGS
    sheet = cat(strength=10, spirit=10, knacks={K.LAUNCH: 2})
    result = roll_check(
        sheet, ScriptedDice(FLAT), skill=Skill.WRESTLE, knacks={K.LAUNCH: 1}, wrestling=True
    )
    assert (result.sheet.points_left(STR), result.sheet.points_left(SPI)) == (8, 10)


def test_a_knack_pays_from_its_own_pool_whatever_the_checks_ability() -> None:  # RULINGS
    sheet = cat(intelligence=4, spirit=4, knacks={K.ALERTNESS: 1, K.TRACK: 1})
    see = roll_check(sheet, ScriptedDice(FLAT), skill=Skill.SEE, spend=1, knacks={K.ALERTNESS: 2})
    assert (see.sheet.points_left(INT), see.sheet.points_left(SPI)) == (3, 2)
    listen = roll_check(sheet, ScriptedDice(FLAT), skill=Skill.LISTEN, knacks={K.TRACK: 1})
    assert (listen.sheet.points_left(INT), listen.sheet.points_left(SPI)) == (3, 4)


def test_paying_for_a_knack_gives_its_bonus_only() -> None:  # RULINGS: not also +1 per point
    sheet = cat(spirit=4, knacks={K.HIDE: 1})
    result = roll_check(sheet, ScriptedDice(FLAT), skill=Skill.SNEAK, knacks={K.HIDE: 1})
    assert result.total == 9 + 4 + 0 + 2
    assert result.spent == 0


def test_a_knack_the_cat_cannot_pay_for_is_refused() -> None:
    sheet = cat(strength=4, points={STR: 2}, knacks={K.PUMMEL: 1})
    with pytest.raises(PawpostError) as refused:
        roll_check(sheet, ScriptedDice([]), skill=Skill.SWAT, knacks={K.PUMMEL: 1})
    assert refused.value.message.startswith("That needs 3 Strength points but only 2 are left;")


def test_spent_points_and_a_knack_on_one_pool_are_paid_together() -> None:
    sheet = cat(spirit=3, knacks={K.DODGE: 1})
    with pytest.raises(PawpostError, match="That needs 4 Spirit points but only 3 are left"):
        roll_check(sheet, ScriptedDice([]), skill=Skill.JUMP, spend=3, knacks={K.DODGE: 1})


def test_a_knack_the_cat_does_not_know_is_refused() -> None:
    with pytest.raises(PawpostError) as refused:
        roll_check(cat(), ScriptedDice([]), skill=Skill.JUMP, knacks={K.DODGE: 1})
    assert refused.value.message == "This cat does not know the Dodge knack."


def test_a_knack_is_used_at_least_once() -> None:
    with pytest.raises(PawpostError) as refused:
        roll_check(
            cat(knacks={K.DODGE: 1}), ScriptedDice([]), skill=Skill.JUMP, knacks={K.DODGE: 0}
        )
    assert refused.value.message == "Use Dodge at least once, or leave it out."


def test_hide_and_stalk_do_not_help_the_same_check() -> None:
    sheet = cat(knacks={K.HIDE: 1, K.STALK: 1})
    with pytest.raises(PawpostError) as refused:
        roll_check(sheet, ScriptedDice([]), skill=Skill.SNEAK, knacks={K.HIDE: 1, K.STALK: 1})
    assert refused.value.message == (
        "Hide needs the cat to keep still and Stalk needs it moving, so they cannot help the "
        "same Sneak check."
    )


def test_a_knack_is_never_added_unless_named() -> None:  # l.359
    sheet = cat(spirit=3, knacks={K.ALERTNESS: 2})
    result = roll_check(sheet, ScriptedDice(FLAT), skill=Skill.LISTEN)
    assert result.total == 9 + 3
    assert result.knacks == ()
    assert result.sheet.points_left(SPI) == 3


def test_knacks_show_in_the_books_order_with_their_uses() -> None:
    sheet = cat(intelligence=10, spirit=10, knacks={K.TRACK: 2, K.ALERTNESS: 1})
    result = roll_check(
        sheet, ScriptedDice(FLAT), skill=Skill.SMELL, knacks={K.TRACK: 2, K.ALERTNESS: 1}
    )
    assert [(m.reason, m.value) for m in result.roll.modifiers[2:]] == [
        ("Alertness", 1),
        ("Track (2 uses)", 4),
    ]
    assert [(u.knack, u.uses, u.cost, u.bonus) for u in result.knacks] == [
        (K.ALERTNESS, 1, 1, 1),
        (K.TRACK, 2, 2, 4),
    ]


# --- fight knacks ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("knack", "skill"), [(K.BELLY_RAKE, Skill.SWAT), (K.LAUNCH, Skill.WRESTLE)]
)
def test_wrestling_knacks_need_a_wrestle(knack: Knack, skill: Skill) -> None:  # l.248, l.293
    with pytest.raises(PawpostError) as refused:
        roll_check(cat(knacks={knack: 1}), ScriptedDice([]), skill=skill, knacks={knack: 1})
    assert refused.value.message == f"{knack.label} can only be used while wrestling."


def test_belly_rake_is_not_used_while_pinned() -> None:  # l.248
    sheet = cat(knacks={K.BELLY_RAKE: 1})
    with pytest.raises(PawpostError) as refused:
        roll_check(
            sheet,
            ScriptedDice([]),
            skill=Skill.SWAT,
            knacks={K.BELLY_RAKE: 1},
            wrestling=True,
            pinned=True,
        )
    assert refused.value.message == "Belly Rake cannot be used while your opponent pins you."
    raked = roll_check(
        sheet, ScriptedDice(FLAT), skill=Skill.SWAT, knacks={K.BELLY_RAKE: 1}, wrestling=True
    )
    assert raked.effects == ("Belly Rake: if the rake hits, it does 1 extra damage.",)


def test_launch_works_while_pinned() -> None:  # l.293: "one of the few ... while being Pinned"
    sheet = cat(strength=10, knacks={K.LAUNCH: 1})
    result = roll_check(
        sheet,
        ScriptedDice(FLAT),
        skill=Skill.WRESTLE,
        knacks={K.LAUNCH: 1},
        wrestling=True,
        pinned=True,
    )
    assert result.sheet.points_left(STR) == 7


@pytest.mark.parametrize(("uses", "lengths"), [(1, 2), (2, 3), (3, 4), (4, 5)])
def test_book_example_launch_throws_farther_with_each_use(uses: int, lengths: int) -> None:
    # l.293-294: two body lengths; "twice ... three body lengths ... three times ... four".
    assert launch_distance(uses) == lengths
    sheet = cat(strength=10, knacks={K.LAUNCH: 2})
    result = roll_check(
        sheet, ScriptedDice(FLAT), skill=Skill.WRESTLE, knacks={K.LAUNCH: uses}, wrestling=True
    )
    assert f"the opponent lands {lengths} body lengths away" in result.effects[0]


@pytest.mark.parametrize("uses", [1, 2, 3, 4])
def test_book_example_leap_covers_at_most_four_more_lengths(uses: int) -> None:  # l.300
    assert leap_extra_lengths(uses) == uses
    sheet = cat(strength=10, knacks={K.LEAP: 1})
    result = roll_check(sheet, ScriptedDice(FLAT), skill=Skill.POUNCE, knacks={K.LEAP: uses})
    more = "1 body length" if uses == 1 else f"{uses} body lengths"
    assert result.effects == (
        f"Leap{'' if uses == 1 else f' ×{uses}'}: the Pounce covers up to {more} more, with an "
        "uncontrolled landing the GM may rule hurts.",
    )
    assert result.total == 9 + 3 + 0  # Intelligence 3, Pounce 0: Leap adds distance only


def test_spring_reaches_twice_a_pounces_height() -> None:  # l.51, l.334
    assert spring_height() == 4
    result = roll_check(
        cat(knacks={K.SPRING: 3}), ScriptedDice(FLAT), skill=Skill.POUNCE, knacks={K.SPRING: 1}
    )
    assert result.effects == (
        "Spring: the Pounce reaches up to 4 body lengths high, twice as high as usual.",
    )
    assert result.sheet.points_left(STR) == 2  # the third pick costs 1


def test_book_example_mighty_swat_is_paid_on_a_miss() -> None:  # l.307
    sheet = cat(strength=5, knacks={K.MIGHTY_SWAT: 1})
    result = roll_check(
        sheet, ScriptedDice(FLAT), skill=Skill.SWAT, dc=30, knacks={K.MIGHTY_SWAT: 2}
    )
    assert result.succeeded is False
    assert result.sheet.points_left(STR) == 1


def test_book_example_chomp_points_are_lost_on_a_failed_bite() -> None:  # l.253
    sheet = cat(strength=5, knacks={K.CHOMP: 1})
    result = roll_check(sheet, ScriptedDice(FLAT), skill=Skill.BITE, dc=30, knacks={K.CHOMP: 1})
    assert result.succeeded is False
    assert result.sheet.points_left(STR) == 2
    assert result.effects[0].startswith("Chomp: if the Bite succeeds it does normal damage")


def test_pummel_makes_the_swat_a_strength_check() -> None:  # l.329
    sheet = cat(strength=7, intelligence=2, skills={Skill.SWAT: 2}, knacks={K.PUMMEL: 1})
    result = roll_check(sheet, ScriptedDice(FLAT), skill=Skill.SWAT, spend=1, knacks={K.PUMMEL: 1})
    assert result.ability is STR
    assert result.roll.label == "Swat (Strength)"
    assert result.total == 9 + 7 + 2 + 1
    assert result.sheet.points_left(STR) == 7 - 3 - 1
    assert result.effects == (
        "Pummel: the Swat is rolled as a Strength check; damage is as usual.",
    )


def test_pummel_cannot_be_rolled_with_another_ability() -> None:
    with pytest.raises(PawpostError) as refused:
        roll_check(
            cat(knacks={K.PUMMEL: 1}),
            ScriptedDice([]),
            skill=Skill.SWAT,
            ability=INT,
            knacks={K.PUMMEL: 1},
        )
    assert refused.value.message == (
        "Pummel makes the Swat a Strength check, so it cannot be rolled with Intelligence."
    )


def test_feint_and_pummel_together() -> None:
    sheet = cat(strength=6, intelligence=6, knacks={K.PUMMEL: 1, K.FEINT: 2})
    result = roll_check(
        sheet, ScriptedDice(FLAT), skill=Skill.SWAT, knacks={K.PUMMEL: 1, K.FEINT: 1}
    )
    assert result.total == 9 + 6 + 0 + 2
    assert (result.sheet.points_left(STR), result.sheet.points_left(INT)) == (3, 5)


# --- knacks on their own ---------------------------------------------------------------------


def test_dash_on_its_own() -> None:  # l.259
    used = use_knack(cat(strength=2, knacks={K.DASH: 1}), K.DASH)
    assert used.sheet.points_left(STR) == 1
    assert not used.asks_admin
    assert used.use.effect == (
        "Dash: this turn the cat moves up to 2 times as far as usual, unless thick mud, "
        "something to climb or something it cannot leap or avoid is in the way."
    )


@pytest.mark.parametrize(("picks", "facts"), [(1, "one"), (2, "two")])
def test_pathfinder_gives_one_fact_or_two(picks: int, facts: str) -> None:  # l.318-319
    assert pathfinder_facts(picks) == picks
    used = use_knack(cat(intelligence=3, knacks={K.PATHFINDER: picks}), K.PATHFINDER)
    assert used.asks_admin
    assert used.sheet.points_left(INT) == 2
    assert used.use.effect is not None
    assert used.use.effect.startswith(f"Pathfinder: the GM tells {facts} of:")


@pytest.mark.parametrize(("picks", "left"), [(1, 1), (2, 2)])
def test_interpret_dreams_costs_2_then_1(picks: int, left: int) -> None:  # l.284-285
    used = use_knack(cat(spirit=3, knacks={K.INTERPRET_DREAMS: picks}), K.INTERPRET_DREAMS)
    assert used.asks_admin
    assert used.sheet.points_left(SPI) == left


@pytest.mark.parametrize(
    ("picks", "reach"),
    [(1, "farther with each pick of Yowl"), (3, "as far as a cat can travel in an hour")],
)
def test_yowls_message(picks: int, reach: str) -> None:  # l.355-356
    used = use_knack(cat(intelligence=2, knacks={K.YOWL: picks}), K.YOWL)
    assert used.sheet.points_left(INT) == 1
    assert used.use.effect is not None
    assert used.use.effect.endswith(f"reaches every cat within hearing, {reach}.")


def test_pin_on_its_own_while_wrestling() -> None:  # l.322-325; RULINGS: no roll once paid
    sheet = cat(strength=5, knacks={K.PIN: 2})
    with pytest.raises(PawpostError, match=r"^Pin can only be used while wrestling\.$"):
        use_knack(sheet, K.PIN)
    used = use_knack(sheet, K.PIN, wrestling=True)
    assert used.sheet.points_left(STR) == 3
    assert used.use.effect is not None
    assert "it may only Wrestle, Launch, Swat or Bite its pinner" in used.use.effect


def test_knacks_for_checks_are_not_used_on_their_own() -> None:
    with pytest.raises(PawpostError) as refused:
        use_knack(cat(knacks={K.FEINT: 1}), K.FEINT)
    assert refused.value.message == "Feint is used on Swat checks, not on its own."


def test_a_knack_on_its_own_must_be_known_and_paid() -> None:
    with pytest.raises(PawpostError, match="does not know the Dash knack"):
        use_knack(cat(), K.DASH)
    with pytest.raises(PawpostError, match="That needs 1 Strength point but only 0 are left"):
        use_knack(cat(points={STR: 0}, knacks={K.DASH: 1}), K.DASH)
    with pytest.raises(PawpostError, match="^This cat is retired"):
        use_knack(cat(retired=True, knacks={K.DASH: 1}), K.DASH)


# --- picks and the rest --------------------------------------------------------------------


def test_can_pick_again_up_to_the_maximum() -> None:
    assert can_pick_again(K.DODGE, 0)
    assert can_pick_again(K.DODGE, 2)
    assert not can_pick_again(K.DODGE, 3)
    assert not can_pick_again(K.HIDE, 1)
    assert can_pick_again(K.SPRING, 2)
    assert not can_pick_again(K.SPRING, 3)


def test_fits_words() -> None:
    assert KNACKS[K.ALERTNESS].fits_words == "Listen, See or Smell checks"
    assert KNACKS[K.ORATE].fits_words == "Spirit, Focus or Ponder checks"
    assert KNACKS[K.DODGE].fits_words == "Jump checks"


def test_which_knacks_ask_the_gm() -> None:
    assert {k for k in Knack if KNACKS[k].asks_admin} == {K.PATHFINDER, K.INTERPRET_DREAMS}
    assert {k for k in Knack if KNACKS[k].alone} == {
        K.DASH,
        K.INTERPRET_DREAMS,
        K.PATHFINDER,
        K.PIN,
        K.YOWL,
    }


@pytest.mark.parametrize(
    ("picks", "fresh", "dried"), [(0, 7, 14), (1, 7, 14), (2, 7, 14), (3, 14, 28), (5, 14, 28)]
)
def test_herb_lores_third_pick_keeps_herbs_twice_as_long(
    picks: int, fresh: int, dried: int
) -> None:
    assert herb_keeping_days(picks, dried=False) == fresh  # l.275
    assert herb_keeping_days(picks, dried=True) == dried
