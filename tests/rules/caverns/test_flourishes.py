"""Flourishes (book l. 155-247, 294-297, 373-383): what an attack is made with, the Flourishes it
may apply from the weapon and the skills, the skills paid before attacking, Area's division, the
Entourage rule, and an unchosen Flourish lost at the next action."""

from __future__ import annotations

import pytest

from rules.caverns.battle.flourishes import (
    ALL_ATTACK_FLOURISHES,
    BOOST_SKILLS,
    KATA,
    KATA_FLOURISHES,
    MUSICAL_FLOURISHES,
    NERVE_PINCH_FLOURISH,
    WEAPON_ATTACK_FLOURISHES,
    Armament,
    Boost,
    PendingFlourish,
    attack_with,
    available_flourishes,
    check_split,
    entourage_ignores,
    flourish_label,
    parse_boost,
    parse_flourish,
    parse_split,
    pay_boost,
    settle_unchosen,
)
from rules.caverns.battle.rows import BattleState
from rules.caverns.catalogue import STARTER_CATALOGUE, Range, Special
from rules.caverns.classes import CharacterClass
from rules.caverns.conditions import Condition
from rules.caverns.constants import ASSAULT_FLOURISHES_ON_DOUBLES, FLOURISHES_PER_ATTACK
from rules.caverns.moves import Foe, do_battle
from rules.caverns.party.harmony_skills import HarmonyBenefit
from rules.caverns.records import BenefitRecord, Item
from rules.caverns.skills import SKILLS, Totem
from rules.dice import ScriptedDice
from rules.errors import PawpostError
from tests.rules.caverns.characters import adjusted, make


def reaches(*ranges: Range):  # type: ignore[no-untyped-def]
    return lambda weapon: weapon in ranges


def test_every_skill_s_flourish_is_in_its_book_text() -> None:
    for key, flourishes in {**ALL_ATTACK_FLOURISHES, **WEAPON_ATTACK_FLOURISHES}.items():
        text = SKILLS[key].text.lower()
        assert all(flourish_label(f).lower() in text for f in flourishes), key
    for key in ALL_ATTACK_FLOURISHES:
        assert "all attacks" in SKILLS[key].text or "any attack" in SKILLS[key].text, key
    for key in WEAPON_ATTACK_FLOURISHES:
        assert "your weapon attacks" in SKILLS[key].text, key
    assert "Bound and Disarm" in SKILLS[KATA].text and KATA_FLOURISHES == (
        Condition.BOUND,
        Condition.DISARM,
    )
    assert "musical attacks" in SKILLS["music:captive-audience"].text
    assert set(MUSICAL_FLOURISHES["music:captive-audience"]) == {
        Condition.ENTRANCEMENT,
        Condition.FEAR,
    }
    for boost, key in BOOST_SKILLS.items():
        assert "Harmony" in SKILLS[key].text and SKILLS[key].harmony_cost == 1, boost
    assert "Sleeping" in SKILLS["combat:nerve-pinch"].text
    assert NERVE_PINCH_FLOURISH is Condition.SLEEPING


def test_the_attack_is_made_with_the_first_weapon_carried_that_reaches() -> None:
    warrior = make()  # Sword, Buckler, Shortbow
    sword = attack_with(warrior, STARTER_CATALOGUE, reaches(Range.MELEE, Range.REACH, Range.RANGED))
    assert (sword.name, sword.armament, sword.flourishes) == (
        "Sword",
        Armament.WEAPON,
        (Condition.DISARM,),
    )
    bow = attack_with(warrior, STARTER_CATALOGUE, reaches(Range.RANGED))
    assert (bow.name, bow.flourishes) == ("Shortbow", (Condition.SENSITIVITY,))
    # Lunge: the sword reaches a row further.
    lunged = attack_with(warrior, STARTER_CATALOGUE, reaches(Range.REACH), lunge=True)
    assert lunged.name == "Sword" and lunged.melee
    broken = adjusted(
        warrior,
        equipment=tuple(
            Item(name=i.name, kind=i.kind, broken=i.name in ("Sword", "Shortbow"))
            for i in warrior.equipment
        ),
    )
    hands = attack_with(broken, STARTER_CATALOGUE, reaches(Range.MELEE))
    assert (hands.name, hands.armament, hands.flourishes) == ("bare hands", Armament.HANDS, ())
    staff = attack_with(make(CharacterClass.ELEMENTALIST), STARTER_CATALOGUE, reaches())
    assert (staff.name, staff.armament, staff.flourishes) == ("Staff", Armament.IMPLEMENT, ())
    lute = attack_with(make(CharacterClass.BARD), STARTER_CATALOGUE, reaches())
    assert (lute.armament, lute.range) == (Armament.INSTRUMENT, Range.RANGED)


