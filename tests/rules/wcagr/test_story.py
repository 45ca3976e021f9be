"""The issue's story, in the rules alone: two cats made, checks, points, a sprain, a year of
ageing with its choices, and a retirement at 71 moons."""

import pytest

from rules.dice import ScriptedDice
from rules.errors import PawpostError
from rules.wcagr import (
    Ability,
    Clan,
    Gain,
    Knack,
    NewCat,
    Skill,
    age_one_moon,
    answer_gain,
    convert,
    create_sheet,
    gain_options,
    refresh,
    roll_check,
)

STR, INT, SPI = Ability.STRENGTH, Ability.INTELLIGENCE, Ability.SPIRIT


def test_a_thunderclan_cat_and_a_loner_from_making_to_retiring() -> None:
    fern = create_sheet(
        NewCat(
            clan=Clan.THUNDERCLAN,
            strength=1,
            intelligence=1,
            spirit=3,
            skills=(Skill.LISTEN, Skill.SNEAK, Skill.JUMP),
            knacks=(Knack.ALERTNESS, Knack.DODGE, Knack.HIDE),
            ten_moon_bonus=SPI,
        )
    )
    assert fern.abilities.as_dict() == {STR: 3, INT: 1, SPI: 5}
    assert fern.hp_max == 5 + 10 + 3
    rook = create_sheet(
        NewCat(
            clan=Clan.LONER,
            strength=3,
            intelligence=1,
            spirit=1,
            skills=(Skill.SWAT, Skill.WRESTLE, Skill.SMELL),
            knacks=(Knack.MIGHTY_SWAT, Knack.FEINT, Knack.TRACK),
            ten_moon_bonus=INT,
            loner_abilities=(STR, INT),
            loner_skill=Skill.SWAT,
        )
    )
    assert rook.abilities.as_dict() == {STR: 5, INT: 3, SPI: 1}
    assert rook.skills == {Skill.SMELL: 1, Skill.SWAT: 2, Skill.WRESTLE: 1}

    # A Listen check with a point spent and Alertness: 4 + 5 + 2 = 11, + Spirit 5, Listen 1,
    # spent 1, Alertness 1 = 19 against DC 17.
    heard = roll_check(
        fern,
        ScriptedDice([4, 5, 2]),
        skill=Skill.LISTEN,
        dc=17,
        spend=1,
        knacks={Knack.ALERTNESS: 1},
    )
    assert (heard.total, heard.succeeded) == (19, True)
    fern = heard.sheet
    assert fern.points_left(SPI) == 3

    # Dodge is refused on a Listen check and nothing is paid.
    with pytest.raises(PawpostError, match="^Dodge only helps Jump checks; this is a Listen check"):
        roll_check(fern, ScriptedDice([]), skill=Skill.LISTEN, knacks={Knack.DODGE: 1})

    # Out of Intelligence, Fern converts 2 Spirit into 1 Intelligence, then the GM refreshes.
    fern = convert(fern, (SPI,), INT)
    assert fern.points.as_dict() == {STR: 3, INT: 2, SPI: 1}
    fern = refresh(fern)
    assert fern.points.as_dict() == fern.abilities.as_dict()

    # Rook's Swat with Mighty Swat falls on 1 1 4: a critical failure, and a sprain.
    swat = roll_check(
        rook, ScriptedDice([1, 1, 4]), skill=Skill.SWAT, knacks={Knack.MIGHTY_SWAT: 1}
    )
    assert swat.succeeded is None
    assert swat.sprained
    rook = swat.sheet
    assert rook.points_left(STR) == 3
    assert rook.sprained

    # Twelve moons of ageing, every choice answered as it comes.
    for _ in range(12):
        step = age_one_moon(fern)
        fern = step.sheet
        for pending in step.waiting:
            if pending.gain is Gain.SKILL:
                choice: Ability | Skill | Knack = Skill.LISTEN
            elif pending.gain is Gain.KNACK:
                choice = Knack.ALERTNESS if fern.picks(Knack.ALERTNESS) < 2 else Knack.HERB_LORE
            else:
                choice = gain_options(fern, pending.gain)[-1]  # Spirit while it can
            fern = answer_gain(fern, pending, choice)
    assert fern.age_moons == 22
    assert fern.pending == ()
    # 11, 15, 19 Skill; 12, 17, 21 +1 any; 13, 16, 19, 22 Knack; 14 +1 Int or Spi.
    assert fern.skill(Skill.LISTEN) == 4
    assert fern.knacks == {
        Knack.ALERTNESS: 2,
        Knack.DODGE: 1,
        Knack.HERB_LORE: 3,
        Knack.HIDE: 1,
    }
    assert fern.abilities.as_dict() == {STR: 3, INT: 1, SPI: 9}
    assert fern.hp_max == 5 + 22 + 3

    # On to 71 moons: the cat retires and makes no more checks.
    while not fern.retired:
        step = age_one_moon(fern)
        fern = step.sheet
    assert (fern.age_moons, step.retired_now) == (71, True)
    with pytest.raises(PawpostError, match="^This cat is retired"):
        roll_check(fern, ScriptedDice([]), skill=Skill.LISTEN)
