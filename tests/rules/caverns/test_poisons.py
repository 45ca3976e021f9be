"""Poisons (book l. 387-402): the pooled duration and set of effects, what each poison does on
the victim's actions, Charybdon, envenoming a weapon at a Short Rest, Blowgun's targets and
the Assassin's daggers."""

from __future__ import annotations

import pytest

from rules.caverns.battle.poisons import (
    BLOWGUN_TARGETS,
    CREATURE_POISONS,
    POISON_DURATION_STEP,
    after_rest,
    blowgun_targets,
    creature_poison,
    deliver,
    describe,
    envenom,
    poisoned_action,
    poisons_with,
    suffer,
)
from rules.caverns.catalogue import STARTER_CATALOGUE, ItemKind, find_poison
from rules.caverns.classes import CharacterClass
from rules.caverns.conditions import Condition
from rules.caverns.party.rests import short_rest
from rules.caverns.races import Race
from rules.caverns.records import Envenoming, Item, Poisoning
from rules.caverns.sheet import CavernsSheet
from rules.dice import ScriptedDice
from rules.errors import PawpostError
from tests.rules.caverns.characters import adjusted, make

ANATINE = Item(name="Anatine", kind=ItemKind.POISON)
DAGGER = Item(name="Dagger", kind=ItemKind.MELEE_WEAPON)


def poisoned(*names: str) -> Poisoning:
    """The victim's poisoning after each named poison is delivered once, in order."""
    poisoning: Poisoning | None = None
    for name in names:
        poisoning = deliver(poisoning, find_poison(name)).poisoning
    assert poisoning is not None
    return poisoning


def run(poisoning: Poisoning | None, actions: int) -> list[tuple[Condition, ...]]:
    """The conditions each of the victim's next actions brings, until the poisoning ends."""
    seen = []
    for _ in range(actions):
        assert poisoning is not None
        action = poisoned_action(poisoning)
        seen.append(action.conditions)
        poisoning = action.poisoning
    return seen


def test_the_book_s_example_anatine_then_twice_anerod() -> None:
    # l. 389: "poisoned once with Anatine and then twice with Anerod ... Clumsiness for quite
    # a long time": one pooled duration 1 + 6 + 6, one set of effects.
    poisoning = poisoned("Anatine", "Anerod", "Anerod")
    assert poisoning == Poisoning(duration=13, poisons=("Anatine", "Anerod"))
    assert deliver(None, find_poison("Anatine")).conditions == (Condition.CLUMSINESS,)
    left = poisoning
    for action in range(1, 14):
        turn = poisoned_action(left)
        assert turn.conditions == (Condition.CLUMSINESS,)  # Clumsy throughout
        assert (turn.health_lost, turn.harmony_lost) == (0, 0)
        if action < 13:
            assert turn.poisoning is not None
            assert turn.poisoning.duration == 13 - action * POISON_DURATION_STEP
            left = turn.poisoning
        else:
            assert turn.poisoning is None  # duration 0: the poisoning ends


@pytest.mark.parametrize(
    ("name", "condition"),
    [
        ("Niricol", Condition.BLIND),
        ("Morphite", Condition.SLEEPING),
        ("Dulak", Condition.CONFUSED),
        ("Hadrudin", Condition.DISLOYALTY),
        ("Botulinum", Condition.SICKNESS),
    ],
)
def test_after_three_turns_the_condition_comes_on_the_third_action(
    name: str, condition: Condition
) -> None:
    delivered = deliver(None, find_poison(name))
    assert delivered.conditions == ()  # nothing at once
    # Potency 2 (Morphite) would end before a third action: Anerod keeps it running.
    assert run(poisoned(name, "Anerod"), 5) == [(), (), (condition,), (), ()]


def test_a_late_after_three_turns_poison_comes_on_the_next_action() -> None:
    # Poisoned four actions already, then Niricol: it has been "three turns poisoned".
    poisoning = poisoned("Anerod")
    for _ in range(4):
        after = poisoned_action(poisoning).poisoning
        assert after is not None
        poisoning = after
    late = deliver(poisoning, find_poison("Niricol")).poisoning
    assert late.duration == 2 + 3
    assert run(late, 2) == [(Condition.BLIND,), ()]


