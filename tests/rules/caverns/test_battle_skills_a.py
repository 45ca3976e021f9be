"""The pure rules of the battle skills of part A (book l. 155-221) and Entourages (l. 383):
each number as printed, each rule on scripted dice or hand-made battles."""

from __future__ import annotations

from typing import Any

import pytest

from rules.caverns.afflictions import immunity
from rules.caverns.attributes import Attribute
from rules.caverns.battle import effects, entourages
from rules.caverns.battle.effects import Effect, EffectKind
from rules.caverns.battle.rows import PARTY, BattleState, Combatant, Row
from rules.caverns.battle.special_state import SpecialState
from rules.caverns.catalogue import STARTER_CATALOGUE, Range
from rules.caverns.classes import CharacterClass
from rules.caverns.conditions import Condition
from rules.caverns.party.rests import short_rest
from rules.caverns.records import Item
from rules.caverns.sheet import SICK_BEAT_OPTIONS, CavernsSheet
from rules.caverns.skills import acrobatics, athletics, combat, music, nature, rituals, totems
from rules.dice import ScriptedDice
from rules.errors import PawpostError
from tests.rules.caverns.characters import adjusted, make


def learnt(sheet: CavernsSheet, *keys: str, **update: Any) -> CavernsSheet:
    return adjusted(sheet, skills=(*sheet.skills, *keys), **update)


def fighter(id: int, side: str = PARTY, row: Row = Row.FRONT, **update: Any) -> Combatant:
    return Combatant(id=id, name=f"F{id}", side=side, row=row, **update)


def test_the_numbers_are_the_book_s() -> None:
    assert combat.PARRY_REDUCTION == 1  # l. 157
    assert (acrobatics.DODGE_PENALTY, acrobatics.HANDSTAND_FACTOR) == (2, 2)  # l. 200, 203
    assert (music.ENCORE_DAMAGE, music.DISCORDANT_LOSS) == (1, 1)  # l. 189, 190
    assert athletics.VITALITY_HEALTH == 1  # l. 194
    assert (totems.CROW_HEALTH, totems.CROW_DAMAGE) == (3, 1)  # l. 211
    assert (totems.STAG_SACRIFICE, totems.STAG_HEAL, totems.STAG_DAMAGE) == (1, 1, 1)  # l. 212
    assert (totems.BEAR_HEALTH, totems.BEAR_BONUS, totems.BEAR_ROUNDS) == (1, 3, 3)  # l. 213
    assert (totems.LION_HEALTH, totems.LION_DAMAGE) == (1, 1)  # l. 214
    assert rituals.RITUAL_STRONG == 8  # l. 218, 220


def test_entourages_come_from_three_skills_and_a_village_leader_s_guards() -> None:
    warrior = make()  # Hunting tertiary: Animal Companion
    assert entourages.has_entourage(warrior)
    assert not entourages.has_entourage(
        adjusted(warrior, skills=("combat:assault", "combat:parry"))
    )
    guardian = make(CharacterClass.GUARDIAN)
    assert not entourages.has_entourage(guardian)
    assert entourages.has_entourage(learnt(guardian, "magery:summonings"))
    wiccan = make(CharacterClass.WICCAN)
    assert not entourages.has_entourage(wiccan)
    assert entourages.has_entourage(learnt(wiccan, "nature:fae-allies"))
    leader = fighter(2, "enemies", creature="Village Leader")
    guard = fighter(3, "enemies", creature="Villager").model_copy(
        update={"special": SpecialState(guard_of=2)}  # the leader's own guard (l. 545)
    )
    state = BattleState(combatants=[fighter(1), leader, guard])
    assert entourages.npc_has_entourage(state, leader)
    fallen = state.model_copy(
        update={"combatants": [fighter(1), leader, guard.model_copy(update={"dead": True})]}
    )
    assert not entourages.npc_has_entourage(fallen, leader)