def test_the_weapon_s_flourish_comes_first_then_every_skill_s() -> None:
    warrior = make()
    sword = attack_with(warrior, STARTER_CATALOGUE, reaches(Range.MELEE))
    assert available_flourishes(warrior, sword, damage=2) == (Condition.DISARM,)
    skilled = adjusted(
        warrior, skills=(*warrior.skills, "combat:cleave", "combat:crush", "combat:sunder")
    )
    assert available_flourishes(skilled, sword, damage=2) == (
        Condition.DISARM,
        Special.AREA,
        Condition.BROKEN_LIMB,
        Special.DESTRUCTIVE,
    )
    # Area needs damage to divide between two, Destructive any damage at all.
    assert Special.AREA not in available_flourishes(skilled, sword, damage=1)
    assert available_flourishes(skilled, sword, damage=0) == (
        Condition.DISARM,
        Condition.BROKEN_LIMB,
    )
    # Bare hands are no weapon for Cleave, Crush and Sunder, unless Kata makes them one.
    hands = attack_with(adjusted(skilled, equipment=()), STARTER_CATALOGUE, reaches(Range.MELEE))
    assert available_flourishes(skilled, hands, damage=2) == ()
    kata = adjusted(skilled, skills=(*skilled.skills, KATA))
    assert available_flourishes(kata, hands, damage=2) == (
        Condition.BOUND,
        Condition.DISARM,
        Special.AREA,
        Condition.BROKEN_LIMB,
        Special.DESTRUCTIVE,
    )


def test_all_attack_skills_totems_musical_attacks_and_strong_as_the_tallest_tree() -> None:
    druid = make(CharacterClass.DRUID)  # Vines, and Sun bonded as Patron Totem
    staff = attack_with(druid, STARTER_CATALOGUE, reaches(Range.MELEE))
    assert available_flourishes(druid, staff) == (Condition.BOUND, Condition.ABLAZE)
    night = adjusted(druid, patron_totem=Totem.NIGHT)
    assert available_flourishes(night, staff) == (Condition.BOUND, Condition.BLIND)
    # Tree Form and Barge both give Forceful: it is offered once.
    forceful = adjusted(
        druid, skills=(*druid.skills, "nature:tree-form", "athletics:barge", "divination:doom")
    )
    assert available_flourishes(forceful, staff) == (
        Condition.BOUND,
        Special.FORCEFUL,
        Condition.PARANOIA,
        Condition.ABLAZE,
    )
    bard = make(CharacterClass.BARD)
    audience = adjusted(bard, skills=(*bard.skills, "music:captive-audience"))
    lute = attack_with(audience, STARTER_CATALOGUE, reaches(Range.RANGED))
    assert available_flourishes(audience, lute) == (Condition.ENTRANCEMENT, Condition.FEAR)
    # Captive Audience is for musical attacks: not an implement's.
    mage = make(CharacterClass.ELEMENTALIST)  # Ignite
    not_music = adjusted(mage, skills=(*mage.skills, "music:captive-audience"))
    staff = attack_with(not_music, STARTER_CATALOGUE, reaches(Range.MELEE))
    assert available_flourishes(not_music, staff) == (Condition.ABLAZE,)
    tree = adjusted(
        make(), harmony_benefits=(BenefitRecord(benefit=HarmonyBenefit.FORCEFUL_ATTACKS),)
    )
    sword = attack_with(tree, STARTER_CATALOGUE, reaches(Range.MELEE))
    assert available_flourishes(tree, sword) == (Condition.DISARM, Special.FORCEFUL)
    assert available_flourishes(tree, sword, boost=Boost.NERVE_PINCH) == (
        Condition.DISARM,
        Special.FORCEFUL,
        Condition.SLEEPING,
    )