def test_aleutian_is_paranoid_at_once_and_only_then() -> None:
    delivered = deliver(None, find_poison("Aleutian"))
    assert delivered.conditions == (Condition.PARANOIA,)
    assert delivered.poisoning.duration == 4
    assert run(delivered.poisoning, 4) == [(), (), (), ()]


def test_mantakya_is_prone_at_once_and_kept_prone_while_poisoned() -> None:
    delivered = deliver(None, find_poison("Mantakya"))
    assert delivered.conditions == (Condition.PRONE,)
    # "cannot stand": Prone is put back on each poisoned action, the last one included.
    assert run(delivered.poisoning, 2) == [(Condition.PRONE,), (Condition.PRONE,)]


def test_crotamine_takes_a_health_and_escozul_a_harmony_each_action() -> None:
    crotamine = poisoned_action(poisoned("Crotamine"))
    assert (crotamine.health_lost, crotamine.harmony_lost) == (1, 0)
    assert crotamine.poisoning == Poisoning(duration=1, poisons=("Crotamine",), actions=1)
    escozul = poisoned_action(poisoned("Escozul"))
    assert (escozul.health_lost, escozul.harmony_lost) == (0, 1)
    assert escozul.poisoning is None  # potency 1: one action and it is over
    # A character's sheet pays them; Harmony stops at -3.
    sheet = adjusted(make(), harmony=-3)
    after = suffer(sheet, poisoned_action(poisoned("Crotamine", "Escozul")))
    assert (after.health, after.harmony) == (sheet.health - 1, -3)
    assert after.poisoning == Poisoning(duration=2, poisons=("Crotamine", "Escozul"), actions=1)


def test_anerod_does_nothing_but_last() -> None:
    assert run(poisoned("Anerod"), 6) == [()] * 6
    assert poisoned_action(poisoned("Anerod")).health_lost == 0


def test_charybdon_takes_health_equal_to_the_duration_then_ends_the_poisoning() -> None:
    alone = poisoned_action(poisoned("Charybdon"))
    assert (alone.health_lost, alone.charybdon, alone.poisoning) == (1, True, None)
    # Anerod's 6 and Charybdon's 1: 7 Health at the next action, and no more poisoning.
    combo = poisoned_action(poisoned("Anerod", "Charybdon"))
    assert (combo.health_lost, combo.poisoning) == (7, None)
    sheet = make()
    assert suffer(sheet, combo).health == 0  # Brunhild's 7 Health: dead of it


def test_the_dead_keep_no_poisoning() -> None:
    action = poisoned_action(poisoned("Crotamine"))
    assert action.poisoning is not None  # one more turn to run...
    dead = suffer(adjusted(make(), health=1), action)
    assert (dead.health, dead.poisoning) == (0, None)  # ...but not on the dead


def test_a_rest_ends_the_envenoming_and_the_poisoning() -> None:
    sheet = adjusted(
        make(),
        poisoning=poisoned("Crotamine"),
        envenomed=Envenoming(weapon="Sword", poison="Anatine"),
    )
    cleared = after_rest(sheet)
    assert (cleared.poisoning, cleared.envenomed) == (None, None)
    rested = short_rest([sheet], ScriptedDice([6, 6])).members[0].sheet
    assert (rested.poisoning, rested.envenomed) == (None, None)


def warrior_with(*items: Item) -> CavernsSheet:
    sheet = make()
    return adjusted(sheet, equipment=(*sheet.equipment, *items))


SWORD = STARTER_CATALOGUE["sword"]
POISON = STARTER_CATALOGUE["anatine"]


