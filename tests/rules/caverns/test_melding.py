"""Melding (Magery 5a, Nature 5a, book l. 172, 181) and the Mushroom Circle (Nature 5b,
l. 183): chosen at a rest for the party's site; Ranged, +2 Damage and a Flourish there; the
circle's Flee from any row by Wood."""

from __future__ import annotations

import pytest

from rules.caverns.attributes import Attribute
from rules.caverns.catalogue import Range
from rules.caverns.classes import CharacterClass
from rules.caverns.conditions import Condition
from rules.caverns.constants import MELD_DAMAGE
from rules.caverns.melding import (
    CIRCLE_ROUTE,
    clean_site,
    flee_by_circle,
    land_at_rest,
    meld_damage,
    meld_flourish,
    meld_reach,
    plan_land,
    same_site,
)
from rules.caverns.moves import Foe, do_battle
from rules.caverns.rolling import Band, band_of
from rules.dice import ScriptedDice
from rules.errors import PawpostError
from tests.rules.caverns.characters import adjusted, make


def elementalist(**update: object):  # type: ignore[no-untyped-def]
    """An Elementalist (Fire +1 implement) who learned Melding."""
    sheet = make(CharacterClass.ELEMENTALIST, advanced="Melding")
    return adjusted(sheet, **update) if update else sheet


def druid(**update: object):  # type: ignore[no-untyped-def]
    sheet = make(CharacterClass.DRUID, advanced="Melding")
    return adjusted(sheet, **update) if update else sheet


def wiccan(**update: object):  # type: ignore[no-untyped-def]
    sheet = make(CharacterClass.WICCAN, advanced="Mushroom Circle")
    return adjusted(sheet, **update) if update else sheet


def test_the_number_is_the_books() -> None:
    assert MELD_DAMAGE == 2  # "do two extra Damage"


def test_only_melding_or_the_circle_plans_anything_of_the_land() -> None:
    assert plan_land(elementalist(), True).land_planned
    assert not plan_land(elementalist(land_planned=True), False).land_planned
    with pytest.raises(
        PawpostError,
        match=r"^Only Melding or Mushroom Circle chooses anything of the land at a rest\.$",
    ):
        plan_land(make(CharacterClass.ELEMENTALIST), True)


def test_a_rest_melds_with_the_site_replacing_the_prior_meld() -> None:
    rested = land_at_rest(elementalist(land_planned=True, meld_site="The Old Mill"), "Gloomwood")
    assert rested.sheet.meld_site == "Gloomwood" and not rested.sheet.land_planned
    assert rested.melded == "Gloomwood" and rested.circle is None
    assert rested.line == "melded with Gloomwood"


def test_without_a_plan_the_rest_leaves_the_land_alone() -> None:
    sheet = elementalist(meld_site="The Old Mill")
    rested = land_at_rest(sheet, "Gloomwood")
    assert rested.sheet == sheet and rested.line is None


def test_with_no_site_known_the_plan_waits_for_the_next_rest() -> None:
    rested = land_at_rest(elementalist(land_planned=True), None)
    assert rested.waiting and rested.sheet.land_planned and rested.sheet.meld_site is None
    assert rested.line is not None and rested.line.startswith("could not meld")


def test_a_wiccan_makes_a_circle_removing_the_prior_one() -> None:
    rested = land_at_rest(wiccan(land_planned=True, circle_site="Old Ring"), "Fen Hollow")
    assert rested.sheet.circle_site == "Fen Hollow" and rested.sheet.meld_site is None
    assert rested.line == "made a mushroom circle at Fen Hollow"


def test_sites_match_whatever_the_case_and_spaces() -> None:
    assert same_site("The  Old Mill", "the old mill")
    assert not same_site("The Old Mill", "The New Mill")
    assert not same_site(None, None)
    assert clean_site("  Gloom   wood ") == "Gloom wood"
    with pytest.raises(PawpostError, match=r"^A site's name is 1 to 60 characters\.$"):
        clean_site("   ")


@pytest.mark.parametrize(
    ("make_sheet", "flourish"),
    [(elementalist, Condition.CONFUSED), (druid, Condition.FATIGUE)],
)
def test_at_the_melded_site_attacks_are_ranged_stronger_and_flourished(
    make_sheet, flourish
) -> None:
    sheet = make_sheet(meld_site="Gloomwood")
    assert meld_reach(sheet, "gloomwood", Range.MELEE) is Range.RANGED
    assert meld_damage(sheet, "Gloomwood") == MELD_DAMAGE
    assert meld_flourish(sheet, "Gloomwood") is flourish
    # Anywhere else, nothing changes.
    assert meld_reach(sheet, "The Old Mill", Range.MELEE) is Range.MELEE
    assert meld_damage(sheet, "The Old Mill") == 0
    assert meld_flourish(sheet, None) is None


def test_a_meld_without_the_skill_or_the_implement_does_nothing() -> None:
    unskilled = adjusted(make(CharacterClass.ELEMENTALIST), meld_site="Gloomwood")
    assert meld_damage(unskilled, "Gloomwood") == 0
    no_implement = elementalist(meld_site="Gloomwood", implement=None)
    assert meld_flourish(no_implement, "Gloomwood") is None


def test_the_two_damage_reach_the_attack() -> None:
    sheet = elementalist(meld_site="Gloomwood")
    foe = Foe(name="Kobold", attributes={}, damage=1)
    result = do_battle(
        sheet, foe, ScriptedDice([3, 4]), bonus_damage=meld_damage(sheet, "Gloomwood")
    )
    assert result.damage == sheet.damage + MELD_DAMAGE


def test_the_circle_flees_from_any_row_by_wood() -> None:
    sheet = wiccan(circle_site="Fen Hollow")
    wood = sheet.attribute(Attribute.WOOD)
    result = flee_by_circle(sheet, [], ScriptedDice([4, 5]))
    assert result.roll is not None and result.roll.label == "Flee! (mushroom circle)"
    assert [(m.reason, m.value) for m in result.roll.modifiers] == [("Wood", wood)]
    assert result.roll.total == 4 + 5 + wood
    assert result.band is band_of(4 + 5 + wood) and result.route is CIRCLE_ROUTE


def test_an_ally_flees_by_the_wiccans_circle_and_nobody_without_one() -> None:
    ally = make(CharacterClass.WARRIOR)
    result = flee_by_circle(ally, [wiccan(circle_site="Fen Hollow")], ScriptedDice([1, 2]))
    assert result.band is Band.MISS
    with pytest.raises(PawpostError, match=r"^No mushroom circle is made for you to flee to"):
        flee_by_circle(ally, [wiccan()], ScriptedDice([6, 6]))