def test_an_entourage_yields_only_to_another_or_to_area() -> None:
    assert entourages.entourage_ignores(True, attacker=False, attacker_area=False)
    assert not entourages.entourage_ignores(True, attacker=True, attacker_area=False)
    assert not entourages.entourage_ignores(True, attacker=False, attacker_area=True)
    assert not entourages.entourage_ignores(False, attacker=False, attacker_area=False)
    warrior = make()
    assert not entourages.area_access(warrior, STARTER_CATALOGUE)
    assert entourages.area_access(learnt(warrior, "combat:cleave"), STARTER_CATALOGUE)
    scimitar = Item(name="Scimitar", kind=STARTER_CATALOGUE["scimitar"].kind)
    armed = adjusted(warrior, equipment=(*warrior.equipment, scimitar))
    assert entourages.area_access(armed, STARTER_CATALOGUE)
    broken = adjusted(
        warrior, equipment=(*warrior.equipment, scimitar.model_copy(update={"broken": True}))
    )
    assert not entourages.area_access(broken, STARTER_CATALOGUE)


def test_the_sick_beat_plays_the_bard_s_order_new_conditions_first() -> None:
    chosen = (Condition.ABLAZE, Condition.BOUND, Condition.CONFUSED)
    assert music.sick_beat_picks(chosen, (), 1) == (Condition.ABLAZE,)
    assert music.sick_beat_picks(chosen, (Condition.ABLAZE,), 2) == (
        Condition.BOUND,
        Condition.CONFUSED,
    )
    assert music.sick_beat_picks(chosen, (Condition.BOUND,), 5) == (
        Condition.ABLAZE,
        Condition.CONFUSED,
        Condition.BOUND,
    )
    assert music.sick_beat_picks(chosen, (), 0) == ()


def test_fugue_cures_only_the_conditions_the_bard_did_not_choose() -> None:
    bard = make(CharacterClass.BARD)
    left = [c for c in SICK_BEAT_OPTIONS if c not in bard.sick_beat]
    assert music.fugue_condition(bard, left[0].value) is left[0]
    with pytest.raises(PawpostError, match="did not choose"):
        music.fugue_condition(bard, bard.sick_beat[0].value)
    with pytest.raises(PawpostError, match="did not choose"):
        music.fugue_condition(bard, "prone")


def test_vitality_spends_harmony_down_to_minus_three_only() -> None:
    athlete = learnt(make(), "athletics:vitality")
    assert athletics.vitality(athlete) is None  # not dying
    dying = adjusted(athlete, health=0)
    saved = athletics.vitality(dying)
    assert saved is not None and (saved.health, saved.harmony) == (1, 2)
    assert athletics.vitality(adjusted(dying, harmony=-3)) is None
    assert athletics.vitality(adjusted(make(), health=0)) is None  # no skill


def test_crow_heals_three_or_at_full_health_adds_damage_until_a_rest() -> None:
    crow = make()
    hurt = adjusted(crow, health=2)
    fed, healed = totems.crow_feeds(hurt)
    assert (fed.health, healed, fed.crow_damage) == (5, 3, 0)
    full, healed = totems.crow_feeds(crow)
    assert (healed, full.crow_damage, full.damage) == (0, 1, crow.damage + 1)
    rested = short_rest([full], ScriptedDice([6, 6])).sheets[0]
    assert (rested.crow_damage, rested.damage) == (0, crow.damage)


def test_time_curse_and_defection_roll_2d6_and_split_at_8() -> None:
    roll, condition = rituals.ritual_roll("rituals:time-curse", "Time Curse", ScriptedDice([4, 4]))
    assert (roll.total, condition) == (8, Condition.AEON)
    roll, condition = rituals.ritual_roll("rituals:time-curse", "Time Curse", ScriptedDice([3, 4]))
    assert (roll.total, condition) == (7, Condition.FATIGUE)
    _, condition = rituals.ritual_roll("rituals:defection", "Defection", ScriptedDice([6, 2]))
    assert condition is Condition.PACIFISM
    _, condition = rituals.ritual_roll("rituals:defection", "Defection", ScriptedDice([1, 1]))
    assert condition is Condition.DISLOYALTY


