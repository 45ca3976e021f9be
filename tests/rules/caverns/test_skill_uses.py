"""Skills used outside battle: Scry, Commune, Twist Fate, Transmute, Immunity."""

import pytest

from rules.caverns.attributes import Attribute
from rules.caverns.classes import CharacterClass
from rules.caverns.moves import move
from rules.caverns.skill_uses import give_fated_die, resist_poison, use_skill
from rules.caverns.skillsets import Skillset
from rules.dice import ScriptedDice
from rules.errors import PawpostError
from tests.rules.caverns.characters import adjusted, make, with_attributes


def test_scry_spends_one_harmony_and_asks_the_mc() -> None:
    used = use_skill(
        make(CharacterClass.GUARDIAN, advanced="Scry"),
        "scry",
        ScriptedDice([]),
        target="the Cloier",
    )
    assert used.question == "Where is the Cloier?"
    assert used.sheet.harmony == 2


def test_commune_needs_someone_to_speak_with() -> None:
    wiccan = make(CharacterClass.WICCAN, advanced="Commune")
    with pytest.raises(PawpostError, match=r"^Say whom Commune is for\.$"):
        use_skill(wiccan, "Commune", ScriptedDice([]))
    used = use_skill(wiccan, "Commune", ScriptedDice([]), target="the centipede")
    assert (used.question, used.sheet.harmony) == ("What does the centipede say?", 2)


def test_twist_fate_rolls_two_dice_to_hand_out() -> None:
    # l. 219: "Spend one Harmony to roll two dice ... their roll is doubles".
    ritualist = make(tertiary=Skillset.RITUALS, advanced="Twist Fate")
    used = use_skill(ritualist, "Twist Fate", ScriptedDice([6, 2]))
    assert (used.sheet.fated_dice, used.sheet.harmony) == ((6, 2), 2)
    assert [die.face for die in used.rolls[0].dice] == [6, 2]
    with pytest.raises(
        PawpostError, match=r"^You still hold Twist Fate's dice \(6 and 2\); give them out first\.$"
    ):
        use_skill(used.sheet, "Twist Fate", ScriptedDice([]))
    holder = give_fated_die(used.sheet, 6)
    assert holder.fated_dice == (2,)
    ally = with_attributes(make(), wind=0)
    assert move(ally, Attribute.WIND, ScriptedDice([]), 12, fated_die=6).roll.succeeded
    with pytest.raises(PawpostError, match=r"^You hold no fated 6; your dice are 2\.$"):
        give_fated_die(holder, 6)


def test_transmute_through_use_skill() -> None:
    sheet = adjusted(make(advanced="Transmute"), health=1)
    assert use_skill(sheet, "Transmute", ScriptedDice([])).sheet.health == 7


def test_passive_and_battle_skills_are_not_used_here() -> None:
    with pytest.raises(
        PawpostError, match=r"^Make Camp works by itself: the party's rests get \+3\.$"
    ):
        use_skill(make(advanced="Make Camp"), "Make Camp", ScriptedDice([]))
    with pytest.raises(PawpostError, match=r"^Fitness works by itself"):
        use_skill(make(), "Fitness", ScriptedDice([]))
    with pytest.raises(PawpostError, match=r"^Assault is used in battle, not on its own\.$"):
        use_skill(make(), "Assault", ScriptedDice([]))


def test_only_ones_own_skills() -> None:
    with pytest.raises(PawpostError, match=r"^You do not have Scry\.$"):
        use_skill(
            make(CharacterClass.GUARDIAN, advanced="Ignite"), "Scry", ScriptedDice([]), target="x"
        )


def test_immunity_shrugs_off_a_poison_on_4_plus() -> None:
    # l. 198: "roll Water; on a 4+ you shrug it off".
    sheet = with_attributes(make(advanced="Immunity"), water=0)
    assert resist_poison(sheet, ScriptedDice([2, 2])).roll.succeeded
    assert not resist_poison(sheet, ScriptedDice([1, 2])).roll.succeeded
    with pytest.raises(PawpostError, match=r"^You do not have the Immunity skill\.$"):
        resist_poison(make(), ScriptedDice([]))