def test_envenoming_uses_up_the_dose_and_marks_the_weapon() -> None:
    sheet = warrior_with(ANATINE, ANATINE)
    done = envenom(sheet, SWORD, POISON, rest_id=4)
    assert done.envenomed == Envenoming(weapon="Sword", poison="Anatine")
    assert done.envenom_rest == 4
    assert [i.name for i in done.equipment].count("Anatine") == 1
    assert poisons_with(done) == find_poison("Anatine")
    assert poisons_with(done, "sword") == find_poison("Anatine")
    assert poisons_with(done, "Shortbow") is None
    assert poisons_with(sheet) is None
    broken = [i.model_copy(update={"broken": i.name == "Sword"}) for i in done.equipment]
    assert poisons_with(adjusted(done, equipment=tuple(broken))) is None
    with pytest.raises(PawpostError, match=r"^Your envenoming of this Short Rest is spent"):
        envenom(done, SWORD, POISON, rest_id=4)
    assert envenom(done, SWORD, POISON, rest_id=5).envenom_rest == 5


def test_envenoming_is_refused_without_the_proficiency_the_poison_or_a_weapon() -> None:
    with pytest.raises(PawpostError, match=r"^You carry no Anatine; buy it on the market"):
        envenom(make(), SWORD, POISON, rest_id=1)
    mage = make(CharacterClass.ELEMENTALIST)
    mage = adjusted(mage, equipment=(*mage.equipment, DAGGER, ANATINE))
    with pytest.raises(PawpostError, match=r"^You are not proficient with poisons"):
        envenom(mage, STARTER_CATALOGUE["dagger"], POISON, rest_id=1)
    with pytest.raises(PawpostError, match=r"^The Buckler is not a weapon\.$"):
        envenom(warrior_with(ANATINE), STARTER_CATALOGUE["buckler"], POISON, rest_id=1)
    with pytest.raises(PawpostError, match=r"^You carry no intact Dagger\.$"):
        envenom(warrior_with(ANATINE), STARTER_CATALOGUE["dagger"], POISON, rest_id=1)
    with pytest.raises(PawpostError, match=r"^The Sword is not a poison\.$"):
        envenom(warrior_with(ANATINE), SWORD, SWORD, rest_id=1)


def test_an_illithoid_s_free_poison_is_not_a_proficiency() -> None:
    # l. 82 gives the poison, not the skill to use it: a Monk Illithoid envenoms, a Guardian
    # one carries its Anatine without being able to.
    monk = make(CharacterClass.MONK, Race.ILLITHOID)
    assert envenom(monk, STARTER_CATALOGUE["nunchaku"], POISON, 1).envenomed is not None
    guardian = make(CharacterClass.GUARDIAN, Race.ILLITHOID)
    assert ANATINE in guardian.equipment
    guardian = adjusted(guardian, equipment=(*guardian.equipment, DAGGER))
    with pytest.raises(PawpostError, match=r"^You are not proficient with poisons"):
        envenom(guardian, STARTER_CATALOGUE["dagger"], POISON, 1)


def test_blowgun_reads_the_poison_and_up_to_three_enemies() -> None:
    assert blowgun_targets("Anatine: Goblin, Rat") == ("Anatine", ["Goblin", "Rat"])
    assert blowgun_targets("anatine, Goblin, Rat, Bat") == ("anatine", ["Goblin", "Rat", "Bat"])
    assert BLOWGUN_TARGETS == 3  # l. 271: "any three enemies"
    for wrong in ("Anatine", "Anatine: A, B, C, D", ": A"):
        with pytest.raises(PawpostError, match=r"^Give the poison and up to 3 enemies"):
            blowgun_targets(wrong)
    with pytest.raises(PawpostError, match=r"^Name each enemy once\.$"):
        blowgun_targets("Anatine: Rat, rat")


def test_the_adorath_s_tentacles_and_the_assassin_s_daggers_by_the_doubles() -> None:
    assert CREATURE_POISONS["Assassin"] == ("Crotamine", "Morphite")
    assert creature_poison("Adorath", 3) == creature_poison("Adorath", 6) == find_poison("Mantakya")
    assert creature_poison("Assassin", 3) == find_poison("Crotamine")
    assert creature_poison("Assassin", 4) == find_poison("Morphite")
    assert creature_poison("Brigand", 4) is None
    assert creature_poison(None, 4) is None


def test_how_a_poisoning_reads() -> None:
    assert describe(poisoned("Anatine", "Anerod", "Anerod")) == (
        "poisoned: 13 turn(s) (Anatine, Anerod)"
    )
    assert describe(None) == ""