def test_tree_form_reaches_at_least_and_adds_wood_to_health() -> None:
    druid = make(CharacterClass.DRUID)
    tree = learnt(druid, "nature:tree-form")
    assert nature.tree_form_range(druid, Range.MELEE) is Range.MELEE
    assert nature.tree_form_range(tree, Range.MELEE) is Range.REACH
    assert nature.tree_form_range(tree, Range.RANGED) is Range.RANGED
    assert tree.max_health == druid.max_health + druid.attribute(Attribute.WOOD)


def test_dodge_only_unarmoured_and_in_melee_range_doubled_on_a_handstand() -> None:
    bard = make(CharacterClass.BARD)
    assert not bard.armour and bard.has_skill("acrobatics:dodge")
    me, near, far = fighter(1), fighter(2, "enemies"), fighter(3, "enemies", Row.BACK)
    dodge = acrobatics.dodge_modifier(bard, near, me, handstand=False)
    assert dodge is not None and dodge.value == -2
    doubled = acrobatics.dodge_modifier(bard, near, me, handstand=True)
    assert doubled is not None and doubled.value == -4
    assert acrobatics.dodge_modifier(bard, far, me, handstand=False) is None
    warrior = learnt(make(), "acrobatics:dodge")
    assert warrior.armour and acrobatics.dodge_modifier(warrior, near, me, handstand=False) is None


def test_lake_s_mist_lets_only_melee_through() -> None:
    me, near, far = fighter(1), fighter(2, "enemies"), fighter(3, "enemies", Row.BACK)
    state = BattleState(
        combatants=[me, near, far], effects=[Effect(kind=EffectKind.MIST, owner=me.id)]
    )
    assert totems.mist_refusal(state, me, near) is None
    assert totems.mist_refusal(state, far, me) is not None
    assert totems.mist_refusal(state, me, far) is not None
    clear = state.model_copy(update={"effects": []})
    assert totems.mist_refusal(clear, far, me) is None


def test_timed_effects_end_at_the_owner_s_turn_and_allies_share_damage() -> None:
    lion, ally, foe = fighter(1), fighter(2), fighter(3, "enemies")
    bear = Effect(kind=EffectKind.ROLL_BONUS, owner=lion.id, amount=3, turns=3)
    stag = Effect(kind=EffectKind.ALLY_DAMAGE, owner=lion.id, amount=1)
    state = BattleState(combatants=[lion, ally, foe], effects=[bear, stag])
    assert totems.ally_damage(state, ally) == 1 and totems.ally_damage(state, lion) == 0
    assert totems.ally_damage(state, foe) == 0
    for turns_left in (2, 1):
        state = effects.owner_turn_begins(state, lion.id)
        assert [e.turns for e in effects.effects_of(state, EffectKind.ROLL_BONUS)] == [turns_left]
        assert totems.roll_bonus(state, lion)[0].value == 3
    state = effects.owner_turn_begins(state, lion.id)
    assert totems.roll_bonus(state, lion) == [] and effects.effects_of(
        state, EffectKind.ALLY_DAMAGE
    )
    # A Lion that has not done battle lends +1 once its turn is over, not during it.
    resting = effects.with_effect(state, Effect(kind=EffectKind.LION, owner=lion.id, amount=0))
    assert totems.ally_damage(resting.model_copy(update={"current": lion.id}), ally) == 1
    assert totems.ally_damage(resting.model_copy(update={"current": None}), ally) == 2
    fought = effects.replaced_effect(resting, Effect(kind=EffectKind.LION, owner=lion.id, amount=1))
    assert totems.ally_damage(fought, ally) == 1


def test_gripping_makes_its_owner_immune_to_disarm() -> None:
    gripper = learnt(make(), "combat:gripping")
    assert immunity(gripper, Condition.DISARM) == "Gripping"
    assert immunity(make(), Condition.DISARM) is None


def test_parry_needs_the_skill_and_a_counter_that_lands() -> None:
    warrior = make()  # Parry is the class choice
    assert combat.parry_reduction(warrior, counter_lands=True) == 1
    assert combat.parry_reduction(warrior, counter_lands=False) == 0
    other = adjusted(warrior, skills=tuple(k for k in warrior.skills if k != "combat:parry"))
    assert combat.parry_reduction(other, counter_lands=True) == 0