def test_skills_paid_before_attacking() -> None:
    warrior = make()  # Assault, Harmony 3
    sword = attack_with(warrior, STARTER_CATALOGUE, reaches(Range.MELEE))
    bow = attack_with(warrior, STARTER_CATALOGUE, reaches(Range.RANGED))
    with pytest.raises(PawpostError, match="do not have the Nerve Pinch skill"):
        pay_boost(warrior, Boost.NERVE_PINCH, sword)
    pinch = adjusted(warrior, skills=(*warrior.skills, "combat:nerve-pinch", "combat:lunge"))
    assert pay_boost(pinch, Boost.NERVE_PINCH, sword).harmony == 2
    with pytest.raises(PawpostError, match="Lunge works only with a melee weapon attack"):
        pay_boost(pinch, Boost.LUNGE, bow)
    # Assault is paid by Do Battle, which also counts its Flourishes (l. 155).
    assert pay_boost(warrior, Boost.ASSAULT, sword) == warrior
    with pytest.raises(PawpostError, match="cannot go below -3"):
        pay_boost(adjusted(pinch, harmony=-3), Boost.LUNGE, sword)
    assert parse_boost("Nerve  pinch") is Boost.NERVE_PINCH
    with pytest.raises(PawpostError, match="not paid before attacking"):
        parse_boost("cleave")


def test_assault_gives_one_flourish_without_doubles_and_two_with() -> None:
    urchin = Foe(name="Urchin", attributes={}, damage=1)
    plain = do_battle(make(), urchin, ScriptedDice([2, 5]))
    assert plain.flourishes == 0
    paid = do_battle(make(), urchin, ScriptedDice([2, 5]), assault=True)
    assert paid.flourishes == FLOURISHES_PER_ATTACK and paid.sheet.harmony == 2
    doubled = do_battle(make(), urchin, ScriptedDice([3, 3]), assault=True)
    assert doubled.flourishes == ASSAULT_FLOURISHES_ON_DOUBLES


def test_area_divides_the_damage_between_two_or_more() -> None:
    assert parse_split("Brigand 1, Brigand 2: 1; Cave Fisher 2 1") == [
        ("Brigand", 1),
        ("Brigand 2", 1),
        ("Cave Fisher 2", 1),
    ]
    with pytest.raises(PawpostError, match='"Brigand" has no number'):
        parse_split("Brigand")
    check_split({1: 1, 2: 1}, 2)
    with pytest.raises(PawpostError, match="two or more different enemies"):
        check_split({1: 2}, 2)
    with pytest.raises(PawpostError, match="at least 1"):
        check_split({1: 2, 2: 0}, 2)
    with pytest.raises(PawpostError, match="add up to 3; divide exactly your 2 Damage"):
        check_split({1: 2, 2: 1}, 2)


def test_an_entourage_ignores_flourishes_but_not_from_an_entourage_or_area() -> None:
    assert entourage_ignores(True, False, (Condition.DISARM,))
    assert not entourage_ignores(True, True, (Condition.DISARM,))
    assert not entourage_ignores(True, False, (Condition.DISARM, Special.AREA))
    assert not entourage_ignores(False, False, (Condition.DISARM,))


def _waiting(version: int) -> BattleState:
    pending = PendingFlourish(
        attacker=1,
        attacker_name="Brunhild",
        target=2,
        options=(Condition.DISARM,),
        picks=1,
        version=version,
    )
    return BattleState(version=version, flourish=pending)


def test_an_unchosen_flourish_is_lost_at_the_next_action_but_not_for_armour() -> None:
    lost, said = settle_unchosen(_waiting(5), 5, keep=False)
    assert lost.flourish is None and said == ("Brunhild's unchosen Flourish is lost.",)
    kept, said = settle_unchosen(_waiting(5), 5, keep=True)
    assert kept.flourish is not None and kept.flourish.version == 6 and said == ()
    fresh, said = settle_unchosen(_waiting(6), 5, keep=False)  # offered by this very action
    assert fresh.flourish is not None and said == ()
    owed = _waiting(5)
    assert owed.flourish is not None
    owed = owed.model_copy(
        update={"flourish": owed.flourish.model_copy(update={"picks": 0, "area_owed": True})}
    )
    _, said = settle_unchosen(owed, 5, keep=False)
    assert said == ("Brunhild did not divide the Area damage: it stays where it fell.",)
    # An old row without the field loads with nothing waiting.
    assert BattleState.model_validate({"phase": "player"}).flourish is None
    assert parse_flourish("broken-limb") is Condition.BROKEN_LIMB
    assert parse_flourish("area") is Special.AREA
